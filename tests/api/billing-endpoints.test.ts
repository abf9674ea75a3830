/**
 * The billing endpoints (docs/api.md "Billing"): paying by card (full, partial, ahead of time,
 * exactly once per Idempotency-Key, declined without a fee), by bank account (pending, then settled
 * or returned with the fee), the billing address, payment accounts (card by token, bank form rules,
 * default and autopay, the 409 on deleting the autopay default), and every id checked against the
 * caller's customer, walked with two customers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BillsPage,
  PaymentAccountsResponse,
  PaymentRecord,
  PaymentsPage,
} from '../../src/shared/billing/schemas.ts';
import { BILLING_MESSAGES } from '../../src/shared/billing/messages.ts';
import type { UserInfoResponse } from '../../src/shared/session/types.ts';
import { customerBalance } from '../../src/server/billing/ledger.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { markAchReturn } from '../../src/server/billing/processors/ach-processor.ts';
import {
  billedCustomer,
  billingTestApp,
  cardToken,
  newIdempotencyKey,
  passOn,
} from '../support/billing.ts';
import type { CookieClient } from '../support/http-client.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await billingTestApp('2030-01-15');
});
afterAll(() => t.close());

function pay(client: CookieClient, body: unknown, key = newIdempotencyKey()) {
  return client.post('/billing/payments', body, { headers: { 'Idempotency-Key': key } });
}
async function billing(client: CookieClient) {
  return ((await (await client.get('/user/info')).json()) as UserInfoResponse).billing;
}

describe('POST /billing/payments by card', () => {
  it('takes a partial payment, then the rest, through the card provider', async () => {
    const customer = await billedCustomer(t);
    await passOn(t, '2030-01-15');
    const client = await customer.client();
    const due = (await billing(client)).amount_due;
    expect(due).toBeGreaterThan(10);
    const partial = await pay(client, {
      amount: 10.5,
      payment_account_id: customer.paymentAccountId,
    });
    expect(partial.status, await partial.clone().text()).toBe(201);
    const { payment } = (await partial.json()) as { payment: PaymentRecord };
    expect(payment).toMatchObject({
      amount: 10.5,
      status: 'succeeded',
      method: 'CC',
      source: 'manual',
    });
    expect(payment.account_label).toBe('Visa ending in 4242');
    const [bill] = ((await (await client.get('/billing/bills')).json()) as BillsPage).bills;
    expect(bill.status).toBe('partially_paid');
    expect((await billing(client)).amount_due).toBe(Math.round((due - 10.5) * 100) / 100);
    const rest = await pay(client, {
      amount: (await billing(client)).amount_due,
      payment_account_id: customer.paymentAccountId,
    });
    expect(rest.status).toBe(201);
    expect((await billing(client)).amount_due).toBe(0);
    const [paid] = ((await (await client.get('/billing/bills')).json()) as BillsPage).bills;
    expect(paid.status).toBe('paid');
    const page = (await (await client.get('/billing/payments')).json()) as PaymentsPage;
    expect(page.total).toBe(2);
    expect(page.payments[0].payment_id).toBeGreaterThan(page.payments[1].payment_id);
  });

  it('takes a payment ahead of time: a negative balance covers the next bill', async () => {
    const customer = await billedCustomer(t, { activatedOn: '2030-03-01' });
    const client = await customer.client();
    const ahead = await pay(client, { amount: 500, payment_account_id: customer.paymentAccountId });
    expect(ahead.status).toBe(201);
    expect((await billing(client)).balance).toBe(-500);
    await passOn(t, '2030-03-01');
    const [bill] = ((await (await client.get('/billing/bills')).json()) as BillsPage).bills;
    expect(bill.status).toBe('paid');
    expect((await billing(client)).amount_due).toBe(0);
    t.clock.set('2030-01-15T19:00:00Z');
  });

  it('charges once per Idempotency-Key: a repeat replays, another body is refused', async () => {
    const customer = await billedCustomer(t);
    const client = await customer.client();
    const key = newIdempotencyKey();
    const body = { amount: 12.34, payment_account_id: customer.paymentAccountId };
    const [a, b] = await Promise.all([pay(client, body, key), pay(client, body, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const again = await pay(client, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const ids = await Promise.all(
      [a, b, again].map(
        async (r) => ((await r.json()) as { payment: PaymentRecord }).payment.payment_id,
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(((await (await client.get('/billing/payments')).json()) as PaymentsPage).total).toBe(1);
    const other = await pay(client, { ...body, amount: 99 }, key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { msg: string }).msg).toBe(
      BILLING_MESSAGES.idempotencyKeyReused,
    );
    expect((await client.post('/billing/payments', body)).status).toBe(400);
  });

  it('refuses bad amounts and unknown accounts', async () => {
    const customer = await billedCustomer(t);
    const client = await customer.client();
    // 1e300 is past what cents can count exactly: refused like any other bad amount, never a 500.
    for (const amount of [0, -1, 1.234, '5', 10_000.01, null, 1e300]) {
      const response = await pay(client, { amount, payment_account_id: customer.paymentAccountId });
      expect(response.status, `amount ${String(amount)}`).toBe(422);
    }
    expect((await pay(client, { amount: 1, payment_account_id: 2_000_000_000 })).status).toBe(404);
  });

  it('records a declined card as failed, with an email but no fee: a decline while paying costs nothing', async () => {
    const customer = await billedCustomer(t, { cardNumber: '4000 0000 0000 0002' });
    await passOn(t, '2030-01-15');
    const client = await customer.client();
    const before = await customerBalance(t.database.db, customer.cid);
    const billsBefore = ((await (await client.get('/billing/bills')).json()) as BillsPage).total;
    // Two tries, one of them for more than is due: each declined, neither adds anything.
    for (const amount of [20, 500]) {
      const response = await pay(client, {
        amount,
        payment_account_id: customer.paymentAccountId,
      });
      expect(response.status).toBe(402);
      const body = (await response.json()) as { title: string; payment: PaymentRecord };
      expect(body.title).toBe(BILLING_MESSAGES.declinedTitle);
      expect(body.payment.status).toBe('failed');
    }
    expect(await customerBalance(t.database.db, customer.cid)).toBe(before);
    const page = (await (await client.get('/billing/bills')).json()) as BillsPage;
    expect(page.total).toBe(billsBefore);
    expect(page.bills.filter((b) => b.kind === 'fee')).toEqual([]);
    // The customer is told, in one sentence each, and not of a fee.
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, `${customer.username}@example.test`));
    const failed = mails.filter((mail) => mail.subject.includes('failed'));
    expect(failed).toHaveLength(2);
    for (const mail of failed) {
      expect(mail.text).toContain(
        `did not go through: ${BILLING_MESSAGES.declined('card_declined')}\n`,
      );
      expect(mail.text).not.toMatch(/\.\./);
      expect(mail.text).not.toContain('fee');
    }
  });
});

describe('POST /billing/payments by bank account', () => {
  it('is pending, then settles on the run after the settlement days', async () => {
    const customer = await billedCustomer(t, { bankAccount: '000123456789' });
    await passOn(t, '2030-01-15');
    const client = await customer.client();
    const due = (await billing(client)).amount_due;
    const response = await pay(client, {
      amount: due,
      payment_account_id: customer.paymentAccountId,
    });
    expect(response.status).toBe(201);
    const { payment, msg } = (await response.json()) as { payment: PaymentRecord; msg: string };
    expect(payment).toMatchObject({ status: 'pending', method: 'ACH', settled_date: null });
    expect(msg).toBe(BILLING_MESSAGES.paymentPending);
    expect((await billing(client)).amount_due).toBe(0);
    await passOn(t, '2030-01-17');
    expect(
      (
        (await (
          await client.get(`/billing/payments/${payment.payment_id}`)
        ).json()) as PaymentRecord
      ).status,
    ).toBe('pending');
    await passOn(t, '2030-01-18');
    const settled = (await (
      await client.get(`/billing/payments/${payment.payment_id}`)
    ).json()) as PaymentRecord;
    expect(settled).toMatchObject({ status: 'succeeded', settled_date: '2030-01-18' });
    t.clock.set('2030-01-15T19:00:00Z');
  });

  it('a returned payment counts no more and adds the $20 fee', async () => {
    const customer = await billedCustomer(t, { bankAccount: '000123456789' });
    await passOn(t, '2030-01-15');
    const client = await customer.client();
    const due = (await billing(client)).amount_due;
    const key = newIdempotencyKey();
    const response = await pay(
      client,
      { amount: due, payment_account_id: customer.paymentAccountId },
      key,
    );
    const { payment } = (await response.json()) as { payment: PaymentRecord };
    await markAchReturn(t.database.db, `manual:${customer.cid}:${key}`);
    await passOn(t, '2030-01-18');
    const returned = (await (
      await client.get(`/billing/payments/${payment.payment_id}`)
    ).json()) as PaymentRecord;
    expect(returned.status).toBe('returned');
    expect(returned.failure_message).toBe('R01 Insufficient funds');
    expect((await billing(client)).amount_due).toBe(Math.round((due + 20) * 100) / 100);
    const fees = ((await (await client.get('/billing/bills')).json()) as BillsPage).bills.filter(
      (b) => b.kind === 'fee',
    );
    expect(fees).toMatchObject([{ total: 20, tax: 0 }]);
    const [mail] = (
      await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, `${customer.username}@example.test`))
    ).filter((m) => m.subject.includes('failed'));
    expect(mail.text).toContain(
      'did not go through: the bank returned it (R01 Insufficient funds).\n',
    );
    expect(mail.text).toContain('a fee of $20.00 was added to your account.');
    t.clock.set('2030-01-15T19:00:00Z');
  });
});

describe('payment accounts and the billing address', () => {
  it('lists, adds a card by token and a bank account, makes default, autopay, and deletes', async () => {
    const customer = await billedCustomer(t);
    const client = await customer.client();
    const list = async () =>
      (await (await client.get('/billing/payment_accounts')).json()) as PaymentAccountsResponse;
    const first = await list();
    expect(first.payment_accounts).toHaveLength(1);
    expect(first.payment_accounts[0]).toMatchObject({
      method: 'CC',
      last_four: '4242',
      is_default: true,
      credit_card: { brand: 'visa', expiration_date: '2035-08', expired: false },
      bank_account: null,
    });
    const card = await cardToken(t, '5555 5555 5555 4444', '02/30');
    const added = await client.post('/billing/payment_accounts/card', { token: card.token });
    expect(added.status).toBe(201);
    const cardId = ((await added.json()) as { payment_account: { payment_account_id: number } })
      .payment_account.payment_account_id;
    expect(
      (await client.post('/billing/payment_accounts/card', { token: card.token })).status,
    ).toBe(409);
    expect(
      (await client.post('/billing/payment_accounts/card', { token: 'tok_nothing_here_000000' }))
        .status,
    ).toBe(422);

    const bank = {
      name: 'Pat Payer',
      routing: '987654321',
      account: '12345678',
      account_type: 'SAVINGS',
    };
    const ach = await client.post('/billing/payment_accounts/ach', bank);
    expect(ach.status, await ach.clone().text()).toBe(201);
    const achRecord = (
      (await ach.json()) as { payment_account: PaymentAccountsResponse['payment_accounts'][0] }
    ).payment_account;
    expect(achRecord).toMatchObject({
      method: 'ACH',
      last_four: '5678',
      bank_account: { bank_name: 'Sandbox Test Bank', account_type: 'SAVINGS' },
    });
    for (const bad of [
      { ...bank, routing: '123456781' },
      { ...bank, name: 'P4t' },
      { ...bank, account: '12' },
      { ...bank, account_type: 'BROKERAGE' },
    ]) {
      expect((await client.post('/billing/payment_accounts/ach', bad)).status).toBe(422);
    }
    expect(
      (await client.post('/billing/payment_accounts/ach', { ...bank, routing: '021000021' }))
        .status,
    ).toBe(201);

    const autopay = await client.put(`/billing/payment_accounts/${cardId}`, { automatic: true });
    expect(autopay.status).toBe(200);
    expect(await autopay.json()).toMatchObject({
      default_payment_account_id: cardId,
      automatic: true,
    });
    expect((await billing(client)).payment_type).toBe('AUTOMATIC');
    const refused = await client.delete(`/billing/payment_accounts/${cardId}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { msg: string }).msg).toBe(
      BILLING_MESSAGES.defaultWhileAutopay,
    );
    expect(
      (await client.put(`/billing/payment_accounts/${cardId}`, { automatic: false })).status,
    ).toBe(200);
    const removed = await client.delete(`/billing/payment_accounts/${cardId}`);
    expect(removed.status).toBe(200);
    const after = (await removed.json()) as PaymentAccountsResponse;
    expect(after.default_payment_account_id).toBeNull();
    expect(after.payment_accounts.map((a) => a.payment_account_id)).not.toContain(cardId);
    const makeDefault = await client.put(
      `/billing/payment_accounts/${achRecord.payment_account_id}`,
      {
        make_default: true,
      },
    );
    expect(((await makeDefault.json()) as PaymentAccountsResponse).default_payment_account_id).toBe(
      achRecord.payment_account_id,
    );
  });

  it('POST /billing/address saves a valid address and refuses an invalid one', async () => {
    const customer = await billedCustomer(t);
    const client = await customer.client();
    const address = {
      fname: 'Pat',
      lname: 'Payer',
      line1: '10 Main St',
      line2: 'Suite 2',
      city: 'Provo',
      state: 'UT',
      zip_code: '84601',
      zip_ext: '1234',
      paper_invoice: true,
    };
    const saved = await client.post('/billing/address', address);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      billing_address: { formatted_address: '10 Main St, Suite 2, Provo, UT 84601-1234' },
      paper_invoice: true,
    });
    expect((await billing(client)).billing_address?.line1).toBe('10 Main St');
    for (const bad of [
      { ...address, state: 'XX' },
      { ...address, zip_code: '8460' },
      { ...address, fname: '' },
    ]) {
      expect((await client.post('/billing/address', bad)).status).toBe(422);
    }
  });
});

describe('one customer never reaches another’s records', () => {
  it('walks every endpoint with the other customer’s ids', async () => {
    const owner = await billedCustomer(t, { activatedOn: '2030-01-15' });
    const other = await billedCustomer(t, { activatedOn: '2030-01-15' });
    await passOn(t, '2030-01-15');
    const ownerClient = await owner.client();
    const paid = await pay(ownerClient, { amount: 1, payment_account_id: owner.paymentAccountId });
    const paymentId = ((await paid.json()) as { payment: PaymentRecord }).payment.payment_id;
    const billId = ((await (await ownerClient.get('/billing/bills')).json()) as BillsPage).bills[0]
      .bill_id;

    const intruder = await other.client();
    const balanceBefore = await customerBalance(t.database.db, owner.cid);
    expect((await intruder.get(`/billing/bills/${billId}`)).status).toBe(404);
    expect((await intruder.get(`/billing/bills/${billId}/pdf`)).status).toBe(404);
    expect((await intruder.get(`/billing/payments/${paymentId}`)).status).toBe(404);
    expect((await intruder.get(`/billing/payments/${paymentId}/pdf`)).status).toBe(404);
    expect(
      (await pay(intruder, { amount: 1, payment_account_id: owner.paymentAccountId })).status,
    ).toBe(404);
    expect(
      (
        await intruder.put(`/billing/payment_accounts/${owner.paymentAccountId}`, {
          make_default: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await intruder.put(`/billing/payment_accounts/${owner.paymentAccountId}`, {
          automatic: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (await intruder.delete(`/billing/payment_accounts/${owner.paymentAccountId}`)).status,
    ).toBe(404);
    const lists = await Promise.all(
      ['/billing/bills', '/billing/payments', '/billing/payment_accounts'].map(async (path) =>
        JSON.stringify(await (await intruder.get(path)).json()),
      ),
    );
    for (const text of lists) {
      expect(text).not.toContain(`"bill_id":${billId}`);
      expect(text).not.toContain(`"payment_id":${paymentId}`);
      expect(text).not.toContain(`"payment_account_id":${owner.paymentAccountId}`);
    }
    // The owner's card token cannot be saved by the other customer either.
    expect(await customerBalance(t.database.db, owner.cid)).toBe(balanceBefore);
    const ownerAccounts = (await (
      await ownerClient.get('/billing/payment_accounts')
    ).json()) as PaymentAccountsResponse;
    expect(ownerAccounts.payment_accounts).toHaveLength(1);
    expect(ownerAccounts.default_payment_account_id).toBe(owner.paymentAccountId);
  });
});
