/**
 * A passkey after the password (docs/session.md "Passkeys"), declared from the spec, never from
 * the machine.
 */
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { passkeyStepMachine } from './second-factor-passkey.machine.ts';
import {
  ANSWERS,
  ASSERTION,
  LOGIN,
  NEW_PASSKEY_REQUEST,
  PASSKEY_REQUEST,
} from './second-factor-samples.ts';
import type { PasskeyStepSnapshot } from './second-factor.selectors.ts';

interface Projection {
  error: string | null;
  checking: boolean;
  /** The challenge of the passkeys' request held. */
  challenge: string;
  ended: string | null;
  user: string | null;
  /** The request the step ended with, when the app's code was chosen. */
  endedWith: string | null;
}

function project(s: PasskeyStepSnapshot): Projection {
  const output = s.status === 'done' ? s.output : undefined;
  return {
    error: s.context.error,
    checking: s.matches('asking') || s.matches('checking') || s.matches('renewing'),
    challenge: s.context.passkey.challenge,
    ended: output?.ended ?? null,
    user: output?.ended === 'accepted' ? output.user.username : null,
    endedWith: output?.ended === 'app chosen' ? (output.passkey?.challenge ?? null) : null,
  };
}

/** Where a refused or unused passkey leaves the step: ready, saying why. */
const ready = (error: string | null) => ({ to: 'ready', with: { checking: false, error } });
const taken = { to: 'accepted', with: { ended: 'accepted', user: 'demo' } } as const;
/** After a refusal, the request is used up: the renewal keeps what was said and any new request. */
const keeps = (before: Projection) => ({
  to: 'ready',
  with: { challenge: before.challenge, error: before.error, checking: false },
});

export const secondFactorPasskeyModel = defineMachine({
  name: 'second-factor-passkey',
  title: 'Second factor: a passkey after the password',
  description:
    'After a right password, a login with passkeys is asked for one (docs/session.md ' +
    '"Passkeys"): Use a passkey opens the browser’s prompt and its answer is sent instead of a ' +
    'code. A passkey not used says so; a refused one used its request up, so a new request is ' +
    'fetched (the password again, alone) and the person can try again. A login that also has ' +
    'the authenticator app can use a code instead. Too many refusals end this step locked out, ' +
    'like codes.',
  machine: passkeyStepMachine,
  input: { ...LOGIN, passkey: PASSKEY_REQUEST, codes: true },
  events: [
    sample('choose the app instead', { type: 'app.chosen' }),
    sample('press Use a passkey', { type: 'passkey.pressed' }),
    sample('the browser answers with the passkey', {
      type: 'xstate.done.actor.getAssertion',
      output: ASSERTION,
    }),
    sample('the passkey is not used', {
      type: 'xstate.error.actor.getAssertion',
      error: new Error('The operation either timed out or was not allowed.'),
    }),
    ...ANSWERS,
  ],
  project,
  limit: 500,
  expect: {
    start: {
      to: 'ready',
      with: { error: null, checking: false, challenge: PASSKEY_REQUEST.challenge },
    },
    // The browser is asked with the request the server sent; the passkey's answer is sent with
    // the login instead of a code, or (after a refusal used the request up) the password alone.
    inputs: {
      getAssertion: (p: Projection) =>
        p.challenge === NEW_PASSKEY_REQUEST.challenge ? NEW_PASSKEY_REQUEST : PASSKEY_REQUEST,
      verify: (_p: Projection, states: readonly string[]) =>
        states.includes('checking') ? { ...LOGIN, webauthn: ASSERTION } : { ...LOGIN },
    },
    on: {
      ready: {
        'press Use a passkey': { to: 'asking', with: { checking: true, error: null } },
        'choose the app instead': (before: Projection) => ({
          to: 'appChosen',
          with: { ended: 'app chosen', endedWith: before.challenge },
        }),
      },
      asking: {
        'the browser answers with the passkey': { to: 'checking', with: { checking: true } },
        'the passkey is not used': ready(PASSKEY_MESSAGES.passkeyCancelled),
      },
      checking: {
        'the server takes the code': taken,
        'the server takes the first code': taken,
        'the server refuses the passkey': {
          to: 'renewing',
          with: { checking: true, error: PASSKEY_MESSAGES.notVerified },
        },
        'the server refuses the code': {
          to: 'renewing',
          with: { checking: true, error: SECOND_FACTOR_MESSAGES.failed },
        },
        'the server asks for the passkey with a new request': {
          to: 'renewing',
          with: { checking: true },
        },
        'too many wrong codes': { to: 'lockedOut', with: { ended: 'locked out' } },
      },
      renewing: {
        'the server asks for the passkey with a new request': (before: Projection) => ({
          to: 'ready',
          with: { challenge: NEW_PASSKEY_REQUEST.challenge, error: before.error, checking: false },
        }),
        'the server refuses the passkey': keeps,
        'the server refuses the code': keeps,
        'too many wrong codes': keeps,
        'the server takes the code': taken,
        'the server takes the first code': taken,
      },
    },
  },
  states: {
    ready: (s) => expectThat(!project(s).checking, 'Use a passkey should show'),
    asking: (s) => expectThat(project(s).checking, 'the passkey should show it is being asked for'),
    checking: (s) => expectThat(project(s).checking, 'the passkey should show it is being checked'),
    renewing: (s) => expectThat(project(s).checking, 'the step should show it is busy'),
    accepted: (s) =>
      expectThat(
        s.status === 'done' && s.output?.ended === 'accepted' && s.output.user.username === 'demo',
        'the step should end with the user',
      ),
    lockedOut: (s) =>
      expectThat(
        s.status === 'done' &&
          s.output?.ended === 'locked out' &&
          s.output.error === SECOND_FACTOR_MESSAGES.tooManyCodes,
        'the step should end locked out, saying why',
      ),
    appChosen: (s) =>
      expectThat(
        s.status === 'done' && s.output?.ended === 'app chosen',
        'the step should end with the app’s code chosen',
      ),
  },
});
