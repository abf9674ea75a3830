/**
 * `npm run test:mutation [paths|unit] [glob,…]`: StrykerJS over machines/ (paths: by the generated
 * path tests alone) or machines/ and src/shared/ (unit: by the whole unit suite), incremental
 * (tests/mutation/incremental-<suite>.json is checked in, so a run after a small change only tests
 * what changed). Prints the mutation score per folder and every surviving mutant.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const suite = process.argv[2] === 'unit' ? 'unit' : 'paths';
const mutate = process.argv[3];

const run = spawnSync('npx', ['stryker', 'run', 'tests/mutation/stryker.config.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    MUTATION_SUITE: suite,
    ...(mutate ? { MUTATION_MUTATE: mutate } : {}),
  },
});
if (run.status !== 0) process.exit(run.status ?? 1);

interface Mutant {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number } };
}
const report = JSON.parse(
  readFileSync(path.join(root, `reports/mutation/${suite}.json`), 'utf8'),
) as { files: Record<string, { mutants: Mutant[] }> };

const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
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
