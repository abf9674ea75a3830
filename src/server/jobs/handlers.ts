/** What a job of each kind does, and what happens when one runs out of retries. */
import { pruneActivityJob } from '../activity/prune.ts';
import { sendPasswordLink, sendUsernameReminder } from '../session/recovery.ts';
import { billingChargeJob, billingPassJob, cardExpiryJob, deadCharge } from '../billing/jobs.ts';
import type { AppDeps } from '../context.ts';
import { runDnsPublish, runDnsReconcile } from '../dns/jobs.ts';
import { deliverOutboxRow, markMailFailed } from '../mail/delivery.ts';
import type { JobData, JobKind } from './queues.ts';

type Handler<K extends JobKind> = (deps: AppDeps, data: JobData[K]) => Promise<unknown>;

/** A job succeeds when its handler resolves; a throw fails the run, which is retried. */
export const JOB_HANDLERS: { [K in JobKind]: Handler<K> } = {
  'mail.deliver': (deps, { outboxId }) => deliverOutboxRow(deps, outboxId),
  'recovery.password': (deps, { username, runKey, ...from }) =>
    sendPasswordLink(deps, username, from, runKey),
  'recovery.username': (deps, { email, runKey, ...from }) =>
    sendUsernameReminder(deps, email, from, runKey),
  'billing.pass': (deps, { date }) => billingPassJob(deps, date),
  'billing.charge': (deps, { attemptKey }) => billingChargeJob(deps, attemptKey),
  'billing.card-expiry': (deps, { date }) => cardExpiryJob(deps, date),
  'dns.publish': (deps, { servedName }) => runDnsPublish(deps, servedName),
  'dns.reconcile': (deps) => runDnsReconcile(deps),
  'activity.prune': (deps) => pruneActivityJob(deps),
};

type DeadLetterHandler<K extends JobKind> = (
  deps: AppDeps,
  data: JobData[K],
  why: string,
) => Promise<void>;

/**
 * Run on a job of the dead-letter queue (its last retry failed; `why` is that run's error), after
 * the runner has logged it. Then the dead letter is completed: it stays visible in its queue's
 * completed jobs until archived.
 */
export const DEAD_LETTER_HANDLERS: { [K in JobKind]?: DeadLetterHandler<K> } = {
  'mail.deliver': (deps, { outboxId }, why) => markMailFailed(deps, outboxId, why),
  'billing.charge': (deps, { attemptKey }, why) => deadCharge(deps, attemptKey, why),
};
