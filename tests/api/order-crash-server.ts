/**
 * A real server process for tests/api/order-crash.test.ts: configuration from the environment
 * (DATABASE_URL, PORT, ORDER_TEST_PAUSE_DIR, …), migrated and seeded like `npm start`, without
 * building the web app. Prints `READY <origin>` once it listens.
 */
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';

const running = await startServer(loadConfig());
console.log(`READY ${new URL(running.url).origin}`);
