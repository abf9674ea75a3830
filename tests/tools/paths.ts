/**
 * `npm run test:paths [-- <machine>…]`: runs the generated path tests of every registered machine
 * (or the ones named) and prints a coverage table per machine and every path in words.
 * Exits with 1 when a path fails or coverage is incomplete. Vitest runs the same paths in `npm test`
 * (tests/machines/paths.test.ts).
 */
import { MACHINES } from '../../machines/registry.ts';
import {
  coverageOf,
  isComplete,
  percent,
  type CoverageReport,
} from '../machines/paths/coverage.ts';
import { planPaths, type MachinePlan } from '../machines/paths/plan.ts';
import { emptyVisited, runPath } from '../machines/paths/run.ts';

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !MACHINES.some((entry) => entry.name === name));
if (unknown.length) {
  console.error(
    `Unknown machine(s): ${unknown.join(', ')}. Registered: ${MACHINES.map((e) => e.name).join(', ')}`,
  );
  process.exit(2);
}
const entries = wanted.length ? MACHINES.filter((e) => wanted.includes(e.name)) : MACHINES;

interface Result {
  plan: MachinePlan;
  report: CoverageReport;
  failures: { title: string; message: string }[];
  planMs: number;
  runMs: number;
}

const started = performance.now();
const results: Result[] = [];
for (const entry of entries) {
  const planStart = performance.now();
  const plan = planPaths(entry);
  const planMs = performance.now() - planStart;
  const visited = emptyVisited();
  const failures: Result['failures'] = [];
  const runStart = performance.now();
  for (const path of plan.paths) {
    try {
      await runPath(plan, path, { visited });
    } catch (error) {
      failures.push({ title: path.title, message: (error as Error).message });
    }
  }
  const runMs = performance.now() - runStart;
  results.push({
    plan,
    report: coverageOf(entry, plan.model, visited, plan.labels),
    failures,
    planMs,
    runMs,
  });
}
const totalMs = performance.now() - started;

const ms = (value: number) => `${Math.round(value)} ms`;
const fraction = (count: { covered: number; total: number }) =>
  `${count.covered}/${count.total} ${percent(count)}`;

const header = [
  'Machine',
  'States',
  'Transitions',
  'Unreachable (s/t)',
  'Paths',
  'Declared',
  'Checks',
  'Failed',
  'Vertices',
  'Edges',
  'Time',
];
const rows = results.map(({ plan, report, failures, planMs, runMs }) => [
  plan.entry.name,
  fraction(report.states),
  fraction(report.transitions),
  `${report.states.excused.length}/${report.transitions.excused.length}`,
  String(plan.paths.length),
  `${report.declared.checked}/${report.declared.rows}`,
  String(report.declared.checks),
  String(failures.length),
  String(plan.vertices),
  String(plan.edges),
  ms(planMs + runMs),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');

console.log(`\nGenerated path tests (machines/registry.ts)\n`);
console.log(line(header));
console.log(widths.map((w) => '─'.repeat(w)).join('  '));
rows.forEach((row) => console.log(line(row)));
const sum = (of: (r: Result) => number) => results.reduce((total, r) => total + of(r), 0);
const totalPaths = sum((r) => r.plan.paths.length);
console.log(
  `\n${results.length} machines, ${sum((r) => r.report.states.total)} states, ` +
    `${sum((r) => r.report.transitions.total)} transitions, ${totalPaths} paths in ${ms(totalMs)}; ` +
    `${sum((r) => r.report.declared.checked)}/${sum((r) => r.report.declared.rows)} declared rows ` +
    `checked (${sum((r) => r.report.declared.boundaries)} boundary samples), ` +
    `${sum((r) => r.report.declared.checks)} declared expectations checked in all.\n` +
    "Declared: rows of the registration's expect (sample and timer rows) checked by some path / " +
    'declared. Checks: declared expectations checked, step by step, over all paths. ' +
    'Unreachable: states/transitions listed in the entry with a reason (printed below).',
);

let ok = true;
for (const { plan, report, failures } of results) {
  const { entry } = plan;
  console.log(`\n${entry.name}: ${entry.title}`);
  console.log(
    `  states ${fraction(report.states)}, transitions ${fraction(report.transitions)}, ` +
      `${plan.paths.length} paths${plan.simplePaths ? ' (simple paths included)' : ''}`,
  );
  plan.paths.forEach((path, i) => {
    const failed = failures.find((f) => f.title === path.title);
    console.log(`  ${String(i + 1).padStart(3)}. ${failed ? '✖' : '✔'} ${path.title}`);
    if (failed) console.log(failed.message.replace(/^/gm, '         '));
  });
  for (const { id, reason } of [...report.states.excused, ...report.transitions.excused])
    console.log(`  unreachable: ${id}: ${reason}`);
  for (const id of report.states.missing) console.log(`  ✖ state never reached: ${id}`);
  for (const id of report.transitions.missing) console.log(`  ✖ transition never taken: ${id}`);
  for (const problem of report.problems) console.log(`  ✖ ${problem}`);
  console.log(`  every edge of the graph judged: ${plan.graph.checks} declared rows checked`);
  for (const problem of plan.graph.problems) console.log(`  ✖ edge ${problem}`);
  if (failures.length || plan.graph.problems.length || !isComplete(report)) ok = false;
}

if (!ok) {
  console.error('\n✖ path tests failed or coverage is incomplete');
  process.exit(1);
}
console.log('\n✔ every path passed; every state and transition is covered or listed unreachable');
