/**
 * Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL server, then stops it:
 *   npx tsx tests/tools/with-postgres.ts npm run test:api
 */
import { spawnSync } from 'node:child_process';
import { startTempPostgres } from '../support/postgres.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx tests/tools/with-postgres.ts <command> [args…]');
  process.exit(2);
}
const pg = await startTempPostgres();
console.log(`PostgreSQL started at ${pg.url}`);
let status = 1;
try {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: pg.url },
  });
  status = result.status ?? 1;
} finally {
  pg.stop();
  console.log('PostgreSQL stopped');
}
process.exit(status);
