/**
 * The Admin "Jobs" page's API (issue 31 "What an operator watches"; docs/api.md "Jobs"): site
 * admins only; every job kind with its queued, running, failed and dead counts, the oldest
 * waiting age, the last failures with their errors and when, and the progress of long work
 * (customers done of total), the emails given up with whom each was for and the mail server's
 * last answer; a dead job's Retry queues its data again on its kind once, audited
 * with the admin's name, and the email it carried is delivered. On PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_JOBS_MESSAGES as M } from '../../src/shared/jobs/messages.ts';
import type { AdminJobsResponse } from '../../src/shared/jobs/types.ts';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { auditLog, emailOutbox } from '../../src/server/db/schema.ts';
import { recordProgress } from '../../src/server/jobs/progress.ts';
import { JOB_KINDS, JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { queueMailRows } from '../../src/server/mail/outbox.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let t: TestApp;
let sink: SmtpSink;
let admin: CookieClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  admin = await login(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

async function json<T>(response: Response, status: number): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

const jobsPage = async () => json<AdminJobsResponse>(await admin.get('/admin/jobs'), 200);
const kindOf = (page: AdminJobsResponse, kind: string) => {
  const found = page.kinds.find((k) => k.kind === kind);
  expect(found, `kind ${kind} is listed`).toBeDefined();
  return found!;
};

interface Plant {
  name: string;
  data: Record<string, unknown>;
  state?: string;
  output?: Record<string, unknown> | null;
  /** Seconds ago it was queued. */
  age?: number;
  table?: 'job' | 'archive';
}

/** Writes a job row as pg-boss would have left it; resolves with its id. */
async function plant(job: Plant): Promise<string> {
  const { rows } = await t.database.executeSql(
    `insert into ${JOB_SCHEMA}.job
       (id, name, data, state, output, created_on, started_on, completed_on, retry_count)
     values (gen_random_uuid(), $1, $2::jsonb, $3::${JOB_SCHEMA}.job_state, $4::jsonb,
             now() - make_interval(secs => $5::int),
             case when $3 in ('active', 'retry', 'failed', 'completed') then now() end,
             case when $3 in ('failed', 'completed') then now() end,
             case when $3 in ('retry', 'failed') then 2 else 0 end)
     returning id::text as id`,
    [
      job.name,
      JSON.stringify(job.data),
      job.state ?? 'created',
      job.output === undefined || job.output === null ? null : JSON.stringify(job.output),
      job.age ?? 0,
    ],
  );
  const id = String((rows[0] as { id: string }).id);
  if (job.table === 'archive') {
    // As pg-boss's maintenance archives a finished job: moved, with the time.
    await t.database.executeSql(
      `with moved as (delete from ${JOB_SCHEMA}.job where id = $1::uuid returning *)
       insert into ${JOB_SCHEMA}.archive select moved.*, now() from moved`,
      [id],
    );
  }
  return id;
}

async function jobsOf(name: string, data: Record<string, unknown>) {
  const { rows } = await t.database.executeSql(
    `select id::text as id, state::text as state from ${JOB_SCHEMA}.job
      where name = $1 and data = $2::jsonb`,
    [name, JSON.stringify(data)],
  );
  return rows as { id: string; state: string }[];
}

/** An email the mail server never took: given up, with its last answer. */
async function givenUpEmail(to: string): Promise<number> {
  const { ids } = await queueMailRows(t, t.database.db, [
    { to, subject: 'Your bill', text: 'Hello', html: '<p>Hello</p>' },
  ]);
  const id = ids[0]!;
  // Its queued delivery is gone (ran out of retries); the row is given up.
  await t.database.executeSql(`delete from ${JOB_SCHEMA}.job where name = 'mail.deliver'`);
  await t.database.db
    .update(emailOutbox)
    .set({ failedAt: new Date(), error: '421 4.7.0 Try again later' })
    .where(eq(emailOutbox.id, id));
  return id;
}

const retryPath = (kind: string, id: string) => `/admin/jobs/${kind}/dead/${id}/retry`;

