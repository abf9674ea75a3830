/**
 * What a bill holds, from the order's cart snapshot (docs/billing.md "Bills"). Pure: no I/O.
 *
 * A connectivity service bills from its activation date A, by contract month: month 1 runs from A,
 * month k from the k−1-th monthly anniversary of A (its day of month, at most the 28th). Month 1 is
 * the activation bill, issued on A: the first month plus every one-time charge of the order ("due
 * upon installation and activation", and any charge due at signup, which the signup did not take).
 * Months 2, 3, … are cycle bills issued on their first day. No proration.
 *
 * Of the cart, only the main provider's lines are billed: monthly prices every month, yearly prices
 * in months 1, 13, 25, …, promos for the months (or years) of their term; each item group is floored
 * at 0 as in the cart (an adjustment line shows the difference). Another provider's lines are left
 * out, with one line per provider reading "billed separately by {label}". Tax applies to the
 * taxable part only; a postal invoice fee is added when the customer chose paper bills.
 */
import { billedSeparatelyBy } from '#shared/signup/messages';
import { BILLING } from '#shared/billing/constants';
import { TERMS } from '#shared/constants';
import { toCents } from '#shared/cart/money';
import { lineAmountCents, sumGroups, termNumber } from '#shared/cart/totals';
import type { CartItem } from '#shared/cart/types';
import { addDays } from '#shared/signup/dates';

export interface DraftLine {
  kind: 'recurring' | 'promo' | 'one_time' | 'adjustment' | 'fee' | 'separately_billed';
  description: string;
  itemName: string | null;
  quantity: number;
  unitCents: number;
  amountCents: number;
  taxable: boolean;
  note: string | null;
}

export interface DraftBill {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  lines: DraftLine[];
}

