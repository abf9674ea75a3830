/**
 * `npm run bench:statements`: what one small drizzle statement costs on the embedded database
 * (src/server/db/client.ts), the unit every request is made of. 5,000 `select $1::int, now()`
 * statements one after another, three rounds after a warm-up; prints microseconds per statement.
 *
 *   npm run bench:statements [-- --statements 5000]
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/server/db/client.ts';
import { machineLine } from './bench-app.ts';

const { values } = parseArgs({ options: { statements: { type: 'string', default: '5000' } } });
const count = Number(values.statements);

const database = openPglite(await PGlite.create());
const round = async (): Promise<number> => {
  const start = performance.now();
  for (let i = 0; i < count; i += 1)
    await database.db.execute(sql`select ${i}::int as n, now() as at`);
  return ((performance.now() - start) * 1000) / count;
};
await round();
const rounds = [await round(), await round(), await round()];
console.log(
  `Drizzle statements on PGlite, ${count} in a row: ${rounds.map((us) => us.toFixed(1)).join(', ')} µs per statement`,
);
console.log(machineLine());
await database.close();
