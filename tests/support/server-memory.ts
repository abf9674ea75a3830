/**
 * Measuring a server process from outside, as an operator sees it: resident memory (VmRSS) and
 * its peak (VmHWM) from /proc/<pid>/status. Used by `npm run bench:memory` and
 * tests/api/memory.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Idle resident memory the server must stay under (issue 10: it was 703 MiB; 300 until PGlite's
 * WebAssembly was compiled by Liftoff alone, which took the idle server from 225 to 267 MiB to
 * 165 to 190 MiB; 210 until the young generation was held at its first size and the start's
 * garbage collected once ready (src/server/cli/memory.mjs), which took a second start from 178 to
 * 189 MiB to 152 to 161). Issue 34's goal, 150 MiB, is printed by `npm run bench:memory`.
 */
export const IDLE_BUDGET_MIB = 180;

/** What `npm start` prints once it listens (src/server/cli/start.ts). */
export const SERVER_READY_TEXT = 'Ready in';

/** What `npm start` runs with plain node: the built server (src/server/cli/start-built.mjs). */
export const SERVER_START = ['src/server/cli/start-built.mjs'];

const root = path.resolve(import.meta.dirname, '../..');

export interface Memory {
  rssMiB: number;
  peakMiB: number;
}

export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plain node, as `npm start` runs the server: one process, whose pid is the server's. */
export function startNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyText: string,
  timeoutMs: number,
) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${readyText}" in time:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
  return { child, ready };
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
