/**
 * Mail is never lost and never sent twice (docs/operations.md "Mail"): with the SMTP server down,
 * a password recovery's email waits in the outbox with the SMTP failure recorded and its delivery
 * job waiting for a retry after a backoff; once the server is back, a retry delivers it, exactly
 * once. A real SMTP server on a loopback port (tests/api/smtp-sink.ts); the job runner is driven
 * by the test (never started, no timers).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../src/server/background.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { enqueueJobs } from '../../src/server/jobs/enqueue.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { createUser, fromAddress } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    env: { SMTP_URL: sink.url, MAIL_RETRY_SECONDS: '600', MAIL_LEASE_SECONDS: '30' },
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

async function outboxTo(to: string) {
  return t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

async function mailJobsOf(outboxId: number) {
  const { rows } = await t.database.executeSql(
    `select state::text as state, retry_count, start_after > now() as backing_off
       from ${JOB_SCHEMA}.job where name = 'mail.deliver' and (data->>'outboxId')::int = $1`,
    [outboxId],
  );
  return rows as { state: string; retry_count: number; backing_off: boolean }[];
}

describe('an SMTP outage', () => {
  it('keeps a password recovery email until the server is back, then delivers it once', async () => {
    const email = `outage-${Date.now()}@example.test`;
    const { username } = await createUser(t, { email });
    await sink.stop();

    const answer = await t
      .client()
      .post('/token/password_recovery', { username }, fromAddress('10.91.0.1'));
    expect(answer.status).toBe(200);
    // The recovery job queues the email; its delivery finds the server down.
    await settled(t.database);
    const [waiting] = await outboxTo(email);
    expect(waiting).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(waiting!.error).toMatch(/ECONNREFUSED/);
    expect(waiting!.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
    expect(await mailJobsOf(waiting!.id)).toEqual([
      { state: 'retry', retry_count: 0, backing_off: true },
    ]);
    // Backing off: nothing is due, nothing is tried.
    await t.jobs.drain();
    expect((await outboxTo(email))[0]!.attempts).toBe(1);

    await sink.start();
    // The retry, now rather than in ten minutes.
    expect(await t.jobs.drain({ ignoreBackoff: true })).toBe(1);
    const arrived = sink.messages.filter((m) => m.to.includes(email));
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.subject).toMatch(/password/i);
    expect(arrived[0]!.messageId).toBe(waiting!.messageId);
    const [sent] = await outboxTo(email);
    expect(sent).toMatchObject({ failedAt: null, error: null, attempts: 2, claimedUntil: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(sent!.response).toMatch(/^250/);
    expect(await mailJobsOf(sent!.id)).toMatchObject([{ state: 'completed', retry_count: 1 }]);

    // Every later run sends nothing more.
    await t.jobs.drain({ ignoreBackoff: true });
    expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('never resends an email recorded as sent, even when its delivery runs again', async () => {
    const email = `again-${Date.now()}@example.test`;
    const { username } = await createUser(t, { email });
    await t.client().post('/token/password_recovery', { username }, fromAddress('10.91.0.2'));
    await settled(t.database);
    expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    const [row] = await outboxTo(email);
    // A delivery job run again for it (an instance that died after sending, before finishing
    // its job): the row says sent.
    await enqueueJobs(t.database.db, t.config, 'mail.deliver', [{ outboxId: row!.id }]);
    expect(await t.jobs.drain()).toBe(1);
    expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect((await outboxTo(email))[0]!.attempts).toBe(1);
  });

  it('sends nothing while another delivery holds the email, and sends it once the hold runs out', async () => {
    const email = `held-${Date.now()}@example.test`;
    const { username } = await createUser(t, { email });
    await sink.stop();
    await t.client().post('/token/password_recovery', { username }, fromAddress('10.91.0.3'));
    await settled(t.database);
    await sink.start();
    const [row] = await outboxTo(email);
    // Another instance is sending it right now.
    await t.database.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(emailOutbox.id, row!.id));
    await t.jobs.drain({ ignoreBackoff: true });
    expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
    expect((await mailJobsOf(row!.id))[0]!.state).toBe('retry');
    // That instance died: its claim ran out.
    await t.database.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, row!.id));
    await t.jobs.drain({ ignoreBackoff: true });
    expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('gives an email up after MAIL_MAX_AGE_HOURS, keeping the last SMTP answer', async () => {
    const email = `old-${Date.now()}@example.test`;
    const { username } = await createUser(t, { email });
    await sink.stop();
    await t.client().post('/token/password_recovery', { username }, fromAddress('10.91.0.4'));
    await settled(t.database);
    const [row] = await outboxTo(email);
    expect(row!.error).toMatch(/ECONNREFUSED/);
    // Two days later (the default maximum age is 48 hours), still down.
    await t.database.db
      .update(emailOutbox)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(eq(emailOutbox.id, row!.id));
    await t.jobs.maintain();
    const [given] = await outboxTo(email);
    expect(given!.failedAt).toBeInstanceOf(Date);
    expect(given!.error).toMatch(/ECONNREFUSED/);
    // The server is back: a given-up email is not sent any more.
    await sink.start();
    await t.jobs.drain({ ignoreBackoff: true });
    expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
    expect((await mailJobsOf(row!.id))[0]!.state).toBe('completed');
  });
});
