/**
 * The site admin's Second factor reset screen, declared from docs/session.md "Reset by a site
 * admin" and docs/api.md "Second factor": find the login, see its factors, reset them only after
 * stating the support verification performed.
 */
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import type { UserSecondFactors } from '#shared/session/passkeys';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { secondFactorResetMachine } from './second-factor-reset.machine.ts';
import {
  selectResetScreen,
  type SecondFactorResetSnapshot,
} from './second-factor-reset.selectors.ts';

const WITH_FACTORS: UserSecondFactors = {
  username: 'jordan',
  cid: 1042,
  primary_admin: true,
  totp: 'on',
  recovery_codes_left: 7,
  passkeys: [{ id: 3, name: 'Laptop', created_at: '2026-11-02T10:00:00.000Z', last_used_at: null }],
};
const WITHOUT: UserSecondFactors = {
  ...WITH_FACTORS,
  totp: 'off',
  recovery_codes_left: 0,
  passkeys: [],
};
const VERIFIED = 'Ticket 4711: called back on the phone on file';

interface Projection {
  shows: string;
  user: string | null;
  resettable: boolean;
  error: string | null;
  busy: boolean;
}

function project(snapshot: SecondFactorResetSnapshot): Projection {
  const screen = selectResetScreen(snapshot);
  return {
    shows: screen.shows,
    user: screen.found?.username ?? null,
    resettable: screen.resettable,
    error: screen.error,
    busy: screen.busy,
  };
}

const search = { to: 'finding', with: { busy: true, error: null } } as const;

export const secondFactorResetModel = defineMachine({
  name: 'second-factor-reset',
  title: 'Second factor reset (site admin)',
  description:
    'The admin area’s Second factor reset screen. A site admin types a username and sees that ' +
    'login’s second factors: whether its authenticator app is on, how many recovery codes are ' +
    'left, and its passkeys. Reset asks first, listing the support process’s checks, and takes ' +
    'the verification performed (the ticket and how the person was verified), without which ' +
    'nothing is sent. The reset removes every factor and ends the login’s sessions; the screen ' +
    'says so and shows the login again. An unknown username or a refusal says why.',
  machine: secondFactorResetMachine,
  events: [
    sample('search for jordan', { type: 'search.submitted', username: ' Jordan ' }),
    sample('search for nothing', { type: 'search.submitted', username: '  ' }),
    sample('the login with factors is found', {
      type: 'xstate.done.actor.find',
      output: WITH_FACTORS,
    }),
    sample('the login without factors is found', {
      type: 'xstate.done.actor.find',
      output: WITHOUT,
    }),
    sample('no such login', {
      type: 'xstate.error.actor.find',
      error: { status: 404, message: SECOND_FACTOR_MESSAGES.userNotFound },
    }),
    sample('press Reset', { type: 'reset.pressed' }),
    sample('state the verification', {
      type: 'verification.submitted',
      verifiedBy: ` ${VERIFIED} `,
    }),
    sample('state nothing', { type: 'verification.submitted', verifiedBy: '   ' }),
    sample('press Cancel', { type: 'cancel.pressed' }),
    sample('the reset is done', {
      type: 'xstate.done.actor.reset',
      output: { msg: SECOND_FACTOR_MESSAGES.resetDone },
    }),
    sample('the reset is refused', {
      type: 'xstate.error.actor.reset',
      error: { status: 409, message: SECOND_FACTOR_MESSAGES.notOn },
    }),
  ],
  project,
  limit: 1000,
  fakes: { actions: { announce: () => {} } },
  expect: {
    effects: ['announce'],
    start: { to: 'searching', with: { shows: 'search', user: null, busy: false } },
    // The username is sent in lower case, the verification as stated (docs/api.md).
    inputs: {
      find: () => ({ username: 'jordan' }),
      reset: () => ({ username: 'jordan', verifiedBy: VERIFIED }),
    },
    on: {
      searching: { 'search for jordan': search, 'search for nothing': 'ignored' },
      finding: {
        'the login with factors is found': {
          to: 'found',
          with: { shows: 'factors', user: 'jordan', resettable: true, busy: false },
        },
        'the login without factors is found': {
          to: 'found',
          with: { shows: 'factors', user: 'jordan', resettable: false },
        },
        'no such login': {
          to: 'searching',
          with: { shows: 'search', error: SECOND_FACTOR_MESSAGES.userNotFound },
        },
      },
      found: {
        'search for jordan': search,
        'search for nothing': 'ignored',
        'press Reset': (before: Projection) =>
          before.resettable ? { to: 'confirming', with: { shows: 'confirm' } } : 'ignored',
      },
      confirming: {
        'state the verification': { to: 'resetting', with: { busy: true, error: null } },
        'state nothing': {
          to: 'stays',
          with: { error: SECOND_FACTOR_MESSAGES.verifiedByRequired, busy: false },
        },
        'press Cancel': { to: 'found', with: { shows: 'factors', error: null } },
      },
      resetting: {
        'the reset is done': {
          to: 'finding',
          with: { busy: true },
          runs: { announce: { message: SECOND_FACTOR_MESSAGES.resetDone } },
        },
        'the reset is refused': {
          to: 'confirming',
          with: { error: SECOND_FACTOR_MESSAGES.notOn, busy: false },
        },
      },
    },
  },
  states: {
    searching: (s: SecondFactorResetSnapshot) =>
      expectThat(!selectResetScreen(s).busy, 'the search should wait for a username'),
    finding: (s: SecondFactorResetSnapshot) =>
      expectThat(selectResetScreen(s).busy, 'the search should show it is under way'),
    found: (s: SecondFactorResetSnapshot) =>
      expectThat(selectResetScreen(s).found !== null, 'the login’s factors should show'),
    confirming: (s: SecondFactorResetSnapshot) =>
      expectThat(
        selectResetScreen(s).shows === 'confirm' && !selectResetScreen(s).busy,
        'the confirmation should ask, nothing sent yet',
      ),
    resetting: (s: SecondFactorResetSnapshot) =>
      expectThat(selectResetScreen(s).busy, 'the reset should show it is under way'),
  },
});
