/**
 * The cart's data (portal.md §3 "Cart item", signup.md §3 "Cart line" and "Order totals").
 * Field names follow the specification so that a cart travels as JSON unchanged.
 */
import type { RatePeriod, RateTerm, RateType } from '../constants.ts';

export interface CartProvider {
  /** Machine name, for example `utopia` or the product's own provider name. */
  name: string;
  /** What a customer reads, for example "UTOPIA Fiber". */
  label: string;
}

export type RateMode = 'fixed' | 'variable';

/**
 * One line of the cart. Amounts are US dollars with at most two decimals (as the API carries
 * them); the cart converts them to integer cents before any arithmetic.
 */
export interface CartItem {
  /** Unique within a cart; {@link CartItem.related_item} refers to it. */
  name: string;
  description: string;
  /**
   * The slot the item fills (for example `connectivity`, `router`, `mesh`, `installation`).
   * Adding an item first removes the items of its type and everything related to them.
   */
  item_type: string;
  /** Items of one group are summed together and the sum is floored at 0 (a promo never pays out). */
  item_group: string;
  provider: CartProvider;
  /** Dollars per unit, never negative; a promo's rate is the amount it takes off. */
  rate: number;
  rate_type: RateType;
  /** `monthly` or `yearly`; `null` for a one-time charge. */
  rate_period: RatePeriod | null;
  /** How many periods the rate lasts (`three` = the first three months); `null` = ongoing. */
  rate_term: RateTerm | null;
  rate_mode: RateMode;
  /** For a variable rate: the lowest and highest it can be. */
  rate_min: number | null;
  rate_max: number | null;
  /** One-time charges only: `true` = due later, upon installation and activation. */
  rate_deferred: boolean;
  /** A whole number, 0 or more. */
  quantity: number;
  /** The `name` of the item this one belongs to (a promo of a price, say); shown right after it. */
  related_item: string | null;
  service_class: number;
  taxable: boolean;
}

/** An amount with its taxed part, in dollars and in integer cents (0 <= taxed <= total). */
export interface MoneyTotal {
  total: number;
  taxed: number;
  total_cents: number;
  taxed_cents: number;
}

/**
 * What a recurring period costs during one stretch of the contract. With a three-month promo, the
 * monthly totals are one entry for months one to three (`from_period` 1, `rate_term` three) and
 * one entry for the months after (`from_period` 4, `rate_term` null).
 */
export interface RecurringTotal extends MoneyTotal {
  rate_period: RatePeriod;
  /** First period of the stretch, counted from 1. */
  from_period: number;
  /** Last period of the stretch; `null` = from `from_period` on, with no end. */
  rate_term: RateTerm | null;
}

export interface CartTotals {
  /** One-time charges due when the order is placed. */
  due_today: MoneyTotal;
  /** One-time charges due later, upon installation and activation. */
  due_later: MoneyTotal;
  /** Monthly stretches first (in contract order), then yearly ones. */
  recurring: RecurringTotal[];
}

export interface CartLine {
  item: CartItem;
  /** 0 for a top-level item, 1 for an item related to it, and so on. */
  depth: number;
  /** rate times quantity in cents; negative for a promo. */
  amount_cents: number;
  /** Same in dollars. */
  amount: number;
  /** The main provider's lines are itemised; other providers' lines are not. */
  itemised: boolean;
  /**
   * Text shown instead of the amount, when the specification asks for one: "billed separately by
   * {provider label}" for another provider, "Up to $rate_max value" for a variable rate at its
   * maximum. `null` means: show the amount.
   */
  note: string | null;
}

export interface SeparatelyBilled {
  provider: CartProvider;
  totals: CartTotals;
}

export interface Cart {
  /** The provider whose lines are itemised and totalled (the product's own). */
  main_provider: string;
  /** In display order. */
  items: CartItem[];
  /** One per item, same order. */
  lines: CartLine[];
  /** What the main provider charges. */
  totals: CartTotals;
  /** What each other provider charges, billed separately by them (ordered by provider name). */
  separately_billed: SeparatelyBilled[];
}

/** Receives the cart's warnings (for example a circular chain of related items). */
export type CartLogger = (message: string, details: Record<string, unknown>) => void;

export interface CartEnv {
  log?: CartLogger;
}
