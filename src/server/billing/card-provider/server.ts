/**
 * Runs the stand-in card provider on its own port (CARD_PROVIDER_PORT, default 3001), beside the
 * product's server, on the same database (its own tables).
 */
import { serve, type ServerType } from '@hono/node-server';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { createCardProviderApp } from './app.ts';

export interface RunningCardProvider {
  /** Where it listens (the configured origin is what browsers use). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startCardProvider(options: {
  config: Config;
  db: Database;
  logger: Logger;
}): Promise<RunningCardProvider> {
  const { config, db, logger } = options;
  const app = createCardProviderApp({
    config,
    db,
    logger: logger.child({ service: 'card-provider' }),
  });
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve(
      { fetch: app.fetch, port: config.cardProviderPort, hostname: config.host },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.cardProviderPort;
  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      })),
  };
}
