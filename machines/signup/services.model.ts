/**
 * The services section's registrations, each with a seeded provider's speeds and stock (the
 * catalogue, src/server/signup/serviceability/catalogue-data.ts): UTOPIA Fiber with everything in stock
 * at an available address, and Yellowstone Fiber, whose 10 Gbps router and mesh extenders are
 * sold out, at an address that takes no new service (an existing customer changing speed), so
 * that every state and transition is walked by one or the other.
 */
import type { ServiceOffering } from '#shared/signup/serviceability';
import {
  defineMachine,
  expectThat,
  sample,
  type Declaration,
  type Expectation,
} from '../registry/types.ts';
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

/** UTOPIA Fiber as the catalogue seeds it: every router and the mesh extenders in stock. */
const stocked = SAMPLE_OFFERINGS.utopia;

/**
 * Yellowstone Fiber as the catalogue seeds it in Bozeman: no 2 Gbps, and the 10 Gbps router (the
 * XWi 10G) and the mesh extenders out of stock, while the XWi 7 of the other speeds is in stock.
 */
function yellowstoneAsSeeded(offering: ServiceOffering): ServiceOffering {
  const offered = (id: string) => id !== 'speed_2000_sym';
  return {
    ...offering,
    speed_options: offering.speed_options.filter((option) => offered(option.speed_id)),
    router_options: offering.router_options
      .filter((option) => offered(option.speed_id))
      .map((option) => {
        const inStock = option.speed_id !== 'speed_10000_sym';
        return {
          ...option,
          router_available: inStock,
          in_stock: inStock,
          quantity_available: inStock ? 1 : 0,
        };
      }),
    mesh_option: { ...offering.mesh_option, mesh_available: false, quantity_available: 0 },
  };
}

const soldOut = yellowstoneAsSeeded(SAMPLE_OFFERINGS.yellowstone);

const ALL_SPEEDS = {
  'choose 1 Gbps': 'speed_1000_sym',
  'choose 2 Gbps': 'speed_2000_sym',
  'choose 10 Gbps': 'speed_10000_sym',
} as const;

/** The speed cards of an offering: the samples choose among the speeds it offers. */
function speedsOf(offering: ServiceOffering): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ALL_SPEEDS).filter(([, id]) =>
      offering.speed_options.some((option) => option.speed_id === id),
    ),
  );
}

const speedEvents = (offering: ServiceOffering) =>
  Object.entries(speedsOf(offering)).map(([label, speedId]) =>
    sample(label, { type: 'speed.chosen', speedId }),
  );

