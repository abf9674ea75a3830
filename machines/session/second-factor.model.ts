/**
 * The second factor's step machine (docs/session.md "Second factor", "Passkeys"): after a right
 * password it decides which step asks (setting up the app the account requires, a passkey when
 * the login has one, else the app's code), passes on what the person does, follows how the step
 * ends (the steps are registered on their own: second-factor-setup, second-factor-passkey,
 * second-factor-code), locks out for the limit's window after too many wrong codes, and ends
 * with the user. Declared from docs/session.md, never from the machine.
 */
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { DEMO_USER } from './samples.ts';
import { codeStepMachine } from './second-factor-code.machine.ts';
import { passkeyStepMachine } from './second-factor-passkey.machine.ts';
import { setupStepMachine } from './second-factor-setup.machine.ts';
import { secondFactorMachine } from './second-factor.machine.ts';
import {
  LOCKOUT,
  LOGIN,
  NEW_PASSKEY_REQUEST,
  PASSKEY_REQUEST,
  RECOVERY_CODES,
  SETUP,
  TYPED,
} from './second-factor-samples.ts';
import {
  selectCodeStep,
  selectStepActor,
  type SecondFactorSnapshot,
} from './second-factor.selectors.ts';

interface Projection {
  /** The step that asks, or the lockout, or the end. */
  step: 'setting up' | 'passkey' | 'code' | 'locked out' | 'done' | 'deciding';
  error: string | null;
  /** The challenge of the passkeys' request held. */
  challenge: string | null;
  user: string | null;
}

function project(s: SecondFactorSnapshot): Projection {
  return {
    step: s.matches('settingUp')
      ? 'setting up'
      : s.matches('passkey')
        ? 'passkey'
        : s.matches('code')
          ? 'code'
          : s.matches('lockedOut')
            ? 'locked out'
            : s.matches('done')
              ? 'done'
              : 'deciding',
    error: s.context.error,
    challenge: s.context.passkey?.challenge ?? null,
    user: s.status === 'done' ? (s.output?.username ?? null) : null,
  };
}

/** What each step is given: the login whose password was right (and what the step needs). */
const INPUTS = {
  passkeyStep: (p: Projection) => ({
    ...LOGIN,
    passkey: { challenge: p.challenge },
    codes: true,
  }),
  codeStep: () => ({ ...LOGIN, passkeyOffered: true }),
};
const SETUP_INPUTS = { setupStep: () => ({ ...LOGIN, setup: SETUP }) };

const ended = (output: object) => ({ type: 'xstate.done.actor.step' as const, output });
const TAKEN = sample(
  'the step ends: the server took it',
  ended({ ended: 'accepted', user: DEMO_USER }),
);
const LOCKED = sample(
  'the step ends: too many wrong codes',
  ended({ ended: 'locked out', error: SECOND_FACTOR_MESSAGES.tooManyCodes }),
);
/** The passkey step locked out, with the passkeys' latest request (its last one was used up). */
const LOCKED_WITH_REQUEST = sample(
  'the step ends: too many refused passkeys, with a new request',
  ended({
    ended: 'locked out',
    error: SECOND_FACTOR_MESSAGES.tooManyCodes,
    passkey: NEW_PASSKEY_REQUEST,
  }),
);
const PERSON = [
  ...TYPED.slice(0, 1),
  sample('choose a recovery code instead', { type: 'recovery.chosen' }),
  sample('choose the app instead', { type: 'app.chosen' }),
  sample('choose a passkey instead', { type: 'passkey.chosen' }),
  sample('press Use a passkey', { type: 'passkey.pressed' }),
  sample('the recovery codes are saved', { type: 'codes.saved' }),
  sample('try again', { type: 'retry.pressed' }),
  sample('the lockout is over', { type: 'xstate.after.lockout.secondFactor.lockedOut' }),
] as const;

