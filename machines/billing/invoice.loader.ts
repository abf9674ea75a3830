/**
 * The invoice page's data (portal.md "/invoice"): the bill or the payment, or the server's
 * refusal of the record, which the page shows as it is (a 404 or a 403 is an answer, not a
 * failure to try again). The app's `load` answers an `InvoiceView`
 * (src/web/features/billing/invoice/load.ts).
 */
import type { BillDetail, PaymentDetail } from '#shared/billing/schemas';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';

export type InvoiceView =
  | { kind: 'bill'; bill: BillDetail }
  | { kind: 'payment'; payment: PaymentDetail }
  | { kind: 'refused'; status: number; message: string };

export const invoiceLoader = createLoaderMachine<InvoiceView>();

export function selectInvoice(snapshot: LoaderSnapshot<InvoiceView>): InvoiceView | null {
  return selectData(snapshot);
}
