/**
 * The Billing page's amount due and payment methods (portal.md "/billing"): the account's
 * information (GET /user/info) and its payment accounts (GET /payment-accounts), one loader each.
 */
import type { ActorRefFrom } from 'xstate';
import type { PaymentAccountsResponse } from '#shared/billing';
import type { UserInfoResponse } from '#shared/session';
import { following } from '../follow.ts';
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

/**
 * The payment form's `follow` (machines/follow.ts): `billing.loaded` each time either load
 * answers again, once both have.
 */
export function followBillingData(
  summary: ActorRefFrom<typeof billingSummaryLoader>,
  accounts: ActorRefFrom<typeof paymentAccountsLoader>,
) {
  return following(
    [summary, accounts],
    ([summarySnapshot, accountsSnapshot]) => {
      const info = selectBillingSummary(summarySnapshot);
      const list = selectPaymentAccounts(accountsSnapshot);
      return info && list ? ([info, list] as const) : null;
    },
    ([info, list]) => ({ type: 'billing.loaded', ...billingDataOf(info, list) }),
    (a, b) => a[0] === b[0] && a[1] === b[1],
  );
}
