/**
 * The portal's billing (docs/api.md "Billing"): bills, payments, making a payment, the billing
 * address and payment accounts. Every id in a path or body is looked up together with the
 * caller's customer: another customer's id answers exactly like an id that does not exist (404).
 * Access rules: src/server/session/endpoints.ts.
 */
import type { Context, Hono } from 'hono';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  AchAccountRequestSchema,
  BILLING_PATHS,
  BillingAddressUpdateSchema,
  CardAccountRequestSchema,
  PageQuerySchema,
  parseRecordId,
  PaymentAccountUpdateSchema,
  type BillingAddressResponse,
  type BillsPage,
  type PaymentAccountRecord,
  type PaymentAccountsResponse,
  type PaymentsPage,
} from '#shared/billing/schemas';
import { setTimeout as sleep } from 'node:timers/promises';
import { fromCents } from '#shared/cart/money';
import { BILLING } from '#shared/billing/constants';
import { WHITELISTED_ROUTING_NUMBERS } from '#shared/constants';
import { PAYMENT_MESSAGES } from '#shared/signup/messages';
import { BILLING_MESSAGES } from '#shared/billing/messages';
import { IDEMPOTENCY_KEY_HEADER, isIdempotencyKey } from '#shared/signup/order';
import { addDays } from '#shared/signup/dates';
import { billingActivity } from '../activity/billing.ts';
import { billingAddressOf } from '../session/accounts.ts';
import { requireSession } from '../session/session.ts';
import {
  claimAttempts,
  finishAttempt,
  labelOf,
  PAYMENT_SCOPE,
  paymentAnswer,
  paymentRecord,
  startAttempt,
  type AttemptRow,
  type BillingDeps,
  type PaymentAccountRow,
  type PaymentRow,
} from './charges.ts';
import { readPaymentRequest } from './payment-request.ts';
import { cardExpiryEnd } from './run.ts';
import { billInvoicePdf, paymentReceiptPdf } from './invoice-pdf.ts';
import { billDetail, billRecord, paymentDetail } from './records.ts';
import { clockToday } from '../clock.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { bills, chargeAttempts, customerBilling, paymentAccounts, payments } from '../db/schema.ts';
import { ApiError, conflict, notFound, validationFailed } from '../http/errors.ts';
import { readJson, readQuery } from '../http/validate.ts';
import { bodyFingerprint, findStoredAnswer } from '../signup/orders/idempotency.ts';
import { bankAccountContext } from '../signup/orders/place-order.ts';
import {
  BankProcessorError,
  bankCipherFor,
  cardProcessorFor,
  sealBankAccount,
} from './processors/index.ts';

/** "Sandbox Test Bank" for the whitelisted test numbers, else the routing number. */
function bankName(routing: string): string {
  return (WHITELISTED_ROUTING_NUMBERS as readonly string[]).includes(routing)
    ? 'Sandbox Test Bank'
    : `Bank with routing number ${routing}`;
}

export function paymentAccountRecord(
  row: PaymentAccountRow,
  defaultId: number | null,
  today: string,
): PaymentAccountRecord {
  let card: PaymentAccountRecord['credit_card'] = null;
  if (row.method === 'CC') {
    const year = row.cardExpYear!;
    const month = row.cardExpMonth!;
    const end = cardExpiryEnd(year, month);
    card = {
      brand: row.cardBrand ?? '',
      expiration_date: `${year}-${String(month).padStart(2, '0')}`,
      exp_month: month,
      exp_year: year,
      expired: end < today,
      expiring_soon: end >= today && end <= addDays(today, BILLING.cardExpiringNoticeDays),
    };
  }
  return {
    payment_account_id: row.paymentAccountId,
    method: row.method,
    account_name: row.accountName,
    last_four: row.lastFour,
    label: labelOf(row),
    is_default: row.paymentAccountId === defaultId,
    bank_account:
      row.method === 'ACH'
        ? {
            bank_name: bankName(row.bankRouting ?? ''),
            account_type: row.bankAccountType ?? '',
            routing_number: row.bankRouting ?? '',
          }
        : null,
    credit_card: card,
  };
}