/** How each step can end (its registration declares when): only those are sent. */
function events(s: SecondFactorSnapshot) {
  if (s.matches('passkey'))
    return [
      ...PERSON,
      TAKEN,
      LOCKED,
      LOCKED_WITH_REQUEST,
      sample(
        'the step ends: the app’s code chosen instead of a passkey',
        ended({ ended: 'app chosen', passkey: NEW_PASSKEY_REQUEST }),
      ),
    ];
  if (s.matches('code'))
    return [
      ...PERSON,
      TAKEN,
      LOCKED,
      sample(
        'the step ends: a passkey chosen instead of a code',
        ended({ ended: 'passkey chosen' }),
      ),
    ];
  return [...PERSON, TAKEN, LOCKED];
}

/** While a step asks, it shows (the view follows it). */
function asking(s: SecondFactorSnapshot) {
  expectThat(selectStepActor(s) !== null, 'the step that asks should show');
}

const REFUSED = 'That code is not right.';
/** What the page shows of a step, given the step's snapshot as the view follows it. */
function shows(
  s: SecondFactorSnapshot,
  step: Parameters<typeof selectCodeStep>[1],
  expected: Partial<ReturnType<typeof selectCodeStep>>,
  what: string,
) {
  const shown = selectCodeStep(s, step) as unknown as Record<string, unknown>;
  const wrong = Object.entries(expected).filter(
    ([key, value]) => JSON.stringify(shown[key]) !== JSON.stringify(value),
  );
  expectThat(
    wrong.length === 0,
    `${what}: ${wrong.map(([key]) => `${key} ${JSON.stringify(shown[key])}`).join(', ')}`,
  );
}
/**
 * What the page shows while each step asks (docs/session.md "Second factor", "Passkeys"): which
 * code or passkey is asked for, whether the step is checking, the step's refusal, and whether a
 * passkey or a code can be used instead (this login: a passkey when it has one, the app's code).
 */
function passkeyStepShows(s: SecondFactorSnapshot) {
  const context = {
    ...LOGIN,
    passkey: PASSKEY_REQUEST,
    codes: true,
    assertion: null,
    error: REFUSED,
    outcome: null,
  };
  const offered = { passkeyOffered: true, codesOffered: true, setup: null, recoveryCodes: null };
  shows(
    s,
    passkeyStepMachine.resolveState({ value: 'ready', context }),
    { asks: 'passkey', checking: false, error: REFUSED, ...offered },
    'a passkey is asked for, with the last refusal',
  );
  for (const value of ['asking', 'checking', 'renewing'])
    shows(
      s,
      passkeyStepMachine.resolveState({ value, context }),
      { asks: 'passkey', checking: true, ...offered },
      `a passkey is being checked (${value})`,
    );
}
function codeStepShows(s: SecondFactorSnapshot) {
  const context = {
    ...LOGIN,
    passkeyOffered: true,
    code: '',
    error: REFUSED,
    outcome: null,
  };
  const offered = { passkeyOffered: true, codesOffered: true, setup: null, recoveryCodes: null };
  const cases = [
    [{ appCode: 'editing' }, 'app', false],
    [{ appCode: 'checking' }, 'app', true],
    [{ recoveryCode: 'editing' }, 'recovery', false],
    [{ recoveryCode: 'checking' }, 'recovery', true],
  ] as const;
  for (const [value, asks, checking] of cases)
    shows(
      s,
      codeStepMachine.resolveState({ value, context }),
      { asks, checking, error: REFUSED, ...offered },
      `the ${asks} code is asked for${checking ? ', being checked' : ''}`,
    );
}
function setupStepShows(s: SecondFactorSnapshot) {
  const context = {
    ...LOGIN,
    setup: SETUP,
    code: '',
    error: REFUSED,
    recoveryCodes: RECOVERY_CODES,
    outcome: null,
  };
  // This login has no passkey; the app's code is what it sets up.
  const offered = { passkeyOffered: false, codesOffered: true };
  shows(
    s,
    setupStepMachine.resolveState({ value: 'editing', context }),
    {
      asks: 'setup',
      setup: SETUP,
      recoveryCodes: null,
      checking: false,
      error: REFUSED,
      ...offered,
    },
    'the new app’s account shows and its first code is asked for',
  );
  shows(
    s,
    setupStepMachine.resolveState({ value: 'checking', context }),
    { asks: 'setup', checking: true, ...offered },
    'the first code is being checked',
  );
  shows(
    s,
    setupStepMachine.resolveState({ value: 'showingRecoveryCodes', context }),
    {
      asks: 'recovery codes',
      setup: null,
      recoveryCodes: RECOVERY_CODES,
      checking: false,
      ...offered,
    },
    'the recovery codes show once',
  );
}
/** Locked out: no step asks, and the page says why (too many wrong codes). */
function lockedOutShows(s: SecondFactorSnapshot) {
  expectThat(
    project(s).step === 'locked out' && project(s).error !== null,
    'the lockout should say why',
  );
  const shown = selectCodeStep(s);
  expectThat(
    shown.asks === 'locked out' && shown.error === SECOND_FACTOR_MESSAGES.tooManyCodes,
    'the page should show the lockout and say why',
  );
  expectThat(selectStepActor(s) === null, 'no step should ask while locked out');
}
/** Done: the user is known, nothing asks any more. */
function doneShows(s: SecondFactorSnapshot) {
  expectThat(s.status === 'done' && s.output?.username === 'demo', 'the user should be known');
  expectThat(selectCodeStep(s).asks === 'done', 'nothing should be asked any more');
}

