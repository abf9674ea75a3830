/**
 * Generated path tests in the browser: for every mapped machine (mappings/index.ts), the fewest
 * generated paths that together pass through every state and take every transition the browser
 * can cause (`coveringPaths`), each one named test, walked in the real app against the real API
 * on a test database. The machine-level tests (`npm run test:paths`) walk every path.
 */
import { test as noPage } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { BROWSER_MAPPINGS } from './mappings/index.ts';
import { coveringPaths, mappingProblems, runBrowserPath } from './runner.ts';

/** The time a path may take: opening the page, then each step (a busy machine included). */
const PATH_START_MS = 30_000;
const PATH_STEP_MS = 10_000;

for (const mapping of BROWSER_MAPPINGS) {
  const { covering } = coveringPaths(mapping);

  test.describe(`${mapping.machine} paths in the browser`, () => {
    // A check of the mapping alone: Playwright's own test, without the page (and its closing axe
    // check) that every test of the fixtures opens.
    noPage('the mapping checks every state and names only real events', () => {
      expect(mappingProblems(mapping)).toEqual([]);
      expect(covering.length).toBeGreaterThan(0);
    });

    for (const path of covering) {
      test(path.title, async ({ page, visit }) => {
        // A step can load code, wait for a server check or place a real order: the time a path
        // may take grows with its steps, beyond the project's 30 s for one page's test.
        test.setTimeout(PATH_START_MS + path.steps.length * PATH_STEP_MS);
        // Placing a real order is slow on top of that.
        test.slow(path.steps.some((step) => mapping.slowEvents?.includes(step.event.type)));
        await runBrowserPath({ page, visit }, mapping, path);
      });
    }
  });
}
