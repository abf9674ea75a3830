import type { Executor } from '../../db/client.ts';

/**
 * Points in placing an order where a test can step in: passed with the app's deps
 * (`deps.orderHooks`, like `deps.clock`). Production passes none.
 */
export interface OrderHooks {
  /**
   * After the captcha passed, just before the costly checks of the body (its password's strength
   * off the request's thread, then its hash): a test counts the orders that get this far
   * (tests/api/anonymous-limits.test.ts).
   */
  beforeBodyChecks?(): void;
  /**
   * Inside the order's transaction, just before the equipment is taken from stock: a test changes
   * the stock here, in the order's transaction, as a concurrent order would have meanwhile.
   */
  beforeEquipment?(tx: Executor): Promise<void>;
  /**
   * Inside the order's transaction, after every write and just before commit: a test pauses
   * here to kill the server (tests/api/order-crash.test.ts), and a refusal here rolls the whole
   * order back.
   */
  beforeCommit(): Promise<void>;
}

/** No hooks: the order goes straight on to commit. */
export const NO_ORDER_HOOKS: OrderHooks = { beforeCommit: () => Promise.resolve() };
