/**
 * The invoice page's calls (docs/api.md "Billing": `GET /billing/bills/{id}`, `GET
 * /billing/payments/{id}` and their PDFs), typed by the
 * shared contract. Every call goes through the app's HTTP client, the PDF too (its link's address
 * is the real one).
 */
import {
  BILLING_PATHS,
  invoicePdfPath,
  type BillDetail,
  type PaymentDetail,
} from '#shared/billing/schemas';
import { API_BASE_PATH } from '#shared/constants';
import type { ApiClient } from '../../../api/client.ts';

/** The `{endpoint}` of /invoice/{endpoint}/{id}: a bill's invoice or a payment's receipt. */
export type InvoiceEndpoint = 'bills' | 'payments';

export function invoiceApi(api: ApiClient) {
  return {
    bill: (id: number) => api.get<BillDetail>(`${BILLING_PATHS.bills}/${id}`),
    payment: (id: number) => api.get<PaymentDetail>(`${BILLING_PATHS.payments}/${id}`),
    pdf: (endpoint: InvoiceEndpoint, id: number) =>
      api.get<Blob>(invoicePdfPath(endpoint, id), { as: 'blob' }),
  };
}

/** Where the browser downloads the record's PDF (the same origin, with the session's cookies). */
export function pdfHref(endpoint: InvoiceEndpoint, id: number): string {
  return `${API_BASE_PATH}${invoicePdfPath(endpoint, id)}`;
}
