/**
 * Cart totals (portal.md §9, signup.md §3 "Order totals"), all in integer cents:
 * - each item group sums rate times quantity, promos subtract, and the group is floored at 0;
 *   its taxed part is the same sum over its taxable items, kept between 0 and the group total;
 * - one-time charges split into due today and due later (upon installation and activation);
 * - recurring charges are totalled per period (monthly, yearly) and per stretch of the contract:
 *   an item with a term of three applies to periods one to three, an item without a term to
 *   every period, so each distinct term ends a stretch and the items without a term make the
 *   open-ended last one.
 */
import { RATE_PERIODS, RATE_TERMS, type RatePeriod, type RateTerm } from '../constants.ts';
import { fromCents, toCents } from './money.ts';
import type { CartItem, CartTotals, MoneyTotal, RecurringTotal } from './types.ts';

/** The number of periods a term stands for: `three` is 3. */
export function termNumber(term: RateTerm): number {
  return RATE_TERMS.indexOf(term) + 1;
}

/** The word for a number of periods, 1 to 12 (RATE_TERMS). */
export function termWord(periods: number): RateTerm | null {
  return RATE_TERMS[periods - 1] ?? null;
}

export function moneyTotal(totalCents: number, taxedCents: number): MoneyTotal {
  return {
    total: fromCents(totalCents),
    taxed: fromCents(taxedCents),
    total_cents: totalCents,
    taxed_cents: taxedCents,
  };
}

/** rate times quantity in cents; negative for a promo. */
export function lineAmountCents(item: CartItem): number {
  const cents = toCents(item.rate) * item.quantity;
  return item.rate_type === 'promo' ? -cents : cents;
}

/** Sums items group by group, flooring each group at 0. */
export function sumGroups(items: readonly CartItem[]): MoneyTotal {
  const groups = new Map<string, { total: number; taxed: number }>();
  for (const item of items) {
    const amount = lineAmountCents(item);
    const group = groups.get(item.item_group) ?? { total: 0, taxed: 0 };
    group.total += amount;
    if (item.taxable) group.taxed += amount;
    groups.set(item.item_group, group);
  }
  let total = 0;
  let taxed = 0;
  for (const group of groups.values()) {
    const groupTotal = Math.max(0, group.total);
    total += groupTotal;
    taxed += Math.min(groupTotal, Math.max(0, group.taxed));
  }
  return moneyTotal(total, taxed);
}

function recurringTotals(items: readonly CartItem[], period: RatePeriod): RecurringTotal[] {
  const ofPeriod = items.filter((item) => item.rate_period === period);
  if (ofPeriod.length === 0) return [];
  const ends = [
    ...new Set(
      ofPeriod.flatMap((item) => (item.rate_term === null ? [] : [termNumber(item.rate_term)])),
    ),
  ].sort((a, b) => a - b);
  const stretches: RecurringTotal[] = [];
  let start = 1;
  for (const end of ends) {
    const applying = ofPeriod.filter(
      (item) => item.rate_term === null || termNumber(item.rate_term) >= end,
    );
    stretches.push({
      rate_period: period,
      from_period: start,
      rate_term: termWord(end),
      ...sumGroups(applying),
    });
    start = end + 1;
  }
  const ongoing = ofPeriod.filter((item) => item.rate_term === null);
  if (ongoing.length > 0) {
    stretches.push({
      rate_period: period,
      from_period: start,
      rate_term: null,
      ...sumGroups(ongoing),
    });
  }
  return stretches;
}

/** Totals of the given items (normally the main provider's). */
export function computeTotals(items: readonly CartItem[]): CartTotals {
  const oneTime = items.filter((item) => item.rate_period === null);
  return {
    due_today: sumGroups(oneTime.filter((item) => !item.rate_deferred)),
    due_later: sumGroups(oneTime.filter((item) => item.rate_deferred)),
    recurring: RATE_PERIODS.flatMap((period) => recurringTotals(items, period)),
  };
}
