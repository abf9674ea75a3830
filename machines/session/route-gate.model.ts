/** The route gate's registration: path samples, projection and state checks. */
import { emptyPerms } from '#shared/permissions';
import { routeByName, type RouteName } from '#shared/routes';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { routeGateMachine } from './route-gate.machine.ts';
import { selectGateVerdict } from './route-gate.selectors.ts';

const route = (name: RouteName) => ({
  name,
  href: routeByName(name).path,
  access: routeByName(name).access,
});

const viewOnly = {
  ...emptyPerms(),
  account: { has_view: true, has_manage: false },
  services: { has_view: true, has_manage: false },
};

export const routeGateModel = defineMachine({
  name: 'route-gate',
  title: 'Route gating',
  description:
    'Decides whether a page may open. Public pages (login, recovery, the password generator) ' +
    'always open. Any other page waits until the portal knows who is logged in; with nobody ' +
    'logged in the user goes to the login page and returns after logging in. A user without the ' +
    'permission a page needs (for example Billing without payments view) is told "You do not ' +
    'have permission to view this" and goes to their account. The page they tried is remembered ' +
    'for the rest of the visit.',
  machine: routeGateMachine,
  input: { production: false },
  events: [
    sample('open the password generator', {
      type: 'route requested',
      route: route('password-generator'),
    }),
    sample('open account', { type: 'route requested', route: route('account') }),
    sample('open billing', { type: 'route requested', route: route('billing') }),
    sample('open admin', { type: 'route requested', route: route('admin') }),
    sample('login state unknown', { type: 'session changed', session: { status: 'unknown' } }),
    sample('nobody logged in', { type: 'session changed', session: { status: 'loggedOut' } }),
    sample('viewer logged in', {
      type: 'session changed',
      session: { status: 'loggedIn', user: { perms: viewOnly, site_admin: false } },
    }),
  ],
  project: ({ context }) => ({
    session: context.session.status,
    route: context.request?.name ?? null,
  }),
  limit: 500,
  fakes: { actions: { 'remember attempted route': () => {}, 'notify route denied': () => {} } },
  states: {
    idle: (snapshot) => {
      expectThat(snapshot.context.request === null, 'no page should have been asked for');
    },
    waitingForSession: (snapshot) => {
      expectThat(selectGateVerdict(snapshot).kind === 'pending', 'the page should wait');
      expectThat(snapshot.context.session.status === 'unknown', 'the login state is unknown');
    },
    allowed: (snapshot) => {
      expectThat(selectGateVerdict(snapshot).kind === 'allowed', 'the page should open');
    },
    loginRequired: (snapshot) => {
      const verdict = selectGateVerdict(snapshot);
      expectThat(
        verdict.kind === 'login' && verdict.redirect === snapshot.context.request?.href,
        'the user should go to login with a redirect back to the page',
      );
    },
    denied: (snapshot) => {
      expectThat(selectGateVerdict(snapshot).kind === 'account', 'the user should go to account');
      expectThat(snapshot.context.request !== null, 'a page was asked for');
    },
  },
});
