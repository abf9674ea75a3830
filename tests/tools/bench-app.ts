/**
 * What the in-process benchmarks (`npm run bench:*`) share: the app on a fresh database, migrated
 * and seeded, called through Hono's `app.request`; the CSRF pair of a scripted client; latency
 * percentiles; the machine line every benchmark prints.
 *
 * The database is embedded PGlite (in memory), or, for a benchmark that asks for it with
 * `postgres: 'from-env'`, a new database on the PostgreSQL of DATABASE_URL, dropped at `close()`
 * (`npx tsx tests/tools/with-postgres.ts npm run bench:…` starts a throwaway one).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { API_BASE_PATH, CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '../../src/shared/constants.ts';
import { createApp } from '../../src/server/app.ts';
import { systemClock, type Clock } from '../../src/server/clock.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/server/db/client.ts';
import { runSeed, SEED_STEPS, type SeedOptions, type SeedStep } from '../../src/server/db/seed.ts';
import { createLogger, type Logger } from '../../src/server/logger.ts';
import { withDatabase } from '../support/postgres.ts';

export type App = ReturnType<typeof createApp>;

export interface BenchApp {
  app: App;
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
  /** "PGlite (embedded)" or "PostgreSQL (DATABASE_URL)", for the printed figures. */
  engine: string;
  /** Seconds the migrations and seed steps took. */
  seedSeconds: number;
  /** Closes the database (and drops it on PostgreSQL). */
  close(): Promise<void>;
}

/** The configuration of a benchmark: a test server with no data folder, plus `env`. */
export function benchConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: '/nonexistent',
    BANK_ENCRYPTION_KEY: '7e57'.repeat(16),
    ...env,
  });
}

/**
 * A fresh database: embedded PGlite, or with `fromEnv` and DATABASE_URL set a new database
 * `bench_<name>_<random>` on that server (dropped by `drop`).
 */
export async function openBenchDatabase(
  name: string,
  fromEnv: boolean,
  poolSize = 10,
): Promise<{ database: DatabaseHandle; engine: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!fromEnv || !baseUrl) {
    return {
      database: openPglite(await PGlite.create()),
      engine: 'PGlite (embedded)',
      drop: async () => undefined,
    };
  }
  const database = `bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${database}`);
  return {
    database: openPostgres(withDatabase(baseUrl, database), poolSize),
    engine: `PostgreSQL (DATABASE_URL, pool of ${poolSize})`,
    drop: () => admin(`drop database if exists ${database} with (force)`),
  };
}

/**
 * The app in process on a fresh database, migrated and seeded with `steps` (every seed step by
 * default) and `seedOptions`.
 */
export async function startBenchApp(options: {
  /** Names the PostgreSQL database. */
  name: string;
  env?: Record<string, string>;
  logger?: Logger;
  clock?: Clock;
  steps?: readonly SeedStep[];
  seedOptions?: SeedOptions;
  /** Use the PostgreSQL of DATABASE_URL when it is set. */
  postgres?: 'from-env';
}): Promise<BenchApp> {
  const config = benchConfig(options.env);
  const logger = options.logger ?? createLogger('error');
  const clock = options.clock ?? systemClock;
  const { database, engine, drop } = await openBenchDatabase(
    options.name,
    options.postgres === 'from-env',
  );
  const started = performance.now();
  await database.migrate();
  await runSeed(
    { db: database.db, config, logger, options: options.seedOptions ?? {}, clock },
    options.steps ?? SEED_STEPS,
  );
  const seedSeconds = (performance.now() - started) / 1000;
  const app = createApp({ config, database, logger, clock });
  return {
    app,
    config,
    database,
    logger,
    clock,
    engine,
    seedSeconds,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** A fixed CSRF cookie and its header, for scripted requests that do not keep cookies. */
export const BENCH_CSRF = 'bench-csrf-token';
export function csrfHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Cookie: `${CSRF_COOKIE_NAME}=${BENCH_CSRF}`,
    [CSRF_HEADER_NAME]: BENCH_CSRF,
    ...extra,
  };
}

/** `app.request` on a path under the API base path. */
export function apiRequest(app: App, path: string, init: RequestInit = {}) {
  return Promise.resolve(app.request(`${API_BASE_PATH}${path}`, init));
}

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

export function latency(times: readonly number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((sum, t) => sum + t, 0) / sorted.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;

/** "p50 … p95 … mean … min … max …" of a latency. */
export function latencyLine(l: Latency, digits = 1): string {
  const f = (value: number) => ms(value, digits);
  return `p50 ${f(l.p50)}   p95 ${f(l.p95)}   mean ${f(l.mean)}   min ${f(l.min)}   max ${f(l.max)}`;
}

/** The line every benchmark ends with: the CPUs and the Node version. */
export function machineLine(): string {
  return `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
}
