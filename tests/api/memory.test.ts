/**
 * Issue 10: the server idled at 703 MiB (860 MiB after a first start). The real server, run as
 * `npm start` runs it (built from `src/server/cli/start.ts`, by plain node), must idle under the
 * budget on the embedded database: on the first start, which also creates, migrates and seeds
 * the database, as on a later one, with the default data (250,000 addresses), as the issue asks:
 * with the seed in the server process and the sources loaded through tsx, the first start idled
 * at 330 to 365 MiB. `npm run bench:memory` measures the same starts under requests too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  IDLE_BUDGET_MIB,
  memoryOf,
  SERVER_READY_TEXT,
  SERVER_START,
  sleep,
  startNode,
  stop,
} from '../support/server-memory.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'memory-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function idleMemoryOfAStart() {
  const { child, ready } = startNode(
    SERVER_START,
    {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The default number of addresses.
      SEED_ADDRESSES: '',
      PORT: String(await freePort()),
      CARD_PROVIDER_PORT: String(await freePort()),
      HOST_AGENT_PORT: String(await freePort()),
      CARD_PROVIDER_ORIGIN: '',
      CARD_PROVIDER_API_URL: '',
    },
    SERVER_READY_TEXT,
    240_000,
  );
  try {
    await ready;
    await sleep(2_000);
    return memoryOf(child.pid!);
  } finally {
    await stop(child);
  }
}

describe('server memory', () => {
  it(
    `idles under ${IDLE_BUDGET_MIB} MiB after creating and seeding its database, and after a restart`,
    { timeout: 600_000 },
    async () => {
      const first = await idleMemoryOfAStart();
      expect(first.rssMiB).toBeLessThan(IDLE_BUDGET_MIB);
      const second = await idleMemoryOfAStart();
      expect(second.rssMiB).toBeLessThan(IDLE_BUDGET_MIB);
    },
  );
});
