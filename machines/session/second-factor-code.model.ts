/**
 * The code of a second factor already on (docs/session.md "Second factor"): the authenticator
 * app's code, or a recovery code instead, once each; a wrong code says so and is asked again; too
 * many wrong codes end the step locked out (the step machine waits out the lockout); a login with
 * a passkey can choose it instead. Declared from docs/session.md, never from the machine.
 */
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { codeStepMachine } from './second-factor-code.machine.ts';
import { ANSWERS, LOGIN, TYPED, verifiesTheCode } from './second-factor-samples.ts';
import type { CodeStepSnapshot } from './second-factor.selectors.ts';

interface Projection {
  asks: 'app' | 'recovery' | 'ended';
  error: string | null;
  checking: boolean;
  code: string;
  /** How the step ended, and whose login it is when the server took the code. */
  ended: string | null;
  user: string | null;
}

function project(s: CodeStepSnapshot): Projection {
  const output = s.status === 'done' ? s.output : undefined;
  return {
    asks: s.matches('appCode') ? 'app' : s.matches('recoveryCode') ? 'recovery' : 'ended',
    error: s.context.error,
    checking: s.matches({ appCode: 'checking' }) || s.matches({ recoveryCode: 'checking' }),
    code: s.context.code,
    ended: output?.ended ?? null,
    user: output?.ended === 'accepted' ? output.user.username : null,
  };
}

const refused = (to: string, error: string) => ({ to, with: { error, checking: false } });
/** Whatever the server refuses a code with shows its message, and the code is asked again. */
const refusals = (to: string) => ({
  'the server refuses the code': refused(to, SECOND_FACTOR_MESSAGES.failed),
  'the server refuses the passkey': refused(to, PASSKEY_MESSAGES.notVerified),
  'the server asks for the passkey with a new request': refused(to, PASSKEY_MESSAGES.passkeyPrompt),
  'too many wrong codes': { to: 'lockedOut', with: { ended: 'locked out' } },
});
const taken = { to: 'accepted', with: { ended: 'accepted', user: 'demo' } } as const;

export const secondFactorCodeModel = defineMachine({
  name: 'second-factor-code',
  title: 'Second factor: the app’s code or a recovery code',
  description:
    'After a right password, a login whose authenticator app is on is asked for the code the ' +
    'app shows; a recovery code can be used instead, once each (one typed in the other box ' +
    'counts as what it is). A wrong code says so and the code is asked again. Too many wrong ' +
    'codes end this step locked out. A login that also has a passkey can use it instead.',
  machine: codeStepMachine,
  input: { ...LOGIN, passkeyOffered: true },
  events: [
    ...TYPED,
    sample('choose a recovery code instead', { type: 'recovery.chosen' }),
    sample('choose the app instead', { type: 'app.chosen' }),
    sample('choose a passkey instead', { type: 'passkey.chosen' }),
    ...ANSWERS,
  ],
  project,
  limit: 500,
  expect: {
    start: { to: 'appCode.editing', with: { asks: 'app', error: null, checking: false } },
    inputs: { verify: verifiesTheCode },
    on: {
      'appCode.editing': {
        'type the app’s code': { to: 'appCode.checking', with: { checking: true, error: null } },
        // A recovery code typed where the app's code is asked for counts as one.
        'type a recovery code': { to: 'recoveryCode.checking', with: { checking: true } },
        'type five digits': { to: 'stays', with: { error: SECOND_FACTOR_MESSAGES.codeMalformed } },
        'choose a recovery code instead': {
          to: 'recoveryCode.editing',
          with: { asks: 'recovery', error: null },
        },
        'choose a passkey instead': { to: 'passkeyChosen', with: { ended: 'passkey chosen' } },
      },
      'recoveryCode.editing': {
        'type a recovery code': { to: 'recoveryCode.checking', with: { checking: true } },
        'type the app’s code': { to: 'appCode.checking', with: { checking: true } },
        'type five digits': { to: 'stays', with: { error: SECOND_FACTOR_MESSAGES.codeMalformed } },
        'choose the app instead': { to: 'appCode.editing', with: { asks: 'app', error: null } },
      },
      'appCode.checking': {
        'the server takes the code': taken,
        'the server takes the first code': taken,
        ...refusals('appCode.editing'),
      },
      'recoveryCode.checking': {
        'the server takes the code': taken,
        'the server takes the first code': taken,
        ...refusals('recoveryCode.editing'),
      },
    },
  },
  states: {
    'appCode.editing': (s) => {
      expectThat(project(s).asks === 'app', 'the app’s code should be asked for');
      expectThat(!project(s).checking, 'nothing should be checked');
    },
    'appCode.checking': (s) =>
      expectThat(project(s).checking, 'the code should show it is being checked'),
    'recoveryCode.editing': (s) =>
      expectThat(project(s).asks === 'recovery', 'a recovery code should be asked for'),
    'recoveryCode.checking': (s) =>
      expectThat(project(s).checking, 'the code should show it is being checked'),
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
    passkeyChosen: (s) =>
      expectThat(
        s.status === 'done' && s.output?.ended === 'passkey chosen',
        'the step should end with a passkey chosen',
      ),
  },
});
