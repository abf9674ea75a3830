/**
 * The rules that client, cart and server share live in one function each (src/shared/): these
 * tests hold each to the specification, and check that every place that applies a rule agrees
 * with it.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { CartChoiceError, offeringCartItems } from '../../src/shared/cart/offering.ts';
import {
  meshChoices,
  meshOutOfStock,
  meshQuantityInStock,
  meshTypeOf,
} from '../../src/shared/signup/mesh.ts';
import {
  installationFeeWaived,
  isInstallationFee,
} from '../../src/shared/signup/installation-fees.ts';
import type { OfferingRate, ServiceOffering } from '../../src/shared/signup/serviceability.ts';
import { servicesMachine } from '../../machines/signup/services.machine.ts';
import { selectRouterOrder, selectRouterView } from '../../machines/signup/services.selectors.ts';
import { SAMPLE_OFFERINGS } from '../../machines/signup/samples.ts';

const TODAY = '2026-05-04';

function withMesh(mesh_available: boolean, quantity_available: number): ServiceOffering {
  const offering = SAMPLE_OFFERINGS.utopia;
  return {
    ...offering,
    mesh_option: { ...offering.mesh_option, mesh_available, quantity_available },
  };
}

/** What the wizard makes of a mesh choice: the router line it orders (null: no choice yet). */
function wizardMesh(offering: ServiceOffering, quantity: number) {
  const actor = createActor(servicesMachine, { input: { offering, available: true } }).start();
  actor.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
  actor.send({ type: 'router.chosen', wanted: true });
  actor.send({ type: 'mesh.chosen', quantity });
  const snapshot = actor.getSnapshot();
  return { order: selectRouterOrder(snapshot), view: selectRouterView(snapshot) };
}

/** Whether the cart (and so the server's order) takes this many extenders. */
function cartTakes(offering: ServiceOffering, quantity: number): boolean {
  try {
    offeringCartItems(
      offering,
      {
        speed_id: 'speed_1000_sym',
        router: true,
        mesh_quantity: quantity,
        installation_type: null,
        tribal_member: false,
      },
      { today: TODAY },
    );
    return true;
  } catch (error) {
    if (error instanceof CartChoiceError) return false;
    throw error;
  }
}

describe('mesh extenders (signup.md §4 "Router choice", "Out of stock")', () => {
  it('are none or 1 up to the number available; above 0 is mesh_lease, 0 is mesh_none', () => {
    const three = { mesh_available: true, quantity_available: 3 };
    expect(meshChoices(three)).toEqual([0, 1, 2, 3]);
    expect([0, 1, 3, 4, 1.5, -1].map((n) => meshQuantityInStock(three, n))).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(meshTypeOf(0)).toBe('mesh_none');
    expect(meshTypeOf(1)).toBe('mesh_lease');
    expect(meshTypeOf(9)).toBe('mesh_lease');
  });

  it('out of stock (none left, or not offered) leaves only none', () => {
    for (const stock of [
      { mesh_available: false, quantity_available: 3 },
      { mesh_available: true, quantity_available: 0 },
    ]) {
      expect(meshOutOfStock(stock)).toBe(true);
      expect(meshChoices(stock)).toEqual([0]);
      expect(meshQuantityInStock(stock, 1)).toBe(false);
    }
    expect(meshOutOfStock({ mesh_available: true, quantity_available: 1 })).toBe(false);
  });

  it('the wizard, its choices and the cart agree on every stock and quantity', () => {
    for (const available of [true, false]) {
      for (const stock of [0, 1, 3]) {
        const offering = withMesh(available, stock);
        for (const quantity of [0, 1, 2, 3, 4, 2.5]) {
          const allowed = meshQuantityInStock(offering.mesh_option, quantity);
          const wizard = wizardMesh(offering, quantity);
          const leased = wizard.order?.mesh_type === 'mesh_lease';
          expect({ available, stock, quantity, leased }).toEqual({
            available,
            stock,
            quantity,
            leased: allowed,
          });
          if (leased) expect(wizard.order?.mesh_quantity).toBe(quantity);
          expect(wizard.view.meshOutOfStock).toBe(meshOutOfStock(offering.mesh_option));
          expect(wizard.view.meshChoices).toEqual(meshChoices(offering.mesh_option));
          if (quantity > 0) expect(cartTakes(offering, quantity)).toBe(allowed);
        }
      }
    }
  });
});

function fee(fields: Partial<OfferingRate>): OfferingRate {
  return {
    name: 'isp.install',
    description: 'Installation',
    item_type: 'installation',
    item_group: 'install',
    provider: { name: 'isp', label: 'Ridgeline Fiber' },
    rate: 100,
    rate_type: 'fee',
    rate_period: null,
    rate_term: null,
    rate_mode: 'fixed',
    rate_min: null,
    rate_max: null,
    rate_deferred: true,
    service_class: 17,
    taxable: false,
    ...fields,
  } as OfferingRate;
}

describe('the installation fee waiver (signup.md §9)', () => {
  const waivers = [
    { installation_fee_waived: true, installation_fee_waived_for_tribal_members: false },
    { installation_fee_waived: false, installation_fee_waived_for_tribal_members: true },
    { installation_fee_waived: false, installation_fee_waived_for_tribal_members: false },
  ];

  it('waives for southern_ute always, and for self-identifying tribal members where offered', () => {
    expect(
      waivers.map((w) => [installationFeeWaived(w, false), installationFeeWaived(w, true)]),
    ).toEqual([
      [true, true],
      [false, true],
      [false, false],
    ]);
  });

  it('takes off one-time installation fees only', () => {
    expect(isInstallationFee(fee({}))).toBe(true);
    expect(isInstallationFee(fee({ rate: 0 }))).toBe(false);
    expect(isInstallationFee(fee({ item_type: 'connectivity' }))).toBe(false);
    expect(isInstallationFee(fee({ rate_type: 'price' }))).toBe(false);
  });

  it('the cart waives exactly when the rule says so', () => {
    const base = SAMPLE_OFFERINGS.utopia;
    const speeds = base.speed_options.map((option) => ({
      ...option,
      billing: {
        ...option.billing,
        fees: [fee({}), fee({ name: 'isp.activation', item_type: 'connectivity' })],
      },
    }));
    for (const waiver of waivers) {
      for (const tribal of [false, true]) {
        const items = offeringCartItems(
          { ...base, ...waiver, speed_options: speeds },
          {
            speed_id: 'speed_1000_sym',
            router: false,
            mesh_quantity: 0,
            installation_type: null,
            tribal_member: tribal,
          },
          { today: TODAY },
        );
        const waived = items
          .filter((item) => item.rate_type === 'promo')
          .map((item) => item.related_item);
        expect(waived).toEqual(installationFeeWaived(waiver, tribal) ? ['isp.install'] : []);
      }
    }
  });
});
