/**
 * Generated path tests for every registered machine (machines/registry.ts): each path runs on a
 * real actor of the production machine with its fakes; every step is checked against what the
 * entry declares the specification expects (states, ignored samples, timers, boundaries); every
 * state reached is checked with the entry's assertion; coverage of states and transitions must be complete. `npm run test:paths`
 * prints the same as a table and lists the paths in words.
 */
import { describe, expect, it } from 'vitest';
import type { RegisteredMachine } from '../../machines/registry/types.ts';
import { coverageOf, isComplete } from './paths/coverage.ts';
import { planPaths } from './paths/plan.ts';
import { runAll, runPath } from './paths/run.ts';

// A machine that cannot even be built (an initial state that does not exist, say) fails here as a
// test, not as a file that collects no tests: mutation testing counts only failing tests.
const loaded = await import('../../machines/registry.ts').then(
  ({ MACHINES }) => ({ machines: MACHINES as readonly RegisteredMachine[] }),
  (error: unknown) => ({ error }),
);
const ALL_MACHINES = 'machines' in loaded ? loaded.machines : [];
// Mutation testing runs only the machines that can see the mutated files (tests/mutation/targets.ts).
const only = process.env.PATH_MACHINES?.split(',');
const MACHINES = only ? ALL_MACHINES.filter((entry) => only.includes(entry.name)) : ALL_MACHINES;
if ('error' in loaded) {
  it('every machine can be built', () => {
    throw loaded.error;
  });
}

const plans = MACHINES.flatMap((entry) => {
  try {
    return [planPaths(entry)];
  } catch (error) {
    it(`${entry.name}: its paths can be planned`, () => {
      throw error;
    });
    return [];
  }
});

it('every machine has a unique name', () => {
  const names = ALL_MACHINES.map((entry) => entry.name);
  expect(new Set(names).size).toBe(names.length);
});

for (const plan of plans) {
  describe(`${plan.entry.name} paths`, () => {
    it.each(plan.paths.map((path) => [path.title, path] as const))('%s', async (_title, path) => {
      await runPath(plan, path);
    });

    it('keeps its declaration on every edge of its graph, not only on the paths', () => {
      expect(plan.graph.problems).toEqual([]);
    });

    it('covers every state and transition (or lists it as unreachable with a reason)', async () => {
      const report = coverageOf(plan.entry, plan.model, await runAll(plan), plan.labels);
      expect(report.problems).toEqual([]);
      expect(report.states.missing, 'states never reached').toEqual([]);
      expect(report.transitions.missing, 'transitions never taken').toEqual([]);
      expect(isComplete(report)).toBe(true);
    });
  });
}
