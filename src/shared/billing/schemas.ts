/**
 * The portal's billing contract (docs/api.md "Billing"): request schemas checked by the server
 * (and by the pages' forms), and the records the endpoints answer. Amounts are decimal dollars
 * with at most two decimals in JSON; the server keeps integer cents (docs/billing.md "Money").
 */
import * as v from 'valibot';
import { BILLING } from './constants.ts';
import { DATABASE_ID_MAX } from '../constants.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { BILLING_MESSAGES } from './messages.ts';
import { BankDetailsSchema, BILLING_ADDRESS_LINES } from '../schemas/payment.ts';
import { FirstNameSchema, LastNameSchema } from '../schemas/person.ts';
import type { BillingAddress } from '../session/types.ts';
import { pageQuerySchema } from '../paging.ts';

export const BILLING_PATHS = {
  bills: '/billing/bills',
  payments: '/billing/payments',
  address: '/billing/address',
  paymentAccounts: '/billing/payment_accounts',
  paymentAccountCard: '/billing/payment_accounts/card',
  paymentAccountAch: '/billing/payment_accounts/ach',
} as const;

/** The path of a bill's or payment's PDF (portal route /invoice/{endpoint}/{id}). */
export function invoicePdfPath(endpoint: 'bills' | 'payments', id: number): string {
  return `/billing/${endpoint}/${id}/pdf`;
}

/** A positive whole number that fits an id column, as a path parameter or a JSON number. */
export const RecordIdSchema = v.pipe(
  v.number(BILLING_MESSAGES.paymentAccount),
  v.integer(BILLING_MESSAGES.paymentAccount),
  v.minValue(1, BILLING_MESSAGES.paymentAccount),
  v.maxValue(DATABASE_ID_MAX, BILLING_MESSAGES.paymentAccount),
);

/** A path parameter id ("700001"): digits only, within an id column; null otherwise. */
export function parseRecordId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= DATABASE_ID_MAX ? id : null;
}

/** `?limit=&offset=` of the bills and payments lists. */
export const PageQuerySchema = pageQuerySchema({
  size: BILLING.pageSize,
  max: BILLING.pageSizeMax,
});

/**
 * The payment amount rule, the one the form and the server apply (docs/billing.md "Money"): a
 * dollar amount read from its decimal text, never through a float. The text is what a JSON body
 * wrote for `amount` ("50", "50.5", "50.50") or what the payment form reads once its "$", thousands
 * commas and spaces are gone ("25.", ".50"). At most two decimals, no exponent, at most
 * `BILLING.paymentAmountMaxWholeDigits` digits before the point; above $0.00 and at most
 * `BILLING.paymentMaxCents`. Answers the amount in cents, or the message that refuses it.
 */
export function paymentAmountCents(text: string): { cents: number } | { error: string } {
  const match = /^(\d*)(?:\.(\d*))?([eE][+-]?\d+)?$/.exec(text);
  if (!match || !/\d/.test(`${match[1]}${match[2] ?? ''}`)) {
    return { error: BILLING_MESSAGES.amount };
  }
  const [, whole, fraction = '', exponent] = match;
  if (exponent !== undefined) return { error: BILLING_MESSAGES.amountExponent };
  if (fraction.length > 2) return { error: BILLING_MESSAGES.amount };
  const dollars = whole.replace(/^0+/, '');
  if (dollars.length > BILLING.paymentAmountMaxWholeDigits) {
    return { error: BILLING_MESSAGES.amountTooLarge };
  }
  // At most 10 digits and 2 decimals: an exact integer of cents.
  const cents = Number(dollars || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents <= 0) return { error: BILLING_MESSAGES.amount };
  if (cents > BILLING.paymentMaxCents) return { error: BILLING_MESSAGES.amountTooLarge };
  return { cents };
}

/**
 * A number of a JSON body as its literal text ("50.50", "1e2"): how the server hands `amount` to
 * {@link PaymentAmountSchema} after reading the body losslessly (a JSON string is not one).
 */
