/**
 * The job runner (docs/operations.md "Jobs"): idle until started and stoppable; a failed run is
 * retried after a doubling delay; a job out of retries goes to its dead-letter queue (a dead
 * email is marked failed with its SMTP answer); a run whose instance died is taken back only
 * once its lease has run out, never while it holds; /health says whether the runner runs and
 * how old the oldest waiting job is. On PGlite and on PostgreSQL alike.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../src/server/background.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { enqueueJobs, executorDb } from '../../src/server/jobs/enqueue.ts';
import { JOB_KINDS, JOB_SCHEMA, type JobData, type JobKind } from '../../src/server/jobs/queues.ts';
import { queueMailRows } from '../../src/server/mail/outbox.ts';
import { createUser, fromAddress } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    env: { SMTP_URL: sink.url, MAIL_RETRY_SECONDS: '10', MAIL_LEASE_SECONDS: '60' },
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  /** Seconds from now until it may run. */
  wait: number;
}

async function jobsWhere(where: string, values: unknown[] = []): Promise<JobRow[]> {
  const { rows } = await t.database.executeSql(
    `select id, name, state::text as state, retry_count, retry_limit,
            extract(epoch from start_after - now())::float8 as wait
       from ${JOB_SCHEMA}.job where ${where} order by created_on`,
    values,
  );
  return rows as unknown as JobRow[];
}

const mailJobs = (outboxId: number, queue = 'mail.deliver') =>
  jobsWhere(`name = $1 and (data->>'outboxId')::int = $2`, [queue, outboxId]);

async function anEmail(to: string): Promise<number> {
  const { ids } = await queueMailRows(t, t.database.db, [
    { to, subject: 'A test email', text: 'Hello', html: '<p>Hello</p>' },
  ]);
  return ids[0]!;
}

async function health() {
  const response = await t.api('/health');
  expect(response.status).toBe(200);
  return (await response.json()) as {
    jobs: { runner: string; waiting: number | null; oldest_waiting_seconds: number | null };
  };
}

describe('a failing job', () => {
  it('is retried after a delay that doubles, then goes to its dead-letter queue', async () => {
    await sink.stop();
    const id = await anEmail(`retried-${Date.now()}@example.test`);
    await t.jobs.drain();
    // MAIL_RETRY_SECONDS=10: the first retry waits 10 to 20 s, the next 20 to 40 s.
    let [job] = await mailJobs(id);
    expect(job).toMatchObject({ state: 'retry', retry_count: 0 });
    expect(job!.wait).toBeGreaterThan(8);
    expect(job!.wait).toBeLessThanOrEqual(20);
    await t.jobs.drain({ ignoreBackoff: true });
    [job] = await mailJobs(id);
    expect(job).toMatchObject({ state: 'retry', retry_count: 1 });
    expect(job!.wait).toBeGreaterThan(18);
    expect(job!.wait).toBeLessThanOrEqual(40);
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ attempts: 2, sentAt: null, failedAt: null });

    // Its last retry (the limit spans the 48 hours of MAIL_MAX_AGE_HOURS; planted here).
    await t.database.executeSql(`update ${JOB_SCHEMA}.job set retry_limit = 2 where id = $1`, [
      job!.id,
    ]);
    await t.jobs.drain({ ignoreBackoff: true });
    expect(await mailJobs(id)).toMatchObject([{ state: 'failed', retry_count: 2 }]);
    // The dead letter, run by the same drain: the email is marked failed, with the SMTP answer.
    expect(await mailJobs(id, 'mail.deliver.dead')).toMatchObject([{ state: 'completed' }]);
    const [dead] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(dead!.failedAt).toBeInstanceOf(Date);
    expect(dead!.error).toMatch(/ECONNREFUSED/);
    expect(dead!.attempts).toBe(3);
    await sink.start();
    await t.jobs.drain({ ignoreBackoff: true });
    expect(sink.messages.filter((m) => m.to.includes(dead!.to))).toHaveLength(0);
  });
});

