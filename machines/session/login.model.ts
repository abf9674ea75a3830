/** The login's registration (the session's child): path samples, projection and state checks. */
import { SESSION_MESSAGES } from '#shared/session/messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { loginMachine } from './login.machine.ts';
import {
  selectLoggingIn,
  selectLoginError,
  selectSecondFactorStep,
  selectSecondFactorUsername,
  type LoginSnapshot,
} from './login.selectors.ts';
import {
  DEMO_USER,
  DEMO_USER_AS_ADMIN,
  ELSEWHERE_REDIRECT,
  LOGIN_REDIRECT,
  profile,
} from './samples.ts';

const PASSKEY_CHALLENGE = 'Y2hhbGxlbmdlLW9uZQ';
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Ridgeline%20Fiber:demo?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
/** The login the samples type. */
const TYPED = { username: 'demo', password: 'correct horse' };

interface Projection {
  /** The failed login's message, on the login form. */
  loginError: string | null;
  /** The failed login's title above it. */
  loginTitle: string | null;
  redirect: string | null;
  /** The login form shows it is busy (the password or the profile on their way). */
  busy: boolean;
  /** The second-factor step shows (its code, or setting the app up), for this username. */
  secondFactor: string | null;
  /**
   * What the second factor's step was told the login has (docs/session.md "Second factor",
   * "Passkeys"): an app to set up, the app, or passkeys alone.
   */
  asked: 'setup' | 'app' | 'passkey' | null;
}

function askedOf(snapshot: LoginSnapshot): Projection['asked'] {
  const pending = snapshot.matches('secondFactor') ? snapshot.context.pending : null;
  if (!pending) return null;
  if (pending.setup) return 'setup';
  return pending.passkey && pending.codes === false ? 'passkey' : 'app';
}

function project(snapshot: LoginSnapshot): Projection {
  return {
    loginError: selectLoginError(snapshot)?.message ?? null,
    loginTitle: selectLoginError(snapshot)?.title ?? null,
    redirect: snapshot.context.redirect,
    busy: selectLoggingIn(snapshot),
    secondFactor: selectSecondFactorStep(snapshot) ? selectSecondFactorUsername(snapshot) : null,
    asked: askedOf(snapshot),
  };
}