export class JsonNumberText {
  constructor(readonly text: string) {}
}

/** A payment amount as sent (a JSON number, read as its text): its cents, or the rule's message. */
export const PaymentAmountSchema = v.pipe(
  v.instance(JsonNumberText, BILLING_MESSAGES.amount),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const amount = paymentAmountCents(dataset.value.text);
    if ('error' in amount) {
      addIssue({ message: amount.error });
      return NEVER;
    }
    return amount.cents;
  }),
);

/** The typed text without what people add to an amount: spaces, a leading "$", thousands commas. */
function plainAmount(text: string): string {
  return text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(?:\D|$))/g, '');
}

/** A typed amount as a number when the text is one ("25", "25.5", "$1,250.00"), else null. */
export function amountValue(text: string): number | null {
  const plain = plainAmount(text);
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(plain)) return null;
  return Number(plain);
}

/** The amount rule on typed text (the payment form): the server's message, or null when it passes. */
export function paymentAmountError(text: string): string | null {
  const amount = paymentAmountCents(plainAmount(text));
  return 'error' in amount ? amount.error : null;
}

/**
 * POST /billing/payments (header Idempotency-Key), as the server reads it: `amount` arrives as
 * its JSON text ({@link JsonNumberText}) and leaves as `amountCents`.
 */
export const PaymentRequestSchema = v.pipe(
  v.object({
    amount: PaymentAmountSchema,
    payment_account_id: RecordIdSchema,
  }),
  v.transform(({ amount, payment_account_id }) => ({ amountCents: amount, payment_account_id })),
);

/** The body of POST /billing/payments: `amount` a JSON number of dollars ({@link paymentAmountCents}). */
export interface PaymentRequest {
  amount: number;
  payment_account_id: number;
}

/** POST /billing/address: the shared name and address rules. */
export const BillingAddressUpdateSchema = v.object({
  fname: FirstNameSchema,
  lname: LastNameSchema,
  ...BILLING_ADDRESS_LINES,
  /** Also send bills by post (each cycle bill then carries the postal invoice fee). */
  paper_invoice: v.optional(v.boolean(FIELD_MESSAGES.address)),
});
export type BillingAddressUpdate = v.InferInput<typeof BillingAddressUpdateSchema>;

/** POST /billing/payment_accounts/card: a token from the provider's frame, never a number. */
export const CardAccountRequestSchema = v.object({
  token: v.pipe(v.string(BILLING_MESSAGES.paymentAccount), v.maxLength(128)),
  make_default: v.optional(v.boolean(), false),
});

/** POST /billing/payment_accounts/ach: the bank form (portal.md §5). */
export const AchAccountRequestSchema = v.object({
  ...BankDetailsSchema.entries,
  make_default: v.optional(v.boolean(), false),
});
export type AchAccountRequest = v.InferInput<typeof AchAccountRequestSchema>;

/** PUT /billing/payment_accounts/{id}: make it the default, and/or turn autopay on or off. */
export const PaymentAccountUpdateSchema = v.object({
  make_default: v.optional(v.literal(true, 'make_default can only be true')),
  automatic: v.optional(v.boolean('automatic must be true or false')),
});

// ---------------------------------------------------------------------------------------------
// Records

export type BillStatus = 'open' | 'paid' | 'partially_paid' | 'overdue' | 'void';
export type BillKind = 'activation' | 'cycle' | 'fee';

export interface BillLineRecord {
  kind: 'recurring' | 'promo' | 'one_time' | 'adjustment' | 'fee' | 'separately_billed';
  description: string;
  quantity: number;
  /** Dollars per unit; negative for a promo. */
  unit_amount: number;
  /** Dollars; negative for a promo; 0 with a `note` for another provider's line. */
  amount: number;
  taxable: boolean;
  note: string | null;
}

/** A street address as a bill prints it (no name: the bill-to names its person apart). */
export interface StreetAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip_code: string;
}

