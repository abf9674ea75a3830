/**
 * The pool of billed customers the e2e server seeds (billed-customers.ts) and the tests claim, one
 * each: its size and where the claims of a run are noted. Apart from billed-customers.ts so that the
 * global setup reads it without loading the server's modules.
 */
import path from 'node:path';

/**
 * How many the server seeds (E2E_BILLED_CUSTOMERS): more than the tests of a run claim (about 175
 * in the whole run of 428 tests), with room for more paths. Each has servers of its own, by iid
 * ranges of a thousand below the servers' generated ids (5001 up) and apart from the demo managed
 * server's 4001 (billedManagedServerIid: 1000 + n; billedServers: 2000 + n, 3000 + n, 4100 + n):
 * at most 899.
 */
export const BILLED_CUSTOMERS = Number(process.env.E2E_BILLED_CUSTOMERS ?? '400');

/** Where the tests of a run note the customers they claimed, one file each. */
export const claimsFolder = () =>
  path.resolve(process.env.E2E_OUTPUT_DIR ?? 'test-results', '.billed-claims');

/** The share of the pool a run may claim before the run says the pool must grow. */
export const POOL_WARNING_SHARE = 0.8;
