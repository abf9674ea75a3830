/**
 * What the invoice page loads (with the generic loader, machines/session/loader.machine.ts): the
 * bill or the payment, and the billing address from the user's information. The server's refusal
 * of the record (404 "That bill was not found.", 403 for a user without invoices or payments view)
 * is an answer the page shows as it is, not a failure to try again; anything else (no answer, a
 * 5xx) fails the load, and the page offers to try again.
 */
import type { BillDetail, PaymentRecord } from '#shared/billing';
import type { BillingAddress } from '#shared/session';
import { ApiFailure, type ApiClient } from '../../api/client.ts';
import { invoiceApi, type InvoiceEndpoint } from './api.ts';

export type InvoiceView =
  | { kind: 'bill'; bill: BillDetail; billingAddress: BillingAddress | null }
  | { kind: 'payment'; payment: PaymentRecord; billingAddress: BillingAddress | null }
  | { kind: 'refused'; status: number; message: string };

/** Answers whose message is the whole story: trying again would get the same. */
const REFUSALS: ReadonlySet<number> = new Set([403, 404]);

export async function loadInvoice(
  api: ApiClient,
  endpoint: InvoiceEndpoint,
  id: number,
): Promise<InvoiceView> {
  const calls = invoiceApi(api);
  // The billing address is a courtesy: a user without account view still reads the invoice.
  const billingAddress = calls.userInfo().then(
    (info) => info.billing.billing_address,
    () => null,
  );
  try {
    if (endpoint === 'bills') {
      const bill = await calls.bill(id);
      return { kind: 'bill', bill, billingAddress: await billingAddress };
    }
    const payment = await calls.payment(id);
    return { kind: 'payment', payment, billingAddress: await billingAddress };
  } catch (error) {
    if (error instanceof ApiFailure && REFUSALS.has(error.status))
      return { kind: 'refused', status: error.status, message: error.message };
    throw error;
  }
}
