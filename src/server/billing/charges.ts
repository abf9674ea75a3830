/**
 * Moving money exactly once (docs/billing.md "Exactly once"). A charge goes in three steps:
 *
 * 1. {@link startAttempt}: the attempt row, with its unique key, is committed. Only the process
 *    whose insert created the row goes on; anyone else finds it.
 * 2. {@link executeAttempt}: the processor is called with the attempt key as its idempotency key
 *    (card: the card processor's server API with the stored token; bank: the ACH processor). No
 *    transaction is open meanwhile.
 * 3. {@link recordOutcome}: one transaction writes the payment (unique per attempt key), marks the
 *    attempt finished, adds a fee and queues the email when the payment is new, and settles the
 *    ledger.
 *
 * A process that dies between 1 and 3 leaves a `started` attempt: the next billing pass (in any
 * process) runs steps 2 and 3 again with the same key, and the processor answers the first charge
 * instead of making another. Two processes doing so at once record one payment (the unique key).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { fromCents, toCents } from '#shared/cart/money';
import { BILLING, TERMS } from '#shared/constants';
import { BILLING_MESSAGES, paymentAccountLabel } from '#shared/messages/portal';
import type { PaymentRecord } from '#shared/billing';
import { addDays } from '#shared/signup/dates';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import {
  bills,
  billLines,
  chargeAttempts,
  idempotencyKeys,
  paymentAccounts,
  payments,
} from '../db/schema.ts';
import { CardProcessorError, cardProcessorFor } from '../payments/index.ts';
import { submitAchTransfer } from '../payments/ach-processor.ts';
import { dueDateOf, draftFeeBill, type DraftBill } from './cycle.ts';
import { settleLedger } from './ledger.ts';
import { queueBillingMail, type BillingMail } from './mail.ts';

export type BillingDeps = Pick<AppDeps, 'config' | 'database' | 'logger' | 'clock'>;
export type AttemptRow = typeof chargeAttempts.$inferSelect;
export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export type ChargeOutcome =
  | { status: 'succeeded'; ref: string }
  | { status: 'declined'; ref: string | null; code: string; message: string }
  | { status: 'submitted'; ref: string };

/** The idempotency scope of POST /billing/payments; keys are `<cid>:<Idempotency-Key>`. */
export const PAYMENT_SCOPE = 'POST /billing/payments';

export function labelOf(account: PaymentAccountRow): string {
  return paymentAccountLabel({
    method: account.method,
    brand: account.cardBrand,
    last_four: account.lastFour,
  });
}

export function paymentRecord(row: PaymentRow): PaymentRecord {
  return {
    payment_id: row.paymentId,
    payment_date: row.paymentDate,
    settled_date: row.settledDate,
    amount: fromCents(row.amountCents),
    status: row.status,
    method: row.method,
    account_label: row.accountLabel,
    payment_account_id: row.paymentAccountId,
    source: row.source,
    bill_id: row.billId,
    failure_message: row.failureMessage,
  };
}

/** Commits a new attempt; `created` is false when the key already existed (then `attempt` is it). */
export async function startAttempt(
  db: Executor,
  values: typeof chargeAttempts.$inferInsert,
): Promise<{ attempt: AttemptRow; created: boolean }> {
  const [inserted] = await db
    .insert(chargeAttempts)
    .values(values)
    .onConflictDoNothing()
    .returning();
  if (inserted) return { attempt: inserted, created: true };
  const [existing] = await db
    .select()
    .from(chargeAttempts)
    .where(eq(chargeAttempts.attemptKey, values.attemptKey));
  return { attempt: existing, created: false };
}

/** Tests only: stops here until the test releases (or kills) the process. */
async function testPause(deps: BillingDeps, at: 'before_charge' | 'after_charge', key: string) {
  const pause = deps.config.billingTestPause;
  if (!pause || pause.at !== at) return;
  await mkdir(pause.dir, { recursive: true });
  await writeFile(path.join(pause.dir, 'paused'), key);
  while (!existsSync(path.join(pause.dir, 'release'))) await sleep(20);
}

/** Asks the processor (with the attempt key as idempotency key). Throws CardProcessorError. */
export async function executeAttempt(
  deps: BillingDeps,
  attempt: AttemptRow,
  account: PaymentAccountRow,
): Promise<ChargeOutcome> {
  await testPause(deps, 'before_charge', attempt.attemptKey);
  let outcome: ChargeOutcome;
  if (account.method === 'CC') {
    const result = await cardProcessorFor(deps.config as AppDeps['config']).charge({
      token: account.cardToken!,
      amountCents: attempt.amountCents,
      currency: 'usd',
      description: `${deps.config.productName} payment ${attempt.attemptKey}`,
      idempotencyKey: attempt.attemptKey,
    });
    outcome =
      result.status === 'succeeded'
        ? { status: 'succeeded', ref: result.chargeId }
        : {
            status: 'declined',
            ref: result.chargeId,
            code: result.declineCode,
            message: BILLING_MESSAGES.declined(result.declineCode),
          };
  } else {
    const ref = await submitAchTransfer(deps.database.db, {
      idempotencyKey: attempt.attemptKey,
      paymentAccountId: account.paymentAccountId,
      accountLastFour: account.lastFour,
      amountCents: attempt.amountCents,
      submittedOn: attempt.attemptDate,
    });
    outcome = { status: 'submitted', ref };
  }
  await testPause(deps, 'after_charge', attempt.attemptKey);
  return outcome;
}

