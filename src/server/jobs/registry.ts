/**
 * Which job runner serves which database in this process, so that code that queues a job can
 * tell it to look now (`nudge`), and `settled` (background.ts), /health and /metrics can find it.
 */
import type { DatabaseHandle } from '../db/client.ts';
import type { JobKind } from './queues.ts';

/** What is known of a runner without loading its job handlers. */
export interface RunnerHandle {
  /** Polling its queues (start() was called and stop() not yet). */
  readonly running: boolean;
  /** stop() was called: it runs nothing more, on demand or not. */
  readonly stopped: boolean;
  /** Runs every due job now, until none is due; resolves with how many ran. */
  drain(options?: { ignoreBackoff?: boolean }): Promise<number>;
  /** Looks at this kind's queue now rather than at its next poll (when running). */
  nudge(kind: JobKind): void;
  /** Jobs run by this process since it started, by queue and outcome. */
  runs(): ReadonlyMap<string, { completed: number; failed: number; seconds: number }>;
}

const runners = new WeakMap<DatabaseHandle, RunnerHandle>();

export function registerRunner(database: DatabaseHandle, runner: RunnerHandle): void {
  runners.set(database, runner);
}

export function runnerOf(database: DatabaseHandle | undefined): RunnerHandle | undefined {
  return database ? runners.get(database) : undefined;
}

/** Tells the runner of `database`, if it is running in this process, to look at `kind` now. */
export function nudgeJobs(database: DatabaseHandle | undefined, kind: JobKind): void {
  runnerOf(database)?.nudge(kind);
}
