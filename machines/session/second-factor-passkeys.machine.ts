/**
 * The account page's Passkeys part of the Second factor section (docs/session.md "Passkeys"): the
 * login's passkeys with when each was added and last used; adding one (named first, then the
 * browser's prompt), renaming one, and removing one after a confirmation. Removing the login's
 * last passkey asks for that passkey itself (the server answers 422 with a request to
 * answer): the browser's prompt, then the removal again with its answer.
 *
 * The calls are named actors provided by the app: `load` (GET /auth/mfa/webauthn), `register`
 * (the options, the browser's prompt and the verification, with the name), `rename`, `remove`
 * (with the passkey's answer or none) and `getAssertion` (the browser's prompt). A call that needs
 * a fresh token is held by the token coordinator while the password is asked again. What the part
 * says after a change is the app's `announce` action.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import type { Passkey, PasskeyList } from '#shared/session/passkeys';
import { PasskeyNameInput } from '#shared/session/passkey-schemas';
import { requestFailureOf } from './types.ts';

export interface PasskeysContext {
  passkeys: Passkey[] | null;
  /** The passkey being renamed or removed. */
  target: Passkey | null;
  /** The name typed, while it is sent. */
  name: string;
  /** The request the passkey being removed must answer (its last-factor proof). */
  request: PublicKeyCredentialRequestOptionsJSON | null;
  assertion: AuthenticationResponseJSON | null;
  error: string | null;
}

export type PasskeysEvent =
  | { type: 'add.pressed' }
  | { type: 'rename.pressed'; id: number }
  | { type: 'remove.pressed'; id: number }
  | { type: 'name.submitted'; name: string }
  | { type: 'confirm.pressed' }
  | { type: 'cancel.pressed' }
  | { type: 'retry.pressed' }
  | { type: 'xstate.done.actor.load'; output: PasskeyList }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.register'; output: unknown }
  | { type: 'xstate.error.actor.register'; error: unknown }
  | { type: 'xstate.done.actor.rename'; output: unknown }
  | { type: 'xstate.error.actor.rename'; error: unknown }
  | { type: 'xstate.done.actor.remove'; output: unknown }
  | { type: 'xstate.error.actor.remove'; error: unknown }
  | { type: 'xstate.done.actor.getAssertion'; output: AuthenticationResponseJSON }
  | { type: 'xstate.error.actor.getAssertion'; error: unknown };

const nameProblem = (name: string) => {
  const result = v.safeParse(PasskeyNameInput, name);
  return result.success ? null : result.issues[0].message;
};

const failureOf = (error: unknown) => requestFailureOf(error).message || null;

