/** The username field's registration: typing, the pause, the server's answers, suggestions. */
import { TIMERS, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '#shared/constants';
import { SIGNUP_ORDER_MESSAGES } from '#shared/messages';
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
  // The name as the customer details hold it, spaces and all: suggestions come from the name.
  input: { name: ' Dana Demo ' },
  events: [
    sample('type "dana"', { type: 'username.changed', value: 'dana' }),
    sample('type "Dana"', { type: 'username.changed', value: 'Dana' }),
    sample('type " dana "', { type: 'username.changed', value: ' dana ' }),
    sample('clear the box', { type: 'username.changed', value: '' }),
    sample('leave only spaces', { type: 'username.changed', value: '   ' }),
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
    sample('choose a name not suggested', { type: 'username.suggestion.chosen', uid: 'zed' }),
    sample('press Check again', { type: 'username.retry.pressed' }),
    sample('the name changes', { type: 'username.name.changed', name: ' Dana Q Demo ' }),
  ],
  project: ({ context }) => ({
    uid: context.uid,
    suggested: context.suggestions.length > 0,
    /** The name the check sends for suggestions. */
    name: context.name,
  }),
  limit: 2000,
  expect: {
    // The box starts empty: nothing typed, nothing suggested.
    start: { to: 'empty', with: { uid: '', suggested: false, name: 'Dana Demo' } },
    on: {
      // Typing starts the pause over wherever the box is, forgetting any suggestions; clearing
      // it (spaces count as nothing) empties it. Spaces around a username are not part of it.
      '*': {
        'type "dana"': { to: 'typing', with: { uid: 'dana', suggested: false } },
        'type " dana "': { to: 'typing', with: { uid: 'dana', suggested: false } },
        'type "Dana"': { to: 'typing', with: { uid: 'Dana', suggested: false } },
        ...Object.fromEntries(
          BOUNDARIES.map((s) => [s.label, { to: 'typing', with: { suggested: false } }]),
        ),
        'clear the box': { to: 'empty', with: { uid: '', suggested: false } },
        'leave only spaces': { to: 'empty', with: { uid: '', suggested: false } },
        // The suggestions of a later check come from the new name.
        'the name changes': { to: 'stays', with: { name: 'Dana Q Demo' } },
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
      // Only a suggestion that was offered can be chosen.
      taken: {
        'choose "dana-demo"': { to: 'checking', with: { uid: 'dana-demo', suggested: false } },
        'choose a name not suggested': 'ignored',
      },
      'check failed': { 'press Check again': 'checking' },
    },
    timers: { typing: { usernameCheckDebounce: TIMERS.usernameCheckDebounceMs } },
    // GET /self_signup/usernames?uid=&name= (signup.md §7): the username and the name.
    inputs: { checkUsername: ({ uid, name }) => ({ uid, name }) },
    boundaries: BOUNDARIES,
  },
  states: {
    empty: (snapshot) => {
      const view = selectUsernameView(snapshot);
      expectThat(view.message === null && view.value === '', 'an empty box says nothing');
      expectThat(view.status === 'empty', 'the box shows as empty');
    },
    typing: (snapshot) => {
      const view = selectUsernameView(snapshot);
      expectThat(view.message === null, 'no message while typing');
      expectThat(view.status === 'typing', 'the box shows typing');
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
      expectThat(selectUsernameView(snapshot).status === 'checking', 'the check shows under way');
      expectThat(!selectUsernameAvailable(snapshot), 'not valid until the server answers');
    },
    available: (snapshot) => {
      const view = selectUsernameView(snapshot);
      expectThat(view.status === 'available', 'the box shows it is free');
      expectThat(view.message === SIGNUP_ORDER_MESSAGES.usernameAvailable, 'says it is free');
      expectThat(selectUsernameAvailable(snapshot), 'a free username is valid');
    },
    taken: (snapshot) => {
      const view = selectUsernameView(snapshot);
      expectThat(view.message === USERNAME_MESSAGES.taken, 'says it is taken');
      expectThat(
        view.suggestions.join() === USERNAME_SUGGESTIONS.join(),
        "offers the server's suggestions",
      );
      expectThat(!selectUsernameAvailable(snapshot), 'a taken username is not valid');
    },
    'check failed': (snapshot) => {
      const view = selectUsernameView(snapshot);
      expectThat(view.status === 'failed', 'offers Check again');
      expectThat(view.message === SIGNUP_ORDER_MESSAGES.usernameCheckFailed, 'says it failed');
    },
  },
});
