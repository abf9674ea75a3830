/**
 * Generated path tests in the browser: every path of every mapped machine (mappings/index.ts) is
 * one named test, walked in the real app against the real API on a test database.
 */
import { expect, test } from '../support/fixtures.ts';
import { BROWSER_MAPPINGS } from './mappings/index.ts';
import { browserPaths, mappingProblems, runBrowserPath } from './runner.ts';

for (const mapping of BROWSER_MAPPINGS) {
  const { runnable } = browserPaths(mapping);

  test.describe(`${mapping.machine} paths in the browser`, () => {
    test('the mapping checks every state and names only real events', () => {
      expect(mappingProblems(mapping)).toEqual([]);
      expect(runnable.length).toBeGreaterThan(0);
    });

    for (const path of runnable) {
      test(path.title, async ({ page, visit }) => {
        test.slow(path.steps.some((step) => mapping.slowEvents?.includes(step.event.type)));
        await runBrowserPath({ page, visit }, mapping, path);
      });
    }
  });
}
