/**
 * From an address's offering and the visitor's choices to cart lines (docs/cart.md "From the
 * offering to the cart"; portal.md §3 "Service offering", "Promo"): the chosen speed brings its
 * prices, fees and promos, the router its lines for that speed, mesh extenders come under the
 * router, static IP and subnet when chosen; expired promos are left out; a promo shows under the
 * price it discounts.
 */
import { describe, expect, it } from 'vitest';
import {
  billingCartItems,
  CartChoiceError,
  installationWaiver,
  NO_CART_CHOICES,
  offeringCartItems,
  type CartChoices,
  type CartItem,
} from '../../src/shared/cart/index.ts';
import { CART_MESSAGES } from '../../src/shared/signup/messages.ts';
import type { Billing, ServiceOffering } from '../../src/shared/signup/serviceability.ts';
import {
  ISP,
  VOICE,
  basicInstallation,
  billing,
  meshOption,
  promo as featuredPromo,
  rate,
  residentialAddOn,
} from '../support/offering.ts';

const TODAY = '2026-05-04';

/** The promos of these offerings are not featured. */
const promo = (fields: Parameters<typeof featuredPromo>[0]) =>
  featuredPromo({ featured: false, ...fields });

/** A block whose only promo expires on the given day (null: never). */
const withPromoUntil = (name: string, expiration_date: string | null) =>
  billing({
    prices: [rate({ name: `${name}.price`, rate: 10, item_group: name })],
    promos: [promo({ name: `${name}.promo`, rate: 5, item_group: name, expiration_date })],
  });

function speedOption(speed_id: string, block: Billing) {
  return {
    speed_id,
    speed_label: speed_id,
    speed_color: '#123456',
    speed_description: '',
    download_speed: 1000,
    upload_speed: 1000,
    symmetric: true,
    external_soid: `soid-${speed_id}`,
    monthly_gross_connectivity_rate: 65,
    monthly_gross_connectivity_rate_breakdown: [],
    monthly_gross_connectivity_router_rate: 80,
    early_net_connectivity_rate_term: null,
    legal_disclaimers: [],
    router_bundled: false,
    billing: block,
  };
}

function routerOption(speed_id: string, block: Billing, router_available = true) {
  return {
    speed_id,
    router_available,
    router_model: 'XWi-7',
    router_label: 'XWi router',
    in_stock: router_available,
    quantity_available: 10,
    bundled: false,
    billing: block,
  };
}

const OFFERING: ServiceOffering = {
  address_id: 1,
  service_class_id: 5,
  provider: { name: 'utopia', label: 'UTOPIA Fiber' },
  main_provider: ISP,
  speed_options: [
    speedOption('speed_1000', withPromoUntil('speed_1000', '2026-12-31')),
    speedOption('speed_2000', withPromoUntil('speed_2000', null)),
    speedOption('speed_5000', withPromoUntil('speed_5000', null)),
  ],
  router_options: [
    routerOption('speed_1000', withPromoUntil('router_1000', '2026-12-31')),
    routerOption('speed_2000', withPromoUntil('router_2000', null)),
  ],
  mesh_option: meshOption(withPromoUntil('mesh', '2026-12-31')),
  installation_options: [
    basicInstallation(
      billing({
        fees: [
          rate({
            name: 'install.basic',
            rate: 100,
            item_type: 'installation',
            rate_type: 'fee',
            rate_period: null,
            rate_deferred: true,
          }),
        ],
        promos: [
          promo({
            name: 'install.basic.promo',
            rate: 50,
            item_type: 'installation',
            item_group: 'install.basic',
            rate_period: null,
            expiration_date: '2026-12-31',
          }),
        ],
      }),
    ),
  ],
  installation_fee_waived: false,
  installation_fee_waived_for_tribal_members: false,
  static_ip: residentialAddOn('Static IP', true, withPromoUntil('static_ip', '2026-12-31')),
  subnet: residentialAddOn('Subnet', true, withPromoUntil('subnet', '2026-12-31')),
  voice: VOICE,
};

const choose = (choices: Partial<CartChoices>, offering = OFFERING): string[] =>
  offeringCartItems(
    offering,
    { ...NO_CART_CHOICES, speed_id: 'speed_1000', ...choices },
    {
      today: TODAY,
    },
  ).map((item) => item.name);

const relations = (items: CartItem[]) =>
  Object.fromEntries(items.map((item) => [item.name, item.related_item]));

describe('promos and their expiration date', () => {
  it('keeps a promo through its expiration day and leaves it out from the day after', () => {
    const block = withPromoUntil('speed', TODAY);
    expect(billingCartItems(block, { today: TODAY }).map((i) => i.name)).toEqual([
      'speed.price',
      'speed.promo',
    ]);
    expect(billingCartItems(block, { today: '2026-05-03' }).map((i) => i.name)).toContain(
      'speed.promo',
    );
    expect(billingCartItems(block, { today: '2026-05-05' }).map((i) => i.name)).toEqual([
      'speed.price',
    ]);
  });

  it('keeps the promos still running on every block the choices bring', () => {
    const names = choose({
      router: true,
      mesh_quantity: 2,
      installation_type: 'basic',
      static_ip: true,
      subnet: true,
    });
    for (const running of [
      'speed_1000.promo',
      'router_1000.promo',
      'mesh.promo',
      'install.basic.promo',
      'static_ip.promo',
      'subnet.promo',
    ]) {
      expect(names).toContain(running);
    }
  });
});