const loggedIn = { to: 'done', with: { user: 'demo' } } as const;
/** Locked out, the passkeys' request kept for after the lockout. */
const locked = (b: Projection) => ({
  to: 'lockedOut',
  with: { step: 'locked out', error: SECOND_FACTOR_MESSAGES.tooManyCodes, challenge: b.challenge },
});
/** After the lockout the step starts again where the login starts (here, its passkey). */
const backFromLockout = { to: 'passkey', with: { step: 'passkey', error: null } } as const;
/** What the person does goes to the step that asks (XState's `sendTo`): this machine stays. */
const SENT = 'xstate.sendTo';
const PERSON_EVENTS: Record<string, object> = Object.fromEntries(
  PERSON.map(({ label, event }) => [label, event]),
);
const passedOn = (label: string) => ({
  to: 'stays',
  runs: { [SENT]: { targetId: 'step', event: PERSON_EVENTS[label] } },
});

export const secondFactorModel = defineMachine({
  name: 'second-factor',
  title: 'Second factor: the step after the password',
  description:
    'After a right password, the login (or a fresh confirmation of who you are) goes through ' +
    'one of three steps: setting up the authenticator app the account requires, a passkey when ' +
    'the login has one, or the code the app shows (a recovery code instead). The person can ' +
    'switch between a passkey and the app’s code. When a step ends with too many wrong codes, ' +
    'the step is locked for 15 minutes (or until the person tries again). Once the server takes ' +
    'the code or the passkey, the login is complete.',
  machine: secondFactorMachine,
  input: { ...LOGIN, setup: null, passkey: PASSKEY_REQUEST, codes: true },
  events,
  project,
  limit: 500,
  expect: {
    start: { to: 'passkey', with: { step: 'passkey', error: null } },
    effects: [SENT],
    inputs: INPUTS,
    timers: { lockedOut: { lockout: LOCKOUT } },
    on: {
      passkey: {
        'press Use a passkey': passedOn('press Use a passkey'),
        'choose the app instead': passedOn('choose the app instead'),
        'type the app’s code': 'ignored',
        'the step ends: the server took it': loggedIn,
        'the step ends: too many wrong codes': locked,
        // The passkeys' latest request is the one asked with after the lockout.
        'the step ends: too many refused passkeys, with a new request': {
          to: 'lockedOut',
          with: {
            step: 'locked out',
            error: SECOND_FACTOR_MESSAGES.tooManyCodes,
            challenge: NEW_PASSKEY_REQUEST.challenge,
          },
        },
        'the step ends: the app’s code chosen instead of a passkey': {
          to: 'code',
          with: { step: 'code', challenge: NEW_PASSKEY_REQUEST.challenge },
        },
      },
      code: {
        'type the app’s code': passedOn('type the app’s code'),
        'choose a recovery code instead': passedOn('choose a recovery code instead'),
        'choose the app instead': passedOn('choose the app instead'),
        'choose a passkey instead': passedOn('choose a passkey instead'),
        'the step ends: the server took it': loggedIn,
        'the step ends: too many wrong codes': locked,
        'the step ends: a passkey chosen instead of a code': {
          to: 'passkey',
          with: { step: 'passkey' },
        },
      },
      lockedOut: {
        'type the app’s code': 'ignored',
        'press Use a passkey': 'ignored',
        'the lockout is over': backFromLockout,
        'try again': backFromLockout,
      },
    },
  },
  states: {
    passkey: (s) => {
      expectThat(project(s).step === 'passkey', 'a passkey should be asked for');
      asking(s);
      passkeyStepShows(s);
    },
    code: (s) => {
      expectThat(project(s).step === 'code', 'a code should be asked for');
      asking(s);
      codeStepShows(s);
    },
    lockedOut: lockedOutShows,
    done: doneShows,
  },
  unreachable: [
    { state: 'settingUp', reason: 'this login has its factors; second-factor-at-setup walks it' },
    {
      transition: 'starting › always [an authenticator account is to be added] → settingUp',
      reason: 'this login has its factors; second-factor-at-setup walks it',
    },
    {
      transition: 'starting › always → code',
      reason:
        'this login has a passkey, asked for first; a login with the app alone starts at the code (tests/machines/second-factor.test.ts)',
    },
  ],
});

