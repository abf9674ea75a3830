/**
 * `npm run test:mutation [paths|unit] [glob,…] [--force] [--ignore-static]
 * [--after-paths [--summarize]]` and `npm run test:mutation -- --report`: StrykerJS over
 * machines/ (paths: by the generated path tests alone) or machines/ and src/shared/ (unit: by the
 * whole unit suite), incremental (Stryker's incremental files stay in tests/mutation/cache/,
 * which git ignores, so a run after a small change only tests what changed; without them a run
 * starts from scratch). Prints the mutation score per folder and every surviving mutant. The
 * paths suite runs in groups of files, each by the path tests of the machines that can see it
 * (tests/mutation/targets.ts). The paths runs and `unit --after-paths` write the checked-in
 * figures, tests/mutation/summary.json and docs/testing.md's section made from it
 * (tests/mutation/summary.ts); `--report` prints them without running anything.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, MACHINE_FILES } from '../mutation/stryker.config.mjs';
import {
  combine,
  COUNTED,
  DETECTED,
  leftAtLoad,
  leftByPaths,
  leftoverRuns,
  type Measured,
  pathResults,
  type Report,
  sharedResults,
} from '../mutation/after-paths.ts';
import {
  type FileSummary,
  measure,
  merged,
  readSummary,
  reportText,
  unitMeasure,
  writeSummary,
} from '../mutation/summary.ts';
import { filesMatching, mutationGroups } from '../mutation/targets.ts';

const root = path.resolve(import.meta.dirname, '../..');
const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const suite = positional[0] === 'unit' ? 'unit' : 'paths';
const mutate = positional[1];
/** `--force`: test every mutant again (after a change Stryker cannot see, such as a model's). */
const force = process.argv.includes('--force');
/**
 * `--ignore-static`: leave out the mutants that only run while a module loads (a machine's
 * definition, a constant, a message). Each of those needs the whole suite run again (about 45 s
 * by the unit suite on 2 cores); the others run only the tests that reach them.
 */
const ignoreStatic = process.argv.includes('--ignore-static');
/**
 * `unit --after-paths`: `machines/` and `src/shared/` by the whole unit suite, from the measures
 * already made (the path runs; the whole suite's run with `--ignore-static`) and the rest of the
 * suite over the mutants they left (tests/mutation/after-paths.ts).
 */
const afterPaths = suite === 'unit' && process.argv.includes('--after-paths');
/**
 * `--report`: print the checked-in figures (tests/mutation/summary.json) without running anything
 * and without the incremental files, as in a fresh clone.
 */
if (process.argv.includes('--report')) {
  console.log(reportText(readSummary()));
  process.exit(0);
}
/**
 * `--summarize` (with `--after-paths`): write the summary from the incremental files in
 * tests/mutation/cache/ without running Stryker (each after-paths run's incremental file is its
 * full report), results older than their file included (the summary marks them).
 */
const summarize = afterPaths && process.argv.includes('--summarize');

