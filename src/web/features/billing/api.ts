/**
 * The billing page's calls (docs/api.md "Billing" and `GET /user/info`), typed by the shared
 * contract. Every call goes through the app's HTTP client; the token coordinator asks for the
 * password when a payment needs a fresh token and sends the same request (same key) again.
 */
import {
  BILLING_PATHS,
  type BillingAddressResponse,
  type BillingAddressUpdate,
  type BillsPage,
  type PaymentAccountsResponse,
  type PaymentRecord,
  type PaymentsPage,
} from '#shared/billing/schemas';
import type { UserInfoResponse } from '#shared/session/types';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/signup/order';
import type { PaymentRequestInput } from '#machines/billing/payment.machine';
import type { ApiClient } from '../../api/client.ts';

export interface PageRequest {
  limit: number;
  offset: number;
}

export function billingApi(api: ApiClient) {
  return {
    userInfo: () => api.get<UserInfoResponse>('/user/info'),
    paymentAccounts: () => api.get<PaymentAccountsResponse>(BILLING_PATHS.paymentAccounts),
    bills: (page: PageRequest) =>
      api.get<BillsPage>(BILLING_PATHS.bills, { searchParams: { ...page } }),
    payments: (page: PageRequest) =>
      api.get<PaymentsPage>(BILLING_PATHS.payments, { searchParams: { ...page } }),
    pay: ({ key, ...body }: PaymentRequestInput) =>
      api.post<{ msg: string; payment: PaymentRecord }>(BILLING_PATHS.payments, body, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    saveAddress: (address: BillingAddressUpdate) =>
      api.post<BillingAddressResponse>(BILLING_PATHS.address, address),
  };
}
