/**
 * The login state (portal.md §4): undefined until the profile answers, then logged in or logged
 * out; a failed profile fetch means logged out. A browser that holds no session (no session hint
 * cookie, set and cleared with the session cookies) is logged out at once: the page asks the
 * server nothing, so public pages never wait for a profile that cannot come. Logging out clears the notices and shows a logout
 * notice, then goes to login or, when an admin stops acting as a customer (`proxy_logout`), back
 * to the admin proxy screen. When the token coordinator reports that the session could not be
 * renewed, the user goes to login with the timeout flag and a redirect to where they were.
 * A right password of a login with a second factor (or one its customer requires) is answered
 * `Second Factor Required` (or `Second Factor Setup Required`): the login's code step
 * (second-factor.machine.ts) runs as the child `secondFactor`, with the password kept until it
 * ends or the person cancels (docs/session.md "Second factor"). The app provides it, and loads its
 * code with the first answer that asks for a code rather than with every page.
 *
 * HTTP calls are named actors and navigation is named actions: the web app provides them.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SESSION_MESSAGES } from '#shared/messages/session';
import type { TotpSetup } from '#shared/second-factor';
import type { LoginRequest, LogoutResponse, SessionUser, UserProfile } from '#shared/session';
import type { SecondFactorLogic } from './second-factor.machine.ts';
import { providedByTheApp, requestFailureOf, type AttemptedRoute } from './types.ts';

export interface SessionContext {
  /** The logged-in user's profile; null while logged out or not yet known. */
  user: UserProfile | null;
  /** Why the last login failed: the server's title and message. */
  loginError: { title: string; message: string } | null;
  /** Where to go once logged in (the login page's redirect). */
  redirect: string | null;
  /**
   * The login under way: its username and password, kept while the password is checked and the
   * second factor is asked for, and the authenticator account to add when one must be set up
   * (or the second factor the answer named: the passkeys' request, whether codes count).
   */
  pending: {
    username: string;
    password: string;
    setup: TotpSetup | null;
    passkey?: PublicKeyCredentialRequestOptionsJSON | null;
    codes?: boolean;
  } | null;
}

export type SessionEvent =
  /** The page starts: whether the browser holds a session (the session hint cookie). */
  | { type: 'page.opened'; sessionCookie: boolean }
  | { type: 'login.submitted'; username: string; password: string; redirect?: string | null }
  /** The person leaves the second factor's step (back to the password). */
  | { type: 'login.cancelled' }
  /** Someone else logged the user in (signup's automatic login, an admin acting as a customer). */
  | { type: 'session.started'; user: SessionUser; redirect?: string | null }
  | { type: 'logout.pressed' }
  /** The token coordinator could not renew the session (the refresh answered 401). */
  | { type: 'session.expired'; attempted: AttemptedRoute | null }
  /** A refresh or re-authentication answered the user afresh (permissions may change). */
  | { type: 'user.refreshed'; user: SessionUser }
  /** The account page saved new contact information. */
  | { type: 'profile.changed'; info: UserProfile['info'] }
  /** The answers of the profile, login and logout calls the machine follows. */
  | { type: 'xstate.done.actor.fetchProfile'; output: UserProfile }
  | { type: 'xstate.error.actor.fetchProfile'; error: unknown }
  | { type: 'xstate.error.actor.login'; error: unknown }
  | { type: 'xstate.done.actor.secondFactor'; output: SessionUser }
  | { type: 'xstate.done.actor.logout'; output: LogoutResponse };

