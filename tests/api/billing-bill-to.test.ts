/**
 * A bill is addressed as it was issued (docs/billing.md "Bill to"): the billing run stores who it
 * is addressed to (the name, the company if any, the billing address) and the service address with
 * each bill, and the bill's API record, its PDF and the bills list read that record only. So a
 * year-old bill does not show today's billing address, and a second user of the customer reads the
 * customer's bill-to, never their own name. The demo customers' bills are walked in
 * billing-consistency.test.ts. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set
 * (tests/tools/with-postgres.ts).
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billToLines, type BillDetail, type BillTo } from '../../src/shared/billing/schemas.ts';
import { bills, customers } from '../../src/server/db/schema.ts';
import {
  billedCustomer,
  billingTestApp,
  billPdf,
  billsOf,
  getJson,
  passOn,
  pdfBillTo,
  pdfText,
  secondUserOf,
} from '../support/billing.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await billingTestApp('2030-01-15');
});
afterAll(() => t.close());

const OLD_ADDRESS = {
  fname: 'Pat',
  lname: 'Payer',
  line1: '12 Old Mill Road',
  line2: 'Unit 3',
  city: 'Provo',
  state: 'UT',
  zip_code: '84601',
};
const NEW_ADDRESS = {
  fname: 'Robin',
  lname: 'Accounts',
  line1: '900 New Street',
  line2: '',
  city: 'Lehi',
  state: 'UT',
  zip_code: '84043',
  zip_ext: '1234',
};

describe('a bill is addressed as it was issued', () => {
  it('keeps the bill-to and service address it was issued with when the customer changes them', async () => {
    const customer = await billedCustomer(t, { activatedOn: '2030-01-15' });
    const client = await customer.client();
    expect((await client.post('/billing/address', OLD_ADDRESS)).status).toBe(200);
    await t.database.db
      .update(customers)
      .set({ kind: 'business', businessName: 'Payer Household LLC' })
      .where(eq(customers.cid, customer.cid));
    await passOn(t, '2030-01-15');
    const [first] = await billsOf(client);
    const issuedTo: BillTo = {
      name: 'Pat Payer',
      company: 'Payer Household LLC',
      address: {
        line1: '12 Old Mill Road',
        line2: 'Unit 3',
        city: 'Provo',
        state: 'UT',
        zip_code: '84601',
      },
    };
    expect(first.bill_to).toEqual(issuedTo);
    const pdfBefore = await billPdf(client, first.bill_id);
    expect(pdfBillTo(pdfText(pdfBefore))).toEqual([
      'Pat Payer',
      'Payer Household LLC',
      '12 Old Mill Road',
      'Unit 3',
      'Provo, UT 84601',
    ]);

    // The customer moves its billing address and renames the company: the issued bill stays.
    expect((await client.post('/billing/address', NEW_ADDRESS)).status).toBe(200);
    await t.database.db
      .update(customers)
      .set({ businessName: 'Accounts Payable Inc' })
      .where(eq(customers.cid, customer.cid));
    expect((await billsOf(client)).find((b) => b.bill_id === first.bill_id)?.bill_to).toEqual(
      issuedTo,
    );
    const detail = await getJson<BillDetail>(client, `/billing/bills/${first.bill_id}`);
    expect(detail.bill_to).toEqual(issuedTo);
    const pdfAfter = await billPdf(client, first.bill_id);
    expect(pdfBillTo(pdfText(pdfAfter))).toEqual(billToLines(issuedTo));
    expect(pdfAfter.equals(pdfBefore), 'the same bill gives the same PDF').toBe(true);

    // The next bill is addressed as the customer is when it is issued.
    await passOn(t, '2030-02-15');
    const [second] = await billsOf(client);
    expect(second.bill_id).not.toBe(first.bill_id);
    expect(second.bill_to).toEqual({
      name: 'Robin Accounts',
      company: 'Accounts Payable Inc',
      address: {
        line1: '900 New Street',
        line2: '',
        city: 'Lehi',
        state: 'UT',
        zip_code: '84043-1234',
      },
    });
    expect(pdfBillTo(pdfText(await billPdf(client, second.bill_id)))).toEqual([
      'Robin Accounts',
      'Accounts Payable Inc',
      '900 New Street',
      'Lehi, UT 84043-1234',
    ]);
    t.clock.set('2030-01-15T19:00:00Z');
  });

  it('reads the same for a second user of the customer: the customer’s bill-to, not the reader', async () => {
    const customer = await billedCustomer(t, { activatedOn: '2030-01-15' });
    await passOn(t, '2030-01-15');
    const owner = await customer.client();
    const jordan = await (await secondUserOf(t, customer.cid)).client();
    const [bill] = await billsOf(owner);
    const asOwner = await getJson<BillDetail>(owner, `/billing/bills/${bill.bill_id}`);
    const asJordan = await getJson<BillDetail>(jordan, `/billing/bills/${bill.bill_id}`);
    expect(asOwner.bill_to.name).toBe('Pat Payer');
    expect(asJordan).toEqual(asOwner);
    expect(await billsOf(jordan)).toEqual(await billsOf(owner));
    const pdf = await billPdf(jordan, bill.bill_id);
    expect(pdf.equals(await billPdf(owner, bill.bill_id))).toBe(true);
    expect(pdfText(pdf)).not.toContain('Jordan');
  });

  it('the migration addressed the bills issued before it by the billing run’s own rule', async () => {
    const customer = await billedCustomer(t, { activatedOn: '2030-01-15' });
    const client = await customer.client();
    expect((await client.post('/billing/address', OLD_ADDRESS)).status).toBe(200);
    const plain = await billedCustomer(t, { activatedOn: '2030-01-15' });
    await t.database.db
      .update(customers)
      .set({ kind: 'business', businessName: 'Payer Household LLC' })
      .where(eq(customers.cid, customer.cid));
    await passOn(t, '2030-01-15');
    const cids = [customer.cid, plain.cid];
    const issued = await t.database.db
      .select({ id: bills.billId, billTo: bills.billTo, service: bills.serviceAddress })
      .from(bills)
      .where(sql`${bills.cid} in (${sql.join(cids, sql`, `)})`)
      .orderBy(bills.billId);
    expect(issued).toHaveLength(2);
    // The migration's backfill, run again over these bills, writes what the billing run wrote.
    const migration = readFileSync(
      new URL('../../src/server/db/migrations/0011_bill_to.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => /UPDATE "bills"/.test(statement));
    expect(backfill, 'the migration backfills the bills').toBeDefined();
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(bills)
        .set({ billTo: { name: '', company: null, address: null }, serviceAddress: null })
        .where(sql`${bills.cid} in (${sql.join(cids, sql`, `)})`);
      await tx.execute(
        sql.raw(
          backfill!.replace(
            /WHERE a\.cid = b\.cid/,
            `WHERE a.cid = b.cid AND b.cid IN (${cids.join(', ')})`,
          ),
        ),
      );
    });
    const backfilled = await t.database.db
      .select({ id: bills.billId, billTo: bills.billTo, service: bills.serviceAddress })
      .from(bills)
      .where(sql`${bills.cid} in (${sql.join(cids, sql`, `)})`)
      .orderBy(bills.billId);
    expect(backfilled).toEqual(issued);
  });
});
