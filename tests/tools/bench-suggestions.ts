/**
 * Benchmark of address suggestions (POST /self_signup/address/suggestions), server side: the real
 * app (validation, CSRF, access rules, query, JSON) called in process, on a database seeded with
 * the generated addresses.
 *
 *   npm run bench:suggestions -- [--addresses 1000000] [--engine pglite|postgres|both]
 *                                [--prefixes 2000] [--concurrency 20] [--requests 6000]
 *
 * For each engine it seeds a fresh database with `npm run seed -- --addresses N` (in its own
 * process, as a deployment would) and prints the seed times, then serves from that database and
 * prints the latency over the varied prefixes one at a time (p50, p95, p99, max) and under
 * `concurrency` clients at once (p50, p95, requests per second). PGlite runs on disk in a
 * temporary folder (as `npm start` does); PostgreSQL is a throwaway server from Debian's
 * packages (tests/support/postgres.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { createApp } from '../../src/server/app.ts';
import { systemClock } from '../../src/server/clock.ts';
import { loadConfig } from '../../src/server/config.ts';
import {
  createPglite,
  openPglite,
  openPostgres,
  type DatabaseHandle,
} from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createRandom } from '../../src/server/signup/serviceability/address-generator.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { API_BASE_PATH, CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '../../src/shared/constants.ts';
import { SERVICEABILITY_PATHS, SUGGESTION_LIMIT } from '../../src/shared/signup/serviceability.ts';
import { startTempPostgres } from '../support/postgres.ts';
import { ms as formatMs, percentile } from './bench-app.ts';

const { values } = parseArgs({
  options: {
    addresses: { type: 'string', default: '1000000' },
    engine: { type: 'string', default: 'both' },
    prefixes: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '20' },
    requests: { type: 'string', default: '6000' },
  },
});
const ADDRESSES = Number(values.addresses);
const PREFIXES = Math.max(2000, Number(values.prefixes));
const CONCURRENCY = Number(values.concurrency);
const REQUESTS = Number(values.requests);
const P95_BUDGET_MS = 20;

type App = ReturnType<typeof createApp>;

// A full collection between phases keeps one phase's garbage out of the next one's figures.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const ms = (value: number) => formatMs(value, 2);

/**
 * Varied prefixes from the seeded addresses: house number first and street first, cut at every
 * length from 1 character to the whole address, plus a few that match nothing.
 */
async function makePrefixes(handle: DatabaseHandle, count: number): Promise<string[]> {
  const random = createRandom(7);
  const rows = rowsOf<{ formatted: string; line1: string; city: string }>(
    await handle.db.execute(sql`
      select formatted, line1, city from addresses
      where id % ${Math.max(1, Math.floor(ADDRESSES / (count * 2)))} = 0
      limit ${count * 2}`),
  );
  const prefixes: string[] = [];
  for (let index = 0; prefixes.length < count; index += 1) {
    const row = rows[index % rows.length];
    const roll = random.next();
    let text: string;
    if (roll < 0.6) text = row.formatted;
    else if (roll < 0.9) text = `${row.line1.replace(/^\S+\s+/, '')} ${row.city}`;
    else text = `${random.int(1, 99999)} Nowhere ${random.pick(['Rd', 'Ln', 'Way'])}`;
    const length = random.int(1, Math.min(text.length, 40));
    prefixes.push(text.slice(0, length));
  }
  return prefixes;
}

async function csrfHeaders(app: App): Promise<Record<string, string>> {
  const response = await app.request(`${API_BASE_PATH}/csrf`);
  const cookie = response.headers.getSetCookie().find((line) => line.includes(CSRF_COOKIE_NAME));
  const pair = (cookie ?? '').split(';')[0];
  const token = decodeURIComponent(pair.slice(pair.indexOf('=') + 1));
  return {
    'Content-Type': 'application/json',
    Cookie: pair,
    [CSRF_HEADER_NAME]: token,
  };
}

