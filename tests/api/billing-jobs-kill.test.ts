/**
 * Two server processes on one PostgreSQL, and one of them killed (SIGKILL) in the middle of the
 * billing run's jobs (docs/billing.md "The billing run"):
 * - in the middle of the billing pass (its bills issued, its charges not yet queued): the other
 *   instance takes the pass over once its lease has run out (not before) and finishes it; every
 *   customer has one bill, charged once;
 * - in the middle of autopay charges (the stand-in provider has charged, the payments are not
 *   recorded): the other instance takes each charge over after its lease, asks again with the same
 *   Idempotency-Key and records one payment per bill; the provider has one charge per key.
 *
 * The servers are real processes (tests/api/order-crash-server.ts, started as `npm start` starts
 * one) with short leases; the stand-in card provider runs in this process, on its own port, on
 * the same database. Business dates are the real ones. Uses the PostgreSQL of DATABASE_URL (a
 * database of its own) or a throwaway one.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, serviceDate } from '../../src/shared/signup/dates.ts';
import { runBillingPass } from '../../src/server/billing/run.ts';
import {
  startCardProvider,
  type RunningCardProvider,
} from '../../src/server/billing/card-provider/server.ts';
import { SettableClock } from '../../src/server/clock.ts';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/client.ts';
import {
  billingNotices,
  bills,
  cardProviderCharges,
  chargeAttempts,
  emailOutbox,
  paymentAccounts,
  payments,
} from '../../src/server/db/schema.ts';
import { enqueueJobs } from '../../src/server/jobs/enqueue.ts';
import { runSeed } from '../../src/server/db/seed.ts';
import { createLogger } from '../../src/server/logger.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { billedCustomer, PROVIDER } from '../support/billing.ts';
import { testConfig } from '../support/database.ts';
import { killNow, serverInstances, until } from '../support/instances.ts';
import { freePort, ownPostgresDatabase, type TempPostgres } from '../support/postgres.ts';
import type { TestApp } from '../support/test-app.ts';

const TIMEOUT_MS = 240_000;
/** The leases of a pass, of a charge and of the daily card-expiry job. */
const LEASE_SECONDS = 8;
const API_KEY = 'billing-kill-provider-key-0123456789';

let database: TempPostgres | undefined;
let db: DatabaseHandle;
let provider: RunningCardProvider;
let providerPort: number;

/** What both instances, and this process, are configured with. */
const ENV = () => ({
  CARD_PROVIDER_PORT: String(providerPort),
  CARD_PROVIDER_API_KEY: API_KEY,
  // The card form's origin the test tokens are made from (tests/support/billing.ts).
  CARD_PROVIDER_ORIGIN: PROVIDER,
  BILLING_SCHEDULE: 'on',
  BILLING_PASS_LEASE_SECONDS: String(LEASE_SECONDS),
  BILLING_CHARGE_LEASE_SECONDS: String(LEASE_SECONDS),
  BILLING_CHARGE_RETRY_SECONDS: '1',
  JOB_DAILY_LEASE_SECONDS: String(LEASE_SECONDS),
  JOB_POLL_SECONDS: '1',
  JOB_MAINTENANCE_SECONDS: '1',
  DEMO: '0',
});

const instances = serverInstances({
  name: 'billing-kill',
  databaseUrl: () => database!.url,
  env: ENV,
  logLevel: 'error',
});

/** Starts a server process (paused at `pauseAt` when given) and waits until it listens. */
async function startInstance(
  pauseAt?: 'mid_pass' | 'after_charge',
  env: Record<string, string> = {},
) {
  const pauseDir = instances.folder('pause');
  const instance = await instances.start({
    ...env,
    ...(pauseAt ? { BILLING_TEST_PAUSE_DIR: pauseDir, BILLING_TEST_PAUSE_AT: pauseAt } : {}),
  });
  return { ...instance, paused: path.join(pauseDir, 'paused') };
}

/** The app-like deps the helpers need, on this database. */
function app(today: string) {
  return {
    config: testConfig(ENV()),
    database: db,
    logger: createLogger('error'),
    clock: new SettableClock(`${today}T19:00:00Z`),
  } as unknown as TestApp;
}

async function customers(today: string, count: number) {
  const made = [];
  // Activated 21 days before: today their first bill is issued and falls due.
  for (let i = 0; i < count; i += 1) {
    made.push(
      await billedCustomer(app(today), { activatedOn: addDays(today, -21), automatic: true }),
    );
  }
  return made.map((c) => c.cid);
}

/** All the charges the stand-in provider has made. */
async function providerChargeCount(): Promise<number> {
  const [row] = await db.db.select({ n: sql<number>`count(*)::int` }).from(cardProviderCharges);
  return Number(row!.n);
}

