/**
 * What the Billing page shows, from its page machine (billing-page.machine.ts): what the user may
 * do, the data shown, each load's progress and failure, and the children the form, the switch
 * and the tables render (each read through its own selectors).
 */
import type { SnapshotFrom } from 'xstate';
import type { PaymentAccountsResponse } from '#shared/billing/schemas';
import type { BillingAddress, UserInfoResponse } from '#shared/session/types';
import { selectLoadError, selectLoading } from '../session/loader.selectors.ts';
import type { billingPageMachine } from './billing-page.machine.ts';

export type BillingPageSnapshot = SnapshotFrom<typeof billingPageMachine>;

/** Pays, switches automatic payment, edits the address and reaches the payment methods. */
export function selectCanManage(snapshot: BillingPageSnapshot): boolean {
  return snapshot.context.manages;
}

/** GET /user/info, while it is shown. */
export function selectSummary(snapshot: BillingPageSnapshot): UserInfoResponse | null {
  return snapshot.context.info;
}

export function selectSummaryLoading(snapshot: BillingPageSnapshot): boolean {
  const summary = snapshot.children.summary;
  return summary ? selectLoading(summary.getSnapshot()) : false;
}

export function selectSummaryError(snapshot: BillingPageSnapshot): string | null {
  const summary = snapshot.children.summary;
  return summary ? selectLoadError(summary.getSnapshot()) : null;
}

/** The payment accounts, while they are shown. */
export function selectPaymentAccounts(
  snapshot: BillingPageSnapshot,
): PaymentAccountsResponse | null {
  return snapshot.context.accounts;
}

/** Why the payment accounts could not be loaded (said to a user who manages payments). */
export function selectAccountsError(snapshot: BillingPageSnapshot): string | null {
  const accounts = snapshot.children.accounts;
  return snapshot.context.manages && accounts ? selectLoadError(accounts.getSnapshot()) : null;
}

/** The payment form is on its way: the user manages payments and nothing failed. */
export function selectPaymentFormLoading(snapshot: BillingPageSnapshot): boolean {
  return (
    snapshot.context.manages &&
    !snapshot.matches({ payment: 'shown' }) &&
    selectSummaryError(snapshot) === null &&
    selectAccountsError(snapshot) === null
  );
}

/** The Make a payment form's machine, while it shows. */
export function selectPaymentForm(snapshot: BillingPageSnapshot) {
  return snapshot.matches({ payment: 'shown' }) ? (snapshot.children.payment ?? null) : null;
}

/** The automatic payment switch's machine, while it shows. */
export function selectAutopaySwitch(snapshot: BillingPageSnapshot) {
  return snapshot.matches({ autopay: 'shown' }) ? (snapshot.children.autopay ?? null) : null;
}

/** The default payment method's words ("Bank account ending in 6789"), for the switch's question. */
export function selectDefaultLabel(snapshot: BillingPageSnapshot): string | null {
  const accounts = snapshot.context.accounts;
  return (
    accounts?.payment_accounts.find(
      (account) => account.payment_account_id === accounts.default_payment_account_id,
    )?.label ?? null
  );
}

/** A child the page machine runs for as long as it runs (the tables). */
function always<T>(child: T | undefined, id: string): T {
  if (child === undefined) throw new Error(`The billing page machine runs its ${id} table`);
  return child;
}

/** The bills table's machine. */
export function selectBillsTable(snapshot: BillingPageSnapshot) {
  return always(snapshot.children.bills, 'bills');
}

/** The payments table's machine. */
export function selectPaymentsTable(snapshot: BillingPageSnapshot) {
  return always(snapshot.children.payments, 'payments');
}

/** The billing address shown (none yet, or while the amount due is not shown). */
export function selectBillingAddress(snapshot: BillingPageSnapshot): BillingAddress | null {
  return snapshot.context.info?.billing.billing_address ?? null;
}

/** The billing address edit form's machine, while it is open. */
export function selectAddressForm(snapshot: BillingPageSnapshot) {
  return snapshot.matches({ address: 'editing' }) ? (snapshot.children.address ?? null) : null;
}