function stryker(env: Record<string, string>): void {
  const run = spawnSync(
    'npx',
    [
      'stryker',
      'run',
      'tests/mutation/stryker.config.mjs',
      ...(force ? ['--force'] : []),
      ...(ignoreStatic ? ['--ignoreStatic'] : []),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, MUTATION_SUITE: suite, ...env },
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}

/** A file name for a group: its machines, or a digest of them when the list is long. */
function groupName(machines: readonly string[]): string {
  if (machines.length === 0) return 'no-machine';
  const joined = machines.join('+');
  if (joined.length <= 80) return joined;
  const digest = createHash('sha256').update(joined).digest('hex').slice(0, 8);
  return `${machines[0]}-and-${machines.length - 1}-more-${digest}`;
}

/** The files named, without the registrations, samples and chart drawing whatever the globs say. */
const globs = mutate
  ? [...mutate.split(','), ...MACHINE_FILES.filter((g) => g.startsWith('!'))]
  : undefined;

const reports: Report[] = [];
if (afterPaths) {
  const files = filesMatching(globs ?? MACHINE_FILES);
  const groups = (await mutationGroups(files)).map((group) => ({
    ...group,
    name: groupName(group.machines),
  }));
  // machines/: what the path runs left; src/shared/: what the whole suite's run with
  // --ignore-static left out (tests/mutation/after-paths.ts).
  const byPaths = pathResults(groups, { stale: summarize });
  const parts: {
    label: string;
    measured: Measured;
    isLeft: typeof leftByPaths;
    kind: string;
  }[] = [
    {
      label: 'machines/ after the path tests',
      measured: byPaths,
      isLeft: leftByPaths,
      kind: 'behaviour',
    },
    {
      label: 'src/shared/ at load time',
      measured: mutate ? { results: new Map(), sources: new Map() } : sharedResults(),
      isLeft: leftAtLoad,
      kind: 'load-time',
    },
  ];
  // Each run's group, and so its incremental file (stryker.config.mjs), is `after-paths/<name>`.
  const afterPathsDir = path.join(root, CACHE_DIR, 'unit/after-paths');
  const used = new Set<string>();
  const updates: Record<string, Partial<FileSummary>> = {};
  for (const [file, mutants] of byPaths.results)
    updates[file] = { paths: measure(mutants, byPaths.sources.get(file) ?? '') };
  for (const part of parts) {
    const runs = leftoverRuns(part.measured.results, part.isLeft, part.kind);
    const rest: Report[] = [];
    console.log(
      `\n${part.label}: ${runs.reduce((sum, run) => sum + run.left, 0)} mutants left, in ${runs.length} runs`,
    );
    for (const [index, run] of runs.entries()) {
      console.log(
        `\n[${index + 1}/${runs.length}] ${run.left} mutants left, by ${run.tests.join(', ') || 'no test'}`,
      );
      if (run.tests.length === 0) continue;
      if (!summarize)
        stryker({
          MUTATION_MUTATE: run.ranges.join(','),
          MUTATION_TESTS: run.tests.join(','),
          MUTATION_GROUP: `after-paths/${run.name}`,
        });
      used.add(`${run.name}.json`);
      const runFile = path.join(afterPathsDir, `${run.name}.json`);
      if (!existsSync(runFile))
        throw new Error(
          `No results of this run in ${path.relative(root, runFile)}: run \`npm run test:mutation -- unit --after-paths\` (without --summarize).`,
        );
      rest.push(JSON.parse(readFileSync(runFile, 'utf8')) as Report);
    }
    const first = [...part.measured.results.values()].flat();
    const counted = first.filter((m) => COUNTED.has(m.status) || part.isLeft(m)).length;
    const detected = first.filter((m) => DETECTED.has(m.status)).length;
    if (counted > 0)
      console.log(
        `\n${part.label}, before: ${((100 * detected) / counted).toFixed(2)} % (${detected}/${counted}), the mutants left counted as survived`,
      );
    const combined = combine(part.measured.results, rest, part.isLeft);
    reports.push(combined);
    for (const [file, { mutants }] of Object.entries(combined.files))
      updates[file] = {
        ...updates[file],
        unit: unitMeasure(mutants, part.measured.sources.get(file) ?? ''),
      };
  }
  await writeSummary(merged(readSummary(), updates));
  console.log(`\nWrote the figures of ${Object.keys(updates).length} files to the summary.`);
  // A run whose test files changed has a new name: the old name's results are no longer read.
  // Only a measure of every file knows which those are.
  const unused =
    mutate || !existsSync(afterPathsDir)
      ? []
      : readdirSync(afterPathsDir).filter((name) => !used.has(name));
  if (unused.length > 0 && !summarize)
    for (const name of unused) rmSync(path.join(afterPathsDir, name));
  if (unused.length > 0)
    console.log(
      `\n${summarize ? 'Results' : 'Removed the results'} no run reads any more: ${unused.join(', ')}`,
    );
} else if (suite === 'paths') {
  // One Stryker run per group of files that the same registry entries can notice, each running
  // only those entries' path tests (tests/mutation/targets.ts).
  const files = filesMatching(globs ?? MACHINE_FILES);
  const groups = await mutationGroups(files);
  console.log(`${files.length} files in ${groups.length} groups by the machines that see them`);
  for (const [index, group] of groups.entries()) {
    const name = groupName(group.machines);
    console.log(
      `\n[${index + 1}/${groups.length}] ${group.files.join(', ')}\n  by the paths of: ${group.machines.join(', ') || 'no machine'}`,
    );
    stryker({
      MUTATION_MUTATE: group.files.join(','),
      MUTATION_GROUP: name,
      // An empty list would mean every machine; a group no machine sees runs none.
      PATH_MACHINES: group.machines.join(',') || '-',
    });
    const file = path.join(root, `reports/mutation/paths/${name}.json`);
    if (!existsSync(file)) continue;
    const full = JSON.parse(readFileSync(file, 'utf8')) as Report;
    // The report also carries what the group's incremental file still holds of files this run
    // did not mutate (files once in a group of that name, a group no machine sees say): only the
    // group's own files are this run's figures.
    const report: Report = {
      files: Object.fromEntries(
        Object.entries(full.files).filter(([f]) => group.files.includes(f)),
      ),
    };
    reports.push(report);
    // The group's figures by the path tests alone, written at once (a run of every group takes
    // hours); the unit suite's figures of these files follow from `unit --after-paths`.
    await writeSummary(
      merged(
        readSummary(),
        Object.fromEntries(
          Object.entries(report.files).map(([f, entry]) => [
            f,
            { paths: measure(entry.mutants, entry.source ?? '') },
          ]),
        ),
      ),
    );
  }
} else {
  // MUTATION_GROUP names a part measured on its own (`machines`, say): its own incremental file
  // and report, so that measuring it does not drop the results of the rest.
  const group = process.env.MUTATION_GROUP;
  stryker(globs ? { MUTATION_MUTATE: globs.join(',') } : {});
  const file = group ? `reports/mutation/unit/${group}.json` : 'reports/mutation/unit.json';
  reports.push(JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Report);
  console.log(
    '\nThis run is a first measure: `npm run test:mutation -- unit --after-paths` turns it into the checked-in figures.',
  );
}
const report: Report = { files: Object.assign({}, ...reports.map((r) => r.files)) };

const folders = new Map<string, { detected: number; counted: number }>();
const survivors: string[] = [];
for (const [file, { mutants }] of Object.entries(report.files)) {
  const folder = path.dirname(path.relative(root, path.resolve(root, file)));
  const entry = folders.get(folder) ?? { detected: 0, counted: 0 };
  for (const mutant of mutants) {
    if (!COUNTED.has(mutant.status)) continue;
    entry.counted++;
    if (DETECTED.has(mutant.status)) entry.detected++;
    else
      survivors.push(
        `  ${file}:${mutant.location.start.line}:${mutant.location.start.column} ${mutant.mutatorName} (${mutant.status})${mutant.replacement ? ` → ${mutant.replacement.replace(/\s+/g, ' ').slice(0, 80)}` : ''}`,
      );
  }
  folders.set(folder, entry);
}
const pct = (e: { detected: number; counted: number }) =>
  e.counted === 0 ? 'n/a' : `${((100 * e.detected) / e.counted).toFixed(1)} %`;
const total = [...folders.values()].reduce(
  (sum, e) => ({ detected: sum.detected + e.detected, counted: sum.counted + e.counted }),
  { detected: 0, counted: 0 },
);
console.log(`\nMutation score by ${suite === 'paths' ? 'the path tests' : 'the unit suite'}:`);
for (const [folder, entry] of [...folders].sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `  ${folder.padEnd(28)} ${pct(entry).padStart(8)}  (${entry.detected}/${entry.counted})`,
  );
console.log(
  `  ${'all'.padEnd(28)} ${pct(total).padStart(8)}  (${total.detected}/${total.counted})`,
);
console.log(`\nSurviving mutants (${survivors.length}):\n${survivors.join('\n')}`);
