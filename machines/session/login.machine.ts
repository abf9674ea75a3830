/**
 * A login (portal.md §2, §4; docs/session.md "Second factor"), run by the session machine as its
 * child `login` while nobody is logged in: the login form waits, the username and password are
 * checked, the second factor's code is asked for when the answer says so, and the profile is
 * loaded. It ends once the profile is there, with the profile and where to go next (the session
 * then counts the user as logged in and goes there). A failed attempt shows the server's title
 * and message and the form waits again.
 *
 * A right password of a login with a second factor (or one its customer requires) is answered
 * `Second Factor Required` (or `Second Factor Setup Required`): the code step
 * (second-factor.machine.ts) runs as the child `secondFactor`, with the password kept until it
 * ends or the person cancels. The app provides it, and loads its code with the first answer that
 * asks for a code rather than with every page.
 *
 * HTTP calls are named actors: the web app provides them (sessionWithCalls in session.machine.ts).
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SESSION_MESSAGES } from '#shared/session/messages';
import type { TotpSetup } from '#shared/session/second-factor';
import type { LoginRequest, SessionUser, UserProfile } from '#shared/session/types';
import type { SecondFactorLogic } from './second-factor.machine.ts';
import { providedByTheApp, requestFailureOf } from './types.ts';

export interface LoginContext {
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
  /** The profile, once loaded (the login's output). */
  profile: UserProfile | null;
}

/** What the login ends with: the logged-in user's profile and where to go. */
export interface LoginOutput {
  profile: UserProfile;
  redirect: string | null;
}

export type LoginEvent =
  | { type: 'login.submitted'; username: string; password: string; redirect?: string | null }
  /** The person leaves the second factor's step (back to the password). */
  | { type: 'login.cancelled' }
  /** Someone else logged the user in (signup's automatic login, an admin acting as a customer). */
  | { type: 'session.started'; user: SessionUser; redirect?: string | null }
  /** The answers of the password check, the code step and the profile the machine follows. */
  | { type: 'xstate.done.actor.checkPassword'; output: SessionUser }
  | { type: 'xstate.error.actor.checkPassword'; error: unknown }
  | { type: 'xstate.done.actor.secondFactor'; output: SessionUser }
  | { type: 'xstate.done.actor.fetchProfile'; output: UserProfile }
  | { type: 'xstate.error.actor.fetchProfile'; error: unknown };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginOutput,
  },
  actors: {
    /** POST /auth/tokens. */
    checkPassword: fromPromise<SessionUser, Omit<LoginRequest, 'store_in_cookies'>>(async () => {
      throw new Error('checkPassword is provided by the app');
    }),
    /** GET /user/profile. */
    fetchProfile: fromPromise<UserProfile>(async () => {
      throw new Error('fetchProfile is provided by the app');
    }),
    /** The code step: second-factor.machine.ts with its `verify` (not loaded with every page). */
    secondFactor: providedByTheApp<SecondFactorLogic>('secondFactor'),
  },
  actions: {
    'store profile': assign({
      profile: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.fetchProfile');
        return event.output ?? null;
      },
      loginError: null,
    }),
    'keep the credentials': assign({
      pending: ({ event }) => {
        assertEvent(event, 'login.submitted');
        return { username: event.username, password: event.password, setup: null };
      },
    }),
    'keep the account to set up': assign({
      pending: ({ context, event }) => {
        assertEvent(event, 'xstate.error.actor.checkPassword');
        const failure = requestFailureOf(event.error);
        const setup = failure.setup ?? null;
        const passkey = failure.passkey ?? null;
        const codes = failure.methods?.includes('totp') ?? true;
        return context.pending && { ...context.pending, setup, passkey, codes };
      },
    }),
    'forget the credentials': assign({ pending: null }),
    'store redirect': assign({
      redirect: ({ event }) => {
        assertEvent(event, ['login.submitted', 'session.started']);
        return event.redirect ?? null;
      },
      loginError: null,
    }),
    'store login failure': assign({
      loginError: ({ event }) => {
        assertEvent(event, ['xstate.error.actor.checkPassword', 'xstate.error.actor.fetchProfile']);
        const failure = requestFailureOf(event.error);
        return { title: failure.title ?? '', message: failure.message };
      },
    }),
  },
  guards: {
    'the password was right and a code is asked for': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.checkPassword');
      const failure = requestFailureOf(event.error);
      return (
        failure.status === 401 &&
        (failure.title === SESSION_MESSAGES.secondFactorRequiredTitle ||
          failure.title === SESSION_MESSAGES.secondFactorSetupRequiredTitle)
      );
    },
  },
}).createMachine({
  id: 'login',
  description:
    'A login: the password, the second factor’s code when asked for, then the profile; it ends logged in.',
  context: { loginError: null, redirect: null, pending: null, profile: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The login form waits; a failed attempt shows the server’s title and message.',
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
        id: 'checkPassword',
        src: 'checkPassword',
        input: ({ context }) => ({
          username: context.pending?.username ?? '',
          password: context.pending?.password ?? '',
        }),
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
        onDone: { target: 'loggedIn', actions: 'store profile' },
        onError: { target: 'idle', actions: 'store login failure' },
      },
    },
    loggedIn: {
      description: 'The profile is there: the session counts the user as logged in.',
      type: 'final',
    },
  },
  output: ({ context }) => ({
    profile: context.profile as UserProfile,
    redirect: context.redirect,
  }),
});
