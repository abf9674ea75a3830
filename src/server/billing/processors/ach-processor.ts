/**
 * The stand-in ACH processor behind the BankProcessor interface (bank-processor.ts): a bank
 * transfer is submitted once per idempotency key (the charge attempt's key), stays pending, and is
 * settled or returned `BILLING.achSettleDays` days after it was submitted. Its sandbox rule: an
 * account number ending in `BILLING.sandboxReturnedAccountSuffix` (9999) is returned with R01
 * (insufficient funds); a test can also mark any pending transfer to be returned
 * ({@link markAchReturn}). Its transfers are rows of this database (`ach_transfers`).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { BILLING } from '#shared/billing/constants';
import { addDays } from '#shared/signup/dates';
import type { Executor } from '../../db/client.ts';
import { achTransfers } from '../../db/schema.ts';
import type { BankProcessor } from './bank-processor.ts';

export const ACH_RETURN_CODES: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account or unable to locate account',
};

/** The stand-in ACH processor, keeping its transfers in `db`. */
export function createSandboxBankProcessor(db: Executor): BankProcessor {
  return {
    name: 'sandbox',

    async submitDebit(input) {
      const returnCode = input.account.lastFour.endsWith(BILLING.sandboxReturnedAccountSuffix)
        ? 'R01'
        : null;
      await db
        .insert(achTransfers)
        .values({
          idempotencyKey: input.idempotencyKey,
          transferId: `ach_${randomBytes(9).toString('base64url')}`,
          paymentAccountId: input.account.paymentAccountId,
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
    },

    async outcome(idempotencyKey, today) {
      const [row] = await db
        .select()
        .from(achTransfers)
        .where(eq(achTransfers.idempotencyKey, idempotencyKey));
      if (!row || today < addDays(row.submittedOn, BILLING.achSettleDays)) {
        return { status: 'pending' };
      }
      if (row.status === 'pending') {
        await db
          .update(achTransfers)
          .set({ status: row.returnCode ? 'returned' : 'settled' })
          .where(
            and(
              eq(achTransfers.idempotencyKey, idempotencyKey),
              eq(achTransfers.status, 'pending'),
            ),
          );
      }
      return row.returnCode
        ? {
            status: 'returned',
            code: row.returnCode,
            message: `${row.returnCode} ${ACH_RETURN_CODES[row.returnCode] ?? 'Returned'}`,
          }
        : { status: 'settled' };
    },
  };
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