/** The same machine for a login whose account requires a factor it has not set up yet. */
export const secondFactorAtSetupModel = defineMachine({
  name: 'second-factor-at-setup',
  title: 'Second factor: the step after the password, setting it up',
  description:
    'When the account requires a second factor for every login and this login has none yet, ' +
    'the step after the password sets up the authenticator app. When it ends with too many ' +
    'wrong codes, the step is locked for 15 minutes (or until the person tries again) and then ' +
    'starts again; once the first code is taken and the recovery codes are saved, the login is ' +
    'complete.',
  machine: secondFactorMachine,
  input: { ...LOGIN, setup: SETUP },
  events,
  project,
  limit: 500,
  expect: {
    start: { to: 'settingUp', with: { step: 'setting up', error: null } },
    effects: [SENT],
    inputs: SETUP_INPUTS,
    timers: { lockedOut: { lockout: LOCKOUT } },
    on: {
      settingUp: {
        'type the app’s code': passedOn('type the app’s code'),
        'the recovery codes are saved': passedOn('the recovery codes are saved'),
        'the step ends: the server took it': loggedIn,
        'the step ends: too many wrong codes': locked,
      },
      lockedOut: {
        'type the app’s code': 'ignored',
        'the lockout is over': { to: 'settingUp', with: { step: 'setting up', error: null } },
        'try again': { to: 'settingUp', with: { step: 'setting up', error: null } },
      },
    },
  },
  states: {
    settingUp: (s) => {
      expectThat(project(s).step === 'setting up', 'the new app should be set up');
      expectThat(selectStepActor(s) !== null, 'the setting up asks');
      setupStepShows(s);
    },
    lockedOut: lockedOutShows,
    done: doneShows,
  },
  unreachable: [
    { state: 'passkey', reason: 'this login has no factor yet; second-factor walks the passkey' },
    { state: 'code', reason: 'this login has no factor yet; second-factor walks the code' },
    {
      transition: 'starting › always [a passkey is offered] → passkey',
      reason: 'this login has no factor yet; second-factor walks the passkey',
    },
    {
      transition: 'starting › always → code',
      reason: 'this login has no factor yet; second-factor walks the code',
    },
  ],
});
