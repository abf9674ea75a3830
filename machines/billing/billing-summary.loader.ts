/**
 * The Billing page's amount due and payment methods (portal.md "/billing"): the account's
 * information (GET /user/info) and its payment accounts (GET /payment-accounts), one loader each.
 */
import type { PaymentAccountsResponse } from '#shared/billing';
import type { UserInfoResponse } from '#shared/session';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';

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
