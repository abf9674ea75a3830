/**
 * Token handling (portal.md §4, §8): the single place that decides what happens to a request the
 * server refused with 401. The HTTP client reports each refusal (`request refused`) and waits for
 * the decision this machine emits: `retry` (send it again, once) or `fail` (give up, with a
 * message).
 *
 * - Any 401 but 'Fresh Access Token Required' starts ONE refresh (POST /auth/refresh_token); every
 *   request refused while it runs waits for the same refresh, then each is retried once.
 * - A refresh refused with 401 ends the session: the waiting requests fail and the app sends the
 *   user to login with the timeout flag.
 * - 'Fresh Access Token Required' opens the refresh-password modal; the password re-authenticates
 *   (POST /auth/access_token) and the request is retried; cancelling fails it with a clear message.
 * - A view may also ask for the user's password before a sensitive step (the Verify Identity modal).
 * - With a second factor on, the password is answered `Second Factor Required`: the prompt then
 *   asks for the code (the child `secondFactor`, second-factor.machine.ts, in `reauth` mode),
 *   and the fresh token comes with it (docs/session.md "Second factor").
 *
 * The HTTP calls are the named actors `refreshToken` and `reauthenticate`, provided by the web app.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { ERROR_TITLES } from '#shared/messages';
import { SESSION_MESSAGES, SESSION_NOTICES } from '#shared/messages/session';
import type { SessionUser } from '#shared/session';
import type { SecondFactorLogic } from './second-factor.machine.ts';
import { providedByTheApp, requestFailureOf } from './types.ts';

/** Why the password is asked for: a refused sensitive request, or a view's own confirmation. */
export type ReauthReason = 'fresh token' | 'verify identity';

export interface TokensContext {
  /** The logged-in user (re-authentication needs their username). */
  username: string | null;
  /** Requests waiting for the refresh. */
  waitingForRefresh: string[];
  /** Requests (or confirmations) waiting for the password. */
  waitingForPassword: string[];
  reason: ReauthReason;
  /** Why the last password was refused (the server's message). */
  passwordError: string | null;
  /** The password being checked, kept only while it is (a renewal may have to come first). */
  enteredPassword: string | null;
  /** The second factor the password's answer named: the passkeys' request, whether codes count. */
  secondFactor: { passkey: PublicKeyCredentialRequestOptionsJSON | null; codes: boolean } | null;
}

export interface RequestRefused {
  type: 'request.refused';
  requestId: string;
  /** The title of the server's 401 answer. */
  title?: string;
  /** What this request already went through: each remedy is tried once per request. */
  retriedAfterRefresh?: boolean;
  retriedAfterPassword?: boolean;
}

export type TokensEvent =
  | RequestRefused
  /** A view asks for the password before a sensitive step (the Verify Identity modal). */
  | { type: 'identity.check.requested'; requestId: string }
  | { type: 'password.entered'; password: string }
  | { type: 'password.cancelled' }
  | { type: 'user.changed'; username: string | null }
  /** The refusals of the refresh and re-authentication calls the machine follows. */
  | { type: 'xstate.error.actor.refreshToken'; error: unknown }
  | { type: 'xstate.error.actor.reauthenticate'; error: unknown }
  /** The code step took the second factor: the user with a fresh token. */
  | { type: 'xstate.done.actor.secondFactor'; output: SessionUser };

/** What the client hears back, for each waiting request. */
export type TokensEmitted =
  | { type: 'requests.released'; requestIds: string[] }
  | {
      type: 'requests.failed';
      requestIds: string[];
      message: string | null;
      sessionEnded: boolean;
    };

function freshTokenRequired(event: TokensEvent): boolean {
  return event.type === 'request.refused' && event.title === ERROR_TITLES.freshTokenRequired;
}

