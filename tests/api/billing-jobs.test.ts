/**
 * The billing run on the job runner (docs/billing.md "The billing run"): the runners of two
 * instances queue one billing pass and one card-expiry job per business date of the app's clock;
 * the pass issues the bills and queues one `billing.charge` job per autopay attempt, each charged
 * once at the stand-in provider with its attempt key as Idempotency-Key; a pass run again issues
 * and queues nothing; a charge whose processor cannot be reached is retried with backoff, then
 * goes to the dead-letter queue, still unpaid and never charged twice. On PGlite and PostgreSQL.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/signup/dates.ts';
import { runBillingPass } from '../../src/server/billing/run.ts';
import { SettableClock } from '../../src/server/clock.ts';
import {
  bills,
  cardProviderCharges,
  chargeAttempts,
  emailOutbox,
  payments,
} from '../../src/server/db/schema.ts';
import { progressOf } from '../../src/server/jobs/progress.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { createJobRunner, type JobRunner } from '../../src/server/jobs/runner.ts';
import { useCardProcessor } from '../../src/server/billing/processors/index.ts';
import { createSandboxCardProcessor } from '../../src/server/billing/processors/sandbox-processor.ts';
import { billedCustomer, noonOn, useInProcessCardProvider } from '../support/billing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const METRICS_TOKEN = 'billing-metrics-token-0123456789';
let t: TestApp;
/** A second instance's runner, on the same database, with its own clock. */
let other: JobRunner;
const otherClock = new SettableClock();

beforeAll(async () => {
  t = await createTestApp({
    now: noonOn('2033-03-10'),
    // Two retries (a day, then two) before a charge is dead.
    env: {
      BILLING_SCHEDULE: 'on',
      BILLING_CHARGE_RETRY_SECONDS: '86400',
      METRICS_TOKEN: METRICS_TOKEN,
    },
  });
  useInProcessCardProvider(t.config, t.database.db, t.logger);
  other = createJobRunner({ ...t, clock: otherClock });
});
afterAll(async () => {
  await other?.stop();
  await t?.close();
});

async function jobs(name: string): Promise<{ state: string; data: Record<string, string> }[]> {
  const { rows } = await t.database.executeSql(
    `select state::text as state, data from ${JOB_SCHEMA}.job where name = $1 order by created_on`,
    [name],
  );
  return rows as never;
}

/** The provider's charges per Idempotency-Key, for the attempts of `cids`. */
async function providerCharges(cids: number[]): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select({ key: cardProviderCharges.idempotencyKey, n: sql<number>`count(*)::int` })
    .from(cardProviderCharges)
    .where(
      inArray(
        cardProviderCharges.idempotencyKey,
        t.database.db
          .select({ key: chargeAttempts.attemptKey })
          .from(chargeAttempts)
          .where(inArray(chargeAttempts.cid, cids)),
      ),
    )
    .groupBy(cardProviderCharges.idempotencyKey);
  return new Map(rows.map((row) => [row.key!, Number(row.n)]));
}

