/**
 * The second factor's code step, registered twice: a login whose factor is on (the app's code or a
 * recovery code), and a login whose customer requires a factor it has not set up yet (the first
 * code of a new app, then the recovery codes once). Declared from docs/session.md "Second factor".
 */
import { RATE_LIMITS } from '#shared/constants';
import { SESSION_MESSAGES } from '#shared/messages/session';
import { SECOND_FACTOR_MESSAGES } from '#shared/messages/second-factor';
import type { TotpSetup } from '#shared/second-factor';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { DEMO_USER } from './samples.ts';
import { secondFactorMachine, type SecondFactorInput } from './second-factor.machine.ts';
import { selectCodeStep, type SecondFactorSnapshot } from './second-factor.selectors.ts';

const SETUP: TotpSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url:
    'otpauth://totp/Ridgeline%20Fiber:demo?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ridgeline%20Fiber',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${'CDEFGHIJKL'[i]}`);
const LOGIN: SecondFactorInput = {
  mode: 'login',
  username: 'demo',
  password: 'correct horse',
  setup: null,
};
/** docs/session.md: too many wrong codes wait for the limit's window (15 minutes). */
const LOCKOUT = RATE_LIMITS.secondFactorPerUser.windowSeconds * 1000;

const APP_CODE = '123456';
const RECOVERY_CODE = 'ABCDE-FGHIJ';

const EVENTS = [
  sample('type the app’s code', { type: 'code.submitted', code: APP_CODE }),
  sample('type a recovery code', { type: 'code.submitted', code: RECOVERY_CODE }),
  sample('type five digits', { type: 'code.submitted', code: '12345' }),
  sample('choose a recovery code instead', { type: 'recovery.chosen' }),
  sample('choose the app instead', { type: 'app.chosen' }),
  sample('the recovery codes are saved', { type: 'codes.saved' }),
  sample('try again', { type: 'retry.pressed' }),
  sample('the server takes the code', { type: 'xstate.done.actor.verify', output: DEMO_USER }),
  sample('the server takes the first code', {
    type: 'xstate.done.actor.verify',
    output: { ...DEMO_USER, recovery_codes: RECOVERY_CODES },
  }),
  sample('the server refuses the code', {
    type: 'xstate.error.actor.verify',
    error: {
      status: 401,
      title: SESSION_MESSAGES.secondFactorFailedTitle,
      message: SECOND_FACTOR_MESSAGES.failed,
    },
  }),
  sample('too many wrong codes', {
    type: 'xstate.error.actor.verify',
    error: {
      status: 429,
      title: 'Too many requests',
      message: SECOND_FACTOR_MESSAGES.tooManyCodes,
    },
  }),
  sample('the lockout is over', { type: 'xstate.after.lockout.secondFactor.lockedOut' }),
] as const;

interface Projection {
  asks: ReturnType<typeof selectCodeStep>['asks'];
  error: string | null;
  checking: boolean;
  /** The account to add shows (setting up). */
  qr: boolean;
  recoveryCodes: number;
  /** The code being sent. */
  code: string;
  /** The login is complete: whose it is. */
  user: string | null;
}

function project(snapshot: SecondFactorSnapshot): Projection {
  const step = selectCodeStep(snapshot);
  return {
    asks: step.asks,
    error: step.error,
    checking: step.checking,
    qr: step.setup !== null,
    recoveryCodes: step.recoveryCodes?.length ?? 0,
    code: snapshot.context.code,
    user: snapshot.status === 'done' ? (snapshot.output?.username ?? null) : null,
  };
}

/** The call sends the login's username and password with the code typed (docs/api.md). */
const INPUTS = {
  verify: ({ code }: Projection) => ({
    mode: 'login',
    username: 'demo',
    password: 'correct horse',
    otp: code,
  }),
};

const refused = (to: string) => ({
  to,
  with: { error: SECOND_FACTOR_MESSAGES.failed, checking: false },
});
const locked = {
  to: 'lockedOut',
  with: { asks: 'locked out', error: SECOND_FACTOR_MESSAGES.tooManyCodes, checking: false },
} as const;
const loggedIn = { to: 'done', with: { user: 'demo' } } as const;

/** What each state shows (the view renders these). */
const STATES = {
  'appCode.editing': (s: SecondFactorSnapshot) => {
    expectThat(selectCodeStep(s).asks === 'app', 'the app’s code should be asked for');
    expectThat(!selectCodeStep(s).checking, 'nothing should be checked');
  },
  'appCode.checking': (s: SecondFactorSnapshot) =>
    expectThat(selectCodeStep(s).checking, 'the code should show it is being checked'),
  'recoveryCode.editing': (s: SecondFactorSnapshot) =>
    expectThat(selectCodeStep(s).asks === 'recovery', 'a recovery code should be asked for'),
  'recoveryCode.checking': (s: SecondFactorSnapshot) =>
    expectThat(selectCodeStep(s).checking, 'the code should show it is being checked'),
  'settingUp.editing': (s: SecondFactorSnapshot) => {
    const step = selectCodeStep(s);
    expectThat(step.asks === 'setup', 'the first code of the new app should be asked for');
    expectThat(step.setup?.secret === SETUP.secret, 'the QR code and the key should show');
  },
  'settingUp.checking': (s: SecondFactorSnapshot) =>
    expectThat(selectCodeStep(s).checking, 'the code should show it is being checked'),
  showingRecoveryCodes: (s: SecondFactorSnapshot) =>
    expectThat(
      selectCodeStep(s).recoveryCodes?.length === 10,
      'the ten recovery codes should show',
    ),
  lockedOut: (s: SecondFactorSnapshot) =>
    expectThat(
      selectCodeStep(s).asks === 'locked out' && selectCodeStep(s).error !== null,
      'the lockout should say why',
    ),
  done: (s: SecondFactorSnapshot) =>
    expectThat(s.status === 'done' && s.output?.username === 'demo', 'the user should be known'),
};

/** Where the step comes back to after a lockout: where it started. */
const backFromLockout = (to: string, asks: string) => ({ to, with: { asks, error: null } });

export const secondFactorModel = defineMachine({
  name: 'second-factor',
  title: 'Second factor: the code after the password',
  description:
    'After a right password, a login (or a fresh confirmation of who you are) whose second ' +
    'factor is on asks for the code the authenticator app shows; a recovery code can be used ' +
    'instead, once each. A wrong code says so and lets the person try again; after too many ' +
    'wrong codes the step is locked for 15 minutes. Once the server takes the code the login ' +
    'is complete.',
  machine: secondFactorMachine,
  input: LOGIN,
  events: EVENTS,
  project,
  limit: 500,
  expect: {
    start: { to: 'appCode.editing', with: { asks: 'app', error: null, checking: false } },
    inputs: INPUTS,
    timers: { lockedOut: { lockout: LOCKOUT } },
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
      },
      'recoveryCode.editing': {
        'type a recovery code': { to: 'recoveryCode.checking', with: { checking: true } },
        'type the app’s code': { to: 'appCode.checking', with: { checking: true } },
        'type five digits': { to: 'stays', with: { error: SECOND_FACTOR_MESSAGES.codeMalformed } },
        'choose the app instead': { to: 'appCode.editing', with: { asks: 'app', error: null } },
      },
      'appCode.checking': {
        'the server takes the code': loggedIn,
        'the server takes the first code': loggedIn,
        'the server refuses the code': refused('appCode.editing'),
        'too many wrong codes': locked,
      },
      'recoveryCode.checking': {
        'the server takes the code': loggedIn,
        'the server takes the first code': loggedIn,
        'the server refuses the code': refused('recoveryCode.editing'),
        'too many wrong codes': locked,
      },
      lockedOut: {
        'type the app’s code': 'ignored',
        'the lockout is over': backFromLockout('appCode.editing', 'app'),
        'try again': backFromLockout('appCode.editing', 'app'),
      },
    },
  },
  states: STATES,
  unreachable: [
    { state: 'settingUp', reason: 'this login has its factor; second-factor-setup walks it' },
    { state: 'settingUp.editing', reason: 'this login has its factor already' },
    { state: 'settingUp.checking', reason: 'this login has its factor already' },
    { state: 'showingRecoveryCodes', reason: 'only a factor set up at login shows its codes' },
    {
      transition: 'starting › always [an authenticator account is to be added] → settingUp',
      reason: 'this login has its factor; second-factor-setup walks it',
    },
  ],
});

export const secondFactorSetupModel = defineMachine({
  name: 'second-factor-setup',
  title: 'Second factor: setting it up at login',
  description:
    'When the account requires a second factor for every login and this login has none yet, ' +
    'the right password is followed by a QR code and a key to add to an authenticator app, and ' +
    'the code the app then shows. The first code turns the second factor on: its ten recovery ' +
    'codes show once, to download or write down, and the login goes on. Too many wrong codes ' +
    'lock the step for 15 minutes.',
  machine: secondFactorMachine,
  input: { ...LOGIN, setup: SETUP },
  events: EVENTS,
  project,
  limit: 500,
  expect: {
    start: { to: 'settingUp.editing', with: { asks: 'setup', qr: true, error: null } },
    inputs: INPUTS,
    timers: { lockedOut: { lockout: LOCKOUT } },
    on: {
      'settingUp.editing': {
        'type the app’s code': { to: 'settingUp.checking', with: { checking: true } },
        // Only the new app's code turns it on: no recovery code exists yet.
        'type a recovery code': {
          to: 'stays',
          with: { error: SECOND_FACTOR_MESSAGES.totpMalformed },
        },
        'type five digits': { to: 'stays', with: { error: SECOND_FACTOR_MESSAGES.totpMalformed } },
      },
      'settingUp.checking': {
        'the server takes the first code': {
          to: 'showingRecoveryCodes',
          with: { asks: 'recovery codes', recoveryCodes: 10, qr: false },
        },
        'the server takes the code': loggedIn,
        'the server refuses the code': refused('settingUp.editing'),
        'too many wrong codes': locked,
      },
      showingRecoveryCodes: { 'the recovery codes are saved': loggedIn },
      lockedOut: {
        'type the app’s code': 'ignored',
        'the lockout is over': backFromLockout('settingUp.editing', 'setup'),
        'try again': backFromLockout('settingUp.editing', 'setup'),
      },
    },
  },
  states: STATES,
  unreachable: [
    { state: 'appCode', reason: 'this login has no factor yet; second-factor walks the code' },
    { state: 'appCode.editing', reason: 'this login has no factor yet' },
    { state: 'appCode.checking', reason: 'this login has no factor yet' },
    { state: 'recoveryCode', reason: 'no recovery code exists before the factor is on' },
    { state: 'recoveryCode.editing', reason: 'no recovery code exists before the factor is on' },
    { state: 'recoveryCode.checking', reason: 'no recovery code exists before the factor is on' },
    {
      transition: 'starting › always → appCode',
      reason: 'this login has no factor yet; second-factor walks the code',
    },
  ],
});
