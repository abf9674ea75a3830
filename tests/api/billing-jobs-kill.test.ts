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
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, serviceDate } from '../../src/shared/signup/dates.ts';
import { runBillingPass } from '../../src/server/billing/run.ts';
import {
  startCardProvider,
  type RunningCardProvider,
} from '../../src/server/card-provider/server.ts';
import { SettableClock } from '../../src/server/clock.ts';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/client.ts';
import {
  bills,
  cardProviderCharges,
  chargeAttempts,
  payments,
} from '../../src/server/db/schema.ts';
import { runSeed } from '../../src/server/db/seed.ts';
import { createLogger } from '../../src/server/logger.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { billedCustomer, PROVIDER } from '../support/billing.ts';
import { testConfig } from '../support/database.ts';
import { freePort, ownPostgresDatabase, type TempPostgres } from '../support/postgres.ts';
import type { TestApp } from '../support/test-app.ts';

const SERVER_ENTRY = path.join(import.meta.dirname, 'order-crash-server.ts');
const TIMEOUT_MS = 240_000;
/** The leases of a pass and of a charge. */
const LEASE_SECONDS = 8;
const API_KEY = 'billing-kill-provider-key-0123456789';

let database: TempPostgres | undefined;
let db: DatabaseHandle;
let provider: RunningCardProvider;
let providerPort: number;
const children: ChildProcess[] = [];
const dirs: string[] = [];

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

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
  JOB_POLL_SECONDS: '1',
  JOB_MAINTENANCE_SECONDS: '1',
  DEMO: '0',
});

/** Starts a server process (paused at `pauseAt` when given) and waits until it listens. */
async function startInstance(pauseAt?: 'mid_pass' | 'after_charge') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'billing-kill-data-'));
  const pauseDir = mkdtempSync(path.join(os.tmpdir(), 'billing-kill-pause-'));
  dirs.push(dataDir, pauseDir);
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: database!.url,
      BANK_ENCRYPTION_KEY: '7e57'.repeat(16),
      ...ENV(),
      ...(pauseAt ? { BILLING_TEST_PAUSE_DIR: pauseDir, BILLING_TEST_PAUSE_AT: pauseAt } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/READY \S+/.test(output)) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  const paused = path.join(pauseDir, 'paused');
  return { child, output: () => output, paused };
}

/** Waits (bounded) until `check` holds; answers whether it did. */
async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

async function kill(child: ChildProcess) {
  child.kill('SIGKILL');
  await exited(child);
  expect(child.signalCode).toBe('SIGKILL');
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
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(children.map(exited));
  await provider?.close();
  await db?.close();
  database?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
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
      await kill(a.child);

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
      await kill(b.child);
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
      await kill(a.child);

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
      await kill(b.child);
    },
    TIMEOUT_MS,
  );
});
