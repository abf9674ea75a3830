import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ROUTER_BUNDLED_SPEED_ID } from '../../src/shared/signup/constants.ts';
import type { ServiceOffering } from '../../src/shared/signup/serviceability.ts';
import { servicesMachine } from '../../machines/signup/services.machine.ts';
import {
  selectConnectivityOrder,
  selectRouterChoice,
  selectRouterOrder,
  selectRouterValid,
  selectRouterView,
  selectServicesSummary,
} from '../../machines/signup/services.selectors.ts';
import { SAMPLE_OFFERINGS } from '../../machines/signup/samples.ts';

function start(offering: ServiceOffering = SAMPLE_OFFERINGS.utopia, available = true) {
  const actor = createActor(servicesMachine, { input: { offering, available } }).start();
  return { actor, snap: () => actor.getSnapshot() };
}

describe('services: speed and router', () => {
  it('needs a speed, then a router answer; no router is router action none', () => {
    const { actor, snap } = start();
    expect(selectServicesSummary(snap())).toMatchObject({ speedValid: false, routerValid: false });
    actor.send({ type: 'speed.chosen', speedId: 'not_offered' });
    expect(selectServicesSummary(snap()).speedValid).toBe(false);
    actor.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    expect(selectServicesSummary(snap())).toMatchObject({ speedValid: true, routerValid: false });
    actor.send({ type: 'router.chosen', wanted: false });
    expect(selectRouterOrder(snap())).toEqual({
      service_action_type: 'none',
      router_model: null,
      mesh_quantity: 0,
      mesh_type: 'mesh_none',
    });
  });

  it('with the router a mesh choice is needed: 0 is mesh_none, more is mesh_lease, never above stock', () => {
    const { actor, snap } = start();
    actor.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    actor.send({ type: 'router.chosen', wanted: true });
    expect(selectRouterView(snap())).toMatchObject({ showMesh: true, meshChoices: [0, 1, 2, 3] });
    expect(selectRouterValid(snap())).toBe(false);
    actor.send({ type: 'mesh.chosen', quantity: 4 });
    expect(selectRouterValid(snap())).toBe(false);
    actor.send({ type: 'mesh.chosen', quantity: 0 });
    expect(selectRouterOrder(snap())).toMatchObject({
      service_action_type: 'new',
      router_model: 'XWi-7',
      mesh_type: 'mesh_none',
      mesh_quantity: 0,
    });
    actor.send({ type: 'mesh.chosen', quantity: 3 });
    expect(selectRouterOrder(snap())).toMatchObject({ mesh_type: 'mesh_lease', mesh_quantity: 3 });
  });

  it('the router section shows the chosen speed and what the router adds to its monthly rate', () => {
    const { actor, snap } = start();
    expect(selectRouterView(snap())).toMatchObject({ speedId: null, extraMonthly: 0 });
    actor.send({ type: 'speed.chosen', speedId: 'speed_2000_sym' });
    const speed = SAMPLE_OFFERINGS.utopia.speed_options.find(
      (o) => o.speed_id === 'speed_2000_sym',
    )!;
    expect(selectRouterView(snap())).toMatchObject({
      speedId: 'speed_2000_sym',
      extraMonthly:
        speed.monthly_gross_connectivity_router_rate - speed.monthly_gross_connectivity_rate,
    });
  });

  it('10 Gbps bundles the router and resets the mesh: OK, proceed or opt out; leaving it clears the router', () => {
    const { actor, snap } = start();
    actor.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    actor.send({ type: 'router.chosen', wanted: true });
    actor.send({ type: 'mesh.chosen', quantity: 2 });
    actor.send({ type: 'speed.chosen', speedId: ROUTER_BUNDLED_SPEED_ID });
    expect(selectRouterChoice(snap())).toBe('bundle offered');
    expect(selectRouterValid(snap())).toBe(false);
    actor.send({ type: 'router.bundle.accepted' });
    expect(selectRouterChoice(snap())).toBe('xwi');
    expect(selectRouterView(snap()).meshQuantity).toBeNull();
    expect(selectRouterOrder(snap())).toBeNull();
    actor.send({ type: 'mesh.chosen', quantity: 1 });
    expect(selectRouterOrder(snap())).toMatchObject({ router_model: 'XWi-10G', mesh_quantity: 1 });

    actor.send({ type: 'speed.chosen', speedId: 'speed_2000_sym' });
    expect(selectRouterChoice(snap())).toBe('no choice');

    actor.send({ type: 'speed.chosen', speedId: ROUTER_BUNDLED_SPEED_ID });
    actor.send({ type: 'router.bundle.declined' });
    expect(selectRouterChoice(snap())).toBe('own router');
    expect(selectRouterValid(snap())).toBe(true);
  });

  it('out of stock: yes cannot be chosen and a bundling speed offers no bundle; sold-out mesh means none', () => {
    const soldOut: ServiceOffering = {
      ...SAMPLE_OFFERINGS.utopia,
      router_options: SAMPLE_OFFERINGS.utopia.router_options.map((o) =>
        o.speed_id === 'speed_1000_sym' ? o : { ...o, router_available: false, in_stock: false },
      ),
      mesh_option: { ...SAMPLE_OFFERINGS.utopia.mesh_option, quantity_available: 0 },
    };
    const { actor, snap } = start(soldOut);
    actor.send({ type: 'speed.chosen', speedId: ROUTER_BUNDLED_SPEED_ID });
    expect(selectRouterChoice(snap())).toBe('no choice');
    expect(selectRouterView(snap()).outOfStock).toBe(true);
    actor.send({ type: 'router.chosen', wanted: true });
    expect(selectRouterChoice(snap())).toBe('no choice');

    actor.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    actor.send({ type: 'router.chosen', wanted: true });
    expect(selectRouterView(snap())).toMatchObject({ meshOutOfStock: true, showMesh: true });
    expect(selectRouterOrder(snap())).toMatchObject({ mesh_type: 'mesh_none', mesh_quantity: 0 });
    // Switching to a speed whose router is out of stock drops the router choice.
    actor.send({ type: 'speed.chosen', speedId: 'speed_2000_sym' });
    expect(selectRouterChoice(snap())).toBe('no choice');
  });
});

describe('services: connectivity action', () => {
  it('is new at an available address, with the chosen speed and its service offering id', () => {
    const { actor, snap } = start();
    actor.send({ type: 'speed.chosen', speedId: 'speed_2000_sym' });
    expect(selectConnectivityOrder(snap())).toMatchObject({
      service_action_type: 'new',
      speed_id: 'speed_2000_sym',
      external_soid: 'soid-speed_2000_sym',
    });
  });

  it('alters an existing service with the old and new ids; cancelling goes back to none', () => {
    const { actor, snap } = start(SAMPLE_OFFERINGS.utopia, false);
    expect(selectConnectivityOrder(snap()).service_action_type).toBe('none');
    actor.send({
      type: 'service.existing',
      display_id: 'CONN-1',
      speed_id: 'speed_1000_sym',
      external_soid: 'soid-old',
    });
    actor.send({ type: 'speed.chosen', speedId: 'speed_2000_sym' });
    expect(selectConnectivityOrder(snap())).toEqual({
      service_action_type: 'alter',
      display_id: 'CONN-1',
      speed_id: 'speed_1000_sym',
      new_speed_id: 'speed_2000_sym',
      external_soid: 'soid-old',
      new_external_soid: 'soid-speed_2000_sym',
    });
    actor.send({ type: 'alter.cancelled' });
    expect(selectConnectivityOrder(snap()).service_action_type).toBe('none');
    expect(snap().context.speedId).toBe('speed_1000_sym');
  });
});
