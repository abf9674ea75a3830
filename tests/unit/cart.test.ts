import { describe, expect, it } from 'vitest';
import {
  addItem,
  addItems,
  cartItem,
  CartItemSchema,
  createCart,
  formatCents,
  formatDollars,
  removeItem,
  removeItemType,
  toCents,
  type CartItem,
} from '../../src/shared/cart/index.ts';
import { CART_MAX_RELATION_DEPTH, SERVICE_CLASS } from '../../src/shared/constants.ts';
import {
  billedSeparatelyBy,
  recurringTotalLabel,
  upToValue,
} from '../../src/shared/signup/messages.ts';
import * as v from 'valibot';

const MAIN = { name: 'ridgeline', label: 'Ridgeline Fiber' };
const UTOPIA = { name: 'utopia', label: 'UTOPIA Fiber' };
const RES = SERVICE_CLASS.residentialConnectivity;

const speed = cartItem({
  name: 'speed_1000',
  description: '1 Gbps symmetric',
  item_type: 'connectivity',
  item_group: 'connectivity',
  provider: MAIN,
  rate: 65,
  rate_type: 'price',
  rate_period: 'monthly',
  service_class: RES,
  taxable: true,
});
const speedPromo = cartItem({
  name: 'speed_1000_promo',
  description: '$10 off for three months',
  item_type: 'connectivity',
  item_group: 'connectivity',
  provider: MAIN,
  rate: 10,
  rate_type: 'promo',
  rate_period: 'monthly',
  rate_term: 'three',
  related_item: 'speed_1000',
  service_class: RES,
  taxable: true,
});
const router = cartItem({
  name: 'router_xwi',
  description: 'XWi router',
  item_type: 'router',
  provider: MAIN,
  rate: 15,
  rate_type: 'price',
  rate_period: 'monthly',
  service_class: RES,
});
const routerPromo = cartItem({
  name: 'router_first_month',
  description: 'First month of the router',
  item_type: 'router',
  provider: MAIN,
  rate: 15,
  rate_type: 'promo',
  rate_period: 'monthly',
  rate_term: 'one',
  rate_mode: 'variable',
  rate_min: 12,
  rate_max: 15,
  related_item: 'router_xwi',
  service_class: RES,
});
const install = cartItem({
  name: 'install_basic',
  description: 'Standard installation',
  item_type: 'installation',
  provider: MAIN,
  rate: 100,
  rate_type: 'fee',
  rate_period: null,
  rate_deferred: true,
  service_class: RES,
  taxable: true,
});
const activation = cartItem({
  name: 'activation',
  description: 'Activation',
  item_type: 'activation',
  provider: MAIN,
  rate: 0.1,
  rate_type: 'fee',
  rate_period: null,
  quantity: 3,
  service_class: RES,
});
const utopiaFee = cartItem({
  name: 'utopia_infrastructure',
  description: 'Fiber infrastructure',
  item_type: 'infrastructure',
  provider: UTOPIA,
  rate: 30,
  rate_type: 'fee',
  rate_period: 'monthly',
  service_class: RES,
});

const log = () => undefined;