describe('a job whose instance died while running it', () => {
  it('is not run again while its lease holds, and is taken over once the lease ran out', async () => {
    const to = `leased-${Date.now()}@example.test`;
    const id = await anEmail(to);
    const [job] = await mailJobs(id);
    // Another instance took it and its delivery claimed the email (MAIL_LEASE_SECONDS=60).
    await t.database.executeSql(
      `update ${JOB_SCHEMA}.job set state = 'active', started_on = now() where id = $1`,
      [job!.id],
    );
    await t.database.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() + interval '60 seconds'`, attempts: 1 })
      .where(eq(emailOutbox.id, id));
    await t.jobs.maintain();
    expect(await t.jobs.drain({ ignoreBackoff: true })).toBe(0);
    expect(await mailJobs(id)).toMatchObject([{ state: 'active' }]);
    expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(0);

    // That instance was killed: a minute later its lease and its claim have run out.
    await t.database.executeSql(
      `update ${JOB_SCHEMA}.job set started_on = now() - interval '61 seconds' where id = $1`,
      [job!.id],
    );
    await t.database.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    await t.jobs.maintain();
    expect(await mailJobs(id)).toMatchObject([{ state: 'retry' }]);
    expect(await t.jobs.drain({ ignoreBackoff: true })).toBe(1);
    expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ attempts: 2, claimedUntil: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });
});

/**
 * Each kind's retries, lease, maximum age and dead letter as docs/operations.md "Jobs" lists them
 * (this file's MAIL_LEASE_SECONDS is 60; the others are the defaults): [lease s, maximum age h].
 */
const DOCUMENTED: Record<JobKind, [lease: number, maxAgeHours: number]> = {
  'mail.deliver': [60, 2 * 48 + 24],
  'recovery.password': [60, 1],
  'recovery.username': [60, 1],
  'billing.pass': [1800, 24],
  'billing.charge': [120, 4 * 24],
  'billing.card-expiry': [600, 24],
  'dns.publish': [60, 2],
  'dns.reconcile': [60, 1],
  'activity.prune': [600, 24],
};

const SAMPLE: { [K in JobKind]: JobData[K] } = {
  'mail.deliver': { outboxId: 1 },
  'recovery.password': { username: 'nobody' },
  'recovery.username': { email: 'nobody@example.test' },
  'billing.pass': { date: '2031-01-01' },
  'billing.charge': { attemptKey: 'policy-test' },
  'billing.card-expiry': { date: '2031-01-01' },
  'dns.publish': { servedName: 'policy-test.example' },
  'dns.reconcile': { slot: 'policy-test' },
  'activity.prune': { date: 'policy-test' },
};

describe('every job kind', () => {
  it('is queued with retries and backoff, its lease, its maximum age and its dead-letter queue', async () => {
    expect(Object.keys(DOCUMENTED).sort()).toEqual([...JOB_KINDS].sort());
    let rows: Record<string, unknown>[] = [];
    // Queued and read in a transaction rolled back: nothing is left for the other tests' drains.
    await t.database.db
      .transaction(async (tx) => {
        for (const kind of JOB_KINDS) {
          await enqueueJobs(tx, t.config, kind, [SAMPLE[kind] as never]);
        }
        const queued = await executorDb(tx).executeSql(
          `select j.name, j.retry_limit, j.retry_delay, j.retry_backoff,
                  extract(epoch from j.expire_in)::int as lease,
                  extract(epoch from j.keep_until - j.created_on) / 3600 as max_age_hours,
                  j.dead_letter, q.name as dead_queue
             from ${JOB_SCHEMA}.job j left join ${JOB_SCHEMA}.queue q on q.name = j.dead_letter
            where j.created_on = now()`,
          [],
        );
        rows = queued.rows as Record<string, unknown>[];
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const byKind = new Map(rows.map((row) => [String(row.name), row]));
    for (const kind of JOB_KINDS) {
      const [lease, maxAgeHours] = DOCUMENTED[kind];
      const row = byKind.get(kind);
      expect(row, kind).toBeDefined();
      expect(Number(row!.retry_limit), `${kind} retries`).toBeGreaterThanOrEqual(2);
      expect(Number(row!.retry_delay), `${kind} first delay`).toBeGreaterThan(0);
      expect(row!.retry_backoff, `${kind} backoff`).toBe(true);
      expect(Number(row!.lease), `${kind} lease`).toBe(lease);
      expect(Number(row!.max_age_hours), `${kind} maximum age`).toBeCloseTo(maxAgeHours, 1);
      expect(row!.dead_letter, `${kind} dead letter`).toBe(`${kind}.dead`);
      expect(row!.dead_queue, `${kind} dead-letter queue exists`).toBe(`${kind}.dead`);
    }
  });

  it('is not run once it waited past its maximum age: the maintenance pass archives it', async () => {
    const id = randomUUID();
    await enqueueJobs(t.database.db, t.config, 'activity.prune', [{ date: 'too-old' }], { id });
    // Still waiting a day later (no instance ran jobs): past the day of its maximum age.
    await t.database.executeSql(
      `update ${JOB_SCHEMA}.job set keep_until = now() - interval '1 second' where id = $1`,
      [id],
    );
    await t.jobs.maintain();
    expect(await t.jobs.drain({ ignoreBackoff: true })).toBe(0);
    expect(await jobsWhere(`id = $1`, [id])).toEqual([]);
    const { rows } = await t.database.executeSql(
      `select state::text as state, started_on from ${JOB_SCHEMA}.archive where id = $1`,
      [id],
    );
    expect(rows).toEqual([{ state: 'created', started_on: null }]);
  });
});

describe('the runner', () => {
  it('is idle until started; /health says whether it runs and how old the oldest waiting job is', async () => {
    expect(t.jobs.running).toBe(false);
    // Nothing else is waiting: the earlier tests' jobs are done.
    await t.jobs.drain();
    expect((await health()).jobs).toEqual({
      runner: 'stopped',
      waiting: 0,
      oldest_waiting_seconds: 0,
    });

    const { username } = await createUser(t);
    await t.client().post('/token/password_recovery', { username }, fromAddress('10.92.0.1'));
    const [job] = await jobsWhere(`name = 'recovery.password' and state = 'created'`);
    expect(job).toBeDefined();
    // Queued ten minutes ago, and still waiting.
    await t.database.executeSql(
      `update ${JOB_SCHEMA}.job set created_on = now() - interval '10 minutes' where id = $1`,
      [job!.id],
    );
    const waiting = (await health()).jobs;
    expect(waiting).toMatchObject({ runner: 'stopped', waiting: 1 });
    expect(waiting.oldest_waiting_seconds).toBeGreaterThanOrEqual(600);
    expect(waiting.oldest_waiting_seconds).toBeLessThan(660);

    // Started, it runs what is due without being driven (a recovery request nudges it).
    await t.jobs.start();
    try {
      expect((await health()).jobs.runner).toBe('running');
      const email = `started-${Date.now()}@example.test`;
      const other = await createUser(t, { email });
      await t
        .client()
        .post('/token/password_recovery', { username: other.username }, fromAddress('10.92.0.2'));
      let arrived = 0;
      for (let i = 0; i < 100 && arrived === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        arrived = sink.messages.filter((m) => m.to.includes(email)).length;
      }
      expect(arrived).toBe(1);
    } finally {
      await t.jobs.stop();
    }
    expect(t.jobs.running).toBe(false);
    expect((await health()).jobs.runner).toBe('stopped');
    // Stopped, it runs nothing more, even when asked.
    const id = await anEmail(`after-stop-${Date.now()}@example.test`);
    await settled(t.database);
    expect(await t.jobs.drain()).toBe(0);
    expect(await mailJobs(id)).toMatchObject([{ state: 'created' }]);
  });
});

describe('queueing', () => {
  it('is part of the caller’s transaction: a rolled-back email has no delivery job', async () => {
    const before = await jobsWhere(`name = 'mail.deliver'`);
    await t.database.db
      .transaction(async (tx) => {
        await queueMailRows(t, tx, [
          { to: 'rolled-back@example.test', subject: 'No', text: 'No', html: '<p>No</p>' },
        ]);
        await enqueueJobs(tx, t.config, 'recovery.username', [{ email: 'x@example.test' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await jobsWhere(`name = 'mail.deliver'`)).toHaveLength(before.length);
    expect(
      await jobsWhere(`name = 'recovery.username' and data->>'email' = 'x@example.test'`),
    ).toHaveLength(0);
    const rows = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'rolled-back@example.test'));
    expect(rows).toHaveLength(0);
  });
});
