/**
 * A charge attempt is held by the instance charging it (docs/billing.md "Exactly once"): two
 * billing passes on one database, as two instances with processors of their own, on the app's
 * clock. While instance A holds an autopay attempt (its processor has not answered), instance B's
 * passes do not call the processor for it; once A's lease has ended (A was killed, say) B takes it
 * over and it is charged exactly once. An attempt whose processor could not be reached is let go
 * at once, so the next pass charges it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING } from '../../src/shared/billing/constants.ts';
import type { BillingDeps } from '../../src/server/billing/charges.ts';
import { runBillingPass } from '../../src/server/billing/run.ts';
import { bills, chargeAttempts, payments } from '../../src/server/db/schema.ts';
import {
  CardProcessorError,
  useCardProcessor,
  type CardProcessor,
  type ChargeInput,
  type ChargeResult,
} from '../../src/server/billing/processors/index.ts';
import { billedCustomer, billingTestApp, noonOn, passOn } from '../support/billing.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await billingTestApp('2030-01-15');
});
afterAll(() => t.close());

/**
 * A card processor like a real one (a repeat of a key answers the first charge) that counts the
 * calls for each key; `hold(key)` makes the calls for that key wait until the test lets them go.
 */
function countingProcessor() {
  const calls = new Map<string, number>();
  const charged = new Map<string, ChargeResult>();
  const held = new Map<string, { reached: Promise<void>; fail: () => void }>();
  const waiting = new Map<string, { reached: () => void; answer: Promise<void> }>();
  const processor: CardProcessor = {
    name: 'counting',
    formUrl: () => 'https://cards.example.test/form',
    verifyToken: () => Promise.resolve(null),
    async charge(input: ChargeInput) {
      const key = input.idempotencyKey;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      const wait = waiting.get(key);
      if (wait) {
        wait.reached();
        await wait.answer;
      }
      const first = charged.get(key) ?? {
        status: 'succeeded' as const,
        chargeId: `ch_${charged.size + 1}`,
        amountCents: input.amountCents,
      };
      charged.set(key, first);
      return first;
    },
  };
  return {
    processor,
    calls: (key: string) => calls.get(key) ?? 0,
    charges: (key: string) => (charged.has(key) ? 1 : 0),
    /** Calls for `key` wait; `fail()` ends them with "could not be reached". */
    hold(key: string) {
      let reached!: () => void;
      let fail!: () => void;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const answer = new Promise<void>((_, reject) => {
        fail = () => reject(new CardProcessorError('connection reset'));
      });
      answer.catch(() => undefined);
      waiting.set(key, { reached, answer });
      held.set(key, { reached: reachedPromise, fail });
      return held.get(key)!;
    },
  };
}

/** Another instance of the app on the same database and clock, with its own card processor. */
function instance(processor: CardProcessor): BillingDeps {
  const config = { ...t.config };
  useCardProcessor(config, processor);
  return { config, database: t.database, logger: t.logger, clock: t.clock };
}

async function attemptsOf(billId: number) {
  return t.database.db.select().from(chargeAttempts).where(eq(chargeAttempts.billId, billId));
}

async function customerWithBillDue(activatedOn: string) {
  const customer = await billedCustomer(t, { activatedOn, automatic: true });
  await passOn(t, activatedOn);
  const [bill] = await t.database.db
    .select()
    .from(bills)
    .where(and(eq(bills.cid, customer.cid), eq(bills.kind, 'activation')));
  return { customer, bill };
}

describe('charge attempts are leased', () => {
  it('another instance does not charge an attempt while it is held, and takes it over once the lease ends', async () => {
    const { customer, bill } = await customerWithBillDue('2030-01-15');
    const key = `autopay:${bill.billId}:1`;
    const a = countingProcessor();
    const b = countingProcessor();
    const held = a.hold(key);
    const instanceA = instance(a.processor);
    const instanceB = instance(b.processor);

    // A's pass on the due date starts the autopay attempt and waits on its processor.
    t.clock.set(noonOn(bill.dueDate));
    const passA = runBillingPass(instanceA, { today: bill.dueDate });
    await held.reached;
    const [attempt] = await attemptsOf(bill.billId);
    expect(attempt).toMatchObject({ attemptKey: key, status: 'started' });
    expect(attempt.claimedBy).toEqual(expect.any(String));
    expect(attempt.leaseUntil?.getTime()).toBe(
      t.clock.now().getTime() + BILLING.attemptLeaseSeconds * 1000,
    );

    // B's passes while A holds it: no call for it, no second attempt.
    await runBillingPass(instanceB, { today: bill.dueDate });
    t.clock.advance(BILLING.attemptLeaseSeconds * 1000 - 1000);
    await runBillingPass(instanceB, { today: bill.dueDate });
    expect(b.calls(key)).toBe(0);
    expect(await attemptsOf(bill.billId)).toHaveLength(1);

    // A is gone for good; its lease ends: B takes the attempt over and charges it.
    t.clock.advance(2000);
    const report = await runBillingPass(instanceB, { today: bill.dueDate });
    expect(report.resumed).toBeGreaterThanOrEqual(1);
    expect(b.calls(key)).toBe(1);
    const [finished] = await attemptsOf(bill.billId);
    expect(finished).toMatchObject({ status: 'succeeded', leaseUntil: null });

    // A's call ends at last (a dropped connection): nothing more is recorded.
    held.fail();
    await passA;
    const paid = await t.database.db.select().from(payments).where(eq(payments.cid, customer.cid));
    expect(paid).toMatchObject([{ billId: bill.billId, status: 'succeeded' }]);
    expect(a.charges(key) + b.charges(key)).toBe(1);
    expect(await attemptsOf(bill.billId)).toHaveLength(1);
  });

  it('lets an attempt go when the processor cannot be reached: the next pass charges it', async () => {
    t.clock.set(noonOn('2030-03-01'));
    const { bill } = await customerWithBillDue('2030-03-01');
    const key = `autopay:${bill.billId}:1`;
    const processor = countingProcessor();
    const self = instance(processor.processor);
    processor.hold(key).fail();
    t.clock.set(noonOn(bill.dueDate));
    await runBillingPass(self, { today: bill.dueDate });
    expect(processor.calls(key)).toBe(1);
    expect((await attemptsOf(bill.billId))[0]).toMatchObject({
      status: 'started',
      leaseUntil: null,
    });
    const { processor: answering, calls } = countingProcessor();
    await runBillingPass(instance(answering), { today: bill.dueDate });
    expect(calls(key)).toBe(1);
    expect((await attemptsOf(bill.billId))[0]).toMatchObject({ status: 'succeeded' });
  });
});
