/**
 * Runs the stand-in hypervisor on its own port (HYPERVISOR_PORT, default 3003), beside the
 * product's server, on the same database (its own tables), like the card provider.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { createStandInHypervisorApp } from './app.ts';

export interface RunningHypervisor {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startStandInHypervisor(options: {
  config: Config;
  db: Database;
  logger: Logger;
}): Promise<RunningHypervisor | null> {
  const { config, db, logger } = options;
  if (config.hypervisor.kind !== 'standin') return null;
  const app = createStandInHypervisorApp({
    db,
    logger: logger.child({ service: 'hypervisor' }),
    token: config.hypervisor.token,
    taskScale: config.hypervisor.taskScale,
  });
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.hypervisor.port, hostname: config.host }, () =>
      resolve(s),
    );
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.hypervisor.port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      })),
  };
}