describe('cart order', () => {
  it('puts the main provider first, then service class, rate type, description; relatives follow their parent', () => {
    const cart = createCart('ridgeline', [
      utopiaFee,
      routerPromo,
      install,
      speedPromo,
      router,
      speed,
    ]);
    expect(cart.items.map((item) => item.name)).toEqual([
      'speed_1000',
      'speed_1000_promo',
      'router_xwi',
      'router_first_month',
      'install_basic',
      'utopia_infrastructure',
    ]);
    expect(cart.lines.map((line) => line.depth)).toEqual([0, 1, 0, 1, 0, 0]);
  });

  it('orders by service class before rate type', () => {
    const voice = cartItem({
      ...router,
      name: 'voice',
      description: 'Voice',
      item_type: 'voice',
      service_class: SERVICE_CLASS.voiceServices,
      rate_type: 'fee',
    });
    const cart = createCart('ridgeline', [speed, voice]);
    expect(cart.items.map((item) => item.name)).toEqual(['voice', 'speed_1000']);
  });

  it('treats a chain deeper than the limit as circular, logs it and still shows every item once', () => {
    const chain: CartItem[] = [];
    for (let i = 0; i <= CART_MAX_RELATION_DEPTH + 1; i++) {
      chain.push(
        cartItem({
          ...router,
          name: `link_${String(i).padStart(2, '0')}`,
          item_type: `link_${i}`,
          related_item: i === 0 ? null : `link_${String(i - 1).padStart(2, '0')}`,
        }),
      );
    }
    const warnings: Record<string, unknown>[] = [];
    const cart = createCart('ridgeline', chain, { log: (_m, details) => warnings.push(details) });
    expect(cart.items).toHaveLength(chain.length);
    // Depth 10 is allowed; 11 is not.
    expect(cart.lines.find((line) => line.item.name === 'link_10')?.depth).toBe(10);
    expect(cart.lines.find((line) => line.item.name === 'link_11')?.depth).toBe(0);
    expect(warnings.map((w) => w.item)).toEqual(['link_11']);
  });

  it('breaks a real cycle without losing items', () => {
    const a = cartItem({ ...router, name: 'a', item_type: 'a', related_item: 'b' });
    const b = cartItem({ ...router, name: 'b', item_type: 'b', related_item: 'a' });
    const messages: string[] = [];
    const cart = createCart('ridgeline', [a, b], { log: (message) => messages.push(message) });
    expect(cart.items.map((item) => item.name)).toEqual(['a', 'b']);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/circular/);
  });

  it('shows an item whose parent is missing as a top-level item', () => {
    const cart = createCart('ridgeline', [speedPromo]);
    expect(cart.lines[0]).toMatchObject({ depth: 0, amount: -10 });
  });
});

describe('adding and removing', () => {
  it('adding an item first removes the items of its type and their relatives', () => {
    let cart = createCart('ridgeline', [speed, speedPromo, router, routerPromo]);
    const faster = cartItem({ ...speed, name: 'speed_2000', description: '2 Gbps', rate: 85 });
    cart = addItem(cart, faster, { log });
    expect(cart.items.map((item) => item.name)).toEqual([
      'speed_2000',
      'router_xwi',
      'router_first_month',
    ]);
  });

  it('adding several items together keeps their relations', () => {
    const cart = addItems(createCart('ridgeline'), [speedPromo, speed]);
    expect(cart.lines.map((line) => [line.item.name, line.depth])).toEqual([
      ['speed_1000', 0],
      ['speed_1000_promo', 1],
    ]);
  });

  it('removing an item removes its relatives; removing a type removes all of it', () => {
    const cart = createCart('ridgeline', [speed, speedPromo, router, routerPromo, install]);
    expect(removeItem(cart, 'speed_1000').items.map((item) => item.name)).toEqual([
      'router_xwi',
      'router_first_month',
      'install_basic',
    ]);
    expect(removeItemType(cart, 'router').items.map((item) => item.name)).toEqual([
      'speed_1000',
      'speed_1000_promo',
      'install_basic',
    ]);
  });

  it('an item with the name of one in the cart replaces it', () => {
    const cart = addItem(createCart('ridgeline', [speed]), {
      ...speed,
      item_type: 'other',
      rate: 70,
    });
    expect(cart.items).toHaveLength(1);
    expect(cart.totals.recurring[0].total).toBe(70);
  });
});

