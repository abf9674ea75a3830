/**
 * Real server processes on one PostgreSQL database, for the tests that kill one (SIGKILL) in the
 * middle of its work: each is tests/api/order-crash-server.ts, started as `npm start` starts a
 * server, with a data folder of its own, and is ready once it prints `READY <origin>`. The
 * instances of a test file share the environment `env()` gives (leases, intervals, engines);
 * `stopAll` kills what is left and removes the folders.
 *
 * An instance lives for the test that started it: after each test, every instance it started is
 * killed. An instance left running from an earlier test would poll the same job table and could
 * take the next test's job in place of the instance that test means to kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect } from 'vitest';
import { freePort } from './postgres.ts';

const SERVER_ENTRY = path.join(import.meta.dirname, '../api/order-crash-server.ts');

export interface Instance {
  child: ChildProcess;
  /** Where it listens (`http://127.0.0.1:<port>`). */
  origin: string;
  /** Everything it printed so far. */
  output: () => string;
}

export interface Instances {
  /** Starts a server with the shared environment and `env`, and waits until it listens. */
  start(env?: Record<string, string>): Promise<Instance>;
  /** A folder of this file's, removed by `stopAll`. */
  folder(prefix: string): string;
  stopAll(): Promise<void>;
}

export function serverInstances(options: {
  /** Names the data folders. */
  name: string;
  databaseUrl: () => string;
  env: () => Record<string, string>;
  logLevel?: 'error' | 'warn';
}): Instances {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const killAll = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
  };
  afterEach(killAll);
  const folder = (prefix: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${options.name}-${prefix}-`));
    dirs.push(dir);
    return dir;
  };
  return {
    folder,
    async start(env = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: options.logLevel ?? 'warn',
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          DATA_DIR: folder('data'),
          DATABASE_URL: options.databaseUrl(),
          BANK_ENCRYPTION_KEY: '7e57'.repeat(16),
          ...options.env(),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      const origin = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const ready = /READY (\S+)/.exec(output);
          if (ready) resolve(ready[1]!);
        });
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
      });
      return { child, origin, output: () => output };
    },
    async stopAll() {
      await killAll();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Kills `child` at once (no chance to finish anything) and waits until it is gone. */
export async function killNow(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  await exited(child);
  expect(child.signalCode).toBe('SIGKILL');
}

/** Resolves with `promise`, or rejects after `ms` saying what was awaited. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms).then(() => Promise.reject(new Error(`${what}: not within ${ms} ms`))),
  ]);
}

/** Waits (bounded) until `check` holds; answers whether it did. */
export async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}
