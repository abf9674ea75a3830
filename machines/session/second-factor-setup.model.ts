/**
 * Setting up the authenticator app at login (docs/session.md "Second factor"): the account
 * requires a second factor and this login has none. Declared from docs/session.md, never from
 * the machine.
 */
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { setupStepMachine } from './second-factor-setup.machine.ts';
import { ANSWERS, LOGIN, SETUP, TYPED, verifiesTheCode } from './second-factor-samples.ts';
import type { SetupStepSnapshot } from './second-factor.selectors.ts';

interface Projection {
  error: string | null;
  checking: boolean;
  code: string;
  /** The account to add shows. */
  qr: boolean;
  recoveryCodes: number;
  ended: string | null;
  user: string | null;
}

function project(s: SetupStepSnapshot): Projection {
  const output = s.status === 'done' ? s.output : undefined;
  return {
    error: s.context.error,
    checking: s.matches('checking'),
    code: s.context.code,
    qr: s.matches('editing') || s.matches('checking'),
    recoveryCodes: s.matches('showingRecoveryCodes') ? (s.context.recoveryCodes?.length ?? 0) : 0,
    ended: output?.ended ?? null,
    user: output?.ended === 'accepted' ? output.user.username : null,
  };
}

const refused = (error: string) => ({ to: 'editing', with: { error, checking: false } });
const taken = { to: 'accepted', with: { ended: 'accepted', user: 'demo' } } as const;

export const secondFactorSetupModel = defineMachine({
  name: 'second-factor-setup',
  title: 'Second factor: setting it up at login',
  description:
    'When the account requires a second factor for every login and this login has none yet, ' +
    'the right password is followed by a QR code and a key to add to an authenticator app, and ' +
    'the code the app then shows. The first code turns the second factor on: its ten recovery ' +
    'codes show once, to download or write down, and the login goes on. Too many wrong codes ' +
    'end this step locked out.',
  machine: setupStepMachine,
  input: { ...LOGIN, setup: SETUP },
  events: [...TYPED, sample('the recovery codes are saved', { type: 'codes.saved' }), ...ANSWERS],
  project,
  limit: 500,
  expect: {
    start: { to: 'editing', with: { qr: true, error: null, checking: false } },
    inputs: { verify: verifiesTheCode },
    on: {
      editing: {
        'type the app’s code': { to: 'checking', with: { checking: true, error: null } },
        // Only the new app's code turns it on: no recovery code exists yet.
        'type a recovery code': {
          to: 'stays',
          with: { error: SECOND_FACTOR_MESSAGES.totpMalformed },
        },
        'type five digits': { to: 'stays', with: { error: SECOND_FACTOR_MESSAGES.totpMalformed } },
      },
      checking: {
        'the server takes the first code': {
          to: 'showingRecoveryCodes',
          with: { recoveryCodes: 10, qr: false },
        },
        'the server takes the code': taken,
        'the server refuses the code': refused(SECOND_FACTOR_MESSAGES.failed),
        'the server refuses the passkey': refused(PASSKEY_MESSAGES.notVerified),
        'the server asks for the passkey with a new request': refused(
          PASSKEY_MESSAGES.passkeyPrompt,
        ),
        'too many wrong codes': { to: 'lockedOut', with: { ended: 'locked out' } },
      },
      showingRecoveryCodes: { 'the recovery codes are saved': taken },
    },
  },
  states: {
    editing: (s) => {
      expectThat(s.context.setup.secret === SETUP.secret, 'the QR code and the key should show');
      expectThat(!project(s).checking, 'nothing should be checked');
    },
    checking: (s) => expectThat(project(s).checking, 'the code should show it is being checked'),
    showingRecoveryCodes: (s) =>
      expectThat(project(s).recoveryCodes === 10, 'the ten recovery codes should show'),
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
  },
});
