/**
 * The billing ledger and the billing run (docs/billing.md). Fees and the suspension and termination
 * delays are the terms' figures ({@link TERMS}); the rest are the provider's own choices.
 */
export const BILLING = {
  /** A bill is due this many days after it is issued. */
  dueDays: 21,
  /** Autopay tries a bill on its due date and again this many days after it (three tries in all). */
  autopayRetryDays: [0, 3, 7],
  /** The ACH processor settles (or returns) a transfer this many days after it was submitted. */
  achSettleDays: 3,
  /** "Card expiring" is emailed once when a saved card expires within this many days. */
  cardExpiringNoticeDays: 30,
  /** The most one payment may be: $10,000.00. */
  paymentMaxCents: 1_000_000,
  /** A payment amount is read as written: at most this many digits before the decimal point. */
  paymentAmountMaxWholeDigits: 10,
  /**
   * The instance charging an attempt holds it this long on the app clock (docs/billing.md
   * "Exactly once"): longer than a group of charges can take ({@link BILLING.chargeGroup} times the
   * processor's 10-second timeout), so nobody else asks the processor for it meanwhile.
   */
  attemptLeaseSeconds: 900,
  /** Charges made (or resumed) one after another, then recorded together in one transaction. */
  chargeGroup: 50,
  /** A repeat of a payment whose first request is still charging waits this long for its answer. */
  samePaymentWaitSeconds: 15,
  /** Bills and payments pages: default and largest page. */
  pageSize: 10,
  pageSizeMax: 100,
  /** Default tax rate on taxable lines, in percent (BILLING_TAX_RATE overrides it). */
  defaultTaxRatePercent: 6.1,
  /** A sandbox bank account number ending in these digits is returned by the stand-in ACH processor. */
  sandboxReturnedAccountSuffix: '9999',
} as const;
