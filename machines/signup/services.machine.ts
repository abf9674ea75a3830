/**
 * The speed, the XWi router and its mesh extenders, and what happens to the connectivity service
 * (signup.md §4 "Router choice", "Out of stock", "Connectivity action").
 *
 * - A speed must be chosen. A speed that bundles the router (speed_10000_sym) makes the router
 *   required: the visitor confirms with "OK, proceed" or opts out; choosing it resets the mesh, and
 *   leaving it clears the router choice.
 * - Router: yes (XWi) or no (own router); yes only while the router is in stock for the speed.
 *   With the router, a mesh choice is needed: none or 1 up to the number available (0 means
 *   mesh_none, more means mesh_lease); out of stock means no mesh.
 * - Connectivity action: none becomes new when the address is available; with an existing service,
 *   another speed alters it, and cancelling the change returns to none.
 */
import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import { meshOutOfStock, meshQuantityInStock } from '#shared/signup/mesh';
import type { ServiceOffering, SpeedOption } from '#shared/signup/serviceability';

/** A connectivity service the customer already has at the address (a pre-signup upgrade). */
export interface ExistingService {
  display_id: string;
  speed_id: string;
  external_soid: string;
}

export type ServicesOffering = Pick<
  ServiceOffering,
  'speed_options' | 'router_options' | 'mesh_option'
>;

export interface ServicesInput {
  offering: ServicesOffering;
  /** The address takes a connectivity order (orderable or early signup). */
  available: boolean;
}

export interface ServicesContext extends ServicesInput {
  speedId: string | null;
  meshQuantity: number | null;
  existing: ExistingService | null;
}

export type ServicesEvent =
  | { type: 'speed.chosen'; speedId: string }
  | { type: 'router.chosen'; wanted: boolean }
  | { type: 'router.bundle.accepted' }
  | { type: 'router.bundle.declined' }
  | { type: 'mesh.chosen'; quantity: number }
  | ({ type: 'service.existing' } & ExistingService)
  | { type: 'alter.cancelled' };

export function speedOption(offering: ServicesOffering, speedId: string | null) {
  return offering.speed_options.find((option) => option.speed_id === speedId) ?? null;
}

export function routerOption(offering: ServicesOffering, speedId: string | null) {
  return offering.router_options.find((option) => option.speed_id === speedId) ?? null;
}

export function routerAvailable(offering: ServicesOffering, speedId: string | null): boolean {
  return routerOption(offering, speedId)?.router_available ?? false;
}

/** The speed makes the router required and bundled (speed_10000_sym). */
export function bundlesRouter(option: SpeedOption | null): boolean {
  return option?.router_bundled ?? false;
}

function chosenSpeedId(event: ServicesEvent): string | null {
  return event.type === 'speed.chosen' ? event.speedId : null;
}

/** Whether an offered speed would change the address's existing connectivity service. */
function changesExistingService(context: ServicesContext, speedId: string | null): boolean {
  return (
    context.existing !== null &&
    speedOption(context.offering, speedId) !== null &&
    speedId !== context.existing.speed_id
  );
}

