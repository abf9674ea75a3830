/**
 * The job runner: pg-boss 10 on the application's database, PGlite or PostgreSQL, through
 * `DatabaseHandle.executeSql` (docs/architecture.md "Background work", docs/operations.md).
 *
 * pg-boss keeps every job in its table: a run takes a job with `FOR UPDATE SKIP LOCKED` and marks
 * it active for its lease (`expireInSeconds`); a failed run is retried after a doubling delay
 * with jitter until its retry limit, then failed and copied into the kind's dead-letter queue; a
 * run whose lease ran out (its instance was killed) is failed by the maintenance pass of any
 * instance and retried like any other failure. A job is never run by two instances at once.
 *
 * The runner is created idle: nothing polls and no timer runs until `start()`, so that API tests
 * drive it on demand (`drain`, `maintain`) and a test process never waits on it. `start()` polls
 * each queue (every JOB_POLL_SECONDS while idle, at once when nudged) and lets pg-boss run its
 * maintenance every JOB_MAINTENANCE_SECONDS; `stop()` lets the runs in progress finish.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { AppDeps } from '../context.ts';
import { giveUpOldMail } from '../mail/delivery.ts';
import { DEAD_LETTER_HANDLERS, JOB_HANDLERS } from './handlers.ts';
import { registerRunner, type RunnerHandle } from './registry.ts';
import { queueDueSlots } from './schedule.ts';
import { JOB_KINDS, JOB_SCHEMA, deadLetterQueue, type JobKind } from './queues.ts';

export interface JobRunner extends RunnerHandle {
  /** Polls every queue and runs pg-boss's maintenance until {@link stop}. */
  start(): Promise<void>;
  /** Stops polling and maintenance, waits for the runs in progress; runs nothing after. */
  stop(): Promise<void>;
  /**
   * One maintenance pass now: runs whose lease ran out are failed (and so retried), finished
   * jobs archived, email older than MAIL_MAX_AGE_HOURS given up.
   */
  maintain(): Promise<void>;
  /**
   * Queues the current slot's job of each recurring kind (jobs/schedule.ts) not queued yet, by
   * the app's clock; resolves with the kinds queued. A started runner does it at start and then
   * every JOB_POLL_SECONDS.
   */
  schedule(): Promise<JobKind[]>;
}

interface Queue {
  name: string;
  kind: JobKind;
  dead: boolean;
  /** Jobs fetched and run at once. */
  batch: number;
}

