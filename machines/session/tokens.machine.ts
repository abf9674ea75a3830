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
 * - The password window itself is the child `passwordPrompt` (password-prompt.machine.ts): it
 *   checks the password, asks for the second factor's code when one is on (docs/session.md
 *   "Second factor"), renews the session if it ran out meanwhile, and tells this machine how it
 *   ended (`prompt.accepted`, `prompt.cancelled`, `prompt.renewed`, `prompt.session.ended`).
 *
 * The HTTP calls are the named actors `refreshToken` here and `reauthenticate`, `refreshToken` and
 * `secondFactor` in the child, provided by the web app ({@link tokensWithCalls}).
 */
import {
  assertEvent,
  assign,
  emit,
  fromPromise,
  sendParent,
  sendTo,
  setup,
  type PromiseActorLogic,
} from 'xstate';
import { ERROR_TITLES } from '#shared/messages';
import { SESSION_NOTICES } from '#shared/session/messages';
import type { SessionUser } from '#shared/session/types';
import { passwordPromptMachine, type PasswordPromptNote } from './password-prompt.machine.ts';
import type { SecondFactorLogic } from './second-factor.machine.ts';
import { requestFailureOf } from './types.ts';

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
  /** What the person does in the password window: passed on to it. */
  | { type: 'password.entered'; password: string }
  | { type: 'password.cancelled' }
  | { type: 'user.changed'; username: string | null }
  /** The refusal of the refresh the machine follows. */
  | { type: 'xstate.error.actor.refreshToken'; error: unknown }
  /** What the password window tells the machine. */
  | PasswordPromptNote;

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

/** The child's `tell the coordinator`, here: the note goes to this machine. */
const toTheCoordinator = {
  'tell the coordinator': sendParent((_: unknown, note: PasswordPromptNote) => note),
};

