/**
 * The second factor's step of a login and of a fresh re-authentication (docs/session.md "Second
 * factor"): the password was right and the server answered `Second Factor Required` (or, for a
 * login of a customer that requires one, `Second Factor Setup Required` with the account to add).
 * This machine asks for the code: the authenticator app's, a recovery code instead, or the first
 * code of the app being set up, after which the new recovery codes show once. A login with
 * passkeys (the answer carried their request) is offered a passkey first (docs/session.md
 * "Passkeys"): the browser's answer (the app's `getAssertion`, `@simplewebauthn/browser`) is sent
 * instead of a code; a refused one used its request up, so the password is sent again alone for a
 * new one. Wrong codes show
 * the server's message; too many lock the step out until the limit's window has passed. It ends
 * (final state, output the user) once the server took the code.
 *
 * The session machine runs it for the login page (`loggedOut.secondFactor`), the token coordinator
 * for the password prompt (`askingForPassword.secondFactor`); they keep the password and cancel it.
 * The call is the named actor `verify`, provided by the app: the same login (`mode: 'login'`,
 * POST /auth/tokens) or re-authentication (`mode: 'reauth'`, POST /auth/access_token) with `otp`
 * or `webauthn` (neither: a new passkey request).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { RATE_LIMITS } from '#shared/constants';
import { SECOND_FACTOR_MESSAGES } from '#shared/messages/second-factor';
import { PASSKEY_MESSAGES } from '#shared/messages/passkeys';
import { readSecondFactorCode, type TotpSetup } from '#shared/second-factor';
import type { LoginResult, SessionUser } from '#shared/session';
import { requestFailureOf } from './types.ts';

export type SecondFactorMode = 'login' | 'reauth';

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
  /** The passkey's answer being checked. */
  assertion: AuthenticationResponseJSON | null;
  /** The code being checked. */
  code: string;
  /** Why the last code was refused (the server's message, or the code's rule). */
  error: string | null;
  /** The new recovery codes, once the app set up at login was confirmed. */
  recoveryCodes: string[] | null;
  user: SessionUser | null;
}

export type SecondFactorEvent =
  | { type: 'code.submitted'; code: string }
  | { type: 'recovery.chosen' }
  | { type: 'app.chosen' }
  | { type: 'passkey.chosen' }
  /** Use a passkey was pressed: the browser asks for one. */
  | { type: 'passkey.pressed' }
  | { type: 'xstate.done.actor.getAssertion'; output: AuthenticationResponseJSON }
  | { type: 'xstate.error.actor.getAssertion'; error: unknown }
  /** The new recovery codes were seen (downloaded or written down). */
  | { type: 'codes.saved' }
  | { type: 'retry.pressed' }
  | { type: 'xstate.done.actor.verify'; output: LoginResult }
  | { type: 'xstate.error.actor.verify'; error: unknown };

export interface VerifyInput {
  mode: SecondFactorMode;
  username: string;
  password: string;
  otp?: string;
  webauthn?: AuthenticationResponseJSON;
}

/** How long the step stays locked out after too many wrong codes: the limit's window. */
export const LOCKOUT_MS = RATE_LIMITS.secondFactorPerUser.windowSeconds * 1000;

