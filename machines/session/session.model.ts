/**
 * The session machine's registration: path samples, projection and state checks. The login is its
 * child (login.model.ts registers it on its own): here the walk answers for it, its end a sample.
 */
import { emptyPerms } from '#shared/permissions';
import type { SessionUser } from '#shared/session/types';
import { selectAccountSections } from '../people/account.selectors.ts';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import {
  DEMO_USER,
  DEMO_USER_AS_ADMIN,
  ELSEWHERE_REDIRECT,
  LOGIN_REDIRECT,
  profile,
} from './samples.ts';
import { sessionMachine } from './session.machine.ts';
import {
  selectActingAs,
  selectLoginActor,
  selectLoggingOut,
  selectPortalTabs,
  selectSessionStatus,
  selectSwitchingUser,
  selectUser,
  selectUsername,
} from './session.selectors.ts';

const admin: SessionUser = { ...DEMO_USER, username: 'admin', cid: 1, site_admin: true };
/** The demo user given every right and the site admin's rights (a refresh answers them). */
const EVERY_RIGHT: SessionUser = {
  ...DEMO_USER,
  site_admin: true,
  perms: Object.fromEntries(
    Object.keys(emptyPerms()).map((category) => [category, { has_view: true, has_manage: true }]),
  ),
};

/** A site admin acting as the demo customer, whose login may see billing only. */
const ACTING_BILLING_ONLY: SessionUser = {
  ...DEMO_USER_AS_ADMIN,
  perms: { ...emptyPerms(), payments: { has_view: true, has_manage: false } },
};

/** The page the user was on when the session could no longer be renewed. */
const ATTEMPTED = { name: 'billing', href: '/billing/' };

interface Projection {
  user: string | null;
  redirect: string | null;
  /** What the page shows is under way: a logout, a switch of user. */
  busy: 'logging out' | 'switching' | null;
  /** While a site admin acts as a customer: "customer for admin". */
  acting: string | null;
  /** The portal's tabs: "Account · Admin". */
  tabs: string;
  /** What Account Home shows: "info · edit · billing amounts · services · contacts · manage". */
  account: string;
  /** A login runs (the login form and what follows it, login.machine.ts). */
  login: boolean;
}

type Snapshot = Parameters<typeof selectUser>[0];

function project(snapshot: Snapshot): Projection {
  const acting = selectActingAs(snapshot);
  return {
    user: selectUsername(snapshot),
    redirect: snapshot.context.redirect,
    busy: selectLoggingOut(snapshot)
      ? 'logging out'
      : selectSwitchingUser(snapshot)
        ? 'switching'
        : null,
    acting: acting ? `${acting.customer} for ${acting.admin}` : null,
    tabs: selectPortalTabs(snapshot, true)
      .map((tab) => tab.label)
      .join(' · '),
    account: accountWords(selectAccountSections(snapshot)),
    login: selectLoginActor(snapshot) !== null,
  };
}

