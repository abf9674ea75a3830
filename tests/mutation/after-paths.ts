/**
 * `machines/` and `src/shared/` by the whole unit suite, measured from what earlier runs left.
 *
 * - `machines/`: the unit suite is the generated path tests and the rest of the unit and machine
 *   tests, and a mutant the path tests kill is killed by the unit suite. So only the mutants the
 *   path runs leave (survived, not covered, and the chart text the paths suite leaves out) run
 *   again, by the rest of the suite. Run one by one, the 5,400 mutants that run at test time
 *   would reload the path tests of every machine each (about 45 hours on two cores).
 * - `src/shared/`: the whole suite's run with `--ignore-static` left out the mutants that only run
 *   while a module loads; they run here.
 *
 * Each file's leftovers run by the test files that import it, directly or not (a test that cannot
 * load a file cannot see its mutants). Three kinds of test are left out where they add nothing but
 * time, so the score is a lower bound of the whole suite's: the path tests for `src/shared/`'s
 * load-time mutants, the lint tests (they test the lint rules), and the chart tests for anything
 * but the chart text (they draw every machine, 4 s a run, and judge the text).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CACHE_DIR } from './stryker.config.mjs';
import { reachableFrom } from './targets.ts';

const root = path.resolve(import.meta.dirname, '../..');

interface Position {
  line: number;
  column: number;
}
export interface Mutant {
  status: string;
  statusReason?: string;
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
}
export type Report = { files: Record<string, { source?: string; mutants: Mutant[] }> };

/** Whether a report's results are for the file as it is now (Stryker keeps the source it mutated). */
function current(file: string, entry: { source?: string }): boolean {
  const now = path.join(root, file);
  return existsSync(now) && readFileSync(now, 'utf8') === entry.source;
}

/** The statuses a mutation score counts as detected, and all the statuses it counts. */
export const DETECTED = new Set(['Killed', 'Timeout']);
export const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

/** The reason the paths suite gives a description it leaves out (tests/mutation/ignorers.mjs). */
const CHART_TEXT = /^Chart text/;
/** The tests that draw the charts: they judge the chart text, and only it. */
export const CHART_TESTS = [
  'tests/machines/paths/charts-drift.test.ts',
  'tests/machines/paths/charts.test.ts',
  'tests/machines/paths/runner.test.ts',
];
const PATH_TESTS = 'tests/machines/paths.test.ts';

/** A mutant's identity across runs: its file, place, mutator and replacement. */
export function mutantKey(file: string, mutant: Mutant): string {
  const { start, end } = mutant.location;
  return `${file}:${start.line}:${start.column}-${end.line}:${end.column} ${mutant.mutatorName} ${mutant.replacement ?? ''}`;
}

/** Whether the paths suite's run left a mutant for the rest of the unit suite. */
export function leftByPaths(mutant: Mutant): boolean {
  return (
    mutant.status === 'Survived' ||
    mutant.status === 'NoCoverage' ||
    (mutant.status === 'Ignored' && CHART_TEXT.test(mutant.statusReason ?? ''))
  );
}

/**
 * A Stryker mutate range around a mutant (report columns count from 1, Stryker's ranges from 0).
 * Every mutant inside it runs; those the paths killed are counted from the paths' results.
 */
export function rangeOf(file: string, mutant: Mutant): string {
  const { start, end } = mutant.location;
  return `${file}:${start.line}:${start.column - 1}-${end.line}:${end.column}`;
}

