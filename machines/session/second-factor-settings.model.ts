/**
 * The account page's Second factor section, registered for path tests and charts; declared from
 * docs/session.md "Second factor" and docs/api.md "Second factor".
 */
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import type { SecondFactorStatus, TotpSetup } from '#shared/session/second-factor';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { secondFactorSettingsMachine } from './second-factor-settings.machine.ts';
import {
  selectSecondFactorSection,
  type SecondFactorSettingsSnapshot,
} from './second-factor-settings.selectors.ts';

const OFF: SecondFactorStatus = {
  totp: 'off',
  recovery_codes_left: 0,
  required: false,
  can_require: true,
  passkeys: 0,
};
const ON: SecondFactorStatus = { ...OFF, totp: 'on', recovery_codes_left: 10 };
const SETUP: TotpSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Ridgeline%20Fiber:demo?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${'CDEFGHIJKL'[i]}`);
const APP_CODE = '123456';
const RECOVERY_CODE = 'ABCDE-FGHIJ';
const REFUSED = { status: 401, title: 'Code not accepted', message: SECOND_FACTOR_MESSAGES.failed };
const UNREACHABLE = 'Timed out when trying to contact server';

interface Projection {
  shows: string;
  totp: string | null;
  error: string | null;
  busy: boolean;
  qr: boolean;
  codes: number;
  code: string;
}

function project(snapshot: SecondFactorSettingsSnapshot): Projection {
  const section = selectSecondFactorSection(snapshot);
  return {
    shows: section.shows,
    totp: section.status?.totp ?? null,
    error: section.error,
    busy: section.busy,
    qr: section.setup !== null,
    codes: section.recoveryCodes?.length ?? 0,
    code: snapshot.context.code,
  };
}

/** A step that asks for a code: the code of the app, or a recovery code (docs/api.md). */
function askingRows(checking: string, code: 'app only' | 'either') {
  const malformed =
    code === 'app only'
      ? SECOND_FACTOR_MESSAGES.totpMalformed
      : SECOND_FACTOR_MESSAGES.codeMalformed;
  return {
    'type the app’s code': { to: checking, with: { busy: true, code: APP_CODE } },
    'type a recovery code':
      code === 'either'
        ? { to: checking, with: { busy: true, code: RECOVERY_CODE } }
        : { to: 'stays', with: { error: malformed } },
    'type five digits': { to: 'stays', with: { error: malformed } },
    'press Cancel': { to: 'idle', with: { error: null, shows: 'overview' } },
  };
}

export const secondFactorSettingsModel = defineMachine({
  name: 'second-factor-settings',
  title: 'Second factor on the account page',
  description:
    'The Second factor section of the account page. It says whether the login’s authenticator ' +
    'app is on. Turning it on shows a QR code and a key to add to the app, then asks for the ' +
    'code the app shows; the first right code turns it on and the ten recovery codes show once. ' +
    'Turning it off, and making new recovery codes, each ask for a current code of the app (or a ' +
    'recovery code). The account’s primary admin can require a second factor for every login. ' +
    'A refused code or change says why; what changed is announced.',
  machine: secondFactorSettingsMachine,
  events: [
    sample('the section finds it off', { type: 'xstate.done.actor.load', output: OFF }),
    sample('the section finds it on', { type: 'xstate.done.actor.load', output: ON }),
    sample('the section cannot load', {
      type: 'xstate.error.actor.load',
      error: { status: 0, message: UNREACHABLE },
    }),
    sample('press Try again', { type: 'retry.pressed' }),
    sample('press Set up an authenticator app', { type: 'setup.pressed' }),
    sample('press Turn off', { type: 'turn.off.pressed' }),
    sample('press New recovery codes', { type: 'new.codes.pressed' }),
    sample('switch the rule on', { type: 'policy.changed', required: true }),
    sample('type the app’s code', { type: 'code.submitted', code: APP_CODE }),
    sample('type a recovery code', { type: 'code.submitted', code: RECOVERY_CODE }),
    sample('type five digits', { type: 'code.submitted', code: '12345' }),
    sample('press Cancel', { type: 'cancel.pressed' }),
    sample('the codes are saved', { type: 'codes.saved' }),
    sample('the account to add arrives', { type: 'xstate.done.actor.start', output: SETUP }),
    sample('starting is refused', {
      type: 'xstate.error.actor.start',
      error: { status: 409, message: SECOND_FACTOR_MESSAGES.alreadyOn },
    }),
    sample('the first code turns it on', {
      type: 'xstate.done.actor.confirm',
      output: { recovery_codes: CODES },
    }),
    sample('the first code is refused', { type: 'xstate.error.actor.confirm', error: REFUSED }),
    sample('it is turned off', {
      type: 'xstate.done.actor.turnOff',
      output: { msg: SECOND_FACTOR_MESSAGES.turnedOff },
    }),
    sample('turning off is refused', { type: 'xstate.error.actor.turnOff', error: REFUSED }),
    sample('new codes arrive', {
      type: 'xstate.done.actor.newCodes',
      output: { recovery_codes: CODES },
    }),
    sample('new codes are refused', { type: 'xstate.error.actor.newCodes', error: REFUSED }),
    sample('the rule is saved', {
      type: 'xstate.done.actor.savePolicy',
      output: { msg: SECOND_FACTOR_MESSAGES.policyOn },
    }),
    sample('the rule is refused', {
      type: 'xstate.error.actor.savePolicy',
      error: {
        status: 403,
        title: SECOND_FACTOR_MESSAGES.primaryAdminOnlyTitle,
        message: SECOND_FACTOR_MESSAGES.primaryAdminOnly,
      },
    }),
  ],
  project,
  limit: 1000,
  fakes: { actions: { announce: () => {} } },
  expect: {
    effects: ['announce'],
    start: { to: 'loading', with: { shows: 'loading', error: null, busy: false } },
    // The code typed is what is sent; the rule asked for is what is saved (docs/api.md).
    inputs: {
      confirm: ({ code }: Projection) => ({ code }),
      turnOff: ({ code }: Projection) => ({ code }),
      newCodes: ({ code }: Projection) => ({ code }),
      savePolicy: () => ({ required: true }),
    },
    on: {
      loading: {
        'the section finds it off': { to: 'idle', with: { shows: 'overview', totp: 'off' } },
        'the section finds it on': { to: 'idle', with: { shows: 'overview', totp: 'on' } },
        'the section cannot load': {
          to: 'loadFailed',
          with: { shows: 'failed', error: UNREACHABLE },
        },
      },
      loadFailed: { 'press Try again': { to: 'loading', with: { shows: 'loading' } } },
      idle: {
        'press Set up an authenticator app': { to: 'starting', with: { busy: true, error: null } },
        'press Turn off': { to: 'askingToTurnOff', with: { shows: 'turn off', error: null } },
        'press New recovery codes': {
          to: 'askingForNewCodes',
          with: { shows: 'new codes', error: null },
        },
        'switch the rule on': { to: 'savingPolicy', with: { busy: true } },
      },
      starting: {
        'the account to add arrives': { to: 'scanning', with: { shows: 'scan', qr: true } },
        'starting is refused': {
          to: 'idle',
          with: { shows: 'overview', error: SECOND_FACTOR_MESSAGES.alreadyOn, busy: false },
        },
      },
      scanning: askingRows('confirming', 'app only'),
      confirming: {
        // The ten codes show once, and the section says it is on.
        'the first code turns it on': {
          to: 'showingCodes',
          with: { shows: 'codes', codes: 10, qr: false, busy: false },
          runs: { announce: { message: SECOND_FACTOR_MESSAGES.turnedOn } },
        },
        'the first code is refused': {
          to: 'scanning',
          with: { error: SECOND_FACTOR_MESSAGES.failed, qr: true, busy: false },
        },
      },
      showingCodes: { 'the codes are saved': { to: 'loading', with: { codes: 0 } } },
      askingToTurnOff: askingRows('turningOff', 'either'),
      turningOff: {
        'it is turned off': {
          to: 'loading',
          runs: { announce: { message: SECOND_FACTOR_MESSAGES.turnedOff } },
        },
        'turning off is refused': {
          to: 'askingToTurnOff',
          with: { error: SECOND_FACTOR_MESSAGES.failed, busy: false },
        },
      },
      askingForNewCodes: askingRows('makingCodes', 'either'),
      makingCodes: {
        'new codes arrive': {
          to: 'showingCodes',
          with: { shows: 'codes', codes: 10 },
          runs: { announce: { message: SECOND_FACTOR_MESSAGES.newCodes } },
        },
        'new codes are refused': {
          to: 'askingForNewCodes',
          with: { error: SECOND_FACTOR_MESSAGES.failed, busy: false },
        },
      },
      savingPolicy: {
        'the rule is saved': {
          to: 'loading',
          runs: { announce: { message: SECOND_FACTOR_MESSAGES.policyOn } },
        },
        'the rule is refused': {
          to: 'idle',
          with: { error: SECOND_FACTOR_MESSAGES.primaryAdminOnly, busy: false },
        },
      },
    },
  },
  states: {
    loading: (s) => expectThat(selectSecondFactorSection(s).shows === 'loading', 'it says loading'),
    loadFailed: (s) =>
      expectThat(selectSecondFactorSection(s).error !== null, 'the reason and Try again show'),
    idle: (s) =>
      expectThat(
        selectSecondFactorSection(s).shows === 'overview' && !selectSecondFactorSection(s).busy,
        'the overview shows, nothing under way',
      ),
    starting: (s) => expectThat(selectSecondFactorSection(s).busy, 'the button shows it waits'),
    scanning: (s) =>
      expectThat(selectSecondFactorSection(s).setup !== null, 'the QR code and key show'),
    confirming: (s) => expectThat(selectSecondFactorSection(s).busy, 'the code is being checked'),
    showingCodes: (s) =>
      expectThat(selectSecondFactorSection(s).recoveryCodes?.length === 10, 'ten codes show'),
    askingToTurnOff: (s) =>
      expectThat(selectSecondFactorSection(s).shows === 'turn off', 'a code is asked for'),
    turningOff: (s) => expectThat(selectSecondFactorSection(s).busy, 'the change is under way'),
    askingForNewCodes: (s) =>
      expectThat(selectSecondFactorSection(s).shows === 'new codes', 'a code is asked for'),
    makingCodes: (s) => expectThat(selectSecondFactorSection(s).busy, 'the change is under way'),
    savingPolicy: (s) => expectThat(selectSecondFactorSection(s).busy, 'the switch waits'),
  },
});
