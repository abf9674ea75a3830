/**
 * A customer's bills and payments as the API and the PDFs show them, each looked up together with
 * the customer (another customer's id is "not found"). Read by src/server/billing/routes.ts and
 * ./invoice-pdf.ts, so that neither imports the other.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { BillDetail, BillRecord, PaymentDetail } from '#shared/billing/schemas';
import { fromCents } from '#shared/cart/money';
import { BILLING_MESSAGES } from '#shared/billing/messages';
import type { Executor } from '../db/client.ts';
import { billLines, bills, payments } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { addresseeOf } from './bill-to.ts';
import { paymentRecord } from './charges.ts';

type BillRow = typeof bills.$inferSelect;

export function billRecord(row: BillRow): BillRecord {
  return {
    bill_id: row.billId,
    kind: row.kind,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    subtotal: fromCents(row.subtotalCents),
    tax: fromCents(row.taxCents),
    tax_rate: row.taxRateBp / 100,
    total: fromCents(row.totalCents),
    paid: fromCents(row.paidCents),
    amount_due: fromCents(row.totalCents - row.paidCents),
    status: row.status,
    bill_to: row.billTo,
    service_address: row.serviceAddress,
  };
}

export async function billDetail(db: Executor, cid: number, billId: number): Promise<BillDetail> {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.billId, billId), eq(bills.cid, cid)));
  if (!row) throw notFound(BILLING_MESSAGES.billNotFound);
  const lines = await db
    .select()
    .from(billLines)
    .where(eq(billLines.billId, billId))
    .orderBy(asc(billLines.position));
  return {
    ...billRecord(row),
    lines: lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      quantity: line.quantity,
      unit_amount: fromCents(line.unitCents),
      amount: fromCents(line.amountCents),
      taxable: line.taxable,
      note: line.note,
    })),
  };
}

/**
 * A payment with who its receipt is addressed to: the customer's bill-to and service address as
 * they are now (a receipt is not issued by the billing run; it is written when it is read).
 */
export async function paymentDetail(
  db: Executor,
  cid: number,
  paymentId: number,
): Promise<PaymentDetail> {
  const row = await paymentOf(db, cid, paymentId);
  const addressee = await addresseeOf(db, cid);
  return {
    ...paymentRecord(row),
    bill_to: addressee.billTo,
    service_address: addressee.serviceAddress,
  };
}

export async function paymentOf(db: Executor, cid: number, paymentId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentId, paymentId), eq(payments.cid, cid)));
  if (!row) throw notFound(BILLING_MESSAGES.paymentNotFound);
  return row;
}