/** The customer's payment account `id` that is not removed, or a 404. */
async function ownAccount(db: Executor, cid: number, id: number | null) {
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(paymentAccounts)
          .where(
            and(
              eq(paymentAccounts.paymentAccountId, id),
              eq(paymentAccounts.cid, cid),
              isNull(paymentAccounts.removedAt),
            ),
          );
  if (!row) throw notFound(BILLING_MESSAGES.paymentAccountNotFound);
  return row;
}

async function settingsOf(db: Executor, cid: number) {
  const [row] = await db.select().from(customerBilling).where(eq(customerBilling.cid, cid));
  return row;
}

async function accountsAnswer(
  db: Executor,
  cid: number,
  today: string,
): Promise<PaymentAccountsResponse> {
  const settings = await settingsOf(db, cid);
  const rows = await db
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.cid, cid), isNull(paymentAccounts.removedAt)))
    .orderBy(asc(paymentAccounts.paymentAccountId));
  const defaultId = settings?.defaultPaymentAccountId ?? null;
  return {
    payment_accounts: rows.map((row) => paymentAccountRecord(row, defaultId, today)),
    default_payment_account_id: defaultId,
    automatic: settings?.automatic ?? false,
  };
}

/** A path id of this route, or a 404 (ids that are not ids are no record of anyone's). */
function pathId(c: Context<AppEnv>, message: string): number {
  const id = parseRecordId(c.req.param('id') ?? '');
  if (id === null) throw notFound(message);
  return id;
}

/** After a new account: it becomes the default when asked or when there is none. */
async function maybeMakeDefault(db: Executor, cid: number, id: number, asked: boolean) {
  const settings = await settingsOf(db, cid);
  if (!asked && settings?.defaultPaymentAccountId) {
    const [current] = await db
      .select({ id: paymentAccounts.paymentAccountId })
      .from(paymentAccounts)
      .where(
        and(
          eq(paymentAccounts.paymentAccountId, settings.defaultPaymentAccountId),
          isNull(paymentAccounts.removedAt),
        ),
      );
    if (current) return;
  }
  await db
    .update(customerBilling)
    .set({ defaultPaymentAccountId: id, updatedAt: new Date() })
    .where(eq(customerBilling.cid, cid));
}

/**
 * The one way a payment account is saved (a card or a bank account): inserted, made the default
 * when asked or when there is none, recorded in the activity log, in one transaction; answered 201.
 */
async function addPaymentAccount(
  c: Context<AppEnv>,
  values: typeof paymentAccounts.$inferInsert,
  makeDefault: boolean,
) {
  const { deps } = c.var;
  const { db } = deps.database;
  const { cid } = values;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(paymentAccounts).values(values).returning();
    await maybeMakeDefault(tx, cid, inserted.paymentAccountId, makeDefault);
    const isDefault =
      (await settingsOf(tx, cid))?.defaultPaymentAccountId === inserted.paymentAccountId;
    await billingActivity.methodAdded(tx, c, inserted, isDefault);
    return inserted;
  });
  const settings = await settingsOf(db, cid);
  const record = paymentAccountRecord(
    row,
    settings?.defaultPaymentAccountId ?? null,
    clockToday(deps.clock),
  );
  return c.json({ payment_account: record }, 201);
}

/**
 * A payment request found its attempt already made (the same key sent again): the attempt to
 * charge, once this request holds it, or its payment once it is recorded. While another request
 * or instance holds it (it is being charged), this waits up to `BILLING.samePaymentWaitSeconds`
 * for its answer, then answers 409: the processor is never asked twice at once.
 */
