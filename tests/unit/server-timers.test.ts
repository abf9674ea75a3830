/**
 * Background work is a job of the job runner, never a timer of one instance (issue 31 "One job
 * runner": "Every piece of background work runs on one job runner kept in the database";
 * docs/operations.md "Jobs", "Recurring jobs"). The server's code has no `setInterval` at all, and
 * a wait on a timer (`setTimeout`, `node:timers/promises`) only where the list below says why: the
 * runner's own wait between two looks at its queues, and waits inside one request or one test
 * hook. A billing pass or a DNS reconcile once ran on `setInterval` in every instance.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(__dirname, '../../src/server');

/** The server files that may wait on a timer, and why. */
const WAITS_ALLOWED: Record<string, string> = {
  'jobs/runner.ts': 'the runner waits JOB_POLL_SECONDS between two looks at an idle queue',
  'billing/routes.ts': 'a payment request waits, within its answer, for the same key’s payment',
  'billing/charges.ts': 'the tests’ pause hook of the billing run (billingTestPause)',
  'dns/local-powerdns.ts': 'waiting for a local PowerDNS to answer after starting it',
};

function serverFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The code without its comments (a comment may name a timer). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('the server’s background work', () => {
  const files = serverFiles().map((file) => ({
    name: path.relative(SERVER, file).split(path.sep).join('/'),
    text: code(file),
  }));

  it('reads the server’s files', () => {
    expect(files.map((f) => f.name)).toContain('jobs/runner.ts');
  });

  it('has no setInterval anywhere', () => {
    expect(files.filter((f) => /\bsetInterval\b/.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  it('waits on a timer only where it is listed, with its reason', () => {
    const waiting = files
      .filter((f) => /\bsetTimeout\b|\bsetImmediate\b|node:timers/.test(f.text))
      .map((f) => f.name)
      .sort();
    expect(waiting).toEqual(Object.keys(WAITS_ALLOWED).sort());
  });
});
