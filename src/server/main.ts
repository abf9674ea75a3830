/**
 * Starting and stopping the whole server: configuration, database (migrated and seeded), HTTP.
 */
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.ts';
import { settled } from './background.ts';
import { cardProviderOrigins, loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { runSeed, type SeedReport } from './db/seed.ts';
import { createLogger, type Logger } from './logger.ts';

export interface RunningServer {
  config: Config;
  url: string;
  database: DatabaseHandle;
  logger: Logger;
  seed: SeedReport;
  close(): Promise<void>;
}

export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config);
  await database.migrate();
  const seed = await runSeed({ db: database.db, config, logger, options: {} });
  // The app's own copy: with PORT=0 it learns the port it listens on (for emailed links).
  const appConfig: Config = { ...config };
  const app = createApp(
    { config: appConfig, database, logger },
    // Our pages may frame only the card provider's form.
    { serveWeb: true, frameOrigins: cardProviderOrigins(config) },
  );

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s),
    );
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  appConfig.port = port;
  const url = `http://localhost:${port}/control/`;

  let closing: Promise<void> | undefined;
  return {
    config: appConfig,
    url,
    database,
    logger,
    seed,
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold the close open.
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await settled(database);
        await database.close();
      })()),
  };
}

/** Closes the server cleanly on Ctrl-C or a stop signal: the embedded database must be closed. */
export function closeOnSignals(running: Pick<RunningServer, 'close' | 'logger'>) {
  const stop = (signal: string) => {
    running.logger.info({ signal }, 'stopping');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        running.logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