describe('totals', () => {
  it('splits one-time charges into due today and due later', () => {
    const cart = createCart('ridgeline', [install, activation]);
    expect(cart.totals.due_today).toEqual({
      total: 0.3,
      taxed: 0,
      total_cents: 30,
      taxed_cents: 0,
    });
    expect(cart.totals.due_later).toEqual({
      total: 100,
      taxed: 100,
      total_cents: 10_000,
      taxed_cents: 10_000,
    });
    expect(cart.totals.recurring).toEqual([]);
  });

  it('gives monthly totals per stretch of terms, promos subtracting, each with its taxed part', () => {
    const cart = createCart('ridgeline', [speed, speedPromo, router, routerPromo, install]);
    expect(
      cart.totals.recurring.map((r) => [
        r.rate_period,
        r.from_period,
        r.rate_term,
        r.total,
        r.taxed,
      ]),
    ).toEqual([
      ['monthly', 1, 'one', 55, 55],
      ['monthly', 2, 'three', 70, 55],
      ['monthly', 4, null, 80, 65],
    ]);
    expect(cart.totals.recurring.map(recurringTotalLabel)).toEqual([
      'Monthly for month one',
      'Monthly for months two to three',
      'Monthly from month four',
    ]);
  });

  it('floors each item group at 0: a promo never makes another group cheaper', () => {
    const bigPromo = cartItem({ ...routerPromo, rate: 40, rate_mode: 'fixed', rate_term: null });
    const cart = createCart('ridgeline', [speed, router, bigPromo]);
    // Router group: 15 - 40 floors at 0; the speed keeps its 65.
    expect(cart.totals.recurring).toEqual([
      expect.objectContaining({
        rate_period: 'monthly',
        from_period: 1,
        rate_term: null,
        total: 65,
      }),
    ]);
  });

  it('keeps yearly totals apart from monthly ones', () => {
    const domain = cartItem({
      ...router,
      name: 'domain',
      item_type: 'domain',
      rate: 15.99,
      rate_period: 'yearly',
    });
    const cart = createCart('ridgeline', [speed, domain]);
    expect(cart.totals.recurring.map((r) => [r.rate_period, r.total])).toEqual([
      ['monthly', 65],
      ['yearly', 15.99],
    ]);
    expect(recurringTotalLabel(cart.totals.recurring[1])).toBe('Yearly');
  });

  it('adds cents without floating-point drift', () => {
    const cents = Array.from({ length: 10 }, (_, i) =>
      cartItem({
        ...activation,
        name: `dime_${i}`,
        item_type: `dime_${i}`,
        rate: 0.1,
        quantity: 1,
      }),
    );
    const cart = createCart('ridgeline', cents);
    const floatSum = cents.reduce((sum, item) => sum + item.rate, 0);
    expect(floatSum).not.toBe(1);
    expect(cart.totals.due_today.total).toBe(1);
    expect(cart.totals.due_today.total_cents).toBe(100);
    expect(
      createCart('ridgeline', [cartItem({ ...activation, rate: 0.29 })]).totals.due_today.total,
    ).toBe(0.87);
  });

  it('totals other providers apart, as billed separately', () => {
    const cart = createCart('ridgeline', [speed, utopiaFee]);
    expect(cart.totals.recurring.map((r) => r.total)).toEqual([65]);
    expect(cart.separately_billed).toEqual([
      {
        provider: UTOPIA,
        totals: expect.objectContaining({
          recurring: [expect.objectContaining({ total: 30, rate_term: null })],
        }),
      },
    ]);
  });
});

describe('line texts', () => {
  it('reads "billed separately by" for other providers and "Up to" for a variable rate at its maximum', () => {
    const cart = createCart('ridgeline', [speed, router, routerPromo, utopiaFee]);
    const notes = Object.fromEntries(cart.lines.map((line) => [line.item.name, line.note]));
    expect(notes).toEqual({
      speed_1000: null,
      router_xwi: null,
      router_first_month: upToValue('$15.00'),
      utopia_infrastructure: billedSeparatelyBy('UTOPIA Fiber'),
    });
    expect(notes.router_first_month).toBe('Up to $15.00 value');
    expect(notes.utopia_infrastructure).toBe('billed separately by UTOPIA Fiber');
    expect(cart.lines.find((line) => line.item.name === 'utopia_infrastructure')?.itemised).toBe(
      false,
    );
  });

  it('shows the amount of a variable rate below its maximum', () => {
    const cart = createCart('ridgeline', [router, { ...routerPromo, rate: 12 }]);
    expect(cart.lines[1]).toMatchObject({ note: null, amount: -12 });
  });
});

describe('money', () => {
  it('converts and formats', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.29)).toBe(29);
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(-1200)).toBe('-$12.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });

  it('shows no minus sign on nothing (no payments applied reads $0.00, not -$0.00)', () => {
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatDollars(-0)).toBe('$0.00');
  });
});

describe('cart item schema', () => {
  it('accepts items and refuses negative or sub-cent rates', () => {
    expect(v.safeParse(CartItemSchema, speed).success).toBe(true);
    expect(v.safeParse(CartItemSchema, { ...speed, rate: -1 }).success).toBe(false);
    expect(v.safeParse(CartItemSchema, { ...speed, rate: 1.005 }).success).toBe(false);
    expect(v.safeParse(CartItemSchema, { ...speed, quantity: 1.5 }).success).toBe(false);
  });
});
