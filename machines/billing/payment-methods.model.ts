/**
 * The payment methods page's registration: the list, a card through the payment-card modal, a
 * bank account through the bank form, the default, and a removal after a confirmation.
 */
import type { PaymentAccountRecord, PaymentAccountsResponse } from '#shared/billing';
import { BILLING_MESSAGES, PAYMENT_METHODS_MESSAGES } from '#shared/messages/portal';
import { formMachine } from '../forms/form.machine.ts';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { SAMPLE_BANK, SAMPLE_CARD } from '../signup/order-samples.ts';
import {
  BANK_ACCOUNT_FIELDS,
  paymentMethodsMachine,
  type MethodsAnswer,
} from './payment-methods.machine.ts';
import {
  selectBankForm,
  selectCardForm,
  selectPaymentMethodsView,
  type PaymentMethodsSnapshot,
  type ReadyState,
} from './payment-methods.selectors.ts';

const BANK_ACCOUNT: PaymentAccountRecord = {
  payment_account_id: 1,
  method: 'ACH',
  account_name: 'Dana Demo',
  last_four: '6789',
  label: 'Bank account ending in 6789',
  is_default: true,
  bank_account: { bank_name: 'Demo Bank', account_type: 'CHECKING', routing_number: '021000021' },
  credit_card: null,
};

const CARD_ACCOUNT: PaymentAccountRecord = {
  payment_account_id: 2,
  method: 'CC',
  account_name: 'Dana Demo',
  last_four: SAMPLE_CARD.last_four,
  label: 'Visa ending in 4242',
  is_default: false,
  bank_account: null,
  credit_card: {
    brand: 'visa',
    expiration_date: '2030-08',
    exp_month: 8,
    exp_year: 2030,
    expired: false,
    expiring_soon: true,
  },
};

const list = (accounts: PaymentAccountRecord[]): PaymentAccountsResponse => ({
  payment_accounts: accounts,
  default_payment_account_id: accounts.find((a) => a.is_default)?.payment_account_id ?? null,
  automatic: false,
});

const LISTED = list([BANK_ACCOUNT, CARD_ACCOUNT]);
const answer = (accounts: PaymentAccountRecord[], label: string): MethodsAnswer => ({
  list: list(accounts),
  label,
});

/** The bank form as it reports itself: being filled in, or answered by the server. */
function bankForm(saved: boolean) {
  const values = { ...SAMPLE_BANK, account_type: 'CHECKING', make_default: false };
  return formMachine.resolveState({
    value: saved ? 'submitted' : { editing: 'idle' },
    context: {
      fields: BANK_ACCOUNT_FIELDS,
      checks: undefined,
      values,
      touched: {},
      errors: {},
      pending: [],
      valid: true,
      submitError: null,
      response: saved ? answer([BANK_ACCOUNT, CARD_ACCOUNT], 'Bank account ending in 4321') : null,
      submitCount: saved ? 1 : 0,
      submitRequested: false,
    },
  });
}

let built: ReturnType<typeof buildSamples> | undefined;

function buildSamples() {
  return {
    arrive: sample('the methods arrive', { type: 'xstate.done.actor.load', output: LISTED }),
    none: sample('no methods yet', { type: 'xstate.done.actor.load', output: list([]) }),
    loadFails: sample('the list fails to load', {
      type: 'xstate.error.actor.load',
      error: { message: 'Timed out when trying to contact server' },
    }),
    retry: sample('press Try again', { type: 'methods.reload.pressed' }),
    addCard: sample('press Add a card', { type: 'card.add.pressed' }),
    addBank: sample('press Add a bank account', { type: 'bank.add.pressed' }),
    tick: sample('tick Make it the default', { type: 'default.box.toggled', makeDefault: true }),
    withCard: sample('the modal closes with a card', {
      type: 'xstate.done.actor.cardForm',
      output: { card: SAMPLE_CARD },
    }),
    withoutCard: sample('the modal closes without a card', {
      type: 'xstate.done.actor.cardForm',
      output: { card: null },
    }),
    cardSaved: sample('the card is saved', {
      type: 'xstate.done.actor.saveCard',
      output: answer([BANK_ACCOUNT, CARD_ACCOUNT], CARD_ACCOUNT.label),
    }),
    cardRefused: sample('the card is refused', {
      type: 'xstate.error.actor.saveCard',
      error: { message: BILLING_MESSAGES.cardInUse },
    }),
    bankTyped: sample('the bank form is filled in', {
      type: 'xstate.snapshot.bank',
      snapshot: bankForm(false),
    }),
    bankSaved: sample('the bank account is saved', {
      type: 'xstate.snapshot.bank',
      snapshot: bankForm(true),
    }),
    closeBank: sample('close the bank form', { type: 'bank.form.closed' }),
    makeDefault: sample('press Make default on the card', { type: 'default.pressed', id: 2 }),
    makeDefaultAgain: sample('press Make default on the default', {
      type: 'default.pressed',
      id: 1,
    }),
    madeDefault: sample('the card is made the default', {
      type: 'xstate.done.actor.makeDefault',
      output: answer(
        [
          { ...BANK_ACCOUNT, is_default: false },
          { ...CARD_ACCOUNT, is_default: true },
        ],
        CARD_ACCOUNT.label,
      ),
    }),
    defaultRefused: sample('making it the default fails', {
      type: 'xstate.error.actor.makeDefault',
      error: { message: BILLING_MESSAGES.paymentAccountNotFound },
    }),
    remove: sample('press Remove on the card', { type: 'removal.pressed', id: 2 }),
    autopayOn: sample('automatic payment is turned on', {
      type: 'autopay.changed',
      list: { ...LISTED, automatic: true },
    }),
    removeGone: sample('press Remove on a method no longer listed', {
      type: 'removal.pressed',
      id: 99,
    }),
    confirm: sample('confirm the removal', { type: 'removal.confirmed' }),
    cancel: sample('cancel the removal', { type: 'removal.cancelled' }),
    removed: sample('the method is removed', {
      type: 'xstate.done.actor.remove',
      output: answer([BANK_ACCOUNT], CARD_ACCOUNT.label),
    }),
    removalRefused: sample('the removal is refused (automatic payment is on)', {
      type: 'xstate.error.actor.remove',
      error: { message: BILLING_MESSAGES.defaultWhileAutopay },
    }),
  };
}