export const passkeysMachine = setup({
  types: {
    context: {} as PasskeysContext,
    events: {} as PasskeysEvent,
  },
  actors: {
    /** GET /auth/mfa/webauthn. */
    load: fromPromise<PasskeyList>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** register/options, the browser's prompt, register/verify with the name. */
    register: fromPromise<unknown, { name: string }>(async () => {
      throw new Error('register is provided by the app');
    }),
    /** PATCH /auth/mfa/webauthn/{id}. */
    rename: fromPromise<unknown, { id: number; name: string }>(async () => {
      throw new Error('rename is provided by the app');
    }),
    /** DELETE /auth/mfa/webauthn/{id}, with the passkey's answer when it is the last one. */
    remove: fromPromise<unknown, { id: number; webauthn: AuthenticationResponseJSON | null }>(
      async () => {
        throw new Error('remove is provided by the app');
      },
    ),
    /** The browser's passkey prompt for a request. */
    getAssertion: fromPromise<AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON>(
      async () => {
        throw new Error('getAssertion is provided by the app');
      },
    ),
  },
  actions: {
    announce: (_, _params: { message: string }) => {},
    'store the passkeys': assign({
      passkeys: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.load');
        return event.output.passkeys;
      },
      error: null,
    }),
    'pick the passkey': assign({
      target: ({ context, event }) => {
        assertEvent(event, ['rename.pressed', 'remove.pressed']);
        return context.passkeys?.find((p) => p.id === event.id) ?? null;
      },
      error: null,
    }),
    'keep the name': assign({
      name: ({ event }) => {
        assertEvent(event, 'name.submitted');
        return event.name.trim();
      },
      error: null,
    }),
    'say what the name needs': assign({
      error: ({ event }) => {
        assertEvent(event, 'name.submitted');
        return nameProblem(event.name);
      },
    }),
    'store the failure': assign({
      error: ({ event }) => {
        assertEvent(event, [
          'xstate.error.actor.load',
          'xstate.error.actor.register',
          'xstate.error.actor.rename',
          'xstate.error.actor.remove',
        ]);
        return failureOf(event.error);
      },
    }),
    'keep the request': assign({
      request: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.remove');
        return requestFailureOf(event.error).passkey ?? null;
      },
      error: null,
    }),
    'keep the assertion': assign({
      assertion: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.getAssertion');
        return event.output;
      },
    }),
    'say the passkey was not used': assign({ error: PASSKEY_MESSAGES.passkeyCancelled }),
    'forget the change': assign({
      target: null,
      name: '',
      request: null,
      assertion: null,
    }),
    'forget the error': assign({ error: null }),
  },
  guards: {
    'the name is right': ({ event }) => {
      assertEvent(event, 'name.submitted');
      return nameProblem(event.name) === null;
    },
    'the passkey is the login’s': ({ context, event }) => {
      assertEvent(event, ['rename.pressed', 'remove.pressed']);
      return context.passkeys?.some((p) => p.id === event.id) ?? false;
    },
    'the passkey itself is asked for': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.remove');
      const failure = requestFailureOf(event.error);
      return failure.status === 422 && failure.passkey !== undefined;
    },
  },
}).createMachine({
  id: 'passkeys',
  description:
    'The login’s passkeys: the list, adding one (named, then the browser’s prompt), renaming one, and removing one after a confirmation (the last passkey only with that passkey).',
  context: {
    passkeys: null,
    target: null,
    name: '',
    request: null,
    assertion: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The passkeys are being loaded.',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'list', actions: 'store the passkeys' },
        onError: { target: 'failed', actions: 'store the failure' },
      },
    },
    failed: {
      description: 'The passkeys could not be loaded: why, and Try again.',
      on: { 'retry.pressed': { target: 'loading', actions: 'forget the error' } },
    },
    list: {
      description: 'The passkeys with when each was added and last used; Add a passkey.',
      on: {
        'add.pressed': { target: 'naming', actions: ['forget the change', 'forget the error'] },
        'rename.pressed': {
          guard: 'the passkey is the login’s',
          target: 'renaming',
          actions: ['forget the change', 'pick the passkey'],
        },
        'remove.pressed': {
          guard: 'the passkey is the login’s',
          target: 'confirmingRemoval',
          actions: ['forget the change', 'pick the passkey'],
        },
      },
    },
    naming: {
      description: 'The new passkey’s name is asked for.',
      on: {
        'name.submitted': [
          { guard: 'the name is right', target: 'registering', actions: 'keep the name' },
          { actions: 'say what the name needs' },
        ],
        'cancel.pressed': { target: 'list', actions: ['forget the change', 'forget the error'] },
      },
    },
    registering: {
      description: 'The browser asks for a new passkey and the server checks and stores it.',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ name: context.name }),
        onDone: {
          target: 'loading',
          actions: [
            'forget the change',
            { type: 'announce', params: { message: PASSKEY_MESSAGES.registered } },
          ],
        },
        onError: { target: 'naming', actions: 'store the failure' },
      },
    },
    renaming: {
      description: 'A new name for the passkey is asked for.',
      on: {
        'name.submitted': [
          { guard: 'the name is right', target: 'savingName', actions: 'keep the name' },
          { actions: 'say what the name needs' },
        ],
        'cancel.pressed': { target: 'list', actions: ['forget the change', 'forget the error'] },
      },
    },
    savingName: {
      description: 'The new name is being saved.',
      invoke: {
        id: 'rename',
        src: 'rename',
        input: ({ context }) => ({ id: context.target!.id, name: context.name }),
        onDone: {
          target: 'loading',
          actions: [
            'forget the change',
            { type: 'announce', params: { message: PASSKEY_MESSAGES.renamed } },
          ],
        },
        onError: { target: 'renaming', actions: 'store the failure' },
      },
    },
    confirmingRemoval: {
      description: 'Remove asks first, naming the passkey; nothing is sent before Remove.',
      on: {
        'confirm.pressed': 'removing',
        'cancel.pressed': { target: 'list', actions: 'forget the change' },
      },
    },
    removing: {
      description: 'The passkey is being removed.',
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.target!.id, webauthn: context.assertion }),
        onDone: {
          target: 'loading',
          actions: [
            'forget the change',
            { type: 'announce', params: { message: PASSKEY_MESSAGES.removed } },
          ],
        },
        onError: [
          {
            guard: 'the passkey itself is asked for',
            target: 'provingLastFactor',
            actions: 'keep the request',
          },
          { target: 'list', actions: ['store the failure', 'forget the change'] },
        ],
      },
    },
    provingLastFactor: {
      description:
        'It is the login’s last passkey: the browser asks for this passkey, whose answer goes with the removal.',
      invoke: {
        id: 'getAssertion',
        src: 'getAssertion',
        input: ({ context }) => context.request!,
        onDone: { target: 'removing', actions: 'keep the assertion' },
        onError: { target: 'list', actions: ['say the passkey was not used', 'forget the change'] },
      },
    },
  },
});
