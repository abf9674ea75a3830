/**
 * The account page's Second factor section (docs/session.md "Second factor"): whether the login's
 * authenticator app is on, turning it on (the QR code and key, then a first code, then the ten
 * recovery codes once), turning it off and making new recovery codes (each with a current code),
 * and, for the customer's primary admin, the rule that every login needs a second factor.
 *
 * The calls are named actors provided by the app (`/auth/mfa/…`); a call that needs a fresh token
 * is held by the token coordinator while the password (and code) are asked again, so this machine
 * only sees its answer. What the section says after a change is the app's `announce` action.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import {
  readSecondFactorCode,
  type RecoveryCodesResponse,
  type SecondFactorStatus,
  type TotpSetup,
} from '#shared/session/second-factor';
import { requestFailureOf } from './types.ts';

export interface SecondFactorSettingsContext {
  status: SecondFactorStatus | null;
  /** The authenticator account being added. */
  setup: TotpSetup | null;
  /** The code typed, while it is checked. */
  code: string;
  /** The new recovery codes, shown once. */
  recoveryCodes: string[] | null;
  /** The rule asked for, while it is saved. */
  required: boolean;
  /** Why the last call failed. */
  error: string | null;
}

export type SecondFactorSettingsEvent =
  | { type: 'setup.pressed' }
  | { type: 'code.submitted'; code: string }
  | { type: 'cancel.pressed' }
  | { type: 'turn.off.pressed' }
  | { type: 'new.codes.pressed' }
  | { type: 'codes.saved' }
  | { type: 'policy.changed'; required: boolean }
  | { type: 'retry.pressed' }
  | { type: 'xstate.done.actor.load'; output: SecondFactorStatus }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.start'; output: TotpSetup }
  | { type: 'xstate.error.actor.start'; error: unknown }
  | { type: 'xstate.done.actor.confirm'; output: RecoveryCodesResponse }
  | { type: 'xstate.error.actor.confirm'; error: unknown }
  | { type: 'xstate.done.actor.turnOff'; output: unknown }
  | { type: 'xstate.error.actor.turnOff'; error: unknown }
  | { type: 'xstate.done.actor.newCodes'; output: RecoveryCodesResponse }
  | { type: 'xstate.error.actor.newCodes'; error: unknown }
  | { type: 'xstate.done.actor.savePolicy'; output: unknown }
  | { type: 'xstate.error.actor.savePolicy'; error: unknown };

const failureOf = (error: unknown) => requestFailureOf(error).message || null;