/** A request refused again after its one remedy is given up; any other waits for its remedy. */
const REFUSED_WHILE_BUSY = [
  { guard: 'it was already retried after a password', actions: 'give up on this request' },
  { guard: 'a fresh token is required', actions: 'wait for the password' },
  // The fresh token the password brings renews the session as well.
  { guard: 'it was already retried after a refresh', actions: 'give up on this request' },
  { actions: 'wait for the refresh' },
] as const;

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
    /** The password window (password-prompt.machine.ts), telling this machine how it ended. */
    passwordPrompt: passwordPromptMachine.provide({ actions: toTheCoordinator as never }),
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
    }),
    'give up on this request': emit(({ event }) => ({
      type: 'requests.failed' as const,
      requestIds: event.type === 'request.refused' ? [event.requestId] : [],
      message: null,
      sessionEnded: false,
    })),
    'retry what waited for the refresh': emit(({ context }) => ({
      type: 'requests.released' as const,
      requestIds: context.waitingForRefresh,
    })),
    'retry everything waiting': emit(({ context }) => ({
      type: 'requests.released' as const,
      requestIds: [...context.waitingForPassword, ...context.waitingForRefresh],
    })),
    'fail everything waiting: the session ended': emit(({ context }) => ({
      type: 'requests.failed' as const,
      requestIds: [...context.waitingForPassword, ...context.waitingForRefresh],
      message: SESSION_NOTICES.timedOut,
      sessionEnded: true,
    })),
    'fail what waited for the refresh': emit(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.refreshToken');
      return {
        type: 'requests.failed' as const,
        requestIds: context.waitingForRefresh,
        message: requestFailureOf(event.error).message || null,
        sessionEnded: false,
      };
    }),
    'cancel what waited for the password': emit(({ context }) => ({
      type: 'requests.failed' as const,
      requestIds: context.waitingForPassword,
      message: SESSION_NOTICES.reauthCancelled,
      sessionEnded: false,
    })),
    // What was decided is forgotten on entering the next state (after the decision's actions).
    'forget every waiting request': assign({ waitingForRefresh: [], waitingForPassword: [] }),
    'forget the requests that waited for the refresh': assign({ waitingForRefresh: [] }),
    'forget the requests that waited for the password': assign({ waitingForPassword: [] }),
    'store username': assign({
      username: ({ context, event }) =>
        event.type === 'user.changed' ? event.username : context.username,
    }),
    'pass it on to the password window': sendTo('passwordPrompt', ({ event }) => event),
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
  },
  on: {
    'user.changed': { actions: 'store username' },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'Requests go through; nothing waits.',
      entry: 'forget every waiting request',
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
      // Entered from idle (nothing waits for the password) or from a closed password window.
      entry: 'forget the requests that waited for the password',
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: [
          {
            guard: 'requests wait for the password',
            target: 'askingForPassword',
            actions: [
              { type: 'report user', params: ({ event }) => ({ user: event.output }) },
              'retry what waited for the refresh',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'report user', params: ({ event }) => ({ user: event.output }) },
              'retry what waited for the refresh',
            ],
          },
        ],
        onError: [
          {
            guard: 'the refresh was refused',
            target: 'idle',
            actions: ['fail everything waiting: the session ended', 'end session'],
          },
          {
            guard: 'requests wait for the password',
            target: 'askingForPassword',
            actions: ['fail what waited for the refresh'],
          },
          {
            target: 'idle',
            actions: ['fail what waited for the refresh'],
          },
        ],
      },
      on: {
        'request.refused': REFUSED_WHILE_BUSY,
        'identity.check.requested': { actions: 'wait for the password' },
      },
    },
    askingForPassword: {
      description:
        'The refresh-password modal (or Verify Identity) asks for the password again (the child passwordPrompt); the requests that need it wait.',
      // Entered from idle (nothing waits for a refresh) or once the refresh was decided.
      entry: 'forget the requests that waited for the refresh',
      invoke: {
        id: 'passwordPrompt',
        src: 'passwordPrompt',
        input: ({ context }) => ({ username: context.username }),
      },
      on: {
        'request.refused': REFUSED_WHILE_BUSY,
        'identity.check.requested': { actions: 'wait for the password' },
        'password.entered': { actions: 'pass it on to the password window' },
        'password.cancelled': { actions: 'pass it on to the password window' },
        'user.changed': { actions: ['store username', 'pass it on to the password window'] },
        // The password (and its code) brought a fresh token: everything waiting is sent again.
        'prompt.accepted': {
          target: 'idle',
          actions: [
            { type: 'report user', params: ({ event }) => ({ user: event.user }) },
            'retry everything waiting',
          ],
        },
        'prompt.cancelled': [
          {
            guard: 'requests wait for a refresh',
            target: 'refreshing',
            actions: ['cancel what waited for the password'],
          },
          {
            target: 'idle',
            actions: ['cancel what waited for the password'],
          },
        ],
        'prompt.renewed': {
          actions: { type: 'report user', params: ({ event }) => ({ user: event.user }) },
        },
        'prompt.session.ended': {
          target: 'idle',
          actions: ['fail everything waiting: the session ended', 'end session'],
        },
      },
    },
  },
});

/** The server calls the coordinator and its password window make, as the app provides them. */
export interface TokensCalls {
  /** POST /auth/refresh_token. */
  refreshToken?: PromiseActorLogic<SessionUser>;
  /** POST /auth/access_token. */
  reauthenticate?: PromiseActorLogic<SessionUser, { username: string; password: string }>;
  /** The second factor's code step (second-factor.machine.ts with its calls). */
  secondFactor?: SecondFactorLogic;
}

/** The coordinator with the app's calls, given to the window too where it makes them. */
export function tokensWithCalls(calls: TokensCalls) {
  const { refreshToken, reauthenticate, secondFactor } = calls;
  const own = Object.fromEntries(
    Object.entries({ refreshToken, reauthenticate, secondFactor }).filter(([, v]) => v),
  );
  return tokensMachine.provide({
    actors: {
      ...(refreshToken ? { refreshToken } : {}),
      passwordPrompt: passwordPromptMachine.provide({
        actions: toTheCoordinator as never,
        actors: own as never,
      }),
    } as never,
  });
}
