/**
 * Billing's words (docs/api.md "Billing"): what the /billing/ page says (`BILLING_PAGE_TEXT`),
 * the server's answers (`BILLING_MESSAGES`), bill and payment statuses, the invoice's and the
 * payment methods page's texts.
 */

export const BILLING_PAGE_TEXT = {
  overdue: 'Overdue',
  nothingDue: 'Nothing is due.',
  readOnly:
    'Read-only: you can see billing, but only users who manage payments can make a payment, turn automatic payment on or off, or change the billing address.',
  noPaymentAccounts: 'Add a payment method on the Payment methods page to make a payment.',
  autopayNeedsDefault:
    'Automatic payment needs a default payment method: add one, or make one the default, on the Payment methods page.',
  autopayOn:
    'Automatic payment is on: bills are paid on their due date from the default payment method.',
  autopayOff: 'Automatic payment is off: pay each bill by its due date.',
  /** Turning automatic payment off asks first, naming the payment method it stops charging. */
  autopayOffTitle: 'Turn automatic payment off?',
  autopayOffQuestion: (account: string) =>
    `Bills will no longer be paid from ${account} on their due date: you will have to pay each one yourself by its due date.`,
  autopayOffConfirm: 'Turn it off',
  noBills: 'No bills yet.',
  noPayments: 'No payments yet.',
  noBillingAddress: 'No billing address on file.',
  /** The confirmation of a payment of more than is due: the credit it leaves, in dollars. */
  overpayment: (credit: string) =>
    `You are paying ${credit} more than is due: it stays as a credit of ${credit} on your account.`,
} as const;

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
