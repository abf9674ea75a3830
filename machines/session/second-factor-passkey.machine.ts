/**
 * A passkey after the password (docs/session.md "Passkeys"): the login has passkeys, and the
 * answer to the password carried their request. Use a passkey opens the browser's prompt (the
 * app's `getAssertion`, `@simplewebauthn/browser`) and its answer is sent instead of a code. A
 * passkey not used says so; a refused one used its request up, so the password is sent again alone
 * for a new one. It ends (its output, second-factor-steps.ts) when the server took the passkey,
 * when too many refusals lock the step out, or when the person chose the app's code instead (the
 * login has the app), with the latest request. The step machine (second-factor.machine.ts) runs it
 * as its child `passkeyStep`; the calls are the named actors `verify` and `getAssertion`, provided
 * by the app.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import type { LoginResult } from '#shared/session/types';
import { requestFailureOf } from './types.ts';
import {
  forgetTheError,
  refusalOf,
  storeTheRefusal,
  tooManyWrongCodes,
  userOf,
  verifyPlaceholder,
  type StepCredentials,
  type StepOutcome,
} from './second-factor-steps.ts';

export interface PasskeyStepInput extends StepCredentials {
  /** The request the login's passkeys answer. */
  passkey: PublicKeyCredentialRequestOptionsJSON;
  /** Whether the app's code can be used instead (the login has the app). */
  codes: boolean;
}

export interface PasskeyStepContext extends PasskeyStepInput {
  /** The passkey's answer being checked. */
  assertion: AuthenticationResponseJSON | null;
  /** Why the last passkey was not used or refused. */
  error: string | null;
  outcome: StepOutcome | null;
}

export type PasskeyStepEvent =
  | { type: 'app.chosen' }
  /** Use a passkey was pressed: the browser asks for one. */
  | { type: 'passkey.pressed' }
  | { type: 'xstate.done.actor.getAssertion'; output: AuthenticationResponseJSON }
  | { type: 'xstate.error.actor.getAssertion'; error: unknown }
  | { type: 'xstate.done.actor.verify'; output: LoginResult }
  | { type: 'xstate.error.actor.verify'; error: unknown };

export const passkeyStepMachine = setup({
  types: {
    context: {} as PasskeyStepContext,
    events: {} as PasskeyStepEvent,
    input: {} as PasskeyStepInput,
    output: {} as StepOutcome,
  },
  actors: {
    verify: verifyPlaceholder,
    /** The browser's passkey prompt (navigator.credentials.get) for the request. */
    getAssertion: fromPromise<AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON>(
      async () => {
        throw new Error('getAssertion is provided by the app');
      },
    ),
  },
  actions: {
    'forget the error': forgetTheError(),
    'keep the assertion': assign({
      assertion: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.getAssertion');
        return event.output;
      },
      error: null,
    }),
    'say the passkey was not used': assign({ error: PASSKEY_MESSAGES.passkeyCancelled }),
    'store the refusal': storeTheRefusal(),
    'keep the new passkey request': assign({
      passkey: ({ context, event }) => {
        assertEvent(event, 'xstate.error.actor.verify');
        return requestFailureOf(event.error).passkey ?? context.passkey;
      },
      assertion: null,
    }),
    'keep the user': assign({
      outcome: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.verify');
        return { ended: 'accepted' as const, user: userOf(event.output) };
      },
    }),
    'keep the lockout': assign({
      outcome: ({ context, event }) => {
        assertEvent(event, 'xstate.error.actor.verify');
        return {
          ended: 'locked out' as const,
          error: refusalOf(event.error),
          passkey: context.passkey,
        };
      },
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.verify');
        return refusalOf(event.error);
      },
    }),
    'end with the app chosen': assign({
      outcome: ({ context }) => ({ ended: 'app chosen' as const, passkey: context.passkey }),
      error: null,
    }),
  },
  guards: {
    'codes count': ({ context }) => context.codes,
    'a new passkey request came': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.verify');
      return requestFailureOf(event.error).passkey !== undefined;
    },
    'too many refusals': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.verify');
      return tooManyWrongCodes(event.error);
    },
  },
}).createMachine({
  id: 'secondFactorPasskey',
  description:
    'The login has passkeys: one is asked for; a refused one is asked for again with a new request.',
  context: ({ input }) => ({ ...input, assertion: null, error: null, outcome: null }),
  initial: 'ready',
  output: ({ context }) => context.outcome!,
  states: {
    ready: {
      description: 'Use a passkey shows; a passkey not used or refused says so.',
      on: {
        'passkey.pressed': { target: 'asking', actions: 'forget the error' },
        'app.chosen': {
          guard: 'codes count',
          target: 'appChosen',
          actions: 'end with the app chosen',
        },
      },
    },
    asking: {
      description: 'The browser asks the person for a passkey.',
      invoke: {
        id: 'getAssertion',
        src: 'getAssertion',
        input: ({ context }) => context.passkey,
        onDone: { target: 'checking', actions: 'keep the assertion' },
        onError: { target: 'ready', actions: 'say the passkey was not used' },
      },
    },
    checking: {
      description: 'The server checks the passkey’s answer (its request works once).',
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({
          mode: context.mode,
          username: context.username,
          password: context.password,
          webauthn: context.assertion!,
        }),
        onDone: { target: 'accepted', actions: 'keep the user' },
        onError: [
          { guard: 'too many refusals', target: 'lockedOut', actions: 'keep the lockout' },
          { target: 'renewing', actions: 'store the refusal' },
        ],
      },
    },
    renewing: {
      description:
        'The refused answer used its request up: the password is sent again alone for a new one.',
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({
          mode: context.mode,
          username: context.username,
          password: context.password,
        }),
        onDone: { target: 'accepted', actions: 'keep the user' },
        onError: [
          {
            guard: 'a new passkey request came',
            target: 'ready',
            actions: 'keep the new passkey request',
          },
          { target: 'ready' },
        ],
      },
    },
    accepted: {
      description: 'The server took the passkey: the step ends with the user.',
      type: 'final',
    },
    lockedOut: {
      description: 'Too many refusals: the step ends locked out, with the server’s message.',
      type: 'final',
    },
    appChosen: {
      description: 'The person chose the app’s code instead: the step ends.',
      type: 'final',
    },
  },
});
