/**
 * Work a request leaves to be done after its answer has been sent, so that the answer's timing
 * never depends on it (a recovery email is looked up and queued only for known accounts). The work
 * is kept per database: {@link settled} waits for it, before the mailbox is read and before the
 * database is closed.
 */
import type { DatabaseHandle } from './db/client.ts';
import type { Logger } from './logger.ts';

const pending = new WeakMap<DatabaseHandle, Set<Promise<void>>>();

/** Runs `work` once the current request has answered; a failure is logged, never thrown. */
export function afterResponse(
  database: DatabaseHandle,
  log: Logger,
  what: string,
  work: () => Promise<void>,
): void {
  let tasks = pending.get(database);
  if (!tasks) {
    tasks = new Set();
    pending.set(database, tasks);
  }
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
    .finally(() => tasks.delete(task));
  tasks.add(task);
}

/** Resolves once no work is left for this database (work queued meanwhile included). */
export async function settled(database: DatabaseHandle): Promise<void> {
  const tasks = pending.get(database);
  while (tasks && tasks.size > 0) await Promise.all([...tasks]);
}
