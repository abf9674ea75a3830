/**
 * The kinds of job the runner knows, what each carries, and each one's policy: its retries with
 * backoff, its lease (how long a run may hold the job before another instance takes it over),
 * how long it may wait (its maximum age), and its dead-letter queue. docs/operations.md lists
 * them for operators.
 */
import type { Config } from '../config.ts';
import type { DnsConfig } from '../dns/config.ts';

/** The PostgreSQL schema of the job runner's tables (pg-boss's). */
export const JOB_SCHEMA = 'pgboss';

/** What each kind of job carries (JSON in the job table). */
/**
 * Where a recovery request came from, and the key its job was queued with (`runKey`, a random
 * UUID of the server's): a run again after the first one committed sends nothing twice.
 */
interface RecoveryRun {
  address?: string;
  requestId?: string;
  runKey?: string;
}

export interface JobData {
  /** Deliver one row of the email outbox (src/server/mail/delivery.ts). */
  'mail.deliver': { outboxId: number };
  /** Look up a username and email it a password link, if it has an email (session/recovery.ts). */
  'recovery.password': RecoveryRun & { username: string };
  /** Email the usernames registered with an address, if any (session/recovery.ts). */
  'recovery.username': RecoveryRun & { email: string };
  /** The billing pass of a billing date (billing/run.ts); one per date (jobs/schedule.ts). */
  'billing.pass': { date: string };
  /** Charge one autopay attempt at its processor, with its key as Idempotency-Key (billing/jobs.ts). */
  'billing.charge': { attemptKey: string };
  /** Email "card expiring" for the saved cards that expire soon (billing/run.ts); one per date. */
  'billing.card-expiry': { date: string };
  /** Send a served name (a zone or an alias) to the name server as stored (dns/jobs.ts). */
  'dns.publish': { servedName: string };
  /** Compare every served name whole with the name server (dns/jobs.ts); one per slot. */
  'dns.reconcile': { slot: string };
  /** Delete the activity log's entries past their retention (activity/prune.ts); one per date. */
  'activity.prune': { date: string };
}

export type JobKind = keyof JobData;

export const JOB_KINDS: readonly JobKind[] = [
  'mail.deliver',
  'recovery.password',
  'recovery.username',
  'billing.pass',
  'billing.charge',
  'billing.card-expiry',
  'dns.publish',
  'dns.reconcile',
  'activity.prune',
];

/** Where a job of `kind` goes when its last retry failed. */
export function deadLetterQueue(kind: JobKind): string {
  return `${kind}.dead`;
}

/** Every queue: each kind's, then each dead-letter queue. */
export const JOB_QUEUES: readonly string[] = [...JOB_KINDS, ...JOB_KINDS.map(deadLetterQueue)];

/** How a job of one kind is retried, leased and kept (pg-boss's send options). */
export interface JobPolicy {
  /** Retries after the first run. */
  retryLimit: number;
  /** Seconds before the first retry; each next one waits twice as long, with jitter. */
  retryDelay: number;
  retryBackoff: true;
  /** The lease: a run that has not finished by then is failed and the job retried elsewhere. */
  expireInSeconds: number;
  /** The maximum age: a job still waiting this long after it was queued is archived, not run. */
  retentionSeconds: number;
  deadLetter: string;
}

/**
 * Retries whose doubling delays (the shortest, without jitter) add up to `seconds` at least:
 * delay × (2^n − 1) ≥ seconds.
 */
export function retriesSpanning(seconds: number, delay: number): number {
  return Math.ceil(Math.log2(seconds / delay + 1));
}

/**
 * A DNS publication: retries for about an hour (a reconcile sends everything again later), the
 * lease DNS_PUBLISH_LEASE_SECONDS. A change queues its job inside the DNS store's transaction,
 * where no configuration is at hand, so the job takes this policy from its queue, which each
 * instance sets at start (dns/jobs.ts `startDnsPublication`).
 */
export function dnsPublishPolicy(dns: Pick<DnsConfig, 'leaseSeconds' | 'retrySeconds'>): JobPolicy {
  return {
    retryLimit: retriesSpanning(3600, dns.retrySeconds),
    retryDelay: dns.retrySeconds,
    retryBackoff: true,
    expireInSeconds: dns.leaseSeconds,
    retentionSeconds: 2 * 3600,
    deadLetter: deadLetterQueue('dns.publish'),
  };
}

export function jobPolicy(
  config: Pick<Config, 'jobs'> & Partial<Pick<Config, 'dns'>>,
  kind: JobKind,
): JobPolicy {
  const deadLetter = deadLetterQueue(kind);
  if (kind === 'dns.publish') {
    return dnsPublishPolicy(config.dns ?? { leaseSeconds: 60, retrySeconds: 1 });
  }
  if (kind === 'activity.prune') {
    // One delete: safe to run again, and the next date's job does it anyway.
    return {
      retryLimit: 3,
      retryDelay: Math.min(60, config.jobs.dailyLeaseSeconds),
      retryBackoff: true,
      expireInSeconds: config.jobs.dailyLeaseSeconds,
      retentionSeconds: 86_400,
      deadLetter,
    };
  }
  if (kind === 'dns.reconcile') {
    // Marks every name and queues its publication in one transaction: quick; the next slot's job
    // does it anyway. The lease of a publication.
    return {
      retryLimit: 2,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: config.dns?.leaseSeconds ?? 60,
      retentionSeconds: 3600,
      deadLetter,
    };
  }
  if (kind === 'billing.pass' || kind === 'billing.card-expiry') {
    // Safe to run again: a retry (or the next date's job) finishes what a failed run left; the
    // first retry after a minute, or after the lease when that is shorter.
    const lease =
      kind === 'billing.pass'
        ? config.jobs.billing.passLeaseSeconds
        : config.jobs.dailyLeaseSeconds;
    return {
      retryLimit: 6,
      retryDelay: Math.min(60, lease),
      retryBackoff: true,
      expireInSeconds: lease,
      retentionSeconds: 86_400,
      deadLetter,
    };
  }
  if (kind === 'billing.charge') {
    const { chargeRetrySeconds, chargeLeaseSeconds } = config.jobs.billing;
    // Retries for about three days (an unreachable processor); each retry asks with the same key.
    return {
      retryLimit: retriesSpanning(3 * 86_400, chargeRetrySeconds),
      retryDelay: chargeRetrySeconds,
      retryBackoff: true,
      expireInSeconds: chargeLeaseSeconds,
      retentionSeconds: 4 * 86_400,
      deadLetter,
    };
  }
  if (kind === 'mail.deliver') {
    const { retrySeconds, leaseSeconds, maxAgeHours } = config.jobs.mail;
    const maxAge = maxAgeHours * 3600;
    return {
      // Retries reach past the email's maximum age; the maintenance pass gives it up at that age.
      retryLimit: retriesSpanning(maxAge, retrySeconds) + 2,
      retryDelay: retrySeconds,
      retryBackoff: true,
      expireInSeconds: leaseSeconds,
      // Never archived before the maintenance pass has marked a stale email failed.
      retentionSeconds: 2 * maxAge + 86_400,
      deadLetter,
    };
  }
  // Recovery requests: a few quick retries; an hour later a waiting request has lost its point.
  // A run queues an email: it holds the job no longer than a delivery holds its email.
  return {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: Math.min(60, config.jobs.mail.leaseSeconds),
    retentionSeconds: 3600,
    deadLetter,
  };
}