/** The unit suite's test files other than the path tests (tests/mutation/vitest.unit.config.ts leaves the lint tests out too). */
export function otherUnitTests(): string[] {
  return execFileSync('git', ['ls-files', 'tests/unit', 'tests/machines'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(
      (file) =>
        /\.test\.tsx?$/.test(file) &&
        file !== PATH_TESTS &&
        // The lint tests run ESLint over deliberate violations, and the mutation tests test this
        // tooling: neither tests the code under mutation.
        !file.startsWith('tests/unit/lint-') &&
        !file.startsWith('tests/unit/mutation-'),
    );
}

let reachOfTests: Map<string, Set<string>> | undefined;
/** Each of those test files with the files it imports, directly or not (read once a run). */
function testReach(): Map<string, Set<string>> {
  reachOfTests ??= new Map(otherUnitTests().map((test) => [test, reachableFrom(test)]));
  return reachOfTests;
}

export interface LeftoverRun {
  /** The incremental file's and report's name. */
  name: string;
  /** The mutate ranges: the mutants left, each with what lies inside it. */
  ranges: string[];
  /** The test files that run. */
  tests: string[];
  /** How many of the leftovers it judges. */
  left: number;
}

function runName(kind: string, tests: readonly string[]): string {
  const digest = createHash('sha256').update(tests.join(',')).digest('hex').slice(0, 8);
  return `${kind}-${tests.length}-tests-${digest}`;
}

/**
 * The runs that judge the mutants a first measure left (`isLeft`): the chart text by the chart
 * tests that import its file, the rest by the other test files that import theirs, one run per
 * set of test files.
 */
export function leftoverRuns(
  results: ReadonlyMap<string, Mutant[]>,
  isLeft: (mutant: Mutant) => boolean,
  kind: string,
): LeftoverRun[] {
  const reach = testReach();
  const tests = [...reach.keys()];
  const testsOf = (file: string, chart: boolean) =>
    tests.filter((test) => CHART_TESTS.includes(test) === chart && reach.get(test)!.has(file));
  const runs = new Map<string, LeftoverRun>();
  for (const [file, mutants] of results) {
    for (const mutant of mutants.filter(isLeft)) {
      const chart = mutant.status === 'Ignored' && CHART_TEXT.test(mutant.statusReason ?? '');
      const fileTests = testsOf(file, chart);
      const name = runName(chart ? 'chart-text' : kind, fileTests);
      const run = runs.get(name) ?? { name, ranges: [], tests: fileTests, left: 0 };
      run.ranges.push(rangeOf(file, mutant));
      run.left++;
      runs.set(name, run);
    }
  }
  return [...runs.values()];
}

/** A first measure's results by file, and the source each file's results were measured on. */
export interface Measured {
  results: Map<string, Mutant[]>;
  sources: Map<string, string>;
}

/**
 * The paths suite's results by file, from each group's incremental file. A result older than its
 * file is refused (a run would mutate ranges of another version), unless `stale` allows it: the
 * summary made from the incremental files without running anything records the source measured.
 */
export function pathResults(
  groups: readonly { files: string[]; name: string }[],
  { stale = false } = {},
): Measured {
  const results = new Map<string, Mutant[]>();
  const sources = new Map<string, string>();
  for (const group of groups) {
    const file = path.join(root, `${CACHE_DIR}/paths/${group.name}.json`);
    if (!existsSync(file))
      throw new Error(
        `No path results for ${group.files.join(', ')}: run \`npm run test:mutation -- paths '${group.files.join(',')}'\` first.`,
      );
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    for (const name of group.files) {
      const entry = report.files[name];
      if (!entry || (!stale && !current(name, entry)))
        throw new Error(
          `${path.relative(root, file)} has no results for ${name} as it is now: run \`npm run test:mutation -- paths '${name}'\` again.`,
        );
      results.set(name, entry.mutants);
      sources.set(name, entry.source ?? '');
    }
  }
  return { results, sources };
}

/** The reason Stryker gives a mutant `--ignore-static` left out. */
const LOAD_TIME = /^Static mutant/;

/** Whether the run with `--ignore-static` left a mutant out: it only runs while its module loads. */
export function leftAtLoad(mutant: Mutant): boolean {
  return mutant.status === 'Ignored' && LOAD_TIME.test(mutant.statusReason ?? '');
}

/**
 * `src/shared/` by the unit suite as measured so far: the whole suite's run with
 * `--ignore-static` (`unit.json` in the incremental files' folder), and for the schema files the
 * narrowed runs that measured their load-time mutants (docs/testing.md), the last named first.
 */
export function sharedResults(): Measured {
  const read = (file: string) => {
    const full = path.join(root, CACHE_DIR, file);
    if (!existsSync(full))
      throw new Error(
        `No results in ${CACHE_DIR}/${file}: run the whole suite's run (docs/testing.md, "The unit suite over \`src/shared/\`") first.`,
      );
    return JSON.parse(readFileSync(full, 'utf8')) as Report;
  };
  const results = new Map<string, Mutant[]>();
  const sources = new Map<string, string>();
  for (const [file, { mutants, source }] of Object.entries(read('unit.json').files))
    if (file.startsWith('src/shared/')) {
      results.set(file, mutants);
      sources.set(file, source ?? '');
    }
  // The schema run's html.ts: its tests do not reach it, the whole suite's run measures it.
  for (const group of ['unit/schemas-static.json', 'unit/session-static.json'])
    for (const [file, { mutants, source }] of Object.entries(read(group).files))
      if (file !== 'src/shared/html.ts') {
        results.set(file, mutants);
        sources.set(file, source ?? '');
      }
  return { results, sources };
}

/**
 * The unit suite's result for each mutant of a first measure: its own, or for a mutant it left
 * (`isLeft`), what the later runs made of it. A leftover no run reached is a survivor unless the
 * first measure called it not covered.
 */
export function combine(
  results: ReadonlyMap<string, Mutant[]>,
  rest: readonly Report[],
  isLeft: (mutant: Mutant) => boolean,
): Report {
  const restStatus = new Map<string, string>();
  for (const report of rest)
    for (const [file, { mutants }] of Object.entries(report.files))
      for (const mutant of mutants) {
        // A mutant one run killed is killed by the suite, whatever another run without those
        // tests made of it (a range can hold a mutant another run judges: a description inside
        // a state's object).
        const key = mutantKey(file, mutant);
        if (!DETECTED.has(restStatus.get(key) ?? '')) restStatus.set(key, mutant.status);
      }
  const files: Report['files'] = {};
  for (const [file, mutants] of results) {
    files[file] = {
      mutants: mutants.map((mutant) => {
        if (!isLeft(mutant)) return mutant;
        const status = restStatus.get(mutantKey(file, mutant));
        const fallback = mutant.status === 'NoCoverage' ? 'NoCoverage' : 'Survived';
        return { ...mutant, status: status ?? fallback };
      }),
    };
  }
  return { files };
}
