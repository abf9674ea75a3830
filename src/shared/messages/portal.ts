/**
 * Messages of the logged-in portal (portal.md §3, §4): loaded with the portal's pages.
 * One of the message modules beside `../messages.ts` (see its header).
 */
import { DISPLAY_ADDRESS_MAX_LENGTH } from '../constants.ts';

/** What each permission category lets a user do (GET /perms/schema). */
export const PERMISSION_CATEGORY_TEXT = {
  account: { label: 'Account', description: 'Account details and contact information' },
  admin: { label: 'Admin', description: 'Everything, including authorized users and their rights' },
  contacts: { label: 'Contacts', description: 'Authorized contacts' },
  invoices: { label: 'Invoices', description: 'Bills and invoices' },
  payments: { label: 'Payments', description: 'Billing, payments and payment methods' },
  services: { label: 'Services', description: 'Services, servers and DNS' },
} as const;

/** The top bar's link to the control area while someone is logged in (signup.md §2). */
export function loggedInLabel(username: string): string {
  return `${username} logged in`;
}

/** The banner shown the whole time a site admin acts as a customer. */
export function actingAsMessage(customer: string, admin: string): string {
  return `Acting as ${customer} (you are ${admin})`;
}

export function deleteDisabledLabel(seconds: number): string {
  return `Delete (Disabled for ${seconds}s)`;
}

/** A displayed address is cut to 20 characters plus "...". */
export function truncateDisplayAddress(address: string): string {
  return address.length > DISPLAY_ADDRESS_MAX_LENGTH
    ? `${address.slice(0, DISPLAY_ADDRESS_MAX_LENGTH)}...`
    : address;
}

/** The portal's billing (docs/api.md "Billing"): titles and messages of its answers. */
export const BILLING_MESSAGES = {
  amount: 'Enter an amount greater than $0.00 with at most two decimals',
  amountTooLarge: 'A single payment can be at most $10,000.00',
  amountExponent:
    'Write the amount in plain digits, without an exponent (for example 100 or 100.50)',
  paymentAccount: 'Choose a payment account',
  paymentAccountNotFound: 'That payment account was not found.',
  billNotFound: 'That bill was not found.',
  paymentNotFound: 'That payment was not found.',
  idempotencyKeyRequired:
    'This request needs an Idempotency-Key header: one new key (16 to 128 letters, digits, "-" or "_") per payment.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different payment.',
  declinedTitle: 'Payment declined',
  declined: (code: string) =>
    `The card was declined (${code}). Please use another card or pay from a bank account.`,
  processorUnavailableTitle: 'Payment not confirmed',
  processorUnavailable:
    'We could not reach our card processor. Send the same payment again (with the same key) to find out whether it went through.',
  bankProcessorUnavailable:
    'We could not reach our bank payment processor. Send the same payment again (with the same key) to find out whether it went through.',
  paymentInProgress:
    'This payment is still being processed. Send it again with the same key in a moment to see how it went.',
  paymentReceived: 'Payment received. Thank you.',
  paymentPending: 'Bank payment submitted. It will settle in a few days.',
  defaultWhileAutopay:
    'The default payment account cannot be removed while automatic payment is on. Turn automatic payment off or make another account the default first.',
  autopayNeedsAccount: 'Choose a payment account for automatic payment.',
  cardInUse: 'That card is already saved.',
  expiredCard: 'This card has expired. Please add a current card.',
  addressSaved: 'Billing address saved.',
} as const;

/** How a bill's or a payment's status reads on the invoice page and in its PDF. */
export const BILLING_STATUS_LABELS: Readonly<Record<string, string>> = {
  open: 'Open',
  paid: 'Paid',
  partially_paid: 'Partially paid',
  overdue: 'Overdue',
  void: 'Void',
  pending: 'Pending',
  succeeded: 'Received',
  failed: 'Failed',
  returned: 'Returned',
};

/** The invoice page's and the PDF's titles and total labels, so that both read alike. */
export const INVOICE_TEXT = {
  invoiceTitle: (billId: number) => `Invoice #${billId}`,
  billTo: 'Bill to',
  serviceAddress: 'Service address',
  receiptTitle: (paymentId: number) => `Receipt for payment #${paymentId}`,
  tax: (ratePercent: number) => `Tax (${ratePercent}% of taxable lines)`,
  subtotal: 'Subtotal',
  total: 'Total',
  paymentsApplied: 'Payments applied',
  amountDue: 'Amount due',
} as const;

/** What a payment account shows of itself: "Visa ending in 4242", "Bank account ending in 6789". */
export function paymentAccountLabel(account: {
  method: 'CC' | 'ACH';
  brand?: string | null;
  last_four: string;
}): string {
  if (account.method === 'ACH') return `Bank account ending in ${account.last_four}`;
  const brand = account.brand ? (CARD_BRAND_LABELS[account.brand] ?? account.brand) : 'Card';
  return `${brand} ending in ${account.last_four}`;
}

export const CARD_BRAND_LABELS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
};

/** The payment methods page (/payment-methods/): what it says of its cards and bank accounts. */
export const PAYMENT_METHODS_MESSAGES = {
  empty: 'No payment methods yet. Add a card or a bank account to pay your bills.',
  loadFailed: 'Your payment methods could not be loaded.',
  added: (label: string) => `${label} was added.`,
  madeDefault: (label: string) => `${label} is now your default payment method.`,
  removed: (label: string) => `${label} was removed.`,
  confirmRemoval: (label: string) => `Remove ${label}? Past payments made with it stay listed.`,
  defaultBadge: 'Default',
  expired: 'Expired',
  expiringSoon: 'Expiring soon',
} as const;

/**
 * The 429 answers of the costly calls (docs/api.md "Rate limits"); portal.md §8 has no wording of
 * its own for them, and the page shows `msg` like any other failure's.
 */
export const COSTLY_LIMIT_MESSAGES = {
  pdfs: 'Too many PDF downloads. Please wait before trying again.',
  zoneExports: 'Too many zone exports. Please wait before trying again.',
  zoneImports: 'Too many zone imports. Please wait before trying again.',
  hostingChanges: 'Too many hosting changes. Please wait before trying again.',
} as const;
