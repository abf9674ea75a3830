/**
 * The ledger and the bills (docs/billing.md): bills from the order's cart snapshot (activation
 * bill with the one-time charges, monthly cycles, promos for their term, other providers' lines
 * left out, tax on taxable lines, postal fee), balance = bills − payments − credits, statuses,
 * GET /user/info `billing`, and the billing statuses of the terms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BillDetail, BillsPage } from '../../src/shared/billing/schemas.ts';
import type { UserInfoResponse } from '../../src/shared/session/types.ts';
import { customerBalance } from '../../src/server/billing/ledger.ts';
import { accountStatusOn } from '../../src/server/billing/run.ts';
import { credits, customerBilling, emailOutbox } from '../../src/server/db/schema.ts';
import { billedCustomer, billingTestApp, passOn } from '../support/billing.ts';
import type { CookieClient } from '../support/http-client.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await billingTestApp('2030-01-15');
});
afterAll(() => t.close());

async function bills(client: CookieClient) {
  const response = await client.get('/billing/bills?limit=100');
  expect(response.status).toBe(200);
  return (await response.json()) as BillsPage;
}
const login = (customer: { client: () => Promise<CookieClient> }) => customer.client();

describe('bills from the order', () => {
  it('issues the activation bill on activation: first month, promo, one-time charges, separate lines', async () => {
    const customer = await billedCustomer(t, { activatedOn: '2030-01-15' });
    const report = await passOn(t, '2030-01-15');
    expect(report.billsIssued).toBeGreaterThanOrEqual(1);
    const client = await login(customer);
    const page = await bills(client);
    expect(page.total).toBe(1);
    const [bill] = page.bills;
    expect(bill).toMatchObject({
      kind: 'activation',
      issue_date: '2030-01-15',
      due_date: '2030-02-05',
      period_start: '2030-01-15',
      period_end: '2030-02-14',
      status: 'open',
      tax_rate: 6.1,
    });
    const detail = (await (
      await client.get(`/billing/bills/${bill.bill_id}`)
    ).json()) as BillDetail;
    const kinds = detail.lines.map((l) => l.kind);
    expect(kinds).toContain('recurring');
    expect(kinds).toContain('one_time');
    expect(kinds).toContain('separately_billed');
    const separate = detail.lines.find((l) => l.kind === 'separately_billed')!;
    expect(separate.note).toBe('billed separately by UTOPIA Fiber');
    expect(separate.amount).toBe(0);
    // The lines add up to the subtotal; tax is the rate on the taxable lines only.
    const sum = detail.lines.reduce((s, l) => s + Math.round(l.amount * 100), 0);
    expect(Math.round(detail.subtotal * 100)).toBe(sum);
    expect(Math.round(detail.total * 100)).toBe(sum + Math.round(detail.tax * 100));
    // "Bill issued" went to the outbox.
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, `${customer.username}@example.test`));
    expect(mails.map((m) => m.subject)).toContain(
      `Your ${t.config.productName} bill #${bill.bill_id}`,
    );
  });

  it('bills each contract month on its anniversary; the first-month promo ends; no one-time charges again', async () => {
    const customer = await billedCustomer(t, { activatedOn: '2030-01-15' });
    await passOn(t, '2030-01-15');
    await passOn(t, '2030-02-15');
    await passOn(t, '2030-02-15');
    const client = await login(customer);
    const page = await bills(client);
    expect(page.bills.map((b) => [b.kind, b.issue_date])).toEqual([
      ['cycle', '2030-02-15'],
      ['activation', '2030-01-15'],
    ]);
    const [second, first] = page.bills;
    const detail = (await (
      await client.get(`/billing/bills/${second.bill_id}`)
    ).json()) as BillDetail;
    expect(detail.lines.some((l) => l.kind === 'one_time')).toBe(false);
    // Month 2: the router lease ($12, taxable) is no longer offset by its promo: 6.1 % of it.
    const taxed = detail.lines
      .filter((l) => l.taxable)
      .reduce((s, l) => s + Math.round(l.amount * 100), 0);
    expect(taxed).toBe(1200);
    expect(detail.tax).toBe(0.73);
    const firstDetail = (await (
      await client.get(`/billing/bills/${first.bill_id}`)
    ).json()) as BillDetail;
    expect(firstDetail.lines.some((l) => l.kind === 'promo')).toBe(
      customer.order.cart.items.some((i) => i.rate_type === 'promo' && i.rate_term === 'one'),
    );
    expect(
      detail.lines.some((l) => l.kind === 'promo' && l.description === 'First month free'),
    ).toBe(false);
  });

  it('catches up on missed months in one pass, once, and adds the postal fee for paper bills', async () => {
    const customer = await billedCustomer(t, { activatedOn: '2030-01-15', paperInvoice: true });
    await passOn(t, '2030-04-20');
    await passOn(t, '2030-04-20');
    const client = await login(customer);
    const page = await bills(client);
    expect(page.total).toBe(4);
    const detail = (await (
      await client.get(`/billing/bills/${page.bills[0].bill_id}`)
    ).json()) as BillDetail;
    expect(detail.lines.find((l) => l.kind === 'fee')).toMatchObject({
      description: 'Postal invoice fee',
      amount: 1.5,
      taxable: false,
    });
  });

  it('bills nothing before activation', async () => {
    const customer = await billedCustomer(t, { activatedOn: null });
    await passOn(t, '2030-06-01');
    expect((await bills(await login(customer))).total).toBe(0);
  });
});

describe('balance and /user/info', () => {
  it('balance = bills − payments − credits; amount due, due date, overdue the day after', async () => {
    const customer = await billedCustomer(t, { activatedOn: '2030-01-15' });
    await passOn(t, '2030-01-15');
    const client = await login(customer);
    const [bill] = (await bills(client)).bills;
    const info = async () =>
      ((await (await client.get('/user/info')).json()) as UserInfoResponse).billing;
    expect(await info()).toMatchObject({
      amount_due: bill.total,
      balance: bill.total,
      payment_amount: bill.total,
      due_date: '2030-02-05',
      overdue: false,
      automatic: false,
      payment_type: 'MANUAL',
      default_payment_account_id: customer.paymentAccountId,
      billing_address: {
        fname: 'Pat',
        lname: 'Payer',
        line1: '245 E Center St',
        line2: '',
        city: 'Orem',
        state: 'UT',
        zip_code: '84057',
        formatted_address: '245 E Center St, Orem, UT 84057',
      },
    });
    await t.database.db.insert(credits).values({
      cid: customer.cid,
      creditKey: `goodwill:${customer.cid}`,
      amountCents: 500,
      reason: 'Goodwill',
      creditDate: '2030-01-20',
    });
    expect(await customerBalance(t.database.db, customer.cid)).toBe(
      Math.round(bill.total * 100) - 500,
    );
    t.clock.set('2030-02-05T19:00:00Z');
    expect((await info()).overdue).toBe(false);
    t.clock.set('2030-02-06T19:00:00Z');
    expect((await info()).overdue).toBe(true);
    await passOn(t, '2030-02-06');
    expect((await bills(client)).bills[0].status).toBe('overdue');
    const [settings] = await t.database.db
      .select()
      .from(customerBilling)
      .where(eq(customerBilling.cid, customer.cid));
    expect(settings.accountStatus).toBe('overdue');
  });

  it('suspends 14 days after the due date and terminates 7 days later (not contracted accounts)', async () => {
    expect(accountStatusOn('2030-02-05', '2030-02-05', false)).toBe('active');
    expect(accountStatusOn('2030-02-06', '2030-02-05', false)).toBe('overdue');
    expect(accountStatusOn('2030-02-18', '2030-02-05', false)).toBe('overdue');
    expect(accountStatusOn('2030-02-19', '2030-02-05', false)).toBe('suspended');
    expect(accountStatusOn('2030-02-25', '2030-02-05', false)).toBe('suspended');
    expect(accountStatusOn('2030-02-26', '2030-02-05', false)).toBe('terminated');
    expect(accountStatusOn('2030-03-26', '2030-02-05', true)).toBe('overdue');

    const plain = await billedCustomer(t, { activatedOn: '2030-01-15' });
    const contracted = await billedCustomer(t, { activatedOn: '2030-01-15', contracted: true });
    const statusOf = async (cid: number) =>
      (
        await t.database.db
          .select({ s: customerBilling.accountStatus })
          .from(customerBilling)
          .where(eq(customerBilling.cid, cid))
      )[0].s;
    await passOn(t, '2030-01-15');
    await passOn(t, '2030-02-19');
    expect(await statusOf(plain.cid)).toBe('suspended');
    expect(await statusOf(contracted.cid)).toBe('overdue');
    await passOn(t, '2030-02-26');
    expect(await statusOf(plain.cid)).toBe('terminated');
    expect(await statusOf(contracted.cid)).toBe('overdue');
  });
});
