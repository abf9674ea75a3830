/**
 * `npm run test:e2e`: the browser tests, without recording traces; then, only if some failed,
 * those tests once more with the project's trace setting (playwright.config.ts: kept for a failed
 * test), so that each failure leaves its trace to read. The verdict is the first run's: a test
 * that passes the second time still failed.
 *
 * Recording a trace of every test costs about a fifth of the stage's time (the contact editor's
 * paths: 135.4 s of test time with traces, 106.9 s without), and all but the failed tests' traces
 * are thrown away.
 *
 *   tsx tests/tools/browser-tests.ts [playwright test arguments…]
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureSystemPackages } from './ensure-system-packages.ts';

const root = path.resolve(import.meta.dirname, '../..');
const outputDir = path.resolve(root, process.env.E2E_OUTPUT_DIR ?? 'test-results');

function run(command: string, args: string[]): number {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
}

/** The tests the last run failed (Playwright's own record of it). */
function lastFailed(): string[] {
  const file = path.join(outputDir, '.last-run.json');
  if (!existsSync(file)) return [];
  const record = JSON.parse(readFileSync(file, 'utf8')) as { failedTests?: string[] };
  return record.failedTests ?? [];
}

ensureSystemPackages(['chromium-headless-shell']);

const args = process.argv.slice(2);
const status = run('npx', ['playwright', 'test', '--trace', 'off', ...args]);
if (status !== 0) {
  const failed = lastFailed();
  if (failed.length > 0) {
    // The rerun empties the output folder: what the first run left of its failures (each
    // failure's error-context.md, the page as it was) is kept beside it.
    const firstRun = `${outputDir}-first-run`;
    rmSync(firstRun, { recursive: true, force: true });
    cpSync(outputDir, firstRun, { recursive: true });
    console.log(`\n▶ the ${failed.length} failed test(s) again, keeping their traces`);
    run('npx', ['playwright', 'test', '--last-failed', ...args]);
    console.log(
      `\nTraces of the failed tests: ${path.relative(root, outputDir)}/**/trace.zip ` +
        '(npx playwright show-trace <file>); the first run’s failures as it saw them: ' +
        `${path.relative(root, firstRun)}/**/error-context.md. The verdict is the first run’s.`,
    );
  }
}
process.exit(status);
