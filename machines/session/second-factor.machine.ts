/**
 * The second factor's step of a login and of a fresh re-authentication (docs/session.md "Second
 * factor"): the password was right and the server answered `Second Factor Required` (or, for a
 * login of a customer that requires one, `Second Factor Setup Required` with the account to add).
 * This machine decides which step asks, runs it as its child `step` and follows how it ends
 * (second-factor-steps.ts):
 * - `setupStep` (second-factor-setup.machine.ts): the first code of the app being set up, then
 *   the new recovery codes once;
 * - `passkeyStep` (second-factor-passkey.machine.ts): a login with passkeys is offered one first
 *   (docs/session.md "Passkeys"); the person can choose the app's code instead;
 * - `codeStep` (second-factor-code.machine.ts): the authenticator app's code or a recovery code;
 *   the person can choose a passkey instead.
 * What the person does is passed on to the step. Too many wrong codes lock the step out until the
 * limit's window has passed (or the person tries again). It ends (final state, output the user)
 * once the server took the code.
 *
 * The login (login.machine.ts, state `secondFactor`) runs it for the login page, the password
 * window for a fresh re-authentication (`secondFactor`); they keep the password and cancel it.
 * The calls are the named actors `verify` (the same login, `mode: 'login'`, POST /auth/tokens, or
 * re-authentication, `mode: 'reauth'`, POST /auth/access_token, with `otp` or `webauthn`; neither:
 * a new passkey request) and `getAssertion`, which the app gives the steps with
 * `secondFactorWithCalls`.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { assertEvent, assign, sendTo, setup, type PromiseActorLogic } from 'xstate';
import { RATE_LIMITS } from '#shared/constants';
import type { TotpSetup } from '#shared/session/second-factor';
import type { LoginResult, SessionUser } from '#shared/session/types';
import { codeStepMachine } from './second-factor-code.machine.ts';
import { passkeyStepMachine } from './second-factor-passkey.machine.ts';
import { setupStepMachine } from './second-factor-setup.machine.ts';
import {
  forgetTheError,
  type SecondFactorMode,
  type StepOutcome,
  type VerifyInput,
} from './second-factor-steps.ts';

export type { SecondFactorMode, VerifyInput } from './second-factor-steps.ts';

export interface SecondFactorInput {
  mode: SecondFactorMode;
  username: string;
  password: string;
  /** The authenticator account to add (a login asked to set one up), else null. */
  setup: TotpSetup | null;
  /** The request the login's passkeys answer (it has some), else null or left out. */
  passkey?: PublicKeyCredentialRequestOptionsJSON | null;
  /** Whether codes count (the login has the app); false when the answer named passkeys only. */
  codes?: boolean;
}

export interface SecondFactorContext extends SecondFactorInput {
  passkey: PublicKeyCredentialRequestOptionsJSON | null;
  codes: boolean;
  /** Why the step is locked out (the server's message). */
  error: string | null;
  user: SessionUser | null;
}

/** What the person does, passed on to the step that asks. */
export type StepEvent =
  | { type: 'code.submitted'; code: string }
  | { type: 'recovery.chosen' }
  | { type: 'app.chosen' }
  | { type: 'passkey.chosen' }
  /** Use a passkey was pressed: the browser asks for one. */
  | { type: 'passkey.pressed' }
  /** The new recovery codes were seen (downloaded or written down). */
  | { type: 'codes.saved' };

export type SecondFactorEvent =
  StepEvent | { type: 'retry.pressed' } | { type: 'xstate.done.actor.step'; output: StepOutcome };

/** How long the step stays locked out after too many wrong codes: the limit's window. */
export const LOCKOUT_MS = RATE_LIMITS.secondFactorPerUser.windowSeconds * 1000;

const PASS_ON = { actions: 'pass it on to the step' } as const;

