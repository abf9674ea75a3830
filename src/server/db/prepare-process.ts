/**
 * The short-lived process that migrates and seeds the embedded database before the server opens
 * it (`prepare.ts`). It receives the server's configuration, logs the seed's steps to the output
 * it shares with the server, sends back the seed's report or the error that stopped it, and ends.
 */
import type { Config } from '../config.ts';
import { createLogger } from '../logger.ts';
import { openDatabase } from './client.ts';
import { migrateAndSeed, type PrepareResult } from './prepare.ts';

async function prepare(config: Config): Promise<PrepareResult> {
  try {
    const database = await openDatabase(config);
    try {
      return { seed: await migrateAndSeed(database, config, createLogger(config.logLevel)) };
    } finally {
      await database.close();
    }
  } catch (error) {
    return { error };
  }
}

process.once('message', (config: Config) => {
  void prepare(config).then((result) => {
    process.send!(result, () => {
      process.exitCode = 'error' in result ? 1 : 0;
      process.disconnect();
    });
  });
});