export const servicesMachine = setup({
  types: {
    context: {} as ServicesContext,
    events: {} as ServicesEvent,
    input: {} as ServicesInput,
  },
  actions: {
    'remember speed': assign({ speedId: ({ event }) => chosenSpeedId(event) }),
    'remember mesh quantity': assign({
      meshQuantity: ({ event }) => (event.type === 'mesh.chosen' ? event.quantity : null),
    }),
    'forget mesh': assign({ meshQuantity: null }),
    'remember existing service': assign({
      existing: ({ event }) =>
        event.type === 'service.existing'
          ? {
              display_id: event.display_id,
              speed_id: event.speed_id,
              external_soid: event.external_soid,
            }
          : null,
    }),
    'go back to the existing speed': raise(({ context }) => ({
      type: 'speed.chosen' as const,
      speedId: context.existing?.speed_id ?? '',
    })),
  },
  guards: {
    'another offered speed is chosen': ({ context, event }) => {
      const id = chosenSpeedId(event);
      return id !== context.speedId && speedOption(context.offering, id) !== null;
    },
    'the new speed bundles an in-stock router': ({ context, event }) => {
      const id = chosenSpeedId(event);
      return (
        id !== context.speedId &&
        bundlesRouter(speedOption(context.offering, id)) &&
        routerAvailable(context.offering, id)
      );
    },
    'a bundling speed is left': ({ context, event }) => {
      const id = chosenSpeedId(event);
      return (
        id !== context.speedId &&
        speedOption(context.offering, id) !== null &&
        bundlesRouter(speedOption(context.offering, context.speedId))
      );
    },
    'the router is out of stock for the new speed': ({ context, event }) => {
      const id = chosenSpeedId(event);
      return (
        id !== context.speedId &&
        speedOption(context.offering, id) !== null &&
        !routerAvailable(context.offering, id)
      );
    },
    'the router is wanted and in stock': ({ context, event }) =>
      event.type === 'router.chosen' &&
      event.wanted &&
      routerAvailable(context.offering, context.speedId),
    'the router is declined': ({ event }) => event.type === 'router.chosen' && !event.wanted,
    'mesh extenders are out of stock': ({ context }) =>
      meshOutOfStock(context.offering.mesh_option),
    'no extenders are chosen': ({ event }) => event.type === 'mesh.chosen' && event.quantity === 0,
    'an available number of extenders is chosen': ({ context, event }) =>
      event.type === 'mesh.chosen' &&
      meshQuantityInStock(context.offering.mesh_option, event.quantity),
    'the address takes a new service': ({ context }) =>
      context.available && context.existing === null,
    'the speed differs from the existing service': ({ context, event }) =>
      changesExistingService(context, chosenSpeedId(event)),
    'the chosen speed differs from the existing service': ({ context }) =>
      changesExistingService(context, context.speedId),
    'the speed is back to the existing service': ({ context, event }) =>
      context.existing !== null && chosenSpeedId(event) === context.existing.speed_id,
  },
}).createMachine({
  id: 'signupServices',
  description:
    'The speed, the XWi router with its mesh extenders, and whether the connectivity service is new, changed or left as it is.',
  context: ({ input }) => ({
    offering: input.offering,
    available: input.available,
    speedId: null,
    meshQuantity: null,
    existing: null,
  }),
  type: 'parallel',
  states: {
    speed: {
      description: 'The fiber speed.',
      initial: 'not chosen',
      states: {
        'not chosen': {
          description: 'No speed yet: the speed cards wait for a choice.',
          on: {
            'speed.chosen': {
              guard: 'another offered speed is chosen',
              target: 'chosen',
              actions: 'remember speed',
            },
          },
        },
        chosen: {
          description: 'A speed is chosen; another card can still be picked.',
          on: {
            'speed.chosen': { guard: 'another offered speed is chosen', actions: 'remember speed' },
          },
        },
      },
    },
    router: {
      description: 'The XWi router and its mesh extenders.',
      initial: 'no choice',
      on: {
        'speed.chosen': [
          {
            guard: 'the new speed bundles an in-stock router',
            target: '.bundle offered',
            actions: 'forget mesh',
          },
          { guard: 'a bundling speed is left', target: '.no choice', actions: 'forget mesh' },
        ],
      },
      states: {
        'no choice': {
          description: 'Router yes or no is not answered yet.',
          on: {
            'router.chosen': [
              { guard: 'the router is wanted and in stock', target: 'xwi' },
              { guard: 'the router is declined', target: 'own router' },
            ],
          },
        },
        'own router': {
          description: 'No XWi router: the visitor uses their own (router action none).',
          on: {
            'router.chosen': { guard: 'the router is wanted and in stock', target: 'xwi' },
          },
        },
        'bundle offered': {
          description:
            'The chosen speed includes the XWi router: the visitor confirms with "OK, proceed" or opts out.',
          on: {
            'router.bundle.accepted': 'xwi',
            'router.bundle.declined': 'own router',
          },
        },
        xwi: {
          description:
            'The XWi router is ordered (router action new); mesh extenders can be added.',
          on: {
            'router.chosen': {
              guard: 'the router is declined',
              target: 'own router',
              actions: 'forget mesh',
            },
            'speed.chosen': {
              guard: 'the router is out of stock for the new speed',
              target: 'no choice',
              actions: 'forget mesh',
            },
          },
          initial: 'checking mesh stock',
          states: {
            'checking mesh stock': {
              description: 'Are mesh extenders in stock?',
              always: [
                { guard: 'mesh extenders are out of stock', target: 'mesh out of stock' },
                { target: 'mesh not chosen' },
              ],
            },
            'mesh not chosen': {
              description: 'The mesh choice (none or how many extenders) is still needed.',
              on: {
                'mesh.chosen': [
                  {
                    guard: 'no extenders are chosen',
                    target: 'no mesh',
                    actions: 'remember mesh quantity',
                  },
                  {
                    guard: 'an available number of extenders is chosen',
                    target: 'mesh leased',
                    actions: 'remember mesh quantity',
                  },
                ],
              },
            },
            'no mesh': {
              description: 'No extenders (mesh_none).',
              on: {
                'mesh.chosen': {
                  guard: 'an available number of extenders is chosen',
                  target: 'mesh leased',
                  actions: 'remember mesh quantity',
                },
              },
            },
            'mesh leased': {
              description: 'One or more extenders are leased (mesh_lease).',
              on: {
                'mesh.chosen': [
                  {
                    guard: 'no extenders are chosen',
                    target: 'no mesh',
                    actions: 'remember mesh quantity',
                  },
                  {
                    guard: 'an available number of extenders is chosen',
                    actions: 'remember mesh quantity',
                  },
                ],
              },
            },
            'mesh out of stock': {
              description:
                'Mesh extenders are out of stock: the choice is disabled with the call-or-chat message (no mesh).',
            },
          },
        },
      },
    },
    'connectivity action': {
      description: 'What the order does to the connectivity service: none, new or alter.',
      initial: 'none',
      on: {
        'service.existing': { target: '.none', actions: 'remember existing service' },
      },
      states: {
        none: {
          description:
            'The connectivity service stays as it is; it becomes new when the address is available for a new service.',
          always: [
            { guard: 'the address takes a new service', target: 'new' },
            // A speed chosen before the existing service was known changes it.
            { guard: 'the chosen speed differs from the existing service', target: 'alter' },
          ],
          on: {
            'speed.chosen': {
              guard: 'the speed differs from the existing service',
              target: 'alter',
            },
          },
        },
        new: {
          description: 'A new connectivity service is ordered at the address.',
        },
        alter: {
          description:
            'The existing service changes to the chosen speed (old and new speed and ids).',
          on: {
            'speed.chosen': { guard: 'the speed is back to the existing service', target: 'none' },
            'alter.cancelled': { actions: 'go back to the existing speed' },
          },
        },
      },
    },
  },
});

export type ServicesActor = ActorRefFrom<typeof servicesMachine>;
