/**
 * Sample data of the signup's second half, for registrations and tests: the account holder, a
 * strong and a weak password verdict, a card the provider's form would post, a bank account, a
 * billing address, a pre-signup link, and real snapshots of the section machines made from them.
 */
import { createActor, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import type { PasswordStrength } from '#shared/password';
import type { CardDetails } from '#shared/schemas/card-token';
import { EMPTY_CUSTOMER_DETAILS } from '#shared/signup/connectivity-details';
import type { PreSignup } from '#shared/signup/order';
import { formMachine } from '../forms/form.machine.ts';
import { passwordMachine } from '../forms/password.machine.ts';
import { accountMachine } from './account.machine.ts';
import type { SignupOrderParts } from './order-parts.ts';
import { BANK_FIELDS, BILLING_ADDRESS_FIELDS, billingAddressChecks } from './payment-fields.ts';
import { paymentMachine } from './payment.machine.ts';
import { SAMPLE_DETAILS } from './samples.ts';
import { usernameMachine } from './username.machine.ts';

export const SAMPLE_HOLDER = {
  fname: 'Dana',
  lname: 'Demo',
  email: 'dana@example.com',
  phone: '(801) 555-0123',
  dob: '1985-04-12',
};

export const STRONG_PASSWORD = 'violet-harbor-quietly-72';
export const STRONG: PasswordStrength = {
  score: 4,
  strength: 100,
  strongEnough: true,
  warning: null,
  suggestions: [],
};
export const WEAK: PasswordStrength = {
  score: 1,
  strength: 25,
  strongEnough: false,
  warning: 'This is a very common password.',
  suggestions: ['Add more words that are less common.'],
};

export const SAMPLE_CARD: CardDetails = {
  token: 'tok_sample0123456789abcdef',
  fname: 'Dana',
  lname: 'Demo',
  exp_month: 8,
  exp_year: 2030,
  last_four: '4242',
  brand: 'visa',
};

export const SAMPLE_BANK = {
  name: 'Dana Demo',
  routing: '021000021',
  account: '000123456789',
  account_type: 'CHECKING',
};

export const SAMPLE_BILLING_ADDRESS = {
  fname: 'Dana',
  mnami: '',
  lname: 'Demo',
  cmp_name: '',
  line1: '100 N Main St',
  line2: '',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84101-1234',
};

export const SAMPLE_PRE_SIGNUP: PreSignup = {
  signup_hash: 'demo-utopia-1gbps',
  address: {
    address_id: SAMPLE_DETAILS.utopia.address_id,
    service_class_id: SAMPLE_DETAILS.utopia.service_class_id,
    line1: SAMPLE_DETAILS.utopia.line1,
    line2: SAMPLE_DETAILS.utopia.line2,
    city: SAMPLE_DETAILS.utopia.city,
    state: SAMPLE_DETAILS.utopia.state,
    zip_code: SAMPLE_DETAILS.utopia.zip_code,
    formatted_address: SAMPLE_DETAILS.utopia.formatted_address,
  },
  customer: {
    fname: SAMPLE_HOLDER.fname,
    lname: SAMPLE_HOLDER.lname,
    email: SAMPLE_HOLDER.email,
    phone: SAMPLE_HOLDER.phone,
  },
  services: { speed_id: 'speed_1000_sym', router: true, mesh_quantity: 1, voice: true },
};

/** Runs a machine through some events and keeps its snapshot. */
export function snapshotAfter<T extends AnyStateMachine>(
  machine: T,
  input: unknown,
  events: readonly { type: string }[],
): SnapshotFrom<T> {
  const actor = createActor(machine, { input } as never);
  actor.start();
  for (const event of events) actor.send(event as never);
  const snapshot = actor.getSnapshot() as SnapshotFrom<T>;
  actor.stop();
  return snapshot;
}

export function formSnapshot(
  fields: Parameters<typeof formMachine.transition>[0]['context']['fields'],
  values: Record<string, unknown>,
  checks?: (values: Record<string, unknown>) => Record<string, string | undefined>,
) {
  return snapshotAfter(formMachine, { fields, checks }, [{ type: 'form.filled', values } as never]);
}

export const bankSnapshot = (valid: boolean) =>
  formSnapshot(BANK_FIELDS, valid ? SAMPLE_BANK : { ...SAMPLE_BANK, routing: '123' });

export const billingAddressSnapshot = (valid: boolean) =>
  formSnapshot(
    BILLING_ADDRESS_FIELDS,
    valid ? SAMPLE_BILLING_ADDRESS : { ...SAMPLE_BILLING_ADDRESS, zip: '841' },
    billingAddressChecks,
  );

export function usernameSnapshot(state: 'available' | 'taken') {
  return usernameMachine.resolveState({
    value: state,
    context: {
      uid: 'dana-demo',
      name: 'Dana Demo',
      problem: null,
      suggestions: state === 'taken' ? ['ddemo'] : [],
    },
  });
}

export function passwordSnapshot(strength: PasswordStrength) {
  return passwordMachine.resolveState({
    value: { editing: { rules: 'idle', strength: 'measured' } },
    context: {
      requireCurrent: false,
      withConfirmation: true,
      userInputs: [],
      startOverWhenDone: false,
      username: '',
      usernameError: null,
      values: { current: '', password: STRONG_PASSWORD, confirmation: STRONG_PASSWORD },
      touched: { password: true, confirmation: true },
      problems: {},
      pending: [],
      strength,
      measuredPassword: STRONG_PASSWORD,
      submitWhenMeasured: false,
      submitError: null,
    },
  });
}

/** An account machine whose holder, username and password are all valid (or not). */
export function accountSnapshot(valid: boolean) {
  return snapshotAfter(accountMachine, { customer: SAMPLE_HOLDER }, [
    { type: 'xstate.snapshot.username', snapshot: usernameSnapshot('available') },
    {
      type: 'xstate.snapshot.password',
      snapshot: passwordSnapshot(valid ? STRONG : WEAK),
    },
  ] as never);
}

/** A payment machine paying from a bank account, automatically, billed to the service address. */
export function paymentSnapshot(valid: boolean) {
  return snapshotAfter(paymentMachine, { accountName: 'Dana Demo' }, [
    { type: 'payment.method.chosen', method: 'ACH' },
    { type: 'xstate.snapshot.bank', snapshot: bankSnapshot(valid) },
    { type: 'payment.autopay.chosen', automatic: true },
    { type: 'billing.chosen', choice: 'service' },
  ] as never);
}

/** The wizard's part of an order at the UTOPIA Fiber sample address, paid from a bank account. */
export const SAMPLE_ORDER_PARTS: SignupOrderParts = {
  customer: {
    ...SAMPLE_HOLDER,
    mname: '',
    uid: 'dana-demo',
    password: STRONG_PASSWORD,
    line1: SAMPLE_DETAILS.utopia.line1,
    line2: SAMPLE_DETAILS.utopia.line2,
    city: SAMPLE_DETAILS.utopia.city,
    state: SAMPLE_DETAILS.utopia.state,
    zip_code: SAMPLE_DETAILS.utopia.zip_code,
  },
  order: {
    service_class_id: 17,
    service_action_type: 'new',
    connectivity: {
      service_action_type: 'new',
      display_id: null,
      speed_id: 'speed_1000_sym',
      new_speed_id: null,
      external_adid: SAMPLE_DETAILS.utopia.address_id,
      external_soid: 'soid-speed_1000_sym',
      new_external_soid: null,
      early_signup: false,
      customer_details: { ...EMPTY_CUSTOMER_DETAILS, is_owner: true },
      drop_details: null,
      install_details: null,
      desired_activation_date: null,
    },
    router: {
      service_action_type: 'none',
      router_model: null,
      mesh_quantity: 0,
      mesh_type: 'mesh_none',
    },
    voice: { service_class_id: 1, service_action_type: 'none', contact: false },
  },
  attribution: null,
  payment: {
    account_type: 'ACH',
    auto_pay: true,
    alternate_billing_address: false,
    billing_address: null,
    bank_details: { ...SAMPLE_BANK, account_type: 'CHECKING' },
  },
  metadata: { signup_hash: null },
};
