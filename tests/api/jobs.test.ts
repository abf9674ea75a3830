/**
 * The job runner (docs/operations.md "Jobs"): idle until started and stoppable; a failed run is
 * retried after a doubling delay; a job out of retries goes to its dead-letter queue (a dead
 * email is marked failed with its SMTP answer); a run whose instance died is taken back only
 * once its lease has run out, never while it holds; /health says whether the runner runs and
 * how old the oldest waiting job is. On PGlite and on PostgreSQL alike.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../src/server/background.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { enqueueJobs } from '../../src/server/jobs/enqueue.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
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
