/**
 * The password rules of an order, off the event loop. zxcvbn takes from tens to a few hundred
 * milliseconds of CPU for one long password, synchronously: on the server's only JavaScript thread
 * it would stall every other request meanwhile. The check runs the same shared rules
 * (`newPasswordProblems` of src/shared/password.ts) in a piscina pool of worker threads instead:
 * at most one fewer than the cores (at least one, at most four), so that a core stays free for
 * the event loop. Workers start on the first check and end after a minute without work, so an idle
 * server holds no copy of the dictionaries. They load the TypeScript sources through tsx (a
 * runtime dependency: the server runs on it); if they cannot start, the check runs in this thread.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import {
  newPasswordProblems,
  type NewPasswordInput,
  type PasswordProblems,
} from '#shared/password';

const WORKER_IDLE_TIMEOUT_MS = 60_000;

let pool: Piscina<NewPasswordInput, PasswordProblems> | undefined;
let disabled = false;

function workerPool(): Piscina<NewPasswordInput, PasswordProblems> | undefined {
  if (disabled) return undefined;
  pool ??= new Piscina({
    filename: new URL('./password-check.worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.min(4, Math.max(1, os.availableParallelism() - 1)),
    idleTimeout: WORKER_IDLE_TIMEOUT_MS,
  });
  return pool;
}

/** The shared password rules for a new password, checked on a worker thread when possible. */
export async function passwordProblemsOffThread(
  input: NewPasswordInput,
): Promise<PasswordProblems> {
  const workers = workerPool();
  if (!workers) return newPasswordProblems(input);
  try {
    return await workers.run({ ...input, userInputs: [...(input.userInputs ?? [])] });
  } catch {
    // A broken worker: check in this thread from now on.
    disabled = true;
    void workers.destroy();
    pool = undefined;
    return newPasswordProblems(input);
  }
}

/** How many worker threads check passwords now (0 when the checks run in this thread). */
export function passwordWorkerCount(): number {
  return pool?.threads.length ?? 0;
}
