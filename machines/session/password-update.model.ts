/** The password-update machine's registration: one Submit, the username first, then the password. */
import { createActor, createMachine } from 'xstate';
import { SESSION_MESSAGES } from '#shared/session/messages';
import { UpdatePasswordSchema } from '#shared/session/schemas';
import { formMachine } from '../forms/form.machine.ts';
import { passwordMachine } from '../forms/password.machine.ts';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { passwordUpdateMachine, type PasswordUpdateContext } from './password-update.machine.ts';
import {
  selectCheckingUsername,
  selectNewPassword,
  selectUsernameForm,
} from './password-update.selectors.ts';

const FIELDS = { username: UpdatePasswordSchema.entries.username };

/** The username form as it reports itself: checked and accepted, or checked and refused. */
function usernameForm(state: 'submitted' | 'editing', username: string) {
  return formMachine.resolveState({
    value: state === 'submitted' ? 'submitted' : { editing: 'idle' },
    context: {
      // The form's own starting context for this username, as it reports itself once checked.
      ...createActor(formMachine, {
        input: { fields: FIELDS, initialValues: { username } },
      }).getSnapshot().context,
      touched: { username: true },
      errors: username ? {} : { username: 'Please enter your username' },
      valid: username !== '',
      submitCount: state === 'submitted' ? 1 : 0,
    },
  });
}

/** The password machine after the server refused the username for this link. */
function usernameRefused() {
  return passwordMachine.resolveState({
    value: { editing: { rules: 'idle', strength: 'empty' } },
    context: {
      ...createActor(passwordMachine, {
        input: { withConfirmation: true, userInputs: ['dana-demo'] },
      }).getSnapshot().context,
      username: 'dana-demo',
      usernameError: SESSION_MESSAGES.usernameMismatch,
    },
  });
}

/**
 * The children as the walk sees them: they never move on their own (the walk reports their
 * snapshots with its samples); the username form is still being typed in, so what it echoes
 * to what the parent sends it is not taken for a checked username.
 */
const inertUsernameForm = createMachine({
  id: 'inertUsernameForm',
  context: { values: { username: '' }, pending: ['username'] },
});
const inertPassword = createMachine({
  id: 'inertPassword',
  context: { usernameError: null as string | null },
});

export const passwordUpdateModel = defineMachine({
  name: 'password-update',
  title: 'Set a new password (recovery link)',
  description:
    'The page a recovery email links to: the username and a new password with its ' +
    'confirmation, and one Submit. The username is checked first; only then does the new ' +
    'password go through its own checks (its strength measured if need be) and get sent with ' +
    'the username. A username that does not belong to the link shows under the username field.',
  machine: passwordUpdateMachine,
  input: { fields: FIELDS },
  events: [
    sample('press Submit', { type: 'submit.pressed' }),
    sample('the username passes its rule', {
      type: 'xstate.snapshot.username',
      snapshot: usernameForm('submitted', 'dana-demo'),
    }),
    sample('the username is missing', {
      type: 'xstate.snapshot.username',
      snapshot: usernameForm('editing', ''),
    }),
    sample('the server refuses the username', {
      type: 'xstate.snapshot.password',
      snapshot: usernameRefused(),
    }),
  ],
  project: ({ context }: { context: PasswordUpdateContext }) => ({
    username: context.username,
    refused: context.usernameError !== null,
  }),
  limit: 100,
  fakes: {
    actors: { usernameForm: inertUsernameForm, password: inertPassword } as never,
  },
  // No effects: the machine has no action the app provides (it only talks to its children); the
  // password is sent by the password machine's `submit` actor, and its `announce the change` is
  // judged in the password fields' registration (machines/forms/password.model.ts).
  expect: {
    // The page opens with an empty username, nothing refused.
    start: { to: 'editing', with: { username: '', refused: false } },
    on: {
      '*': {
        // The username follows the form wherever the page is; a refusal shows under its field.
        'the server refuses the username': { to: 'stays', with: { refused: true } },
      },
      editing: {
        'press Submit': 'checking the username',
        'the username passes its rule': { to: 'stays', with: { username: 'dana-demo' } },
        'the username is missing': { to: 'stays', with: { username: '' } },
      },
      'checking the username': {
        'press Submit': 'stays',
        'the username passes its rule': { to: 'editing', with: { username: 'dana-demo' } },
        'the username is missing': { to: 'editing', with: { username: '' } },
      },
    },
  },
  states: {
    editing: (snapshot) => {
      expectThat(!selectCheckingUsername(snapshot), 'nothing is being checked');
      expectThat(
        selectUsernameForm(snapshot) !== undefined && selectNewPassword(snapshot) !== undefined,
        'the username and password fields show',
      );
    },
    'checking the username': (snapshot) => {
      expectThat(selectCheckingUsername(snapshot), 'the username is checked first');
    },
  },
});
