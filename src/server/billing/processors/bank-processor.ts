/**
 * What the product needs of a bank (ACH) processor, as card-processor.ts says it for cards. The
 * billing code only talks to bank accounts through this interface; which processor stands behind
 * it is put in place per configuration (`useBankProcessor`, payments/index.ts), so a real
 * processor replaces the stand-in (ach-processor.ts) without touching the billing code.
 */

/** The bank account to debit, as the processor may need it. */
export interface BankAccountToDebit {
  paymentAccountId: number;
  /** The name on the account. */
  accountName: string;
  routingNumber: string;
  accountType: string;
  lastFour: string;
  /** The whole account number, decrypted only when asked (stored encrypted, docs/billing.md). */
  accountNumber(): Promise<string>;
}

export interface BankDebitInput {
  account: BankAccountToDebit;
  amountCents: number;
  /** Only US dollars so far. */
  currency: 'usd';
  description: string;
  /** The business date the debit is made on (YYYY-MM-DD). */
  submittedOn: string;
  /** A repeat with the same key submits nothing more and answers the first transfer. */
  idempotencyKey: string;
}

export type BankOutcome =
  | { status: 'pending' }
  | { status: 'settled' }
  | { status: 'returned'; code: string; message: string };

export interface BankProcessor {
  readonly name: string;
  /** Submits a debit (once per key): answers the transfer's reference. Throws BankProcessorError. */
  submitDebit(input: BankDebitInput): Promise<string>;
  /** What became of the debit submitted with this key, on the business date `today`. */
  outcome(idempotencyKey: string, today: string): Promise<BankOutcome>;
}

/** The processor could not be reached or answered something unexpected. */
export class BankProcessorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankProcessorError';
  }
}
