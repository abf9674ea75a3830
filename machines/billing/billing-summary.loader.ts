/**
 * The Billing page's amount due and payment methods (portal.md "/billing"): the account's
 * information (GET /user/info) and its payment accounts (GET /billing/payment_accounts), one loader
 * each; the page machine (billing-page.machine.ts) owns both.
 */
import type { PaymentAccountsResponse } from '#shared/billing/schemas';
import type { UserInfoResponse } from '#shared/session/types';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';
import type { BillingData } from './payment.machine.ts';

export const billingSummaryLoader = createLoaderMachine<UserInfoResponse>();
export const paymentAccountsLoader = createLoaderMachine<PaymentAccountsResponse>();

export function selectBillingSummary(
  snapshot: LoaderSnapshot<UserInfoResponse>,
): UserInfoResponse | null {
  return selectData(snapshot);
}

export function selectPaymentAccounts(
  snapshot: LoaderSnapshot<PaymentAccountsResponse>,
): PaymentAccountsResponse | null {
  return selectData(snapshot);
}

/** What the payment form works with (machines/billing/payment.machine.ts), from both loads. */
export function billingDataOf(
  info: UserInfoResponse,
  accounts: PaymentAccountsResponse,
): BillingData {
  return {
    amountDue: info.billing.amount_due,
    automatic: accounts.automatic,
    defaultAccountId: accounts.default_payment_account_id,
    accounts: accounts.payment_accounts.map((account) => ({
      id: account.payment_account_id,
      label: account.label,
    })),
  };
}