async function timedRequest(app: App, headers: Record<string, string>, search: string) {
  const started = performance.now();
  const response = await app.request(`${API_BASE_PATH}${SERVICEABILITY_PATHS.suggestions}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ search }),
  });
  const body = (await response.json()) as unknown[];
  const elapsed = performance.now() - started;
  if (response.status !== 200 || !Array.isArray(body) || body.length > SUGGESTION_LIMIT) {
    throw new Error(`unexpected answer ${response.status} for "${search}"`);
  }
  return { elapsed, count: body.length };
}

interface EngineResult {
  engine: string;
  seed: SeedTimes;
  sequential: { p50: number; p95: number; p99: number; max: number; withResults: number };
  concurrent: { p50: number; p95: number; rps: number };
}

interface SeedTimes {
  /** The addresses step: generate, load, rebuild indexes, analyze. */
  addresses: number;
  /** The whole `npm run seed` (migrations and every step), seconds. */
  total: number;
}

/** `npm run seed -- --addresses N` against the given database, in its own process. */
function seed(env: Record<string, string>): SeedTimes {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      path.resolve(import.meta.dirname, '../../node_modules/tsx/dist/cli.mjs'),
      path.resolve(import.meta.dirname, '../../src/server/cli/seed.ts'),
      '--addresses',
      String(ADDRESSES),
    ],
    { env: { ...process.env, LOG_LEVEL: 'info', ...env }, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  if (result.status !== 0) throw new Error(`seed failed: ${result.stderr || result.stdout}`);
  let addresses = NaN;
  for (const line of result.stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; ms?: number };
    if (entry.msg === 'addresses generated' && entry.ms !== undefined) addresses = entry.ms / 1000;
  }
  return { addresses, total: (performance.now() - started) / 1000 };
}

async function benchmark(
  engine: string,
  handle: DatabaseHandle,
  seedTimes: SeedTimes,
): Promise<EngineResult> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: os.tmpdir() });
  const logger = createLogger('error');
  const [{ count }] = rowsOf<{ count: number }>(
    await handle.db.execute(sql`select count(*)::int as count from addresses`),
  );
  if (count !== ADDRESSES) throw new Error(`expected ${ADDRESSES} addresses, found ${count}`);
  const app = createApp({ config, database: handle, logger, clock: systemClock });
  const headers = await csrfHeaders(app);
  const prefixes = await makePrefixes(handle, PREFIXES);
  for (const prefix of prefixes.slice(0, 300)) await timedRequest(app, headers, prefix);
  collectGarbage();

  const latencies: number[] = [];
  let withResults = 0;
  for (const prefix of prefixes) {
    const { elapsed, count } = await timedRequest(app, headers, prefix);
    latencies.push(elapsed);
    if (count > 0) withResults += 1;
  }
  latencies.sort((a, b) => a - b);
  collectGarbage();

  const concurrent: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const prefix = prefixes[next % prefixes.length];
        next += 1;
        concurrent.push((await timedRequest(app, headers, prefix)).elapsed);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  concurrent.sort((a, b) => a - b);
  return {
    engine,
    seed: seedTimes,
    sequential: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1],
      withResults,
    },
    concurrent: {
      p50: percentile(concurrent, 50),
      p95: percentile(concurrent, 95),
      rps: REQUESTS / seconds,
    },
  };
}

async function runPglite(): Promise<EngineResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  try {
    console.log(`[PGlite] seeding ${ADDRESSES.toLocaleString('en-US')} addresses…`);
    const times = seed({ DATA_DIR: dir, DATABASE_URL: '' });
    // The server's own settings (PGLITE_SETTINGS: a 16 MB buffer cache).
    const client = await createPglite(path.join(dir, 'pglite'));
    const handle = openPglite(client);
    try {
      return await benchmark('PGlite (on disk)', handle, times);
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(): Promise<EngineResult> {
  const server = await startTempPostgres();
  try {
    console.log(`[PostgreSQL] seeding ${ADDRESSES.toLocaleString('en-US')} addresses…`);
    const times = seed({ DATABASE_URL: server.url });
    const handle = openPostgres(server.url, CONCURRENCY);
    try {
      const version = rowsOf<{ server_version: string }>(
        await handle.db.execute(sql`show server_version`),
      )[0].server_version;
      return await benchmark(`PostgreSQL ${version.split(' ')[0]}`, handle, times);
    } finally {
      await handle.close();
    }
  } finally {
    server.stop();
  }
}

const loadBefore = os.loadavg()[0];
const results: EngineResult[] = [];
if (values.engine === 'pglite' || values.engine === 'both') results.push(await runPglite());
if (values.engine === 'postgres' || values.engine === 'both') results.push(await runPostgres());

console.log(
  `\nAddress suggestions, server side, ${ADDRESSES.toLocaleString('en-US')} addresses, ` +
    `${PREFIXES} varied prefixes (${os.cpus().length} CPUs, Node ${process.version})`,
);
// Other work on the machine shows up in the tail latencies: say how busy it was.
console.log(
  `Machine load average (1 min): ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`,
);
let failed = false;
for (const result of results) {
  const { sequential: s, concurrent: c } = result;
  console.log(`\n${result.engine}`);
  console.log(
    `  seed: addresses step ${result.seed.addresses.toFixed(1)} s` +
      ` (generate, load, rebuild indexes); whole npm run seed ${result.seed.total.toFixed(1)} s`,
  );
  console.log(
    `  one client:  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}` +
      `  (${s.withResults} of ${PREFIXES} prefixes had suggestions)`,
  );
  console.log(
    `  ${CONCURRENCY} clients:  p50 ${ms(c.p50)}  p95 ${ms(c.p95)}  ${c.rps.toFixed(0)} requests/s` +
      ` (${REQUESTS} requests)`,
  );
  if (s.p95 > P95_BUDGET_MS) {
    failed = true;
    console.log(`  FAIL: p95 above ${P95_BUDGET_MS} ms`);
  } else console.log(`  OK: p95 within ${P95_BUDGET_MS} ms`);
}
process.exit(failed ? 1 : 0);
