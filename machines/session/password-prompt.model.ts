/**
 * The password window's registration (portal.md §4, §8; docs/session.md "Token refresh" and
 * "Second factor"): the password is checked; a wrong one shows the server's refusal and the window
 * waits again; with a second factor on, the right password is followed by the code; an access
 * token that ran out while the window was open is renewed once and the password checked again;
 * a refused renewal ends the session. What the window tells the token coordinator is declared
 * step by step (`tell the coordinator`).
 */
import { SESSION_MESSAGES } from '#shared/session/messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { passwordPromptMachine } from './password-prompt.machine.ts';
import { selectPasswordWindow } from './password-prompt.selectors.ts';
import { DEMO_USER } from './samples.ts';

const tell = (note: object) => ({ 'tell the coordinator': note });
/** The password (with its code, if asked for) brought a fresh token: the user afresh. */
const ACCEPTED = { to: 'closed', runs: tell({ type: 'prompt.accepted', user: DEMO_USER }) };
/** portal.md §8: closing the window cancels what waited for it (the coordinator says so). */
const CANCELLED = { to: 'closed', runs: tell({ type: 'prompt.cancelled' }) };

export const passwordPromptModel = defineMachine({
  name: 'password-prompt',
  title: 'Password window',
  description:
    'The window that asks for the password again before a sensitive action (or to verify ' +
    'identity). A wrong password shows why and the window waits for another. When the user has a ' +
    'second factor, the right password is followed by the code of their authenticator app (or a ' +
    'recovery code). If the session ran out while the window was open, it is renewed once and the ' +
    'password checked again; if that renewal is refused, the session has ended. Closing the ' +
    'window cancels the action.',
  machine: passwordPromptMachine,
  input: { username: 'demo' },
  events: [
    sample('password entered', { type: 'password.entered', password: 'correct horse' }),
    sample('password window closed', { type: 'password.cancelled' }),
    sample('user logs in', { type: 'user.changed', username: 'demo' }),
    sample('password accepted', { type: 'xstate.done.actor.reauthenticate', output: DEMO_USER }),
    sample('password refused', {
      type: 'xstate.error.actor.reauthenticate',
      error: {
        status: 401,
        title: SESSION_MESSAGES.reauthFailedTitle,
        message: SESSION_MESSAGES.reauthFailed,
      },
    }),
    sample('password right, a code is asked', {
      type: 'xstate.error.actor.reauthenticate',
      error: {
        status: 401,
        title: SESSION_MESSAGES.secondFactorRequiredTitle,
        message: SECOND_FACTOR_MESSAGES.required,
      },
    }),
    sample('the token ran out while the window was open', {
      type: 'xstate.error.actor.reauthenticate',
      error: {
        status: 401,
        title: SESSION_MESSAGES.accessTokenExpiredTitle,
        message: SESSION_MESSAGES.accessTokenExpired,
      },
    }),
    sample('the code is taken', { type: 'xstate.done.actor.secondFactor', output: DEMO_USER }),
    sample('session renewed', { type: 'xstate.done.actor.refreshToken', output: DEMO_USER }),
    sample('renewal refused', {
      type: 'xstate.error.actor.refreshToken',
      error: { status: 401, title: SESSION_MESSAGES.refreshFailedTitle, message: 'x' },
    }),
    sample('renewal unreachable', {
      type: 'xstate.error.actor.refreshToken',
      error: { status: 0, message: 'Timed out when trying to contact server' },
    }),
  ],
  project: ({ context }) => ({ refused: context.passwordError !== null }),
  limit: 500,
  fakes: { actions: { 'tell the coordinator': () => {} } },
  expect: {
    effects: ['tell the coordinator'],
    // The window opens empty, with no refusal shown.
    start: { to: 'prompting', with: { refused: false } },
    // portal.md §7 (POST /auth/access_token): the user’s name and the password typed; the code
    // step checks the same pair again with the code (docs/session.md "Second factor").
    inputs: {
      reauthenticate: () => ({ username: 'demo', password: 'correct horse' }),
      secondFactor: () => ({ mode: 'reauth', username: 'demo', password: 'correct horse' }),
    },
    on: {
      '*': { 'user logs in': 'stays' },
      prompting: {
        'password entered': { to: 'verifying', with: { refused: false } },
        'password window closed': CANCELLED,
      },
      verifying: {
        'password accepted': ACCEPTED,
        'password refused': { to: 'prompting', with: { refused: true } },
        // The window stayed open past the token's life: one renewal, then the same password.
        'the token ran out while the window was open': 'renewing',
        // docs/session.md "Second factor": a fresh token takes the code too; the password is kept.
        'password right, a code is asked': { to: 'secondFactor', with: { refused: false } },
      },
      secondFactor: {
        'the code is taken': ACCEPTED,
        'password window closed': CANCELLED,
      },
      renewing: {
        // The renewed user is handed on; the password is checked again.
        'session renewed': {
          to: 'verifying',
          runs: tell({ type: 'prompt.renewed', user: DEMO_USER }),
        },
        // portal.md §4: a refused renewal ends the session.
        'renewal refused': { to: 'closed', runs: tell({ type: 'prompt.session.ended' }) },
        // The renewal's failure shows as the refusal; the password is typed again.
        'renewal unreachable': { to: 'prompting', with: { refused: true } },
      },
    },
  },
  states: {
    prompting: (snapshot) => {
      const shown = selectPasswordWindow(snapshot);
      expectThat(!shown.checking && !shown.closed, 'the window should wait for the password');
      expectThat(shown.secondFactor === null, 'no code should be asked for yet');
      expectThat(snapshot.context.enteredPassword === null, 'no password should be kept');
    },
    verifying: (snapshot) => {
      expectThat(selectPasswordWindow(snapshot).checking, 'the password is being checked');
      expectThat(snapshot.context.enteredPassword !== null, 'the password is kept while checked');
    },
    secondFactor: (snapshot) => {
      expectThat(selectPasswordWindow(snapshot).secondFactor !== null, 'the code step should show');
      expectThat(snapshot.context.enteredPassword !== null, 'the password is kept for the code');
    },
    renewing: (snapshot) => {
      expectThat(selectPasswordWindow(snapshot).checking, 'the window should show it is busy');
      expectThat(snapshot.context.enteredPassword !== null, 'the password waits for the renewal');
    },
    closed: (snapshot) => {
      expectThat(selectPasswordWindow(snapshot).closed, 'the window should be closed');
      expectThat(snapshot.context.enteredPassword === null, 'no password should be kept');
    },
  },
});
