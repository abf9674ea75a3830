/** The session machine's registration: path samples, projection and state checks. */
import type { SessionUser, UserProfile } from '#shared/session';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { DEMO_USER, DEMO_USER_AS_ADMIN } from './samples.ts';
import { sessionMachine } from './session.machine.ts';
import {
  selectActingAs,
  selectLoggingIn,
  selectLoggingOut,
  selectLoginError,
  selectSessionStatus,
  selectSwitchingUser,
  selectUser,
} from './session.selectors.ts';

const admin: SessionUser = { ...DEMO_USER, username: 'admin', cid: 1, site_admin: true };

function profile(user: SessionUser): UserProfile {
  return {
    ...user,
    logged_in: true,
    info: {
      name: 'Dana Demo',
      first_name: 'Dana',
      middle_initial: '',
      last_name: 'Demo',
      business: '',
      dob: '1985-04-12',
      phone: '(801) 555-0123',
      email: 'dana@example.com',
    },
    service_address: null,
  };
}

export const sessionModel = defineMachine({
  name: 'session',
  title: 'Session',
  description:
    'Whether someone is logged in. When a page opens in a browser that holds a session (its ' +
    'session hint cookie), the portal asks the server for the profile: if that fails, nobody is ' +
    'logged in. A browser without a session is logged out at once and asks the server nothing. Logging in checks the username and password, ' +
    'loads the profile and goes on to the page the user wanted. Logging out clears the messages, ' +
    'says the user logged out and goes to the login page; an administrator who was acting as a ' +
    'customer goes back to the admin screen instead. When the session can no longer be renewed, ' +
    'the user goes to the login page with a "session timed out" notice and comes back to the same ' +
    'page after logging in again.',
  machine: sessionMachine,
  events: [
    sample('page opened with a session', { type: 'page.opened', sessionCookie: true }),
    sample('page opened without a session', { type: 'page.opened', sessionCookie: false }),
    sample('log in', {
      type: 'login.submitted',
      username: 'demo',
      password: 'correct horse',
      redirect: '/billing/',
    }),
    sample('logged in elsewhere', {
      type: 'session.started',
      user: DEMO_USER_AS_ADMIN,
      redirect: '/account/',
    }),
    sample('log out', { type: 'logout.pressed' }),
    sample('session can no longer be renewed', {
      type: 'session.expired',
      attempted: { name: 'billing', href: '/billing/' },
    }),
    sample('a refresh answers the user', { type: 'user.refreshed', user: DEMO_USER }),
    sample('contact information saved', { type: 'profile.changed', info: profile(DEMO_USER).info }),
    sample('profile arrives', {
      type: 'xstate.done.actor.fetchProfile',
      output: profile(DEMO_USER),
    }),
    sample('profile refused', {
      type: 'xstate.error.actor.fetchProfile',
      error: { status: 401, title: 'Not logged in', message: 'Please log in to continue.' },
    }),
    sample('password accepted', { type: 'xstate.done.actor.login', output: DEMO_USER }),
    sample('password refused', {
      type: 'xstate.error.actor.login',
      error: {
        status: 401,
        title: 'Login failed',
        message: 'The username or password is incorrect.',
      },
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
  project: ({ context }) => ({
    user: context.user?.username ?? null,
    loginError: context.loginError !== null,
  }),
  limit: 500,
  // portal.md §2, §4: login, a login elsewhere (another tab, the admin proxy), logout (back to
  // the administrator after acting as a customer), a session that can no longer be renewed.
  expect: {
    on: {
      // The hint cookie decides whether the server is asked at all (issue: no profile or refresh
      // call for a visitor without a session).
      opening: {
        'page opened with a session': 'unknown',
        'page opened without a session': { to: 'loggedOut.idle', with: { user: null } },
      },
      unknown: {
        'profile arrives': { to: 'loggedIn.active', with: { user: 'demo' } },
        'profile refused': { to: 'loggedOut.idle', with: { user: null } },
      },
      'loggedOut.idle': {
        'log in': 'loggedOut.loggingIn',
        'logged in elsewhere': 'loggedOut.loadingProfile',
      },
      'loggedOut.loggingIn': {
        'password accepted': 'loggedOut.loadingProfile',
        'password refused': { to: 'loggedOut.idle', with: { user: null, loginError: true } },
      },
      'loggedOut.loadingProfile': {
        'profile arrives': { to: 'loggedIn.active', with: { user: 'demo', loginError: false } },
        'profile refused': { to: 'loggedOut.idle', with: { user: null } },
      },
      'loggedIn.active': {
        'a refresh answers the user': { to: 'stays', with: { user: 'demo' } },
        'contact information saved': 'stays',
        'log out': 'loggedIn.loggingOut',
        'logged in elsewhere': 'loggedIn.switching',
        'session can no longer be renewed': { to: 'loggedOut.idle', with: { user: null } },
      },
      'loggedIn.loggingOut': {
        'logged out': { to: 'loggedOut.idle', with: { user: null } },
        'logout unreachable': { to: 'loggedOut.idle', with: { user: null } },
        'admin restored': 'loggedIn.returningToAdmin',
      },
      'loggedIn.returningToAdmin': {
        'profile arrives': 'loggedIn.active',
        'profile refused': { to: 'loggedOut.idle', with: { user: null } },
      },
      'loggedIn.switching': {
        'profile arrives': 'loggedIn.active',
        'profile refused': { to: 'loggedOut.idle', with: { user: null } },
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
    'loggedOut.idle': (snapshot) => {
      expectThat(selectSessionStatus(snapshot) === 'loggedOut', 'the user should be logged out');
      expectThat(selectUser(snapshot) === null, 'no user should be shown');
      expectThat(!selectLoggingIn(snapshot), 'the login form should not be busy');
      const error = selectLoginError(snapshot);
      expectThat(
        error === null || error.message !== '',
        'a failed login should show the server’s message',
      );
    },
    'loggedOut.loggingIn': (snapshot) => {
      expectThat(selectLoggingIn(snapshot), 'the login form should show it is busy');
    },
    'loggedOut.loadingProfile': (snapshot) => {
      expectThat(selectLoggingIn(snapshot), 'the login form should show it is busy');
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