function withSessionUser(profile: UserProfile | null, user: SessionUser): UserProfile | null {
  if (!profile || profile.username !== user.username) return profile;
  return { ...profile, ...user };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** GET /user/profile. */
    fetchProfile: fromPromise<UserProfile>(async () => {
      throw new Error('fetchProfile is provided by the app');
    }),
    /** POST /auth/tokens. */
    login: fromPromise<SessionUser, Omit<LoginRequest, 'store_in_cookies'>>(async () => {
      throw new Error('login is provided by the app');
    }),
    /** DELETE /auth/tokens. */
    logout: fromPromise<LogoutResponse>(async () => {
      throw new Error('logout is provided by the app');
    }),
    /** The code step: second-factor.machine.ts with its `verify` (not loaded with every page). */
    secondFactor: providedByTheApp<SecondFactorLogic>('secondFactor'),
  },
  actions: {
    'store profile': assign({
      user: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.fetchProfile');
        return event.output ?? null;
      },
      loginError: null,
    }),
    'forget user': assign({ user: null }),
    'keep the credentials': assign({
      pending: ({ event }) => {
        assertEvent(event, 'login.submitted');
        return { username: event.username, password: event.password, setup: null };
      },
    }),
    'keep the account to set up': assign({
      pending: ({ context, event }) => {
        assertEvent(event, 'xstate.error.actor.login');
        const failure = requestFailureOf(event.error);
        const setup = failure.setup ?? null;
        const passkey = failure.passkey ?? null;
        const codes = failure.methods?.includes('totp') ?? true;
        return context.pending && { ...context.pending, setup, passkey, codes };
      },
    }),
    'forget the credentials': assign({ pending: null }),
    'store redirect': assign({
      redirect: ({ event }) =>
        event.type === 'login.submitted' || event.type === 'session.started'
          ? (event.redirect ?? null)
          : null,
      loginError: null,
    }),
    'store login failure': assign({
      loginError: ({ event }) => {
        assertEvent(event, ['xstate.error.actor.login', 'xstate.error.actor.fetchProfile']);
        const failure = requestFailureOf(event.error);
        return { title: failure.title ?? '', message: failure.message };
      },
    }),
    'store refreshed user': assign({
      user: ({ context, event }) =>
        event.type === 'user.refreshed' ? withSessionUser(context.user, event.user) : context.user,
    }),
    'store contact information': assign({
      user: ({ context, event }) =>
        event.type === 'profile.changed' && context.user
          ? { ...context.user, info: event.info }
          : context.user,
    }),
    // Provided by the app:
    'clear notices': () => {},
    'show logout notice': (_, _params: { proxy: boolean }) => {},
    'remember attempted route': (_, _params: { route: AttemptedRoute | null }) => {},
    'go to login': (_, _params: { timeout: boolean; redirect: string | null }) => {},
    'go to page after login': (_, _params: { redirect: string | null }) => {},
    'go to admin proxy': () => {},
  },
  guards: {
    'the password was right and a code is asked for': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.login');
      const failure = requestFailureOf(event.error);
      return (
        failure.status === 401 &&
        (failure.title === SESSION_MESSAGES.secondFactorRequiredTitle ||
          failure.title === SESSION_MESSAGES.secondFactorSetupRequiredTitle)
      );
    },
    'the browser holds a session': ({ event }) =>
      event.type === 'page.opened' && event.sessionCookie,
    'an admin stops acting as a customer': ({ event }) => {
      assertEvent(event, 'xstate.done.actor.logout');
      return event.output?.proxy_logout === true;
    },
  },
}).createMachine({
  id: 'session',
  description:
    'Whether someone is logged in, and what happens when they log in, log out, or their session runs out.',
  context: { user: null, loginError: null, redirect: null, pending: null },
  initial: 'opening',
  states: {
    opening: {
      description:
        'The page starts and looks for the session hint cookie: only a browser that holds a session asks for the profile.',
      on: {
        'page.opened': [
          { guard: 'the browser holds a session', target: 'unknown' },
          { target: 'loggedOut' },
        ],
      },
    },
    unknown: {
      description:
        'Login state undefined: the profile is being fetched. A failed fetch means logged out.',
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: { target: 'loggedIn', actions: 'store profile' },
        onError: { target: 'loggedOut' },
      },
    },
    loggedOut: {
      description: 'Nobody is logged in: the login page and the public pages work.',
      initial: 'idle',
      states: {
        idle: {
          description:
            'The login form waits; a failed attempt shows the server’s title and message.',
          on: {
            'login.submitted': {
              target: 'loggingIn',
              actions: ['store redirect', 'keep the credentials'],
            },
            'session.started': { target: 'loadingProfile', actions: 'store redirect' },
          },
        },
        loggingIn: {
          description: 'The username and password are being checked.',
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) =>
              event.type === 'login.submitted'
                ? { username: event.username, password: event.password }
                : { username: '', password: '' },
            onDone: { target: 'loadingProfile', actions: 'forget the credentials' },
            onError: [
              {
                guard: 'the password was right and a code is asked for',
                target: 'secondFactor',
                actions: 'keep the account to set up',
              },
              { target: 'idle', actions: ['store login failure', 'forget the credentials'] },
            ],
          },
        },
        secondFactor: {
          description:
            'The password was right: the second factor’s code is asked for (or the authenticator app the account requires is set up).',
          invoke: {
            id: 'secondFactor',
            src: 'secondFactor',
            input: ({ context }) => ({
              mode: 'login' as const,
              username: context.pending?.username ?? '',
              password: context.pending?.password ?? '',
              setup: context.pending?.setup ?? null,
              passkey: context.pending?.passkey ?? null,
              codes: context.pending?.codes ?? true,
            }),
            onDone: { target: 'loadingProfile', actions: 'forget the credentials' },
          },
          on: { 'login.cancelled': { target: 'idle', actions: 'forget the credentials' } },
        },
        loadingProfile: {
          description: 'Logged in: the profile is being fetched before the user moves on.',
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            onDone: {
              target: '#session.loggedIn',
              actions: [
                'store profile',
                {
                  type: 'go to page after login',
                  params: ({ context }) => ({ redirect: context.redirect }),
                },
              ],
            },
            onError: { target: 'idle', actions: 'store login failure' },
          },
        },
      },
    },
    loggedIn: {
      description: 'Someone is logged in: the portal shows their tabs and their name.',
      initial: 'active',
      on: {
        'user.refreshed': { actions: 'store refreshed user' },
        'profile.changed': { actions: 'store contact information' },
      },
      states: {
        active: {
          description: 'The user works in the portal.',
          on: {
            'logout.pressed': 'loggingOut',
            'session.started': { target: 'switching', actions: 'store redirect' },
            'session.expired': {
              target: '#session.loggedOut',
              actions: [
                'forget user',
                {
                  type: 'remember attempted route',
                  params: ({ event }) => ({ route: event.attempted }),
                },
                {
                  type: 'go to login',
                  params: ({ event }) => ({
                    timeout: true,
                    redirect: event.attempted?.href ?? null,
                  }),
                },
              ],
            },
          },
        },
        switching: {
          description:
            'The user became someone else (an admin acting as a customer): their profile is fetched.',
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            onDone: {
              target: 'active',
              actions: [
                'store profile',
                {
                  type: 'go to page after login',
                  params: ({ context }) => ({ redirect: context.redirect }),
                },
              ],
            },
            onError: {
              target: '#session.loggedOut',
              actions: [
                'forget user',
                { type: 'go to login', params: { timeout: false, redirect: null } },
              ],
            },
          },
        },
        loggingOut: {
          description: 'The server ends the session (or hands an acting admin back their own).',
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: [
              {
                guard: 'an admin stops acting as a customer',
                target: 'returningToAdmin',
                actions: ['clear notices', { type: 'show logout notice', params: { proxy: true } }],
              },
              {
                target: '#session.loggedOut',
                actions: [
                  'forget user',
                  'clear notices',
                  { type: 'show logout notice', params: { proxy: false } },
                  { type: 'go to login', params: { timeout: false, redirect: null } },
                ],
              },
            ],
            // Whatever the server answered, the user asked to leave: the page forgets them.
            onError: {
              target: '#session.loggedOut',
              actions: [
                'forget user',
                'clear notices',
                { type: 'show logout notice', params: { proxy: false } },
                { type: 'go to login', params: { timeout: false, redirect: null } },
              ],
            },
          },
        },
        returningToAdmin: {
          description: 'The admin is themselves again: their profile is fetched.',
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            onDone: { target: 'active', actions: ['store profile', 'go to admin proxy'] },
            onError: {
              target: '#session.loggedOut',
              actions: [
                'forget user',
                { type: 'go to login', params: { timeout: false, redirect: null } },
              ],
            },
          },
        },
      },
    },
  },
});