async function takeOverAttempt(
  deps: BillingDeps,
  found: AttemptRow,
): Promise<{ attempt: AttemptRow } | { payment: PaymentRow }> {
  const { db } = deps.database;
  const deadline = Date.now() + BILLING.samePaymentWaitSeconds * 1000;
  let attempt = found;
  for (;;) {
    if (attempt.status !== 'started') {
      const [payment] = await db
        .select()
        .from(payments)
        .where(eq(payments.attemptKey, attempt.attemptKey));
      return { payment };
    }
    const [claimed] = await claimAttempts(deps, [attempt.attemptKey]);
    if (claimed) return { attempt: claimed };
    if (Date.now() >= deadline) throw conflict(BILLING_MESSAGES.paymentInProgress);
    await sleep(50);
    [attempt] = await db
      .select()
      .from(chargeAttempts)
      .where(eq(chargeAttempts.attemptKey, attempt.attemptKey));
  }
}

/** The caller's customer and the page asked for (`limit`, `offset`) of a listing. */
async function pageRequest(c: Context<AppEnv>) {
  const session = await requireSession(c);
  const { limit, offset } = readQuery(c, PageQuerySchema);
  return { db: c.var.deps.database.db, cid: session.user.cid, page: { limit, offset } };
}

/** One page of a customer's bills or payments in the given order, and how many there are. */
async function customerPage<T extends typeof bills | typeof payments>(
  db: Executor,
  table: T,
  order: SQL[],
  cid: number,
  page: { limit: number; offset: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const ofCustomer = eq(table.cid, cid);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(ofCustomer)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(ofCustomer),
  ]);
  // A select of the whole table gives its rows as they are.
  return { rows: rows as T['$inferSelect'][], total };
}

