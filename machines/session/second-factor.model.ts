/**
 * The second factor's code step, registered twice: a login whose factor is on (the app's code or a
 * recovery code), and a login whose customer requires a factor it has not set up yet (the first
 * code of a new app, then the recovery codes once). Declared from docs/session.md "Second factor".
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { RATE_LIMITS } from '#shared/constants';
import { SESSION_MESSAGES } from '#shared/messages/session';
import { SECOND_FACTOR_MESSAGES } from '#shared/messages/second-factor';
import type { TotpSetup } from '#shared/second-factor';
import { PASSKEY_MESSAGES } from '#shared/messages/passkeys';
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

/** A passkeys' request as the 401 carries it (docs/session.md "Passkeys"). */
const PASSKEY_REQUEST: PublicKeyCredentialRequestOptionsJSON = {
  challenge: 'Y2hhbGxlbmdlLW9uZQ',
  rpId: 'localhost',
  allowCredentials: [{ id: 'Y3JlZGVudGlhbA', type: 'public-key' }],
  userVerification: 'preferred',
};
const NEW_PASSKEY_REQUEST = { ...PASSKEY_REQUEST, challenge: 'Y2hhbGxlbmdlLXR3bw' };
const ASSERTION: AuthenticationResponseJSON = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};

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
  sample('choose a passkey instead', { type: 'passkey.chosen' }),
  sample('press Use a passkey', { type: 'passkey.pressed' }),
  sample('the browser answers with the passkey', {
    type: 'xstate.done.actor.getAssertion',
    output: ASSERTION,
  }),
  sample('the passkey is not used', {
    type: 'xstate.error.actor.getAssertion',
    error: new Error('The operation either timed out or was not allowed.'),
  }),
  sample('the server refuses the passkey', {
    type: 'xstate.error.actor.verify',
    error: {
      status: 401,
      title: PASSKEY_MESSAGES.notVerifiedTitle,
      message: PASSKEY_MESSAGES.notVerified,
    },
  }),
  sample('the server asks for the passkey with a new request', {
    type: 'xstate.error.actor.verify',
    error: {
      status: 401,
      title: SESSION_MESSAGES.secondFactorRequiredTitle,
      message: PASSKEY_MESSAGES.passkeyPrompt,
      body: { methods: ['totp', 'passkey'], webauthn: NEW_PASSKEY_REQUEST },
    },
  }),
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
  passkeyOffered: boolean;
  codesOffered: boolean;
  /** The challenge of the passkeys' request held. */
  challenge: string | null;
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
    passkeyOffered: step.passkeyOffered,
    codesOffered: step.codesOffered,
    challenge: snapshot.context.passkey?.challenge ?? null,
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

/**
 * With passkeys: the same login with the browser's answer instead of a code, or (after a refusal
 * used the request up) the password alone, for a new request; the browser is asked with the
 * request the server sent.
 */
const PASSKEY_INPUTS = {
  verify: (p: Projection, states: readonly string[]) =>
    states.includes('passkey.checking')
      ? { mode: 'login', username: 'demo', password: 'correct horse', webauthn: ASSERTION }
      : states.includes('passkey.renewing')
        ? { mode: 'login', username: 'demo', password: 'correct horse' }
        : { mode: 'login', username: 'demo', password: 'correct horse', otp: p.code },
  getAssertion: (p: Projection) =>
    p.challenge === NEW_PASSKEY_REQUEST.challenge ? NEW_PASSKEY_REQUEST : PASSKEY_REQUEST,
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

/** Whatever the server refuses a code with shows its message, and the code is asked again. */
const refusals = (to: string) => ({
  'the server refuses the code': refused(to),
  'the server refuses the passkey': {
    to,
    with: { error: PASSKEY_MESSAGES.notVerified, checking: false },
  },
  'the server asks for the passkey with a new request': {
    to,
    with: { error: PASSKEY_MESSAGES.passkeyPrompt, checking: false },
  },
  'too many wrong codes': locked,
});

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
        ...refusals('appCode.editing'),
      },
      'recoveryCode.checking': {
        'the server takes the code': loggedIn,
        'the server takes the first code': loggedIn,
        ...refusals('recoveryCode.editing'),
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
    {
      transition: 'appCode.editing › passkey.chosen [a passkey is offered] → passkey',
      reason: 'this login has no passkey; second-factor-passkey walks it',
    },
    { state: 'passkey', reason: 'this login has no passkey; second-factor-passkey walks it' },
    { state: 'passkey.ready', reason: 'this login has no passkey' },
    { state: 'passkey.asking', reason: 'this login has no passkey' },
    { state: 'passkey.checking', reason: 'this login has no passkey' },
    { state: 'passkey.renewing', reason: 'this login has no passkey' },
    {
      transition: 'starting › always [a passkey is offered] → passkey',
      reason: 'this login has no passkey; second-factor-passkey walks it',
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
        ...refusals('settingUp.editing'),
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
    { state: 'passkey', reason: 'this login has no passkey; second-factor-passkey walks it' },
    { state: 'passkey.ready', reason: 'this login has no passkey' },
    { state: 'passkey.asking', reason: 'this login has no passkey' },
    { state: 'passkey.checking', reason: 'this login has no passkey' },
    { state: 'passkey.renewing', reason: 'this login has no passkey' },
    {
      transition: 'starting › always [a passkey is offered] → passkey',
      reason: 'this login has no passkey; second-factor-passkey walks it',
    },
  ],
});

