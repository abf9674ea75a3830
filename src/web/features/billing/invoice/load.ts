/**
 * What the invoice page loads (with its loader, machines/billing/invoice.loader.ts): the
 * bill or the payment, which carries who it is addressed to (a bill as it was issued: never the
 * user who reads it, nor the customer's data of today). The server's refusal
 * of the record (404 "That bill was not found.", 403 for a user without invoices or payments view)
 * is an answer the page shows as it is, not a failure to try again; anything else (no answer, a
 * 5xx) fails the load, and the page offers to try again.
 */
import type { InvoiceView } from '#machines/billing/invoice.loader';
import { ApiFailure, type ApiClient } from '../../../api/client.ts';
import { invoiceApi, type InvoiceEndpoint } from './api.ts';

export type { InvoiceView };

/** Answers whose message is the whole story: trying again would get the same. */
const REFUSALS: ReadonlySet<number> = new Set([403, 404]);

export async function loadInvoice(
  api: ApiClient,
  endpoint: InvoiceEndpoint,
  id: number,
): Promise<InvoiceView> {
  const calls = invoiceApi(api);
  try {
    if (endpoint === 'bills') return { kind: 'bill', bill: await calls.bill(id) };
    return { kind: 'payment', payment: await calls.payment(id) };
  } catch (error) {
    if (error instanceof ApiFailure && REFUSALS.has(error.status))
      return { kind: 'refused', status: error.status, message: error.message };
    throw error;
  }
}