describe('who may see and retry jobs', () => {
  it('answers site admins only: 401 without a login, 403 for customers and acting admins', async () => {
    const dead = await plant({
      name: 'recovery.username.dead',
      data: { email: 'nobody@example.test' },
    });
    const customer = await login(t, 'demo');
    const limited = await createUser(t, { permissions: { services: 'view' } });
    const notAdmin = await login(t, limited.username, limited.password);
    const proxying = await login(t, 'admin');
    const cid = (await t.database.executeSql(`select cid from users where username = 'demo'`))
      .rows[0]!.cid as number;
    expect((await proxying.post('/admin/proxy', { cid })).status).toBe(200);

    for (const client of [customer, notAdmin, proxying]) {
      const list = await json<{ title: string }>(await client.get('/admin/jobs'), 403);
      expect(list.title).toBe(ERROR_TITLES.accessDenied);
      await json(await client.post(retryPath('recovery.username', dead), {}), 403);
    }
    await json(await t.client().get('/admin/jobs'), 401);
    await json(await t.client().post(retryPath('recovery.username', dead), {}), 401);
    // Nothing was queued again by the refused calls.
    expect(await jobsOf('recovery.username', { email: 'nobody@example.test' })).toEqual([]);
  });
});

describe('GET /admin/jobs', () => {
  it('counts every kind’s jobs by state, with the oldest waiting age and the last failures', async () => {
    const before = await jobsPage();
    expect(before.kinds.map((k) => k.kind)).toEqual([...JOB_KINDS]);
    const start = kindOf(before, 'recovery.password');

    const kind = 'recovery.password';
    await plant({ name: kind, data: { username: 'waiting-1' }, age: 600 });
    await plant({ name: kind, data: { username: 'waiting-2' }, age: 30 });
    await plant({
      name: kind,
      data: { username: 'retrying' },
      state: 'retry',
      output: { message: 'database timeout' },
      age: 60,
    });
    await plant({ name: kind, data: { username: 'running' }, state: 'active' });
    await plant({
      name: kind,
      data: { username: 'failed' },
      state: 'failed',
      output: { message: 'no such user store' },
    });
    await plant({ name: kind, data: { username: 'done' }, state: 'completed' });
    await plant({ name: `${kind}.dead`, data: { username: 'dead-now' } });
    await plant({
      name: `${kind}.dead`,
      data: { username: 'dead-archived' },
      state: 'completed',
      table: 'archive',
    });
    await plant({
      name: `${kind}.dead`,
      data: { username: 'dead-retried' },
      state: 'completed',
      output: { retried_at: '2026-01-01T00:00:00Z', retried_by: 'admin' },
    });

    const after = kindOf(await jobsPage(), kind);
    expect(after.queued - start.queued).toBe(3);
    expect(after.running - start.running).toBe(1);
    expect(after.failed - start.failed).toBe(1);
    expect(after.dead - start.dead).toBe(2);
    expect(after.oldest_waiting_seconds).toBeGreaterThanOrEqual(600);
    expect(after.oldest_waiting_seconds).toBeLessThan(700);
    expect(after.dead_jobs.map((d) => d.data)).toEqual(
      expect.arrayContaining([{ username: 'dead-now' }, { username: 'dead-archived' }]),
    );
    expect(after.dead_jobs.map((d) => d.data)).not.toContainEqual({ username: 'dead-retried' });
    const failures = after.last_failures.map(({ error, state, attempts }) => ({
      error,
      state,
      attempts,
    }));
    expect(failures).toEqual(
      expect.arrayContaining([
        { error: 'database timeout', state: 'retry', attempts: 3 },
        { error: 'no such user store', state: 'failed', attempts: 3 },
      ]),
    );
    for (const failure of after.last_failures) {
      expect(Math.abs(Date.parse(failure.at) - Date.now())).toBeLessThan(120_000);
    }
    // Another kind is untouched.
    expect(kindOf(await jobsPage(), 'recovery.username').running).toBe(
      kindOf(before, 'recovery.username').running,
    );
  });

  it('shows long work in progress as done of total, until it is finished', async () => {
    const key = '2026-12-01';
    await recordProgress(t.database.db, { kind: 'billing.pass', key, done: 0, total: 10_000 });
    await recordProgress(t.database.db, { kind: 'billing.pass', key, done: 2_500, total: 10_000 });
    let progress = (await jobsPage()).progress.filter((p) => p.kind === 'billing.pass');
    expect(progress).toEqual([
      expect.objectContaining({ kind: 'billing.pass', key, done: 2_500, total: 10_000 }),
    ]);
    await recordProgress(t.database.db, {
      kind: 'billing.pass',
      key,
      done: 10_000,
      total: 10_000,
    });
    progress = (await jobsPage()).progress.filter((p) => p.kind === 'billing.pass');
    expect(progress).toEqual([]);
  });

  it('lists the emails given up, whom each was for and the mail server’s last answer', async () => {
    const stamp = Date.now();
    const mail = (to: string) => ({ to, subject: `About ${to}`, text: 'Hi', html: '<p>Hi</p>' });
    // One email sent, and one the mail server never took: down for more than two days.
    const { ids: sentIds } = await queueMailRows(t, t.database.db, [mail(`sent-${stamp}@x.test`)]);
    await t.jobs.drain();
    await sink.stop();
    const lost = `lost-${stamp}@example.test`;
    const { ids } = await queueMailRows(t, t.database.db, [mail(lost)]);
    await t.jobs.drain();
    // And one still waiting for its retry.
    const { ids: waitingIds } = await queueMailRows(t, t.database.db, [
      mail(`wait-${stamp}@x.test`),
    ]);
    await t.jobs.drain();
    await sink.start();
    await t.database.db
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(emailOutbox.id, ids[0]!));
    await t.jobs.maintain();

    const listed = (await jobsPage()).given_up_mail;
    const [given] = listed.filter((m) => m.id === ids[0]);
    expect(given).toMatchObject({ to: lost, subject: `About ${lost}`, attempts: 1 });
    expect(given!.error).toMatch(/ECONNREFUSED/);
    expect(Date.parse(given!.given_up_at)).toBeGreaterThan(Date.parse(given!.queued_at));
    const shown = listed.map((m) => m.id);
    expect(shown).not.toContain(sentIds[0]);
    expect(shown).not.toContain(waitingIds[0]);
  });
});

