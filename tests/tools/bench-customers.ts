/**
 * Billed customers in bulk for the billing benchmark: what `createBilledCustomer`
 * (src/server/billing/accounts.ts) writes for one customer — customer, contact, login, service
 * address, billing settings, a saved card (and that card at the stand-in provider), the order with
 * its cart snapshot, the connectivity service — written for many at once: one multi-row insert per
 * table and batch, each batch in one transaction. No bill is written here: bills come from the
 * billing run.
 */
import { SERVICE_CLASS } from '../../src/shared/constants.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import { ALL_PERMISSIONS, permissionColumns } from '../../src/server/session/accounts.ts';
import { billedOrderRow, type cartFor } from '../../src/server/billing/accounts.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  cardProviderCards,
  contacts,
  customerBilling,
  customers,
  customerServices,
  orders,
  paymentAccounts,
  serviceAddresses,
  users,
} from '../../src/server/db/schema.ts';

export interface BulkCustomers {
  /** Prefix of the usernames: `<prefix>-<index>`. */
  prefix: string;
  count: number;
  order: Awaited<ReturnType<typeof cartFor>>;
  activatedOn: string;
  orderedAt: Date;
  automatic: boolean;
  /** The password hash of the first `loginCount` customers (the others cannot log in). */
  passwordHash?: string;
  loginCount?: number;
  /** Rows per insert (default 1,000). */
  batch?: number;
}

export interface BulkCustomer {
  cid: number;
  uid: number;
  username: string;
  paymentAccountId: number;
}

/** Writes `count` customers; answers them in index order. */
export async function insertCustomers(db: Database, input: BulkCustomers): Promise<BulkCustomer[]> {
  const batch = input.batch ?? 1000;
  const address = DEMO_ADDRESSES.utopiaOrderable;
  const permissions = permissionColumns(ALL_PERMISSIONS);
  const created: BulkCustomer[] = [];
  for (let from = 0; from < input.count; from += batch) {
    const indexes = Array.from(
      { length: Math.min(batch, input.count - from) },
      (_, offset) => from + offset,
    );
    const rows = await db.transaction(async (tx) => {
      const cids = (
        await tx
          .insert(customers)
          .values(indexes.map(() => ({ kind: 'residential' as const })))
          .returning({ cid: customers.cid })
      ).map((row) => row.cid);
      const name = (i: number) => `${input.prefix}-${i}`;
      const contactIds = new Map(
        (
          await tx
            .insert(contacts)
            .values(
              indexes.map((i, n) => ({
                cid: cids[n],
                firstName: 'Pat',
                lastName: `Payer ${i}`,
                phone: '(801) 555-0199',
                email: `${name(i)}@example.test`,
              })),
            )
            .returning({ cid: contacts.cid, contactId: contacts.contactId })
        ).map((row) => [row.cid, row.contactId]),
      );
      const uids = new Map(
        (
          await tx
            .insert(users)
            .values(
              indexes.map((i, n) => ({
                username: name(i),
                passwordHash: i < (input.loginCount ?? 0) ? (input.passwordHash ?? '') : '',
                cid: cids[n],
                contactId: contactIds.get(cids[n])!,
                primaryAdmin: true,
                ...permissions,
              })),
            )
            .returning({ cid: users.cid, uid: users.uid })
        ).map((row) => [row.cid, row.uid]),
      );
      await tx.insert(serviceAddresses).values(
        indexes.map((i, n) => ({
          cid: cids[n],
          line1: address.line1,
          city: address.city,
          state: address.state,
          zipCode: address.zip_code,
          fname: 'Pat',
          lname: `Payer ${i}`,
        })),
      );
      const token = (i: number) => `tok_${input.prefix}_${String(i).padStart(12, '0')}`;
      await tx.insert(cardProviderCards).values(
        indexes.map((i) => ({
          token: token(i),
          brand: 'visa',
          lastFour: '4242',
          expMonth: 8,
          expYear: 2035,
          fname: 'Pat',
          lname: `Payer ${i}`,
          parentOrigin: 'http://localhost:3000',
          outcome: 'approve',
        })),
      );
      const accountIds = new Map(
        (
          await tx
            .insert(paymentAccounts)
            .values(
              indexes.map((i, n) => ({
                cid: cids[n],
                method: 'CC' as const,
                accountName: `Pat Payer ${i}`,
                lastFour: '4242',
                cardToken: token(i),
                cardBrand: 'visa',
                cardExpMonth: 8,
                cardExpYear: 2035,
              })),
            )
            .returning({
              cid: paymentAccounts.cid,
              id: paymentAccounts.paymentAccountId,
            })
        ).map((row) => [row.cid, row.id]),
      );
      await tx.insert(customerBilling).values(
        indexes.map((i, n) => ({
          cid: cids[n],
          automatic: input.automatic,
          defaultPaymentAccountId: accountIds.get(cids[n])!,
          addressLine1: address.line1,
          addressCity: address.city,
          addressState: address.state,
          addressZipCode: address.zip_code,
          addressFname: 'Pat',
          addressLname: `Payer ${i}`,
        })),
      );
      const orderIds = new Map(
        (
          await tx
            .insert(orders)
            .values(
              indexes.map((i, n) =>
                billedOrderRow(input, {
                  cid: cids[n],
                  uid: uids.get(cids[n])!,
                  username: name(i),
                  paymentAccountId: accountIds.get(cids[n])!,
                }),
              ),
            )
            .returning({ cid: orders.cid, orderId: orders.orderId })
        ).map((row) => [row.cid, row.orderId]),
      );
      await tx.insert(customerServices).values(
        cids.map((cid) => ({
          cid,
          orderId: orderIds.get(cid)!,
          serviceClassId: SERVICE_CLASS.residentialConnectivity,
          kind: 'connectivity' as const,
          displayId: `CON-${orderIds.get(cid)!}`,
          serviceActionType: 'new',
          status: 'active',
          activatedOn: input.activatedOn,
          details: { provider: input.order.provider },
          createdAt: input.orderedAt,
        })),
      );
      return indexes.map((i, n) => ({
        cid: cids[n],
        uid: uids.get(cids[n])!,
        username: name(i),
        paymentAccountId: accountIds.get(cids[n])!,
      }));
    });
    created.push(...rows);
  }
  return created;
}
