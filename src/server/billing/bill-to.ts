/**
 * Who a bill is addressed to (docs/billing.md "Bill to"), read from the customer's data: the
 * billing run stores it with each bill it issues, so that the invoice page, its print and its PDF
 * show the bill as it was issued, whoever reads it and whatever the customer changed since.
 *
 * - name: the name on the billing address; the account holder's (the customer's first contact)
 *   when the address carries none;
 * - company: the customer's business name, else the holder's, else none;
 * - address: the billing address; the service address when none is on file.
 *
 * The migration that added `bills.bill_to` (src/server/db/migrations/0011_bill_to.sql) wrote the
 * same rule in SQL for the bills issued before it.
 */
import { asc, inArray } from 'drizzle-orm';
import type { BillTo, StreetAddress } from '#shared/billing/schemas';
import { displayName } from '../session/accounts.ts';
import type { Executor } from '../db/client.ts';
import { contacts, customerBilling, customers, serviceAddresses } from '../db/schema.ts';

/** What a bill stores of its customer: the bill-to and the service address. */
export interface Addressee {
  billTo: BillTo;
  serviceAddress: StreetAddress | null;
}

/** Each customer's {@link Addressee} now, in four queries whatever the number of customers. */
export async function addresseesOf(
  db: Executor,
  cids: readonly number[],
): Promise<Map<number, Addressee>> {
  const ids = [...new Set(cids)];
  if (ids.length === 0) return new Map();
  const [companies, holders, billing, services] = await Promise.all([
    db
      .select({ cid: customers.cid, businessName: customers.businessName })
      .from(customers)
      .where(inArray(customers.cid, ids)),
    db
      .selectDistinctOn([contacts.cid])
      .from(contacts)
      .where(inArray(contacts.cid, ids))
      .orderBy(asc(contacts.cid), asc(contacts.contactId)),
    db.select().from(customerBilling).where(inArray(customerBilling.cid, ids)),
    db
      .selectDistinctOn([serviceAddresses.cid])
      .from(serviceAddresses)
      .where(inArray(serviceAddresses.cid, ids))
      .orderBy(asc(serviceAddresses.cid), asc(serviceAddresses.id)),
  ]);
  const companyOf = new Map(companies.map((row) => [row.cid, row.businessName]));
  const holderOf = new Map(holders.map((row) => [row.cid, row]));
  const billingOf = new Map(billing.map((row) => [row.cid, row]));
  const serviceOf = new Map(
    services.map((row): [number, StreetAddress] => [
      row.cid,
      {
        line1: row.line1,
        line2: row.line2,
        city: row.city,
        state: row.state,
        zip_code: row.zipCode,
      },
    ]),
  );
  return new Map(
    ids.map((cid): [number, Addressee] => {
      const holder = holderOf.get(cid);
      const settings = billingOf.get(cid);
      const service = serviceOf.get(cid) ?? null;
      const named = settings ? `${settings.addressFname} ${settings.addressLname}`.trim() : '';
      const company = (companyOf.get(cid) || holder?.business) ?? '';
      const address: StreetAddress | null = settings?.addressLine1
        ? {
            line1: settings.addressLine1,
            line2: settings.addressLine2,
            city: settings.addressCity,
            state: settings.addressState,
            zip_code: settings.addressZipCode,
          }
        : service;
      return [
        cid,
        {
          billTo: {
            name: named || (holder ? displayName(holder) : ''),
            company: company || null,
            address,
          },
          serviceAddress: service,
        },
      ];
    }),
  );
}

/** One customer's {@link Addressee} now (a receipt is addressed so). */
export async function addresseeOf(db: Executor, cid: number): Promise<Addressee> {
  const found = (await addresseesOf(db, [cid])).get(cid);
  return found ?? { billTo: { name: '', company: null, address: null }, serviceAddress: null };
}