/**
 * Who a bill is addressed to, stored with the bill when the billing run issues it
 * (docs/billing.md "Bill to"): the name on the billing address (the account holder's name when the
 * address carries none), the company of a business customer, and the billing address (the service
 * address when none is on file). The invoice page, its print and its PDF read this record only.
 */
export interface BillTo {
  name: string;
  /** The company's name; null for a customer without one. */
  company: string | null;
  /** Null when the customer had neither a billing nor a service address. */
  address: StreetAddress | null;
}

/** An address as it is written on an envelope: street, unit (if any), then city, state and zip. */
export function addressLines(address: StreetAddress): string[] {
  return [
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.zip_code}`,
  ];
}

/** An address on one line, as the invoice PDF prints a service address: "1 Main St, Apt 4, Orem, UT 84057". */
export function addressOneLine(address: StreetAddress): string {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${address.state} ${address.zip_code}`;
}

/** The bill-to block, line by line, as the invoice page, its print and its PDF show it. */
export function billToLines(billTo: BillTo): string[] {
  return [
    billTo.name,
    ...(billTo.company ? [billTo.company] : []),
    ...(billTo.address ? addressLines(billTo.address) : []),
  ].filter((line) => line !== '');
}

export interface BillRecord {
  bill_id: number;
  kind: BillKind;
  /** YYYY-MM-DD; null for a fee. */
  period_start: string | null;
  period_end: string | null;
  issue_date: string;
  due_date: string;
  subtotal: number;
  tax: number;
  /** Percent, e.g. 6.1. */
  tax_rate: number;
  total: number;
  /** What payments and credits cover (oldest bill first). */
  paid: number;
  /** total − paid. */
  amount_due: number;
  status: BillStatus;
  /** Who the bill is addressed to, as it was when it was issued. */
  bill_to: BillTo;
  /** The service address the bill was issued for, as it was then; null when there was none. */
  service_address: StreetAddress | null;
}

export interface BillDetail extends BillRecord {
  lines: BillLineRecord[];
}

export interface PageInfo {
  total: number;
  limit: number;
  offset: number;
}

export interface BillsPage extends PageInfo {
  bills: BillRecord[];
}

export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'returned';

export interface PaymentRecord {
  payment_id: number;
  payment_date: string;
  /** When it settled, failed or was returned; null while pending. */
  settled_date: string | null;
  amount: number;
  status: PaymentStatus;
  method: 'CC' | 'ACH';
  /** "Visa ending in 4242", "Bank account ending in 6789". */
  account_label: string;
  payment_account_id: number | null;
  source: 'manual' | 'autopay';
  /** The bill an autopay charge was for. */
  bill_id: number | null;
  failure_message: string | null;
}

/**
 * GET /billing/payments/{id}: the payment, and who its receipt is addressed to (a receipt is not
 * issued by the billing run: the customer's bill-to as it is now).
 */
export interface PaymentDetail extends PaymentRecord {
  bill_to: BillTo;
  service_address: StreetAddress | null;
}

export interface PaymentsPage extends PageInfo {
  payments: PaymentRecord[];
}

export interface PaymentAccountRecord {
  payment_account_id: number;
  /** CC = card, ACH = bank account. */
  method: 'CC' | 'ACH';
  account_name: string;
  last_four: string;
  label: string;
  is_default: boolean;
  bank_account: { bank_name: string; account_type: string; routing_number: string } | null;
  credit_card: {
    brand: string;
    /** YYYY-MM: the year is 2000 plus the two digits of the expiry. */
    expiration_date: string;
    exp_month: number;
    exp_year: number;
    expired: boolean;
    /** Expires within 30 days (BILLING.cardExpiringNoticeDays). */
    expiring_soon: boolean;
  } | null;
}

export interface PaymentAccountsResponse {
  payment_accounts: PaymentAccountRecord[];
  default_payment_account_id: number | null;
  automatic: boolean;
}

export interface BillingAddressResponse {
  billing_address: BillingAddress;
  paper_invoice: boolean;
}
