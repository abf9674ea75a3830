/**
 * The token coordinator's registration: path samples, projection and state checks. The password
 * window is its child (password-prompt.model.ts registers it on its own): here it is inert, and
 * what it tells the coordinator comes as its notes.
 */
import { createMachine } from 'xstate';
import { ERROR_TITLES } from '#shared/messages';
import { SESSION_MESSAGES, SESSION_NOTICES } from '#shared/session/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { DEMO_USER } from './samples.ts';
import { tokensMachine } from './tokens.machine.ts';
import { selectPasswordPromptActor, selectRefreshing } from './tokens.selectors.ts';

type Projection = {
  refresh: boolean;
  password: boolean;
  reason: 'fresh token' | 'verify identity';
};

/** The password window as the walk sees it: it never moves on its own (its notes are samples). */
const inert = createMachine({ id: 'inert' });

/** The samples' requests: the profile (its token ran out), Change password, Act as. */
const PROFILE = 'profile';
const PASSWORD_NEEDERS = ['change-password', 'act-as'];
const UNREACHABLE = 'Timed out when trying to contact server';

/**
 * The requests a decision names: exactly those that waited. The profile is the only sample
 * request that waits for a renewal, Change password and Act as the ones that wait for the
 * password (a request refused twice is named twice).
 */
function theWaiting(refresh: boolean, password: boolean) {
  const accepts = (ids: unknown) => {
    if (!Array.isArray(ids)) return false;
    const waitedForPassword = ids.some((id) => PASSWORD_NEEDERS.includes(id as string));
    return (
      ids.every((id) => id === PROFILE || PASSWORD_NEEDERS.includes(id as string)) &&
      ids.includes(PROFILE) === refresh &&
      waitedForPassword === password
    );
  };
  accepts.toJSON = () =>
    `the requests that waited for ${[refresh ? 'the renewal' : '', password ? 'the password' : ''].filter(Boolean).join(' and ')}`;
  return accepts;
}

/**
 * What the machine tells the app to do with the refused requests (portal.md §4, §8): send them
 * again once, or give them up with a message for the page (none when the request's own refusal
 * says it), and whether the session ended.
 */
const release = (refresh: boolean, password: boolean) => ({
  'requests.released': { requestIds: theWaiting(refresh, password) },
});
const fail = (
  requestIds: unknown,
  message: string | null,
  sessionEnded = false,
): Record<string, unknown> => ({ 'requests.failed': { requestIds, message, sessionEnded } });
/** A request refused again after its one retry is given up with its own refusal. */
const giveUp = (id: string) => fail([id], null);

/**
 * portal.md §4, §8: an expired token starts one refresh that every refused request waits for;
 * "Fresh Access Token Required" and Verify Identity ask for the password; a request refused again
 * after its retry is given up; a refused refresh ends the session.
 */
function refusals(where: 'idle' | 'busy') {
  const waits = (change: Partial<Projection>, target: string) =>
    where === 'idle' ? { to: target, with: change } : { to: 'stays', with: change };
  return {
    'a request finds the token expired': waits({ refresh: true }, 'refreshing'),
    'a sensitive request needs the password': waits(
      { password: true, ...(where === 'idle' ? { reason: 'fresh token' } : {}) },
      'askingForPassword',
    ),
    'a page asks to verify identity': waits(
      { password: true, ...(where === 'idle' ? { reason: 'verify identity' } : {}) },
      'askingForPassword',
    ),
    'a renewed request is refused again': { to: 'stays', runs: giveUp(PROFILE) },
    'a request sent after the password needs it again': {
      to: 'stays',
      runs: giveUp('change-password'),
    },
  } as const;
}

/**
 * The user a renewal or a re-authentication answers is handed to the session (the spec does not
 * say so; the answer is the user afresh, whose permissions may have changed since the login).
 */
const REPORTED = { 'report user': { user: DEMO_USER } } as const;
/**
 * portal.md §4: a refresh refused with 401 logs the user out, to login with the timeout flag;
 * every waiting request is given up with the timeout notice.
 */
const ended = ({ refresh, password }: Projection) => ({
  'end session': true,
  ...fail(theWaiting(refresh, password), SESSION_NOTICES.timedOut, true),
});

/** After a renewal (or a failed one that did not end the session): the password, if asked for. */
const afterRenewal = ({ password }: Projection) => ({
  to: password ? 'askingForPassword' : 'idle',
  with: { refresh: false },
});

