/**
 * The ledger's rules (docs/billing.md "The ledger"):
 * - balance = bills − payments − credits, in cents, in {@link customerBalance} only: void bills do
 *   not count, pending and succeeded payments do (a pending ACH payment lowers the balance until it
 *   is returned), failed and returned payments do not;
 * - payments and credits cover bills oldest due date first ({@link settleLedger}), which gives
 *   each bill its `paid_cents` and status: `paid` when covered, else `overdue` after its due date,
 *   else `partially_paid` when partly covered, else `open` (`void` stays void).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Billing } from '#shared/session/types';
import { fromCents } from '#shared/cart/money';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { bills, credits, customerBilling, payments, type BillStatus } from '../db/schema.ts';
import { billingAddressOf } from '../session/accounts.ts';

/** Payment statuses that count against the balance. */
export const COUNTED_PAYMENT_STATUSES = ['pending', 'succeeded'] as const;

/** bills − payments − credits, in cents (negative: the customer has paid ahead). */
export async function customerBalance(db: Executor, cid: number): Promise<number> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(${bills.totalCents}), 0) from ${bills}
        where ${bills.cid} = ${cid} and ${bills.status} <> 'void')
      - (select coalesce(sum(${payments.amountCents}), 0) from ${payments}
        where ${payments.cid} = ${cid} and ${payments.status} in ('pending', 'succeeded'))
      - (select coalesce(sum(${credits.amountCents}), 0) from ${credits}
        where ${credits.cid} = ${cid})
      as balance`);
  const [row] = rowsOf<{ balance: string | number }>(result);
  return Number(row.balance);
}

export function billStatus(
  bill: { totalCents: number; dueDate: string; status: BillStatus },
  paidCents: number,
  today: string,
): BillStatus {
  if (bill.status === 'void') return 'void';
  if (paidCents >= bill.totalCents) return 'paid';
  if (bill.dueDate < today) return 'overdue';
  return paidCents > 0 ? 'partially_paid' : 'open';
}

export interface LedgerState {
  balanceCents: number;
  /** The oldest due date of a bill not fully paid; null when none. */
  dueDate: string | null;
  /** The oldest due date of an overdue bill; null when none. */
  overdueSince: string | null;
}

/**
 * Spreads what the customer paid and was credited over the bills, oldest due date first, and
 * stores each bill's paid part and status. Idempotent: run it after any change and in every pass.
 */
export async function settleLedger(tx: Executor, cid: number, today: string): Promise<LedgerState> {
  return (await settleLedgers(tx, [cid], today)).get(cid)!;
}

/**
 * {@link settleLedger} for many customers at once, in a fixed number of statements whatever their
 * number (the billing run settles thousands per pass): their bills, payments and credits are read
 * in one query each, and the bills whose paid part or status changed are written in one update.
 */
export async function settleLedgers(
  tx: Executor,
  cids: readonly number[],
  today: string,
): Promise<Map<number, LedgerState>> {
  const states = new Map<number, LedgerState>();
  const ids = [...new Set(cids)];
  if (ids.length === 0) return states;
  // One after the other: a transaction is one connection, which runs one query at a time.
  const rows = await tx
    .select({
      billId: bills.billId,
      cid: bills.cid,
      totalCents: bills.totalCents,
      paidCents: bills.paidCents,
      dueDate: bills.dueDate,
      status: bills.status,
    })
    .from(bills)
    .where(and(inArray(bills.cid, ids), ne(bills.status, 'void')))
    .orderBy(asc(bills.cid), asc(bills.dueDate), asc(bills.billId));
  const paid = await tx
    .select({ cid: payments.cid, cents: sql<string>`sum(${payments.amountCents})` })
    .from(payments)
    .where(and(inArray(payments.cid, ids), inArray(payments.status, [...COUNTED_PAYMENT_STATUSES])))
    .groupBy(payments.cid);
  const credited = await tx
    .select({ cid: credits.cid, cents: sql<string>`sum(${credits.amountCents})` })
    .from(credits)
    .where(inArray(credits.cid, ids))
    .groupBy(credits.cid);
  const paidOf = new Map(paid.map((row) => [row.cid, Number(row.cents)]));
  const creditedOf = new Map(credited.map((row) => [row.cid, Number(row.cents)]));
  const available = new Map<number, number>();
  for (const cid of ids) {
    const covering = (paidOf.get(cid) ?? 0) + (creditedOf.get(cid) ?? 0);
    available.set(cid, covering);
    states.set(cid, { balanceCents: -covering, dueDate: null, overdueSince: null });
  }
  const changed: { billId: number; paidCents: number; status: BillStatus }[] = [];
  for (const bill of rows) {
    const state = states.get(bill.cid)!;
    const left = available.get(bill.cid)!;
    state.balanceCents += bill.totalCents;
    const covered = Math.min(bill.totalCents, Math.max(0, left));
    available.set(bill.cid, left - covered);
    const status = billStatus(bill, covered, today);
    if (status !== 'paid') state.dueDate ??= bill.dueDate;
    if (status === 'overdue') state.overdueSince ??= bill.dueDate;
    if (covered !== bill.paidCents || status !== bill.status) {
      changed.push({ billId: bill.billId, paidCents: covered, status });
    }
  }
  if (changed.length > 0) {
    const list = sql.join(
      changed.map((c) => sql`(${c.billId}::int, ${c.paidCents}::int, ${c.status}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${bills} set paid_cents = v.paid_cents, status = v.status
      from (values ${list}) as v(bill_id, paid_cents, status)
      where ${bills.billId} = v.bill_id`);
  }
  return states;
}

/** The `billing` of GET /user/info (portal.md §3 "Billing"), from the ledger. */
export async function billingSummary(db: Executor, cid: number, today: string): Promise<Billing> {
  const [settings] = await db.select().from(customerBilling).where(eq(customerBilling.cid, cid));
  const balance = await customerBalance(db, cid);
  const [oldest] = await db
    .select({ dueDate: sql<string | null>`min(${bills.dueDate})` })
    .from(bills)
    .where(and(eq(bills.cid, cid), inArray(bills.status, ['open', 'partially_paid', 'overdue'])));
  const amountDue = Math.max(0, balance);
  const dueDate = amountDue > 0 ? (oldest?.dueDate ?? null) : null;
  return {
    amount_due: fromCents(amountDue),
    balance: fromCents(balance),
    due_date: dueDate,
    // Due dates are calendar days of the service area: overdue the day after.
    overdue: amountDue > 0 && dueDate !== null && dueDate < today,
    automatic: settings?.automatic ?? false,
    default_payment_account_id: settings?.defaultPaymentAccountId ?? null,
    payment_amount: fromCents(amountDue),
    payment_type: settings?.automatic ? 'AUTOMATIC' : 'MANUAL',
    billing_address: settings ? billingAddressOf(settings) : null,
  };
}