export const secondFactorSettingsMachine = setup({
  types: {
    context: {} as SecondFactorSettingsContext,
    events: {} as SecondFactorSettingsEvent,
  },
  actors: {
    /** GET /auth/mfa. */
    load: fromPromise<SecondFactorStatus>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** POST /auth/mfa/totp. */
    start: fromPromise<TotpSetup>(async () => {
      throw new Error('start is provided by the app');
    }),
    /** POST /auth/mfa/totp/confirm. */
    confirm: fromPromise<RecoveryCodesResponse, { code: string }>(async () => {
      throw new Error('confirm is provided by the app');
    }),
    /** DELETE /auth/mfa/totp. */
    turnOff: fromPromise<unknown, { code: string }>(async () => {
      throw new Error('turnOff is provided by the app');
    }),
    /** POST /auth/mfa/recovery_codes. */
    newCodes: fromPromise<RecoveryCodesResponse, { code: string }>(async () => {
      throw new Error('newCodes is provided by the app');
    }),
    /** PUT /auth/mfa/policy. */
    savePolicy: fromPromise<unknown, { required: boolean }>(async () => {
      throw new Error('savePolicy is provided by the app');
    }),
  },
  actions: {
    'store the status': assign({
      status: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.load');
        return event.output;
      },
      error: null,
    }),
    'store the account to add': assign({
      setup: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.start');
        return event.output;
      },
      error: null,
    }),
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
    'store the recovery codes': assign({
      recoveryCodes: ({ event }) => {
        assertEvent(event, ['xstate.done.actor.confirm', 'xstate.done.actor.newCodes']);
        return event.output.recovery_codes;
      },
      setup: null,
      code: '',
    }),
    'keep the rule': assign({
      required: ({ event }) => {
        assertEvent(event, 'policy.changed');
        return event.required;
      },
      error: null,
    }),
    'store the failure': assign({
      error: ({ event }) => {
        assertEvent(event, [
          'xstate.error.actor.load',
          'xstate.error.actor.start',
          'xstate.error.actor.confirm',
          'xstate.error.actor.turnOff',
          'xstate.error.actor.newCodes',
          'xstate.error.actor.savePolicy',
        ]);
        return failureOf(event.error);
      },
      code: '',
    }),
    'forget the change': assign({ setup: null, code: '', recoveryCodes: null, error: null }),
    // Provided by the app: a notification of what changed.
    announce: (_, _params: { message: string }) => {},
  },
  guards: {
    'the code reads as an app code': ({ event }) =>
      event.type === 'code.submitted' && readSecondFactorCode(event.code)?.kind === 'totp',
    'the code reads as a code': ({ event }) =>
      event.type === 'code.submitted' && readSecondFactorCode(event.code) !== null,
  },
}).createMachine({
  id: 'secondFactorSettings',
  description:
    'The account page’s Second factor section: turning the authenticator app on and off, new recovery codes, and the account’s rule.',
  context: {
    status: null,
    setup: null,
    code: '',
    recoveryCodes: null,
    required: false,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Whether the second factor is on, and the account’s rule, are read.',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'idle', actions: 'store the status' },
        onError: { target: 'loadFailed', actions: 'store the failure' },
      },
    },
    loadFailed: {
      description: 'The section could not be read: its reason and Try again show.',
      on: { 'retry.pressed': 'loading' },
    },
    idle: {
      description:
        'The section shows whether the second factor is on, with the buttons that change it.',
      on: {
        'setup.pressed': { target: 'starting', actions: 'forget the change' },
        'turn.off.pressed': { target: 'askingToTurnOff', actions: 'forget the change' },
        'new.codes.pressed': { target: 'askingForNewCodes', actions: 'forget the change' },
        'policy.changed': { target: 'savingPolicy', actions: 'keep the rule' },
      },
    },
    starting: {
      description: 'A new authenticator account is made (the password may be asked again).',
      invoke: {
        id: 'start',
        src: 'start',
        onDone: { target: 'scanning', actions: 'store the account to add' },
        onError: { target: 'idle', actions: 'store the failure' },
      },
    },
    scanning: {
      description: 'The QR code and key show; the first code of the app turns it on.',
      on: {
        'code.submitted': [
          {
            guard: 'the code reads as an app code',
            target: 'confirming',
            actions: 'keep the code',
          },
          { actions: 'say how a code is written' },
        ],
        'cancel.pressed': { target: 'idle', actions: 'forget the change' },
      },
    },
    confirming: {
      description: 'The first code is checked.',
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'showingCodes',
          actions: [
            'store the recovery codes',
            { type: 'announce', params: { message: SECOND_FACTOR_MESSAGES.turnedOn } },
          ],
        },
        onError: { target: 'scanning', actions: 'store the failure' },
      },
    },
    showingCodes: {
      description: 'The ten recovery codes show once, to download or write down.',
      on: { 'codes.saved': { target: 'loading', actions: 'forget the change' } },
    },
    askingToTurnOff: {
      description: 'Turning it off asks for a current code of the app (or a recovery code).',
      on: {
        'code.submitted': [
          { guard: 'the code reads as a code', target: 'turningOff', actions: 'keep the code' },
          { actions: 'say how a code is written' },
        ],
        'cancel.pressed': { target: 'idle', actions: 'forget the change' },
      },
    },
    turningOff: {
      description: 'The second factor is turned off.',
      invoke: {
        id: 'turnOff',
        src: 'turnOff',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'loading',
          actions: [
            'forget the change',
            { type: 'announce', params: { message: SECOND_FACTOR_MESSAGES.turnedOff } },
          ],
        },
        onError: { target: 'askingToTurnOff', actions: 'store the failure' },
      },
    },
    askingForNewCodes: {
      description: 'New recovery codes ask for a current code of the app (or a recovery code).',
      on: {
        'code.submitted': [
          { guard: 'the code reads as a code', target: 'makingCodes', actions: 'keep the code' },
          { actions: 'say how a code is written' },
        ],
        'cancel.pressed': { target: 'idle', actions: 'forget the change' },
      },
    },
    makingCodes: {
      description: 'Ten new recovery codes replace the old ones.',
      invoke: {
        id: 'newCodes',
        src: 'newCodes',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'showingCodes',
          actions: [
            'store the recovery codes',
            { type: 'announce', params: { message: SECOND_FACTOR_MESSAGES.newCodes } },
          ],
        },
        onError: { target: 'askingForNewCodes', actions: 'store the failure' },
      },
    },
    savingPolicy: {
      description: 'The account’s rule is saved (the primary admin).',
      invoke: {
        id: 'savePolicy',
        src: 'savePolicy',
        input: ({ context }) => ({ required: context.required }),
        onDone: {
          target: 'loading',
          actions: {
            type: 'announce',
            params: ({ context }) => ({
              message: context.required
                ? SECOND_FACTOR_MESSAGES.policyOn
                : SECOND_FACTOR_MESSAGES.policyOff,
            }),
          },
        },
        onError: { target: 'idle', actions: 'store the failure' },
      },
    },
  },
});
