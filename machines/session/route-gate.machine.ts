/**
 * Route gating (portal.md §2, §6): every navigation asks the gate. A public route opens at once;
 * any other waits until the login state is known. Logged out, the user goes to login with a
 * redirect back; lacking the route's permission, they see 'You do not have permission to view
 * this' and go to account. The attempted route is kept in session storage either way.
 *
 * The router reads the outcome (selectors) and redirects; storage and the notification are named
 * actions the web app provides.
 */
import { assign, setup } from 'xstate';
import type { RouteAccess } from '#shared/routes';
import type { SessionUser } from '#shared/session/types';
import { routeAccessOutcome } from './access.ts';
import type { AttemptedRoute } from './types.ts';

export type GateSession =
  | { status: 'unknown' }
  | { status: 'loggedOut' }
  | { status: 'loggedIn'; user: Pick<SessionUser, 'perms' | 'site_admin'> };

export interface RouteRequest extends AttemptedRoute {
  access: RouteAccess;
}

export interface RouteGateContext {
  production: boolean;
  session: GateSession;
  request: RouteRequest | null;
}

export interface RouteGateInput {
  production: boolean;
}

export type RouteGateEvent =
  | { type: 'route.requested'; route: RouteRequest }
  | { type: 'session.changed'; session: GateSession };

function outcome(context: RouteGateContext) {
  if (!context.request) return 'allowed';
  const user = context.session.status === 'loggedIn' ? context.session.user : null;
  return routeAccessOutcome(context.request.access, user, context.production);
}

export const routeGateMachine = setup({
  types: {
    context: {} as RouteGateContext,
    events: {} as RouteGateEvent,
    input: {} as RouteGateInput,
  },
  actions: {
    'store request': assign({
      request: ({ event, context }) =>
        event.type === 'route.requested' ? event.route : context.request,
    }),
    'store session': assign({
      session: ({ event, context }) =>
        event.type === 'session.changed' ? event.session : context.session,
    }),
    // Provided by the app:
    /** Keeps the attempted route's name (and address) in session storage. */
    'remember attempted route': (_, _params: { route: AttemptedRoute }) => {},
    /** Shows 'You do not have permission to view this'. */
    'notify route denied': () => {},
  },
  guards: {
    'the route is open to everyone': ({ context }) =>
      context.request !== null &&
      routeAccessOutcome(context.request.access, null, context.production) === 'allowed',
    'the login state is unknown': ({ context }) => context.session.status === 'unknown',
    'the user may open it': ({ context }) => outcome(context) === 'allowed',
    'nobody is logged in': ({ context }) => outcome(context) === 'login required',
  },
}).createMachine({
  id: 'routeGate',
  description:
    'Decides whether the page asked for may open, or whether the user goes to login or to their account instead.',
  context: ({ input }) => ({
    production: input.production,
    session: { status: 'unknown' },
    request: null,
  }),
  on: {
    'route.requested': { target: '.deciding', actions: 'store request' },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'No page asked for yet.',
      on: { 'session.changed': { actions: 'store session' } },
    },
    deciding: {
      description: 'Checks the route’s access rule against who is logged in.',
      always: [
        { guard: 'the route is open to everyone', target: 'allowed' },
        { guard: 'the login state is unknown', target: 'waitingForSession' },
        { guard: 'the user may open it', target: 'allowed' },
        {
          guard: 'nobody is logged in',
          target: 'loginRequired',
          actions: {
            type: 'remember attempted route',
            params: ({ context }) => ({
              route: { name: context.request?.name ?? '', href: context.request?.href ?? '' },
            }),
          },
        },
        {
          target: 'denied',
          actions: [
            {
              type: 'remember attempted route',
              params: ({ context }) => ({
                route: { name: context.request?.name ?? '', href: context.request?.href ?? '' },
              }),
            },
            'notify route denied',
          ],
        },
      ],
    },
    waitingForSession: {
      description: 'The login state is not known yet (the profile is loading): the page waits.',
      on: { 'session.changed': { target: 'deciding', actions: 'store session' } },
    },
    allowed: {
      description: 'The page opens.',
      on: { 'session.changed': { actions: 'store session' } },
    },
    loginRequired: {
      description: 'Nobody is logged in: the user goes to login, with a redirect back here.',
      on: { 'session.changed': { actions: 'store session' } },
    },
    denied: {
      description:
        'The user lacks the route’s permission: they are told so and go to their account.',
      on: { 'session.changed': { actions: 'store session' } },
    },
  },
});
