/**
 * `npm run dev`: one port serves the API (this process) and the web app through Vite's dev server
 * with hot module reload. `tsx watch` restarts the process when server code changes.
 */
import http from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer } from 'vite';
import { API_BASE_PATH } from '#shared/constants';
import { createApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import { startCardProvider } from '../billing/card-provider/server.ts';
import { startHostAgent } from '../managed/stand-in/server.ts';
import { startStandInHypervisor } from '../hypervisor/stand-in/server.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openPreparedDatabase } from '../db/prepare.ts';
import { startDnsPublication } from '../dns/jobs.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { createLogger } from '../logger.ts';
import { startBanner } from '../main.ts';

const root = path.resolve(import.meta.dirname, '../../..');

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { database } = await openPreparedDatabase(config, logger);
  const deps = { config, database, logger, clock: systemClock };
  const api = getRequestListener(createApp(deps).fetch);

  const httpServer = http.createServer();
  const vite = await createViteServer({
    configFile: path.join(root, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'spa',
  });
  httpServer.on('request', (req, res) => {
    if (req.url === '/' || req.url?.startsWith(API_BASE_PATH)) void api(req, res);
    else vite.middlewares(req, res);
  });
  // The stand-in card processor, on its own port and origin, as with `npm start`.
  const cardProvider = await startCardProvider({ config, db: database.db, logger });
  const hostAgent = await startHostAgent({ config, logger });
  // DNS publication jobs, as with `npm start` (docs/dns.md).
  const dnsPublication = await startDnsPublication({ config, database, logger });
  // The job runner, as with `npm start` (docs/operations.md).
  const jobs = createJobRunner(deps);
  await jobs.start();
  // The stand-in hypervisor of virtual servers (unless HYPERVISOR=proxmox), on its own port.
  const hypervisor = await startStandInHypervisor({ config, db: database.db, logger });
  httpServer.listen(config.port, config.host, () => {
    console.log(`${startBanner(config, config.port)}, with Vite's hot reload`);
    console.log(`Card provider (sandbox): ${config.cardProviderOrigin}`);
  });
  const stop = () => {
    void vite.close();
    httpServer.close();
    void dnsPublication
      .stop()
      .then(() => jobs.stop())
      .then(() => Promise.all([cardProvider.close(), hostAgent.close(), hypervisor?.close()]))
      .then(() => database.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
