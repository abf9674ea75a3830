/**
 * A connectivity service as its bills charge it (docs/servers.md "Connections"): read from the
 * source the billing run bills from, the order's cart snapshot read by the run's own `billedCart`
 * (src/server/billing/cycle.ts), drawn for a contract month by the run's own `draftServiceBill`,
 * so that the connection page, the services list and the bills cannot tell
 * different stories. The address is the customer's service address, the one the bills print.
 */
import { fromCents } from '#shared/cart/money';
import type { ConnectionCharge } from '#shared/services/rules';
import { draftServiceBill, periodStart, type BilledCart } from '../billing/cycle.ts';

/**
 * The contract month `today` falls in for a service activated on `activatedOn` (month 1 starts
 * on the activation date; docs/billing.md "Bills"); 1 for a service not active yet.
 */
export function contractMonth(activatedOn: string | null, today: string): number {
  if (activatedOn === null || activatedOn > today) return 1;
  let month = 1;
  while (periodStart(activatedOn, month + 1) <= today) month += 1;
  return month;
}

export interface BilledConnection {
  speed: string | null;
  router: string | null;
  mesh_quantity: number;
  monthly_charges: ConnectionCharge[];
  monthly_price: number;
}

/**
 * What contract month `month` of a connection bills, from its monthly charges only (one-time and
 * yearly charges are not its monthly price): the speed, router and mesh lines it charges, each
 * line, and their sum before tax. Another provider's lines are theirs to bill, not part of it.
 */
export function billedConnection(cart: BilledCart, month: number): BilledConnection {
  const monthly = cart.items.filter((item) => item.rate_period === 'monthly');
  const draft = draftServiceBill({
    items: monthly,
    mainProvider: cart.mainProvider,
    month,
    taxRateBp: 0,
    paperInvoice: false,
  });
  const byName = new Map(monthly.map((item) => [item.name, item]));
  const charged = draft.lines.filter((line) => line.kind !== 'separately_billed');
  const of = (itemType: string) =>
    charged.find(
      (line) =>
        line.kind === 'recurring' &&
        line.itemName !== null &&
        byName.get(line.itemName)?.item_type === itemType,
    );
  return {
    speed: of('connectivity')?.description ?? null,
    router: of('router')?.description ?? null,
    mesh_quantity: of('mesh')?.quantity ?? 0,
    monthly_charges: charged.map((line) => ({
      description: line.description,
      amount: fromCents(line.amountCents),
    })),
    monthly_price: fromCents(draft.subtotalCents),
  };
}
