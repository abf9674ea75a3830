/** The payment section's registration: card through the provider's form, or a bank account. */
import { formMachine } from '../forms/form.machine.ts';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { SAMPLE_CARD, bankSnapshot, billingAddressSnapshot } from './order-samples.ts';
import { paymentMachine } from './payment.machine.ts';
import {
  selectCardForm,
  selectPaymentActors,
  selectPaymentValid,
  selectPaymentView,
  type CardState,
  type PaymentSnapshot,
} from './payment.selectors.ts';
import { paymentAccountComplete } from './payment.summary.ts';

let built: ReturnType<typeof buildSamples> | undefined;

function buildSamples() {
  return {
    card: sample('choose card', { type: 'payment.method.chosen', method: 'CC' }),
    bank: sample('choose bank account', { type: 'payment.method.chosen', method: 'ACH' }),
    received: sample('the modal closes with a card', {
      type: 'xstate.done.actor.cardForm',
      output: { card: SAMPLE_CARD },
    }),
    close: sample('the modal closes without a card', {
      type: 'xstate.done.actor.cardForm',
      output: { card: null },
    }),
    add: sample('press Add card', { type: 'card.add.pressed' }),
    change: sample('press Change', { type: 'card.change.pressed' }),
    automatic: sample('automatic monthly billing', {
      type: 'payment.autopay.chosen',
      automatic: true,
    }),
    manual: sample('manual payment', { type: 'payment.autopay.chosen', automatic: false }),
    bankValid: sample('the bank form becomes valid', {
      type: 'xstate.snapshot.bank',
      snapshot: bankSnapshot(true),
    }),
    bankInvalid: sample('the bank form becomes invalid', {
      type: 'xstate.snapshot.bank',
      snapshot: bankSnapshot(false),
    }),
    serviceAddress: sample('bill the service address', {
      type: 'billing.chosen',
      choice: 'service',
    }),
    newAddress: sample('bill a new address', { type: 'billing.chosen', choice: 'new' }),
    billingValid: sample('the new address becomes valid', {
      type: 'xstate.snapshot.billingAddress',
      snapshot: billingAddressSnapshot(true),
    }),
    billingInvalid: sample('the new address becomes invalid', {
      type: 'xstate.snapshot.billingAddress',
      snapshot: billingAddressSnapshot(false),
    }),
  };
}

const card = (snapshot: PaymentSnapshot, state: CardState) =>
  snapshot.matches({ method: { card: state } });

/**
 * The samples that move the payment on from where it is: the card's modal one step at a time,
 * then how bills are paid, then the billing address (keeps the graph to what people do).
 */
function eventsFor(snapshot: PaymentSnapshot) {
  const s = (built ??= buildSamples());
  const { context } = snapshot;
  if (snapshot.matches({ method: 'not chosen' })) return [s.card, s.bank];
  if (card(snapshot, 'adding a card')) return [s.received, s.close];
  if (card(snapshot, 'no card')) return [s.add, s.bank];
  if (snapshot.matches({ method: 'bank account' }) && !context.bank.valid)
    return context.card ? [s.bankValid, s.card] : [s.bankValid];
  if (context.autoPay === null) {
    return card(snapshot, 'card added')
      ? [s.automatic, s.manual, s.change, s.bank]
      : [s.automatic, s.manual, s.bankInvalid];
  }
  if (!paymentAccountComplete(context)) return [];
  if (context.billingChoice === null) return [s.serviceAddress, s.newAddress];
  if (context.billingChoice === 'new')
    return context.billing.valid ? [s.billingInvalid, s.serviceAddress] : [s.billingValid];
  return [];
}

interface Projection {
  method: string | null;
  card: boolean;
  bank: boolean;
  autoPay: boolean | null;
  billing: string | null;
  address: boolean;
}

/** Closing the card modal keeps a card already added, otherwise offers Add card. */
const afterTheModal = ({ card }: Projection) =>
  card ? 'method.card.card added' : 'method.card.no card';

/** The payment account: a card added (card) or a valid bank form (bank), and how bills are paid. */
const accountComplete = (p: Projection) =>
  (p.method === 'CC' ? p.card : p.method === 'ACH' ? p.bank : false) && p.autoPay !== null;

/** Choosing how bills are paid; the billing address appears once the payment account is complete. */
const billsPaid = (automatic: boolean) => (before: Projection) => ({
  to: [
    automatic ? 'auto pay.automatic' : 'auto pay.manual',
    ...(accountComplete({ ...before, autoPay: automatic }) ? ['billing address.shown'] : []),
  ],
  with: { autoPay: automatic },
});

