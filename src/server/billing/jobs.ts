/**
 * The billing run's jobs (docs/billing.md "The billing run", docs/operations.md "Jobs"):
 *
 * - `billing.pass`, one per business date (jobs/schedule.ts): the pass of that date, which queues
 *   the charges rather than making them;
 * - `billing.charge`, one per autopay attempt: claims the attempt for the job's lease, asks the
 *   processor with the attempt key as Idempotency-Key and records the answer; an unreachable
 *   processor fails the run, retried with backoff; an attempt another instance holds is retried
 *   once its lease has ended; an attempt found finished is done;
 * - `billing.card-expiry`, one per business date: the "card expiring" emails, through the outbox.
 */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { chargeAttempts, jobProgress } from '../db/schema.ts';
import type { Progress } from '../jobs/progress.ts';
import { claimAttempts, finishAttempts, type BillingDeps, type ProcessorGate } from './charges.ts';
import { PASS_PROGRESS_KIND, runBillingPass, sendCardExpiringNotices } from './run.ts';

/**
 * The bound on this instance's autopay calls to the processor (BILLING_CHARGE_CONCURRENCY): the
 * runner runs four times as many charge jobs at once, so that their database work (claiming,
 * recording, the job's own) happens while others wait for the processor, and the processor always
 * has that many calls in flight (measured: 67 % of in-flight ÷ latency with twice, 80 % with four
 * times, docs/billing.md "Benchmark").
 */
const gates = new WeakMap<object, ProcessorGate>();

export function processorGate(config: BillingDeps['config']): ProcessorGate {
  let gate = gates.get(config);
  if (!gate) {
    const limit = config.jobs.billing.chargeConcurrency;
    let inFlight = 0;
    const waiting: (() => void)[] = [];
    gate = async (call) => {
      if (inFlight >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else inFlight += 1;
      try {
        return await call();
      } finally {
        // The slot goes to the next waiting call, or is given back.
        const next = waiting.shift();
        if (next) next();
        else inFlight -= 1;
      }
    };
    gates.set(config, gate);
  }
  return gate;
}

export async function billingPassJob(deps: BillingDeps, date: string): Promise<void> {
  const report = await runBillingPass(deps, { today: date, charges: 'jobs' });
  deps.logger.info({ billing: report }, 'billing pass done');
}

/** Answers the attempt's end (`succeeded`, `declined`, `submitted`); throws to be retried. */
export async function billingChargeJob(deps: BillingDeps, attemptKey: string): Promise<string> {
  const [claimed] = await claimAttempts(
    deps,
    [attemptKey],
    deps.config.jobs.billing.chargeLeaseSeconds,
  );
  if (!claimed) {
    const [row] = await deps.database.db
      .select({ status: chargeAttempts.status, leaseUntil: chargeAttempts.leaseUntil })
      .from(chargeAttempts)
      .where(eq(chargeAttempts.attemptKey, attemptKey));
    if (row?.status === 'started') {
      throw new Error(
        `charge attempt ${attemptKey} is held until ${row.leaseUntil?.toISOString() ?? 'now'}`,
      );
    }
    // Finished already (by an earlier run, or a pass that resumed it), or never committed.
    return row?.status ?? 'missing';
  }
  const [result] = await finishAttempts(deps, [claimed], processorGate(deps.config));
  if (!result) throw new Error(`charge attempt ${attemptKey} was not finished`);
  if ('error' in result) throw result.error;
  return result.payment.status;
}

export async function cardExpiryJob(deps: BillingDeps, date: string): Promise<void> {
  const sent = await sendCardExpiringNotices(deps, date);
  deps.logger.info({ date, sent }, 'card expiring notices done');
}

/** A charge out of retries stays `started`, unpaid: the log names it; the next pass asks again. */
export function deadCharge(deps: BillingDeps, attemptKey: string, why: string): Promise<void> {
  deps.logger.error({ attempt: attemptKey, why }, 'autopay charge out of retries');
  return Promise.resolve();
}

/** The progress of the latest billing date's pass, if one recorded any (for /metrics). */
export async function latestPassProgress(
  db: Executor,
): Promise<Pick<Progress, 'key' | 'done' | 'total'> | undefined> {
  const [row] = await db
    .select({ key: jobProgress.key, done: jobProgress.done, total: jobProgress.total })
    .from(jobProgress)
    .where(eq(jobProgress.kind, PASS_PROGRESS_KIND))
    .orderBy(desc(jobProgress.key))
    .limit(1);
  return row;
}
