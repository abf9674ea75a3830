/**
 * Moving money exactly once (docs/billing.md "Exactly once"). A charge goes in three steps:
 *
 * 1. {@link startAttempt}: the attempt row, with its unique key, is committed, held by this
 *    instance (its lease). Only the process whose insert created the row goes on; anyone else
 *    finds it.
 * 2. {@link executeAttempt}: the processor is called with the attempt key as its idempotency key
 *    (card: the card processor's server API with the stored token; bank: the bank processor). No
 *    transaction is open meanwhile.
 * 3. {@link recordOutcome}: one transaction writes the payment (unique per attempt key), marks the
 *    attempt finished, adds a fee and queues the email when the payment is new, and settles the
 *    ledger.
 *
 * A process that dies between 1 and 3 leaves a `started` attempt: once its lease has ended (on the
 * app clock), the next billing pass (in any process) claims it ({@link claimAttempts}: an atomic
 * update of the attempts nobody holds, `FOR UPDATE SKIP LOCKED`) and runs steps 2 and 3 again with
 * the same key, and the processor answers the first charge instead of making another. Nobody
 * calls the processor for an attempt another instance holds; an attempt whose processor could not
 * be reached is let go at once, for the next try. Should two record the same attempt anyway, one
 * payment is written (the unique key).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fromCents, toCents } from '#shared/cart/money';
import { BILLING } from '#shared/billing/constants';
import { TERMS } from '#shared/constants';
import { BILLING_MESSAGES, paymentAccountLabel } from '#shared/billing/messages';
import type { PaymentRecord } from '#shared/billing/schemas';
import type { AppDeps } from '../context.ts';
import { insertUnnest } from '../db/bulk.ts';
import type { Executor } from '../db/client.ts';
import {
  bills,
  billLines,
  chargeAttempts,
  idempotencyKeys,
  paymentAccounts,
  payments,
} from '../db/schema.ts';
import { bankAccountContext } from '../signup/orders/order-writes.ts';
import {
  BankProcessorError,
  bankCipherFor,
  bankProcessorFor,
  CardProcessorError,
  cardProcessorFor,
} from './processors/index.ts';
import { addresseesOf } from './bill-to.ts';
import { dueDateOf, draftFeeBill, type DraftBill } from './cycle.ts';
import { settleLedger, settleLedgers } from './ledger.ts';
import { queueBillingMail, queueBillingMails, type BillingMail } from './mail.ts';

export type BillingDeps = Pick<AppDeps, 'config' | 'database' | 'logger' | 'clock'>;
export type AttemptRow = typeof chargeAttempts.$inferSelect;
export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
/** The card or bank processor could not be reached: the attempt stays `started`. */
export type ProcessorError = CardProcessorError | BankProcessorError;

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

/** This server process, as `claimed_by` names it. */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** The lease an attempt taken now is held under: until `seconds` from now. */
function leaseFrom(
  deps: Pick<BillingDeps, 'clock'>,
  seconds: number = BILLING.attemptLeaseSeconds,
) {
  return {
    leaseUntil: new Date(deps.clock.now().getTime() + seconds * 1000),
    claimedBy: INSTANCE_ID,
  };
}

export type NewAttempt = Omit<typeof chargeAttempts.$inferInsert, 'leaseUntil' | 'claimedBy'>;

/** Commits a new attempt; `created` is false when the key already existed (then `attempt` is it). */
export async function startAttempt(
  deps: BillingDeps,
  values: NewAttempt,
): Promise<{ attempt: AttemptRow; created: boolean }> {
  const [inserted] = await startAttempts(deps, [values]);
  if (inserted) return { attempt: inserted, created: true };
  const [existing] = await deps.database.db
    .select()
    .from(chargeAttempts)
    .where(eq(chargeAttempts.attemptKey, values.attemptKey));
  return { attempt: existing, created: false };
}

/**
 * Commits new attempts in one insert, each held by this instance; answers those this call created
 * (an existing key is not).
 */