export const paymentModel = defineMachine({
  name: 'signup-payment',
  title: 'Signup: payment',
  description:
    'How the visitor pays. Card opens the payment-card modal (see its own chart) with the card ' +
    'provider’s form; once it closes with a card, "Card ending in" its last four shows with a ' +
    'Change button. Bank account (ACH) closes the modal and shows ' +
    'the bank form. Then automatic monthly billing or manual payment. Once the payment account ' +
    'is complete, the billing address appears: the service address or a new one, a choice that ' +
    'must be made.',
  machine: paymentMachine,
  input: { accountName: 'Dana Demo' },
  events: eventsFor as never,
  project: ({ context }) => ({
    method: context.method,
    card: context.card !== null,
    bank: context.bank.valid,
    autoPay: context.autoPay,
    billing: context.billingChoice,
    address: context.billing.valid,
  }),
  limit: 2000,
  fakes: { actors: { bankForm: formMachine, billingAddressForm: formMachine } },
  // signup.md §2 items 9-10, §6: card (the provider's form in a modal) or bank account, then how
  // bills are paid; once the payment account is complete, the billing address (a choice).
  expect: {
    // Nothing chosen: no method, no card, no bank account, no way of paying bills; the billing
    // address waits for the payment account.
    start: {
      to: [
        'method.not chosen',
        'auto pay.not chosen',
        'billing address.waiting for the payment account',
      ],
      with: {
        method: null,
        card: false,
        bank: false,
        autoPay: null,
        billing: null,
        address: false,
      },
    },
    on: {
      method: {
        'choose card': ({ card }: Projection) => ({
          to: card ? 'method.card.card added' : 'method.card.adding a card',
          with: { method: 'CC' },
        }),
        'choose bank account': { to: 'method.bank account', with: { method: 'ACH' } },
      },
      'method.card.adding a card': {
        'the modal closes with a card': { to: 'method.card.card added', with: { card: true } },
        'the modal closes without a card': afterTheModal,
      },
      'method.card.no card': { 'press Add card': 'method.card.adding a card' },
      'method.card.card added': { 'press Change': 'method.card.adding a card' },
      'method.bank account': {
        'the bank form becomes valid': { to: 'stays', with: { bank: true } },
        'the bank form becomes invalid': { to: 'stays', with: { bank: false } },
      },
      'auto pay': {
        'automatic monthly billing': billsPaid(true),
        'manual payment': billsPaid(false),
      },
      'billing address.shown': {
        'bill the service address': {
          to: 'billing address.shown.service address',
          with: { billing: 'service' },
        },
        'bill a new address': { to: 'billing address.shown.new address', with: { billing: 'new' } },
      },
      'billing address.shown.new address': {
        'the new address becomes valid': { to: 'stays', with: { address: true } },
        'the new address becomes invalid': { to: 'stays', with: { address: false } },
      },
    },
  },
  states: {
    'method.not chosen': (snapshot) => {
      expectThat(selectPaymentView(snapshot).method === null, 'no method shows as chosen');
      const { bank, billingAddress } = selectPaymentActors(snapshot);
      expectThat(
        bank !== undefined && billingAddress !== undefined,
        'the bank form and the billing address form are ready to show',
      );
      expectThat(!selectPaymentView(snapshot).modalOpen, 'no modal');
    },
    'method.card.adding a card': (snapshot) => {
      expectThat(selectPaymentView(snapshot).modalOpen, 'the payment-card modal opens');
      expectThat(selectCardForm(snapshot) !== undefined, 'with its card form');
    },
    'method.card.no card': (snapshot) => {
      const view = selectPaymentView(snapshot);
      expectThat(!view.modalOpen && view.addCard, 'Add card shows');
      expectThat(view.method === 'CC', 'the card method shows as chosen');
    },
    'method.card.card added': (snapshot) => {
      const view = selectPaymentView(snapshot);
      expectThat(!view.modalOpen && view.method === 'CC', 'the modal is closed, card chosen');
      expectThat(view.cardLastFour === SAMPLE_CARD.last_four, 'Card ending in the last four');
    },
    'method.bank account': (snapshot) => {
      const view = selectPaymentView(snapshot);
      expectThat(view.method === 'ACH' && !view.modalOpen, 'the bank form shows, no modal');
    },
    'auto pay.not chosen': (snapshot) => {
      expectThat(selectPaymentView(snapshot).autoPay === null, 'nothing chosen');
    },
    'auto pay.automatic': (snapshot) => {
      expectThat(selectPaymentView(snapshot).autoPay === true, 'automatic billing');
    },
    'auto pay.manual': (snapshot) => {
      expectThat(selectPaymentView(snapshot).autoPay === false, 'manual payment');
    },
    'billing address.waiting for the payment account': (snapshot) => {
      expectThat(!selectPaymentView(snapshot).billingShown, 'no billing address yet');
      expectThat(!selectPaymentValid(snapshot), 'not valid without the payment account');
    },
    'billing address.shown.not chosen': (snapshot) => {
      expectThat(selectPaymentView(snapshot).billingShown, 'the billing address choice shows');
      expectThat(!selectPaymentValid(snapshot), 'the choice is mandatory');
    },
    'billing address.shown.service address': (snapshot) => {
      expectThat(
        selectPaymentValid(snapshot) === paymentAccountComplete(snapshot.context),
        'valid with a complete payment account',
      );
    },
    'billing address.shown.new address': (snapshot) => {
      expectThat(
        selectPaymentValid(snapshot) ===
          (paymentAccountComplete(snapshot.context) && snapshot.context.billing.valid),
        'valid once the new address is',
      );
    },
  },
});