export const tokensModel = defineMachine({
  name: 'tokens',
  title: 'Token refresh and password prompt',
  description:
    'What happens when the server turns a request away because the session needs renewing. ' +
    'The first such answer starts one renewal; every request turned away meanwhile waits for ' +
    'that same renewal and is then sent again, once. If the renewal itself is refused, the ' +
    'session has ended and the user goes to the login page. A sensitive action (changing a ' +
    'password, for example) may need the password again: a window asks for it, and the action ' +
    'goes through once it is right; closing the window cancels the action with a clear message. ' +
    'A page can also ask the user to verify their identity the same way before a sensitive step. ' +
    'The window itself (checking the password, the code of a second factor) has its own chart, ' +
    'Password window.',
  machine: tokensMachine,
  events: [
    sample('a request finds the token expired', {
      type: 'request.refused',
      requestId: 'profile',
      title: SESSION_MESSAGES.accessTokenExpiredTitle,
    }),
    sample('a sensitive request needs the password', {
      type: 'request.refused',
      requestId: 'change-password',
      title: ERROR_TITLES.freshTokenRequired,
    }),
    sample('a renewed request is refused again', {
      type: 'request.refused',
      requestId: 'profile',
      title: SESSION_MESSAGES.accessTokenExpiredTitle,
      retriedAfterRefresh: true,
    }),
    sample('a request sent after the password needs it again', {
      type: 'request.refused',
      requestId: 'change-password',
      title: ERROR_TITLES.freshTokenRequired,
      retriedAfterPassword: true,
    }),
    sample('a page asks to verify identity', {
      type: 'identity.check.requested',
      requestId: 'act-as',
    }),
    sample('password entered', { type: 'password.entered', password: 'correct horse' }),
    sample('password window closed', { type: 'password.cancelled' }),
    sample('user logs in', { type: 'user.changed', username: 'demo' }),
    sample('session renewed', { type: 'xstate.done.actor.refreshToken', output: DEMO_USER }),
    sample('renewal refused', {
      type: 'xstate.error.actor.refreshToken',
      error: { status: 401, title: SESSION_MESSAGES.refreshFailedTitle, message: 'x' },
    }),
    sample('renewal unreachable', {
      type: 'xstate.error.actor.refreshToken',
      error: { status: 0, message: 'Timed out when trying to contact server' },
    }),
    // What the password window tells the coordinator (password-prompt.machine.ts).
    sample('the window took the password', { type: 'prompt.accepted', user: DEMO_USER }),
    sample('the window was closed', { type: 'prompt.cancelled' }),
    sample('the window renewed the session', { type: 'prompt.renewed', user: DEMO_USER }),
    sample('the window found the session ended', { type: 'prompt.session.ended' }),
  ],
  project: ({ context }) => ({
    refresh: context.waitingForRefresh.length > 0,
    password: context.waitingForPassword.length > 0,
    reason: context.reason,
  }),
  limit: 500,
  fakes: {
    actions: { 'report user': () => {}, 'end session': () => {} },
    actors: { passwordPrompt: inert },
  } as never,
  expect: {
    effects: ['report user', 'end session', 'requests.released', 'requests.failed'],
    // Nothing refused yet: no request waits for a renewal or the password, no password refused.
    // The reason only matters once the password window opens; the spec names none before that,
    // so it starts at the one portal.md §4 names (a fresh access token required).
    start: {
      to: 'idle',
      with: { refresh: false, password: false, reason: 'fresh token' },
    },
    on: {
      '*': { 'user logs in': 'stays' },
      idle: refusals('idle'),
      refreshing: {
        ...refusals('busy'),
        // The requests that waited for the renewal are sent again; those waiting for the
        // password go on waiting.
        'session renewed': (before: Projection) => ({
          ...afterRenewal(before),
          runs: { ...REPORTED, ...release(true, false) },
        }),
        'renewal unreachable': (before: Projection) => ({
          ...afterRenewal(before),
          runs: fail(theWaiting(true, false), UNREACHABLE),
        }),
        'renewal refused': (before: Projection) => ({
          to: 'idle',
          with: { refresh: false, password: false },
          runs: ended(before),
        }),
      },
      askingForPassword: {
        ...refusals('busy'),
        // What the person does in the window is the window's (password-prompt.model.ts).
        'password entered': 'stays',
        'password window closed': 'stays',
        // The fresh token renews the session too: everything waiting is sent again.
        'the window took the password': ({ refresh }: Projection) => ({
          to: 'idle',
          with: { refresh: false, password: false },
          runs: { ...REPORTED, ...release(refresh, true) },
        }),
        // portal.md §8: closing the window cancels what waited for it, with a clear message; a
        // renewal still waited for goes on.
        'the window was closed': ({ refresh }: Projection) => ({
          to: refresh ? 'refreshing' : 'idle',
          with: { password: false },
          runs: fail(theWaiting(false, true), SESSION_NOTICES.reauthCancelled),
        }),
        'the window renewed the session': { to: 'stays', runs: REPORTED },
        'the window found the session ended': (before: Projection) => ({
          to: 'idle',
          with: { refresh: false, password: false },
          runs: ended(before),
        }),
      },
    },
  },
  states: {
    idle: (snapshot) => {
      expectThat(selectPasswordPromptActor(snapshot) === null, 'no password window should be open');
      expectThat(!selectRefreshing(snapshot), 'no renewal should be under way');
      expectThat(
        snapshot.context.waitingForRefresh.length === 0 &&
          snapshot.context.waitingForPassword.length === 0,
        'no request should be left waiting',
      );
    },
    refreshing: (snapshot) => {
      expectThat(selectRefreshing(snapshot), 'the renewal should be under way');
      expectThat(selectPasswordPromptActor(snapshot) === null, 'no password window should be open');
      expectThat(
        snapshot.context.waitingForRefresh.length > 0,
        'a renewal runs only for a waiting request',
      );
    },
    askingForPassword: (snapshot) => {
      expectThat(
        selectPasswordPromptActor(snapshot) !== null,
        'the password window should be open',
      );
      expectThat(
        snapshot.context.waitingForPassword.length > 0,
        'something should wait for the password',
      );
    },
  },
});