export async function startAttempts(
  deps: BillingDeps,
  list: readonly NewAttempt[],
): Promise<AttemptRow[]> {
  if (list.length === 0) return [];
  const lease = leaseFrom(deps);
  return deps.database.db
    .insert(chargeAttempts)
    .values(list.map((values) => ({ ...values, ...lease })))
    .onConflictDoNothing()
    .returning();
}

/**
 * Takes for this instance the `started` attempts of `keys` that nobody holds (no lease, or one
 * that has ended on the app clock), in one atomic update: rows another instance is claiming at
 * the same moment are skipped (`FOR UPDATE SKIP LOCKED`), and a lease taken in the meantime no
 * longer matches. Answers the attempts taken, in the order of `keys`, held for `leaseSeconds`
 * (a charge job's: its job's lease).
 */
export async function claimAttempts(
  deps: BillingDeps,
  keys: readonly string[],
  leaseSeconds: number = BILLING.attemptLeaseSeconds,
): Promise<AttemptRow[]> {
  if (keys.length === 0) return [];
  const now = deps.clock.now().toISOString();
  const claimed = await deps.database.db
    .update(chargeAttempts)
    .set(leaseFrom(deps, leaseSeconds))
    .where(
      sql`${chargeAttempts.attemptKey} in (
        select attempt_key from charge_attempts
        where attempt_key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})
          and status = 'started'
          and (lease_until is null or lease_until < ${now}::timestamptz)
        for update skip locked)`,
    )
    .returning();
  const byKey = new Map(claimed.map((attempt) => [attempt.attemptKey, attempt]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

/** Lets go of attempts this instance holds and could not finish (the processor was not reached). */
async function releaseAttempts(deps: BillingDeps, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await deps.database.db
    .update(chargeAttempts)
    .set({ leaseUntil: null })
    .where(
      and(
        inArray(chargeAttempts.attemptKey, [...keys]),
        eq(chargeAttempts.status, 'started'),
        eq(chargeAttempts.claimedBy, INSTANCE_ID),
      ),
    );
}

/** Tests only: stops here until the test releases (or kills) the process. */
export async function testPause(
  deps: BillingDeps,
  at: 'before_charge' | 'after_charge' | 'mid_pass',
  key: string,
) {
  const pause = deps.config.billingTestPause;
  if (!pause || pause.at !== at) return;
  await mkdir(pause.dir, { recursive: true });
  await writeFile(path.join(pause.dir, 'paused'), key);
  while (!existsSync(path.join(pause.dir, 'release'))) await sleep(20);
}

/** Asks the processor (with the attempt key as idempotency key). Throws a ProcessorError. */
export async function executeAttempt(
  deps: BillingDeps,
  attempt: AttemptRow,
  account: PaymentAccountRow,
): Promise<ChargeOutcome> {
  await testPause(deps, 'before_charge', attempt.attemptKey);
  let outcome: ChargeOutcome;
  if (account.method === 'CC') {
    const result = await cardProcessorFor(deps.config).charge({
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
    const ref = await bankProcessorFor(deps).submitDebit({
      account: {
        paymentAccountId: account.paymentAccountId,
        accountName: account.accountName,
        routingNumber: account.bankRouting ?? '',
        accountType: account.bankAccountType ?? '',
        lastFour: account.lastFour,
        accountNumber: async () =>
          (await bankCipherFor(deps)).decrypt(
            account.bankAccountEncrypted ?? '',
            bankAccountContext(account.cid),
          ),
      },
      amountCents: attempt.amountCents,
      currency: 'usd',
      description: `${deps.config.productName} payment ${attempt.attemptKey}`,
      submittedOn: attempt.attemptDate,
      idempotencyKey: attempt.attemptKey,
    });
    outcome = { status: 'submitted', ref };
  }
  await testPause(deps, 'after_charge', attempt.attemptKey);
  return outcome;
}

export interface NewBill {
  cid: number;
  billKey: string;
  kind: 'activation' | 'cycle' | 'fee';
  serviceId?: number | null;
  cycleNumber?: number | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  issueDate: string;
  draft: DraftBill;
}

/** Inserts a bill once per key with its lines; queues "bill issued". Answers the new id or null. */
export async function issueBill(
  deps: BillingDeps,
  tx: Executor,
  bill: NewBill,
  deliveries: (() => void)[],
): Promise<number | null> {
  const [id] = await issueBillsOnce(deps, tx, [bill], deliveries);
  return id;
}

/**
 * {@link issueBill} for many bills in a fixed number of statements: the bills in one insert (a
 * key that exists already is skipped), the new bills' lines in one, their emails in one. Answers
 * each bill's new id, or null where its key existed.
 */
export async function issueBillsOnce(
  deps: BillingDeps,
  tx: Executor,
  list: readonly NewBill[],
  deliveries: (() => void)[],
): Promise<(number | null)[]> {
  if (list.length === 0) return [];
  // Each bill is addressed as its customer is now, and keeps it (docs/billing.md "Bill to").
  const addressees = await addresseesOf(
    tx,
    list.map((bill) => bill.cid),
  );
  const inserted = await insertUnnest(
    tx,
    bills,
    list.map((bill) => ({
      cid: bill.cid,
      billTo: addressees.get(bill.cid)!.billTo,
      serviceAddress: addressees.get(bill.cid)!.serviceAddress,
      billKey: bill.billKey,
      kind: bill.kind,
      serviceId: bill.serviceId ?? null,
      cycleNumber: bill.cycleNumber ?? null,
      periodStart: bill.periodStart ?? null,
      periodEnd: bill.periodEnd ?? null,
      issueDate: bill.issueDate,
      dueDate: dueDateOf(bill.issueDate),
      subtotalCents: bill.draft.subtotalCents,
      taxCents: bill.draft.taxCents,
      totalCents: bill.draft.totalCents,
      taxRateBp: bill.kind === 'fee' ? 0 : deps.config.billingTaxRateBp,
    })),
    { onConflictDoNothing: true, returning: { billId: bills.billId, billKey: bills.billKey } },
  );
  const idOf = new Map(inserted.map((row) => [row.billKey, row.billId]));
  // A key listed twice is one bill: its first listing.
  const listed = new Set<string>();
  const fresh = list.filter((bill) => {
    if (listed.has(bill.billKey)) return false;
    listed.add(bill.billKey);
    return idOf.has(bill.billKey);
  });
  if (fresh.length > 0) {
    await insertUnnest(
      tx,
      billLines,
      fresh.flatMap((bill) =>
        bill.draft.lines.map((line, position) => ({
          ...line,
          billId: idOf.get(bill.billKey)!,
          position,
        })),
      ),
    );
    deliveries.push(
      await queueBillingMails(
        deps,
        tx,
        fresh.map((bill) => ({
          cid: bill.cid,
          mail: {
            kind: 'bill_issued' as const,
            billId: idOf.get(bill.billKey)!,
            totalCents: bill.draft.totalCents,
            dueDate: dueDateOf(bill.issueDate),
          },
        })),
      ),
    );
  }
  const answered = new Set<string>();
  return list.map((bill) => {
    if (answered.has(bill.billKey)) return null;
    answered.add(bill.billKey);
    return idOf.get(bill.billKey) ?? null;
  });
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
  const [recorded] = await recordOutcomes(deps, [{ attempt, account, outcome }]);
  return recorded;
}

export interface Outcome {
  attempt: AttemptRow;
  account: PaymentAccountRow;
  outcome: ChargeOutcome;
}

function paymentStatusOf(outcome: ChargeOutcome): PaymentRow['status'] {
  return outcome.status === 'succeeded'
    ? 'succeeded'
    : outcome.status === 'declined'
      ? 'failed'
      : 'pending';
}

/**
 * {@link recordOutcome} for many attempts (of distinct keys) in one transaction and a fixed number
 * of statements: the payments in one insert (an attempt recorded already is skipped and its
 * payment read back), the attempts marked in one update, the fees, emails and stored answers in
 * one insert each, and the customers' ledgers settled together.
 */
export async function recordOutcomes(
  deps: BillingDeps,
  list: readonly Outcome[],
): Promise<RecordedPayment[]> {
  if (list.length === 0) return [];
  const deliveries: (() => void)[] = [];
  const result = await deps.database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(payments)
      .values(
        list.map(({ attempt, account, outcome }) => {
          const status = paymentStatusOf(outcome);
          return {
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
          };
        }),
      )
      .onConflictDoNothing()
      .returning();
    const marks = sql.join(
      list.map(
        ({ attempt, outcome }) =>
          sql`(${attempt.attemptKey}::text, ${outcome.status === 'declined' ? 'declined' : outcome.status}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${chargeAttempts} set status = v.status, finished_at = now(), lease_until = null
      from (values ${marks}) as v(attempt_key, status)
      where ${chargeAttempts.attemptKey} = v.attempt_key and ${chargeAttempts.status} = 'started'`);
    const paymentOf = new Map(inserted.map((row) => [row.attemptKey, row]));
    const created = new Set(paymentOf.keys());
    const recordedBefore = list.filter(({ attempt }) => !created.has(attempt.attemptKey));
    if (recordedBefore.length > 0) {
      const rows = await tx
        .select()
        .from(payments)
        .where(
          inArray(
            payments.attemptKey,
            recordedBefore.map(({ attempt }) => attempt.attemptKey),
          ),
        );
      for (const row of rows) paymentOf.set(row.attemptKey, row);
    }
    const fresh = list.filter(({ attempt }) => created.has(attempt.attemptKey));
    // The terms' fee is for a failed automatic payment (once per bill whatever the retries); a
    // card declined while the customer pays costs nothing (docs/billing.md "Bills").
    const declined = fresh.filter(
      ({ attempt, outcome }) => outcome.status === 'declined' && attempt.source === 'autopay',
    );
    const feeCents = toCents(TERMS.returnedCheckOrCardFee);
    const feeIds = await issueBillsOnce(
      deps,
      tx,
      declined.map(({ attempt }) => ({
        cid: attempt.cid,
        billKey:
          attempt.billId !== null
            ? `fee:declined:bill:${attempt.billId}`
            : `fee:declined:${attempt.attemptKey}`,
        kind: 'fee' as const,
        issueDate: attempt.attemptDate,
        draft: draftFeeBill('Declined card fee', feeCents),
      })),
      deliveries,
    );
    const charged = new Map(
      declined.map(({ attempt }, index) => [attempt.attemptKey, feeIds[index] !== null]),
    );
    deliveries.push(
      await queueBillingMails(
        deps,
        tx,
        fresh.flatMap(({ attempt, account, outcome }): { cid: number; mail: BillingMail }[] => {
          const label = labelOf(account);
          if (outcome.status === 'declined') {
            return [
              {
                cid: attempt.cid,
                mail: {
                  kind: 'payment_failed',
                  amountCents: attempt.amountCents,
                  label,
                  reason: outcome.message,
                  feeCents: charged.get(attempt.attemptKey) ? feeCents : 0,
                },
              },
            ];
          }
          if (outcome.status === 'succeeded') {
            return [
              {
                cid: attempt.cid,
                mail: {
                  kind: 'payment_received',
                  paymentId: paymentOf.get(attempt.attemptKey)!.paymentId,
                  amountCents: attempt.amountCents,
                  label,
                },
              },
            ];
          }
          return [];
        }),
      ),
    );
    // The requests' stored answers (docs/api.md "Idempotency"), also when a pass finished them.
    const manual = list.filter(({ attempt }) => attempt.source === 'manual');
    if (manual.length > 0) {
      await tx
        .insert(idempotencyKeys)
        .values(
          manual.map(({ attempt }) => {
            const answer = paymentAnswer(paymentOf.get(attempt.attemptKey)!);
            return {
              scope: PAYMENT_SCOPE,
              key: attempt.attemptKey.slice('manual:'.length),
              fingerprint: attempt.fingerprint ?? '',
              responseStatus: answer.status,
              responseBody: answer.body,
            };
          }),
        )
        .onConflictDoNothing();
    }
    // Each on the date of its attempt (one date per pass or request).
    const byDate = new Map<string, number[]>();
    for (const { attempt } of list) {
      byDate.set(attempt.attemptDate, [...(byDate.get(attempt.attemptDate) ?? []), attempt.cid]);
    }
    for (const [today, cids] of byDate) await settleLedgers(tx, cids, today);
    return list.map(({ attempt }) => ({
      payment: paymentOf.get(attempt.attemptKey)!,
      created: created.has(attempt.attemptKey),
    }));
  });
  for (const deliver of deliveries) deliver();
  return result;
}

/** Steps 2 and 3 for an attempt; a processor that cannot be reached leaves it `started`. */
export async function finishAttempt(
  deps: BillingDeps,
  attempt: AttemptRow,
): Promise<RecordedPayment | { error: ProcessorError }> {
  const [result] = await finishAttempts(deps, [attempt]);
  return result;
}

/**
 * Steps 2 and 3 for attempts of distinct keys that this instance holds: the processor is asked for
 * each in turn (no transaction open), then every answer is recorded together. An attempt whose
 * processor cannot be reached stays `started` and is let go.
 */
export async function finishAttempts(
  deps: BillingDeps,
  attempts: readonly AttemptRow[],
  gate: ProcessorGate = (call) => call(),
): Promise<(RecordedPayment | { error: ProcessorError })[]> {
  const results = await runAttempts(deps, attempts, async (attempt) => attempt, gate);
  return results.filter((result) => result !== null);
}

/**
 * Steps 1, 2 and 3 for new attempts of distinct keys: each attempt is committed just before its
 * charge (one at a time: a process that stops leaves at most the one it was charging unasked),
 * and the answers are recorded together at the end. Answers null for a key that existed already.
 */
export async function startAndFinishAttempts(
  deps: BillingDeps,
  list: readonly NewAttempt[],
): Promise<(RecordedPayment | { error: ProcessorError } | null)[]> {
  return runAttempts(deps, list, async (values) => {
    const [created] = await startAttempts(deps, [values]);
    return created ?? null;
  });
}

function isProcessorError(error: unknown): error is ProcessorError {
  return error instanceof CardProcessorError || error instanceof BankProcessorError;
}

/** Runs a processor call when the caller's bound on calls in flight allows (billing/jobs.ts). */
export type ProcessorGate = <R>(call: () => Promise<R>) => Promise<R>;

async function runAttempts<T extends { paymentAccountId: number }>(
  deps: BillingDeps,
  list: readonly T[],
  start: (item: T) => Promise<AttemptRow | null>,
  gate: ProcessorGate = (call) => call(),
): Promise<(RecordedPayment | { error: ProcessorError } | null)[]> {
  if (list.length === 0) return [];
  const accounts = new Map(
    (
      await deps.database.db
        .select()
        .from(paymentAccounts)
        .where(
          inArray(
            paymentAccounts.paymentAccountId,
            list.map((item) => item.paymentAccountId),
          ),
        )
    ).map((account) => [account.paymentAccountId, account]),
  );
  const answers: (Outcome | ProcessorError | null)[] = [];
  const unreached: string[] = [];
  for (const item of list) {
    const attempt = await start(item);
    if (!attempt) {
      answers.push(null);
      continue;
    }
    const account = accounts.get(attempt.paymentAccountId)!;
    try {
      const outcome = await gate(() => executeAttempt(deps, attempt, account));
      answers.push({ attempt, account, outcome });
    } catch (error) {
      if (!isProcessorError(error)) throw error;
      deps.logger.warn({ err: error, attempt: attempt.attemptKey }, 'charge not confirmed');
      answers.push(error);
      unreached.push(attempt.attemptKey);
    }
  }
  await releaseAttempts(deps, unreached);
  const recorded = await recordOutcomes(
    deps,
    answers.filter((answer): answer is Outcome => answer !== null && 'outcome' in answer),
  );
  let taken = 0;
  return answers.map((answer) =>
    answer === null ? null : isProcessorError(answer) ? { error: answer } : recorded[taken++],
  );
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

export type { BillingMail };
