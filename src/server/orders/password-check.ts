/**
 * The password rules of an order, off the event loop. zxcvbn takes from tens to a few hundred
 * milliseconds of CPU for one long password, synchronously: on the server's only JavaScript thread
 * it would stall every other request meanwhile. The check runs the same shared rules
 * (`newPasswordProblems` of src/shared/password.ts) on worker threads instead: one fewer than
 * the cores (at least one, at most four), so that a core stays free for the event loop. The
 * workers load the TypeScript sources through tsx (a runtime dependency: the server runs on it);
 * if they cannot start, the check runs in this thread.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  newPasswordProblems,
  type NewPasswordInput,
  type PasswordProblems,
} from '#shared/password';

type Answer = { id: number; problems: PasswordProblems } | { id: number; error: string };

interface Pending {
  resolve(problems: PasswordProblems): void;
  reject(error: Error): void;
}

class PasswordWorker {
  readonly pending = new Map<number, Pending>();
  private readonly worker: Worker;

  constructor(onFailure: (error: Error) => void) {
    const url = new URL('./password-check.worker.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); });`;
    this.worker = new Worker(bootstrap, { eval: true });
    this.worker.on('message', (answer: Answer) => {
      const job = this.pending.get(answer.id);
      if (!job) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in answer) job.reject(new Error(answer.error));
      else job.resolve(answer.problems);
    });
    const fail = (error: Error) => {
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
      onFailure(error);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`password worker exited (${code})`)));
    // After the listeners (adding a message listener refs the worker again): the workers must not
    // keep the process alive.
    this.worker.unref();
  }

  check(id: number, input: NewPasswordInput): Promise<PasswordProblems> {
    return new Promise((resolve, reject) => {
      // Busy workers keep the process alive until they answer; idle ones do not.
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, input });
    });
  }
}

let workers: PasswordWorker[] | undefined;
let disabled = false;
let nextId = 1;

function pool(): PasswordWorker[] | undefined {
  if (disabled) return undefined;
  if (!workers) {
    const size = Math.min(4, Math.max(1, os.availableParallelism() - 1));
    try {
      workers = Array.from(
        { length: size },
        () =>
          new PasswordWorker(() => {
            // A broken worker: check in this thread from now on.
            disabled = true;
            workers = undefined;
          }),
      );
    } catch {
      disabled = true;
      return undefined;
    }
  }
  return workers;
}

/** The shared password rules for a new password, checked on a worker thread when possible. */
export async function passwordProblemsOffThread(
  input: NewPasswordInput,
): Promise<PasswordProblems> {
  const available = pool();
  if (!available) return newPasswordProblems(input);
  const worker = available.reduce((best, w) => (w.pending.size < best.pending.size ? w : best));
  try {
    return await worker.check(nextId++, { ...input, userInputs: [...(input.userInputs ?? [])] });
  } catch {
    return newPasswordProblems(input);
  }
}

/** How many worker threads check passwords now (0 when the checks run in this thread). */
export function passwordWorkerCount(): number {
  return workers?.length ?? 0;
}
