/**
 * Recurring jobs (docs/operations.md "Recurring jobs"): work on a timer is a job of its kind per
 * time slot, queued by every instance whose runner is started, and existing once whatever the
 * number of instances.
 *
 * A slot is a business date of the app's clock (`every: 'day'`, in the service time zone) or a
 * fixed stretch of seconds from the epoch (`every: 60`); its name is the date, or the slot's
 * start as an ISO instant. The slot's job has an id made from its kind and slot (a name-based
 * UUID) and the slot as its `singletonKey`: the job table's primary key (queue, id) lets one insert
 * of it succeed and the others do nothing, and an instance that finds the job, in the job table or
 * in the archive, queues nothing. Archived jobs are kept 7 days, far longer than a slot.
 *
 * The runner queues the current slot's jobs at start and then every JOB_POLL_SECONDS
 * (`JobRunner.schedule`); a slot missed while no instance ran is not made up: the next slot's
 * job does that slot's work (the billing pass catches up on missed days).
 */
import { createHash } from 'node:crypto';
import { serviceDate } from '#shared/signup/dates';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { enqueueJobs } from './enqueue.ts';
import { JOB_SCHEMA, type JobData, type JobKind } from './queues.ts';

/** A kind of job queued once per slot. */
export interface Recurring<K extends JobKind = JobKind> {
  kind: K;
  /**
   * The slot: a business date of the app's clock (`'day'`), or this many seconds (a number, or
   * read from the configuration).
   */
  every: Every | ((config: Config) => number);
  /** The job's data for a slot (its name: the date, or the slot's start as an ISO instant). */
  data(slot: string): JobData[K];
  /** Whether this configuration queues it at all (always when absent). */
  enabled?(config: Config): boolean;
}

/** A slot's length: a business date, or a number of seconds. */
export type Every = 'day' | number;

/** The slot's length of `recurring` in this configuration. */
export function everyOf(recurring: Recurring, config: Config): Every {
  return typeof recurring.every === 'function' ? recurring.every(config) : recurring.every;
}

/** Every recurring job the runner queues: add a kind's entry here. */
export const RECURRING_JOBS: readonly Recurring[] = [
  {
    kind: 'billing.pass',
    every: 'day',
    data: (date) => ({ date }),
    enabled: (config) => config.jobs.billing.schedule,
  } satisfies Recurring<'billing.pass'>,
  {
    kind: 'billing.card-expiry',
    every: 'day',
    data: (date) => ({ date }),
    enabled: (config) => config.jobs.billing.schedule,
  } satisfies Recurring<'billing.card-expiry'>,
  {
    // Every served name compared whole with the name server (dns/jobs.ts).
    kind: 'dns.reconcile',
    every: (config) => config.dns.reconcileSeconds,
    data: (slot) => ({ slot }),
    enabled: (config) => config.dns.publisher !== 'none' && config.dns.reconcileSeconds > 0,
  } satisfies Recurring<'dns.reconcile'>,
  {
    // The activity log's entries past ACTIVITY_RETENTION_DAYS deleted (activity/prune.ts).
    kind: 'activity.prune',
    every: 'day',
    data: (date) => ({ date }),
  } satisfies Recurring<'activity.prune'>,
];

/** The name of the slot that `now` falls in. */
export function slotOf(every: Every, now: Date): string {
  if (every === 'day') return serviceDate(now);
  const ms = every * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms).toISOString();
}

/** The id of a slot's job: a name-based UUID (version 5 layout) of its kind and slot. */
export function slotJobId(kind: JobKind, slot: string): string {
  const hex = createHash('sha1').update(`${kind}\u0000${slot}`).digest('hex').slice(0, 32);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

interface ScheduleDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
}

/**
 * Queues the job of `recurring`'s current slot (by the app's clock) unless it exists already, in
 * the job table or the archive. Resolves with the slot and whether it was queued now (by this
 * call, or by another instance's at the same moment).
 */
export async function queueSlotJob<K extends JobKind>(
  deps: ScheduleDeps,
  recurring: Recurring<K>,
): Promise<{ slot: string; queued: boolean }> {
  const slot = slotOf(everyOf(recurring, deps.config), deps.clock.now());
  const id = slotJobId(recurring.kind, slot);
  const exists = async () => {
    const { rows } = await deps.database.executeSql(
      `select 1 from ${JOB_SCHEMA}.job where name = $1 and id = $2
       union all select 1 from ${JOB_SCHEMA}.archive where name = $1 and id = $2`,
      [recurring.kind, id],
    );
    return rows.length > 0;
  };
  if (await exists()) return { slot, queued: false };
  // Two instances past the check at once: the primary key keeps one insert, the other does nothing.
  await enqueueJobs(deps.database.db, deps.config, recurring.kind, [recurring.data(slot)], {
    id,
    singletonKey: slot,
  });
  return { slot, queued: true };
}

/**
 * Queues the current slot's job of each recurring kind that is not queued yet; `known` remembers,
 * per kind, the last slot found queued so that an unchanged slot costs no query. Resolves with
 * the kinds this call queued.
 */
export async function queueDueSlots(
  deps: ScheduleDeps,
  known: Map<JobKind, string> = new Map(),
  list: readonly Recurring[] = RECURRING_JOBS,
): Promise<JobKind[]> {
  const queued: JobKind[] = [];
  for (const recurring of list) {
    if (recurring.enabled && !recurring.enabled(deps.config)) continue;
    const slot = slotOf(everyOf(recurring, deps.config), deps.clock.now());
    if (known.get(recurring.kind) === slot) continue;
    const result = await queueSlotJob(deps, recurring);
    known.set(recurring.kind, result.slot);
    if (result.queued) queued.push(recurring.kind);
  }
  return queued;
}
