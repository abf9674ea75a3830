/**
 * The order of cart lines (portal.md §4 "Cart"): provider (the main provider first), service
 * class, rate type (price, promo, fee), then description; an item related to another comes right
 * after it (and after that item's earlier relatives). A chain of relations deeper than
 * {@link CART_MAX_RELATION_DEPTH} is treated as circular: it is logged and the item is placed as
 * if it had no parent, so every item is always shown exactly once.
 */
import { CART_MAX_RELATION_DEPTH, RATE_TYPES } from '../constants.ts';
import type { CartEnv, CartItem } from './types.ts';

export interface OrderedItem {
  item: CartItem;
  depth: number;
}

function compareText(a: string, b: string): number {
  // Code-unit order: the same on every machine and in every locale.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The sort order of siblings; the name breaks ties so that the order never depends on input order. */
export function compareCartItems(mainProvider: string) {
  return (a: CartItem, b: CartItem): number => {
    const aMain = a.provider.name === mainProvider ? 0 : 1;
    const bMain = b.provider.name === mainProvider ? 0 : 1;
    return (
      aMain - bMain ||
      compareText(a.provider.name, b.provider.name) ||
      a.service_class - b.service_class ||
      RATE_TYPES.indexOf(a.rate_type) - RATE_TYPES.indexOf(b.rate_type) ||
      compareText(a.description, b.description) ||
      compareText(a.name, b.name)
    );
  };
}

/**
 * Each item's effective parent: its `related_item` when that item is in the cart and the chain
 * above it ends within {@link CART_MAX_RELATION_DEPTH} steps; otherwise none (logged when the
 * chain is too deep or circular).
 */
export function effectiveParents(items: readonly CartItem[], env: CartEnv = {}) {
  const byName = new Map(items.map((item) => [item.name, item]));
  const parents = new Map<string, string | null>();
  for (const item of items) {
    const chain = [item.name];
    let current = item;
    let circular = false;
    while (current.related_item !== null && byName.has(current.related_item)) {
      if (chain.length > CART_MAX_RELATION_DEPTH) {
        circular = true;
        break;
      }
      chain.push(current.related_item);
      current = byName.get(current.related_item)!;
    }
    const parent = item.related_item !== null && byName.has(item.related_item);
    if (circular) {
      env.log?.('cart: chain of related items deeper than the limit, treated as circular', {
        item: item.name,
        chain,
        limit: CART_MAX_RELATION_DEPTH,
      });
    }
    parents.set(item.name, parent && !circular ? item.related_item : null);
  }
  return parents;
}

/** Items in display order, each with its depth under its top-level item. */
export function orderCartItems(
  items: readonly CartItem[],
  mainProvider: string,
  env: CartEnv = {},
): OrderedItem[] {
  const parents = effectiveParents(items, env);
  const children = new Map<string | null, CartItem[]>();
  for (const item of items) {
    const parent = parents.get(item.name) ?? null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(item);
    else children.set(parent, [item]);
  }
  const compare = compareCartItems(mainProvider);
  for (const siblings of children.values()) siblings.sort(compare);

  const ordered: OrderedItem[] = [];
  const visit = (item: CartItem, depth: number) => {
    ordered.push({ item, depth });
    for (const child of children.get(item.name) ?? []) visit(child, depth + 1);
  };
  for (const root of children.get(null) ?? []) visit(root, 0);
  return ordered;
}
