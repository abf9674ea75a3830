/**
 * Work a request leaves for after its answer is a job of the job runner (src/server/jobs), queued
 * in the database before the answer is sent, so that it outlives the process: a recovery email is
 * looked up and queued by a `recovery.*` job, the same for known and unknown accounts, and every
 * email is delivered by a `mail.deliver` job.
 *
 * {@link settled} is where a caller waits for that work in this process: the mailbox (so that it
 * shows the recovery emails asked for so far) and the API tests, whose runner is not started and
 * runs jobs only when driven.
 */
import type { DatabaseHandle } from './db/client.ts';
import { runnerOf } from './jobs/registry.ts';

/**
 * Runs every job that is due on this database's runner in this process, until none is (jobs they
 * queue included), unless the runner was stopped. A job waiting for its retry is not due.
 */
export async function settled(database: DatabaseHandle): Promise<void> {
  const runner = runnerOf(database);
  if (runner && !runner.stopped) await runner.drain();
}
