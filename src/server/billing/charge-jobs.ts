/**
 * Autopay charges as jobs (docs/billing.md "The billing run"): the billing pass commits each new
 * attempt (no lease: nobody holds it yet) and queues its `billing.charge` job in one transaction,
 * a group of attempts at a time. The job's id is a name-based UUID of the attempt key, so that an
 * attempt has one job: queueing it again while its job exists does nothing.
 */
import { sql } from 'drizzle-orm';
import { chargeAttempts } from '../db/schema.ts';
import { insertUnnest } from '../db/bulk.ts';
import type { Executor } from '../db/client.ts';
import { enqueueJobs } from '../jobs/enqueue.ts';
import { JOB_SCHEMA } from '../jobs/queues.ts';
import { nudgeJobs } from '../jobs/registry.ts';
import { slotJobId } from '../jobs/schedule.ts';
import type { BillingDeps, NewAttempt } from './charges.ts';

/** The id of an attempt's charge job. */
export function chargeJobId(attemptKey: string): string {
  return slotJobId('billing.charge', attemptKey);
}

/**
 * Queues the charge job of each attempt key that has none in the job table (one waiting, running
 * or finished there stays the one); answers how many were queued.
 */
export async function queueChargeJobs(
  db: Executor,
  config: BillingDeps['config'],
  keys: readonly string[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const ids = keys.map(chargeJobId);
  const result = (await db.execute(
    sql`select id::text as id from ${sql.raw(JOB_SCHEMA)}.job
        where name = 'billing.charge' and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  )) as unknown as { rows: { id: string }[] };
  const queued = new Set(result.rows.map((row) => row.id));
  const missing = keys.filter((_, index) => !queued.has(ids[index]!));
  await enqueueJobs(
    db,
    config,
    'billing.charge',
    missing.map((attemptKey) => ({ attemptKey })),
    (data) => ({ id: chargeJobId(data.attemptKey) }),
  );
  return missing.length;
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
    const rows = await insertUnnest(tx, chargeAttempts, list, {
      onConflictDoNothing: true,
      returning: { key: chargeAttempts.attemptKey },
    });
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