export const tokensMachine = setup({
  types: {
    context: {} as TokensContext,
    events: {} as TokensEvent,
    emitted: {} as TokensEmitted,
  },
  actors: {
    /** POST /auth/refresh_token: answers the user with a new, non-fresh access token. */
    refreshToken: fromPromise<SessionUser>(async () => {
      throw new Error('refreshToken is provided by the app');
    }),
    /** POST /auth/access_token: answers the user with a fresh access token. */
    reauthenticate: fromPromise<SessionUser, { username: string; password: string }>(async () => {
      throw new Error('reauthenticate is provided by the app');
    }),
    /** The code step: second-factor.machine.ts with its `verify` (not loaded with every page). */
    secondFactor: providedByTheApp<SecondFactorLogic>('secondFactor'),
  },
  actions: {
    'wait for the refresh': assign({
      waitingForRefresh: ({ context, event }) =>
        event.type === 'request.refused'
          ? [...context.waitingForRefresh, event.requestId]
          : context.waitingForRefresh,
    }),
    'wait for the password': assign({
      waitingForPassword: ({ context, event }) =>
        event.type === 'request.refused' || event.type === 'identity.check.requested'
          ? [...context.waitingForPassword, event.requestId]
          : context.waitingForPassword,
      reason: ({ context, event }) =>
        context.waitingForPassword.length > 0
          ? context.reason
          : event.type === 'identity.check.requested'
            ? 'verify identity'
            : 'fresh token',
      passwordError: ({ context }) =>
        context.waitingForPassword.length > 0 ? context.passwordError : null,
    }),
    'give up on this request': emit(({ event }) => ({
      type: 'requests.failed' as const,
      requestIds: event.type === 'request.refused' ? [event.requestId] : [],
      message: null,
      sessionEnded: false,
    })),
    'retry the requests that waited for the refresh': emit(({ context }) => ({
      type: 'requests.released' as const,
      requestIds: context.waitingForRefresh,
    })),
    'retry every waiting request': emit(({ context }) => ({
      type: 'requests.released' as const,
      requestIds: [...context.waitingForPassword, ...context.waitingForRefresh],
    })),
    'fail every waiting request, the session ended': emit(({ context }) => ({
      type: 'requests.failed' as const,
      requestIds: [...context.waitingForPassword, ...context.waitingForRefresh],
      message: SESSION_NOTICES.timedOut,
      sessionEnded: true,
    })),
    'fail the requests that waited for the refresh': emit(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.refreshToken');
      return {
        type: 'requests.failed' as const,
        requestIds: context.waitingForRefresh,
        message: requestFailureOf(event.error).message || null,
        sessionEnded: false,
      };
    }),
    'fail the requests that waited for the password': emit(({ context }) => ({
      type: 'requests.failed' as const,
      requestIds: context.waitingForPassword,
      message: SESSION_NOTICES.reauthCancelled,
      sessionEnded: false,
    })),
    'forget the requests that waited for the refresh': assign({ waitingForRefresh: [] }),
    'forget the requests that waited for the password': assign({
      waitingForPassword: [],
      passwordError: null,
    }),
    'keep the entered password': assign({
      enteredPassword: ({ event }) => (event.type === 'password.entered' ? event.password : null),
      passwordError: null,
    }),
    'forget the entered password': assign({ enteredPassword: null }),
    'keep the second factor asked for': assign({
      secondFactor: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.reauthenticate');
        const failure = requestFailureOf(event.error);
        return {
          passkey: failure.passkey ?? null,
          codes: failure.methods?.includes('totp') ?? true,
        };
      },
    }),
    'store password refusal': assign({
      passwordError: ({ event }) => {
        assertEvent(event, [
          'xstate.error.actor.reauthenticate',
          'xstate.error.actor.refreshToken',
        ]);
        return requestFailureOf(event.error).message || null;
      },
    }),
    'store username': assign({
      username: ({ context, event }) =>
        event.type === 'user.changed' ? event.username : context.username,
    }),
    // Provided by the app:
    /** Hands the renewed user to the session. */
    'report user': (_, _params: { user: SessionUser }) => {},
    /** Tells the session that it ended (the app sends the user to login with timeout=true). */
    'end session': () => {},
  },
  guards: {
    'a fresh token is required': ({ event }) => freshTokenRequired(event),
    'it was already retried after a password': ({ event }) =>
      event.type === 'request.refused' && event.retriedAfterPassword === true,
    'it was already retried after a refresh': ({ event }) =>
      event.type === 'request.refused' && event.retriedAfterRefresh === true,
    'the refresh was refused': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.refreshToken');
      return requestFailureOf(event.error).status === 401;
    },
    'the session needs renewing first': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.reauthenticate');
      const failure = requestFailureOf(event.error);
      return (
        failure.status === 401 &&
        (failure.title === SESSION_MESSAGES.accessTokenExpiredTitle ||
          failure.title === SESSION_MESSAGES.notLoggedInTitle)
      );
    },
    'the password was right and a code is asked for': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.reauthenticate');
      const failure = requestFailureOf(event.error);
      return failure.status === 401 && failure.title === SESSION_MESSAGES.secondFactorRequiredTitle;
    },
    'requests wait for the password': ({ context }) => context.waitingForPassword.length > 0,
    'requests wait for a refresh': ({ context }) => context.waitingForRefresh.length > 0,
  },
}).createMachine({
  id: 'tokens',
  description:
    'Decides what happens when the server refuses a request because the session needs renewing or the password is needed again.',
  context: {
    username: null,
    waitingForRefresh: [],
    waitingForPassword: [],
    reason: 'fresh token',
    passwordError: null,
    enteredPassword: null,
    secondFactor: null,
  },
  on: {
    'user.changed': { actions: 'store username' },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'Requests go through; nothing waits.',
      on: {
        'request.refused': [
          { guard: 'it was already retried after a password', actions: 'give up on this request' },
          {
            guard: 'a fresh token is required',
            target: 'askingForPassword',
            actions: 'wait for the password',
          },
          { guard: 'it was already retried after a refresh', actions: 'give up on this request' },
          { target: 'refreshing', actions: 'wait for the refresh' },
        ],
        'identity.check.requested': {
          target: 'askingForPassword',
          actions: 'wait for the password',
        },
      },
    },
    refreshing: {
      description:
        'One refresh renews the access token; every request refused meanwhile waits for it.',
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: [
          {
            guard: 'requests wait for the password',
            target: 'askingForPassword',
            actions: [
              { type: 'report user', params: ({ event }) => ({ user: event.output }) },
              'retry the requests that waited for the refresh',
              'forget the requests that waited for the refresh',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'report user', params: ({ event }) => ({ user: event.output }) },
              'retry the requests that waited for the refresh',
              'forget the requests that waited for the refresh',
            ],
          },
        ],
        onError: [
          {
            guard: 'the refresh was refused',
            target: 'idle',
            actions: [
              'fail every waiting request, the session ended',
              'forget the requests that waited for the refresh',
              'forget the requests that waited for the password',
              'end session',
            ],
          },
          {
            guard: 'requests wait for the password',
            target: 'askingForPassword',
            actions: [
              'fail the requests that waited for the refresh',
              'forget the requests that waited for the refresh',
            ],
          },
          {
            target: 'idle',
            actions: [
              'fail the requests that waited for the refresh',
              'forget the requests that waited for the refresh',
            ],
          },
        ],
      },
      on: {
        'request.refused': [
          { guard: 'it was already retried after a password', actions: 'give up on this request' },
          { guard: 'a fresh token is required', actions: 'wait for the password' },
          { guard: 'it was already retried after a refresh', actions: 'give up on this request' },
          { actions: 'wait for the refresh' },
        ],
        'identity.check.requested': { actions: 'wait for the password' },
      },
    },
    askingForPassword: {
      description:
        'The refresh-password modal (or Verify Identity) asks for the password again; the requests that need it wait.',
      initial: 'prompting',
      on: {
        'request.refused': [
          { guard: 'it was already retried after a password', actions: 'give up on this request' },
          { guard: 'a fresh token is required', actions: 'wait for the password' },
          // The fresh token the password brings renews the session as well.
          { guard: 'it was already retried after a refresh', actions: 'give up on this request' },
          { actions: 'wait for the refresh' },
        ],
        'identity.check.requested': { actions: 'wait for the password' },
      },
      states: {
        prompting: {
          description: 'The modal is open; a refused password shows its message.',
          on: {
            'password.entered': { target: 'verifying', actions: 'keep the entered password' },
            'password.cancelled': [
              {
                guard: 'requests wait for a refresh',
                target: '#tokens.refreshing',
                actions: [
                  'fail the requests that waited for the password',
                  'forget the requests that waited for the password',
                ],
              },
              {
                target: '#tokens.idle',
                actions: [
                  'fail the requests that waited for the password',
                  'forget the requests that waited for the password',
                ],
              },
            ],
          },
        },
        verifying: {
          description: 'The password is being checked (POST /auth/access_token).',
          invoke: {
            id: 'reauthenticate',
            src: 'reauthenticate',
            input: ({ context }) => ({
              username: context.username ?? '',
              password: context.enteredPassword ?? '',
            }),
            onDone: {
              target: '#tokens.idle',
              actions: [
                { type: 'report user', params: ({ event }) => ({ user: event.output }) },
                'retry every waiting request',
                'forget the requests that waited for the refresh',
                'forget the requests that waited for the password',
                'forget the entered password',
              ],
            },
            onError: [
              // With a second factor on, the code comes next (the password is kept for it).
              {
                guard: 'the password was right and a code is asked for',
                target: 'secondFactor',
                actions: 'keep the second factor asked for',
              },
              // The modal stayed open past the access token's life: renew, then check again.
              { guard: 'the session needs renewing first', target: 'renewing' },
              {
                target: 'prompting',
                actions: ['store password refusal', 'forget the entered password'],
              },
            ],
          },
        },
        secondFactor: {
          description:
            'The password was right and the second factor is on: its code is asked for; the fresh token comes with it.',
          invoke: {
            id: 'secondFactor',
            src: 'secondFactor',
            input: ({ context }) => ({
              mode: 'reauth' as const,
              username: context.username ?? '',
              password: context.enteredPassword ?? '',
              setup: null,
              passkey: context.secondFactor?.passkey ?? null,
              codes: context.secondFactor?.codes ?? true,
            }),
            onDone: {
              target: '#tokens.idle',
              actions: [
                { type: 'report user', params: ({ event }) => ({ user: event.output }) },
                'retry every waiting request',
                'forget the requests that waited for the refresh',
                'forget the requests that waited for the password',
                'forget the entered password',
              ],
            },
          },
          on: {
            'password.cancelled': [
              {
                guard: 'requests wait for a refresh',
                target: '#tokens.refreshing',
                actions: [
                  'fail the requests that waited for the password',
                  'forget the requests that waited for the password',
                  'forget the entered password',
                ],
              },
              {
                target: '#tokens.idle',
                actions: [
                  'fail the requests that waited for the password',
                  'forget the requests that waited for the password',
                  'forget the entered password',
                ],
              },
            ],
          },
        },
        renewing: {
          description:
            'The access token ran out while the modal was open: one refresh, then the password is checked again.',
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            onDone: {
              target: 'verifying',
              actions: { type: 'report user', params: ({ event }) => ({ user: event.output }) },
            },
            onError: [
              {
                guard: 'the refresh was refused',
                target: '#tokens.idle',
                actions: [
                  'fail every waiting request, the session ended',
                  'forget the requests that waited for the refresh',
                  'forget the requests that waited for the password',
                  'forget the entered password',
                  'end session',
                ],
              },
              {
                target: 'prompting',
                actions: ['store password refusal', 'forget the entered password'],
              },
            ],
          },
        },
      },
    },
  },
});
