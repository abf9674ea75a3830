/**
 * What the browser path tests walk (`npm run paths:browser`): per mapped machine, the generated
 * paths, those a person can cause in the browser, the covering set the browser runs, and the
 * paths left to the machine-level tests with their reason.
 */
import { BROWSER_MAPPINGS } from '../e2e/paths/mappings/index.ts';
import { browserPaths, coveringPaths } from '../e2e/paths/runner.ts';

let totalPaths = 0;
let totalCovering = 0;
for (const mapping of BROWSER_MAPPINGS) {
  const { plan, skipped } = browserPaths(mapping);
  const { covering, runnable, items, planItems } = coveringPaths(mapping);
  totalPaths += plan.paths.length;
  totalCovering += covering.length;
  console.log(
    `${mapping.machine}: ${plan.paths.length} paths, ${runnable} the browser can cause, ` +
      `${covering.length} walked, covering ${items} of ${planItems} states and transitions ` +
      `(${((100 * items) / planItems).toFixed(1)} %)`,
  );
  const reasons = new Map<string, number>();
  for (const { reason } of skipped) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  for (const [reason, count] of reasons)
    console.log(`  left to the machine tests (${count}): ${reason}`);
}
console.log(
  `\n${BROWSER_MAPPINGS.length} machines mapped, ${totalPaths} generated paths, ${totalCovering} walked in the browser`,
);
