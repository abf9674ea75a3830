/**
 * Two server processes on one PostgreSQL, and one of them killed (SIGKILL) in the middle of
 * delivering an email: its SMTP session had sent the message and was waiting for the server's
 * answer. The other process, started while the killed one's lease still held, takes the delivery
 * over once that lease has run out (not before), and the message arrives exactly once.
 *
 * The servers are real processes (tests/api/order-crash-server.ts, started as `npm start`
 * starts one) with short leases and intervals; the SMTP server is tests/api/smtp-sink.ts, in this
 * process. Uses the PostgreSQL of DATABASE_URL (a database of its own) or a throwaway one.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/client.ts';
import { createCustomerAccount } from '../../src/server/session/accounts.ts';
import {
  activityLog,
  appMeta,
  emailOutbox,
  passwordResetTokens,
} from '../../src/server/db/schema.ts';
import { enqueueJobs } from '../../src/server/jobs/enqueue.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { SEED_STEPS } from '../../src/server/db/seed.ts';
import { createLogger } from '../../src/server/logger.ts';
import { queueMailRows } from '../../src/server/mail/outbox.ts';
import { SettableClock } from '../../src/server/clock.ts';
import { testConfig } from '../support/database.ts';
import { killNow, serverInstances, until, within } from '../support/instances.ts';
import { ownPostgresDatabase, type TempPostgres } from '../support/postgres.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const TIMEOUT_MS = 180_000;
/** The lease of a delivery: the SMTP timeouts are a third of it. */
const LEASE_SECONDS = 12;

let database: TempPostgres | undefined;
let db: DatabaseHandle;
let sink: SmtpSink;

/** What both instances, and this process when it queues an email, are configured with. */
const JOB_ENV = () => ({
  SMTP_URL: sink.url,
  MAIL_LEASE_SECONDS: String(LEASE_SECONDS),
  MAIL_RETRY_SECONDS: '1',
  JOB_POLL_SECONDS: '1',
  JOB_MAINTENANCE_SECONDS: '1',
});

const instances = serverInstances({
  name: 'jobs-kill',
  databaseUrl: () => database!.url,
  env: JOB_ENV,
});

beforeAll(async () => {
  database = await ownPostgresDatabase('app_test_jobs_kill');
  db = openPostgres(database.url, 2);
  await db.migrate();
  // The servers seed nothing: this test needs no data.
  await db.db
    .insert(appMeta)
    .values(SEED_STEPS.map((s) => ({ key: `seed:${s.name}`, value: { version: s.version } })));
  sink = await startSmtpSink();
}, TIMEOUT_MS);

afterAll(async () => {
  await instances.stopAll();
  await db?.close();
  await sink?.stop();
  database?.stop();
}, TIMEOUT_MS);

describe('an instance killed while delivering an email', () => {
  it(
    'has the other instance deliver it after the lease, exactly once',
    async () => {
      const hold = sink.holdNext();
      const a = await instances.start();
      const deps = {
        config: testConfig(JOB_ENV()),
        database: db,
        logger: createLogger('error'),
        clock: new SettableClock(new Date()),
      };
      const to = `killed-${Date.now()}@example.test`;
      const {
        ids: [id],
      } = await queueMailRows(deps, db.db, [
        { to, subject: 'Delivered once', text: 'Once.', html: '<p>Once.</p>' },
      ]);
      // Instance A has sent the message and waits for the SMTP server's answer.
      await within(hold.reached, 60_000, 'instance A reaching the SMTP server');
      const [held] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
      expect(held).toMatchObject({ attempts: 1, error: null, sentAt: null });
      expect(held!.claimedUntil).toBeInstanceOf(Date);

      await killNow(a.child);
      // Its connection is gone before the server answered: the server does not keep the message.
      for (let i = 0; i < 200 && sink.sessionsOpen() > 0; i += 1) await sleep(25);
      hold.release();

      const b = await instances.start();
      // B starts while A's lease (12 s from A's claim) usually still holds; whether it does depends
      // on how long the start took, so the test holds B to the lease through the attempt's time
      // below, not through the clock here. B takes the delivery over once the lease has run out.
      let delivered = sink.messages.filter((m) => m.to.includes(to));
      for (let i = 0; i < 600 && delivered.length === 0; i += 1) {
        await sleep(100);
        delivered = sink.messages.filter((m) => m.to.includes(to));
      }
      expect(sink.dropped).toBe(1);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.messageId).toBe(held!.messageId);
      // The server's 250 comes before B records it: wait (bounded) for the row to say so.
      let [sent] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
      for (let i = 0; i < 300 && !sent?.sentAt; i += 1) {
        await sleep(100);
        [sent] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
      }
      expect(sent).toMatchObject({ attempts: 2, error: null, claimedUntil: null });
      expect(sent!.sentAt).toBeInstanceOf(Date);
      // Not before A's lease ran out.
      expect(sent!.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(held!.claimedUntil!.getTime());
      // A few more polls and maintenance passes of B: nothing more arrives.
      await sleep(3000);
      expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
      expect(b.child.exitCode).toBeNull();
    },
    TIMEOUT_MS,
  );
});

