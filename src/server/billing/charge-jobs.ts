/**
 * Autopay charges as jobs (docs/billing.md "The billing run"): the billing pass commits each new
 * attempt (no lease: nobody holds it yet) and queues its `billing.charge` job in one transaction,
 * a group of attempts at a time. The job's id is a name-based UUID of the attempt key, so that an
 * attempt has one job: queueing it again while its job exists does nothing.
 */
import { chargeAttempts } from '../db/schema.ts';
import type { Executor } from '../db/client.ts';
import { enqueueJobs } from '../jobs/enqueue.ts';
import { nudgeJobs } from '../jobs/registry.ts';
import { slotJobId } from '../jobs/schedule.ts';
import type { BillingDeps, NewAttempt } from './charges.ts';

/** Queues the charge job of each attempt key that has none in the job table. */
export async function queueChargeJobs(
  db: Executor,
  config: BillingDeps['config'],
  keys: readonly string[],
): Promise<void> {
  await enqueueJobs(
    db,
    config,
    'billing.charge',
    keys.map((attemptKey) => ({ attemptKey })),
    (data) => ({ id: slotJobId('billing.charge', data.attemptKey) }),
  );
}

/**
 * Commits the attempts of `list` whose key is new and queues their charge jobs, together; answers
 * how many were new (an attempt whose key exists already has been charged, or is being).
 */
export async function queueCharges(
  deps: BillingDeps,
  list: readonly NewAttempt[],
): Promise<number> {
  if (list.length === 0) return 0;
  const created = await deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .insert(chargeAttempts)
      .values([...list])
      .onConflictDoNothing()
      .returning({ key: chargeAttempts.attemptKey });
    await queueChargeJobs(
      tx,
      deps.config,
      rows.map((row) => row.key),
    );
    return rows.length;
  });
  nudgeJobs(deps.database, 'billing.charge');
  return created;
}
