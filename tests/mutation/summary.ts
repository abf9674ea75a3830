/**
 * The mutation figures that are checked in: `tests/mutation/summary.json`, one entry per file
 * under mutation, and the generated section of docs/testing.md made from it.
 *
 * Stryker's incremental files (`tests/mutation/cache/`, not in git) hold every mutant of every
 * run: they make a run after a small change fast, but they are large and rewritten by every run.
 * What the project keeps is this summary: for each file, by the path tests alone (`machines/`) and
 * by the whole unit suite (`machines/` and `src/shared/`), how many mutants were killed, survived
 * or not covered, the equivalent ones left out with the reason (tests/mutation/ignorers.mjs) and
 * the surviving mutants, with a digest of the source they were measured on. A real run writes
 * it; `--report` prints it without the incremental files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { COUNTED, DETECTED, type Mutant } from './after-paths.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const SUMMARY_FILE = 'tests/mutation/summary.json';
export const DOCS_FILE = 'docs/testing.md';
/** The markers around docs/testing.md's generated section. */
export const DOCS_START =
  '<!-- mutation-summary:start (generated from tests/mutation/summary.json by npm run test:mutation: do not edit) -->';
export const DOCS_END = '<!-- mutation-summary:end -->';

/** The goals (docs/testing.md "Mutation testing"). */
export const GOALS = { machinesByPaths: 80, bothByUnit: 85 } as const;

/** What one measure made of a file's mutants. */
export interface Counts {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Mutants Stryker could not run (a compile or run-time error): not counted in the score. */
  errors: number;
  /** Equivalent mutants left out of the score, by the reason given (tests/mutation/ignorers.mjs). */
  equivalent: Record<string, number>;
}
export interface Measure extends Counts {
  /** A digest of the source measured: the figure is stale once the file differs. */
  source: string;
}
export interface FileSummary {
  /** `machines/` by the generated path tests alone (`npm run test:mutation -- paths`). */
  paths?: Measure;
  /** By the whole unit suite (`npm run test:mutation -- unit --after-paths`). */
  unit?: Measure & { survivors: string[] };
}
export interface Summary {
  about: string;
  files: Record<string, FileSummary>;
}

const ABOUT =
  'Mutation figures per file, written by npm run test:mutation (docs/testing.md, "Mutation testing"): do not edit.';

export function digest(source: string): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}

/** A file's mutants counted by status; the equivalent ones by their reason. */
export function countsOf(mutants: readonly Mutant[]): Counts {
  const counts: Counts = {
    killed: 0,
    timeout: 0,
    survived: 0,
    noCoverage: 0,
    errors: 0,
    equivalent: {},
  };
  for (const mutant of mutants) {
    if (mutant.status === 'Killed') counts.killed++;
    else if (mutant.status === 'Timeout') counts.timeout++;
    else if (mutant.status === 'Survived') counts.survived++;
    else if (mutant.status === 'NoCoverage') counts.noCoverage++;
    else if (mutant.status === 'Ignored') {
      const reason = mutant.statusReason ?? 'no reason given';
      counts.equivalent[reason] = (counts.equivalent[reason] ?? 0) + 1;
    } else if (mutant.status === 'CompileError' || mutant.status === 'RuntimeError')
      counts.errors++;
  }
  return counts;
}

/** A surviving (or not covered) mutant as one line: place, mutator, status and replacement. */
export function survivorLine(mutant: Mutant): string {
  const replacement = mutant.replacement
    ? ` → ${mutant.replacement.replace(/\s+/g, ' ').slice(0, 80)}`
    : '';
  return `${mutant.location.start.line}:${mutant.location.start.column} ${mutant.mutatorName} (${mutant.status})${replacement}`;
}

export function measure(mutants: readonly Mutant[], source: string): Measure {
  return { ...countsOf(mutants), source: digest(source) };
}

export function unitMeasure(mutants: readonly Mutant[], source: string): FileSummary['unit'] {
  return {
    ...measure(mutants, source),
    survivors: mutants
      .filter((m) => COUNTED.has(m.status) && !DETECTED.has(m.status))
      .map(survivorLine),
  };
}