export const secondFactorMachine = setup({
  types: {
    context: {} as SecondFactorContext,
    events: {} as SecondFactorEvent,
    input: {} as SecondFactorInput,
    output: {} as SessionUser,
  },
  actors: {
    /** POST /auth/tokens or POST /auth/access_token with the code as `otp`. */
    verify: fromPromise<LoginResult, VerifyInput>(async () => {
      throw new Error('verify is provided by the app');
    }),
    /** The browser's passkey prompt (navigator.credentials.get) for the request. */
    getAssertion: fromPromise<AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON>(
      async () => {
        throw new Error('getAssertion is provided by the app');
      },
    ),
  },
  delays: { lockout: LOCKOUT_MS },
  actions: {
    'keep the code': assign({
      code: ({ event }) => {
        assertEvent(event, 'code.submitted');
        return event.code;
      },
      error: null,
    }),
    'say how a code is written': assign({
      error: ({ context }) =>
        context.setup ? SECOND_FACTOR_MESSAGES.totpMalformed : SECOND_FACTOR_MESSAGES.codeMalformed,
    }),
    'store the refusal': assign({
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.verify');
        return requestFailureOf(event.error).message || SECOND_FACTOR_MESSAGES.codeMalformed;
      },
      code: '',
    }),
    'forget the error': assign({ error: null }),
    'keep the assertion': assign({
      assertion: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.getAssertion');
        return event.output;
      },
      error: null,
    }),
    'say the passkey was not used': assign({ error: PASSKEY_MESSAGES.passkeyCancelled }),
    'keep the new passkey request': assign({
      passkey: ({ context, event }) => {
        assertEvent(event, 'xstate.error.actor.verify');
        return requestFailureOf(event.error).passkey ?? context.passkey;
      },
      assertion: null,
    }),
    'store the user': assign({
      user: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.verify');
        const { recovery_codes: _codes, ...user } = event.output;
        return user;
      },
      recoveryCodes: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.verify');
        return event.output.recovery_codes ?? null;
      },
      code: '',
      // The account is added: it is no longer to be set up.
      setup: null,
    }),
  },
  guards: {
    'an authenticator account is to be added': ({ context }) => context.setup !== null,
    'a passkey is offered': ({ context }) => context.passkey !== null,
    'codes count': ({ context }) => context.codes,
    'a new passkey request came': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.verify');
      return requestFailureOf(event.error).passkey !== undefined;
    },
    'the code reads as an app code': ({ event }) =>
      event.type === 'code.submitted' && readSecondFactorCode(event.code)?.kind === 'totp',
    'the code reads as a recovery code': ({ event }) =>
      event.type === 'code.submitted' && readSecondFactorCode(event.code)?.kind === 'recovery',
    'too many wrong codes': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.verify');
      return requestFailureOf(event.error).status === 429;
    },
    'new recovery codes came': ({ event }) => {
      assertEvent(event, 'xstate.done.actor.verify');
      return (event.output.recovery_codes?.length ?? 0) > 0;
    },
  },
}).createMachine({
  id: 'secondFactor',
  description:
    'After a right password: the code of the authenticator app, a recovery code instead, or the first code of an app being set up; too many wrong codes lock the step for a while.',
  context: ({ input }) => ({
    ...input,
    passkey: input.passkey ?? null,
    codes: input.codes ?? true,
    assertion: null,
    code: '',
    error: null,
    recoveryCodes: null,
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
        { target: 'appCode' },
      ],
    },
    passkey: {
      description:
        'The login has passkeys: one is asked for (a code instead, when the login has the app).',
      initial: 'ready',
      states: {
        ready: {
          description: 'Use a passkey shows; a passkey not used or refused says so.',
          on: {
            'passkey.pressed': { target: 'asking', actions: 'forget the error' },
            'app.chosen': {
              guard: 'codes count',
              target: '#secondFactor.appCode',
              actions: 'forget the error',
            },
          },
        },
        asking: {
          description: 'The browser asks the person for a passkey.',
          invoke: {
            id: 'getAssertion',
            src: 'getAssertion',
            input: ({ context }) => context.passkey!,
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
            onDone: { target: '#secondFactor.done', actions: 'store the user' },
            onError: [
              {
                guard: 'too many wrong codes',
                target: '#secondFactor.lockedOut',
                actions: 'store the refusal',
              },
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
            onDone: { target: '#secondFactor.done', actions: 'store the user' },
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
      },
    },
    appCode: {
      description: 'The code the authenticator app shows now is asked for.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The person types the 6-digit code; a refusal shows its reason.',
          on: {
            'code.submitted': [
              {
                guard: 'the code reads as an app code',
                target: 'checking',
                actions: 'keep the code',
              },
              // A recovery code typed here counts as one.
              {
                guard: 'the code reads as a recovery code',
                target: '#secondFactor.recoveryCode.checking',
                actions: 'keep the code',
              },
              { actions: 'say how a code is written' },
            ],
            'recovery.chosen': {
              target: '#secondFactor.recoveryCode',
              actions: 'forget the error',
            },
            'passkey.chosen': {
              guard: 'a passkey is offered',
              target: '#secondFactor.passkey',
              actions: 'forget the error',
            },
          },
        },
        checking: {
          description: 'The server checks the code (once per time step).',
          invoke: {
            id: 'verify',
            src: 'verify',
            input: ({ context }) => ({
              mode: context.mode,
              username: context.username,
              password: context.password,
              otp: context.code,
            }),
            onDone: { target: '#secondFactor.done', actions: 'store the user' },
            onError: [
              {
                guard: 'too many wrong codes',
                target: '#secondFactor.lockedOut',
                actions: 'store the refusal',
              },
              { target: 'editing', actions: 'store the refusal' },
            ],
          },
        },
      },
    },
    recoveryCode: {
      description: 'One of the recovery codes is asked for instead (each works once).',
      initial: 'editing',
      states: {
        editing: {
          description: 'The person types a recovery code; a refusal shows its reason.',
          on: {
            'code.submitted': [
              {
                guard: 'the code reads as a recovery code',
                target: 'checking',
                actions: 'keep the code',
              },
              {
                guard: 'the code reads as an app code',
                target: '#secondFactor.appCode.checking',
                actions: 'keep the code',
              },
              { actions: 'say how a code is written' },
            ],
            'app.chosen': { target: '#secondFactor.appCode', actions: 'forget the error' },
          },
        },
        checking: {
          description: 'The server checks the recovery code and uses it up.',
          invoke: {
            id: 'verify',
            src: 'verify',
            input: ({ context }) => ({
              mode: context.mode,
              username: context.username,
              password: context.password,
              otp: context.code,
            }),
            onDone: { target: '#secondFactor.done', actions: 'store the user' },
            onError: [
              {
                guard: 'too many wrong codes',
                target: '#secondFactor.lockedOut',
                actions: 'store the refusal',
              },
              { target: 'editing', actions: 'store the refusal' },
            ],
          },
        },
      },
    },
    settingUp: {
      description:
        'The account requires a second factor and this login has none: the QR code and key of a new authenticator account show, and its first code is asked for.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The person adds the account to the app and types the code it shows.',
          on: {
            'code.submitted': [
              {
                guard: 'the code reads as an app code',
                target: 'checking',
                actions: 'keep the code',
              },
              { actions: 'say how a code is written' },
            ],
          },
        },
        checking: {
          description: 'The server checks the first code: it turns the second factor on.',
          invoke: {
            id: 'verify',
            src: 'verify',
            input: ({ context }) => ({
              mode: context.mode,
              username: context.username,
              password: context.password,
              otp: context.code,
            }),
            onDone: [
              {
                guard: 'new recovery codes came',
                target: '#secondFactor.showingRecoveryCodes',
                actions: 'store the user',
              },
              { target: '#secondFactor.done', actions: 'store the user' },
            ],
            onError: [
              {
                guard: 'too many wrong codes',
                target: '#secondFactor.lockedOut',
                actions: 'store the refusal',
              },
              { target: 'editing', actions: 'store the refusal' },
            ],
          },
        },
      },
    },
    showingRecoveryCodes: {
      description:
        'The second factor is on: its ten recovery codes show once, to download or write down.',
      on: { 'codes.saved': 'done' },
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