describe('a promo shows under the price it discounts', () => {
  const block = billing({
    prices: [
      rate({ name: 'speed.price', rate: 65, item_group: 'connectivity' }),
      rate({ name: 'speed.price.extra', rate: 5, item_group: 'connectivity' }),
      rate({ name: 'ip.price', rate: 10, item_group: 'ip' }),
    ],
    fees: [rate({ name: 'activation', rate: 25, rate_type: 'fee', rate_period: null })],
    promos: [
      promo({ name: 'speed.promo', rate: 10, item_group: 'connectivity' }),
      promo({ name: 'ip.promo', rate: 10, item_group: 'ip' }),
      promo({ name: 'loyalty', rate: 3, item_group: 'loyalty' }),
      promo({ name: 'named', rate: 1, item_group: 'ip', related_item: 'activation' }),
    ],
  });
  const items = billingCartItems(block, { today: TODAY });

  it('relates a promo to the first price of its item group', () => {
    expect(relations(items)['speed.promo']).toBe('speed.price');
    expect(relations(items)['ip.promo']).toBe('ip.price');
  });

  it('relates a later price of a group to the first one, and the first to nothing', () => {
    expect(relations(items)['speed.price.extra']).toBe('speed.price');
    expect(relations(items)['speed.price']).toBeNull();
    expect(relations(items)['ip.price']).toBeNull();
    expect(relations(items)['activation']).toBeNull();
  });

  it('relates a promo of a group without a price to the first price of the block', () => {
    expect(relations(items)['loyalty']).toBe('speed.price');
  });

  it('keeps the relation the catalogue gives', () => {
    expect(relations(items)['named']).toBe('activation');
  });

  it('puts the top-level lines of a block under the parent given, mesh under the router', () => {
    const mesh = billingCartItems(block, { today: TODAY, parent: 'router', quantity: 2 });
    expect(relations(mesh)['speed.price']).toBe('router');
    expect(relations(mesh)['activation']).toBe('router');
    expect(relations(mesh)['speed.price.extra']).toBe('speed.price');
    expect(mesh.every((item) => item.quantity === 2)).toBe(true);
  });

  it('relates a promo of a block without prices to the parent given', () => {
    const promosOnly = billing({ promos: [promo({ name: 'p', rate: 1 })] });
    expect(relations(billingCartItems(promosOnly, { today: TODAY, parent: 'router' }))).toEqual({
      p: 'router',
    });
  });
});

describe('the router and mesh extenders', () => {
  it('brings the router lines of the chosen speed', () => {
    const names = choose({ speed_id: 'speed_2000', router: true });
    expect(names).toContain('router_2000.price');
    expect(names).not.toContain('router_1000.price');
  });

  it('refuses the router for a speed that has no router option, saying it is not available', () => {
    let error: unknown;
    try {
      choose({ speed_id: 'speed_5000', router: true });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CartChoiceError);
    expect((error as CartChoiceError).name).toBe('CartChoiceError');
    expect((error as CartChoiceError).field).toBe('router');
    expect((error as CartChoiceError).message).toBe(CART_MESSAGES.routerNotAvailable);
  });

  it('brings no mesh lines with the router when none are chosen', () => {
    const names = choose({ router: true, mesh_quantity: 0 });
    expect(names).toEqual([
      'speed_1000.price',
      'speed_1000.promo',
      'router_1000.price',
      'router_1000.promo',
    ]);
  });

  it('brings the mesh lines under the router, times the number chosen', () => {
    const items = offeringCartItems(
      OFFERING,
      { ...NO_CART_CHOICES, speed_id: 'speed_1000', router: true, mesh_quantity: 3 },
      { today: TODAY },
    );
    const mesh = items.find((item) => item.name === 'mesh.price');
    expect(mesh?.quantity).toBe(3);
    expect(mesh?.related_item).toBe('router_1000.price');
  });
});

describe('static IP and subnet', () => {
  it('bring their lines when chosen and available', () => {
    expect(choose({ subnet: true })).toContain('subnet.price');
    expect(choose({ static_ip: true })).toContain('static_ip.price');
  });

  it('bring nothing when not chosen', () => {
    const names = choose({});
    expect(names).not.toContain('subnet.price');
    expect(names).not.toContain('static_ip.price');
  });

  it('bring nothing when chosen but not available at the address', () => {
    const offering = {
      ...OFFERING,
      subnet: { ...OFFERING.subnet, available: false },
      static_ip: { ...OFFERING.static_ip, available: false },
    };
    const names = choose({ subnet: true, static_ip: true }, offering);
    expect(names).not.toContain('subnet.price');
    expect(names).not.toContain('static_ip.price');
  });
});

describe('installationWaiver', () => {
  it('takes the fee off again: a fixed promo of the same amount right under the fee', () => {
    const [fee] = billingCartItems(
      billing({
        fees: [
          rate({
            name: 'install.advanced',
            rate: 150,
            item_type: 'installation',
            rate_type: 'fee',
            rate_period: null,
            rate_mode: 'variable',
            rate_min: 100,
            rate_max: 200,
          }),
        ],
      }),
      { today: TODAY },
    );
    const waiver = installationWaiver(fee);
    expect(waiver.rate_type).toBe('promo');
    expect(waiver.rate_mode).toBe('fixed');
    expect(waiver.rate_min).toBeNull();
    expect(waiver.rate_max).toBeNull();
    expect(waiver.rate).toBe(150);
    expect(waiver.related_item).toBe('install.advanced');
    expect(waiver.description).toBe(CART_MESSAGES.installationFeeWaived);
  });
});