/**
 * One bill per customer, paid by one payment, one provider charge per payment's key, and no other
 * charge at the provider since `chargesBefore`.
 */
async function assertOnce(cids: number[], chargesBefore: number) {
  expect(await providerChargeCount()).toBe(chargesBefore + cids.length);
  const own = await db.db.select().from(bills).where(inArray(bills.cid, cids));
  expect(own).toHaveLength(cids.length);
  const paid = await db.db.select().from(payments).where(inArray(payments.cid, cids));
  const byBill = (x: [number | null, string], y: [number | null, string]) => x[0]! - y[0]!;
  expect(paid.map((p): [number | null, string] => [p.billId, p.status]).sort(byBill)).toEqual(
    own.map((b): [number | null, string] => [b.billId, 'succeeded']).sort(byBill),
  );
  for (const payment of paid) {
    const charges = await db.db
      .select()
      .from(cardProviderCharges)
      .where(eq(cardProviderCharges.idempotencyKey, payment.attemptKey));
    expect(charges).toHaveLength(1);
  }
  const started = await db.db
    .select()
    .from(chargeAttempts)
    .where(and(inArray(chargeAttempts.cid, cids), eq(chargeAttempts.status, 'started')));
  expect(started).toEqual([]);
}

async function jobRows(name: string, where = 'true', values: unknown[] = []) {
  const { rows } = await db.executeSql(
    `select state::text as state, retry_count, started_on, data from ${JOB_SCHEMA}.job
      where name = $1 and ${where}`,
    [name, ...values],
  );
  return rows as { state: string; retry_count: number; started_on: Date; data: unknown }[];
}

beforeAll(async () => {
  database = await ownPostgresDatabase('app_test_billing_jobs_kill');
  db = openPostgres(database.url, 4);
  await db.migrate();
  providerPort = await freePort();
  // No demo data: its customers would be billed by the same passes.
  const config = testConfig(ENV());
  await runSeed({
    db: db.db,
    config: { ...config, demo: false },
    logger: createLogger('error'),
    options: { testing: true },
  });
  provider = await startCardProvider({
    config: testConfig(ENV()),
    db: db.db,
    logger: createLogger('error'),
  });
}, TIMEOUT_MS);

afterAll(async () => {
  await instances.stopAll();
  await provider?.close();
  await db?.close();
  database?.stop();
}, TIMEOUT_MS);