export function readSummary(): Summary {
  const file = path.join(root, SUMMARY_FILE);
  if (!existsSync(file)) return { about: ABOUT, files: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as Summary;
}

/** The summary with the measures given replacing those of the same files and kind. */
export function merged(summary: Summary, updates: Record<string, Partial<FileSummary>>): Summary {
  const files: Record<string, FileSummary> = { ...summary.files };
  for (const [file, update] of Object.entries(updates)) files[file] = { ...files[file], ...update };
  const sorted = Object.fromEntries(
    Object.keys(files)
      .sort()
      .map((file) => [file, files[file]]),
  );
  return { about: ABOUT, files: sorted };
}

export interface Score {
  detected: number;
  counted: number;
}
export const scoreOf = (c: Counts): Score => ({
  detected: c.killed + c.timeout,
  counted: c.killed + c.timeout + c.survived + c.noCoverage,
});
const add = (a: Score, b: Score): Score => ({
  detected: a.detected + b.detected,
  counted: a.counted + b.counted,
});
const NONE: Score = { detected: 0, counted: 0 };

export function percent(score: Score, digits = 1): string {
  return score.counted === 0
    ? 'n/a'
    : `${((100 * score.detected) / score.counted).toFixed(digits)} %`;
}
const figure = (score: Score, digits = 1) =>
  `${percent(score, digits)} (${score.detected.toLocaleString('en-US')} of ${score.counted.toLocaleString('en-US')})`;

export interface Totals {
  machinesByPaths: Score;
  machinesByUnit: Score;
  sharedByUnit: Score;
  bothByUnit: Score;
  /** By folder: the path tests alone and the unit suite. */
  folders: Map<string, { paths?: Score; unit?: Score; equivalent: number }>;
  /** Equivalent mutants left out of the unit suite's figure, by reason. */
  equivalent: Map<string, number>;
}

export function totals(summary: Summary): Totals {
  const t: Totals = {
    machinesByPaths: NONE,
    machinesByUnit: NONE,
    sharedByUnit: NONE,
    bothByUnit: NONE,
    folders: new Map(),
    equivalent: new Map(),
  };
  for (const [file, entry] of Object.entries(summary.files)) {
    const folder = path.posix.dirname(file);
    const row = t.folders.get(folder) ?? { equivalent: 0 };
    const machines = file.startsWith('machines/');
    if (entry.paths && machines) {
      t.machinesByPaths = add(t.machinesByPaths, scoreOf(entry.paths));
      row.paths = add(row.paths ?? NONE, scoreOf(entry.paths));
    }
    if (entry.unit) {
      const score = scoreOf(entry.unit);
      if (machines) t.machinesByUnit = add(t.machinesByUnit, score);
      else t.sharedByUnit = add(t.sharedByUnit, score);
      t.bothByUnit = add(t.bothByUnit, score);
      row.unit = add(row.unit ?? NONE, score);
      for (const [reason, count] of Object.entries(entry.unit.equivalent)) {
        t.equivalent.set(reason, (t.equivalent.get(reason) ?? 0) + count);
        row.equivalent += count;
      }
    }
    t.folders.set(folder, row);
  }
  return t;
}

/** The files whose measures were made on another version of them (or that no longer exist). */
export function staleFiles(
  summary: Summary,
  read: (file: string) => string | undefined = (file) => {
    const full = path.join(root, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  },
): { file: string; kinds: string[] }[] {
  const stale: { file: string; kinds: string[] }[] = [];
  for (const [file, entry] of Object.entries(summary.files)) {
    const now = read(file);
    const current = now === undefined ? undefined : digest(now);
    const kinds = (['paths', 'unit'] as const).filter(
      (kind) => entry[kind] && entry[kind].source !== current,
    );
    if (kinds.length > 0) stale.push({ file, kinds: [...kinds] });
  }
  return stale;
}

/**
 * docs/testing.md's generated section (without the markers): made from the summary alone, so that
 * a change of a file does not change the docs (`--report` names the files changed since).
 */
export function docsSection(summary: Summary): string {
  const t = totals(summary);
  const met = (score: Score, goal: number) =>
    score.counted > 0 && (100 * score.detected) / score.counted >= goal ? 'met' : 'not met';
  const lines = [
    '| Measure | Score | Goal |',
    '| --- | --- | --- |',
    `| \`machines/\` by the path tests alone | ${figure(t.machinesByPaths, 2)} | ≥ ${GOALS.machinesByPaths} %: ${met(t.machinesByPaths, GOALS.machinesByPaths)} |`,
    `| \`machines/\` by the unit suite | ${figure(t.machinesByUnit, 2)} | |`,
    `| \`src/shared/\` by the unit suite | ${figure(t.sharedByUnit, 2)} | |`,
    `| Both by the unit suite | ${figure(t.bothByUnit, 2)} | ≥ ${GOALS.bothByUnit} %: ${met(t.bothByUnit, GOALS.bothByUnit)} |`,
    '',
    '| Folder | Path tests alone | Unit suite | Equivalent, left out |',
    '| --- | --- | --- | --- |',
    ...[...t.folders]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([folder, row]) =>
          `| \`${folder}\` | ${row.paths ? figure(row.paths) : '–'} | ${row.unit ? figure(row.unit) : '–'} | ${row.equivalent} |`,
      ),
    '',
    'Equivalent mutants left out of the unit suite’s figure, by the reason `tests/mutation/ignorers.mjs` gives:',
    '',
    ...[...t.equivalent]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([reason, count]) => `- ${count}: ${reason}`),
  ];
  return lines.join('\n');
}

