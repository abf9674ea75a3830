/** What the make-a-payment form shows, from the payment machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { formatCents, formatDollars } from '#shared/cart/money';
import { BILLING_MESSAGES } from '#shared/billing/messages';
import { amountValue, paymentAmountError } from '#shared/billing/schemas';
import {
  overpaymentCents,
  type PaymentAccountChoice,
  type PaymentOutcome,
  type paymentMachine,
} from './payment.machine.ts';

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** The amount as typed. */
export function selectAmount(snapshot: PaymentSnapshot): string {
  return snapshot.context.amount;
}

/** The amount's problem, once the amount was left or Pay was pressed. */
export function selectAmountError(snapshot: PaymentSnapshot): string | null {
  return snapshot.context.amountShown ? paymentAmountError(snapshot.context.amount) : null;
}

/** The customer's payment accounts, by label. */
export function selectAccounts(snapshot: PaymentSnapshot): readonly PaymentAccountChoice[] {
  return snapshot.context.accounts;
}

export function selectAccountId(snapshot: PaymentSnapshot): number | null {
  return snapshot.context.accountId;
}

/** "Choose a payment account", once Pay was pressed without one. */
export function selectAccountError(snapshot: PaymentSnapshot): string | null {
  const { accountShown, accounts, accountId } = snapshot.context;
  return accountShown && !accounts.some((account) => account.id === accountId)
    ? BILLING_MESSAGES.paymentAccount
    : null;
}

/** The customer has no payment account to pay from. */
export function selectNoAccounts(snapshot: PaymentSnapshot): boolean {
  return snapshot.context.accounts.length === 0;
}

/** portal.md §4: AUTOMATIC when automatic payment is on, else MANUAL. */
export function selectPaymentType(snapshot: PaymentSnapshot): 'AUTOMATIC' | 'MANUAL' {
  return snapshot.context.automatic ? 'AUTOMATIC' : 'MANUAL';
}

/** The payment-processing flag: on while the payment is requested. */
export function selectPaymentProcessing(snapshot: PaymentSnapshot): boolean {
  return snapshot.matches('paying');
}

/** The form can be edited (not while confirming or paying). */
export function selectEditing(snapshot: PaymentSnapshot): boolean {
  return snapshot.matches('editing');
}

/**
 * While confirming and paying: what is paid, in words ("$20.00", "Bank account ending in 6789"),
 * and, when it is more than is due, the credit it leaves ("$5.00"; null otherwise).
 */
export function selectConfirmation(
  snapshot: PaymentSnapshot,
): { amount: string; account: string; credit: string | null } | null {
  if (
    !snapshot.matches('confirming') &&
    !snapshot.matches('confirming overpayment') &&
    !snapshot.matches('paying')
  )
    return null;
  const { amount, accounts, accountId, amountDue } = snapshot.context;
  const value = amountValue(amount);
  const credit = overpaymentCents(amount, amountDue);
  return {
    amount: value === null ? amount : formatDollars(value),
    account: accounts.find((choice) => choice.id === accountId)?.label ?? '',
    credit: credit === 0 ? null : formatCents(credit),
  };
}

/** The overpayment's confirmation is asked: the credit the payment leaves is named. */
export function selectConfirmingOverpayment(snapshot: PaymentSnapshot): boolean {
  return snapshot.matches('confirming overpayment');
}

/** The answer to the last payment: the server's message. */
export function selectOutcome(snapshot: PaymentSnapshot): PaymentOutcome | null {
  return snapshot.matches('editing') ? snapshot.context.outcome : null;
}

/** The Idempotency-Key of the payment the person means to make (null before the first Confirm). */
export function selectPaymentKey(snapshot: PaymentSnapshot): string | null {
  return snapshot.context.key;
}
