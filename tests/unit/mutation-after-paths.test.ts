/**
 * The unit suite's mutation score is put together from earlier measures and the runs over what
 * they left (tests/mutation/after-paths.ts): these are the rules that make it honest.
 */
import { describe, expect, it } from 'vitest';
import {
  combine,
  leftAtLoad,
  leftByPaths,
  type Mutant,
  mutantKey,
  rangeOf,
} from '../mutation/after-paths.ts';

const at = (line: number, column: number, endColumn: number, status: string, reason?: string) =>
  ({
    status,
    statusReason: reason,
    mutatorName: 'StringLiteral',
    replacement: '""',
    location: { start: { line, column }, end: { line, column: endColumn } },
  }) satisfies Mutant;

const CHART = 'Chart text: checked by the charts drift test in the unit suite, not by the paths.';
const LOAD = 'Static mutant (and "ignoreStatic" was enabled)';

describe('what a first measure leaves to the rest of the unit suite', () => {
  it('the paths leave their survivors, what they did not cover and the chart text', () => {
    expect(leftByPaths(at(1, 1, 2, 'Survived'))).toBe(true);
    expect(leftByPaths(at(1, 1, 2, 'NoCoverage'))).toBe(true);
    expect(leftByPaths(at(1, 1, 2, 'Ignored', CHART))).toBe(true);
    expect(leftByPaths(at(1, 1, 2, 'Killed'))).toBe(false);
    expect(leftByPaths(at(1, 1, 2, 'Timeout'))).toBe(false);
    // Equivalent by shape in every suite: never run again.
    expect(leftByPaths(at(1, 1, 2, 'Ignored', "XState's `types` are for the compiler only."))).toBe(
      false,
    );
  });

  it('the run with --ignore-static leaves exactly its load-time mutants', () => {
    expect(leftAtLoad(at(1, 1, 2, 'Ignored', LOAD))).toBe(true);
    expect(leftAtLoad(at(1, 1, 2, 'Ignored', CHART))).toBe(false);
    expect(leftAtLoad(at(1, 1, 2, 'Survived'))).toBe(false);
  });

  it("a mutant's range starts a column earlier (Stryker's ranges count from 0) and keeps its lines", () => {
    expect(rangeOf('machines/a.ts', at(12, 5, 9, 'Survived'))).toBe('machines/a.ts:12:4-12:9');
  });
});

describe('the unit suite’s result for each mutant', () => {
  const file = 'machines/a.ts';
  const first = new Map([
    [
      file,
      [
        at(1, 1, 5, 'Killed'),
        at(2, 1, 5, 'Survived'),
        at(3, 1, 5, 'NoCoverage'),
        at(4, 1, 5, 'Ignored', CHART),
        at(5, 1, 5, 'Survived'),
        at(6, 1, 5, 'NoCoverage'),
        at(7, 1, 5, 'Ignored', CHART),
      ],
    ],
  ]);
  const later = {
    files: {
      [file]: {
        mutants: [
          // A killed one the range pulled in again, whatever the rest made of it.
          at(1, 1, 5, 'Survived'),
          at(2, 1, 5, 'Killed'),
          at(3, 1, 5, 'Timeout'),
          at(4, 1, 5, 'Killed'),
          at(5, 1, 5, 'Survived'),
        ],
      },
    },
  };
  const statuses = combine(first, [later], leftByPaths).files[file].mutants.map((m) => m.status);

  it('keeps what the first measure killed', () => {
    expect(statuses[0]).toBe('Killed');
  });
  it('takes the later runs’ verdict on what it left', () => {
    expect(statuses.slice(1, 5)).toEqual(['Killed', 'Timeout', 'Killed', 'Survived']);
  });
  it('counts a leftover no run reached as not detected: not covered, or survived (chart text)', () => {
    expect(statuses.slice(5)).toEqual(['NoCoverage', 'Survived']);
  });
  it('counts a mutant killed when one run killed it, whatever another run made of it', () => {
    const killed = { files: { [file]: { mutants: [at(2, 1, 5, 'Killed')] } } };
    const survived = { files: { [file]: { mutants: [at(2, 1, 5, 'Survived')] } } };
    for (const runs of [
      [killed, survived],
      [survived, killed],
    ])
      expect(combine(first, runs, leftByPaths).files[file].mutants[1].status).toBe('Killed');
  });
  it('matches mutants by place, mutator and replacement, not by the id a run gives', () => {
    const other = { ...at(2, 1, 5, 'Killed'), replacement: '"Stryker was here!"' };
    expect(mutantKey(file, other)).not.toBe(mutantKey(file, at(2, 1, 5, 'Killed')));
    const combined = combine(first, [{ files: { [file]: { mutants: [other] } } }], leftByPaths);
    expect(combined.files[file].mutants[1].status).toBe('Survived');
  });
});
