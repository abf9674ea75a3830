/**
 * The order summary's cart (signup.md §2 item 9, §3 "Cart line", "Order totals"): built by the
 * shared cart module from the address's offering and the visitor's choices, the same function
 * the server charges with. Kept apart from signup.selectors.ts so that the cart's code loads
 * with the order summary, not with the page.
 */
import { offeringCart, type CartChoices } from '#shared/cart/offering';
import type { Cart } from '#shared/cart/types';
import { serviceDate } from '#shared/signup/dates';
import type { ServiceOffering } from '#shared/signup/serviceability';
import {
  selectCartChoices,
  selectServiceability,
  type SignupSnapshot,
} from './signup.selectors.ts';

export interface OrderSummary {
  /** The cart, once an address is ordered and a speed chosen. */
  cart: Cart | null;
  /** Why the choices make no cart (a choice the offering does not allow). */
  error: string | null;
}

const NO_SUMMARY: OrderSummary = { cart: null, error: null };

/** The last summary per offering, so that an unchanged order gives the same summary object. */
const lastSummary = new WeakMap<ServiceOffering, { key: string; summary: OrderSummary }>();

function summaryOf(offering: ServiceOffering, choices: CartChoices, today: string): OrderSummary {
  try {
    return { cart: offeringCart(offering, choices, { today }), error: null };
  } catch (error) {
    return { cart: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The summary of the order as chosen so far; `today` (YYYY-MM-DD in the service area) leaves
 * out expired promos. The same choices give back the same object.
 */
export function selectOrderSummary(
  snapshot: SignupSnapshot,
  today: string = serviceDate(),
): OrderSummary {
  const offering = selectServiceability(snapshot)?.offering;
  const choices = selectCartChoices(snapshot);
  if (!offering || !choices) return NO_SUMMARY;
  const key = JSON.stringify([choices, today]);
  const last = lastSummary.get(offering);
  if (last?.key === key) return last.summary;
  const summary = summaryOf(offering, choices, today);
  lastSummary.set(offering, { key, summary });
  return summary;
}
