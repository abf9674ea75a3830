/**
 * The billing run (docs/billing.md "The billing run", "Exactly once"):
 * - 14 months on a moved clock: bills every month, autopay charges each bill once on its due date,
 *   a declining card is tried on the documented schedule, gets one fee, and the account moves
 *   through overdue, suspended and terminated; "card expiring" is emailed once;
 * - two billing processes (`npm run billing`) on one PostgreSQL at the same time;
 * - a billing process killed (SIGKILL) after committing a charge attempt and before calling the
 *   processor, and after the processor charged but before the payment was recorded: a rerun
 *   charges nothing twice and loses nothing.
 * The last two use the PostgreSQL of DATABASE_URL (a database of their own) or a throwaway one.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays } from '../../src/shared/signup/dates.ts';
import { runBillingPass } from '../../src/server/billing/run.ts';
import { SettableClock } from '../../src/server/clock.ts';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/client.ts';
import {
  bills,
  cardProviderCharges,
  chargeAttempts,
  customerBilling,
  emailOutbox,
  payments,
  users,
} from '../../src/server/db/schema.ts';
import { runSeed } from '../../src/server/db/seed.ts';
import { setPreference } from '../../src/server/mail/unsubscribe.ts';
import { createLogger } from '../../src/server/logger.ts';
import { useInProcessSandbox } from '../../src/server/billing/processors/index.ts';
import { billedCustomer, billingTestApp, noonOn } from '../support/billing.ts';
import { testConfig } from '../support/database.ts';
import { ownPostgresDatabase, type TempPostgres } from '../support/postgres.ts';
import type { TestApp } from '../support/test-app.ts';

async function countWhere(db: DatabaseHandle['db'], query: ReturnType<typeof sql>) {
  const result = (await db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0].n);
}

describe('14 months on a moved clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await billingTestApp('2030-01-10');
  });
  afterAll(() => t.close());

  it('bills monthly, charges autopay once per bill, retries a declined card, then suspends and terminates', async () => {
    const start = '2030-01-10';
    const good = await billedCustomer(t, { activatedOn: start, automatic: true });
    const bad = await billedCustomer(t, {
      activatedOn: start,
      automatic: true,
      cardNumber: '4000 0000 0000 0002',
    });
    const manual = await billedCustomer(t, { activatedOn: start });
    // 2031-03-05: the 14th bill (issued 2031-02-10) is past its due date (2031-03-03).
    const end = addDays(start, 419);
    const statuses: string[] = [];
    for (let day = start; day <= end; day = addDays(day, 1)) {
      t.clock.set(noonOn(day));
      await runBillingPass(t, { today: day });
      const [row] = await t.database.db
        .select({ s: customerBilling.accountStatus })
        .from(customerBilling)
        .where(eq(customerBilling.cid, bad.cid));
      if (statuses.at(-1) !== `${row.s}`) statuses.push(row.s);
    }
    const { db } = t.database;
    const goodBills = await db.select().from(bills).where(eq(bills.cid, good.cid));
    expect(goodBills).toHaveLength(14);
    expect(goodBills.every((b) => b.status === 'paid')).toBe(true);
    const goodPayments = await db.select().from(payments).where(eq(payments.cid, good.cid));
    expect(goodPayments).toHaveLength(14);
    expect(goodPayments.every((p) => p.status === 'succeeded' && p.source === 'autopay')).toBe(
      true,
    );
    // Each charged on its bill's due date, exactly once at the provider.
    for (const bill of goodBills) {
      const paid = goodPayments.filter((p) => p.billId === bill.billId);
      expect(paid).toHaveLength(1);
      expect(paid[0].paymentDate).toBe(bill.dueDate);
      expect(paid[0].amountCents).toBe(bill.totalCents);
    }
    const providerCharges = await countWhere(
      db,
      sql`select count(*) as n from card_provider_charges where idempotency_key like ${'autopay:%'}
          and idempotency_key in (select attempt_key from payments where cid = ${good.cid})`,
    );
    expect(providerCharges).toBe(14);

    // The declining card: three tries on the first bill (due date, +3, +7), one fee, then statuses.
    const [firstBad] = await db
      .select()
      .from(bills)
      .where(and(eq(bills.cid, bad.cid), eq(bills.kind, 'activation')));
    const tries = await db
      .select()
      .from(chargeAttempts)
      .where(eq(chargeAttempts.billId, firstBad.billId));
    expect(tries.map((a) => [a.tryNumber, a.attemptDate, a.status]).sort()).toEqual([
      [1, firstBad.dueDate, 'declined'],
      [2, addDays(firstBad.dueDate, 3), 'declined'],
      [3, addDays(firstBad.dueDate, 7), 'declined'],
    ]);
    const fees = await db
      .select()
      .from(bills)
      .where(
        and(eq(bills.cid, bad.cid), eq(bills.billKey, `fee:declined:bill:${firstBad.billId}`)),
      );
    expect(fees).toHaveLength(1);
    expect(statuses).toEqual(['active', 'overdue', 'suspended', 'terminated']);
    const badCycleBills = await db
      .select()
      .from(bills)
      .where(and(eq(bills.cid, bad.cid), sql`${bills.kind} <> 'fee'`));
    // Terminated 21 days after the first due date (2030-01-31 + 21): no bill after that.
    expect(badCycleBills.every((b) => b.issueDate <= addDays(firstBad.dueDate, 21))).toBe(true);

    // The manual payer is billed and never charged.
    expect(await db.select().from(payments).where(eq(payments.cid, manual.cid))).toHaveLength(0);
    expect(await db.select().from(bills).where(eq(bills.cid, manual.cid))).toHaveLength(2);

    // One "bill issued" email per bill; the good customer's 14 "payment received".
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, `${good.username}@example.test`));
    expect(mails.filter((m) => m.subject.includes(' bill #'))).toHaveLength(14);
    expect(mails.filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(14);
  }, 240_000);

  it('emails "card expiring" once, within 30 days of the end of its month', async () => {
    const customer = await billedCustomer(t, { activatedOn: null });
    // Its card (08/35) expires at the end of August 2035.
    const { db } = t.database;
    const count = async () =>
      (
        await db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.to, `${customer.username}@example.test`))
      ).filter((m) => m.subject === 'Your saved card expires soon').length;
    await runBillingPass(t, { today: '2035-07-31' });
    expect(await count()).toBe(0);
    await runBillingPass(t, { today: '2035-08-01' });
    await runBillingPass(t, { today: '2035-08-15' });
    expect(await count()).toBe(1);
  });

  it('sends "card expiring" as a reminder: with its unsubscribe link, and not once reminders are off', async () => {
    const { db } = t.database;
    const reminded = await billedCustomer(t, { activatedOn: null });
    const quiet = await billedCustomer(t, { activatedOn: null });
    const [quietUser] = await db
      .select({ uid: users.uid })
      .from(users)
      .where(eq(users.username, quiet.username));
    await setPreference(db, quietUser!.uid, 'reminders', false);
    const mailsTo = (username: string) =>
      db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.to, `${username}@example.test`),
            eq(emailOutbox.subject, 'Your saved card expires soon'),
          ),
        );
    await runBillingPass(t, { today: '2035-08-01' });
    const [mail] = await mailsTo(reminded.username);
    expect(mail?.text).toMatch(
      /Stop these emails: \S+\/control\/unsubscribe\/\?token=reminders\.\d+\./,
    );
    expect(mail?.html).toContain('/control/unsubscribe/?token=reminders.');
    expect(await mailsTo(quiet.username)).toHaveLength(0);
  });
});

describe('billing processes on one PostgreSQL', () => {
  let database: TempPostgres | undefined;
  let handle: DatabaseHandle;
  const dirs: string[] = [];
  const config = testConfig();

  beforeAll(async () => {
    database = await ownPostgresDatabase('app_test_billing_run');
    handle = openPostgres(database.url, 4);
    await handle.migrate();
    // No demo data: its customers' bills would be billed by the same passes as the test's own.
    await runSeed({
      db: handle.db,
      config: { ...config, demo: false },
      logger: createLogger('error'),
      options: { testing: true },
    });
    await useInProcessSandbox(config, handle.db, createLogger('error'));
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    database?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The app-like deps the helpers need, on this database. */
  function app(now: string) {
    return {
      config,
      database: handle,
      logger: createLogger('error'),
      clock: new SettableClock(noonOn(now)),
    } as unknown as TestApp;
  }

  function billing(args: string[], env: Record<string, string> = {}) {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve('src/server/cli/billing.ts'), ...args],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'error',
          DEMO: '0',
          DATABASE_URL: database!.url,
          DATA_DIR: '/nonexistent-billing-run',
          BANK_ENCRYPTION_KEY: '7e57'.repeat(16),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = new Promise<{ code: number | null; signal: string | null; output: string }>(
      (resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })),
    );
    return { child, done };
  }

  const everyone: number[] = [];

  async function customersOn(date: string, count: number) {
    const made = [];
    for (let i = 0; i < count; i += 1) {
      made.push(await billedCustomer(app(date), { activatedOn: date, automatic: true }));
    }
    everyone.push(...made.map((c) => c.cid));
    return made;
  }

  async function assertExactlyOnce(cids: number[]) {
    const { db } = handle;
    for (const cid of cids) {
      const own = await db.select().from(bills).where(eq(bills.cid, cid));
      const paid = await db.select().from(payments).where(eq(payments.cid, cid));
      expect(own.length).toBeGreaterThan(0);
      // One payment per bill, each for the bill's total, and one provider charge per payment.
      expect(paid).toHaveLength(own.length);
      for (const bill of own) {
        expect(paid.filter((p) => p.billId === bill.billId).map((p) => p.amountCents)).toEqual([
          bill.totalCents,
        ]);
        expect(bill.status).toBe('paid');
      }
      for (const payment of paid) {
        const charges = await db
          .select()
          .from(cardProviderCharges)
          .where(eq(cardProviderCharges.idempotencyKey, payment.attemptKey));
        expect(charges).toHaveLength(1);
      }
    }
    expect(
      await countWhere(db, sql`select count(*) as n from charge_attempts where status = 'started'`),
    ).toBe(0);
  }

  it('two processes running the same passes at once issue and charge everything once', async () => {
    const customers = await customersOn('2031-01-05', 6);
    const [a, b] = [
      billing(['--date', '2031-01-05', '--until', '2031-04-30']),
      billing(['--date', '2031-01-05', '--until', '2031-04-30']),
    ];
    const results = await Promise.all([a.done, b.done]);
    for (const result of results) expect(result.code, result.output).toBe(0);
    await assertExactlyOnce(customers.map((c) => c.cid));
    const bills = await countWhere(
      handle.db,
      sql`select count(*) as n from bills where cid in (${sql.join(
        customers.map((c) => sql`${c.cid}`),
        sql`, `,
      )})`,
    );
    expect(bills).toBe(6 * 4);
    const mails = await countWhere(
      handle.db,
      sql`select count(*) as n from email_outbox where subject like ${'%bill #%'}
          and "to" in (${sql.join(
            customers.map((c) => sql`${`${c.username}@example.test`}`),
            sql`, `,
          )})`,
    );
    expect(mails).toBe(6 * 4);
  }, 240_000);

  for (const at of ['before_charge', 'after_charge'] as const) {
    it(`a process killed ${at.replace('_', ' the ')} loses nothing and charges nothing twice on the rerun`, async () => {
      const first = '2032-01-05';
      const customers = await customersOn(first, 2);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'billing-kill-'));
      dirs.push(dir);
      const run = billing(['--date', first, '--until', addDays(first, 30)], {
        BILLING_TEST_PAUSE_DIR: dir,
        BILLING_TEST_PAUSE_AT: at,
      });
      const deadline = Date.now() + 60_000;
      while (!existsSync(path.join(dir, 'paused')) && Date.now() < deadline) await sleep(50);
      expect(existsSync(path.join(dir, 'paused')), 'the run reached a charge').toBe(true);
      run.child.kill('SIGKILL');
      const killed = await run.done;
      expect(killed.signal).toBe('SIGKILL');
      const started = await countWhere(
        handle.db,
        sql`select count(*) as n from charge_attempts where status = 'started'`,
      );
      expect(started).toBe(1);
      if (at === 'after_charge') {
        // The provider charged; we had not recorded it.
        expect(
          await countWhere(
            handle.db,
            sql`select count(*) as n from card_provider_charges where idempotency_key in
                (select attempt_key from charge_attempts where status = 'started')`,
          ),
        ).toBe(1);
      }
      writeFileSync(path.join(dir, 'release'), '');
      const rerun = billing(['--date', first, '--until', addDays(first, 30)]);
      const result = await rerun.done;
      expect(result.code, result.output).toBe(0);
      await assertExactlyOnce(customers.map((c) => c.cid));
      // Those of the earlier tests were billed and charged through these runs too.
      await assertExactlyOnce(everyone);
    }, 180_000);
  }
});
