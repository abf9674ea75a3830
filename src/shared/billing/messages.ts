/**
 * What the portal's /billing/ page says beyond the server's messages (those are
 * `BILLING_MESSAGES` in `portal.ts`). One of the message modules beside `../messages.ts`.
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