export const loginModel = defineMachine({
  name: 'login',
  title: 'Login',
  description:
    'A login, while nobody is logged in (the session runs it). The login form waits for a ' +
    'username and password; the server checks them. A wrong password shows the server’s title ' +
    'and message and the form waits again. A login with a second factor (or whose account ' +
    'requires one) asks for its code after the right password, before the profile loads; going ' +
    'back forgets the password. Then the profile loads, and the login ends with it and the page ' +
    'the user wanted. A login from elsewhere (another tab, the signup, an administrator acting ' +
    'as a customer) only loads the profile.',
  machine: loginMachine,
  events: [
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
    sample('password accepted', { type: 'xstate.done.actor.checkPassword', output: DEMO_USER }),
    sample('password refused', {
      type: 'xstate.error.actor.checkPassword',
      error: {
        status: 401,
        title: 'Login failed',
        message: 'The username or password is incorrect.',
      },
    }),
    sample('password right, a code is asked', {
      type: 'xstate.error.actor.checkPassword',
      error: {
        status: 401,
        title: SESSION_MESSAGES.secondFactorRequiredTitle,
        message: SECOND_FACTOR_MESSAGES.required,
      },
    }),
    // docs/session.md "Passkeys": the answer names the login's methods and carries the
    // passkeys' request.
    sample('password right, a passkey is asked (no app)', {
      type: 'xstate.error.actor.checkPassword',
      error: {
        status: 401,
        title: SESSION_MESSAGES.secondFactorRequiredTitle,
        message: SECOND_FACTOR_MESSAGES.required,
        body: { methods: ['passkey'], webauthn: { challenge: PASSKEY_CHALLENGE } },
      },
    }),
    sample('log in, no page asked for', {
      type: 'login.submitted',
      username: 'demo',
      password: 'correct horse',
    }),
    sample('password right, the account requires setting a factor up', {
      type: 'xstate.error.actor.checkPassword',
      error: {
        status: 401,
        title: SESSION_MESSAGES.secondFactorSetupRequiredTitle,
        message: SECOND_FACTOR_MESSAGES.setupRequired,
        body: { setup: SETUP },
      },
    }),
    sample('the code is taken', { type: 'xstate.done.actor.secondFactor', output: DEMO_USER }),
    sample('go back to the password', { type: 'login.cancelled' }),
    sample('profile arrives', {
      type: 'xstate.done.actor.fetchProfile',
      output: profile(DEMO_USER),
    }),
    sample('profile refused', {
      type: 'xstate.error.actor.fetchProfile',
      error: { status: 401, title: 'Not logged in', message: 'Please log in to continue.' },
    }),
  ],
  project,
  limit: 500,
  // portal.md §2, §4; docs/session.md "Second factor".
  expect: {
    effects: [],
    // The login form waits: no failed login yet, nowhere to go, nothing on its way.
    start: {
      to: 'idle',
      with: {
        loginError: null,
        loginTitle: null,
        redirect: null,
        busy: false,
        secondFactor: null,
        asked: null,
      },
    },
    // POST /auth/tokens with what was typed; the step is told who logs in and how.
    inputs: {
      checkPassword: () => TYPED,
      secondFactor: (p) => ({
        mode: 'login',
        ...TYPED,
        setup: p.asked === 'setup' ? SETUP : null,
        passkey: p.asked === 'passkey' ? { challenge: PASSKEY_CHALLENGE } : null,
        codes: p.asked !== 'passkey',
      }),
    },
    on: {
      // The page the login was asked to lead to is kept for after the profile.
      idle: {
        'log in': {
          to: 'loggingIn',
          with: { redirect: LOGIN_REDIRECT, busy: true, loginError: null },
        },
        'log in, no page asked for': {
          to: 'loggingIn',
          with: { redirect: null, busy: true, loginError: null },
        },
        'logged in elsewhere': {
          to: 'loadingProfile',
          with: { redirect: ELSEWHERE_REDIRECT, busy: true, loginError: null },
        },
      },
      loggingIn: {
        'password accepted': { to: 'loadingProfile', with: { busy: true } },
        'password refused': {
          to: 'idle',
          with: {
            loginError: 'The username or password is incorrect.',
            loginTitle: 'Login failed',
            busy: false,
          },
        },
        // docs/session.md "Second factor": a right password is not yet a login; the code follows.
        'password right, a code is asked': {
          to: 'secondFactor',
          with: { loginError: null, busy: false, secondFactor: 'demo', asked: 'app' },
        },
        'password right, a passkey is asked (no app)': {
          to: 'secondFactor',
          with: { loginError: null, busy: false, secondFactor: 'demo', asked: 'passkey' },
        },
        'password right, the account requires setting a factor up': {
          to: 'secondFactor',
          with: { loginError: null, busy: false, secondFactor: 'demo', asked: 'setup' },
        },
      },
      secondFactor: {
        'the code is taken': { to: 'loadingProfile', with: { busy: true, secondFactor: null } },
        // Cancel goes back to the password and forgets it.
        'go back to the password': {
          to: 'idle',
          with: { secondFactor: null, loginError: null, busy: false },
        },
      },
      // Logged in: the login ends, with the page the user wanted (portal.md §2).
      loadingProfile: {
        'profile arrives': { to: 'loggedIn', with: { loginError: null, busy: false } },
        // A profile that cannot be read means logged out (portal.md §4 "Login state").
        'profile refused': {
          to: 'idle',
          with: {
            busy: false,
            loginError: 'Please log in to continue.',
            loginTitle: 'Not logged in',
          },
        },
      },
    },
  },
  states: {
    idle: (snapshot) => {
      expectThat(!selectLoggingIn(snapshot), 'the login form should not be busy');
      expectThat(selectSecondFactorStep(snapshot) === null, 'no code step should show');
      // docs/session.md "Second factor": Cancel goes back to the password and forgets it.
      expectThat(
        snapshot.context.pending === null,
        'no password should be kept while the form waits',
      );
      const error = selectLoginError(snapshot);
      expectThat(
        error === null || error.message !== '',
        'a failed login should show the server’s message',
      );
    },
    loggingIn: (snapshot) => {
      expectThat(selectLoggingIn(snapshot), 'the login form should show it is busy');
    },
    secondFactor: (snapshot) => {
      expectThat(selectSecondFactorStep(snapshot) !== null, 'the code step should show');
      expectThat(snapshot.context.pending !== null, 'the password is kept for the code');
    },
    loadingProfile: (snapshot) => {
      expectThat(selectLoggingIn(snapshot), 'the login form should show it is busy');
      expectThat(snapshot.context.pending === null, 'the password is no longer kept');
    },
    loggedIn: (snapshot) => {
      expectThat(snapshot.status === 'done', 'the login should have ended');
      expectThat(snapshot.output?.profile.username === 'demo', 'the login ends with the profile');
      expectThat(
        snapshot.output?.redirect === project(snapshot).redirect,
        'the login ends with the page it was asked to lead to',
      );
    },
  },
});