/** The text with its section between the markers replaced. */
export function withSection(text: string, section: string): string {
  const start = text.indexOf(DOCS_START);
  const end = text.indexOf(DOCS_END);
  if (start < 0 || end < start)
    throw new Error(`${DOCS_FILE} has no section between ${DOCS_START} and ${DOCS_END}.`);
  return `${text.slice(0, start + DOCS_START.length)}\n\n${section.trim()}\n\n${text.slice(end)}`;
}

async function formatted(text: string, file: string): Promise<string> {
  const options = (await resolveConfig(path.join(root, file))) ?? {};
  return format(text, { ...options, filepath: path.join(root, file) });
}

/** docs/testing.md with the section made from the summary, formatted as the project formats it. */
export async function docsWithSummary(summary: Summary, docs: string): Promise<string> {
  const section = await formatted(docsSection(summary), DOCS_FILE);
  return withSection(docs, section);
}

/** Writes the summary and docs/testing.md's section made from it. */
export async function writeSummary(summary: Summary): Promise<void> {
  writeFileSync(
    path.join(root, SUMMARY_FILE),
    await formatted(JSON.stringify(summary), SUMMARY_FILE),
  );
  const docsFile = path.join(root, DOCS_FILE);
  writeFileSync(docsFile, await docsWithSummary(summary, readFileSync(docsFile, 'utf8')));
}

/** The report `--report` prints: the figures, the stale files and every surviving mutant. */
export function reportText(summary: Summary, stale = staleFiles(summary)): string {
  const t = totals(summary);
  const out = ['Mutation score by the unit suite (tests/mutation/summary.json):'];
  for (const [folder, row] of [...t.folders].sort(([a], [b]) => a.localeCompare(b)))
    if (row.unit)
      out.push(
        `  ${folder.padEnd(28)} ${percent(row.unit).padStart(8)}  (${row.unit.detected}/${row.unit.counted})`,
      );
  out.push(
    `  ${'all'.padEnd(28)} ${percent(t.bothByUnit).padStart(8)}  (${t.bothByUnit.detected}/${t.bothByUnit.counted})`,
    '',
    `machines/ by the path tests alone: ${figure(t.machinesByPaths, 2)} (goal ${GOALS.machinesByPaths} %)`,
    `machines/ by the unit suite:       ${figure(t.machinesByUnit, 2)}`,
    `src/shared/ by the unit suite:     ${figure(t.sharedByUnit, 2)}`,
    `both by the unit suite:            ${figure(t.bothByUnit, 2)} (goal ${GOALS.bothByUnit} %)`,
    '',
    'Equivalent, left out:',
    ...[...t.equivalent].map(([reason, count]) => `  ${count}: ${reason}`),
  );
  if (stale.length > 0)
    out.push(
      '',
      `Measured on an earlier version of the file (${stale.length}):`,
      ...stale.map(({ file, kinds }) => `  ${file} (${kinds.join(', ')})`),
    );
  const survivors = Object.entries(summary.files).flatMap(([file, entry]) =>
    (entry.unit?.survivors ?? []).map((line) => `  ${file}:${line}`),
  );
  out.push('', `Surviving mutants (${survivors.length}):`, ...survivors);
  return out.join('\n');
}
