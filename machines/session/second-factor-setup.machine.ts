/**
 * Setting up the authenticator app at login (docs/session.md "Second factor"): the account requires
 * a second factor and this login has none. The QR code and key of a new authenticator account show
 * and its first code is asked for (only an app's code: no recovery code exists yet). The first code
 * turns the second factor on; its ten recovery codes then show once, to download or write down. It
 * ends (its output, second-factor-steps.ts) once the codes are saved (or the server took the code
 * without new codes), or when too many wrong codes lock the step out. The step machine
 * (second-factor.machine.ts) runs it as its child `setupStep`; the call is the named actor
 * `verify`, provided by the app.
 */
import { assertEvent, assign, setup } from 'xstate';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { readSecondFactorCode, type TotpSetup } from '#shared/session/second-factor';
import type { LoginResult } from '#shared/session/types';
import {
  keepTheCode,
  refusalOf,
  storeTheRefusal,
  tooManyWrongCodes,
  userOf,
  verifyPlaceholder,
  type StepCredentials,
  type StepOutcome,
} from './second-factor-steps.ts';

export interface SetupStepInput extends StepCredentials {
  /** The authenticator account to add. */
  setup: TotpSetup;
}

export interface SetupStepContext extends SetupStepInput {
  code: string;
  error: string | null;
  /** The new recovery codes, once the first code was taken. */
  recoveryCodes: string[] | null;
  outcome: StepOutcome | null;
}

export type SetupStepEvent =
  | { type: 'code.submitted'; code: string }
  /** The new recovery codes were seen (downloaded or written down). */
  | { type: 'codes.saved' }
  | { type: 'xstate.done.actor.verify'; output: LoginResult }
  | { type: 'xstate.error.actor.verify'; error: unknown };

export const setupStepMachine = setup({
  types: {
    context: {} as SetupStepContext,
    events: {} as SetupStepEvent,
    input: {} as SetupStepInput,
    output: {} as StepOutcome,
  },
  actors: { verify: verifyPlaceholder },
  actions: {
    'keep the code': keepTheCode(),
    'say how the app’s code is written': assign({ error: SECOND_FACTOR_MESSAGES.totpMalformed }),
    'store the refusal': storeTheRefusal(),
    'keep the user': assign({
      outcome: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.verify');
        return { ended: 'accepted' as const, user: userOf(event.output) };
      },
      recoveryCodes: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.verify');
        return event.output.recovery_codes ?? null;
      },
      code: '',
    }),
    'keep the lockout': assign({
      outcome: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.verify');
        return { ended: 'locked out' as const, error: refusalOf(event.error) };
      },
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.verify');
        return refusalOf(event.error);
      },
      code: '',
    }),
  },
  guards: {
    'the code reads as an app code': ({ event }) =>
      event.type === 'code.submitted' && readSecondFactorCode(event.code)?.kind === 'totp',
    'too many wrong codes': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.verify');
      return tooManyWrongCodes(event.error);
    },
    'new recovery codes came': ({ event }) => {
      assertEvent(event, 'xstate.done.actor.verify');
      return (event.output.recovery_codes?.length ?? 0) > 0;
    },
  },
}).createMachine({
  id: 'secondFactorSetup',
  description:
    'The account requires a second factor and this login has none: a new authenticator account shows, its first code turns the factor on, and the recovery codes show once.',
  context: ({ input }) => ({ ...input, code: '', error: null, recoveryCodes: null, outcome: null }),
  initial: 'editing',
  output: ({ context }) => context.outcome!,
  states: {
    editing: {
      description:
        'The QR code and key show; the person adds the account to the app and types the code it shows.',
      on: {
        'code.submitted': [
          { guard: 'the code reads as an app code', target: 'checking', actions: 'keep the code' },
          { actions: 'say how the app’s code is written' },
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
            target: 'showingRecoveryCodes',
            actions: 'keep the user',
          },
          { target: 'accepted', actions: 'keep the user' },
        ],
        onError: [
          { guard: 'too many wrong codes', target: 'lockedOut', actions: 'keep the lockout' },
          { target: 'editing', actions: 'store the refusal' },
        ],
      },
    },
    showingRecoveryCodes: {
      description:
        'The second factor is on: its ten recovery codes show once, to download or write down.',
      on: { 'codes.saved': 'accepted' },
    },
    accepted: {
      description: 'The second factor is on and the login took it: the step ends with the user.',
      type: 'final',
    },
    lockedOut: {
      description: 'Too many wrong codes: the step ends locked out, with the server’s message.',
      type: 'final',
    },
  },
});
