/**
 * The site admin's Second factor reset screen (docs/session.md "Reset by a site admin"): find a
 * login by username, see its second factors (the authenticator app, recovery codes left, passkeys),
 * and reset them after a confirmation that states the support verification performed (sent as
 * `verified_by`, written to the audit log). The calls are named actors provided by the app: `find`
 * (GET /admin/users/{username}/second_factor) and `reset` (DELETE, with `verified_by`); the reset
 * needs a fresh token, which the token coordinator asks for. What the screen says after the reset
 * is the app's `announce` action.
 */
import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import type { UserSecondFactors } from '#shared/session/passkeys';
import { SecondFactorResetSchema } from '#shared/session/schemas';
import { requestFailureOf } from './types.ts';

export interface SecondFactorResetContext {
  /** The username looked up. */
  username: string;
  found: UserSecondFactors | null;
  /** The support verification stated, while the reset is sent. */
  verifiedBy: string;
  error: string | null;
}

export type SecondFactorResetEvent =
  | { type: 'search.submitted'; username: string }
  | { type: 'reset.pressed' }
  | { type: 'verification.submitted'; verifiedBy: string }
  | { type: 'cancel.pressed' }
  | { type: 'xstate.done.actor.find'; output: UserSecondFactors }
  | { type: 'xstate.error.actor.find'; error: unknown }
  | { type: 'xstate.done.actor.reset'; output: unknown }
  | { type: 'xstate.error.actor.reset'; error: unknown };

const verificationProblem = (verifiedBy: string) => {
  const result = v.safeParse(SecondFactorResetSchema.entries.verified_by, verifiedBy);
  return result.success ? null : result.issues[0].message;
};

export const secondFactorResetMachine = setup({
  types: {
    context: {} as SecondFactorResetContext,
    events: {} as SecondFactorResetEvent,
  },
  actors: {
    find: fromPromise<UserSecondFactors, { username: string }>(async () => {
      throw new Error('find is provided by the app');
    }),
    reset: fromPromise<unknown, { username: string; verifiedBy: string }>(async () => {
      throw new Error('reset is provided by the app');
    }),
  },
  actions: {
    announce: (_, _params: { message: string }) => {},
    'keep the username': assign({
      username: ({ event }) => {
        assertEvent(event, 'search.submitted');
        return event.username.trim().toLowerCase();
      },
      found: null,
      error: null,
    }),
    'store what was found': assign({
      found: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.find');
        return event.output;
      },
      error: null,
    }),
    'keep the verification': assign({
      verifiedBy: ({ event }) => {
        assertEvent(event, 'verification.submitted');
        return event.verifiedBy.trim();
      },
      error: null,
    }),
    'say what the verification needs': assign({
      error: ({ event }) => {
        assertEvent(event, 'verification.submitted');
        return verificationProblem(event.verifiedBy);
      },
    }),
    'store the failure': assign({
      error: ({ event }) => {
        assertEvent(event, ['xstate.error.actor.find', 'xstate.error.actor.reset']);
        return requestFailureOf(event.error).message || null;
      },
    }),
    'forget the error': assign({ error: null }),
    'forget what was found': assign({ found: null }),
    'forget the verification': assign({ verifiedBy: '' }),
  },
  guards: {
    'a username was typed': ({ event }) => {
      assertEvent(event, 'search.submitted');
      return event.username.trim().length > 0;
    },
    'the login has a second factor': ({ context }) =>
      context.found !== null && (context.found.totp !== 'off' || context.found.passkeys.length > 0),
    'the verification is stated': ({ event }) => {
      assertEvent(event, 'verification.submitted');
      return verificationProblem(event.verifiedBy) === null;
    },
  },
}).createMachine({
  id: 'secondFactorReset',
  description:
    'A site admin finds a login, sees its second factors and resets them after stating the support verification performed.',
  context: { username: '', found: null, verifiedBy: '', error: null },
  initial: 'searching',
  states: {
    searching: {
      description: 'The username of the login is asked for (a refusal shows why).',
      on: {
        'search.submitted': {
          guard: 'a username was typed',
          target: 'finding',
          actions: 'keep the username',
        },
      },
    },
    finding: {
      description: 'The login and its second factors are being looked up.',
      invoke: {
        id: 'find',
        src: 'find',
        input: ({ context }) => ({ username: context.username }),
        onDone: { target: 'found', actions: 'store what was found' },
        onError: { target: 'searching', actions: ['forget what was found', 'store the failure'] },
      },
    },
    found: {
      description:
        'The login’s authenticator app, recovery codes left and passkeys show; Reset when it has any.',
      on: {
        'reset.pressed': {
          guard: 'the login has a second factor',
          target: 'confirming',
          actions: ['forget the error', 'forget the verification'],
        },
        'search.submitted': {
          guard: 'a username was typed',
          target: 'finding',
          actions: 'keep the username',
        },
      },
    },
    confirming: {
      description:
        'The reset asks first: the support process’s checks are listed and the verification performed must be stated; nothing is sent before.',
      on: {
        'verification.submitted': [
          {
            guard: 'the verification is stated',
            target: 'resetting',
            actions: 'keep the verification',
          },
          { actions: 'say what the verification needs' },
        ],
        'cancel.pressed': { target: 'found', actions: 'forget the error' },
      },
    },
    resetting: {
      description: 'The reset is sent with the verification stated (audited by the server).',
      invoke: {
        id: 'reset',
        src: 'reset',
        input: ({ context }) => ({ username: context.username, verifiedBy: context.verifiedBy }),
        onDone: {
          target: 'finding',
          actions: [
            'forget the verification',
            { type: 'announce', params: { message: SECOND_FACTOR_MESSAGES.resetDone } },
          ],
        },
        onError: { target: 'confirming', actions: 'store the failure' },
      },
    },
  },
});
