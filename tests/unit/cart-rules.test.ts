/**
 * The cart's rules held to portal.md §4 "Cart", signup.md §3 "Cart line" and docs/cart.md: lines
 * of the main provider are itemised, other providers' lines read "billed separately by {label}"
 * and are totalled apart, a variable rate at its maximum reads "Up to $rate_max value", adding a
 * line replaces the lines of its kind, removing one takes what belongs to it; money in whole cents.
 */
import { describe, expect, it } from 'vitest';
import {
  addItem,
  cartItem,
  createCart,
  isDollarAmount,
  removeItem,
  toCents,
  withRelatedNames,
  type CartItem,
} from '../../src/shared/cart/index.ts';
import { SERVICE_CLASS } from '../../src/shared/constants.ts';
import { billedSeparatelyBy, upToValue } from '../../src/shared/signup/messages.ts';

const ISP = { name: 'isp', label: 'Ridgeline Fiber' };
const ALPHA = { name: 'alpha', label: 'Alpha Networks' };
const ZETA = { name: 'zeta', label: 'Zeta Fiber' };
const RES = SERVICE_CLASS.residentialConnectivity;

const line = (fields: Partial<CartItem> & Pick<CartItem, 'name' | 'rate'>): CartItem =>
  cartItem({
    description: fields.name,
    item_type: fields.name,
    provider: ISP,
    rate_type: 'price',
    rate_period: 'monthly',
    service_class: RES,
    ...fields,
  });

const speed = line({ name: 'speed_1000', item_type: 'connectivity', rate: 65 });
const monthlyTotal = (cart: ReturnType<typeof createCart>) => cart.totals.recurring[0]?.total;

describe('cartItem defaults (docs/cart.md "What a cart line is")', () => {
  it('is a fixed rate, due today, not taxable, once, with no term, in its own group', () => {
    const item = cartItem({
      name: 'static_ip',
      description: 'Static IP',
      item_type: 'static_ip',
      provider: ISP,
      rate: 10,
      rate_type: 'price',
      rate_period: 'monthly',
      service_class: RES,
    });
    expect(item.rate_mode).toBe('fixed');
    expect(item.rate_min).toBeNull();
    expect(item.rate_max).toBeNull();
    expect(item.rate_deferred).toBe(false);
    expect(item.taxable).toBe(false);
    expect(item.quantity).toBe(1);
    expect(item.rate_term).toBeNull();
    expect(item.related_item).toBeNull();
    expect(item.item_group).toBe('static_ip');
  });

  it('puts a line that belongs to another in that line group, so a promo is floored with it', () => {
    const promo = line({ name: 'speed_promo', rate: 10, rate_type: 'promo', related_item: 'x' });
    expect(promo.item_group).toBe('x');
  });

  it('keeps the group the catalogue gives, whatever the line belongs to', () => {
    const promo = line({
      name: 'speed_promo',
      rate: 10,
      rate_type: 'promo',
      related_item: 'speed_1000',
      item_group: 'connectivity',
    });
    expect(promo.item_group).toBe('connectivity');
    expect(promo.related_item).toBe('speed_1000');
  });
});

describe('line notes (signup.md §3 "Cart line")', () => {
  it('itemises the main provider lines and shows their amount', () => {
    const cart = createCart(ISP.name, [speed]);
    expect(cart.lines[0].itemised).toBe(true);
    expect(cart.lines[0].note).toBeNull();
    expect(cart.lines[0].amount).toBe(65);
  });

  it('does not itemise another provider line: it reads "billed separately by" its label', () => {
    const fee = line({ name: 'infrastructure', rate: 30, provider: ZETA });
    const cart = createCart(ISP.name, [speed, fee]);
    const feeLine = cart.lines.find((l) => l.item.name === 'infrastructure');
    expect(feeLine?.itemised).toBe(false);
    expect(feeLine?.note).toBe(billedSeparatelyBy('Zeta Fiber'));
  });

  it('reads "Up to $rate_max value" for a variable rate at its maximum, and the amount below it', () => {
    const atMax = line({ name: 'router_promo', rate: 15, rate_mode: 'variable', rate_max: 15 });
    const below = line({ name: 'router_promo', rate: 12, rate_mode: 'variable', rate_max: 15 });
    expect(createCart(ISP.name, [atMax]).lines[0].note).toBe(upToValue('$15.00'));
    expect(createCart(ISP.name, [below]).lines[0].note).toBeNull();
  });

  it('shows the amount of a variable rate without a maximum', () => {
    const open = line({ name: 'usage', rate: 15, rate_mode: 'variable', rate_max: null });
    expect(createCart(ISP.name, [open]).lines[0].note).toBeNull();
  });

  it('shows the amount of a fixed rate, even one that names a maximum', () => {
    const fixed = line({ name: 'router', rate: 15, rate_mode: 'fixed', rate_max: 15 });
    expect(createCart(ISP.name, [fixed]).lines[0].note).toBeNull();
  });
});

