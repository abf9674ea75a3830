/**
 * Setting a new password from the single-use link of a recovery email (portal.md, the
 * /password-update/{id} page): the username and the new password with its confirmation, and one
 * Submit. The username must pass its rule first; then the password machine checks its rules (it
 * waits for the strength if needed) and sends the password with the username. A username the
 * server refuses for this link shows under the username field.
 *
 * The username form and the password machine are this machine's children (`username`,
 * `password`); the app provides the password machine's `submit` (the POST).
 */
import { enqueueActions, sendTo, setup, type ActorRefFrom } from 'xstate';
import { formMachine, type FieldSchemas } from '../forms/form.machine.ts';
import { selectSubmitted, selectText, type FormSnapshot } from '../forms/form.selectors.ts';
import { passwordMachine } from '../forms/password.machine.ts';
import { selectPasswordUsernameError, type PasswordSnapshot } from '../forms/password.selectors.ts';

export interface PasswordUpdateInput {
  /** The username field's schema (the shared one of the update request). */
  fields: FieldSchemas;
}

export interface PasswordUpdateContext extends PasswordUpdateInput {
  /** The username as typed (trimmed), as the password machine was last told. */
  username: string;
  /** The server's refusal of the username that was last passed to its field. */
  usernameError: string | null;
}

export type PasswordUpdateEvent =
  | { type: 'submit.pressed' }
  | { type: 'xstate.snapshot.username'; snapshot: FormSnapshot }
  | { type: 'xstate.snapshot.password'; snapshot: PasswordSnapshot };

export const passwordUpdateMachine = setup({
  types: {
    context: {} as PasswordUpdateContext,
    events: {} as PasswordUpdateEvent,
    input: {} as PasswordUpdateInput,
  },
  actors: {
    usernameForm: formMachine,
    /** The new password; the app provides its `submit`. */
    password: passwordMachine,
  },
  actions: {
    'tell the password about the username': enqueueActions(({ context, event, enqueue }) => {
      // Only checked values: the username follows once typing has paused.
      if (event.type !== 'xstate.snapshot.username' || event.snapshot.context.pending.length > 0)
        return;
      const username = selectText(event.snapshot, 'username').trim();
      if (username === context.username) return;
      enqueue.assign({ username });
      enqueue.sendTo('password', { type: 'username.changed', username });
      // The username makes a password easy to guess here.
      enqueue.sendTo('password', {
        type: 'user.inputs.changed',
        userInputs: username ? [username] : [],
      });
    }),
    'check the username': sendTo('username', { type: 'submit.pressed' }),
    'send the password': sendTo('password', { type: 'submit.pressed' }),
    'show a refused username under its field': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'xstate.snapshot.password') return;
      const error = selectPasswordUsernameError(event.snapshot);
      if (error === context.usernameError) return;
      enqueue.assign({ usernameError: error });
      if (error)
        enqueue.sendTo('username', { type: 'errors.arrived', errors: { username: error } });
    }),
  },
  guards: {
    'the username passed': ({ event }) =>
      event.type === 'xstate.snapshot.username' && selectSubmitted(event.snapshot),
    'the username was refused': ({ event }) =>
      event.type === 'xstate.snapshot.username' &&
      event.snapshot.matches('editing') &&
      event.snapshot.context.pending.length === 0,
  },
}).createMachine({
  id: 'passwordUpdate',
  description:
    'The username and the new password of a recovery link, with one Submit: the username first, then the password.',
  context: ({ input }) => ({ fields: input.fields, username: '', usernameError: null }),
  invoke: [
    {
      id: 'username',
      src: 'usernameForm',
      input: ({ context }) => ({ fields: context.fields }),
      onSnapshot: { actions: 'tell the password about the username' },
    },
    {
      id: 'password',
      src: 'password',
      input: {},
      onSnapshot: { actions: 'show a refused username under its field' },
    },
  ],
  initial: 'editing',
  states: {
    editing: {
      description: 'The user types the username and the new password.',
      on: { 'submit.pressed': { target: 'checking the username', actions: 'check the username' } },
    },
    'checking the username': {
      description: 'Submit was pressed: the username is checked before the password is sent.',
      on: {
        'submit.pressed': { actions: 'check the username' },
        'xstate.snapshot.username': [
          {
            guard: 'the username passed',
            target: 'editing',
            actions: ['tell the password about the username', 'send the password'],
          },
          {
            guard: 'the username was refused',
            target: 'editing',
            actions: 'tell the password about the username',
          },
          { actions: 'tell the password about the username' },
        ],
      },
    },
  },
});

export type PasswordUpdateActor = ActorRefFrom<typeof passwordUpdateMachine>;
