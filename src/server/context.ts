import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { OrderHooks } from './signup/orders/hooks.ts';

/** What every handler can reach. Capabilities add their services here. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The one source of "now" for business dates (clock.ts); security timers keep real time. */
  clock: Clock;
  /** Where a test steps into placing an order (signup/orders/hooks.ts); production has none. */
  orderHooks?: OrderHooks;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    log: Logger;
    /** The CSRF token set on this answer, so that it is set once (http/csrf.ts). */
    csrfToken?: string;
  };
}
