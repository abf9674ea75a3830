/**
 * The billing ledger (docs/billing.md). Money is integer cents everywhere in the database; the API
 * speaks decimal dollars. A customer's balance is bills − payments − credits, computed in one
 * function (src/server/billing/ledger.ts `customerBalance`), never stored.
 *
 * Exactly once: every row the billing run or a payment request creates carries a unique key
 * (`bill_key`, `attempt_key`, `notice_key`) and is inserted with ON CONFLICT DO NOTHING, so two
 * server processes running the same pass, or a pass run again after a crash, create nothing twice.
 * A charge attempt is committed before the processor is called, and its key is the processor's
 * idempotency key: the charge it made is found again after a crash, never made a second time.
 * Payment accounts are the signup's `payment_accounts` (orders.ts), reused as they are.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BillTo, StreetAddress } from '#shared/billing/schemas';
import { customers } from '../db/schema/customers.ts';
import { paymentAccounts } from '../signup/orders/schema.ts';

export const BILL_KINDS = ['activation', 'cycle', 'fee'] as const;
export type BillKind = (typeof BILL_KINDS)[number];
export const BILL_STATUSES = ['open', 'paid', 'partially_paid', 'overdue', 'void'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** An invoice: issued once per key, with its lines, subtotal, tax and total. */
export const bills = pgTable(
  'bills',
  {
    billId: integer('bill_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 700_001 }),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    /**
     * What makes the bill unique: `activation:<service id>`, `cycle:<service id>:<contract month>`,
     * `fee:returned:<payment id>`, `fee:declined:<attempt key>`.
     */
    billKey: text('bill_key').notNull(),
    kind: text('kind', { enum: BILL_KINDS }).notNull(),
    /** Activation and cycle bills: the connectivity service billed, and the contract month (1, 2, …). */
    serviceId: integer('service_id'),
    cycleNumber: integer('cycle_number'),
    /** The service period (cycle and activation bills); null for fees. YYYY-MM-DD, inclusive. */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Basis points of tax applied to the taxable lines (configuration at issue time). */
    taxRateBp: integer('tax_rate_bp').notNull(),
    /** What payments and credits cover of it (applied oldest bill first); kept by `settleLedger`. */
    paidCents: integer('paid_cents').notNull().default(0),
    status: text('status', { enum: BILL_STATUSES }).notNull().default('open'),
    /**
     * Who the bill is addressed to, as the customer's data said when it was issued
     * (src/server/billing/bill-to.ts): the invoice page, its print and its PDF read this, never
     * the customer's data of today.
     */
    billTo: jsonb('bill_to').$type<BillTo>().notNull(),
    /** The customer's service address when the bill was issued; null when there was none. */
    serviceAddress: jsonb('service_address').$type<StreetAddress>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_key_idx').on(t.billKey),
    index('bills_cid_issue_idx').on(t.cid, t.issueDate, t.billId),
    index('bills_service_cycle_idx').on(t.serviceId, t.cycleNumber),
    index('bills_unpaid_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} in ('open', 'partially_paid', 'overdue')`),
    check('bills_total_ck', sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
    check('bills_amounts_ck', sql`${t.totalCents} >= 0 and ${t.taxCents} >= 0`),
  ],
);

export const BILL_LINE_KINDS = [
  'recurring',
  'promo',
  'one_time',
  'adjustment',
  'fee',
  'separately_billed',
] as const;
export type BillLineKind = (typeof BILL_LINE_KINDS)[number];

export const billLines = pgTable(
  'bill_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.billId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: BILL_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    /** The cart item's name (catalogue key), when the line comes from an order's cart. */
    itemName: text('item_name'),
    quantity: integer('quantity').notNull().default(1),
    /** Per unit; negative for a promo. */
    unitCents: integer('unit_cents').notNull(),
    /** unit × quantity; negative for a promo; 0 for a line billed separately by another provider. */
    amountCents: integer('amount_cents').notNull(),
    taxable: boolean('taxable').notNull().default(false),
    /** "billed separately by {label}" for another provider's line; null otherwise. */
    note: text('note'),
  },
  (t) => [uniqueIndex('bill_lines_position_idx').on(t.billId, t.position)],
);

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'returned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Money a customer paid (or tried to). `pending` (ACH submitted) and `succeeded` count against the
 * balance; `failed` (declined card) and `returned` (ACH returned) do not.
 */
export const payments = pgTable(
  'payments',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .generatedByDefaultAsIdentity({ startWith: 900_001 }),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    /** The attempt that made it: one payment per attempt, whoever records it. */
    attemptKey: text('attempt_key').notNull(),
    paymentAccountId: integer('payment_account_id').references(
      () => paymentAccounts.paymentAccountId,
      { onDelete: 'set null' },
    ),
    /** `CC` or `ACH`, and what the account showed when paying (kept if the account is removed). */
    method: text('method', { enum: ['CC', 'ACH'] }).notNull(),
    accountLabel: text('account_label').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** `manual` (POST /billing/payments) or `autopay` (the billing run). */
    source: text('source', { enum: ['manual', 'autopay'] }).notNull(),
    /** The bill an autopay charge was for. */
    billId: integer('bill_id').references(() => bills.billId, { onDelete: 'set null' }),
    /** YYYY-MM-DD business date it was made, and the date it settled or failed. */
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    settledDate: date('settled_date', { mode: 'string' }),
    processorRef: text('processor_ref'),
    /** Why it failed or was returned (a decline code or an ACH return code with its text). */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_attempt_key_idx').on(t.attemptKey),
    index('payments_cid_date_idx').on(t.cid, t.paymentDate, t.paymentId),
    index('payments_pending_idx')
      .on(t.paymentDate)
      .where(sql`${t.status} = 'pending'`),
    check('payments_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/** Money the provider owes back or forgives: lowers the balance like a payment. */
export const credits = pgTable(
  'credits',
  {
    creditId: integer('credit_id').primaryKey().generatedByDefaultAsIdentity(),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    creditKey: text('credit_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    creditDate: date('credit_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credits_key_idx').on(t.creditKey),
    index('credits_cid_idx').on(t.cid),
    check('credits_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

export const ATTEMPT_STATUSES = ['started', 'succeeded', 'declined', 'submitted'] as const;

/**
 * One try to move money, committed before the processor hears of it. `attempt_key` is unique and
 * is the processor's idempotency key: `manual:<cid>:<Idempotency-Key>` for a payment request,
 * `autopay:<bill id>:<try>` for the billing run. A `started` attempt is one whose outcome is not
 * recorded yet (a crash between the processor's answer and our commit): the next billing pass
 * asks the processor again with the same key, which answers the first charge's outcome.
 */
export const chargeAttempts = pgTable(
  'charge_attempts',
  {
    attemptKey: text('attempt_key').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    paymentAccountId: integer('payment_account_id')
      .notNull()
      .references(() => paymentAccounts.paymentAccountId),
    method: text('method', { enum: ['CC', 'ACH'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    source: text('source', { enum: ['manual', 'autopay'] }).notNull(),
    billId: integer('bill_id').references(() => bills.billId, { onDelete: 'set null' }),
    /** 1, 2, 3: the try of the retry schedule (autopay); 1 for a manual payment. */
    tryNumber: integer('try_number').notNull().default(1),
    /** SHA-256 of the request body (manual payments): the same key with another body is refused. */
    fingerprint: text('fingerprint'),
    status: text('status', { enum: ATTEMPT_STATUSES }).notNull().default('started'),
    /** YYYY-MM-DD business date of the try. */
    attemptDate: date('attempt_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * While a `started` attempt is being charged, the instance charging it holds it until then
     * (the app clock): nobody else calls the processor for it before, and anyone may take it over
     * after (a killed instance). Null: nobody holds it.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Which instance holds (or last held) the lease: host, process and a random part. */
    claimedBy: text('claimed_by'),
  },
  (t) => [
    index('charge_attempts_started_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'started'`),
    index('charge_attempts_bill_idx').on(t.billId),
    check('charge_attempts_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The stand-in ACH processor's own record of transfers (src/server/billing/processors/ach-processor.ts),
 * one per idempotency key. A real ACH processor replaces it.
 */
export const achTransfers = pgTable('ach_transfers', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  transferId: text('transfer_id').notNull().unique(),
  paymentAccountId: integer('payment_account_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** pending, settled or returned. */
  status: text('status').notNull(),
  returnCode: text('return_code'),
  submittedOn: date('submitted_on', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notices sent once: an email or a status change the billing run must not repeat
 * (`card_expiring:<payment account id>:<YYYY-MM>`, `status:<cid>:<status>:<due date>`).
 */
export const billingNotices = pgTable('billing_notices', {
  noticeKey: text('notice_key').primaryKey(),
  cid: integer('cid')
    .notNull()
    .references(() => customers.cid, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