export const secondFactorMachine = setup({
  types: {
    context: {} as SecondFactorContext,
    events: {} as SecondFactorEvent,
    input: {} as SecondFactorInput,
    output: {} as SessionUser,
  },
  actors: {
    codeStep: codeStepMachine,
    passkeyStep: passkeyStepMachine,
    setupStep: setupStepMachine,
  },
  delays: { lockout: LOCKOUT_MS },
  actions: {
    'pass it on to the step': sendTo('step', ({ event }) => event),
    'keep the user': assign({
      user: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.step');
        return event.output.ended === 'accepted' ? event.output.user : null;
      },
    }),
    'keep the lockout': assign({
      error: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.step');
        return event.output.ended === 'locked out' ? event.output.error : null;
      },
      passkey: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.step');
        return event.output.ended === 'locked out' && event.output.passkey !== undefined
          ? event.output.passkey
          : context.passkey;
      },
    }),
    'keep the passkey request': assign({
      passkey: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.step');
        return event.output.ended === 'app chosen' ? event.output.passkey : context.passkey;
      },
    }),
    'forget the error': forgetTheError(),
  },
  guards: {
    'an authenticator account is to be added': ({ context }) => context.setup !== null,
    'a passkey is offered': ({ context }) => context.passkey !== null,
    'the server took it': ({ event }) => {
      assertEvent(event, 'xstate.done.actor.step');
      return event.output.ended === 'accepted';
    },
    'too many wrong codes': ({ event }) => {
      assertEvent(event, 'xstate.done.actor.step');
      return event.output.ended === 'locked out';
    },
  },
}).createMachine({
  id: 'secondFactor',
  description:
    'After a right password: setting up the app, a passkey, or the code of the app (a recovery code instead); too many wrong codes lock the step for a while.',
  context: ({ input }) => ({
    ...input,
    passkey: input.passkey ?? null,
    codes: input.codes ?? true,
    error: null,
    user: null,
  }),
  initial: 'starting',
  output: ({ context }) => context.user!,
  states: {
    starting: {
      description:
        'Decides the step: setting up the app the account requires, a passkey when the login has one, or the code of the app already set up.',
      always: [
        { guard: 'an authenticator account is to be added', target: 'settingUp' },
        { guard: 'a passkey is offered', target: 'passkey' },
        { target: 'code' },
      ],
    },
    settingUp: {
      description:
        'The account requires a second factor and this login has none: the child setupStep sets up the app and shows the recovery codes.',
      invoke: {
        id: 'step',
        src: 'setupStep',
        input: ({ context }) => ({
          mode: context.mode,
          username: context.username,
          password: context.password,
          setup: context.setup!,
        }),
        onDone: [
          { guard: 'the server took it', target: 'done', actions: 'keep the user' },
          { target: 'lockedOut', actions: 'keep the lockout' },
        ],
      },
      on: { 'code.submitted': PASS_ON, 'codes.saved': PASS_ON },
    },
    passkey: {
      description:
        'The login has passkeys: the child passkeyStep asks for one (the app’s code instead, when the login has the app).',
      invoke: {
        id: 'step',
        src: 'passkeyStep',
        input: ({ context }) => ({
          mode: context.mode,
          username: context.username,
          password: context.password,
          passkey: context.passkey!,
          codes: context.codes,
        }),
        onDone: [
          { guard: 'the server took it', target: 'done', actions: 'keep the user' },
          { guard: 'too many wrong codes', target: 'lockedOut', actions: 'keep the lockout' },
          // The person chose the app's code instead.
          { target: 'code', actions: 'keep the passkey request' },
        ],
      },
      on: { 'passkey.pressed': PASS_ON, 'app.chosen': PASS_ON },
    },
    code: {
      description:
        'The child codeStep asks for the code of the app, or a recovery code instead (a passkey instead, when the login has one).',
      invoke: {
        id: 'step',
        src: 'codeStep',
        input: ({ context }) => ({
          mode: context.mode,
          username: context.username,
          password: context.password,
          passkeyOffered: context.passkey !== null,
        }),
        onDone: [
          { guard: 'the server took it', target: 'done', actions: 'keep the user' },
          { guard: 'too many wrong codes', target: 'lockedOut', actions: 'keep the lockout' },
          // The person chose a passkey instead.
          { target: 'passkey' },
        ],
      },
      on: {
        'code.submitted': PASS_ON,
        'recovery.chosen': PASS_ON,
        'app.chosen': PASS_ON,
        'passkey.chosen': PASS_ON,
      },
    },
    lockedOut: {
      description:
        'Too many wrong codes: no code is checked until the limit’s window has passed (or the person tries again and the server says).',
      after: { lockout: { target: 'starting', actions: 'forget the error' } },
      on: { 'retry.pressed': { target: 'starting', actions: 'forget the error' } },
    },
    done: {
      description: 'The server took the code: the login (or the fresh token) is complete.',
      type: 'final',
    },
  },
});

/** The code step's logic as the app provides it (with its `verify`), loaded when first needed. */
export type SecondFactorLogic = typeof secondFactorMachine;

/** The server calls the steps make, as the app provides them. */
export interface SecondFactorCalls {
  verify: PromiseActorLogic<LoginResult, VerifyInput>;
  /** The browser's passkey prompt. */
  getAssertion?: PromiseActorLogic<
    AuthenticationResponseJSON,
    PublicKeyCredentialRequestOptionsJSON
  >;
}

/** The code step with the app's calls, given to each step that makes them. */
export function secondFactorWithCalls({ verify, getAssertion }: SecondFactorCalls) {
  return secondFactorMachine.provide({
    actors: {
      codeStep: codeStepMachine.provide({ actors: { verify } }),
      setupStep: setupStepMachine.provide({ actors: { verify } }),
      passkeyStep: passkeyStepMachine.provide({
        actors: { verify, ...(getAssertion ? { getAssertion } : {}) },
      }),
    },
  });
}
