/**
 * `npm run bench:login`: login latency. 50 sequential logins (POST /auth/tokens with the right
 * password) against the app in process, on a fresh embedded database; prints p50 and p95 in
 * milliseconds and the password-hash parameters. Three warm-up logins are not counted.
 */
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { API_BASE_PATH, CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '../../src/shared/constants.ts';
import { createApp } from '../../src/server/app.ts';
import { systemClock } from '../../src/server/clock.ts';
import { AUTH_SEED_STEPS } from '../../src/server/auth/demo-seed.ts';
import { HASH_PARAMETERS } from '../../src/server/auth/passwords.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPglite } from '../../src/server/db/client.ts';
import { runSeed } from '../../src/server/db/seed.ts';
import { createLogger } from '../../src/server/logger.ts';

const LOGINS = 50;
const WARM_UP = 3;

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: '/nonexistent' });
const logger = createLogger('error');
const database = openPglite(await PGlite.create());
await database.migrate();
await runSeed({ db: database.db, config, logger, options: {} }, AUTH_SEED_STEPS);
const app = createApp({ config, database, logger, clock: systemClock });

const csrf = 'bench-csrf-token';
async function login(): Promise<number> {
  const started = performance.now();
  const response = await app.request(`${API_BASE_PATH}/auth/tokens`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: `${CSRF_COOKIE_NAME}=${csrf}`,
      [CSRF_HEADER_NAME]: csrf,
    },
    body: JSON.stringify({
      username: 'demo',
      password: config.demoPassword,
      store_in_cookies: true,
    }),
  });
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return elapsed;
}

for (let i = 0; i < WARM_UP; i += 1) await login();
const times: number[] = [];
for (let i = 0; i < LOGINS; i += 1) times.push(await login());
await database.close();

times.sort((a, b) => a - b);
const percentile = (p: number) =>
  times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

console.log(`Login latency over ${LOGINS} sequential logins (in process, fresh PGlite):`);
console.log(
  `  p50 ${fmt(percentile(50))}   p95 ${fmt(percentile(95))}   mean ${fmt(mean)}   min ${fmt(times[0])}   max ${fmt(times.at(-1)!)}`,
);
console.log(
  `Password hash: ${HASH_PARAMETERS.algorithm}, memory ${HASH_PARAMETERS.memoryCostKiB} KiB ` +
    `(${(HASH_PARAMETERS.memoryCostKiB / 1024).toFixed(0)} MiB), ${HASH_PARAMETERS.timeCost} passes, ` +
    `parallelism ${HASH_PARAMETERS.parallelism} (@node-rs/argon2)`,
);
console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
);
