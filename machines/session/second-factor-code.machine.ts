/**
 * The code of the second factor already on (docs/session.md "Second factor"): the code the
 * authenticator app shows, or one of the recovery codes instead (each works once). A code typed in
 * the other box counts as what it reads as. A refusal shows the server's message and the code is
 * asked again. It ends (its output, second-factor-steps.ts) when the server took the code, when too
 * many wrong codes lock the step out, or when the person chose a passkey instead (the login has
 * one). The step machine (second-factor.machine.ts) runs it as its child `codeStep`; the call is
 * the named actor `verify`, provided by the app.
 */
import { assertEvent, assign, setup } from 'xstate';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { readSecondFactorCode } from '#shared/session/second-factor';
import type { LoginResult } from '#shared/session/types';
import {
  forgetTheError,
  keepTheCode,
  refusalOf,
  storeTheRefusal,
  tooManyWrongCodes,
  userOf,
  verifyPlaceholder,
  type StepCredentials,
  type StepOutcome,
} from './second-factor-steps.ts';

export interface CodeStepInput extends StepCredentials {
  /** A passkey can be chosen instead (the login has one). */
  passkeyOffered: boolean;
}

export interface CodeStepContext extends CodeStepInput {
  /** The code being checked. */
  code: string;
  /** Why the last code was refused (the server's message, or the code's rule). */
  error: string | null;
  outcome: StepOutcome | null;
}

export type CodeStepEvent =
  | { type: 'code.submitted'; code: string }
  | { type: 'recovery.chosen' }
  | { type: 'app.chosen' }
  | { type: 'passkey.chosen' }
  | { type: 'xstate.done.actor.verify'; output: LoginResult }
  | { type: 'xstate.error.actor.verify'; error: unknown };

/** The server checks the code typed, with the kept password. */
const CHECK = {
  id: 'verify',
  src: 'verify',
  input: ({ context }: { context: CodeStepContext }) => ({
    mode: context.mode,
    username: context.username,
    password: context.password,
    otp: context.code,
  }),
  onDone: { target: '#secondFactorCode.accepted', actions: 'keep the user' },
  onError: [
    {
      guard: 'too many wrong codes',
      target: '#secondFactorCode.lockedOut',
      actions: 'keep the lockout',
    },
    { target: 'editing', actions: 'store the refusal' },
  ],
} as const;

export const codeStepMachine = setup({
  types: {
    context: {} as CodeStepContext,
    events: {} as CodeStepEvent,
    input: {} as CodeStepInput,
    output: {} as StepOutcome,
  },
  actors: { verify: verifyPlaceholder },
  actions: {
    'keep the code': keepTheCode(),
    'say how a code is written': assign({ error: SECOND_FACTOR_MESSAGES.codeMalformed }),
    'store the refusal': storeTheRefusal(),
    'forget the error': forgetTheError(),
    'keep the user': assign({
      outcome: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.verify');
        return { ended: 'accepted' as const, user: userOf(event.output) };
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
    'a passkey is offered': ({ context }) => context.passkeyOffered,
    'the code reads as an app code': ({ event }) =>
      event.type === 'code.submitted' && readSecondFactorCode(event.code)?.kind === 'totp',
    'the code reads as a recovery code': ({ event }) =>
      event.type === 'code.submitted' && readSecondFactorCode(event.code)?.kind === 'recovery',
    'too many wrong codes': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.verify');
      return tooManyWrongCodes(event.error);
    },
  },
}).createMachine({
  id: 'secondFactorCode',
  description:
    'The code of the authenticator app, or a recovery code instead; a refused code says why and is asked again.',
  context: ({ input }) => ({ ...input, code: '', error: null, outcome: null }),
  initial: 'appCode',
  output: ({ context }) => context.outcome ?? { ended: 'passkey chosen' },
  states: {
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
                target: '#secondFactorCode.recoveryCode.checking',
                actions: 'keep the code',
              },
              { actions: 'say how a code is written' },
            ],
            'recovery.chosen': {
              target: '#secondFactorCode.recoveryCode',
              actions: 'forget the error',
            },
            'passkey.chosen': {
              guard: 'a passkey is offered',
              target: '#secondFactorCode.passkeyChosen',
            },
          },
        },
        checking: {
          description: 'The server checks the code (once per time step).',
          invoke: CHECK,
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
                target: '#secondFactorCode.appCode.checking',
                actions: 'keep the code',
              },
              { actions: 'say how a code is written' },
            ],
            'app.chosen': { target: '#secondFactorCode.appCode', actions: 'forget the error' },
          },
        },
        checking: {
          description: 'The server checks the recovery code and uses it up.',
          invoke: CHECK,
        },
      },
    },
    accepted: {
      description: 'The server took the code: the step ends with the user.',
      type: 'final',
    },
    lockedOut: {
      description: 'Too many wrong codes: the step ends locked out, with the server’s message.',
      type: 'final',
    },
    passkeyChosen: {
      description: 'The person chose a passkey instead: the step ends.',
      type: 'final',
    },
  },
});
