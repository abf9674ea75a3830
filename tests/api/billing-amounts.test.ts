/**
 * Money is exact (docs/billing.md "Money", docs/api.md "POST /billing/payments"): the amount of a
 * payment is read from the JSON text as written, never through a float. More than two decimals,
 * an exponent or more than 10 digits before the point is a 422 with the amount's message, and
 * nothing is written or charged; 1, 1.5 and 1.50 are still payments of $1.00 and $1.50.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../src/shared/billing/schemas.ts';
import { BILLING_MESSAGES } from '../../src/shared/billing/messages.ts';
import {
  cardProviderCharges,
  chargeAttempts,
  idempotencyKeys,
  payments,
} from '../../src/server/db/schema.ts';
import { billedCustomer, billingTestApp, newIdempotencyKey } from '../support/billing.ts';
import type { CookieClient } from '../support/http-client.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await billingTestApp('2030-01-15');
});
afterAll(() => t.close());

/** POST /billing/payments with the body written exactly as given. */
function payText(client: CookieClient, text: string) {
  return client.post('/billing/payments', text, {
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
}

/** Everything a payment request can leave behind for this customer, and the provider's charges. */
async function written(cid: number) {
  const { db } = t.database;
  const [[attempts], [paid], [keys], [charges]] = await Promise.all([
    db.select({ n: count() }).from(chargeAttempts).where(eq(chargeAttempts.cid, cid)),
    db.select({ n: count() }).from(payments).where(eq(payments.cid, cid)),
    db.select({ n: count() }).from(idempotencyKeys),
    db.select({ n: count() }).from(cardProviderCharges),
  ]);
  return { attempts: attempts.n, payments: paid.n, keys: keys.n, charges: charges.n };
}

describe('POST /billing/payments reads the amount as written', () => {
  it.each([
    ['1.000000001', BILLING_MESSAGES.amount],
    ['0.300000001', BILLING_MESSAGES.amount],
    ['25.0000000049', BILLING_MESSAGES.amount],
    ['1.005', BILLING_MESSAGES.amount],
    ['1.000', BILLING_MESSAGES.amount],
    ['1e2', BILLING_MESSAGES.amountExponent],
    ['1E2', BILLING_MESSAGES.amountExponent],
    ['1.5e0', BILLING_MESSAGES.amountExponent],
    ['12345678901.00', BILLING_MESSAGES.amountTooLarge],
    ['"1.50"', BILLING_MESSAGES.amount],
  ])('refuses %s with 422 and writes nothing', async (amount, message) => {
    const customer = await billedCustomer(t);
    const client = await customer.client();
    const before = await written(customer.cid);
    const response = await payText(
      client,
      `{"amount":${amount},"payment_account_id":${customer.paymentAccountId}}`,
    );
    const body = (await response.json()) as { msg: string; errors: Record<string, string> };
    expect(response.status, JSON.stringify(body)).toBe(422);
    expect(body.errors).toEqual({ amount: message });
    expect(body.msg).toBe(message);
    expect(await written(customer.cid)).toEqual(before);
  });

  it('reads a repeated amount as JSON does, the last one: refused when that one is', async () => {
    const customer = await billedCustomer(t);
    const client = await customer.client();
    const before = await written(customer.cid);
    const response = await payText(
      client,
      `{"amount":1,"payment_account_id":${customer.paymentAccountId},"amount":1.000000001}`,
    );
    expect(response.status).toBe(422);
    expect(await written(customer.cid)).toEqual(before);
  });

  it.each([
    ['1', 1, 100],
    ['1.5', 1.5, 150],
    ['1.50', 1.5, 150],
    ['0.30', 0.3, 30],
    ['10000.00', 10000, 1_000_000],
  ])('takes %s as a payment of exactly %d dollars', async (amount, dollars, cents) => {
    const customer = await billedCustomer(t);
    const client = await customer.client();
    const response = await payText(
      client,
      `{"amount":${amount},"payment_account_id":${customer.paymentAccountId}}`,
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const { payment } = (await response.json()) as { payment: PaymentRecord };
    expect(payment).toMatchObject({ amount: dollars, status: 'succeeded' });
    const rows = await t.database.db.select().from(payments).where(eq(payments.cid, customer.cid));
    expect(rows.map((row) => row.amountCents)).toEqual([cents]);
  });
});