describe('the billing run as jobs', () => {
  it('runs one pass per billing date across instances and charges each autopay bill once, in its own job', async () => {
    const day = '2033-03-10';
    // Activated 21 days before: on `day` the first bill is issued and falls due.
    const customers = [
      await billedCustomer(t, { activatedOn: addDays(day, -21), automatic: true }),
      await billedCustomer(t, { activatedOn: addDays(day, -21), automatic: true }),
      await billedCustomer(t, {
        activatedOn: addDays(day, -21),
        automatic: true,
        cardNumber: '4000 0000 0000 0002',
      }),
    ];
    const cids = customers.map((c) => c.cid);
    t.clock.set(noonOn(day));
    otherClock.set(noonOn(day));
    await Promise.all([t.jobs.schedule(), other.schedule(), t.jobs.schedule()]);
    expect(await jobs('billing.pass')).toEqual([{ state: 'created', data: { date: day } }]);
    expect(await jobs('billing.card-expiry')).toEqual([{ state: 'created', data: { date: day } }]);

    // The pass charges nothing itself: it queues one charge job per attempt.
    expect(await other.drain()).toBeGreaterThanOrEqual(2);
    expect((await jobs('billing.pass')).map((job) => job.state)).toEqual(['completed']);
    const attempts = await t.database.db
      .select({ key: chargeAttempts.attemptKey, status: chargeAttempts.status })
      .from(chargeAttempts)
      .where(inArray(chargeAttempts.cid, cids));
    expect(attempts).toHaveLength(3);
    const keys = attempts.map((attempt) => attempt.key).sort();
    // The demo customers of the database have bills due too: only ours are looked at.
    const ours = async () =>
      (await jobs('billing.charge')).filter((job) => keys.includes(job.data.attemptKey!));
    const chargeJobs = await ours();
    expect(chargeJobs.map((job) => job.data.attemptKey).sort()).toEqual(keys);
    expect(chargeJobs.every((job) => job.state === 'completed')).toBe(true);
    expect([...(await providerCharges(cids)).values()]).toEqual([1, 1, 1]);
    const paid = await t.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(inArray(payments.cid, cids));
    expect(paid.map((p) => p.status).sort()).toEqual(['failed', 'succeeded', 'succeeded']);

    // Its progress: every customer of the pass done (ours and the database's demo customers).
    const progress = await progressOf(t.database.db, 'billing.pass', day);
    expect(progress!.total).toBeGreaterThanOrEqual(3);
    expect(progress!.done).toBe(progress!.total);
    const metrics = await (
      await t.app.request('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toContain(
      `billing_pass_customers{date="${day}",state="done"} ${progress!.total}`,
    );
    expect(metrics).toContain(
      `billing_pass_customers{date="${day}",state="total"} ${progress!.total}`,
    );
    expect(metrics).toContain('billing_pass_running 0');

    // The same date again: nothing issued, nothing queued, nothing charged.
    await Promise.all([t.jobs.schedule(), other.schedule()]);
    expect(await jobs('billing.pass')).toHaveLength(1);
    const again = await runBillingPass(t, { today: day, charges: 'jobs' });
    expect(again).toMatchObject({ billsIssued: 0, chargesQueued: 0, charges: 0 });
    await t.jobs.drain();
    expect(await ours()).toHaveLength(3);
    expect([...(await providerCharges(cids)).values()]).toEqual([1, 1, 1]);
    const billed = await t.database.db
      .select({ kind: bills.kind })
      .from(bills)
      .where(inArray(bills.cid, cids));
    // Each its activation bill; the declined card its fee.
    expect(billed.map((bill) => bill.kind).sort()).toEqual([
      'activation',
      'activation',
      'activation',
      'fee',
    ]);

    // The next date has its own pass.
    t.clock.set(noonOn(addDays(day, 1)));
    await t.jobs.schedule();
    expect((await jobs('billing.pass')).map((job) => job.data.date)).toEqual([
      day,
      addDays(day, 1),
    ]);
  });

  it('retries a charge whose processor cannot be reached, then keeps it dead, unpaid and uncharged', async () => {
    const day = '2033-05-10';
    const customer = await billedCustomer(t, {
      activatedOn: addDays(day, -21),
      automatic: true,
    });
    useCardProcessor(
      t.config,
      createSandboxCardProcessor(t.config, {
        fetch: () => Promise.reject(new Error('connect ECONNREFUSED')),
      }),
    );
    try {
      t.clock.set(noonOn(day));
      await runBillingPass(t, { today: day, charges: 'jobs' });
      const [attempt] = await t.database.db
        .select()
        .from(chargeAttempts)
        .where(eq(chargeAttempts.cid, customer.cid));
      const mine = async () =>
        (await jobs('billing.charge')).filter((job) => job.data.attemptKey === attempt!.attemptKey);
      await t.jobs.drain();
      expect((await mine()).map((job) => job.state)).toEqual(['retry']);
      const [held] = await t.database.db
        .select({ status: chargeAttempts.status, leaseUntil: chargeAttempts.leaseUntil })
        .from(chargeAttempts)
        .where(eq(chargeAttempts.attemptKey, attempt!.attemptKey));
      // Let go at once, for the retry.
      expect(held).toEqual({ status: 'started', leaseUntil: null });
      await t.jobs.drain({ ignoreBackoff: true });
      await t.jobs.drain({ ignoreBackoff: true });
      expect((await mine()).map((job) => job.state)).toEqual(['failed']);
      const dead = await jobs('billing.charge.dead');
      expect(dead.filter((job) => job.data.attemptKey === attempt!.attemptKey)).toHaveLength(1);
      expect(
        await t.database.db
          .select()
          .from(payments)
          .where(and(eq(payments.cid, customer.cid), eq(payments.source, 'autopay'))),
      ).toEqual([]);
      expect(await providerCharges([customer.cid])).toEqual(new Map());
    } finally {
      useInProcessCardProvider(t.config, t.database.db, t.logger);
    }
  });

  it('emails "card expiring" from its own daily job, once per card', async () => {
    const day = '2035-08-05';
    // The test cards expire at the end of 08/35: within 30 days.
    const customer = await billedCustomer(t, { activatedOn: null });
    t.clock.set(noonOn(day));
    await t.jobs.schedule();
    await t.jobs.drain();
    t.clock.set(noonOn(addDays(day, 1)));
    await t.jobs.schedule();
    await t.jobs.drain();
    expect((await jobs('billing.card-expiry')).filter((job) => job.data.date >= day)).toHaveLength(
      2,
    );
    const mails = await t.database.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to, `${customer.username}@example.test`),
          eq(emailOutbox.subject, 'Your saved card expires soon'),
        ),
      );
    expect(mails).toHaveLength(1);
  });
});
