/**
 * An app on a private test database, called in process (no port needed), on a clock of its own:
 * `t.clock` stands at the real time of the app's creation (or at `now`) until the test moves it.
 * Its virtual servers run on the stand-in hypervisor, in process on the same clock.
 */
import { inject } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { settled } from '../../src/server/background.ts';
import { SettableClock } from '../../src/server/clock.ts';
import type { Config } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { useInProcessStandIn } from '../../src/server/hypervisor/index.ts';
import { createJobRunner, type JobRunner } from '../../src/server/jobs/runner.ts';
import { createLogger, type Logger } from '../../src/server/logger.ts';
import type { OrderHooks } from '../../src/server/signup/orders/hooks.ts';
import { createTestDatabase, testConfig } from './database.ts';
import { CookieClient } from './http-client.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The server's clock for business dates: set it or move it. */
  clock: SettableClock;
  /**
   * The app's job runner, not started: `settled(t.database)` and `jobs.drain()` run the due
   * jobs; a test may `start()` it (then `close()` stops it).
   */
  jobs: JobRunner;
  /** A request to the API: `path` is relative to the API base path. */
  api(path: string, init?: RequestInit): Promise<Response>;
  /** A new browser-like visitor: its own cookies, the CSRF header echoed. */
  client(): CookieClient;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    logger?: Logger;
    /** Where the clock starts (a Date or an ISO timestamp); the real time by default. */
    now?: Date | string;
    /** Where the test steps into placing an order (src/server/signup/orders/hooks.ts). */
    orderHooks?: OrderHooks;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase(inject('dbSnapshot'));
  const logger = options.logger ?? createLogger('error');
  const clock = new SettableClock(options.now ?? new Date());
  const deps = { config, database, logger, clock, orderHooks: options.orderHooks };
  const app = createApp(deps);
  const jobs = createJobRunner(deps);
  // Virtual servers answer from the stand-in hypervisor, reached in process on this clock.
  await useInProcessStandIn(config, database.db, logger, () => clock.now());
  return {
    app,
    config,
    database,
    logger,
    clock,
    jobs,
    api: (path, init) => Promise.resolve(app.request(`/manage/api/v1.0${path}`, init)),
    client: () => CookieClient.forApp(app),
    close: async () => {
      await jobs.stop();
      await settled(database);
      await database.close();
    },
  };
}

export function jsonRequest(method: string, body: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  } satisfies RequestInit;
}
