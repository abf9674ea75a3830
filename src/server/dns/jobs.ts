/**
 * DNS publication on the job runner (docs/dns.md "Publishing", docs/operations.md): a
 * `dns.publish` job per changed served name, queued in the change's transaction
 * (publication.ts `markChanged`), and a `dns.reconcile` job once per DNS_RECONCILE_SECONDS
 * across all instances (jobs/schedule.ts), which marks every name for a whole comparison and
 * queues its publication.
 *
 * A `dns.publish` job's retries, lease and maximum age are its queue's: a change queues it deep
 * in the DNS store's transaction, where no configuration is at hand, so each instance writes
 * them from its configuration onto the queue at start ({@link startDnsPublication}).
 */
import type { AppDeps } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { dnsPublishPolicy, JOB_SCHEMA } from '../jobs/queues.ts';
import { nudgeJobs } from '../jobs/registry.ts';
import type { Logger } from '../logger.ts';
import type { DnsConfig } from './config.ts';
import { markAllForReconcile, publishName, queueWaitingPublications } from './publication.ts';
import { publisherFor, type DnsPublisher } from './publisher.ts';

/** Publishers given in place of the configured one (tests, tools), by database. */
const givenPublishers = new WeakMap<DatabaseHandle, DnsPublisher>();
const configured = new WeakMap<DnsConfig, DnsPublisher>();

/** The publication running in this process, by database: the next waits for it. */
const running = new WeakMap<DatabaseHandle, Promise<unknown>>();

function oneAtATime<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  const before = running.get(database) ?? Promise.resolve();
  const next = before.then(work, work);
  running.set(
    database,
    next.catch(() => undefined),
  );
  return next;
}

/** Who hears each publication's commit-to-published seconds in this process (/metrics). */
const lagListeners = new WeakMap<DatabaseHandle, Set<(seconds: number) => void>>();

/** Calls `listener` with the commit-to-published seconds of each name this process publishes. */
export function onDnsPublished(
  database: DatabaseHandle,
  listener: (seconds: number) => void,
): () => void {
  const set = lagListeners.get(database) ?? new Set();
  lagListeners.set(database, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** The publisher of this process's jobs: a given one, else the configured one (none: none). */
function publisherOf(deps: {
  config: { dns: DnsConfig };
  database: DatabaseHandle;
}): DnsPublisher | undefined {
  const given = givenPublishers.get(deps.database);
  if (given) return given;
  const { dns } = deps.config;
  if (dns.publisher === 'none') return undefined;
  let publisher = configured.get(dns);
  if (!publisher) {
    publisher = publisherFor(dns);
    configured.set(dns, publisher);
  }
  return publisher;
}

/**
 * The `dns.publish` job: the name sent as stored. With DNS_PUBLISHER=none nothing is sent and
 * the marks wait, so that once a publisher is configured every zone is sent (at start).
 */
export async function runDnsPublish(deps: AppDeps, servedName: string): Promise<void> {
  const publisher = publisherOf(deps);
  if (!publisher) return;
  // One publication at a time in a process, as a name server's API takes them best.
  const lags = await oneAtATime(deps.database, () =>
    publishName(deps.database.db, publisher, deps.config.dns, servedName),
  );
  for (const lag of lags)
    for (const listener of lagListeners.get(deps.database) ?? []) listener(lag);
}

/** The `dns.reconcile` job: every name marked for a whole comparison and its publication queued. */
export async function runDnsReconcile(deps: AppDeps): Promise<void> {
  if (!publisherOf(deps)) return;
  const names = await markAllForReconcile(deps.database.db);
  if (names > 0) nudgeJobs(deps.database, 'dns.publish');
}

/** Writes the `dns.publish` queue's retries, lease and maximum age from `dns`. */
export async function setPublishQueuePolicy(
  database: DatabaseHandle,
  dns: Pick<DnsConfig, 'leaseSeconds' | 'retrySeconds'>,
): Promise<void> {
  const policy = dnsPublishPolicy(dns);
  await database.executeSql(
    `update ${JOB_SCHEMA}.queue set retry_limit = $2, retry_delay = $3, retry_backoff = $4,
       expire_seconds = $5, retention_minutes = $6, dead_letter = $7, updated_on = now()
     where name = $1`,
    [
      'dns.publish',
      policy.retryLimit,
      policy.retryDelay,
      policy.retryBackoff,
      policy.expireInSeconds,
      Math.ceil(policy.retentionSeconds / 60),
      policy.deadLetter,
    ],
  );
}

export interface DnsPublication {
  /** Forgets the publisher given in place of the configured one. */
  stop(): Promise<void>;
}

/**
 * DNS publication at an instance's start: the `dns.publish` queue's policy from the
 * configuration, and a job queued for every name still waiting for its publication. `publisher`
 * (tests, tools) replaces the configured one for this database's jobs in this process.
 */
export async function startDnsPublication(deps: {
  config: { dns: DnsConfig };
  database: DatabaseHandle;
  logger: Logger;
  publisher?: DnsPublisher;
}): Promise<DnsPublication> {
  const { config, database, publisher } = deps;
  await setPublishQueuePolicy(database, config.dns);
  if (publisher) givenPublishers.set(database, publisher);
  if (publisherOf(deps)) {
    const waiting = await queueWaitingPublications(database.db);
    if (waiting > 0) {
      deps.logger.info({ names: waiting }, 'DNS publications queued at start');
      nudgeJobs(database, 'dns.publish');
    }
  }
  return {
    stop: async () => {
      if (publisher && givenPublishers.get(database) === publisher) {
        givenPublishers.delete(database);
      }
    },
  };
}
