/**
 * Invoices and receipts as PDF (pdfkit): the same bill gives the same bytes, and the text read
 * back from the file holds the totals the API answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillDetail, BillsPage, PaymentRecord } from '../../src/shared/billing/schemas.ts';
import { formatCents, toCents } from '../../src/shared/cart/money.ts';
import {
  billedCustomer,
  billingTestApp,
  newIdempotencyKey,
  passOn,
  pdfText,
} from '../support/billing.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await billingTestApp('2030-01-15');
});
afterAll(() => t.close());

describe('GET /billing/{bills,payments}/{id}/pdf', () => {
  it('renders an invoice with its lines and totals, byte for byte the same each time', async () => {
    const customer = await billedCustomer(t, { activatedOn: '2030-01-15' });
    await passOn(t, '2030-01-15');
    const client = await customer.client();
    const [bill] = ((await (await client.get('/billing/bills')).json()) as BillsPage).bills;
    const detail = (await (
      await client.get(`/billing/bills/${bill.bill_id}`)
    ).json()) as BillDetail;
    const response = await client.get(`/billing/bills/${bill.bill_id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const again = Buffer.from(
      await (await client.get(`/billing/bills/${bill.bill_id}/pdf`)).arrayBuffer(),
    );
    expect(again.equals(pdf)).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain(`Invoice #${bill.bill_id}`);
    expect(text).toContain('Pat Payer');
    expect(text).toContain('Due date: 2030-02-05');
    expect(text).toContain(formatCents(toCents(detail.total)));
    expect(text).toContain(formatCents(toCents(detail.subtotal)));
    expect(text).toContain('billed separately by UTOPIA Fiber');
    for (const line of detail.lines) expect(text).toContain(line.description);
  });

  it('renders a payment receipt', async () => {
    const customer = await billedCustomer(t);
    const client = await customer.client();
    const paid = await client.post(
      '/billing/payments',
      { amount: 42.5, payment_account_id: customer.paymentAccountId },
      { headers: { 'Idempotency-Key': newIdempotencyKey() } },
    );
    const { payment } = (await paid.json()) as { payment: PaymentRecord };
    const response = await client.get(`/billing/payments/${payment.payment_id}/pdf`);
    expect(response.status).toBe(200);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(`Receipt for payment #${payment.payment_id}`);
    expect(text).toContain('$42.50');
    expect(text).toContain('Visa ending in 4242');
  });
});
