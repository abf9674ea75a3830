/** The account setup's registration: the holder, then the credentials; validity as a whole. */
import { SIGNUP_CUSTOMER_FIELDS } from '#shared/schemas/person';
import { formMachine } from '../forms/form.machine.ts';
import { passwordMachine } from '../forms/password.machine.ts';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { accountMachine } from './account.machine.ts';
import {
  selectAccountActors,
  selectAccountSummary,
  selectAccountValid,
  selectCredentialsShown,
  type AccountSnapshot,
} from './account.selectors.ts';
import {
  SAMPLE_HOLDER,
  STRONG,
  STRONG_PASSWORD,
  WEAK,
  formSnapshot,
  passwordSnapshot,
  usernameSnapshot,
} from './order-samples.ts';
import { usernameMachine } from './username.machine.ts';

let samples: ReturnType<typeof buildSamples> | undefined;

function buildSamples() {
  return [
    sample('the holder becomes valid', {
      type: 'xstate.snapshot.holder',
      snapshot: formSnapshot(SIGNUP_CUSTOMER_FIELDS, SAMPLE_HOLDER),
    }),
    sample('the holder becomes invalid', {
      type: 'xstate.snapshot.holder',
      snapshot: formSnapshot(SIGNUP_CUSTOMER_FIELDS, { ...SAMPLE_HOLDER, email: 'dana@' }),
    }),
    sample('the username is free', {
      type: 'xstate.snapshot.username',
      snapshot: usernameSnapshot('available'),
    }),
    sample('the username is taken', {
      type: 'xstate.snapshot.username',
      snapshot: usernameSnapshot('taken'),
    }),
    sample('a strong password, confirmed', {
      type: 'xstate.snapshot.password',
      snapshot: passwordSnapshot(STRONG),
    }),
    sample('a weak password', {
      type: 'xstate.snapshot.password',
      snapshot: passwordSnapshot(WEAK),
    }),
    sample('the customer details change', {
      type: 'customer.details.changed',
      values: { ...SAMPLE_HOLDER, dob: '', email: 'dana.demo@example.com' },
    }),
  ];
}

export const accountModel = defineMachine({
  name: 'signup-account',
  title: 'Signup: account setup',
  description:
    'Account setup. The account holder’s first name, last name, email, phone and date of birth ' +
    'are filled in from the customer details (a field the visitor has not changed here follows ' +
    'later changes there); once they are valid the username and password appear and stay. The ' +
    'account is complete when the holder is valid, the username is free and the password passes ' +
    'every rule, strength included.',
  machine: accountMachine,
  // A pre-signup link brings no date of birth: the holder starts incomplete.
  input: { customer: { ...SAMPLE_HOLDER, dob: '' } },
  // The customer details change while the holder is still incomplete (the real holder form
  // follows them, and stays incomplete without a date of birth, as the walk expects).
  events: ((snapshot: AccountSnapshot) => {
    const all = (samples ??= buildSamples());
    return snapshot.matches('credentials') ? all.slice(0, -1) : all;
  }) as never,
  project: ({ context }) => ({
    holder: context.holder.valid,
    username: context.username.available,
    password: context.password.valid,
  }),
  limit: 500,
  fakes: {
    actors: { holderForm: formMachine, username: usernameMachine, password: passwordMachine },
  },
  // signup.md §2 item 8: the account holder first (filled in from the customer details and
  // following them), then the username and password once the holder is valid; they stay shown.
  expect: {
    // The holder comes from the customer details without a date of birth, so it is incomplete;
    // no username or password is entered yet.
    start: {
      to: 'account holder',
      with: { holder: false, username: false, password: false },
    },
    on: {
      '*': {
        'the username is free': { to: 'stays', with: { username: true } },
        'a strong password, confirmed': { to: 'stays', with: { password: true } },
        'the customer details change': 'stays',
      },
      'account holder': {
        'the holder becomes valid': { to: 'credentials', with: { holder: true } },
      },
      credentials: { 'the holder becomes invalid': { to: 'credentials', with: { holder: false } } },
    },
  },
  states: {
    'account holder': (snapshot) => {
      expectThat(!selectCredentialsShown(snapshot), 'the credentials wait for the holder');
      expectThat(!selectAccountValid(snapshot), 'an incomplete holder is not a valid account');
      expectOrderPart(snapshot);
    },
    credentials: (snapshot) => {
      expectThat(selectCredentialsShown(snapshot), 'the username and password show');
      const { holder, username, password } = snapshot.context;
      expectThat(
        selectAccountValid(snapshot) === (holder.valid && username.available && password.valid),
        'valid exactly when holder, username and password are',
      );
      expectOrderPart(snapshot);
    },
  },
});

/**
 * The section's part of the order (signup.md §6: the account holder's names, email, phone and
 * date of birth, the username and the password), read by the wizard in every state, and the
 * three parts the page shows (the holder form, the username box, the password box).
 */
function expectOrderPart(snapshot: AccountSnapshot) {
  const actors = selectAccountActors(snapshot);
  expectThat(
    actors.holder !== undefined && actors.username !== undefined && actors.password !== undefined,
    'the holder form, the username box and the password box are running',
  );
  const { valid, customer } = selectAccountSummary(snapshot);
  expectThat(valid === selectAccountValid(snapshot), 'the summary is as valid as the section');
  expectThat(
    customer.fname === SAMPLE_HOLDER.fname &&
      customer.lname === SAMPLE_HOLDER.lname &&
      customer.mname === '',
    'the order carries the holder’s names (no middle name)',
  );
  if (snapshot.context.holder.valid) {
    expectThat(
      customer.email === SAMPLE_HOLDER.email &&
        customer.phone === SAMPLE_HOLDER.phone &&
        customer.dob === SAMPLE_HOLDER.dob,
      'a valid holder’s email, phone and date of birth go with the order',
    );
  }
  const { username, password } = snapshot.context;
  expectThat(
    username.available ? customer.uid === 'dana-demo' : ['', 'dana-demo'].includes(customer.uid),
    'the order carries the username typed',
  );
  expectThat(
    password.valid
      ? customer.password === STRONG_PASSWORD
      : ['', STRONG_PASSWORD].includes(customer.password),
    'the order carries the password typed',
  );
}