type AnyJob = PgBoss.JobWithMetadata<unknown>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createJobRunner(deps: AppDeps): JobRunner {
  const { database, logger, config } = deps;
  const log = logger.child({ component: 'jobs' });
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) as never },
    schema: JOB_SCHEMA,
    migrate: false,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: config.jobs.maintenanceSeconds,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job runner error'));
  // pg-boss's maintenance pass (one instance per interval): stale email goes with it.
  boss.on('maintenance', () => {
    giveUpOldMail(deps).catch((error: unknown) =>
      log.error({ err: error }, 'giving up old email failed'),
    );
  });

  const queues: Queue[] = JOB_KINDS.flatMap((kind) => [
    {
      name: kind,
      kind,
      dead: false,
      batch:
        kind === 'mail.deliver'
          ? config.jobs.mail.concurrency
          : kind === 'billing.charge'
            ? // Four times the processor's calls in flight: billing/jobs.ts `processorGate`.
              4 * config.jobs.billing.chargeConcurrency
            : 1,
    },
    { name: deadLetterQueue(kind), kind, dead: true, batch: 1 },
  ]);
  const runs = new Map<string, { completed: number; failed: number; seconds: number }>();
  let running = false;
  let stopped = false;
  const loops: Promise<void>[] = [];
  const wakers = new Map<string, AbortController>();
  const inProgress = new Set<Promise<unknown>>();
  /** Per recurring kind, the last slot found queued. */
  const slotsQueued = new Map<JobKind, string>();

  function track<T>(work: Promise<T>): Promise<T> {
    inProgress.add(work);
    void work.finally(() => inProgress.delete(work)).catch(() => undefined);
    return work;
  }

  async function handle(queue: Queue, job: AnyJob): Promise<void> {
    if (!queue.dead) {
      const handler = JOB_HANDLERS[queue.kind] as (d: AppDeps, data: unknown) => Promise<unknown>;
      await handler(deps, job.data);
      return;
    }
    const why = messageOf((job.output as { message?: unknown } | null)?.message ?? 'failed');
    log.error({ queue: queue.kind, job_id: job.id, data: job.data, why }, 'job out of retries');
    const handler = DEAD_LETTER_HANDLERS[queue.kind] as
      ((d: AppDeps, data: unknown, why: string) => Promise<void>) | undefined;
    await handler?.(deps, job.data, why);
  }

  async function runOne(queue: Queue, job: AnyJob): Promise<void> {
    const started = performance.now();
    let outcome: 'completed' | 'failed' = 'completed';
    try {
      await handle(queue, job);
      await boss.complete(queue.name, job.id);
    } catch (error) {
      outcome = 'failed';
      const last = job.retryCount >= job.retryLimit;
      log.warn(
        { queue: queue.name, job_id: job.id, retry: job.retryCount, err: error },
        last ? 'job failed, out of retries' : 'job failed, will retry',
      );
      await boss
        .fail(queue.name, job.id, { message: messageOf(error) })
        .catch((failError: unknown) => log.error({ err: failError }, 'recording a failed job'));
    }
    const tally = runs.get(queue.name) ?? { completed: 0, failed: 0, seconds: 0 };
    tally[outcome] += 1;
    tally.seconds += (performance.now() - started) / 1000;
    runs.set(queue.name, tally);
  }

  /** Fetches up to a batch of `queue`'s due jobs and runs them; resolves with how many ran. */
  async function runBatch(queue: Queue, ignoreStartAfter = false): Promise<number> {
    const jobs = await boss.fetch<unknown>(queue.name, {
      batchSize: queue.batch,
      includeMetadata: true,
      ignoreStartAfter,
    });
    await Promise.all(jobs.map((job) => runOne(queue, job)));
    return jobs.length;
  }

  /**
   * Polls `queue`, keeping up to its batch of runs in flight: runs that end make room for the next
   * due jobs (one slow run does not hold the others). A large batch is topped up a quarter at a
   * time, not one job per run that ends: a fetch is a locking query on the job table, and one per
   * charge was a third of the database's work while autopay ran.
   */
  async function poll(queue: Queue): Promise<void> {
    let waker = new AbortController();
    wakers.set(queue.name, waker);
    const active = new Set<Promise<void>>();
    const topUp = Math.max(1, Math.floor(queue.batch / 4));
    while (running) {
      // Too little room for a top-up: wait for runs to end (the ones left keep the work going).
      while (running && active.size > 0 && queue.batch - active.size < topUp) {
        await Promise.race(active);
      }
      if (!running) break;
      const room = queue.batch - active.size;
      let fetched = 0;
      try {
        const jobs = await track(
          boss.fetch<unknown>(queue.name, { batchSize: room, includeMetadata: true }),
        );
        for (const job of jobs) {
          const run: Promise<void> = track(runOne(queue, job)).finally(() => active.delete(run));
          active.add(run);
        }
        fetched = jobs.length;
      } catch (error) {
        log.error({ err: error, queue: queue.name }, 'job queue poll failed');
      }
      if (!running) break;
      // Full: the next jobs when runs end.
      if (queue.batch - active.size < topUp) continue;
      // As many due jobs as there was room for (runs may have ended meanwhile): look again now.
      if (fetched > 0 && fetched === room) continue;
      await sleep(config.jobs.pollSeconds * 1000, undefined, { signal: waker.signal }).catch(
        () => undefined,
      );
      if (waker.signal.aborted) {
        waker = new AbortController();
        wakers.set(queue.name, waker);
      }
    }
    await Promise.allSettled([...active]);
  }

  async function schedule(): Promise<JobKind[]> {
    const queued = await queueDueSlots(deps, slotsQueued);
    for (const kind of queued) runner.nudge(kind);
    return queued;
  }

  async function scheduleLoop(): Promise<void> {
    const waker = new AbortController();
    wakers.set('schedule', waker);
    while (running) {
      await track(schedule()).catch((error: unknown) =>
        log.error({ err: error }, 'queueing recurring jobs failed'),
      );
      await sleep(config.jobs.pollSeconds * 1000, undefined, { signal: waker.signal }).catch(
        () => undefined,
      );
    }
  }

  const runner: JobRunner = {
    get running() {
      return running;
    },
    get stopped() {
      return stopped;
    },
    async start() {
      if (running || stopped) return;
      // Checks that the tables are installed at pg-boss's version; starts its maintenance timer.
      await boss.start();
      running = true;
      for (const queue of queues) loops.push(poll(queue));
      loops.push(scheduleLoop());
      log.info({ queues: queues.length }, 'job runner started');
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const wasRunning = running;
      running = false;
      for (const waker of wakers.values()) waker.abort();
      await Promise.all(loops);
      while (inProgress.size > 0) await Promise.allSettled([...inProgress]);
      if (wasRunning) await boss.stop({ graceful: false, close: false });
    },
    drain(options = {}) {
      return track(
        (async () => {
          let total = 0;
          // Bounded, in case a queue never empties (a job that queues itself again).
          for (let round = 0; !stopped && total < 10_000; round += 1) {
            let ran = 0;
            for (const queue of queues) {
              ran += await runBatch(
                { ...queue, batch: 50 },
                round === 0 && options.ignoreBackoff === true,
              );
            }
            if (ran === 0) break;
            total += ran;
          }
          return total;
        })(),
      );
    },
    nudge(kind) {
      if (running) wakers.get(kind)?.abort();
    },
    async maintain() {
      await track(boss.maintain());
      await track(giveUpOldMail(deps));
    },
    runs: () => runs,
    schedule: () => track(schedule()),
  };
  registerRunner(database, runner);
  return runner;
}
