/**
 * The stand-in ACH processor: a bank transfer is submitted once per idempotency key (the charge
 * attempt's key), stays pending, and is settled or returned `BILLING.achSettleDays` days later,
 * when the billing run asks. Sandbox rule: an account number ending in
 * `BILLING.sandboxReturnedAccountSuffix` (9999) is returned with R01 (insufficient funds); a test
 * can also mark any pending transfer to be returned ({@link markAchReturn}). A real ACH processor
 * replaces this module behind the same three calls.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { BILLING } from '#shared/constants';
import type { Executor } from '../db/client.ts';
import { achTransfers } from '../db/schema.ts';

export const ACH_RETURN_CODES: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account or unable to locate account',
};

export interface AchSubmission {
  idempotencyKey: string;
  paymentAccountId: number;
  /** Only the last four digits are needed by the sandbox to decide the outcome. */
  accountLastFour: string;
  amountCents: number;
  submittedOn: string;
}

/** Submits a transfer (once per key): answers its id. */
export async function submitAchTransfer(db: Executor, input: AchSubmission): Promise<string> {
  const returnCode = input.accountLastFour.endsWith(BILLING.sandboxReturnedAccountSuffix)
    ? 'R01'
    : null;
  await db
    .insert(achTransfers)
    .values({
      idempotencyKey: input.idempotencyKey,
      transferId: `ach_${randomBytes(9).toString('base64url')}`,
      paymentAccountId: input.paymentAccountId,
      amountCents: input.amountCents,
      status: 'pending',
      returnCode,
      submittedOn: input.submittedOn,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ transferId: achTransfers.transferId })
    .from(achTransfers)
    .where(eq(achTransfers.idempotencyKey, input.idempotencyKey));
  return row.transferId;
}

export type AchOutcome =
  | { status: 'pending' }
  | { status: 'settled' }
  | { status: 'returned'; code: string; message: string };

/** The transfer's outcome on `today`: settled or returned once its settlement day has come. */
export async function achOutcome(
  db: Executor,
  idempotencyKey: string,
  today: string,
  settleOn: string,
): Promise<AchOutcome> {
  const [row] = await db
    .select()
    .from(achTransfers)
    .where(eq(achTransfers.idempotencyKey, idempotencyKey));
  if (!row || today < settleOn) return { status: 'pending' };
  if (row.status === 'pending') {
    await db
      .update(achTransfers)
      .set({ status: row.returnCode ? 'returned' : 'settled' })
      .where(
        and(eq(achTransfers.idempotencyKey, idempotencyKey), eq(achTransfers.status, 'pending')),
      );
  }
  return row.returnCode
    ? {
        status: 'returned',
        code: row.returnCode,
        message: `${row.returnCode} ${ACH_RETURN_CODES[row.returnCode] ?? 'Returned'}`,
      }
    : { status: 'settled' };
}

/** Tests and demos: the pending transfer of this key will be returned with `code`. */
export async function markAchReturn(db: Executor, idempotencyKey: string, code = 'R01') {
  await db
    .update(achTransfers)
    .set({ returnCode: code })
    .where(
      and(eq(achTransfers.idempotencyKey, idempotencyKey), eq(achTransfers.status, 'pending')),
    );
}