const inState = (
  snapshot: PaymentMethodsSnapshot,
  state: 'loading' | 'load failed' | ReadyState,
) =>
  state === 'loading' || state === 'load failed'
    ? snapshot.matches(state)
    : snapshot.matches({ ready: state });

/** The samples each state answers (a person does one thing at a time). */
function eventsFor(snapshot: PaymentMethodsSnapshot) {
  const s = (built ??= buildSamples());
  if (inState(snapshot, 'loading')) return [s.arrive, s.none, s.loadFails];
  if (inState(snapshot, 'load failed')) return [s.retry];
  if (inState(snapshot, 'idle'))
    return [
      s.addCard,
      s.addBank,
      s.makeDefault,
      s.makeDefaultAgain,
      s.remove,
      s.removeGone,
      s.autopayOn,
    ];
  if (inState(snapshot, 'adding a card')) return [s.tick, s.withCard, s.withoutCard];
  if (inState(snapshot, 'saving the card')) return [s.cardSaved, s.cardRefused];
  if (inState(snapshot, 'adding a bank account')) return [s.bankTyped, s.bankSaved, s.closeBank];
  if (inState(snapshot, 'making default')) return [s.madeDefault, s.defaultRefused];
  if (inState(snapshot, 'confirming removal')) return [s.confirm, s.cancel];
  if (inState(snapshot, 'removing')) return [s.removed, s.removalRefused];
  return [];
}

interface Projection {
  listed: boolean;
  automatic: boolean;
  makeDefault: boolean;
  notice: boolean;
  error: boolean;
}

const done = { to: 'ready.idle', with: { notice: true, error: false } } as const;
const refused = { to: 'ready.idle', with: { notice: false, error: true } } as const;

