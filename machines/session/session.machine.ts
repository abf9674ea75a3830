/**
 * The login state (portal.md §4): undefined until the profile answers, then logged in or logged
 * out; a failed profile fetch means logged out. A browser that holds no session (no session hint
 * cookie, set and cleared with the session cookies) is logged out at once: the page asks the
 * server nothing, so public pages never wait for a profile that cannot come. Logging out clears
 * the notices and shows a logout notice, then goes to login or, when an admin stops acting as a
 * customer (`proxy_logout`), back to the admin proxy screen. When the token coordinator reports
 * that the session could not be renewed, the user goes to login with the timeout flag and a
 * redirect to where they were.
 * While logged out, the login itself (the password, the second factor, the profile) is the child
 * `login` (login.machine.ts): the login page's events are passed on to it, and once it ends with
 * the profile the user is logged in and goes to the page the login named.
 *
 * HTTP calls are named actors and navigation is named actions: the web app provides them
 * ({@link sessionWithCalls} gives the login its calls too).
 */
import { assertEvent, assign, fromPromise, sendTo, setup, type PromiseActorLogic } from 'xstate';
import type { LoginRequest, LogoutResponse, SessionUser, UserProfile } from '#shared/session/types';
import { loginMachine, type LoginEvent, type LoginOutput } from './login.machine.ts';
import type { SecondFactorLogic } from './second-factor.machine.ts';
import type { AttemptedRoute } from './types.ts';

export interface SessionContext {
  /** The logged-in user's profile; null while logged out or not yet known. */
  user: UserProfile | null;
  /** Where to go once logged in (the login's, or a login from elsewhere's, redirect). */
  redirect: string | null;
}

export type SessionEvent =
  /** The page starts: whether the browser holds a session (the session hint cookie). */
  | { type: 'page.opened'; sessionCookie: boolean }
  /** The login page's events, passed on to the login (login.machine.ts). */
  | Extract<LoginEvent, { type: 'login.submitted' | 'login.cancelled' }>
  /** Someone else logged the user in (signup's automatic login, an admin acting as a customer). */
  | { type: 'session.started'; user: SessionUser; redirect?: string | null }
  | { type: 'logout.pressed' }
  /** The token coordinator could not renew the session (the refresh answered 401). */
  | { type: 'session.expired'; attempted: AttemptedRoute | null }
  /** A refresh or re-authentication answered the user afresh (permissions may change). */
  | { type: 'user.refreshed'; user: SessionUser }
  /** The account page saved new contact information. */
  | { type: 'profile.changed'; info: UserProfile['info'] }
  /** The answers of the profile and logout calls, and the login's end, the machine follows. */
  | { type: 'xstate.done.actor.fetchProfile'; output: UserProfile }
  | { type: 'xstate.error.actor.fetchProfile'; error: unknown }
  | { type: 'xstate.done.actor.login'; output: LoginOutput }
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
    /** The login (login.machine.ts), with its calls given by the app. */
    login: loginMachine,
    /** DELETE /auth/tokens. */
    logout: fromPromise<LogoutResponse>(async () => {
      throw new Error('logout is provided by the app');
    }),
  },
  actions: {
    'store profile': assign({
      user: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.fetchProfile');
        return event.output ?? null;
      },
    }),
    'store the login': assign({
      user: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.login');
        return event.output.profile;
      },
      redirect: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.login');
        return event.output.redirect;
      },
    }),
    'forget user': assign({ user: null }),
    'pass it on to the login': sendTo('login', ({ event }) => {
      assertEvent(event, ['login.submitted', 'login.cancelled', 'session.started']);
      return event;
    }),
    'store redirect': assign({
      redirect: ({ event }) => {
        assertEvent(event, 'session.started');
        return event.redirect ?? null;
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
  context: { user: null, redirect: null },
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
      description:
        'Nobody is logged in: the login page and the public pages work. The login (its password, code and profile) is the child login.',
      invoke: {
        id: 'login',
        src: 'login',
        onDone: {
          target: 'loggedIn',
          actions: [
            'store the login',
            {
              type: 'go to page after login',
              params: ({ event }) => ({ redirect: event.output.redirect }),
            },
          ],
        },
      },
      on: {
        'login.submitted': { actions: 'pass it on to the login' },
        'login.cancelled': { actions: 'pass it on to the login' },
        'session.started': { actions: 'pass it on to the login' },
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
      },
    },
  },
});

/** The server calls the session and its login make, as the app provides them. */
export interface SessionCalls {
  /** GET /user/profile (the session's and the login's). */
  fetchProfile?: PromiseActorLogic<UserProfile>;
  /** POST /auth/tokens (the login's password, and with it the code). */
  login?: PromiseActorLogic<SessionUser, Omit<LoginRequest, 'store_in_cookies'>>;
  /** DELETE /auth/tokens. */
  logout?: PromiseActorLogic<LogoutResponse>;
  /** The second factor's code step (second-factor.machine.ts with its calls). */
  secondFactor?: SecondFactorLogic;
}

/** The session with the app's calls, given to its login too where it makes them. */
export function sessionWithCalls(calls: SessionCalls) {
  const { fetchProfile, login, logout, secondFactor } = calls;
  const own = Object.fromEntries(
    Object.entries({ fetchProfile, checkPassword: login, secondFactor }).filter(([, v]) => v),
  );
  return sessionMachine.provide({
    actors: {
      ...(fetchProfile ? { fetchProfile } : {}),
      ...(logout ? { logout } : {}),
      login: loginMachine.provide({ actors: own as never }),
    } as never,
  });
}
