/**
 * Bringing the database up to date before the server uses it: its migrations, then the seed
 * steps not yet recorded ({@link runSeed}).
 *
 * On the embedded database this runs in a short-lived process of its own
 * (`prepare-process.ts`), and the server only opens the ready database: PGlite's WebAssembly
 * memory never shrinks, and migrating and seeding (250,000 addresses, their index builds) left
 * the server some 30 to 80 MiB above a start on existing data for the rest of its life. The
 * process prints the seed's log lines as the server would, and a failure stops the start with
 * its error. PostgreSQL (DATABASE_URL) keeps its memory in its own processes, so it is migrated
 * in process, under an advisory lock that serialises several servers starting at once.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { openDatabase, openPostgres, type DatabaseHandle } from './client.ts';
import { runSeed, type SeedOptions, type SeedReport } from './seed.ts';

export interface PreparedDatabase {
  database: DatabaseHandle;
  seed: SeedReport;
}

/** Migrates the open database and runs the seed steps it has not recorded. */
export async function migrateAndSeed(
  database: DatabaseHandle,
  config: Config,
  logger: Logger,
  options: SeedOptions = {},
): Promise<SeedReport> {
  await database.migrate();
  return runSeed({ db: database.db, config, logger, options });
}

/** What the preparing process sends back: the seed's report, or the error that stopped it. */
export type PrepareResult = { seed: SeedReport } | { error: unknown };

/**
 * The preparing process's entry. It runs from its TypeScript source through tsx's loader, also
 * when the server runs built (`cli/start-built.mjs`): it is short-lived, and its memory is not
 * the server's.
 */
const PREPARE_ENTRY = fileURLToPath(new URL('./prepare-process.ts', import.meta.url));

/**
 * Migrates and seeds the embedded database of `config` in a process of its own, which inherits
 * this one's output. Resolves with the seed's report; rejects with the error that stopped it.
 */
export function prepareInOwnProcess(config: Config): Promise<SeedReport> {
  const child = fork(PREPARE_ENTRY, [], {
    // tsx's loader, and none of this process's own flags (--inspect…).
    execArgv: ['--import', import.meta.resolve('tsx')],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result: PrepareResult | undefined;
    child.on('message', (message: PrepareResult) => (result = message));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (result && 'error' in result) reject(result.error);
      else if (result && code === 0) resolve(result.seed);
      else {
        const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
        reject(new Error(`Preparing the database failed: its process ${how}.`));
      }
    });
    child.send(config);
  });
}

/** The configured database, migrated and seeded, open for the server. */
export async function openPreparedDatabase(
  config: Config,
  logger: Logger,
): Promise<PreparedDatabase> {
  if (!config.databaseUrl) {
    const seed = await prepareInOwnProcess(config);
    return { database: await openDatabase(config), seed };
  }
  const database = openPostgres(config.databaseUrl);
  try {
    return { database, seed: await migrateAndSeed(database, config, logger) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
