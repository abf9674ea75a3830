import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CartChoiceError,
  NO_CART_CHOICES,
  offeringCart,
  offeringCartItems,
  type CartChoices,
} from '../../src/shared/cart/index.ts';
import { CART_MESSAGES, billedSeparatelyBy } from '../../src/shared/signup/messages.ts';
import {
  ServiceOfferingSchema,
  type ServiceOffering,
} from '../../src/shared/signup/serviceability.ts';
import {
  ISP,
  VOICE,
  basicInstallation,
  billing,
  meshOption,
  promo,
  rate,
  residentialAddOn,
} from '../support/offering.ts';

const UTOPIA = { name: 'utopia', label: 'UTOPIA Fiber' } as const;

const speedBilling = billing({
  prices: [
    rate({
      name: 'isp.speed_1000.price',
      rate: 65,
      item_group: 'connectivity',
      description: '1 Gbps',
    }),
    rate({
      name: 'utopia.speed_1000.infrastructure',
      rate: 30,
      item_type: 'infrastructure',
      item_group: 'infrastructure',
      provider: UTOPIA,
      description: 'Fiber infrastructure',
    }),
  ],
  fees: [
    rate({
      name: 'isp.activation',
      rate: 25,
      item_type: 'activation',
      item_group: 'activation',
      rate_type: 'fee',
      rate_period: null,
    }),
  ],
  promos: [
    promo({
      name: 'isp.speed_1000.promo',
      rate: 10,
      item_group: 'connectivity',
      rate_term: 'three',
      description: '$10 off for three months',
    }),
    promo({
      name: 'isp.speed_1000.expired',
      rate: 20,
      item_group: 'connectivity',
      expiration_date: '2020-01-01',
    }),
  ],
});

const offering: ServiceOffering = {
  address_id: 1,
  service_class_id: 5,
  provider: UTOPIA,
  main_provider: ISP,
  speed_options: [
    {
      speed_id: 'speed_1000_sym',
      speed_label: '1 Gbps',
      speed_color: '#123456',
      speed_description: 'Fast',
      download_speed: 1000,
      upload_speed: 1000,
      symmetric: true,
      external_soid: 'soid-1',
      monthly_gross_connectivity_rate: 95,
      monthly_gross_connectivity_rate_breakdown: [],
      monthly_gross_connectivity_router_rate: 110,
      early_net_connectivity_rate_term: null,
      legal_disclaimers: [],
      router_bundled: false,
      billing: speedBilling,
    },
  ],
  router_options: [
    {
      speed_id: 'speed_1000_sym',
      router_available: true,
      router_model: 'XWi-7',
      router_label: 'XWi router',
      in_stock: true,
      quantity_available: 10,
      bundled: false,
      billing: billing({
        prices: [rate({ name: 'isp.router', rate: 15, item_type: 'router', item_group: 'router' })],
        promos: [
          promo({
            name: 'isp.router.first_month',
            rate: 15,
            item_type: 'router',
            item_group: 'router',
            rate_term: 'one',
            rate_mode: 'variable',
            rate_min: 12,
            rate_max: 15,
          }),
        ],
      }),
    },
  ],
  mesh_option: meshOption(
    billing({
      prices: [rate({ name: 'isp.mesh', rate: 5, item_type: 'mesh', item_group: 'mesh' })],
    }),
  ),
  installation_options: [
    basicInstallation(
      billing({
        fees: [
          rate({
            name: 'isp.install.basic',
            rate: 100,
            item_type: 'installation',
            item_group: 'installation',
            rate_type: 'fee',
            rate_period: null,
            rate_deferred: true,
          }),
        ],
      }),
    ),
  ],
  installation_fee_waived: false,
  installation_fee_waived_for_tribal_members: true,
  static_ip: residentialAddOn(
    'Static IP',
    true,
    billing({
      prices: [
        rate({ name: 'isp.static_ip', rate: 10, item_type: 'static_ip', item_group: 'static_ip' }),
      ],
    }),
  ),
  subnet: residentialAddOn('Subnet', false, billing({})),
  voice: VOICE,
};

const today = '2026-11-23';
const choose = (choices: Partial<CartChoices>): CartChoices => ({
  ...NO_CART_CHOICES,
  speed_id: 'speed_1000_sym',
  ...choices,
});