export const paymentMethodsModel = defineMachine({
  name: 'payment-methods',
  title: 'Payment methods',
  description:
    'The payment methods page: the customer’s cards and bank accounts as cards (brand, last ' +
    'four, expiry with expired and expiring soon marked, the default), or "No payment methods ' +
    'yet". Add a card opens the payment-card modal (see its own chart) with "Make it the ' +
    'default"; the card it brings is saved. Add a bank account opens the bank form, checked by ' +
    'the bank rules, whose refusals show on its fields. Make default, and Remove after a ' +
    'confirmation. One change at a time, each showing that it runs; what it did or why it failed ' +
    'shows above the list.',
  machine: paymentMethodsMachine,
  input: { accountName: 'Dana Demo' },
  events: eventsFor as never,
  project: ({ context }): Projection => ({
    listed: context.accounts.length > 0,
    automatic: context.automatic,
    makeDefault: context.makeDefault,
    notice: context.notice !== null,
    error: context.error !== null,
  }),
  limit: 2000,
  fakes: { actors: { bankForm: formMachine } },
  // portal.md §2 (/payment-methods/), §3 "Payment account", §5 "Bank form", docs/api.md
  // "Billing": the list; each change answers the list again or is refused with a message.
  expect: {
    on: {
      loading: {
        'the methods arrive': { to: 'ready.idle', with: { listed: true } },
        'no methods yet': { to: 'ready.idle', with: { listed: false } },
        'the list fails to load': 'load failed',
      },
      'load failed': { 'press Try again': 'loading' },
      'ready.idle': {
        'press Add a card': {
          to: 'ready.adding a card',
          with: { makeDefault: false, notice: false, error: false },
        },
        'press Add a bank account': {
          to: 'ready.adding a bank account',
          with: { notice: false, error: false },
        },
        // Only a listed method that is not the default can be made the default.
        'press Make default on the card': ({ listed }: Projection) =>
          listed
            ? { to: 'ready.making default', with: { notice: false, error: false } }
            : 'ignored',
        'press Make default on the default': 'ignored',
        'press Remove on the card': ({ listed }: Projection) =>
          listed
            ? { to: 'ready.confirming removal', with: { notice: false, error: false } }
            : 'ignored',
        'press Remove on a method no longer listed': 'ignored',
        // The switch beside the list answers the accounts as they are now (portal.md §4).
        'automatic payment is turned on': {
          to: 'stays',
          with: { listed: true, automatic: true },
        },
      },
      'ready.adding a card': {
        'tick Make it the default': { to: 'stays', with: { makeDefault: true } },
        'the modal closes with a card': 'ready.saving the card',
        'the modal closes without a card': 'ready.idle',
      },
      'ready.saving the card': {
        'the card is saved': { ...done, with: { ...done.with, listed: true } },
        'the card is refused': refused,
      },
      'ready.adding a bank account': {
        'the bank form is filled in': 'ignored',
        'the bank account is saved': { ...done, with: { ...done.with, listed: true } },
        'close the bank form': 'ready.idle',
      },
      'ready.making default': {
        'the card is made the default': done,
        'making it the default fails': refused,
      },
      'ready.confirming removal': {
        'confirm the removal': 'ready.removing',
        'cancel the removal': { to: 'ready.idle', with: { notice: false, error: false } },
      },
      'ready.removing': {
        'the method is removed': done,
        'the removal is refused (automatic payment is on)': refused,
      },
    },
  },
  states: {
    loading: (snapshot) => {
      const view = selectPaymentMethodsView(snapshot);
      expectThat(view.status === 'loading' && view.methods.length === 0, 'a loading indicator');
    },
    'load failed': (snapshot) => {
      const view = selectPaymentMethodsView(snapshot);
      expectThat(view.status === 'failed' && view.loadError !== null, 'says why, Try again');
    },
    'ready.idle': (snapshot) => {
      const view = selectPaymentMethodsView(snapshot);
      expectThat(view.canChange, 'every action is offered');
      expectThat(view.empty === (view.methods.length === 0), 'the empty state without methods');
      expectThat(!view.cardModalOpen && !view.bankModalOpen && !view.confirm, 'no dialog');
      for (const method of view.methods) {
        if (method.kind === 'card') expectThat(method.expiry === '08/2030', 'the card’s expiry');
        expectThat(method.busy === null, 'nothing busy');
      }
      if (snapshot.context.error) expectThat(view.error !== null, 'the refusal shows');
    },
    'ready.adding a card': (snapshot) => {
      const view = selectPaymentMethodsView(snapshot);
      expectThat(view.cardModalOpen && !view.canChange, 'the payment-card modal is open');
      expectThat(selectCardForm(snapshot) !== undefined, 'with its card form');
    },
    'ready.saving the card': (snapshot) => {
      const view = selectPaymentMethodsView(snapshot);
      expectThat(view.savingCard && !view.canChange, 'the card is being saved');
    },
    'ready.adding a bank account': (snapshot) => {
      const view = selectPaymentMethodsView(snapshot);
      expectThat(view.bankModalOpen && !view.canChange, 'the bank form is open');
      expectThat(selectBankForm(snapshot) !== undefined, 'with its form');
    },
    'ready.making default': (snapshot) => {
      const view = selectPaymentMethodsView(snapshot);
      expectThat(
        view.methods.some((method) => method.busy === 'default') && !view.canChange,
        'the method’s Make default is busy',
      );
    },
    'ready.confirming removal': (snapshot) => {
      const view = selectPaymentMethodsView(snapshot);
      expectThat(
        view.confirm?.label === CARD_ACCOUNT.label && !view.confirm.removing,
        'Remove this method? names it',
      );
      expectThat(
        PAYMENT_METHODS_MESSAGES.confirmRemoval(view.confirm.label).includes(CARD_ACCOUNT.label),
        'the question names the method',
      );
    },
    'ready.removing': (snapshot) => {
      const view = selectPaymentMethodsView(snapshot);
      expectThat(view.confirm?.removing === true, 'the confirmation shows it is busy');
      expectThat(
        view.methods.some((method) => method.busy === 'removal'),
        'the method is being removed',
      );
    },
  },
});
