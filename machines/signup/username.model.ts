/** The username field's registration: typing, the pause, the server's answers, suggestions. */
import { TIMERS, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '#shared/constants';
import { USERNAME_MESSAGES } from '#shared/messages/account';
import { usernameError } from '#shared/schemas/username';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { usernameMachine } from './username.machine.ts';
import { selectUsernameAvailable, selectUsernameView } from './username.selectors.ts';

export const USERNAME_SUGGESTIONS = ['danademo', 'dana-demo', 'ddemo'];

/** A valid-looking username of exactly `length` characters ("d" then "a"s). */
function usernameOf(length: number): string {
  return `d${'a'.repeat(length - 1)}`;
}

/** Usernames at the length limits (signup.md §5: 3 to 48 characters). */
const BOUNDARIES = [
  USERNAME_MIN_LENGTH - 1,
  USERNAME_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH + 1,
].map((length) =>
  sample(`type ${length} characters`, { type: 'username.changed', value: usernameOf(length) }),
);

export const usernameModel = defineMachine({
  name: 'signup-username',
  title: 'Signup: username',
  description:
    'The username of the new account. Its rules (starts with a lowercase letter, 3 to 48 ' +
    'characters, lowercase letters, digits, dashes and underscores) are checked once typing ' +
    'pauses for 300 ms, each with its own message; a username that passes is then checked with ' +
    'the server. A taken one says "That username is taken. Here are some suggestions" with ' +
    'buttons that fill the box; a check that does not answer offers Check again.',
  machine: usernameMachine,
  input: { name: 'Dana Demo' },
  events: [
    sample('type "dana"', { type: 'username.changed', value: 'dana' }),
    sample('type "Dana"', { type: 'username.changed', value: 'Dana' }),
    sample('clear the box', { type: 'username.changed', value: '' }),
    sample('typing pauses', {
      type: 'xstate.after.usernameCheckDebounce.signupUsername.typing',
    }),
    sample('the server says free', {
      type: 'xstate.done.actor.checkUsername',
      output: { in_use: false, suggestions: [] },
    }),
    sample('the server says taken', {
      type: 'xstate.done.actor.checkUsername',
      output: { in_use: true, suggestions: USERNAME_SUGGESTIONS },
    }),
    sample('the check fails', { type: 'xstate.error.actor.checkUsername', error: {} }),
    sample('choose "dana-demo"', { type: 'username.suggestion.chosen', uid: 'dana-demo' }),
    sample('press Check again', { type: 'username.retry.pressed' }),
    sample('the name changes', { type: 'username.name.changed', name: 'Dana Q Demo' }),
  ],
  project: ({ context }) => ({
    uid: context.uid,
    suggested: context.suggestions.length > 0,
  }),
  limit: 500,
  expect: {
    // The box starts empty: nothing typed, nothing suggested.
    start: { to: 'empty', with: { uid: '', suggested: false } },
    on: {
      // Typing starts the pause over wherever the box is; clearing it empties it.
      '*': {
        'type "dana"': 'typing',
        'type "Dana"': 'typing',
        ...Object.fromEntries(BOUNDARIES.map((s) => [s.label, 'typing'])),
        'clear the box': 'empty',
        'the name changes': 'stays',
      },
      // Once typing pauses, the rules are checked (shared rule); a username that passes them
      // is asked about.
      typing: {
        'typing pauses': ({ uid }) => (usernameError(uid) ? 'breaks a rule' : 'checking'),
      },
      checking: {
        'the server says free': 'available',
        'the server says taken': { to: 'taken', with: { suggested: true } },
        'the check fails': 'check failed',
      },
      taken: { 'choose "dana-demo"': { to: 'checking', with: { uid: 'dana-demo' } } },
      'check failed': { 'press Check again': 'checking' },
    },
    timers: { typing: { usernameCheckDebounce: TIMERS.usernameCheckDebounceMs } },
    boundaries: BOUNDARIES,
  },
  states: {
    empty: (snapshot) => {
      const view = selectUsernameView(snapshot);
      expectThat(view.message === null && view.value === '', 'an empty box says nothing');
    },
    typing: (snapshot) => {
      expectThat(selectUsernameView(snapshot).message === null, 'no message while typing');
      expectThat(!selectUsernameAvailable(snapshot), 'not valid before the check');
    },
    'breaks a rule': (snapshot) => {
      const view = selectUsernameView(snapshot);
      expectThat(
        view.message !== null && view.message === usernameError(view.value),
        `the first broken rule's message shows (got ${view.message})`,
      );
    },
    checking: (snapshot) => {
      expectThat(usernameError(snapshot.context.uid) === undefined, 'only a valid one is checked');
      expectThat(!selectUsernameAvailable(snapshot), 'not valid until the server answers');
    },
    available: (snapshot) => {
      expectThat(selectUsernameAvailable(snapshot), 'a free username is valid');
    },
    taken: (snapshot) => {
      const view = selectUsernameView(snapshot);
      expectThat(view.message === USERNAME_MESSAGES.taken, 'says it is taken');
      expectThat(view.suggestions.length > 0, 'offers suggestions');
      expectThat(!selectUsernameAvailable(snapshot), 'a taken username is not valid');
    },
    'check failed': (snapshot) => {
      expectThat(selectUsernameView(snapshot).status === 'failed', 'offers Check again');
    },
  },
});
