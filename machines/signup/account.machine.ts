/**
 * Account setup (signup.md §2 item 8): the account holder (first name, last name, email, phone,
 * date of birth), prefilled from the customer details, then the credentials (username and
 * password) once the holder is valid.
 *
 * | id         | machine                     | what                                          |
 * | ---------- | --------------------------- | --------------------------------------------- |
 * | `holder`   | forms/form.machine.ts       | the account holder's details                  |
 * | `username` | username.machine.ts         | rules, then free or taken with suggestions    |
 * | `password` | forms/password.machine.ts   | length, confirmation, strength (zxcvbn)       |
 *
 * A holder field still showing what the customer details said follows later edits of the
 * customer details; one the visitor changed here stays as typed. The username's suggestions come
 * from the holder's name, and the password's strength counts the username, names and email as
 * easy to guess (`signupPasswordUserInputs`, the server's own list).
 */
import { assertEvent, assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import { SIGNUP_CUSTOMER_FIELDS } from '#shared/schemas/person';
import { signupPasswordUserInputs } from '#shared/signup/order';
import { formMachine, type FormInput, type FormValues } from '../forms/form.machine.ts';
import { selectFormValid, type FormSnapshot } from '../forms/form.selectors.ts';
import { checkForm } from '../forms/validation.ts';
import { passwordMachine, type PasswordInput } from '../forms/password.machine.ts';
import { selectPasswordValid, type PasswordSnapshot } from '../forms/password.selectors.ts';
import { usernameMachine, type UsernameInput } from './username.machine.ts';
import { selectUsernameAvailable, type UsernameSnapshot } from './username.selectors.ts';

export interface AccountInput {
  /** The customer details as the visitor entered them (dob as YYYY-MM-DD). */
  customer: FormValues;
}

export interface AccountContext {
  holder: { valid: boolean; values: FormValues };
  username: { available: boolean; uid: string };
  password: { valid: boolean; password: string };
  /** The customer details the holder was last filled from. */
  following: FormValues;
}

export type AccountEvent =
  | { type: 'customer.details.changed'; values: FormValues }
  /** The children's snapshots, which the account follows. */
  | { type: 'xstate.snapshot.holder'; snapshot: FormSnapshot }
  | { type: 'xstate.snapshot.username'; snapshot: UsernameSnapshot }
  | { type: 'xstate.snapshot.password'; snapshot: PasswordSnapshot };

const HOLDER_FIELDS = Object.keys(SIGNUP_CUSTOMER_FIELDS);

function text(values: FormValues, field: string): string {
  const value = values[field];
  return typeof value === 'string' ? value : '';
}

function holderValues(customer: FormValues): FormValues {
  return Object.fromEntries(HOLDER_FIELDS.map((field) => [field, text(customer, field)]));
}

/** "First Last", the name the username suggestions are made from. */
export function holderName(values: FormValues): string {
  return `${text(values, 'fname').trim()} ${text(values, 'lname').trim()}`.trim();
}

function passwordUserInputs(holder: FormValues, uid: string): string[] {
  return signupPasswordUserInputs({
    uid,
    fname: text(holder, 'fname'),
    lname: text(holder, 'lname'),
    email: text(holder, 'email'),
  });
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    input: {} as AccountInput,
  },
  actors: {
    holderForm: formMachine,
    username: usernameMachine,
    password: passwordMachine,
  },
  actions: {
    'remember the holder': enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'xstate.snapshot.holder');
      const { snapshot } = event;
      const values = snapshot.context.values;
      const name = holderName(values);
      if (name !== holderName(context.holder.values)) {
        enqueue.sendTo('username', { type: 'username.name.changed', name });
      }
      const inputs = passwordUserInputs(values, context.username.uid);
      if (!sameList(inputs, passwordUserInputs(context.holder.values, context.username.uid))) {
        enqueue.sendTo('password', { type: 'user.inputs.changed', userInputs: inputs });
      }
      enqueue.assign({ holder: { valid: selectFormValid(snapshot), values } });
    }),
    'remember the username': enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'xstate.snapshot.username');
      const { snapshot } = event;
      const uid = snapshot.context.uid;
      if (uid !== context.username.uid) {
        enqueue.sendTo('password', {
          type: 'user.inputs.changed',
          userInputs: passwordUserInputs(context.holder.values, uid),
        });
      }
      enqueue.assign({ username: { available: selectUsernameAvailable(snapshot), uid } });
    }),
    'remember the password': assign({
      password: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.password');
        const { snapshot } = event;
        return {
          valid: selectPasswordValid(snapshot),
          password: snapshot.context.values.password,
        };
      },
    }),
    'follow the customer details': enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'customer.details.changed');
      const next = holderValues(event.values);
      const changed: FormValues = {};
      for (const field of HOLDER_FIELDS) {
        const untouchedHere = text(context.holder.values, field) === text(context.following, field);
        if (untouchedHere && next[field] !== context.following[field]) changed[field] = next[field];
      }
      if (Object.keys(changed).length > 0)
        enqueue.sendTo('holder', { type: 'form.filled', values: changed });
      enqueue.assign({ following: next });
    }),
  },
  guards: {
    'the account holder is complete': ({ context }) => context.holder.valid,
  },
}).createMachine({
  id: 'signupAccount',
  description:
    'Account setup: the account holder (prefilled from the customer details), then a username and a password.',
  context: ({ input }) => {
    const values = holderValues(input.customer);
    return {
      holder: { valid: checkForm(SIGNUP_CUSTOMER_FIELDS, values).valid, values },
      username: { available: false, uid: '' },
      password: { valid: false, password: '' },
      following: values,
    };
  },
  invoke: [
    {
      id: 'holder',
      src: 'holderForm',
      input: ({ context }): FormInput => ({
        fields: SIGNUP_CUSTOMER_FIELDS,
        initialValues: context.following,
      }),
      onSnapshot: { actions: 'remember the holder' },
    },
    {
      id: 'username',
      src: 'username',
      input: ({ context }): UsernameInput => ({ name: holderName(context.holder.values) }),
      onSnapshot: { actions: 'remember the username' },
    },
    {
      id: 'password',
      src: 'password',
      input: ({ context }): PasswordInput => ({
        withConfirmation: true,
        userInputs: passwordUserInputs(context.holder.values, ''),
      }),
      onSnapshot: { actions: 'remember the password' },
    },
  ],
  on: {
    'customer.details.changed': { actions: 'follow the customer details' },
  },
  initial: 'account holder',
  states: {
    'account holder': {
      description:
        'The account holder’s details show, filled in from the customer details; the credentials wait until they are valid.',
      always: { guard: 'the account holder is complete', target: 'credentials' },
    },
    credentials: {
      description:
        'The holder was valid: the username and password show too (the page keeps them shown).',
    },
  },
});

export type AccountActor = ActorRefFrom<typeof accountMachine>;
