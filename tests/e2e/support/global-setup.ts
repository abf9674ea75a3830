/**
 * Before the browser tests: a folder of this run where the workers note the page structures axe
 * found clean (fixtures.ts), so that one worker does not check again what the other just checked.
 * It is new for every run and removed after it.
 *
 * After them: the run fails if its tests claimed more than 80 % of the billed customers the e2e
 * server seeds (billed-pool.ts). Once the pool runs out, every later test that claims one fails
 * at its start (a CI run failed so, on 11 tests at the end of the run): the run says so while
 * there is room, naming the setting to raise.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BILLED_CUSTOMERS, claimsFolder, POOL_WARNING_SHARE } from './billed-pool.ts';

/** The claims of the run, checked against the pool. */
export function poolProblem(claimed: number, pool = BILLED_CUSTOMERS): string | null {
  if (claimed <= pool * POOL_WARNING_SHARE) return null;
  return (
    `the browser tests claimed ${claimed} of the ${pool} billed customers the e2e server seeds ` +
    `(more than ${POOL_WARNING_SHARE * 100} %): raise E2E_BILLED_CUSTOMERS ` +
    '(tests/e2e/support/billed-pool.ts) before the pool runs out'
  );
}

export default function globalSetup() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-axe-checked-'));
  // Set here, before the workers start: each worker inherits it.
  process.env.E2E_AXE_CHECKED_DIR = folder;
  return () => {
    rmSync(folder, { recursive: true, force: true });
    const claims = claimsFolder();
    const problem = poolProblem(existsSync(claims) ? readdirSync(claims).length : 0);
    if (problem) throw new Error(problem);
  };
}