/** Where a refused or unused passkey leaves the step: ready, saying why. */
const passkeyReady = (error: string | null) => ({
  to: 'passkey.ready',
  with: { asks: 'passkey', checking: false, error },
});

export const secondFactorPasskeyModel = defineMachine({
  name: 'second-factor-passkey',
  title: 'Second factor: a passkey after the password',
  description:
    'After a right password, a login with passkeys is asked for one (docs/session.md ' +
    '"Passkeys"): Use a passkey opens the browser’s prompt and its answer is sent instead of a ' +
    'code. A passkey not used says so; a refused one used its request up, so a new request is ' +
    'fetched (the password again, alone) and the person can try again. A login that also has ' +
    'the authenticator app can use a code instead, and come back to the passkey. Too many ' +
    'refusals lock the step for 15 minutes, like codes.',
  machine: secondFactorMachine,
  input: { ...LOGIN, passkey: PASSKEY_REQUEST, codes: true },
  events: EVENTS,
  project,
  limit: 500,
  expect: {
    start: {
      to: 'passkey.ready',
      with: {
        asks: 'passkey',
        passkeyOffered: true,
        codesOffered: true,
        error: null,
        challenge: PASSKEY_REQUEST.challenge,
      },
    },
    inputs: PASSKEY_INPUTS,
    timers: { lockedOut: { lockout: LOCKOUT } },
    on: {
      'passkey.ready': {
        'press Use a passkey': { to: 'passkey.asking', with: { checking: true, error: null } },
        'choose the app instead': { to: 'appCode.editing', with: { asks: 'app', error: null } },
        'type the app’s code': 'ignored',
      },
      'passkey.asking': {
        'the browser answers with the passkey': {
          to: 'passkey.checking',
          with: { checking: true },
        },
        'the passkey is not used': passkeyReady(PASSKEY_MESSAGES.passkeyCancelled),
      },
      'passkey.checking': {
        'the server takes the code': loggedIn,
        'the server takes the first code': loggedIn,
        'the server refuses the passkey': {
          to: 'passkey.renewing',
          with: { checking: true, error: PASSKEY_MESSAGES.notVerified },
        },
        'the server refuses the code': {
          to: 'passkey.renewing',
          with: { checking: true, error: SECOND_FACTOR_MESSAGES.failed },
        },
        'the server asks for the passkey with a new request': {
          to: 'passkey.renewing',
          with: { checking: true },
        },
        'too many wrong codes': locked,
      },
      'passkey.renewing': {
        'the server asks for the passkey with a new request': (before: Projection) => ({
          to: 'passkey.ready',
          with: { challenge: NEW_PASSKEY_REQUEST.challenge, error: before.error, checking: false },
        }),
        'the server refuses the passkey': (before: Projection) => ({
          to: 'passkey.ready',
          with: { challenge: before.challenge, error: before.error },
        }),
        'the server refuses the code': (before: Projection) => ({
          to: 'passkey.ready',
          with: { challenge: before.challenge, error: before.error },
        }),
        'too many wrong codes': (before: Projection) => ({
          to: 'passkey.ready',
          with: { challenge: before.challenge, error: before.error },
        }),
        'the server takes the code': loggedIn,
        'the server takes the first code': loggedIn,
      },
      'appCode.editing': {
        'type the app’s code': { to: 'appCode.checking', with: { checking: true, error: null } },
        'type a recovery code': { to: 'recoveryCode.checking', with: { checking: true } },
        'type five digits': { to: 'stays', with: { error: SECOND_FACTOR_MESSAGES.codeMalformed } },
        'choose a recovery code instead': {
          to: 'recoveryCode.editing',
          with: { asks: 'recovery', error: null },
        },
        'choose a passkey instead': { to: 'passkey.ready', with: { asks: 'passkey', error: null } },
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
        ...refusals('appCode.editing'),
      },
      'recoveryCode.checking': {
        'the server takes the code': loggedIn,
        'the server takes the first code': loggedIn,
        ...refusals('recoveryCode.editing'),
      },
      lockedOut: {
        'press Use a passkey': 'ignored',
        'the lockout is over': backFromLockout('passkey.ready', 'passkey'),
        'try again': backFromLockout('passkey.ready', 'passkey'),
      },
    },
  },
  states: {
    ...STATES,
    'passkey.ready': (s: SecondFactorSnapshot) =>
      expectThat(selectCodeStep(s).asks === 'passkey', 'Use a passkey should show'),
    'passkey.asking': (s: SecondFactorSnapshot) =>
      expectThat(selectCodeStep(s).checking, 'the passkey should show it is being asked for'),
    'passkey.checking': (s: SecondFactorSnapshot) =>
      expectThat(selectCodeStep(s).checking, 'the passkey should show it is being checked'),
    'passkey.renewing': (s: SecondFactorSnapshot) =>
      expectThat(selectCodeStep(s).checking, 'the step should show it is busy'),
  },
  unreachable: [
    { state: 'settingUp', reason: 'this login has its factors; second-factor-setup walks it' },
    { state: 'settingUp.editing', reason: 'this login has its factors already' },
    { state: 'settingUp.checking', reason: 'this login has its factors already' },
    { state: 'showingRecoveryCodes', reason: 'only a factor set up at login shows its codes' },
    {
      transition: 'starting › always [an authenticator account is to be added] → settingUp',
      reason: 'this login has its factors; second-factor-setup walks it',
    },
    {
      transition: 'starting › always → appCode',
      reason: 'this login has a passkey, which is asked for first',
    },
  ],
});
