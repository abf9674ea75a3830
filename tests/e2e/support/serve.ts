/**
 * The server the browser tests talk to: the real app and API on a fresh embedded database in a
 * temporary directory, seeded like a first start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from '../../../src/server/cli/build-web.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { startCardProvider } from '../../../src/server/card-provider/server.ts';
import { closeOnSignals, startServer } from '../../../src/server/main.ts';

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
});
buildWebIfStale(config.webDistDir, false);
const running = await startServer(config);
const cardProvider = await startCardProvider({
  config,
  db: running.database.db,
  logger: running.logger,
});
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
closeOnSignals({
  logger: running.logger,
  close: () => cardProvider.close().then(() => running.close()),
});
console.log(`e2e server ready at ${running.url}`);
