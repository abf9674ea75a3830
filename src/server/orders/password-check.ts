/**
 * The password rules of an order, off the event loop. zxcvbn takes from tens to a few hundred
 * milliseconds of CPU for one long password, synchronously: on the server's only JavaScript thread
 * it would stall every other request meanwhile. The check runs the same shared rules
 * (`newPasswordProblems` of src/shared/password.ts) in a piscina pool of worker threads instead:
 * one per core (at most four). With one fewer than the cores, a 2-core server checked every order
 * of a burst on one thread, one after another (issue 34: most of an order's time was that queue);
 * the event loop waits on the database and the hash most of an order's time, so it keeps up. Workers start on the first check and end after a minute without work, so an idle
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
    maxThreads: Math.min(4, os.availableParallelism()),
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