function accountWords(sections: ReturnType<typeof selectAccountSections>): string {
  if (!sections) return '';
  const grants = Object.values(sections.granter).filter((right) => right.has_manage).length;
  return [
    sections.readInfo ? 'info' : 'profile',
    sections.editInfo ? 'edit' : null,
    sections.billing ? `billing ${sections.billing}` : null,
    sections.services ? 'services' : null,
    sections.contacts ? 'contacts' : null,
    sections.manageContacts ? 'manage' : null,
    sections.actingAdmin ? 'acting' : null,
    `grants ${grants}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The tabs portal.md §2 gives a user: Account always, Admin for a site admin, Services with
 * services view, Billing with payments view.
 */
function tabsOf(user: SessionUser): string {
  return [
    'Account',
    user.site_admin ? 'Admin' : null,
    user.perms.services?.has_view ? 'Services' : null,
    user.perms.payments?.has_view ? 'Billing' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * What Account Home shows a user (portal.md §2, §6; docs/people.md "Account Home"): the
 * account's information with account view (else the profile's), its edit form with account
 * manage, the billing summary's amounts with payments and account view (its link alone with
 * payments view), the services summary with services view, the contacts with contacts view,
 * their changes with contacts manage or to a site admin acting as the customer, who may grant
 * every right; anyone else grants only the manage rights they hold.
 */
function accountOf(user: SessionUser): string {
  const view = (category: keyof SessionUser['perms']) => user.perms[category]?.has_view === true;
  const manage = (category: keyof SessionUser['perms']) =>
    user.perms[category]?.has_manage === true;
  const acting = user.proxy !== null;
  const categories = Object.keys(emptyPerms()) as (keyof SessionUser['perms'])[];
  return [
    view('account') ? 'info' : 'profile',
    manage('account') ? 'edit' : null,
    view('payments') ? (view('account') ? 'billing amounts' : 'billing link') : null,
    view('services') ? 'services' : null,
    view('contacts') ? 'contacts' : null,
    manage('contacts') || acting ? 'manage' : null,
    acting ? 'acting' : null,
    `grants ${acting ? categories.length : categories.filter(manage).length}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Logging out (portal.md §4 "Logout"): the notices are cleared and a logout notice shows; the
 * user goes to login. Whether the logout was an acting admin's is what the notice is told.
 */
const LOGGED_OUT = {
  'clear notices': true,
  'show logout notice': { proxy: false },
  'go to login': { timeout: false, redirect: null },
} as const;
/**
 * A profile that cannot be read after a switch of user means logged out (portal.md §4 "Login
 * state"): the user goes to login, with no timeout notice and nowhere to come back to.
 */
const TO_LOGIN = { 'go to login': { timeout: false, redirect: null } } as const;

export const sessionModel = defineMachine({
  name: 'session',
  title: 'Session',
  description:
    'Whether someone is logged in. When a page opens in a browser that holds a session (its ' +
    'session hint cookie), the portal asks the server for the profile: if that fails, nobody is ' +
    'logged in. A browser without a session is logged out at once and asks the server nothing. While nobody is logged in, a login runs (its ' +
    'own chart: the password, the second factor, the profile); once it has the profile, the user ' +
    'is logged in and goes on to the page the login named. Logging out clears the messages, ' +
    'says the user logged out and goes to the login page; an administrator who was acting as a ' +
    'customer goes back to the admin screen instead. When the session can no longer be renewed, ' +
    'the user goes to the login page with a "session timed out" notice and comes back to the same ' +
    'page after logging in again.',
  machine: sessionMachine,
  events: [
    // The login page's events, passed on to the login.
    sample('go back to the password', { type: 'login.cancelled' }),
    sample('page opened with a session', { type: 'page.opened', sessionCookie: true }),
    sample('page opened without a session', { type: 'page.opened', sessionCookie: false }),
    sample('log in', {
      type: 'login.submitted',
      username: 'demo',
      password: 'correct horse',
      redirect: LOGIN_REDIRECT,
    }),
    sample('logged in elsewhere', {
      type: 'session.started',
      user: DEMO_USER_AS_ADMIN,
      redirect: ELSEWHERE_REDIRECT,
    }),
    sample('log out', { type: 'logout.pressed' }),
    sample('session can no longer be renewed', {
      type: 'session.expired',
      attempted: ATTEMPTED,
    }),
    sample('a refresh answers the user', { type: 'user.refreshed', user: DEMO_USER }),
    sample('a refresh gives every right', { type: 'user.refreshed', user: EVERY_RIGHT }),
    sample('a refresh answers an acting admin who may see billing only', {
      type: 'user.refreshed',
      user: ACTING_BILLING_ONLY,
    }),
    sample('contact information saved', { type: 'profile.changed', info: profile(DEMO_USER).info }),
    sample('profile arrives', {
      type: 'xstate.done.actor.fetchProfile',
      output: profile(DEMO_USER),
    }),
    sample('profile refused', {
      type: 'xstate.error.actor.fetchProfile',
      error: { status: 401, title: 'Not logged in', message: 'Please log in to continue.' },
    }),
    sample('the login ends with the profile', {
      type: 'xstate.done.actor.login',
      output: { profile: profile(DEMO_USER), redirect: LOGIN_REDIRECT },
    }),
    sample('logged out', {
      type: 'xstate.done.actor.logout',
      output: { proxy_logout: false, title: 'Access denied', msg: 'Logout complete' },
    }),
    sample('admin restored', {
      type: 'xstate.done.actor.logout',
      output: { ...admin, proxy_logout: true },
    }),
    sample('logout unreachable', {
      type: 'xstate.error.actor.logout',
      error: { status: 0, message: 'Timed out when trying to contact server' },
    }),
  ],
  project,
  limit: 500,
  // portal.md §2, §4: login, a login elsewhere (another tab, the admin proxy), logout (back to
  // the administrator after acting as a customer), a session that can no longer be renewed.
  // The app's navigation and notices are effects: each runs exactly where a row says so.
  expect: {
    effects: [
      'clear notices',
      'show logout notice',
      'remember attempted route',
      'go to login',
      'go to page after login',
      'go to admin proxy',
    ],
    // Before the page opens the login state is undefined (portal.md §4 "Login state"): nobody
    // logged in, no login running yet, nowhere to go after a login.
    start: {
      to: 'opening',
      with: {
        user: null,
        redirect: null,
        busy: null,
        login: false,
        acting: null,
        tabs: '',
        account: '',
      },
    },
    on: {
      // The hint cookie decides whether the server is asked at all (issue: no profile or refresh
      // call for a visitor without a session).
      opening: {
        'page opened with a session': 'unknown',
        'page opened without a session': { to: 'loggedOut', with: { user: null, login: true } },
      },
      unknown: {
        'profile arrives': { to: 'loggedIn.active', with: { user: 'demo' } },
        'profile refused': { to: 'loggedOut', with: { user: null } },
      },
      // Nobody is logged in: a login runs, and the login page's events go to it (login.model.ts
      // walks what it does with them).
      loggedOut: {
        'log in': { to: 'stays', with: { user: null, login: true } },
        'go back to the password': { to: 'stays', with: { user: null, login: true } },
        'logged in elsewhere': { to: 'stays', with: { user: null, login: true } },
        // Logged in, the user goes on to the page the login named (the login's redirect,
        // portal.md §2).
        'the login ends with the profile': {
          to: 'loggedIn.active',
          with: {
            user: 'demo',
            redirect: LOGIN_REDIRECT,
            busy: null,
            login: false,
            tabs: tabsOf(DEMO_USER),
            account: accountOf(DEMO_USER),
          },
          runs: { 'go to page after login': { redirect: LOGIN_REDIRECT } },
        },
      },
      // A renewal's user replaces the one shown, rights and tabs included (portal.md §2),
      // whatever the session is doing.
      loggedIn: {
        'a refresh answers the user': {
          to: 'stays',
          with: { user: 'demo', tabs: tabsOf(DEMO_USER), account: accountOf(DEMO_USER) },
        },
        'a refresh gives every right': {
          to: 'stays',
          with: { user: 'demo', tabs: tabsOf(EVERY_RIGHT), account: accountOf(EVERY_RIGHT) },
        },
        'a refresh answers an acting admin who may see billing only': {
          to: 'stays',
          with: {
            user: 'demo',
            acting: 'Dana Demo for admin',
            tabs: tabsOf(ACTING_BILLING_ONLY),
            account: accountOf(ACTING_BILLING_ONLY),
          },
        },
      },
      'loggedIn.active': {
        'contact information saved': 'stays',
        'log out': { to: 'loggedIn.loggingOut', with: { busy: 'logging out' } },
        'logged in elsewhere': {
          to: 'loggedIn.switching',
          with: { redirect: ELSEWHERE_REDIRECT, busy: 'switching' },
        },
        // portal.md §2: after a session timeout the user goes to login with timeout=true and a
        // redirect to the attempted route, whose name is kept in session storage.
        'session can no longer be renewed': {
          to: 'loggedOut',
          with: { user: null },
          runs: {
            'remember attempted route': { route: ATTEMPTED },
            'go to login': { timeout: true, redirect: ATTEMPTED.href },
          },
        },
      },
      'loggedIn.loggingOut': {
        'logged out': { to: 'loggedOut', with: { user: null }, runs: LOGGED_OUT },
        // The spec does not say what a logout the server never answered does; the user asked to
        // leave, so the portal logs them out as if it had (a shared computer must not stay open).
        'logout unreachable': { to: 'loggedOut', with: { user: null }, runs: LOGGED_OUT },
        // proxy_logout: the notices are cleared and the notice says the admin left the customer.
        'admin restored': {
          to: 'loggedIn.returningToAdmin',
          with: { busy: 'logging out' },
          runs: { 'clear notices': true, 'show logout notice': { proxy: true } },
        },
      },
      // The restored admin goes to admin-proxy (portal.md §4 "Logout") once they are known.
      'loggedIn.returningToAdmin': {
        'profile arrives': { to: 'loggedIn.active', runs: { 'go to admin proxy': true } },
        'profile refused': { to: 'loggedOut', with: { user: null }, runs: TO_LOGIN },
      },
      // Someone else logged the user in (the admin acting as a customer): their page opens.
      'loggedIn.switching': {
        'profile arrives': ({ redirect }: Projection) => ({
          to: 'loggedIn.active',
          runs: { 'go to page after login': { redirect } },
        }),
        'profile refused': { to: 'loggedOut', with: { user: null }, runs: TO_LOGIN },
      },
    },
  },
  states: {
    opening: (snapshot) => {
      expectThat(
        selectSessionStatus(snapshot) === 'unknown',
        'the login state should be undefined',
      );
      expectThat(selectUser(snapshot) === null, 'nobody should be shown as logged in');
    },
    unknown: (snapshot) => {
      expectThat(
        selectSessionStatus(snapshot) === 'unknown',
        'the login state should be undefined',
      );
      expectThat(selectUser(snapshot) === null, 'nobody should be shown as logged in');
    },
    loggedOut: (snapshot) => {
      expectThat(selectSessionStatus(snapshot) === 'loggedOut', 'the user should be logged out');
      expectThat(selectUser(snapshot) === null, 'no user should be shown');
      expectThat(selectLoginActor(snapshot) !== null, 'a login should run for the login page');
    },
    'loggedIn.active': (snapshot) => {
      expectThat(selectSessionStatus(snapshot) === 'loggedIn', 'the user should be logged in');
      expectThat(selectUser(snapshot) !== null, 'the logged-in user should be known');
      expectThat(!selectLoggingOut(snapshot), 'no logout should be under way');
      const actingAs = selectActingAs(snapshot);
      expectThat(
        actingAs === null || actingAs.admin !== '',
        'an admin acting as a customer should be named',
      );
    },
    'loggedIn.switching': (snapshot) => {
      expectThat(selectSwitchingUser(snapshot), 'the switch to another user should show');
    },
    'loggedIn.loggingOut': (snapshot) => {
      expectThat(selectLoggingOut(snapshot), 'the logout should show it is under way');
    },
    'loggedIn.returningToAdmin': (snapshot) => {
      expectThat(selectLoggingOut(snapshot), 'the return to the admin should show');
    },
  },
});
