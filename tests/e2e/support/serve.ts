/**
 * The server the browser tests talk to: the real app and API on a fresh embedded database in a
 * temporary directory, seeded like a first start. The attach-point map's tiles come from a tile
 * server of its own on another loopback port (one checked-in tile for every spot and zoom), so no
 * test reaches the internet and the pages' CSP must let the tile origin in.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from '../../../src/server/cli/build-web.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { startCardProvider } from '../../../src/server/billing/card-provider/server.ts';
import { startHostAgent } from '../../../src/server/managed/stand-in/server.ts';
import { startStandInHypervisor } from '../../../src/server/hypervisor/stand-in/server.ts';
import { closeOnSignals, startServer } from '../../../src/server/main.ts';
import { seedBilledCustomers } from './billed-customers.ts';
import { seedJobsPage } from './jobs-seed.ts';

const TILE = readFileSync(path.join(import.meta.dirname, 'map-tile.png'));
const tileServer = createServer((request, response) => {
  if (request.method === 'GET' && /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': TILE.length });
    response.end(TILE);
  } else {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
const tilePort = (tileServer.address() as AddressInfo).port;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT ?? '3100',
  // The card provider listens beside it (E2E_CARD_PROVIDER_PORT, else the port plus 1000).
  CARD_PROVIDER_PORT:
    process.env.E2E_CARD_PROVIDER_PORT ?? String(Number(process.env.E2E_PORT ?? '3100') + 1000),
  CARD_PROVIDER_ORIGIN: '',
  CARD_PROVIDER_API_URL: '',
  // The host agent of managed servers listens at the port plus 2000.
  HOST_AGENT_PORT: String(Number(process.env.E2E_PORT ?? '3100') + 2000),
  HOST_AGENT_URL: '',
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  DATABASE_URL: '',
  // Each test names its own client address (X-Forwarded-For, tests/e2e/support/fixtures.ts), so
  // that the per-address limits count each test as a separate visitor.
  TRUST_PROXY: 'true',
  // Short-lived access tokens, so that the session tests can outlive one in a few seconds. Other
  // flows renew transparently; a sensitive action after this long asks for the password again.
  ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ?? '5',
  // A small address set (every demo address and status included) keeps the start quick.
  SEED_ADDRESSES: process.env.E2E_SEED_ADDRESSES ?? '20000',
  // Light proof of work: the captcha widget solves at once in tests.
  ALTCHA_MAX_COUNTER: process.env.E2E_ALTCHA_MAX_COUNTER ?? '50',
  ALTCHA_COST: process.env.E2E_ALTCHA_COST ?? '100',
  // The local tile server has a tile at every zoom, the map's 20 included.
  MAP_TILE_URL: `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`,
  MAP_TILE_MAX_ZOOM: '20',
  // The stand-in hypervisor beside it (the port plus 3000); its tasks run at half their length.
  HYPERVISOR_PORT:
    process.env.E2E_HYPERVISOR_PORT ?? String(Number(process.env.E2E_PORT ?? '3100') + 3000),
  HYPERVISOR_API_URL: '',
  HYPERVISOR_TASK_SCALE: '0.5',
});
buildWebIfStale(config.webDistDir, false);
const running = await startServer(config);
await seedBilledCustomers(running);
await seedJobsPage(running.database);
const cardProvider = await startCardProvider({
  config,
  db: running.database.db,
  logger: running.logger,
});
const hostAgent = await startHostAgent({ config, logger: running.logger });
const hypervisor = await startStandInHypervisor({
  config,
  db: running.database.db,
  logger: running.logger,
});
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
closeOnSignals({
  logger: running.logger,
  close: () =>
    Promise.all([cardProvider.close(), hostAgent.close(), hypervisor?.close()])
      .then(() => {
        tileServer.closeAllConnections();
        return new Promise((resolve) => tileServer.close(resolve));
      })
      .then(() => running.close()),
});
console.log(`e2e server ready at ${running.url}`);