describe('POST /admin/jobs/{kind}/dead/{id}/retry', () => {
  it('queues a dead email again once, audited with the admin, and it is delivered', async () => {
    const to = `retried-${Date.now()}@example.test`;
    const outboxId = await givenUpEmail(to);
    const deadId = await plant({
      name: 'mail.deliver.dead',
      data: { outboxId },
      state: 'completed',
    });
    await plant({
      name: 'mail.deliver',
      data: { outboxId },
      state: 'failed',
      output: { message: '421 4.7.0 Try again later' },
    });
    const listed = kindOf(await jobsPage(), 'mail.deliver').dead_jobs.find((d) => d.id === deadId);
    expect(listed).toMatchObject({ data: { outboxId }, error: '421 4.7.0 Try again later' });

    expect((await jobsPage()).given_up_mail.map((m) => m.id)).toContain(outboxId);
    const retried = await json(await admin.post(retryPath('mail.deliver', deadId), {}), 200);
    expect(retried).toEqual({ kind: 'mail.deliver', dead_id: deadId });
    // A second retry of the same dead job is refused; nothing more is queued or audited.
    const again = await json<{ msg: string }>(
      await admin.post(retryPath('mail.deliver', deadId), {}),
      409,
    );
    expect(again.msg).toBe(M.alreadyRetried);

    const queued = (await jobsOf('mail.deliver', { outboxId })).filter((j) => j.state !== 'failed');
    expect(queued).toHaveLength(1);
    const page = kindOf(await jobsPage(), 'mail.deliver');
    expect(page.dead_jobs.map((d) => d.id)).not.toContain(deadId);
    // The email waits for its delivery again: no longer listed as given up.
    expect((await jobsPage()).given_up_mail.map((m) => m.id)).not.toContain(outboxId);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'job_retried'), eq(auditLog.actor, 'admin')));
    const mine = audits.filter((a) => (a.detail as { dead_id?: string }).dead_id === deadId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.detail).toMatchObject({ kind: 'mail.deliver', data: { outboxId } });

    // The email is no longer given up, and its delivery sends it once.
    await t.jobs.drain();
    expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    const [row] = await t.database.db
      .select({ sentAt: emailOutbox.sentAt, failedAt: emailOutbox.failedAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, outboxId));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.failedAt).toBeNull();
  });

  it('retries two at once only once', async () => {
    const data = { username: `raced-${Date.now()}` };
    const deadId = await plant({ name: 'recovery.password.dead', data, state: 'completed' });
    const answers = await Promise.all([
      admin.post(retryPath('recovery.password', deadId), {}),
      admin.post(retryPath('recovery.password', deadId), {}),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await jobsOf('recovery.password', data)).toHaveLength(1);
  });

  it('retries an archived dead job too, once', async () => {
    const data = { username: `archived-${Date.now()}` };
    const deadId = await plant({
      name: 'recovery.password.dead',
      data,
      state: 'completed',
      table: 'archive',
    });
    const listed = () =>
      jobsPage().then((page) => kindOf(page, 'recovery.password').dead_jobs.map((d) => d.id));
    expect(await listed()).toContain(deadId);
    await json(await admin.post(retryPath('recovery.password', deadId), {}), 200);
    await json(await admin.post(retryPath('recovery.password', deadId), {}), 409);
    expect(await jobsOf('recovery.password', data)).toHaveLength(1);
    expect(await listed()).not.toContain(deadId);
  });

  it('refuses a dead job being handled now, then retries it once handled', async () => {
    const data = { email: `handled-${Date.now()}@example.test` };
    const deadId = await plant({ name: 'recovery.username.dead', data, state: 'active' });
    const busy = await json<{ msg: string }>(
      await admin.post(retryPath('recovery.username', deadId), {}),
      409,
    );
    expect(busy.msg).toBe(M.beingHandled);
    expect(await jobsOf('recovery.username', data)).toEqual([]);
    // Its dead-letter handler finished with it.
    await t.database.executeSql(
      `update ${JOB_SCHEMA}.job set state = 'completed', completed_on = now() where id = $1`,
      [deadId],
    );
    await json(await admin.post(retryPath('recovery.username', deadId), {}), 200);
    expect(await jobsOf('recovery.username', data)).toHaveLength(1);
  });

  it('answers 404 JSON for an unknown kind, a malformed id, a job that is not a dead one', async () => {
    const dead = await plant({ name: 'recovery.password.dead', data: { username: 'x' } });
    const live = await plant({ name: 'mail.deliver', data: { outboxId: 1 } });
    const cases: [string, string, string][] = [
      ['nothing.here', dead, M.noKind('nothing.here')],
      ['mail.deliver.dead', dead, M.noKind('mail.deliver.dead')],
      ['mail.deliver', 'not-a-uuid', M.noDeadJob('mail.deliver', 'not-a-uuid')],
      ['mail.deliver', "1' or '1'='1", M.noDeadJob('mail.deliver', "1' or '1'='1")],
      [
        'mail.deliver',
        '00000000-0000-4000-8000-000000000000',
        M.noDeadJob('mail.deliver', '00000000-0000-4000-8000-000000000000'),
      ],
      // A dead job of another kind, and a job that is not dead, are not this kind's dead jobs.
      ['mail.deliver', dead, M.noDeadJob('mail.deliver', dead)],
      ['mail.deliver', live, M.noDeadJob('mail.deliver', live)],
    ];
    for (const [kind, id, message] of cases) {
      const response = await admin.post(
        `/admin/jobs/${encodeURIComponent(kind)}/dead/${encodeURIComponent(id)}/retry`,
        {},
      );
      const body = await json<{ msg: string }>(response, 404);
      expect(body.msg, `${kind} ${id}`).toBe(message);
    }
    // The dead job is still there to retry.
    const listed = kindOf(await jobsPage(), 'recovery.password').dead_jobs.map((d) => d.id);
    expect(listed).toContain(dead);
  });
});