describe('lines of other providers are totalled apart (docs/cart.md "Totals")', () => {
  const alphaFee = line({ name: 'alpha_fee', rate: 7, provider: ALPHA });
  const zetaFee = line({ name: 'zeta_fee', rate: 30, provider: ZETA });
  const zetaUnderSpeed = { ...zetaFee, related_item: 'speed_1000' };

  it('keeps them out of the main totals and gives each provider its own', () => {
    const cart = createCart(ISP.name, [speed, zetaFee, alphaFee]);
    expect(monthlyTotal(cart)).toBe(65);
    expect(
      cart.separately_billed.map((s) => [s.provider.label, s.totals.recurring[0]?.total]),
    ).toEqual([
      ['Alpha Networks', 7],
      ['Zeta Fiber', 30],
    ]);
  });

  it('lists the providers in the order of their lines, whatever line another belongs to', () => {
    // The zeta line shows under the speed, so it comes before the alpha line in the cart.
    const cart = createCart(ISP.name, [alphaFee, zetaUnderSpeed, speed]);
    expect(cart.lines.map((l) => l.item.name)).toEqual(['speed_1000', 'zeta_fee', 'alpha_fee']);
    expect(cart.separately_billed.map((s) => s.provider.name)).toEqual(['alpha', 'zeta']);
    const other = createCart(ISP.name, [speed, zetaUnderSpeed, alphaFee]);
    expect(other.separately_billed.map((s) => s.provider.name)).toEqual(['alpha', 'zeta']);
  });

  it('totals only that provider lines under its name', () => {
    const cart = createCart(ISP.name, [speed, zetaUnderSpeed, alphaFee]);
    const zeta = cart.separately_billed.find((s) => s.provider.name === 'zeta');
    expect(zeta?.provider).toEqual(ZETA);
    expect(zeta?.totals.recurring).toHaveLength(1);
    expect(zeta?.totals.recurring[0].total).toBe(30);
    expect(zeta?.totals.due_today.total).toBe(0);
  });
});

describe('adding and removing (portal.md §4 "Cart")', () => {
  it('replaces the line of the same kind when another is added', () => {
    const faster = line({ name: 'speed_2000', item_type: 'connectivity', rate: 85 });
    const cart = addItem(createCart(ISP.name, [speed]), faster);
    expect(cart.items.map((item) => item.name)).toEqual(['speed_2000']);
    expect(monthlyTotal(cart)).toBe(85);
  });

  it('replaces a line of the same name, with the lines that belonged to the old one', () => {
    const router = line({ name: 'router', item_type: 'router', rate: 15 });
    const routerPromo = line({
      name: 'router_promo',
      item_type: 'router_promo',
      rate: 15,
      rate_type: 'promo',
      related_item: 'router',
    });
    const leased = line({ name: 'router', item_type: 'router_lease', rate: 9 });
    const cart = addItem(createCart(ISP.name, [speed, router, routerPromo]), leased);
    expect(cart.items.map((item) => item.name).sort()).toEqual(['router', 'speed_1000']);
    expect(cart.items.find((item) => item.name === 'router')?.rate).toBe(9);
  });

  it('removes every line that belongs to the removed one, however indirectly', () => {
    const router = line({ name: 'router', rate: 15 });
    const mesh = line({ name: 'mesh', rate: 5, related_item: 'router' });
    const meshPromo = line({
      name: 'mesh_promo',
      rate: 5,
      rate_type: 'promo',
      related_item: 'mesh',
    });
    const cart = removeItem(createCart(ISP.name, [speed, router, mesh, meshPromo]), 'router');
    expect(cart.items.map((item) => item.name)).toEqual(['speed_1000']);
  });

  it('finds the related names whatever order the lines come in', () => {
    const items = [
      line({ name: 'c', rate: 1, related_item: 'b' }),
      line({ name: 'b', rate: 1, related_item: 'a' }),
      line({ name: 'a', rate: 1 }),
      line({ name: 'd', rate: 1 }),
    ];
    expect([...withRelatedNames(items, ['a'])].sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('money in whole cents (docs/billing.md "Money")', () => {
  it('turns dollars with at most two decimals into cents', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-15)).toBe(-1500);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(/not an amount/i);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(/not an amount/i);
  });

  it('refuses an amount too large to count in whole cents exactly', () => {
    expect(() => toCents(1e16)).toThrow(RangeError);
    expect(() => toCents(1e16)).toThrow(/out of range/i);
    expect(toCents(90_000_000_000_000)).toBe(9_000_000_000_000_000);
  });

  it('knows a dollar amount: finite, with at most two decimals', () => {
    expect(isDollarAmount(12.34)).toBe(true);
    expect(isDollarAmount(0.1 + 0.2)).toBe(true);
    expect(isDollarAmount(12.345)).toBe(false);
    expect(isDollarAmount(Number.NaN)).toBe(false);
    expect(isDollarAmount(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isDollarAmount(Number.NEGATIVE_INFINITY)).toBe(false);
    expect(isDollarAmount(1e16)).toBe(false);
  });
});