describe('cart from an offering and the visitor choices', () => {
  it('the fixture is a valid offering', () => {
    const result = v.safeParse(ServiceOfferingSchema, offering);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toBeUndefined();
  });

  it('is empty until a speed is chosen', () => {
    expect(offeringCartItems(offering, NO_CART_CHOICES, { today })).toEqual([]);
  });

  it('brings the speed lines with unexpired promos under their price, other providers billed separately', () => {
    const cart = offeringCart(offering, choose({}), { today });
    expect(cart.main_provider).toBe('isp');
    expect(cart.lines.map((line) => [line.item.name, line.depth, line.note])).toEqual([
      ['isp.speed_1000.price', 0, null],
      ['isp.speed_1000.promo', 1, null],
      ['isp.activation', 0, null],
      ['utopia.speed_1000.infrastructure', 0, billedSeparatelyBy('UTOPIA Fiber')],
    ]);
    expect(cart.totals.due_today.total).toBe(25);
    expect(cart.totals.recurring.map((r) => [r.rate_term, r.total])).toEqual([
      ['three', 55],
      [null, 65],
    ]);
    expect(cart.separately_billed[0].totals.recurring[0].total).toBe(30);
  });

  it('adds the router, mesh extenders under it, and a tribal member gets the installation fee waived', () => {
    const cart = offeringCart(
      offering,
      choose({
        router: true,
        mesh_quantity: 2,
        installation_type: 'basic',
        tribal_member: true,
        static_ip: true,
      }),
      { today },
    );
    const names = cart.lines.map((line) => [line.item.name, line.depth, line.item.quantity]);
    expect(names).toEqual([
      ['isp.speed_1000.price', 0, 1],
      ['isp.speed_1000.promo', 1, 1],
      ['isp.router', 0, 1],
      ['isp.mesh', 1, 2],
      ['isp.router.first_month', 1, 1],
      ['isp.static_ip', 0, 1],
      ['isp.activation', 0, 1],
      ['isp.install.basic', 0, 1],
      ['isp.install.basic.waived', 1, 1],
      ['utopia.speed_1000.infrastructure', 0, 1],
    ]);
    const waiver = cart.lines.find((line) => line.item.name === 'isp.install.basic.waived');
    expect(waiver?.item.description).toBe(CART_MESSAGES.installationFeeWaived);
    expect(cart.totals.due_later.total).toBe(0);
    // Month one: 55 + (15 - 15) + 2 x 5 + 10.
    expect(cart.totals.recurring.map((r) => r.total)).toEqual([75, 90, 100]);
  });

  it('keeps the relation the catalogue gives a line', () => {
    const withRelation: ServiceOffering = {
      ...offering,
      speed_options: [
        {
          ...offering.speed_options[0],
          billing: {
            ...speedBilling,
            promos: [
              Object.assign(
                promo({ name: 'utopia.promo', rate: 5, item_group: 'infrastructure' }),
                {
                  related_item: 'isp.activation',
                },
              ),
            ],
          },
        },
      ],
    };
    const cart = offeringCart(withRelation, choose({}), { today });
    const index = cart.lines.findIndex((line) => line.item.name === 'utopia.promo');
    expect(cart.lines[index - 1].item.name).toBe('isp.activation');
    expect(cart.lines[index].depth).toBe(1);
  });

  it('keeps the installation fee for someone who is not a tribal member', () => {
    const cart = offeringCart(offering, choose({ installation_type: 'basic' }), { today });
    expect(cart.totals.due_later.total).toBe(100);
  });

  it('waives installation fees for everyone where the offering says so', () => {
    const cart = offeringCart(
      { ...offering, installation_fee_waived: true },
      choose({ installation_type: 'basic' }),
      { today },
    );
    expect(cart.totals.due_later.total).toBe(0);
  });

  it('refuses choices the offering does not allow', () => {
    const attempt = (choices: Partial<CartChoices>, off: ServiceOffering = offering) => {
      try {
        offeringCartItems(off, choose(choices), { today });
      } catch (error) {
        if (error instanceof CartChoiceError) return [error.field, error.message];
        throw error;
      }
      return null;
    };
    expect(attempt({ speed_id: 'speed_9' })).toEqual(['speed_id', CART_MESSAGES.speedNotOffered]);
    expect(attempt({ mesh_quantity: 1 })).toEqual(['mesh_quantity', CART_MESSAGES.meshNeedsRouter]);
    expect(attempt({ router: true, mesh_quantity: 4 })).toEqual([
      'mesh_quantity',
      CART_MESSAGES.meshNotAvailable,
    ]);
    expect(attempt({ installation_type: 'advanced' })).toEqual([
      'installation_type',
      CART_MESSAGES.installationNotOffered,
    ]);
    const noRouter = {
      ...offering,
      router_options: offering.router_options.map((r) => ({ ...r, router_available: false })),
    };
    expect(attempt({ router: true }, noRouter)).toEqual([
      'router',
      CART_MESSAGES.routerNotAvailable,
    ]);
    expect(attempt({ subnet: true })).toBeNull();
  });
});
