/**
 * The Billing page's two tables (portal.md "/billing"): a page of bills and a page of payments,
 * each with its own loader.
 */
import type { BillsPage, PageInfo, PaymentsPage } from '#shared/billing';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';

export const billsLoader = createLoaderMachine<BillsPage>();
export const paymentsLoader = createLoaderMachine<PaymentsPage>();

/** The table's page of records, as its loader holds it. */
export function selectRecordsPage<P extends PageInfo>(snapshot: LoaderSnapshot<P>): P | null {
  return selectData(snapshot);
}