/** Inserts a bill once per key with its lines; queues "bill issued". Answers the new id or null. */
export async function issueBill(
  deps: BillingDeps,
  tx: Executor,
  bill: {
    cid: number;
    billKey: string;
    kind: 'activation' | 'cycle' | 'fee';
    serviceId?: number | null;
    cycleNumber?: number | null;
    periodStart?: string | null;
    periodEnd?: string | null;
    issueDate: string;
    draft: DraftBill;
  },
  deliveries: (() => void)[],
): Promise<number | null> {
  const dueDate = dueDateOf(bill.issueDate);
  const [inserted] = await tx
    .insert(bills)
    .values({
      cid: bill.cid,
      billKey: bill.billKey,
      kind: bill.kind,
      serviceId: bill.serviceId ?? null,
      cycleNumber: bill.cycleNumber ?? null,
      periodStart: bill.periodStart ?? null,
      periodEnd: bill.periodEnd ?? null,
      issueDate: bill.issueDate,
      dueDate,
      subtotalCents: bill.draft.subtotalCents,
      taxCents: bill.draft.taxCents,
      totalCents: bill.draft.totalCents,
      taxRateBp: bill.kind === 'fee' ? 0 : deps.config.billingTaxRateBp,
    })
    .onConflictDoNothing()
    .returning({ billId: bills.billId });
  if (!inserted) return null;
  await tx
    .insert(billLines)
    .values(
      bill.draft.lines.map((line, position) => ({ ...line, billId: inserted.billId, position })),
    );
  deliveries.push(
    await queueBillingMail(deps, tx, bill.cid, {
      kind: 'bill_issued',
      billId: inserted.billId,
      totalCents: bill.draft.totalCents,
      dueDate,
    }),
  );
  return inserted.billId;
}

/** The fee of the terms for a payment that failed, as a bill of its own (once per key). */
async function addFee(
  deps: BillingDeps,
  tx: Executor,
  cid: number,
  key: string,
  description: string,
  cents: number,
  today: string,
  deliveries: (() => void)[],
): Promise<boolean> {
  const id = await issueBill(
    deps,
    tx,
    { cid, billKey: key, kind: 'fee', issueDate: today, draft: draftFeeBill(description, cents) },
    deliveries,
  );
  return id !== null;
}

export interface RecordedPayment {
  payment: PaymentRow;
  /** This call wrote it (false: someone had already). */
  created: boolean;
}

/** The answer POST /billing/payments gives (and replays) for a recorded payment. */
export function paymentAnswer(payment: PaymentRow): { status: number; body: object } {
  const record = paymentRecord(payment);
  if (payment.status === 'failed') {
    return {
      status: 402,
      body: {
        status: 402,
        title: BILLING_MESSAGES.declinedTitle,
        msg: payment.failureMessage ?? BILLING_MESSAGES.declinedTitle,
        payment: record,
      },
    };
  }
  return {
    status: 201,
    body: {
      msg:
        payment.status === 'pending'
          ? BILLING_MESSAGES.paymentPending
          : BILLING_MESSAGES.paymentReceived,
      payment: record,
    },
  };
}

