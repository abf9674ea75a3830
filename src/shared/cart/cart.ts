/**
 * The cart (portal.md §4 "Cart", §9 "Cart totals"; signup.md §3): one pure module used by the
 * signup page (order summary) and by the server (which recomputes the cart it charges). No I/O;
 * warnings go to the logger callback the caller passes.
 *
 * Every change rebuilds the whole cart from its items: lines are ordered (see order.ts), the main
 * provider's lines are totalled (see totals.ts), and every other provider's lines are totalled
 * apart, as they are billed separately by that provider.
 */
import { billedSeparatelyBy, upToValue } from '../signup/messages.ts';
import { formatCents, fromCents, toCents } from './money.ts';
import { orderCartItems } from './order.ts';
import { computeTotals, lineAmountCents } from './totals.ts';
import type { Cart, CartEnv, CartItem, CartLine, CartProvider, SeparatelyBilled } from './types.ts';

/** Keeps the last item of each name (a later item replaces an earlier one of the same name). */
function uniqueByName(items: readonly CartItem[]): CartItem[] {
  const byName = new Map<string, CartItem>();
  for (const item of items) {
    byName.delete(item.name);
    byName.set(item.name, item);
  }
  return [...byName.values()];
}

/** True when a variable rate has reached its maximum. */
export function isAtRateMax(item: CartItem): boolean {
  return (
    item.rate_mode === 'variable' &&
    item.rate_max !== null &&
    toCents(item.rate) >= toCents(item.rate_max)
  );
}

/** What a line reads instead of its amount, if anything (see {@link CartLine.note}). */
export function lineNote(item: CartItem, mainProvider: string): string | null {
  if (item.provider.name !== mainProvider) return billedSeparatelyBy(item.provider.label);
  if (isAtRateMax(item) && item.rate_max !== null) {
    return upToValue(formatCents(toCents(item.rate_max)));
  }
  return null;
}

/** Builds a cart from items in any order: the single place where lines and totals are computed. */
export function recalculateCart(
  mainProvider: string,
  items: readonly CartItem[],
  env: CartEnv = {},
): Cart {
  const ordered = orderCartItems(uniqueByName(items), mainProvider, env);
  const lines: CartLine[] = ordered.map(({ item, depth }) => {
    const amountCents = lineAmountCents(item);
    return {
      item,
      depth,
      amount_cents: amountCents,
      amount: fromCents(amountCents),
      itemised: item.provider.name === mainProvider,
      note: lineNote(item, mainProvider),
    };
  });
  const sorted = ordered.map(({ item }) => item);
  const others = new Map<string, { provider: CartProvider; items: CartItem[] }>();
  for (const item of sorted) {
    if (item.provider.name === mainProvider) continue;
    const entry = others.get(item.provider.name) ?? { provider: item.provider, items: [] };
    entry.items.push(item);
    others.set(item.provider.name, entry);
  }
  const separatelyBilled: SeparatelyBilled[] = [...others.values()]
    .sort((a, b) => (a.provider.name < b.provider.name ? -1 : 1))
    .map(({ provider, items: own }) => ({ provider, totals: computeTotals(own) }));
  return {
    main_provider: mainProvider,
    items: sorted,
    lines,
    totals: computeTotals(sorted.filter((item) => item.provider.name === mainProvider)),
    separately_billed: separatelyBilled,
  };
}

/** An empty cart of the given main provider. */
export function createCart(
  mainProvider: string,
  items: readonly CartItem[] = [],
  env: CartEnv = {},
): Cart {
  return recalculateCart(mainProvider, items, env);
}

/** Names of the given items and of every item related to them, however indirectly. */
export function withRelatedNames(items: readonly CartItem[], names: Iterable<string>): Set<string> {
  const found = new Set(names);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of items) {
      if (!found.has(item.name) && item.related_item !== null && found.has(item.related_item)) {
        found.add(item.name);
        grew = true;
      }
    }
  }
  return found;
}

/** Removes the items of these types and every item related to them. */
export function removeItemTypes(cart: Cart, itemTypes: Iterable<string>, env: CartEnv = {}): Cart {
  const types = new Set(itemTypes);
  const removed = withRelatedNames(
    cart.items,
    cart.items.filter((item) => types.has(item.item_type)).map((item) => item.name),
  );
  return recalculateCart(
    cart.main_provider,
    cart.items.filter((item) => !removed.has(item.name)),
    env,
  );
}

export function removeItemType(cart: Cart, itemType: string, env: CartEnv = {}): Cart {
  return removeItemTypes(cart, [itemType], env);
}

/** Removes one item (by name) and every item related to it. */
export function removeItem(cart: Cart, name: string, env: CartEnv = {}): Cart {
  const removed = withRelatedNames(cart.items, [name]);
  return recalculateCart(
    cart.main_provider,
    cart.items.filter((item) => !removed.has(item.name)),
    env,
  );
}

/**
 * Adds items together (a price with its promo and fee, say): first removes every item of their
 * types, and everything related to those, then adds them and recalculates the whole cart. An
 * item with the name of one already in the cart replaces it.
 */
export function addItems(cart: Cart, items: readonly CartItem[], env: CartEnv = {}): Cart {
  const types = new Set(items.map((item) => item.item_type));
  const names = new Set(items.map((item) => item.name));
  const removed = withRelatedNames(
    cart.items,
    cart.items
      .filter((item) => types.has(item.item_type) || names.has(item.name))
      .map((item) => item.name),
  );
  return recalculateCart(
    cart.main_provider,
    [...cart.items.filter((item) => !removed.has(item.name)), ...items],
    env,
  );
}

export function addItem(cart: Cart, item: CartItem, env: CartEnv = {}): Cart {
  return addItems(cart, [item], env);
}