describe('an instance killed while pruning the activity log', () => {
  it(
    'has the other instance finish the job after the lease: old entries gone, recent ones kept',
    async () => {
      const cid = 900_000 + (Date.now() % 10_000);
      const day = 86_400_000;
      const entry = (daysAgo: number, summary: string) => ({
        at: new Date(Date.now() - daysAgo * day),
        cid,
        login: 'kill-test',
        address: '192.0.2.1',
        action: 'test',
        summary,
        outcome: 'ok',
      });
      const rows = await db.db
        .insert(activityLog)
        .values([
          entry(500, 'old 1'),
          entry(450, 'old 2'),
          entry(401, 'old 3'),
          entry(399, 'recent 1'),
          entry(1, 'recent 2'),
        ])
        .returning({ id: activityLog.id });
      // This test holds a lock on the oldest entry: A's delete waits on it, in the middle.
      const holder = new pg.Client({ connectionString: database!.url });
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from activity_log where id = $1 for update', [rows[0]!.id]);
      const env = { JOB_DAILY_LEASE_SECONDS: String(LEASE_SECONDS) };
      const a = await instances.start(env);
      // A job of its own (today's recurring one may have run already).
      const config = testConfig({ ...JOB_ENV(), ...env });
      const jobId = randomUUID();
      await enqueueJobs(db.db, config, 'activity.prune', [{ date: 'kill-test' }], { id: jobId });
      const waiting = () =>
        db.executeSql(
          `select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query ilike 'delete from "activity_log"%'`,
          [],
        );
      const blocked = async () => Number((await waiting()).rows[0]!.n) === 1;
      expect(await until(blocked, 60_000), 'A waits on the held entry').toBe(true);
      await killNow(a.child);
      await holder.query('rollback');
      await holder.end();

      const b = await instances.start(env);
      const state = async () =>
        (
          await db.executeSql(
            `select state::text as state, retry_count from ${JOB_SCHEMA}.job where id = $1`,
            [jobId],
          )
        ).rows[0] as { state: string; retry_count: number } | undefined;
      await until(async () => (await state())?.state === 'completed', 120_000);
      // B ran it as its retry, after A's lease.
      expect(await state()).toEqual({ state: 'completed', retry_count: 1 });
      const left = await db.db
        .select({ summary: activityLog.summary })
        .from(activityLog)
        .where(eq(activityLog.cid, cid));
      expect(left.map((row) => row.summary).sort()).toEqual(['recent 1', 'recent 2']);
      expect(b.child.exitCode).toBeNull();
    },
    TIMEOUT_MS,
  );
});

describe('an instance killed while answering a recovery request', () => {
  it.each(['recovery.password', 'recovery.username'] as const)(
    '%s: the other instance sends the email after the lease, exactly once',
    async (kind) => {
      const username = `kill-${Date.now()}`;
      const to = `${username}@example.test`;
      const { uid } = await db.db.transaction((tx) =>
        createCustomerAccount(tx, {
          contact: { firstName: 'Kill', lastName: 'Test', phone: '(801) 555-0000', email: to },
          user: { username, passwordHash: 'x', permissions: {} },
          serviceAddress: { line1: '1 Test Street', city: 'Provo', state: 'UT', zipCode: '84601' },
        }),
      );
      // The job as POST /token/password_recovery or username_recovery queues it, with a key of
      // the test's: the test holds that key's row, uncommitted, so that A's run waits on it, in
      // the middle.
      const runKey = randomUUID();
      const holder = new pg.Client({ connectionString: database!.url });
      await holder.connect();
      await holder.query('begin');
      await holder.query(
        `insert into idempotency_keys (scope, key, fingerprint, response_status, response_body)
          values ($1, $2, '', 200, '{}')`,
        [`job ${kind}`, runKey],
      );
      const a = await instances.start();
      const jobId = randomUUID();
      const config = testConfig(JOB_ENV());
      const from = { address: '192.0.2.9', runKey };
      if (kind === 'recovery.password')
        await enqueueJobs(db.db, config, kind, [{ username, ...from }], { id: jobId });
      else await enqueueJobs(db.db, config, kind, [{ email: to, ...from }], { id: jobId });
      const waiting = async () =>
        Number(
          (
            await db.executeSql(
              `select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and query ilike 'insert into "idempotency_keys"%'`,
              [],
            )
          ).rows[0]!.n,
        ) === 1;
      expect(await until(waiting, 60_000), 'A waits on the held key').toBe(true);
      await killNow(a.child);
      await holder.query('rollback');
      await holder.end();

      const b = await instances.start();
      let delivered = sink.messages.filter((m) => m.to.includes(to));
      for (let i = 0; i < 900 && delivered.length === 0; i += 1) {
        await sleep(100);
        delivered = sink.messages.filter((m) => m.to.includes(to));
      }
      expect(delivered).toHaveLength(1);
      // The message names the login (quoted-printable lines joined again).
      expect(delivered[0]!.raw.replace(/=\r?\n/g, '')).toContain(username);
      const { rows } = await db.executeSql(
        `select state::text as state, retry_count from ${JOB_SCHEMA}.job where id = $1`,
        [jobId],
      );
      expect(rows[0]).toMatchObject({ retry_count: 1 });
      const tokens = await db.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.uid, uid));
      expect(tokens).toHaveLength(kind === 'recovery.password' ? 1 : 0);
      // A few more polls and maintenance passes of B: nothing more arrives.
      await sleep(3000);
      expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
      expect(b.child.exitCode).toBeNull();
    },
    TIMEOUT_MS,
  );
});