/** Step 3: records what the processor answered, once, whoever calls it. */
export async function recordOutcome(
  deps: BillingDeps,
  attempt: AttemptRow,
  account: PaymentAccountRow,
  outcome: ChargeOutcome,
): Promise<RecordedPayment> {
  const deliveries: (() => void)[] = [];
  const today = attempt.attemptDate;
  const result = await deps.database.db.transaction(async (tx) => {
    const status =
      outcome.status === 'succeeded'
        ? ('succeeded' as const)
        : outcome.status === 'declined'
          ? ('failed' as const)
          : ('pending' as const);
    const [inserted] = await tx
      .insert(payments)
      .values({
        cid: attempt.cid,
        attemptKey: attempt.attemptKey,
        paymentAccountId: account.paymentAccountId,
        method: account.method,
        accountLabel: labelOf(account),
        amountCents: attempt.amountCents,
        status,
        source: attempt.source,
        billId: attempt.billId,
        paymentDate: attempt.attemptDate,
        settledDate: status === 'pending' ? null : attempt.attemptDate,
        processorRef: outcome.ref,
        failureCode: outcome.status === 'declined' ? outcome.code : null,
        failureMessage: outcome.status === 'declined' ? outcome.message : null,
      })
      .onConflictDoNothing()
      .returning();
    await tx
      .update(chargeAttempts)
      .set({
        status: outcome.status === 'declined' ? 'declined' : outcome.status,
        finishedAt: new Date(),
      })
      .where(
        and(
          eq(chargeAttempts.attemptKey, attempt.attemptKey),
          eq(chargeAttempts.status, 'started'),
        ),
      );
    let payment = inserted;
    if (inserted) {
      const label = labelOf(account);
      if (outcome.status === 'declined') {
        const feeCents = toCents(TERMS.returnedCheckOrCardFee);
        // Autopay: one fee per bill whatever the retries; a manual payment: one per attempt.
        const feeKey =
          attempt.source === 'autopay' && attempt.billId !== null
            ? `fee:declined:bill:${attempt.billId}`
            : `fee:declined:${attempt.attemptKey}`;
        const charged = await addFee(
          deps,
          tx,
          attempt.cid,
          feeKey,
          'Declined card fee',
          feeCents,
          today,
          deliveries,
        );
        deliveries.push(
          await queueBillingMail(deps, tx, attempt.cid, {
            kind: 'payment_failed',
            amountCents: attempt.amountCents,
            label,
            reason: outcome.message,
            feeCents: charged ? feeCents : 0,
          }),
        );
      } else if (outcome.status === 'succeeded') {
        deliveries.push(
          await queueBillingMail(deps, tx, attempt.cid, {
            kind: 'payment_received',
            paymentId: inserted.paymentId,
            amountCents: attempt.amountCents,
            label,
          }),
        );
      }
    } else {
      [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.attemptKey, attempt.attemptKey));
    }
    if (attempt.source === 'manual') {
      // The request's stored answer (docs/api.md "Idempotency"), also when a pass finished it.
      const answer = paymentAnswer(payment);
      await tx
        .insert(idempotencyKeys)
        .values({
          scope: PAYMENT_SCOPE,
          key: attempt.attemptKey.slice('manual:'.length),
          fingerprint: attempt.fingerprint ?? '',
          responseStatus: answer.status,
          responseBody: answer.body,
        })
        .onConflictDoNothing();
    }
    await settleLedger(tx, attempt.cid, today);
    return { payment, created: inserted !== undefined };
  });
  for (const deliver of deliveries) deliver();
  return result;
}

/** Steps 2 and 3 for an attempt; a processor that cannot be reached leaves it `started`. */
export async function finishAttempt(
  deps: BillingDeps,
  attempt: AttemptRow,
): Promise<RecordedPayment | { error: CardProcessorError }> {
  const [account] = await deps.database.db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.paymentAccountId, attempt.paymentAccountId));
  try {
    const outcome = await executeAttempt(deps, attempt, account);
    return await recordOutcome(deps, attempt, account, outcome);
  } catch (error) {
    if (error instanceof CardProcessorError) {
      deps.logger.warn({ err: error, attempt: attempt.attemptKey }, 'charge not confirmed');
      return { error };
    }
    throw error;
  }
}

/**
 * A pending ACH payment whose settlement day has come: settled, or returned (then the attempt
 * counts as declined for the autopay schedule, the bounced payment fee is added once, and the
 * customer is told). Answers what happened, or null when another process got there first.
 */
export async function settleAchPayment(
  deps: BillingDeps,
  payment: PaymentRow,
  outcome: { status: 'settled' } | { status: 'returned'; code: string; message: string },
  today: string,
): Promise<'settled' | 'returned' | null> {
  const deliveries: (() => void)[] = [];
  const result = await deps.database.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(payments)
      .set({
        status: outcome.status === 'settled' ? 'succeeded' : 'returned',
        settledDate: today,
        failureCode: outcome.status === 'returned' ? outcome.code : null,
        failureMessage: outcome.status === 'returned' ? outcome.message : null,
      })
      .where(and(eq(payments.paymentId, payment.paymentId), eq(payments.status, 'pending')))
      .returning();
    if (!changed) return null;
    if (outcome.status === 'settled') {
      deliveries.push(
        await queueBillingMail(deps, tx, payment.cid, {
          kind: 'payment_received',
          paymentId: payment.paymentId,
          amountCents: payment.amountCents,
          label: payment.accountLabel,
        }),
      );
    } else {
      await tx
        .update(chargeAttempts)
        .set({ status: 'declined' })
        .where(eq(chargeAttempts.attemptKey, payment.attemptKey));
      const feeCents = toCents(TERMS.bouncedPaymentFee);
      const charged = await addFee(
        deps,
        tx,
        payment.cid,
        `fee:returned:${payment.paymentId}`,
        'Returned bank payment fee',
        feeCents,
        today,
        deliveries,
      );
      deliveries.push(
        await queueBillingMail(deps, tx, payment.cid, {
          kind: 'payment_failed',
          amountCents: payment.amountCents,
          label: payment.accountLabel,
          reason: `the bank returned it (${outcome.message})`,
          feeCents: charged ? feeCents : 0,
        }),
      );
    }
    await settleLedger(tx, payment.cid, today);
    return outcome.status;
  });
  for (const deliver of deliveries) deliver();
  return result;
}

/** The day a pending ACH payment made on `paymentDate` settles. */
export function achSettleDate(paymentDate: string): string {
  return addDays(paymentDate, BILLING.achSettleDays);
}

export type { BillingMail };
