/**
 * The services section's registrations: one with stock on hand at an available address, one
 * where mesh extenders are sold out at an address that takes no new service (a pre-signup
 * upgrade), so that every state and transition is walked by one or the other.
 */
import type { ServiceOffering } from '#shared/signup/serviceability';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { servicesMachine, type ServicesInput } from './services.machine.ts';
import {
  selectConnectivityOrder,
  selectRouterOrder,
  selectRouterValid,
  selectRouterView,
  selectSpeedValid,
  type ServicesSnapshot,
} from './services.selectors.ts';
import { SAMPLE_OFFERINGS } from './samples.ts';

/** The 2 Gbps router is out of stock; the others are in stock. */
function withRouterOutOfStockFor(offering: ServiceOffering, speedId: string): ServiceOffering {
  return {
    ...offering,
    router_options: offering.router_options.map((option) =>
      option.speed_id === speedId
        ? { ...option, router_available: false, in_stock: false, quantity_available: 0 }
        : option,
    ),
  };
}

const stocked = withRouterOutOfStockFor(SAMPLE_OFFERINGS.utopia, 'speed_2000_sym');
const soldOut: ServiceOffering = {
  ...stocked,
  mesh_option: { ...stocked.mesh_option, mesh_available: false, quantity_available: 0 },
};

const EVENTS = [
  sample('choose 1 Gbps', { type: 'speed.chosen', speedId: 'speed_1000_sym' }),
  sample('choose 2 Gbps', { type: 'speed.chosen', speedId: 'speed_2000_sym' }),
  sample('choose 10 Gbps', { type: 'speed.chosen', speedId: 'speed_10000_sym' }),
  sample('router: yes', { type: 'router.chosen', wanted: true }),
  sample('router: no', { type: 'router.chosen', wanted: false }),
  sample('press OK, proceed', { type: 'router.bundle.accepted' }),
  sample('opt out of the router', { type: 'router.bundle.declined' }),
  sample('no extenders', { type: 'mesh.chosen', quantity: 0 }),
  sample('two extenders', { type: 'mesh.chosen', quantity: 2 }),
  sample('nine extenders', { type: 'mesh.chosen', quantity: 9 }),
  sample('an existing 1 Gbps service', {
    type: 'service.existing',
    display_id: 'CONN-1001',
    speed_id: 'speed_1000_sym',
    external_soid: 'soid-existing',
  }),
  sample('cancel the change', { type: 'alter.cancelled' }),
] as const;

function project({ context }: ServicesSnapshot) {
  return { speed: context.speedId, existing: context.existing?.speed_id ?? null };
}

const STATE_CHECKS = {
  'speed.not chosen': (snapshot: ServicesSnapshot) => {
    expectThat(!selectSpeedValid(snapshot), 'a speed must be chosen');
  },
  'speed.chosen': (snapshot: ServicesSnapshot) => {
    expectThat(selectSpeedValid(snapshot), 'the chosen speed is valid');
  },
  'router.no choice': (snapshot: ServicesSnapshot) => {
    expectThat(!selectRouterValid(snapshot), 'the router question needs an answer');
    expectThat(!selectRouterView(snapshot).showMesh, 'no mesh section without the router');
  },
  'router.own router': (snapshot: ServicesSnapshot) => {
    expectThat(selectRouterValid(snapshot), 'no router is a complete answer');
    expectThat(selectRouterOrder(snapshot)?.service_action_type === 'none', 'router action none');
  },
  'router.bundle offered': (snapshot: ServicesSnapshot) => {
    const view = selectRouterView(snapshot);
    expectThat(view.bundled, 'only a bundling speed offers the bundle');
    expectThat(!selectRouterValid(snapshot), '"OK, proceed" or the opt-out is needed');
  },
  'router.xwi.mesh not chosen': (snapshot: ServicesSnapshot) => {
    expectThat(selectRouterView(snapshot).showMesh, 'the mesh section shows');
    expectThat(!selectRouterValid(snapshot), 'with the router a mesh choice is needed');
  },
  'router.xwi.no mesh': (snapshot: ServicesSnapshot) => {
    const order = selectRouterOrder(snapshot);
    expectThat(order?.service_action_type === 'new', 'router action new');
    expectThat(order?.mesh_type === 'mesh_none' && order.mesh_quantity === 0, 'mesh_none');
  },
  'router.xwi.mesh leased': (snapshot: ServicesSnapshot) => {
    const order = selectRouterOrder(snapshot);
    expectThat(order?.mesh_type === 'mesh_lease' && order.mesh_quantity === 2, 'mesh_lease of 2');
  },
  'router.xwi.mesh out of stock': (snapshot: ServicesSnapshot) => {
    expectThat(selectRouterView(snapshot).meshOutOfStock, 'the mesh choice is disabled');
    expectThat(selectRouterOrder(snapshot)?.mesh_type === 'mesh_none', 'no mesh is ordered');
  },
  'connectivity action.none': (snapshot: ServicesSnapshot) => {
    expectThat(selectConnectivityOrder(snapshot).service_action_type === 'none', 'action none');
  },
  'connectivity action.new': (snapshot: ServicesSnapshot) => {
    const order = selectConnectivityOrder(snapshot);
    expectThat(order.service_action_type === 'new', 'action new');
    expectThat(order.speed_id === snapshot.context.speedId, 'with the chosen speed');
  },
  'connectivity action.alter': (snapshot: ServicesSnapshot) => {
    const order = selectConnectivityOrder(snapshot);
    expectThat(order.service_action_type === 'alter', 'action alter');
    expectThat(
      order.speed_id === 'speed_1000_sym' && order.new_speed_id === snapshot.context.speedId,
      'old and new speed are sent',
    );
    expectThat(
      order.external_soid === 'soid-existing' && order.new_external_soid !== null,
      'old and new service offering ids are sent',
    );
  },
};

