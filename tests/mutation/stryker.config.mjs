// StrykerJS over machines/ and src/shared/ (docs/testing.md "Mutation testing").
// MUTATION_SUITE=paths: the generated path tests alone, over machines/;
// MUTATION_SUITE=unit: the whole unit suite, over machines/ and src/shared/.
// MUTATION_MUTATE narrows the files (a comma-separated list of globs), e.g. one machine folder.
// MUTATION_GROUP names one group of files run on its own (tests/mutation/targets.ts): its own
// incremental file and report, so that groups run one after another keep each other's results.
// The incremental files live in CACHE_DIR, which git ignores: the checked-in figures are
// tests/mutation/summary.json (tests/mutation/summary.ts).
const suite = process.env.MUTATION_SUITE === 'unit' ? 'unit' : 'paths';
const group = process.env.MUTATION_GROUP;
/** Stryker's incremental files: local only (.gitignore), a run without them starts from scratch. */
export const CACHE_DIR = 'tests/mutation/cache';
export const MACHINE_FILES = [
  'machines/**/*.ts',
  // Registrations (declarations and samples) and the chart drawing are test and tooling code.
  '!machines/**/*.model.ts',
  '!machines/registry.ts',
  '!machines/registry/**',
  '!machines/charts/**',
  '!machines/**/samples.ts',
  '!machines/**/order-samples.ts',
];
const mutate = process.env.MUTATION_MUTATE
  ? process.env.MUTATION_MUTATE.split(',')
  : suite === 'unit'
    ? [...MACHINE_FILES, 'src/shared/**/*.ts']
    : MACHINE_FILES;

export default {
  testRunner: 'vitest',
  vitest: { configFile: `tests/mutation/vitest.${suite}.config.ts`, related: false },
  plugins: ['@stryker-mutator/vitest-runner', './tests/mutation/ignorers.mjs'],
  // Equivalent mutants, by shape (tests/mutation/ignorers.mjs): placeholder actors, XState's
  // `types`, and in the paths suite the chart text.
  ignorers: ['machine-equivalents'],
  mutate,
  // The generated path tests are named after the paths, and the paths are planned from the
  // machine under mutation: a mutant renames them, so Stryker's per-test selection would run
  // tests that no longer exist and call the mutant survived. The paths suite runs every test of
  // its group for every mutant (a group is small: the paths of the machines that see its files).
  coverageAnalysis: suite === 'paths' ? 'all' : 'perTest',
  concurrency: 2,
  timeoutMS: 20000,
  incremental: true,
  incrementalFile: group ? `${CACHE_DIR}/${suite}/${group}.json` : `${CACHE_DIR}/${suite}.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: {
    fileName: group ? `reports/mutation/${suite}/${group}.json` : `reports/mutation/${suite}.json`,
  },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  // Build output and test results are not copied into the sandbox (a browser run rebuilding the
  // web app meanwhile would pull files from under the copy).
  // Nor are the incremental files (Stryker reads and writes them in the tree itself).
  ignorePatterns: [
    '/dist',
    '/test-results',
    '/playwright-report',
    '/reports',
    '/data',
    `/${CACHE_DIR}`,
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
