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

type Session = 'unknown' | 'loggedOut' | 'loggedIn';
interface Projection {
  session: Session;
  route: string | null;
}

/** The sample pages: public ones open for everyone; may the sample viewer open the others? */
const PAGES: Record<string, { route: RouteName; public?: true; viewerMay?: boolean }> = {
  'open the password generator': { route: 'password-generator', public: true },
  'open account': { route: 'account', viewerMay: true },
  // portal.md: Billing needs the payments-view permission; Admin is for site admins.
  'open billing': { route: 'billing', viewerMay: false },
  'open admin': { route: 'admin', viewerMay: false },
};

/** Where a page request ends for a login state (portal.md §2 "Access"). */
function verdict(label: string, session: Session) {
  const page = PAGES[label];
  if (page.public) return 'allowed';
  if (session === 'unknown') return 'waitingForSession';
  if (session === 'loggedOut') return 'loginRequired';
  return page.viewerMay ? 'allowed' : 'denied';
}

/**
 * What a verdict does besides (portal.md §2 "Permission gating"): a page refused for lack of
 * permission is told ('You do not have permission to view this') and the attempted route is
 * kept in session storage. The spec names only the permission case; a page refused because
 * nobody is logged in keeps it too, as the user comes back to it after logging in (and the
 * spec's session timeout goes to login with the attempted route the same way).
 */
function runsOf(label: string, session: Session) {
  const page = PAGES[label];
  const remember = {
    'remember attempted route': {
      route: { name: page.route, href: routeByName(page.route).path },
    },
  };
  switch (verdict(label, session)) {
    case 'loginRequired':
      return remember;
    case 'denied':
      return { ...remember, 'notify route denied': true };
    default:
      return {};
  }
}

/** The sample page of a route. */
const labelOf = (route: string | null) =>
  Object.keys(PAGES).find((label) => PAGES[label].route === route) ?? '';

const SESSIONS: Record<string, Session> = {
  'login state unknown': 'unknown',
  'nobody logged in': 'loggedOut',
  'viewer logged in': 'loggedIn',
};

/** A settled gate only notes the login state. */
const notesTheSession = Object.fromEntries(
  Object.entries(SESSIONS).map(([label, session]) => [label, { to: 'stays', with: { session } }]),
);

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
      type: 'route.requested',
      route: route('password-generator'),
    }),
    sample('open account', { type: 'route.requested', route: route('account') }),
    sample('open billing', { type: 'route.requested', route: route('billing') }),
    sample('open admin', { type: 'route.requested', route: route('admin') }),
    sample('login state unknown', { type: 'session.changed', session: { status: 'unknown' } }),
    sample('nobody logged in', { type: 'session.changed', session: { status: 'loggedOut' } }),
    sample('viewer logged in', {
      type: 'session.changed',
      session: { status: 'loggedIn', user: { perms: viewOnly, site_admin: false } },
    }),
  ],
  project: ({ context }) => ({
    session: context.session.status,
    route: context.request?.name ?? null,
  }),
  limit: 500,
  fakes: { actions: { 'remember attempted route': () => {}, 'notify route denied': () => {} } },
  expect: {
    effects: ['remember attempted route', 'notify route denied'],
    // No page asked for yet, and the login state still undefined (portal.md §4 "Login state").
    start: { to: 'idle', with: { session: 'unknown', route: null } },
    on: {
      '*': Object.fromEntries(
        Object.keys(PAGES).map((label) => [
          label,
          ({ session }: Projection) => ({
            to: verdict(label, session),
            with: { route: PAGES[label].route },
            runs: runsOf(label, session),
          }),
        ]),
      ),
      idle: notesTheSession,
      allowed: notesTheSession,
      loginRequired: notesTheSession,
      denied: notesTheSession,
      // Waiting pages decide once the login state is known.
      waitingForSession: Object.fromEntries(
        Object.entries(SESSIONS).map(([label, session]) => [
          label,
          ({ route }: Projection) =>
            session === 'unknown'
              ? { to: 'waitingForSession', with: { session } }
              : {
                  to: verdict(labelOf(route), session),
                  with: { session },
                  runs: runsOf(labelOf(route), session),
                },
        ]),
      ),
    },
  },
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
