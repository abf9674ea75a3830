/**
 * The automatic payment switch's call (docs/api.md `PUT /billing/payment_accounts/{id}` with
 * `automatic`), shared by the billing and payment methods pages.
 */
import { BILLING_PATHS, type PaymentAccountsResponse } from '#shared/billing/schemas';
import type { ApiClient } from '../../../api/client.ts';

export function autopayApi(api: ApiClient) {
  return {
    setAutomatic: (accountId: number, automatic: boolean) =>
      api.put<PaymentAccountsResponse>(`${BILLING_PATHS.paymentAccounts}/${accountId}`, {
        automatic,
      }),
  };
}