const DESCRIPTION =
  'The speed cards, the XWi router and its mesh extenders. Choosing 10 Gbps includes the router: ' +
  'the visitor presses "OK, proceed" or opts out, and any mesh choice starts over; leaving ' +
  '10 Gbps clears the router answer. Yes is disabled while the router is out of stock for the ' +
  'speed, and the mesh choice while extenders are out of stock, each with a message to call or ' +
  'chat. With the router, the visitor chooses no extenders or a number up to what is available. ' +
  'The connectivity service is new at an available address; for an existing service another ' +
  'speed changes it, and cancelling the change goes back to the old speed.';

export const servicesModel = defineMachine({
  name: 'signup-services',
  title: 'Signup: speed, router and mesh',
  description: DESCRIPTION,
  machine: servicesMachine,
  input: { offering: stocked, available: true } satisfies ServicesInput,
  events: EVENTS,
  project,
  limit: 2000,
  states: STATE_CHECKS,
  unreachable: [
    {
      state: 'router.xwi.mesh out of stock',
      reason: 'this offering has mesh extenders in stock; signup-services-sold-out walks it',
    },
    {
      transition:
        'router.xwi.checking mesh stock › always [mesh extenders are out of stock] → router.xwi.mesh out of stock',
      reason: 'this offering has mesh extenders in stock; signup-services-sold-out walks it',
    },
  ],
});

export const servicesSoldOutModel = defineMachine({
  name: 'signup-services-sold-out',
  title: 'Signup: speed, router and mesh (extenders sold out)',
  description:
    DESCRIPTION +
    ' This walk starts from an offering whose mesh extenders are sold out, at an address that ' +
    'takes no new service (an existing customer changing speed).',
  machine: servicesMachine,
  input: { offering: soldOut, available: false } satisfies ServicesInput,
  events: EVENTS,
  project,
  limit: 2000,
  states: STATE_CHECKS,
  unreachable: [
    {
      state: 'router.xwi.mesh not chosen',
      reason: 'mesh extenders are sold out here; signup-services walks the mesh choice',
    },
    { state: 'router.xwi.no mesh', reason: 'mesh extenders are sold out here' },
    { state: 'router.xwi.mesh leased', reason: 'mesh extenders are sold out here' },
    {
      transition: 'router.xwi.checking mesh stock › always → router.xwi.mesh not chosen',
      reason: 'mesh extenders are sold out here',
    },
    {
      state: 'connectivity action.new',
      reason: 'this address takes no new service; signup-services walks a new one',
    },
    {
      transition:
        'connectivity action.none › always [the address takes a new service] → connectivity action.new',
      reason: 'this address takes no new service',
    },
  ],
});
