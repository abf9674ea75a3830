/**
 * The checked-in mutation figures (tests/mutation/summary.ts): what a file's entry counts, how a
 * run's figures replace the old ones, the docs section made from them, and the goals
 * (docs/testing.md "Mutation testing": ≥ 80 % of `machines/` by the path tests alone, ≥ 85 % of
 * `machines/` and `src/shared/` by the unit suite).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mutant } from '../mutation/after-paths.ts';
import {
  countsOf,
  digest,
  docsWithSummary,
  DOCS_END,
  DOCS_FILE,
  DOCS_START,
  measure,
  merged,
  readSummary,
  scoreOf,
  staleFiles,
  type Summary,
  totals,
  unitMeasure,
  withSection,
} from '../mutation/summary.ts';

const root = path.resolve(import.meta.dirname, '../..');

const mutant = (status: string, reason?: string, line = 3): Mutant => ({
  status,
  statusReason: reason,
  mutatorName: 'ConditionalExpression',
  replacement: 'true',
  location: { start: { line, column: 7 }, end: { line, column: 20 } },
});
const PLACEHOLDER = 'A placeholder actor: the app and the tests always provide their own.';
const TYPES = "XState's `types` are for the compiler only.";
const CHART = 'Chart text: checked by the charts drift test in the unit suite, not by the paths.';

describe("a file's figures", () => {
  const mutants = [
    mutant('Killed'),
    mutant('Killed'),
    mutant('Timeout'),
    mutant('Survived', undefined, 8),
    mutant('NoCoverage', undefined, 9),
    mutant('Ignored', PLACEHOLDER),
    mutant('Ignored', PLACEHOLDER),
    mutant('Ignored', TYPES),
    mutant('CompileError'),
  ];

  it('counts each status, and the equivalent mutants by the reason given', () => {
    expect(countsOf(mutants)).toEqual({
      killed: 2,
      timeout: 1,
      survived: 1,
      noCoverage: 1,
      errors: 1,
      equivalent: { [PLACEHOLDER]: 2, [TYPES]: 1 },
    });
  });

  it('scores killed and timed out over those and the survived and not covered, equivalents and errors left out', () => {
    expect(scoreOf(countsOf(mutants))).toEqual({ detected: 3, counted: 5 });
  });

  it('lists every mutant the unit suite did not detect, with its place and replacement', () => {
    expect(unitMeasure(mutants, 'x')?.survivors).toEqual([
      '8:7 ConditionalExpression (Survived) → true',
      '9:7 ConditionalExpression (NoCoverage) → true',
    ]);
  });

  it('records a digest of the source measured, so that a changed file shows as stale', () => {
    const summary: Summary = {
      about: '',
      files: {
        'machines/a.ts': { paths: measure([], 'old'), unit: unitMeasure([], 'new') },
        'machines/b.ts': { unit: unitMeasure([], 'same') },
        'machines/gone.ts': { unit: unitMeasure([], 'x') },
      },
    };
    const sources: Record<string, string> = { 'machines/a.ts': 'new', 'machines/b.ts': 'same' };
    expect(staleFiles(summary, (file) => sources[file])).toEqual([
      { file: 'machines/a.ts', kinds: ['paths'] },
      { file: 'machines/gone.ts', kinds: ['unit'] },
    ]);
    expect(digest('new')).not.toBe(digest('old'));
  });
});

describe('a run’s figures in the summary', () => {
  const old: Summary = {
    about: '',
    files: {
      'machines/b.ts': { paths: measure([mutant('Killed')], 'b'), unit: unitMeasure([], 'b') },
      'src/shared/c.ts': { unit: unitMeasure([mutant('Survived')], 'c') },
    },
  };

  it("replace the same file's measure of the same kind and keep the rest", () => {
    const paths = measure([mutant('Survived')], 'b2');
    const next = merged(old, {
      'machines/b.ts': { paths },
      'machines/a.ts': { paths: measure([], 'a') },
    });
    expect(next.files['machines/b.ts'].paths).toEqual(paths);
    expect(next.files['machines/b.ts'].unit).toEqual(old.files['machines/b.ts'].unit);
    expect(next.files['src/shared/c.ts']).toEqual(old.files['src/shared/c.ts']);
    expect(Object.keys(next.files)).toEqual(['machines/a.ts', 'machines/b.ts', 'src/shared/c.ts']);
  });

  it('add up by the path tests for machines/ only, and by the unit suite for both folders', () => {
    const t = totals({
      about: '',
      files: {
        'machines/x/a.ts': {
          // The chart text the paths suite leaves out is not in the path tests' figure.
          paths: measure([mutant('Killed'), mutant('Survived'), mutant('Ignored', CHART)], 'a'),
          unit: unitMeasure([mutant('Killed'), mutant('Survived'), mutant('Killed')], 'a'),
        },
        'src/shared/b.ts': { unit: unitMeasure([mutant('Killed'), mutant('NoCoverage')], 'b') },
      },
    });
    expect(t.machinesByPaths).toEqual({ detected: 1, counted: 2 });
    expect(t.machinesByUnit).toEqual({ detected: 2, counted: 3 });
    expect(t.sharedByUnit).toEqual({ detected: 1, counted: 2 });
    expect(t.bothByUnit).toEqual({ detected: 3, counted: 5 });
    expect(t.folders.get('machines/x')?.paths).toEqual({ detected: 1, counted: 2 });
  });
});

describe('docs/testing.md’s generated section', () => {
  it('is replaced between its markers, the text around it kept', () => {
    const text = `before\n${DOCS_START}\nold\n${DOCS_END}\nafter\n`;
    expect(withSection(text, 'new')).toBe(`before\n${DOCS_START}\n\nnew\n\n${DOCS_END}\nafter\n`);
    expect(() => withSection('no markers', 'new')).toThrow(/no section/);
  });

  it('is the one the checked-in summary makes', async () => {
    const docs = readFileSync(path.join(root, DOCS_FILE), 'utf8');
    expect(await docsWithSummary(readSummary(), docs)).toBe(docs);
  });
});

describe('the checked-in figures', () => {
  const t = totals(readSummary());
  const pct = ({ detected, counted }: { detected: number; counted: number }) =>
    (100 * detected) / counted;

  it('measure machines/ and src/shared/', () => {
    expect(t.machinesByPaths.counted).toBeGreaterThan(0);
    expect(t.sharedByUnit.counted).toBeGreaterThan(0);
  });
  it('meet the goal of 80 % of machines/ by the path tests alone', () => {
    expect(pct(t.machinesByPaths)).toBeGreaterThanOrEqual(80);
  });
  it('meet the goal of 85 % of machines/ and src/shared/ by the unit suite', () => {
    expect(pct(t.bothByUnit)).toBeGreaterThanOrEqual(85);
  });
});