export function registerBillingRoutes(api: Hono<AppEnv>) {
  api.get(BILLING_PATHS.bills, async (c) => {
    const { db, cid, page } = await pageRequest(c);
    const order = [desc(bills.issueDate), desc(bills.billId)];
    const { rows, total } = await customerPage(db, bills, order, cid, page);
    return c.json({ bills: rows.map(billRecord), total, ...page } satisfies BillsPage);
  });

  api.get('/billing/bills/:id', async (c) => {
    const session = await requireSession(c);
    const id = pathId(c, BILLING_MESSAGES.billNotFound);
    return c.json(await billDetail(c.var.deps.database.db, session.user.cid, id));
  });

  api.get('/billing/bills/:id/pdf', async (c) => {
    const session = await requireSession(c);
    const id = pathId(c, BILLING_MESSAGES.billNotFound);
    const pdf = await billInvoicePdf(c.var.deps, session.user.cid, id);
    return pdfAnswer(c, pdf, `invoice-${id}.pdf`);
  });

  api.get(BILLING_PATHS.payments, async (c) => {
    const { db, cid, page } = await pageRequest(c);
    const order = [desc(payments.paymentDate), desc(payments.paymentId)];
    const { rows, total } = await customerPage(db, payments, order, cid, page);
    return c.json({ payments: rows.map(paymentRecord), total, ...page } satisfies PaymentsPage);
  });

  api.get('/billing/payments/:id', async (c) => {
    const session = await requireSession(c);
    const id = pathId(c, BILLING_MESSAGES.paymentNotFound);
    return c.json(await paymentDetail(c.var.deps.database.db, session.user.cid, id));
  });

  api.get('/billing/payments/:id/pdf', async (c) => {
    const session = await requireSession(c);
    const id = pathId(c, BILLING_MESSAGES.paymentNotFound);
    const pdf = await paymentReceiptPdf(c.var.deps, session.user.cid, id);
    return pdfAnswer(c, pdf, `receipt-${id}.pdf`);
  });

  api.post(BILLING_PATHS.payments, async (c) => {
    const session = await requireSession(c);
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (!isIdempotencyKey(key)) {
      throw new ApiError(400, 'Bad request', BILLING_MESSAGES.idempotencyKeyRequired);
    }
    const body = await readPaymentRequest(c);
    const { deps } = c.var;
    const { db } = deps.database;
    const cid = session.user.cid;
    // The body in dollars, as sent: 50.5 and 50.50 are one payment.
    const fingerprint = bodyFingerprint({
      amount: fromCents(body.amountCents),
      payment_account_id: body.payment_account_id,
    });
    const reused = () =>
      validationFailed(
        { key: BILLING_MESSAGES.idempotencyKeyReused },
        BILLING_MESSAGES.idempotencyKeyReused,
      );
    const replay = (status: number, answer: unknown) =>
      c.json(answer as object, status as 201, { 'Idempotent-Replayed': 'true' });

    const stored = await findStoredAnswer(db, PAYMENT_SCOPE, `${cid}:${key}`);
    if (stored) {
      if (stored.fingerprint !== fingerprint) throw reused();
      return replay(stored.status, stored.body);
    }
    const account = await ownAccount(db, cid, body.payment_account_id);
    const started = await startAttempt(deps, {
      attemptKey: `manual:${cid}:${key}`,
      cid,
      paymentAccountId: account.paymentAccountId,
      method: account.method,
      amountCents: body.amountCents,
      source: 'manual',
      fingerprint,
      attemptDate: clockToday(deps.clock),
    });
    let { attempt } = started;
    if (!started.created) {
      if (attempt.fingerprint !== fingerprint) throw reused();
      const taken = await takeOverAttempt(deps, attempt);
      if ('payment' in taken) {
        const answer = paymentAnswer(taken.payment);
        return replay(answer.status, answer.body);
      }
      attempt = taken.attempt;
    }
    const result = await finishAttempt(billingActivity.payment(c, account), attempt);
    if ('error' in result) {
      throw new ApiError(
        502,
        BILLING_MESSAGES.processorUnavailableTitle,
        result.error instanceof BankProcessorError
          ? BILLING_MESSAGES.bankProcessorUnavailable
          : BILLING_MESSAGES.processorUnavailable,
      );
    }
    const answer = paymentAnswer(result.payment);
    return c.json(answer.body, answer.status as 201);
  });

  api.post(BILLING_PATHS.address, async (c) => {
    const session = await requireSession(c);
    const body = await readJson(c, BillingAddressUpdateSchema);
    const { db } = c.var.deps.database;
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(customerBilling)
        .set({
          addressFname: body.fname,
          addressLname: body.lname,
          addressLine1: body.line1,
          addressLine2: body.line2,
          addressCity: body.city,
          addressState: body.state,
          addressZipCode: body.zip_ext ? `${body.zip_code}-${body.zip_ext}` : body.zip_code,
          ...(body.paper_invoice === undefined ? {} : { paperInvoice: body.paper_invoice }),
          updatedAt: new Date(),
        })
        .where(eq(customerBilling.cid, session.user.cid))
        .returning();
      if (!updated) throw notFound();
      await billingActivity.address(tx, c, body.paper_invoice);
      return updated;
    });
    return c.json({
      billing_address: billingAddressOf(row)!,
      paper_invoice: row.paperInvoice,
    } satisfies BillingAddressResponse);
  });

  api.get(BILLING_PATHS.paymentAccounts, async (c) => {
    const session = await requireSession(c);
    return c.json(
      await accountsAnswer(c.var.deps.database.db, session.user.cid, clockToday(c.var.deps.clock)),
    );
  });

  api.post(BILLING_PATHS.paymentAccountCard, async (c) => {
    const session = await requireSession(c);
    const body = await readJson(c, CardAccountRequestSchema);
    const { deps } = c.var;
    const { db } = deps.database;
    const cid = session.user.cid;
    const card = await cardProcessorFor(deps.config)
      .verifyToken(body.token)
      .catch(() => {
        throw new ApiError(503, 'Service unavailable', PAYMENT_MESSAGES.cardProcessorUnavailable);
      });
    if (!card) throw validationFailed({ token: PAYMENT_MESSAGES.cardNotVerified });
    const today = clockToday(deps.clock);
    if (cardExpiryEnd(card.exp_year, card.exp_month) < today) {
      throw validationFailed({ token: BILLING_MESSAGES.expiredCard });
    }
    const [inUse] = await db
      .select({ id: paymentAccounts.paymentAccountId })
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.cardToken, card.token), isNull(paymentAccounts.removedAt)));
    if (inUse) throw conflict(BILLING_MESSAGES.cardInUse);
    return addPaymentAccount(
      c,
      {
        cid,
        method: 'CC',
        accountName: `${card.fname} ${card.lname}`,
        lastFour: card.last_four,
        cardToken: card.token,
        cardBrand: card.brand,
        cardExpMonth: card.exp_month,
        cardExpYear: card.exp_year,
      },
      body.make_default,
    );
  });

  api.post(BILLING_PATHS.paymentAccountAch, async (c) => {
    const session = await requireSession(c);
    const body = await readJson(c, AchAccountRequestSchema);
    const { deps } = c.var;
    const cid = session.user.cid;
    const cipher = await bankCipherFor(deps);
    const sealed = sealBankAccount(cipher, body.account, bankAccountContext(cid));
    return addPaymentAccount(
      c,
      {
        cid,
        method: 'ACH',
        accountName: body.name,
        lastFour: sealed.account_last_four,
        bankRouting: body.routing,
        bankAccountType: body.account_type,
        bankAccountEncrypted: sealed.account_encrypted,
      },
      body.make_default,
    );
  });

  api.put('/billing/payment_accounts/:id', async (c) => {
    const session = await requireSession(c);
    const id = parseRecordId(c.req.param('id'));
    const body = await readJson(c, PaymentAccountUpdateSchema);
    const { deps } = c.var;
    const { db } = deps.database;
    const cid = session.user.cid;
    const account = await ownAccount(db, cid, id);
    const set: Partial<typeof customerBilling.$inferInsert> = { updatedAt: new Date() };
    // Autopay charges the default account: turning it on here makes this one the default.
    if (body.make_default || body.automatic === true) {
      set.defaultPaymentAccountId = account.paymentAccountId;
    }
    if (body.automatic !== undefined) set.automatic = body.automatic;
    await db.transaction(async (tx) => {
      await tx.update(customerBilling).set(set).where(eq(customerBilling.cid, cid));
      await billingActivity.methodChanged(tx, c, account, {
        madeDefault: set.defaultPaymentAccountId !== undefined,
        automatic: body.automatic,
      });
    });
    return c.json(await accountsAnswer(db, cid, clockToday(deps.clock)));
  });

  api.delete('/billing/payment_accounts/:id', async (c) => {
    const session = await requireSession(c);
    const id = parseRecordId(c.req.param('id'));
    const { deps } = c.var;
    const { db } = deps.database;
    const cid = session.user.cid;
    const account = await ownAccount(db, cid, id);
    await db.transaction(async (tx) => {
      const settings = await settingsOf(tx, cid);
      const isDefault = settings?.defaultPaymentAccountId === account.paymentAccountId;
      if (isDefault && settings?.automatic) throw conflict(BILLING_MESSAGES.defaultWhileAutopay);
      await tx
        .update(paymentAccounts)
        .set({ removedAt: new Date() })
        .where(eq(paymentAccounts.paymentAccountId, account.paymentAccountId));
      if (isDefault) {
        await tx
          .update(customerBilling)
          .set({ defaultPaymentAccountId: null, updatedAt: new Date() })
          .where(eq(customerBilling.cid, cid));
      }
      await billingActivity.methodRemoved(tx, c, account);
    });
    return c.json(await accountsAnswer(db, cid, clockToday(deps.clock)));
  });
}

function pdfAnswer(c: Context<AppEnv>, pdf: Buffer, filename: string) {
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${filename}"`,
  });
}
