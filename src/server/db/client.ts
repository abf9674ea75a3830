/**
 * One database API over two engines: PGlite (embedded PostgreSQL, on disk) by default and a real
 * PostgreSQL when a URL is configured. The rest of the server only sees {@link Database}.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import { PGlite, types, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installJobSchema } from '../jobs/schema.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: what a repository function needs. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** What a raw statement answers: its rows (the last statement's, for several). */
export interface SqlResult {
  rows: Record<string, unknown>[];
}

/** Connections of a pool: open, of which idle, and requests waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Migrations, then the job runner's tables and queues (src/server/jobs/schema.ts). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * A raw statement outside any transaction (the job runner's own SQL). Text without values may
   * hold several statements, a transaction of its own included; one that fails is rolled back.
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** PostgreSQL's connection pool in use; the embedded database has none. */
  poolUse?(): PoolUse;
}

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');
/** Serialises migrations when several server processes start on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 72_113_001;

async function pingWith(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The types drizzle reads as text on the embedded database: the parsers its PGlite driver brings
 * with every statement (drizzle-orm/pglite/session.js), dates, intervals, and arrays of numerics
 * and dates.
 */
const DRIZZLE_TEXT_TYPES: ReadonlySet<number> = new Set([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);

type Parsers = PGlite['parsers'];
type PgliteClient = PGlite | Transaction;

/**
 * PGlite copies its whole table of parsers (318 types) into a new object for every statement that
 * brings parsers of its own, and drizzle's brings them on every statement: about 0.1 ms and its
 * garbage each, some 3 ms of an order's event loop (docs/operations.md). So the table itself reads
 * drizzle's types as text, drizzle's statements go without their parsers, and the raw statements
 * ({@link DatabaseHandle.executeSql}: the job runner's) bring PGlite's own back, reading dates as
 * dates as before. The client must be ready: PGlite fills its array parsers while it opens.
 */
function textTypesForDrizzle(client: PGlite): Parsers {
  const own: Parsers = {};
  for (const oid of DRIZZLE_TEXT_TYPES) {
    own[oid] = client.parsers[oid]!;
    client.parsers[oid] = (value: string) => value;
  }
  return own;
}

/** Drizzle's statements without the parsers PGlite's table now holds (above). */
function withoutDrizzleParsers<C extends PgliteClient>(client: C): C {
  const query: PgliteClient['query'] = (text, params, options) => {
    const parsers = options?.parsers;
    const onlyText =
      parsers !== undefined && Object.keys(parsers).every((oid) => DRIZZLE_TEXT_TYPES.has(+oid));
    return client.query(text, params, onlyText ? { ...options, parsers: undefined } : options);
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction' && 'transaction' in target) {
        return <T>(run: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => run(withoutDrizzleParsers(tx)));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function openPglite(client: PGlite): DatabaseHandle {
  const ownParsers = textTypesForDrizzle(client);
  const db = drizzlePglite({
    client: withoutDrizzleParsers(client),
    schema,
  }) as unknown as Database;
  const executeSql = async (text: string, values?: unknown[]): Promise<SqlResult> => {
    if (values && values.length > 0) return client.query(text, values, { parsers: ownParsers });
    try {
      return (await client.exec(text, { parsers: ownParsers })).at(-1) ?? { rows: [] };
    } catch (error) {
      // A failed statement inside the text's own BEGIN leaves that transaction open.
      await client.exec('rollback').catch(() => undefined);
      throw error;
    }
  };
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await installJobSchema(executeSql);
    },
    ping: () => pingWith(db),
    close: () => client.close(),
    executeSql,
  };
}

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const executeSql = async (text: string, values?: unknown[]): Promise<SqlResult> => {
    if (values && values.length > 0) return pool.query(text, values);
    const client = await pool.connect();
    try {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    } catch (error) {
      // A failed statement inside the text's own BEGIN leaves that transaction open.
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
        await installJobSchema(executeSql);
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        lockClient.release();
      }
    },
    ping: () => pingWith(db),
    close: () => pool.end(),
    executeSql,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * PostgreSQL settings of the embedded database, chosen for memory: PGlite's WebAssembly memory
 * never shrinks, so whatever PostgreSQL touches once (its buffer cache, a sort's work memory)
 * stays resident for the life of the process. PGlite's default buffer cache (128 MB) alone
 * touched about 120 MiB at start and held as much of the address table as it could; the files
 * it reads stay in the operating system's page cache instead, which costs the process nothing.
 * Index builds (the address seed) sort in at most `maintenance_work_mem`.
 * Measured figures: docs/architecture.md, "Memory".
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
  temp_buffers: '1MB',
};

/**
 * V8's WebAssembly settings for PGlite, set before its module compiles. Liftoff, V8's baseline
 * WebAssembly compiler, compiles each function on its first call (lazy compilation is V8's
 * default); by default the functions that run often are then compiled again by TurboFan, whose
 * work memory (allocated with malloc on V8's background threads) stayed resident in those
 * threads' malloc arenas: 25 to 75 MiB for the life of the process, depending on what ran hot
 * during the start. Liftoff's code alone answered the project's benchmarks as fast (the queries'
 * time is mostly the JavaScript around them). The flags are the process's: any other
 * WebAssembly in it (undici's HTTP parser) is compiled by Liftoff alone too.
 * Measured figures: docs/operations.md "Performance".
 */
export const PGLITE_V8_FLAGS: readonly string[] = ['--liftoff-only'];

/** The embedded database with {@link PGLITE_SETTINGS}: on disk in `dataDir`, else in memory. */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  for (const flag of PGLITE_V8_FLAGS) v8.setFlagsFromString(flag);
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  return PGlite.create({
    ...options,
    dataDir,
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
}

/**
 * Creates the embedded database's files in a short-lived process of its own. Creating them runs
 * PostgreSQL's initdb in a second WebAssembly instance and unpacks its result: about 0.8 GB at
 * peak, of which some 230 MiB stayed resident in the process that did it, even after closing the
 * database. The server then only opens the files, which costs about 95 MiB.
 */
export async function createPgliteFiles(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const create = `require(${JSON.stringify(entry)}).PGlite.create(process.argv[1]).then((db) => db.close())`;
  await promisify(execFile)(process.execPath, ['-e', create, dir]);
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  await createPgliteFiles(dir);
  const client = await createPglite(dir);
  return openPglite(client);
}
