/**
 * Bank payments go through the BankProcessor interface (docs/billing.md "Processors"), put in
 * place per configuration like the card processor: a payment by bank account reaches the processor
 * the test injected (with the attempt key, the amount in cents and the account, whose whole number
 * it can ask for), and the settlement pass asks the same processor what became of it. The stand-in
 * behind the interface by default keeps its sandbox rule: an account ending in 9999 is returned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../src/shared/billing/schemas.ts';
import { BILLING_MESSAGES } from '../../src/shared/billing/messages.ts';
import {
  bankProcessorFor,
  useBankProcessor,
  type BankDebitInput,
  type BankOutcome,
  type BankProcessor,
} from '../../src/server/billing/processors/index.ts';
import { billedCustomer, billingTestApp, newIdempotencyKey, passOn } from '../support/billing.ts';
import type { CookieClient } from '../support/http-client.ts';
import type { TestApp } from '../support/test-app.ts';

function pay(client: CookieClient, amount: number, accountId: number, key = newIdempotencyKey()) {
  return client.post(
    '/billing/payments',
    { amount, payment_account_id: accountId },
    { headers: { 'Idempotency-Key': key } },
  );
}

async function paymentOf(client: CookieClient, id: number): Promise<PaymentRecord> {
  return (await (await client.get(`/billing/payments/${id}`)).json()) as PaymentRecord;
}

/** A bank processor that keeps what it was asked and answers what the test tells it. */
function fakeBankProcessor() {
  const debits: (Omit<BankDebitInput, 'account'> & {
    lastFour: string;
    routingNumber: string;
    accountNumber: string;
  })[] = [];
  const outcomes = new Map<string, BankOutcome>();
  const asked: string[] = [];
  const processor: BankProcessor = {
    name: 'fake',
    async submitDebit({ account, ...input }) {
      debits.push({
        ...input,
        lastFour: account.lastFour,
        routingNumber: account.routingNumber,
        accountNumber: await account.accountNumber(),
      });
      return `fake_${debits.length}`;
    },
    async outcome(key) {
      asked.push(key);
      return outcomes.get(key) ?? { status: 'pending' };
    },
  };
  return { processor, debits, outcomes, asked };
}

describe('a bank payment through an injected bank processor', () => {
  let t: TestApp;
  const fake = fakeBankProcessor();
  beforeAll(async () => {
    t = await billingTestApp('2030-01-15');
    useBankProcessor(t.config, fake.processor);
  });
  afterAll(() => t.close());

  it('submits the debit to it, and settles or returns the payment as it answers', async () => {
    expect(bankProcessorFor(t)).toBe(fake.processor);
    const customer = await billedCustomer(t, { bankAccount: '000123459999' });
    const client = await customer.client();
    const key = newIdempotencyKey();
    const response = await pay(client, 12.34, customer.paymentAccountId, key);
    expect(response.status, await response.clone().text()).toBe(201);
    const { payment } = (await response.json()) as { payment: PaymentRecord };
    expect(payment).toMatchObject({ status: 'pending', method: 'ACH', amount: 12.34 });
    const attemptKey = `manual:${customer.cid}:${key}`;
    expect(fake.debits).toEqual([
      expect.objectContaining({
        idempotencyKey: attemptKey,
        amountCents: 1234,
        currency: 'usd',
        submittedOn: '2030-01-15',
        lastFour: '9999',
        routingNumber: '123456789',
        accountNumber: '000123459999',
      }),
    ]);

    // The processor has not answered yet: still pending after the settlement days.
    await passOn(t, '2030-01-18');
    expect(fake.asked).toContain(attemptKey);
    expect((await paymentOf(client, payment.payment_id)).status).toBe('pending');

    // It settles, as this processor says, although the sandbox would return a 9999 account.
    fake.outcomes.set(attemptKey, { status: 'settled' });
    await passOn(t, '2030-01-19');
    expect(await paymentOf(client, payment.payment_id)).toMatchObject({
      status: 'succeeded',
      settled_date: '2030-01-19',
    });
  });

  it('records a return with the reason the processor gives', async () => {
    t.clock.set('2030-01-15T19:00:00Z');
    const customer = await billedCustomer(t, { bankAccount: '000123456789' });
    const client = await customer.client();
    const key = newIdempotencyKey();
    const response = await pay(client, 20, customer.paymentAccountId, key);
    const { payment } = (await response.json()) as { payment: PaymentRecord };
    fake.outcomes.set(`manual:${customer.cid}:${key}`, {
      status: 'returned',
      code: 'R02',
      message: 'R02 Account closed',
    });
    await passOn(t, '2030-01-18');
    expect(await paymentOf(client, payment.payment_id)).toMatchObject({
      status: 'returned',
      failure_message: 'R02 Account closed',
    });
  });

  it('answers 502 with the bank message when the processor cannot be reached, and charges on the repeat', async () => {
    t.clock.set('2030-01-15T19:00:00Z');
    const customer = await billedCustomer(t, { bankAccount: '000123456789' });
    const client = await customer.client();
    const { BankProcessorError } = await import('../../src/server/billing/processors/index.ts');
    const submit = fake.processor.submitDebit;
    fake.processor.submitDebit = () => Promise.reject(new BankProcessorError('connection reset'));
    const key = newIdempotencyKey();
    const down = await pay(client, 5, customer.paymentAccountId, key);
    fake.processor.submitDebit = submit;
    expect(down.status).toBe(502);
    expect(((await down.json()) as { msg: string }).msg).toBe(
      BILLING_MESSAGES.bankProcessorUnavailable,
    );
    // The same payment again, with the same key, goes through at once (the attempt was let go).
    const again = await pay(client, 5, customer.paymentAccountId, key);
    expect(again.status, await again.clone().text()).toBe(201);
    expect(
      fake.debits.filter((d) => d.idempotencyKey === `manual:${customer.cid}:${key}`),
    ).toHaveLength(1);
  });
});

describe('the stand-in bank processor (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await billingTestApp('2030-01-15');
  });
  afterAll(() => t.close());

  it('returns a payment from an account ending in 9999 (R01) and settles the others', async () => {
    expect(bankProcessorFor(t).name).toBe('sandbox');
    const returning = await billedCustomer(t, { bankAccount: '000123459999' });
    const settling = await billedCustomer(t, { bankAccount: '000123456789' });
    const made = [];
    for (const customer of [returning, settling]) {
      const client = await customer.client();
      const response = await pay(client, 10, customer.paymentAccountId);
      expect(response.status).toBe(201);
      const { payment } = (await response.json()) as { payment: PaymentRecord };
      made.push({ client, id: payment.payment_id });
    }
    await passOn(t, '2030-01-18');
    expect(await paymentOf(made[0].client, made[0].id)).toMatchObject({
      status: 'returned',
      failure_message: 'R01 Insufficient funds',
    });
    expect(await paymentOf(made[1].client, made[1].id)).toMatchObject({
      status: 'succeeded',
      settled_date: '2030-01-18',
    });
  });
});
