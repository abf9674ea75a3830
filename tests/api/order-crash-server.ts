/**
 * A real server process for tests/api/order-crash.test.ts: configuration from the environment
 * (DATABASE_URL, PORT, …), migrated and seeded like `npm start`, without building the web app.
 * Prints `READY <origin>` once it listens.
 *
 * With ORDER_TEST_PAUSE_DIR (read here, by this test server only) the server places orders with
 * a hook before commit (`deps.orderHooks`) that writes `paused` into that folder and waits until
 * a `release` file appears there: the test kills the process meanwhile.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';
import type { OrderHooks } from '../../src/server/signup/orders/hooks.ts';

/** Pauses every order inside its transaction, just before commit, until `release` appears. */
function pauseBeforeCommit(dir: string): OrderHooks {
  return {
    async beforeCommit() {
      await writeFile(path.join(dir, 'paused'), String(process.pid));
      while (!existsSync(path.join(dir, 'release'))) await sleep(25);
    },
  };
}

const pauseDir = process.env.ORDER_TEST_PAUSE_DIR;
const running = await startServer(loadConfig(), {
  orderHooks: pauseDir ? pauseBeforeCommit(path.resolve(pauseDir)) : undefined,
});
console.log(`READY ${new URL(running.url).origin}`);
