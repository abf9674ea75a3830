/**
 * `npm test`: every gate in order, stopping at the first failure, with the time each took. Gates
 * of one group run at the same time (the system packages and the static checks: each mostly waits
 * or uses one core; the API tests and the server process tests, which mostly wait); their
 * output is printed whole, gate by gate, as each finishes.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

interface Step {
  name: string;
  command: string;
  args: string[];
}

const GROUPS: Step[][] = [
  [
    {
      name: 'system packages',
      command: 'npx',
      args: ['tsx', 'tests/tools/ensure-system-packages.ts'],
    },
    { name: 'type check', command: 'npx', args: ['tsc', '--noEmit'] },
    { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
    {
      name: 'format check',
      command: 'npx',
      args: ['prettier', '--check', '--log-level', 'warn', '.'],
    },
    { name: 'Node.js engines', command: 'npx', args: ['tsx', 'tests/tools/check-engines.ts'] },
  ],
  [
    {
      name: 'unit and machine tests',
      command: 'npx',
      args: ['vitest', 'run', '--project', 'unit'],
    },
  ],
  [
    { name: 'API tests', command: 'npx', args: ['vitest', 'run', '--project', 'api'] },
    // Server processes of their own, killed in the middle or left idle: mostly waiting (for
    // leases to run out, for the memory to settle), so they run beside the API tests.
    {
      name: 'server process tests',
      command: 'npx',
      args: ['vitest', 'run', '--project', 'processes'],
    },
  ],
  [{ name: 'web build', command: 'npx', args: ['vite', 'build', '--logLevel', 'warn'] }],
  [{ name: 'bundle budget', command: 'npx', args: ['tsx', 'tests/tools/bundle-budget.ts'] }],
  [{ name: 'browser tests', command: 'npm', args: ['run', '--silent', 'test:e2e'] }],
];

interface Outcome {
  step: Step;
  status: number;
  seconds: string;
}

/** A gate alone: its output goes straight to the terminal. */
function runAlone(step: Step): Outcome {
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit' });
  return { step, status: result.status ?? 1, seconds: secondsSince(started) };
}

/** A gate beside others: its output is kept and printed when it ends. */
function runBeside(step: Step): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n▶ ${step.name}`);
      process.stdout.write(Buffer.concat(output));
      resolve({ step, status: code ?? 1, seconds: secondsSince(started) });
    });
  });
}

function secondsSince(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}

const timings: string[] = [];
const started = performance.now();
for (const group of GROUPS) {
  const outcomes =
    group.length === 1 ? [runAlone(group[0]!)] : await Promise.all(group.map(runBeside));
  for (const { step, seconds } of outcomes)
    timings.push(`  ${step.name.padEnd(24)} ${seconds.padStart(6)} s`);
  const failed = outcomes.filter((outcome) => outcome.status !== 0);
  if (failed.length > 0) {
    for (const { step, seconds } of failed)
      console.error(`\n✖ ${step.name} failed (after ${seconds} s).`);
    console.error('Later steps did not run.');
    console.log(timings.join('\n'));
    process.exit(failed[0]!.status);
  }
}
console.log(`\n✔ every gate passed in ${secondsSince(started)} s`);
console.log(timings.join('\n'));