const OTHER_EVENTS = [
  sample('router: yes', { type: 'router.chosen', wanted: true }),
  sample('router: no', { type: 'router.chosen', wanted: false }),
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

const BUNDLE_EVENTS = [
  sample('press OK, proceed', { type: 'router.bundle.accepted' }),
  sample('opt out of the router', { type: 'router.bundle.declined' }),
] as const;

/** Whether a speed of the offering includes the router and has it in stock. */
function offersBundle(offering: ServiceOffering): boolean {
  return offering.speed_options.some(
    (speed) =>
      speed.router_bundled &&
      offering.router_options.some(
        (router) => router.speed_id === speed.speed_id && router.router_available,
      ),
  );
}

/** The samples of an offering: its speeds, and the bundle's answers where a bundle is offered. */
const eventsOf = (offering: ServiceOffering) => [
  ...speedEvents(offering),
  ...OTHER_EVENTS,
  ...(offersBundle(offering) ? BUNDLE_EVENTS : []),
];

function project({ context }: ServicesSnapshot) {
  return {
    speed: context.speedId,
    mesh: context.meshQuantity,
    existing: context.existing?.speed_id ?? null,
  };
}

type Projection = ReturnType<typeof project>;

/**
 * The mesh choice at the stock limit (signup.md §4: none, or 1 up to the number available):
 * exactly the number available, and one more.
 */
function meshBoundaries(offering: ServiceOffering) {
  const stock = offering.mesh_option.quantity_available;
  // Sold out, there is no limit to sample: the mesh choice is disabled.
  if (stock <= 0) return [];
  return [
    sample(`${stock} extenders (all in stock)`, { type: 'mesh.chosen', quantity: stock }),
    sample(`${stock + 1} extenders (one more than in stock)`, {
      type: 'mesh.chosen',
      quantity: stock + 1,
    }),
  ];
}

/**
 * What signup.md §4 says the speed, router and mesh choices do, for an offering (its stock is
 * the sample data's, read here from the offering as the server sends it) at an address that
 * takes a new service (`available`) or not.
 */
function servicesDeclaration(
  offering: ServiceOffering,
  available: boolean,
): Declaration<Projection> {
  const bundles = (id: string) =>
    offering.speed_options.find((o) => o.speed_id === id)?.router_bundled === true;
  const routerInStock = (id: string | null) =>
    offering.router_options.find((o) => o.speed_id === id)?.router_available === true;
  const stock = offering.mesh_option.quantity_available;
  const boundaries = meshBoundaries(offering);
  const meshSamples: Record<string, number> = {
    'no extenders': 0,
    'two extenders': 2,
    'nine extenders': 9,
    ...Object.fromEntries(boundaries.map((s) => [s.label, s.event.quantity])),
  };

  /** Per speed card: what a speed card does to one region (the same card again: nothing). */
  const bySpeed = (rule: (id: string, before: Projection) => Expectation<Projection>) =>
    Object.fromEntries(
      Object.entries(speedsOf(offering)).map(([label, id]) => [
        label,
        (before: Projection) => (id === before.speed ? 'ignored' : rule(id, before)),
      ]),
    ) as Record<string, Expectation<Projection>>;
  // A bundling speed (in stock) offers the bundle and starts the mesh over; leaving one clears
  // the router answer; with the XWi router, a speed whose router is out of stock clears it too.
  const routerAfterSpeed = (inXwi: boolean) =>
    bySpeed((id, before) => {
      if (bundles(id) && routerInStock(id))
        return { to: 'router.bundle offered', with: { mesh: null } };
      if (before.speed !== null && bundles(before.speed))
        return { to: 'router.no choice', with: { mesh: null } };
      if (inXwi && !routerInStock(id)) return { to: 'router.no choice', with: { mesh: null } };
      return 'ignored';
    });
  const routerYes = (before: Projection) =>
    routerInStock(before.speed) ? 'router.xwi' : 'ignored';
  /** None, or 1 up to the number available; anything else is refused. */
  const mesh = (already: 'none' | 'leased' | 'not chosen') =>
    Object.fromEntries(
      Object.entries(meshSamples).map(([label, quantity]) => [
        label,
        quantity === 0
          ? already === 'none'
            ? 'ignored'
            : { to: 'router.xwi.no mesh', with: { mesh: 0 } }
          : quantity <= stock
            ? { to: 'router.xwi.mesh leased', with: { mesh: quantity } }
            : 'ignored',
      ]),
    );
  const choose = bySpeed((id) => ({ to: 'speed.chosen', with: { speed: id } }));

  return {
    // Nothing chosen: no speed, no router answer, no mesh choice, no existing service. The
    // connectivity action is new at an available address, else none (signup.md §4).
    start: {
      to: [
        'speed.not chosen',
        'router.no choice',
        available ? 'connectivity action.new' : 'connectivity action.none',
      ],
      with: { speed: null, mesh: null, existing: null },
    },
    on: {
      'speed.not chosen': choose,
      'speed.chosen': choose,
      'router.no choice': {
        ...routerAfterSpeed(false),
        'router: yes': routerYes,
        'router: no': 'router.own router',
      },
      'router.own router': {
        ...routerAfterSpeed(false),
        'router: yes': routerYes,
        'router: no': 'ignored',
      },
      ...(offersBundle(offering) && {
        'router.bundle offered': {
          ...routerAfterSpeed(false),
          'press OK, proceed': 'router.xwi',
          'opt out of the router': 'router.own router',
        },
      }),
      'router.xwi': {
        ...routerAfterSpeed(true),
        'router: yes': 'ignored',
        'router: no': { to: 'router.own router', with: { mesh: null } },
      },
      'router.xwi.mesh not chosen': mesh('not chosen'),
      'router.xwi.no mesh': mesh('none'),
      'router.xwi.mesh leased': mesh('leased'),
      // An existing service (a pre-signup upgrade) leaves the connectivity service as it is…
      'connectivity action': {
        // …unless a speed other than its own was chosen already: the order changes it.
        'an existing 1 Gbps service': (before: Projection) =>
          before.speed !== null && before.speed !== 'speed_1000_sym'
            ? { to: 'connectivity action.alter', with: { existing: 'speed_1000_sym' } }
            : { to: 'connectivity action.none', with: { existing: 'speed_1000_sym' } },
      },
      // …until another speed changes it; going back to its speed, or cancelling, undoes that.
      'connectivity action.none': bySpeed((id, before) =>
        before.existing !== null && id !== before.existing
          ? 'connectivity action.alter'
          : 'ignored',
      ),
      'connectivity action.new': bySpeed(() => 'ignored'),
      'connectivity action.alter': {
        ...bySpeed((id, before) =>
          id === before.existing ? 'connectivity action.none' : 'ignored',
        ),
        'cancel the change': (before) => ({
          to: 'connectivity action.none',
          with: { speed: before.existing },
        }),
      },
    },
    boundaries,
  };
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
    const stock = snapshot.context.offering.mesh_option.quantity_available;
    expectThat(
      order?.mesh_type === 'mesh_lease' && order.mesh_quantity >= 1 && order.mesh_quantity <= stock,
      'mesh_lease of 1 up to the number available',
    );
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
  events: eventsOf(stocked),
  project,
  limit: 2000,
  states: STATE_CHECKS,
  expect: servicesDeclaration(stocked, true),
  unreachable: [
    {
      state: 'router.xwi.mesh out of stock',
      reason: 'this offering has mesh extenders in stock; signup-services-sold-out walks it',
    },
    {
      transition:
        'router.xwi › speed.chosen [the router is out of stock for the new speed] → router.no choice',
      reason:
        'every router is in stock here; signup-services-sold-out walks a speed whose router is not',
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
  title: 'Signup: speed, router and mesh (10 Gbps router and extenders sold out)',
  description:
    DESCRIPTION +
    ' This walk starts from an offering whose 10 Gbps router and mesh extenders are sold out ' +
    '(Yellowstone Fiber), at an address that takes no new service (an existing customer ' +
    'changing speed).',
  machine: servicesMachine,
  input: { offering: soldOut, available: false } satisfies ServicesInput,
  events: eventsOf(soldOut),
  project,
  limit: 2000,
  states: STATE_CHECKS,
  expect: servicesDeclaration(soldOut, false),
  unreachable: [
    {
      state: 'router.xwi.mesh not chosen',
      reason: 'mesh extenders are sold out here; signup-services walks the mesh choice',
    },
    {
      state: 'router.bundle offered',
      reason:
        'the router of 10 Gbps is out of stock here, so no bundle is offered; signup-services walks it',
    },
    {
      transition:
        'router › speed.chosen [the new speed bundles an in-stock router] → router.bundle offered',
      reason: 'the router of 10 Gbps is out of stock here',
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
