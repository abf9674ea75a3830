/**
 * `npm test`: every gate in order, stopping at the first failure, with the time each took.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const STEPS: { name: string; command: string; args: string[] }[] = [
  {
    name: 'system packages',
    command: 'npx',
    args: ['tsx', 'tests/tools/ensure-system-packages.ts'],
  },
  { name: 'type check', command: 'npx', args: ['tsc', '--noEmit'] },
  {
    name: 'Node.js engines',
    command: 'npx',
    args: ['tsx', 'tests/tools/check-engines.ts'],
  },
  { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
  {
    name: 'format check',
    command: 'npx',
    args: ['prettier', '--check', '--log-level', 'warn', '.'],
  },
  { name: 'unit and machine tests', command: 'npx', args: ['vitest', 'run', '--project', 'unit'] },
  { name: 'API tests', command: 'npx', args: ['vitest', 'run', '--project', 'api'] },
  { name: 'web build', command: 'npx', args: ['vite', 'build', '--logLevel', 'warn'] },
  { name: 'bundle budget', command: 'npx', args: ['tsx', 'tests/tools/bundle-budget.ts'] },
  { name: 'browser tests', command: 'npm', args: ['run', '--silent', 'test:e2e'] },
];

const timings: string[] = [];
const started = performance.now();
for (const step of STEPS) {
  console.log(`\n▶ ${step.name}`);
  const stepStarted = performance.now();
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - stepStarted) / 1000).toFixed(1);
  timings.push(`  ${step.name.padEnd(24)} ${seconds.padStart(6)} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} failed (after ${seconds} s). Later steps did not run.`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✔ every gate passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(timings.join('\n'));