describe('an instance killed during the billing run', () => {
  it(
    'in the middle of the pass: the other takes it over after the lease; each customer billed and charged once',
    async () => {
      const today = serviceDate(new Date());
      const cids = await customers(today, 3);
      const chargesBefore = await providerChargeCount();
      const a = await startInstance('mid_pass');
      // A queues today's pass (the recurring job), issues the bills and stops before autopay.
      expect(await until(() => existsSync(a.paused), 60_000), 'A reached the middle').toBe(true);
      const pausedAt = Date.now();
      expect(await db.db.select().from(bills).where(inArray(bills.cid, cids))).toHaveLength(3);
      expect(
        await db.db.select().from(chargeAttempts).where(inArray(chargeAttempts.cid, cids)),
      ).toEqual([]);
      const [held] = await jobRows('billing.pass');
      expect(held).toMatchObject({ state: 'active', retry_count: 0, data: { date: today } });
      await killNow(a.child);

      const b = await startInstance();
      const done = await until(
        async () => (await jobRows('billing.pass'))[0]?.state === 'completed',
        120_000,
      );
      expect(done, 'B finished the pass').toBe(true);
      const [pass] = await jobRows('billing.pass');
      // B ran it once, as its retry, not before A's lease had run out.
      expect(pass).toMatchObject({ retry_count: 1, data: { date: today } });
      expect(new Date(pass!.started_on).getTime()).toBeGreaterThanOrEqual(
        pausedAt - 1000 + (LEASE_SECONDS - 1) * 1000,
      );
      const charged = await until(
        async () =>
          (await db.db.select().from(payments).where(inArray(payments.cid, cids))).length === 3,
        60_000,
      );
      expect(charged, 'B charged the bills').toBe(true);
      await assertOnce(cids, chargesBefore);
      expect(await jobRows('billing.pass')).toHaveLength(1);
      await killNow(b.child);
    },
    TIMEOUT_MS,
  );

  it(
    'in the middle of charges: the other asks again with the same key after the lease; one charge each',
    async () => {
      // Bills of a later date, their charge jobs queued by a pass run here.
      const day = addDays(serviceDate(new Date()), 3);
      const cids = await customers(day, 3);
      const chargesBefore = await providerChargeCount();
      const report = await runBillingPass(app(day), { today: day, charges: 'jobs' });
      expect(report.chargesQueued).toBe(3);
      const keys = (
        await db.db
          .select({ key: chargeAttempts.attemptKey })
          .from(chargeAttempts)
          .where(inArray(chargeAttempts.cid, cids))
      ).map((row) => row.key);

      const a = await startInstance('after_charge');
      // The provider has charged (A waits before recording what it answered).
      const providerCharged = () =>
        db.db
          .select({ n: sql<number>`count(*)::int` })
          .from(cardProviderCharges)
          .where(inArray(cardProviderCharges.idempotencyKey, keys));
      expect(
        await until(async () => Number((await providerCharged())[0]!.n) === 3, 60_000),
        'A charged all three',
      ).toBe(true);
      expect(await db.db.select().from(payments).where(inArray(payments.cid, cids))).toEqual([]);
      await killNow(a.child);

      const b = await startInstance();
      const recorded = await until(
        async () =>
          (await db.db.select().from(payments).where(inArray(payments.cid, cids))).length === 3,
        120_000,
      );
      expect(recorded, 'B recorded the payments').toBe(true);
      await assertOnce(cids, chargesBefore);
      const jobs = await jobRows('billing.charge', `data->>'attemptKey' = any($2)`, [keys]);
      expect(jobs.map((job) => [job.state, job.retry_count])).toEqual([
        ['completed', 1],
        ['completed', 1],
        ['completed', 1],
      ]);
      await killNow(b.child);
    },
    TIMEOUT_MS,
  );

  it(
    'in the middle of card-expiry reminders: the other sends the rest after the lease; one reminder each',
    async () => {
      // A date of its own, queued here (no recurring jobs), for two customers whose cards expire
      // at the end of its month.
      const day = addDays(serviceDate(new Date()), 20);
      const [year, month] = day.split('-').map(Number) as [number, number];
      const made = [];
      for (let i = 0; i < 2; i += 1) made.push(await billedCustomer(app(day), {}));
      const cids = made.map((c) => c.cid);
      await db.db
        .update(paymentAccounts)
        .set({ cardExpYear: year, cardExpMonth: month })
        .where(inArray(paymentAccounts.cid, cids));
      const cards = await db.db
        .select({ id: paymentAccounts.paymentAccountId, cid: paymentAccounts.cid })
        .from(paymentAccounts)
        .where(inArray(paymentAccounts.cid, cids));
      expect(cards).toHaveLength(2);
      // This test holds the second card's reminder, uncommitted: A writes the first card's (or
      // none yet) and then waits on the second, in the middle of the job.
      const holder = new pg.Client({ connectionString: database!.url });
      await holder.connect();
      await holder.query('begin');
      await holder.query('insert into billing_notices (notice_key, cid) values ($1, $2)', [
        `card_expiring:${cards[1]!.id}:${day.slice(0, 7)}`,
        cards[1]!.cid,
      ]);
      const quiet = { BILLING_SCHEDULE: 'off' };
      const a = await startInstance(undefined, quiet);
      await enqueueJobs(db.db, testConfig(ENV()), 'billing.card-expiry', [{ date: day }]);
      const waiting = () =>
        db.executeSql(
          `select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query ilike 'insert into "billing_notices"%'`,
          [],
        );
      expect(
        await until(async () => Number((await waiting()).rows[0]!.n) === 1, 60_000),
        'A waits on the held reminder',
      ).toBe(true);
      const [held] = await jobRows('billing.card-expiry', `data->>'date' = $2`, [day]);
      expect(held).toMatchObject({ state: 'active', retry_count: 0 });
      await killNow(a.child);
      // A's connection goes with it: its transaction is rolled back; the held reminder too.
      await holder.query('rollback');
      await holder.end();

      const b = await startInstance(undefined, quiet);
      const done = await until(
        async () =>
          (await jobRows('billing.card-expiry', `data->>'date' = $2`, [day]))[0]?.state ===
          'completed',
        120_000,
      );
      expect(done, 'B finished the reminders').toBe(true);
      const [job] = await jobRows('billing.card-expiry', `data->>'date' = $2`, [day]);
      expect(job).toMatchObject({ retry_count: 1 });
      // One reminder recorded and one email queued per customer: none lost, none twice.
      const notices = await db.db
        .select({ cid: billingNotices.cid })
        .from(billingNotices)
        .where(
          and(
            inArray(billingNotices.cid, cids),
            sql`${billingNotices.noticeKey} like 'card_expiring:%'`,
          ),
        );
      expect(notices.map((n) => n.cid).sort()).toEqual([...cids].sort());
      for (const customer of made) {
        const mails = await db.db
          .select()
          .from(emailOutbox)
          .where(
            and(
              eq(emailOutbox.to, `${customer.username}@example.test`),
              eq(emailOutbox.subject, 'Your saved card expires soon'),
            ),
          );
        expect(mails, customer.username).toHaveLength(1);
      }
      await killNow(b.child);
    },
    TIMEOUT_MS,
  );
});