/** The date `months` months after `isoDate`, on `day` (at most 28, so every month has it). */
export function addMonthsOnDay(isoDate: string, months: number, day: number): string {
  const [y, m] = isoDate.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The billing day of a service activated on `activatedOn`: its day of month, at most the 28th. */
export function anchorDay(activatedOn: string): number {
  return Math.min(Number(activatedOn.slice(8, 10)), 28);
}

/** First day of contract month `k` (1-based). */
export function periodStart(activatedOn: string, k: number): string {
  return k === 1 ? activatedOn : addMonthsOnDay(activatedOn, k - 1, anchorDay(activatedOn));
}

/** Last day of contract month `k`. */
export function periodEnd(activatedOn: string, k: number): string {
  return addDays(periodStart(activatedOn, k + 1), -1);
}

export function dueDateOf(issueDate: string): string {
  return addDays(issueDate, BILLING.dueDays);
}

/** Tax on the taxable part, rounded half up to the cent. */
export function taxOf(taxedCents: number, rateBp: number): number {
  return Math.round((taxedCents * rateBp) / 10_000);
}

/** An order's cart as billed: its items and the provider whose lines the bills itemise. */
export interface BilledCart {
  items: CartItem[];
  mainProvider: string;
}

/**
 * An order's cart snapshot (`orders.cart_items`, `orders.cart_totals`) as the bills read it: its
 * items, and the provider whose lines are ours, the first item's provider that the cart does not
 * bill separately (another provider's lines are "billed separately by …"). The billing run, the
 * connection page and the services list all read a cart through this one function.
 */
export function billedCart(items: unknown, totals: unknown): BilledCart {
  const list = (Array.isArray(items) ? items : []) as CartItem[];
  const others = new Set(
    (
      (totals as { separately_billed?: { provider: { name: string } }[] } | null)
        ?.separately_billed ?? []
    ).map((entry) => entry.provider.name),
  );
  return {
    items: list,
    mainProvider: list.find((item) => !others.has(item.provider.name))?.provider.name ?? '',
  };
}

/** Whether a cart item is billed in contract month `k`, and as what. */
function appliesInMonth(item: CartItem, k: number): boolean {
  if (item.rate_period === null) return k === 1;
  if (item.rate_period === 'monthly') {
    return item.rate_term === null || k <= termNumber(item.rate_term);
  }
  // yearly: billed in months 1, 13, 25, … for the years of its term
  if ((k - 1) % 12 !== 0) return false;
  const year = (k - 1) / 12 + 1;
  return item.rate_term === null || year <= termNumber(item.rate_term);
}

function lineKind(item: CartItem): DraftLine['kind'] {
  if (item.rate_type === 'promo') return 'promo';
  return item.rate_period === null ? 'one_time' : 'recurring';
}

export function draftServiceBill(options: {
  items: readonly CartItem[];
  mainProvider: string;
  month: number;
  taxRateBp: number;
  paperInvoice: boolean;
}): DraftBill {
  const { items, mainProvider, month } = options;
  const applying = items.filter((item) => appliesInMonth(item, month));
  const own = applying.filter((item) => item.provider.name === mainProvider);
  const lines: DraftLine[] = own.map((item) => {
    const amount = lineAmountCents(item);
    return {
      kind: lineKind(item),
      description: item.description,
      itemName: item.name,
      quantity: item.quantity,
      unitCents: item.rate_type === 'promo' ? -toCents(item.rate) : toCents(item.rate),
      amountCents: amount,
      taxable: item.taxable,
      note: null,
    };
  });
  const sums = sumGroups(own);
  const linesSum = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (sums.total_cents !== linesSum) {
    lines.push({
      kind: 'adjustment',
      description: 'Promotion limited to the price it applies to',
      itemName: null,
      quantity: 1,
      unitCents: sums.total_cents - linesSum,
      amountCents: sums.total_cents - linesSum,
      taxable: false,
      note: null,
    });
  }
  const others = new Map<string, string>();
  for (const item of applying) {
    if (item.provider.name !== mainProvider) others.set(item.provider.name, item.provider.label);
  }
  for (const [name, label] of [...others].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push({
      kind: 'separately_billed',
      description: `${label} services`,
      itemName: name,
      quantity: 1,
      unitCents: 0,
      amountCents: 0,
      taxable: false,
      note: billedSeparatelyBy(label),
    });
  }
  let subtotal = sums.total_cents;
  if (options.paperInvoice) {
    const fee = toCents(TERMS.postalInvoiceFee);
    lines.push(feeLine('Postal invoice fee', fee));
    subtotal += fee;
  }
  const tax = taxOf(sums.taxed_cents, options.taxRateBp);
  return { subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax, lines };
}

/**
 * A virtual server's month (docs/servers.md "Cost"): one recurring line at the server's monthly
 * cost as it stands when the bill is issued, taxed like the other recurring services.
 */
export function draftServerBill(options: {
  description: string;
  monthlyCents: number;
  taxRateBp: number;
  paperInvoice: boolean;
}): DraftBill {
  const { monthlyCents } = options;
  const lines: DraftLine[] = [
    {
      kind: 'recurring',
      description: options.description,
      itemName: null,
      quantity: 1,
      unitCents: monthlyCents,
      amountCents: monthlyCents,
      taxable: true,
      note: null,
    },
  ];
  let subtotal = monthlyCents;
  if (options.paperInvoice) {
    const fee = toCents(TERMS.postalInvoiceFee);
    lines.push(feeLine('Postal invoice fee', fee));
    subtotal += fee;
  }
  const tax = taxOf(monthlyCents, options.taxRateBp);
  return { subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax, lines };
}

export function feeLine(description: string, cents: number): DraftLine {
  return {
    kind: 'fee',
    description,
    itemName: null,
    quantity: 1,
    unitCents: cents,
    amountCents: cents,
    taxable: false,
    note: null,
  };
}

/** A fee bill: one untaxed line. */
export function draftFeeBill(description: string, cents: number): DraftBill {
  return {
    subtotalCents: cents,
    taxCents: 0,
    totalCents: cents,
    lines: [feeLine(description, cents)],
  };
}
