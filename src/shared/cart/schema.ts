/**
 * The shape of a cart item, for input that crosses a boundary (a stored snapshot, a prefilled
 * signup). The server never trusts a cart from the browser: it rebuilds the cart from the
 * offering and the visitor's choices (see offering.ts) and only checks stored carts with this.
 */
import * as v from 'valibot';
import { RATE_PERIODS, RATE_TERMS, RATE_TYPES } from '../constants.ts';
import { isDollarAmount } from './money.ts';
import type { CartItem } from './types.ts';

const DollarAmountSchema = v.pipe(
  v.number('must be a number'),
  v.minValue(0, 'must not be negative'),
  v.check(isDollarAmount, 'must be a dollar amount with at most two decimals'),
);

const TextSchema = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200));

export const CartProviderSchema = v.object({ name: TextSchema, label: TextSchema });

export const CartItemSchema = v.object({
  name: TextSchema,
  description: v.pipe(v.string(), v.maxLength(500)),
  item_type: TextSchema,
  item_group: TextSchema,
  provider: CartProviderSchema,
  rate: DollarAmountSchema,
  rate_type: v.picklist(RATE_TYPES),
  rate_period: v.nullable(v.picklist(RATE_PERIODS)),
  rate_term: v.nullable(v.picklist(RATE_TERMS)),
  rate_mode: v.picklist(['fixed', 'variable']),
  rate_min: v.nullable(DollarAmountSchema),
  rate_max: v.nullable(DollarAmountSchema),
  rate_deferred: v.boolean(),
  quantity: v.pipe(
    v.number(),
    v.integer('must be a whole number'),
    v.minValue(0),
    v.maxValue(1000),
  ),
  related_item: v.nullable(TextSchema),
  service_class: v.pipe(v.number(), v.integer()),
  taxable: v.boolean(),
}) satisfies v.GenericSchema<unknown, CartItem>;

export const CartItemsSchema = v.array(CartItemSchema);

type Defaults = 'item_group' | 'rate_term' | 'rate_mode' | 'rate_min' | 'rate_max';
type MoreDefaults = 'rate_deferred' | 'quantity' | 'related_item' | 'taxable';

/**
 * A cart item from its essential fields. Defaults: its own group (`item_group` = `name`, or the
 * related item's name when it has one, so that a promo is floored together with its price), no
 * term, a fixed rate, not deferred, quantity 1, not taxable.
 */
export function cartItem(
  fields: Omit<CartItem, Defaults | MoreDefaults> &
    Partial<Pick<CartItem, Defaults | MoreDefaults>>,
): CartItem {
  const related = fields.related_item ?? null;
  return {
    rate_term: null,
    rate_mode: 'fixed',
    rate_min: null,
    rate_max: null,
    rate_deferred: false,
    quantity: 1,
    taxable: false,
    ...fields,
    related_item: related,
    item_group: fields.item_group ?? related ?? fields.name,
  };
}
