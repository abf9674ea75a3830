/**
 * The guard of the demo customers' bills (docs/billing.md "Bill to"): for every bill of each demo
 * customer (README "Demo logins": demo, viewer, nobilling with no bills, overdue, suspended), what
 * the invoice's API record (`GET /billing/bills/{id}`), its PDF (its text read back) and
 * `GET /billing/bills` say agree field by field: who it is addressed to, the service address, the
 * dates and status, every line and every total. Read by the customer's own login and by a second
 * user of the customer, who gets the same records and the same PDF bytes. The demo data is read as
 * seeded (no billing pass runs here: a pass on the test's date would bill years of months). Runs
 * on PGlite, and on PostgreSQL when DATABASE_URL is set (tests/tools/with-postgres.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOneLine, billToLines, type BillDetail } from '../../src/shared/billing/schemas.ts';
import { formatCents, toCents } from '../../src/shared/cart/money.ts';
import { BILLING_STATUS_LABELS, INVOICE_TEXT } from '../../src/shared/billing/messages.ts';
import { users } from '../../src/server/db/schema.ts';
import {
  billingTestApp,
  billPdf,
  billsOf,
  getJson,
  pdfBillTo,
  pdfSection,
  pdfText,
  secondUserOf,
} from '../support/billing.ts';
import type { CookieClient } from '../support/http-client.ts';
import { login } from '../support/session.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await billingTestApp('2030-01-15');
});
afterAll(() => t.close());

/** The PDF's rows after the "Description | Amount" heading, up to the subtotal. */
function pdfCharges(lines: string[]): string[] {
  return pdfSection(lines, 'Amount', (line) => line === INVOICE_TEXT.subtotal);
}

/** A bill's charges as its PDF writes them: each line with its amount, or with its note. */
function chargesOf(bill: BillDetail): string[] {
  return bill.lines.flatMap((line) => {
    const description =
      line.quantity > 1 ? `${line.description} x ${line.quantity}` : line.description;
    return line.note
      ? [`${description}: ${line.note}`, '']
      : [description, formatCents(toCents(line.amount))];
  });
}

/** The value printed right of a total's label in the PDF. */
function pdfTotal(lines: string[], label: string): string {
  const at = lines.indexOf(label);
  expect(at, `"${label}" in the PDF`).toBeGreaterThanOrEqual(0);
  return lines[at + 1];
}

/** Every bill of the login's customer: list, detail and PDF agree on each, field by field. */
async function checkBills(client: CookieClient, label: string) {
  const list = await billsOf(client);
  const details: BillDetail[] = [];
  const pdfs: Buffer[] = [];
  for (const record of list) {
    const detail = await getJson<BillDetail>(client, `/billing/bills/${record.bill_id}`);
    const what = `${label}: bill ${record.bill_id}`;
    // The list and the invoice's own record: the same bill, field by field.
    const { lines, ...fields } = detail;
    expect(fields, what).toEqual(record);
    expect(detail.bill_to.name, `${what} is addressed to someone`).not.toBe('');
    expect(detail.bill_to.address, `${what} has an address`).not.toBeNull();

    const pdf = await billPdf(client, record.bill_id);
    const text = pdfText(pdf);
    const rows = text.split('\n');
    expect(rows, what).toContain(INVOICE_TEXT.invoiceTitle(record.bill_id));
    expect(pdfBillTo(text), `${what}: the PDF's bill-to`).toEqual(billToLines(detail.bill_to));
    if (detail.service_address) {
      expect(
        pdfSection(rows, 'Service address', (line) => line.startsWith('Issue date:')),
        `${what}: the PDF's service address`,
      ).toEqual([addressOneLine(detail.service_address)]);
    } else {
      expect(rows, what).not.toContain('Service address');
    }
    expect(rows, what).toContain(`Issue date: ${detail.issue_date}`);
    expect(rows, what).toContain(`Due date: ${detail.due_date}`);
    expect(rows, what).toContain(`Status: ${BILLING_STATUS_LABELS[detail.status]}`);
    expect(lines.length, `${what} has lines`).toBeGreaterThan(0);
    expect(pdfCharges(rows).filter(Boolean), `${what}: the PDF's lines`).toEqual(
      chargesOf(detail).filter(Boolean),
    );
    expect(pdfTotal(rows, INVOICE_TEXT.subtotal)).toBe(formatCents(toCents(detail.subtotal)));
    expect(pdfTotal(rows, INVOICE_TEXT.tax(detail.tax_rate))).toBe(
      formatCents(toCents(detail.tax)),
    );
    expect(pdfTotal(rows, INVOICE_TEXT.total)).toBe(formatCents(toCents(detail.total)));
    expect(pdfTotal(rows, INVOICE_TEXT.paymentsApplied)).toBe(formatCents(-toCents(detail.paid)));
    expect(pdfTotal(rows, INVOICE_TEXT.amountDue)).toBe(formatCents(toCents(detail.amount_due)));
    details.push(detail);
    pdfs.push(pdf);
  }
  return { list, details, pdfs };
}

describe('the demo customers: every bill reads alike in its API record, its PDF and the list', () => {
  const DEMO_CUSTOMERS = ['demo', 'viewer', 'nobilling', 'overdue', 'suspended'] as const;

  for (const username of DEMO_CUSTOMERS) {
    it(`${username}, and a second user of its customer`, async () => {
      const [holder] = await t.database.db
        .select({ cid: users.cid })
        .from(users)
        .where(eq(users.username, username));
      expect(holder, `the demo login ${username}`).toBeDefined();
      // A login without payments view (nobilling) cannot list bills: its second user can.
      const own = await login(t, username);
      const second = await (await secondUserOf(t, holder.cid)).client();
      const seen = await checkBills(second, `${username}'s second user`);
      if (username === 'nobilling') {
        expect(seen.list, 'nobilling has no bills').toEqual([]);
        expect((await own.get('/billing/bills')).status).toBe(403);
        return;
      }
      expect(seen.list.length, `${username} has bills`).toBeGreaterThan(0);
      const mine = await checkBills(own, username);
      expect(mine.list).toEqual(seen.list);
      expect(mine.details).toEqual(seen.details);
      for (const [index, pdf] of mine.pdfs.entries()) {
        expect(pdf.equals(seen.pdfs[index]), `${username}: the same PDF for both users`).toBe(true);
      }
    });
  }
});
