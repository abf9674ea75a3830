/**
 * The password window (portal.md §4, §8; docs/session.md "Token refresh"): the refresh-password
 * modal and the Verify Identity modal ask the same question, "your password, please". The token
 * coordinator (tokens.machine.ts) runs this machine as its child `passwordPrompt` while requests
 * wait for the password; what the window ends with it tells the coordinator (`tell the
 * coordinator`, a no-op on its own, `sendParent` in the coordinator):
 *
 * - `prompt.accepted`: the password (and, with a second factor on, its code) brought a fresh
 *   token; the coordinator sends every waiting request again;
 * - `prompt.cancelled`: the person closed the window; the requests that waited for it fail;
 * - `prompt.renewed`: the access token ran out while the window was open and one refresh renewed
 *   it (the password is then checked again);
 * - `prompt.session.ended`: that refresh was refused: the session has ended.
 *
 * The HTTP calls are the named actors `reauthenticate` (POST /auth/access_token) and
 * `refreshToken` (POST /auth/refresh_token), and the code step `secondFactor`
 * (second-factor.machine.ts in `reauth` mode), provided by the web app.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SESSION_MESSAGES } from '#shared/session/messages';
import type { SessionUser } from '#shared/session/types';
import type { SecondFactorLogic } from './second-factor.machine.ts';
import { providedByTheApp, requestFailureOf } from './types.ts';

export interface PasswordPromptInput {
  /** The logged-in user: re-authentication needs their username. */
  username: string | null;
}

export interface PasswordPromptContext {
  username: string | null;
  /** Why the last password was refused (the server's message). */
  passwordError: string | null;
  /** The password being checked, kept only while it is (a renewal may have to come first). */
  enteredPassword: string | null;
  /** The second factor the password's answer named: the passkeys' request, whether codes count. */
  secondFactor: { passkey: PublicKeyCredentialRequestOptionsJSON | null; codes: boolean } | null;
}

export type PasswordPromptEvent =
  | { type: 'password.entered'; password: string }
  | { type: 'password.cancelled' }
  | { type: 'user.changed'; username: string | null }
  /** The refusals of the calls the window follows. */
  | { type: 'xstate.error.actor.reauthenticate'; error: unknown }
  | { type: 'xstate.error.actor.refreshToken'; error: unknown }
  /** The code step took the second factor: the user with a fresh token. */
  | { type: 'xstate.done.actor.secondFactor'; output: SessionUser };

/** What the window tells the token coordinator. */
export type PasswordPromptNote =
  | { type: 'prompt.accepted'; user: SessionUser }
  | { type: 'prompt.cancelled' }
  | { type: 'prompt.renewed'; user: SessionUser }
  | { type: 'prompt.session.ended' };

export const passwordPromptMachine = setup({
  types: {
    context: {} as PasswordPromptContext,
    events: {} as PasswordPromptEvent,
    input: {} as PasswordPromptInput,
  },
  actors: {
    /** POST /auth/access_token: answers the user with a fresh access token. */
    reauthenticate: fromPromise<SessionUser, { username: string; password: string }>(async () => {
      throw new Error('reauthenticate is provided by the app');
    }),
    /** POST /auth/refresh_token: answers the user with a new, non-fresh access token. */
    refreshToken: fromPromise<SessionUser>(async () => {
      throw new Error('refreshToken is provided by the app');
    }),
    /** The code step: second-factor.machine.ts with its `verify` (not loaded with every page). */
    secondFactor: providedByTheApp<SecondFactorLogic>('secondFactor'),
  },
  actions: {
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
    /** `sendParent` in the token coordinator; nobody hears it on its own. */
    'tell the coordinator': (_, _note: PasswordPromptNote) => {},
  },
  guards: {
    'the password was right and a code is asked for': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.reauthenticate');
      const failure = requestFailureOf(event.error);
      return failure.status === 401 && failure.title === SESSION_MESSAGES.secondFactorRequiredTitle;
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
    'the refresh was refused': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.refreshToken');
      return requestFailureOf(event.error).status === 401;
    },
  },
}).createMachine({
  id: 'passwordPrompt',
  description:
    'The password window: checks the password (and the code of a second factor), renewing the session first if it ran out meanwhile.',
  context: ({ input }) => ({
    username: input.username,
    passwordError: null,
    enteredPassword: null,
    secondFactor: null,
  }),
  on: {
    'user.changed': { actions: 'store username' },
  },
  initial: 'prompting',
  states: {
    prompting: {
      description: 'The window is open; a refused password shows its message.',
      entry: 'forget the entered password',
      on: {
        'password.entered': { target: 'verifying', actions: 'keep the entered password' },
        'password.cancelled': {
          target: 'closed',
          actions: { type: 'tell the coordinator', params: { type: 'prompt.cancelled' } },
        },
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
          target: 'closed',
          actions: {
            type: 'tell the coordinator',
            params: ({ event }) => ({ type: 'prompt.accepted', user: event.output }),
          },
        },
        onError: [
          // With a second factor on, the code comes next (the password is kept for it).
          {
            guard: 'the password was right and a code is asked for',
            target: 'secondFactor',
            actions: 'keep the second factor asked for',
          },
          // The window stayed open past the access token's life: renew, then check again.
          { guard: 'the session needs renewing first', target: 'renewing' },
          {
            target: 'prompting',
            actions: 'store password refusal',
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
          target: 'closed',
          actions: {
            type: 'tell the coordinator',
            params: ({ event }) => ({ type: 'prompt.accepted', user: event.output }),
          },
        },
      },
      on: {
        'password.cancelled': {
          target: 'closed',
          actions: { type: 'tell the coordinator', params: { type: 'prompt.cancelled' } },
        },
      },
    },
    renewing: {
      description:
        'The access token ran out while the window was open: one refresh, then the password is checked again.',
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: {
          target: 'verifying',
          actions: {
            type: 'tell the coordinator',
            params: ({ event }) => ({ type: 'prompt.renewed', user: event.output }),
          },
        },
        onError: [
          {
            guard: 'the refresh was refused',
            target: 'closed',
            actions: { type: 'tell the coordinator', params: { type: 'prompt.session.ended' } },
          },
          {
            target: 'prompting',
            actions: 'store password refusal',
          },
        ],
      },
    },
    closed: {
      description: 'The window closed: the coordinator was told how.',
      entry: 'forget the entered password',
      type: 'final',
    },
  },
});

export type PasswordPromptLogic = typeof passwordPromptMachine;
