/**
 * The payment methods page's registration: the list, a card through the payment-card modal, a
 * bank account through the bank form, the default, and a removal after a confirmation; the
 * automatic payment switch is its child while the list shows (its own paths: autopay.model.ts).
 */
import type { PaymentAccountRecord, PaymentAccountsResponse } from '#shared/billing/schemas';
import { BILLING_MESSAGES, PAYMENT_METHODS_MESSAGES } from '#shared/billing/messages';
import { formMachine } from '../forms/form.machine.ts';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { SAMPLE_BANK, SAMPLE_CARD } from '../signup/order-samples.ts';
import { createMachine } from 'xstate';
import {
  autopayInputOf,
  BANK_ACCOUNT_FIELDS,
  paymentMethodsMachine,
  type MethodsAnswer,
} from './payment-methods.machine.ts';
import {
  selectAutopaySwitch,
  selectBankForm,
  selectCardForm,
  selectPaymentMethodsView,
  type MethodCard,
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

/** An expired card (never "expiring soon" as well) and a savings account without a bank name. */
const OLD_CARD: PaymentAccountRecord = {
  payment_account_id: 3,
  method: 'CC',
  account_name: 'Dana Demo',
  last_four: '4444',
  label: 'Mastercard ending in 4444',
  is_default: false,
  bank_account: null,
  credit_card: {
    brand: 'mastercard',
    expiration_date: '2024-01',
    exp_month: 1,
    exp_year: 2024,
    expired: true,
    expiring_soon: true,
  },
};

const SAVINGS_ACCOUNT: PaymentAccountRecord = {
  payment_account_id: 4,
  method: 'ACH',
  account_name: 'Dana Demo',
  last_four: '1111',
  label: 'Bank account ending in 1111',
  is_default: false,
  bank_account: { bank_name: '', account_type: 'SAVINGS', routing_number: '021000021' },
  credit_card: null,
};

/**
 * The method cards as the page must show them (portal.md §2 /payment-methods/: brand or bank,
 * last four, expiry with expired and expiring soon marked, the account type, the default).
 */
const SHOWN = {
  bank: 'bank · Demo Bank · 6789 · Checking',
  card: 'card · Visa · 4242 · 08/2030 · expiring soon',
  oldCard: 'card · Mastercard · 4444 · 01/2024 · expired',
  savings: 'bank · Bank account · 1111 · Savings',
};
const DEFAULT = ' · default';
/** The page after the methods arrive: the bank account is the default. */
const LISTED_CARDS = [SHOWN.bank + DEFAULT, SHOWN.card, SHOWN.oldCard, SHOWN.savings];
/** After the card is made the default. */
const CARD_DEFAULT_CARDS = [SHOWN.bank, SHOWN.card + DEFAULT, SHOWN.oldCard, SHOWN.savings];
/** After the card is removed. */
const REMOVED_CARDS = [SHOWN.bank + DEFAULT, SHOWN.oldCard, SHOWN.savings];

/** A method's card marked busy (its Make default or its removal running). */
const busy = (cards: readonly string[], shownAs: string, what: 'default' | 'removal') =>
  cards.map((card) => (card.startsWith(shownAs) ? `${card} · busy: ${what}` : card));

/** Make default pressed on a method: its button busy, unless it is not listed or the default. */
const makeDefault =
  (shownAs: string) =>
  ({ cards }: Projection) =>
    cards.includes(shownAs)
      ? {
          to: 'ready.making default',
          with: { notice: null, error: null, cards: busy(cards, shownAs, 'default') },
        }
      : ('ignored' as const);

/** The id of the method whose change runs, from the cards. */
const busyId = (cards: readonly string[]) =>
  cards.some((card) => card.startsWith(SHOWN.bank) && card.includes('busy:'))
    ? BANK_ACCOUNT.payment_account_id
    : CARD_ACCOUNT.payment_account_id;

const list = (accounts: PaymentAccountRecord[]): PaymentAccountsResponse => ({
  payment_accounts: accounts,
  default_payment_account_id: accounts.find((a) => a.is_default)?.payment_account_id ?? null,
  automatic: false,
});

const ALL = [BANK_ACCOUNT, CARD_ACCOUNT, OLD_CARD, SAVINGS_ACCOUNT];
const LISTED = list(ALL);
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
      response: saved ? answer(ALL, 'Bank account ending in 4321') : null,
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
      output: answer(ALL, CARD_ACCOUNT.label),
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
          OLD_CARD,
          SAVINGS_ACCOUNT,
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
    switchOn: sample('switch automatic payment on', { type: 'autopay.switched', on: true }),
    switchOffConfirmed: sample('confirm turning it off', { type: 'autopay.off.confirmed' }),
    switchOffCancelled: sample('keep it on', { type: 'autopay.off.cancelled' }),
    removeGone: sample('press Remove on a method no longer listed', {
      type: 'removal.pressed',
      id: 99,
    }),
    confirm: sample('confirm the removal', { type: 'removal.confirmed' }),
    cancel: sample('cancel the removal', { type: 'removal.cancelled' }),
    removed: sample('the method is removed', {
      type: 'xstate.done.actor.remove',
      output: answer([BANK_ACCOUNT, OLD_CARD, SAVINGS_ACCOUNT], CARD_ACCOUNT.label),
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
      s.switchOn,
      s.switchOffConfirmed,
      s.switchOffCancelled,
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
  /** The account automatic payment would charge (the default), as the switch beside the list gets it. */
  autopayAccount: number | null;
  makeDefault: boolean;
  /** What the last change did, or why it failed, in the page's words. */
  notice: string | null;
  error: string | null;
  loadError: string | null;
  /** "No payment methods yet" shows. */
  empty: boolean;
  /** The method cards, each as its words (see {@link SHOWN}). */
  cards: readonly string[];
  /** Remove this method? while a removal is confirmed or runs: the method's label. */
  confirm: string | null;
}

function shown(method: MethodCard): string {
  return [
    method.kind,
    method.title,
    method.lastFour,
    method.expiry,
    method.accountType,
    method.expired ? 'expired' : null,
    method.expiringSoon ? 'expiring soon' : null,
    method.isDefault ? 'default' : null,
    method.busy ? `busy: ${method.busy}` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

function project(snapshot: PaymentMethodsSnapshot): Projection {
  const view = selectPaymentMethodsView(snapshot);
  const autopay = autopayInputOf(snapshot.context);
  return {
    listed: snapshot.context.accounts.length > 0,
    automatic: autopay.automatic,
    autopayAccount: autopay.defaultAccountId,
    makeDefault: view.makeDefault,
    notice: view.notice,
    error: view.error,
    loadError: view.loadError,
    empty: view.empty,
    cards: view.methods.map(shown),
    confirm: view.confirm
      ? `${view.confirm.label}${view.confirm.removing ? ' (removing)' : ''}`
      : null,
  };
}

const done = (notice: string, cards: readonly string[], autopayAccount: number) => ({
  to: 'ready.idle',
  with: { notice, error: null, cards, autopayAccount, confirm: null },
});
const refused = (error: string) => (before: Projection) => ({
  to: 'ready.idle',
  with: {
    notice: null,
    error,
    // Nothing changed: the cards show as before, none of them busy.
    cards: before.cards.map((card) => card.replace(/ · busy: \w+$/, '')),
    confirm: null,
  },
});

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
  project,
  limit: 2000,
  // The switch is a child of its own (autopay.model.ts): inert here, its answer a sample.
  fakes: { actors: { bankForm: formMachine, autopay: createMachine({ id: 'inert' }) } } as never,
  // portal.md §2 (/payment-methods/), §3 "Payment account", §5 "Bank form", docs/api.md
  // "Billing": the list; each change answers the list again or is refused with a message.
  expect: {
    // The page opens loading its list: nothing shows yet, nothing was said.
    start: {
      to: 'loading',
      with: {
        listed: false,
        automatic: false,
        autopayAccount: null,
        makeDefault: false,
        notice: null,
        error: null,
        loadError: null,
        empty: false,
        cards: [],
        confirm: null,
      },
    },
    on: {
      loading: {
        'the methods arrive': {
          to: 'ready.idle',
          with: {
            listed: true,
            empty: false,
            cards: LISTED_CARDS,
            autopayAccount: BANK_ACCOUNT.payment_account_id,
          },
        },
        'no methods yet': {
          to: 'ready.idle',
          with: { listed: false, empty: true, cards: [], autopayAccount: null },
        },
        'the list fails to load': {
          to: 'load failed',
          with: { loadError: 'Timed out when trying to contact server', cards: [] },
        },
      },
      'load failed': { 'press Try again': { to: 'loading', with: { loadError: null } } },
      'ready.idle': {
        'press Add a card': {
          to: 'ready.adding a card',
          with: { makeDefault: false, notice: null, error: null },
        },
        'press Add a bank account': {
          to: 'ready.adding a bank account',
          with: { notice: null, error: null },
        },
        // Only a listed method that is not the default can be made the default: the card, and
        // the bank account once the card is the default.
        'press Make default on the card': makeDefault(SHOWN.card),
        'press Make default on the default': makeDefault(SHOWN.bank),
        'press Remove on the card': ({ listed, cards }: Projection) =>
          listed && cards.some((card) => card.startsWith(SHOWN.card))
            ? {
                to: 'ready.confirming removal',
                with: { notice: null, error: null, confirm: CARD_ACCOUNT.label, cards },
              }
            : 'ignored',
        'press Remove on a method no longer listed': 'ignored',
        // What the person does with the switch goes on to it; nothing changes here until it
        // answers.
        'switch automatic payment on': 'stays',
        'confirm turning it off': 'stays',
        'keep it on': 'stays',
        // The switch beside the list answers the accounts as they are now (portal.md §4).
        'automatic payment is turned on': {
          to: 'stays',
          with: {
            listed: true,
            automatic: true,
            cards: LISTED_CARDS,
            autopayAccount: BANK_ACCOUNT.payment_account_id,
          },
        },
      },
      'ready.adding a card': {
        'tick Make it the default': { to: 'stays', with: { makeDefault: true } },
        'the modal closes with a card': 'ready.saving the card',
        'the modal closes without a card': { to: 'ready.idle', with: { notice: null } },
      },
      'ready.saving the card': {
        'the card is saved': done(
          PAYMENT_METHODS_MESSAGES.added(CARD_ACCOUNT.label),
          LISTED_CARDS,
          BANK_ACCOUNT.payment_account_id,
        ),
        'the card is refused': refused(BILLING_MESSAGES.cardInUse),
      },
      'ready.adding a bank account': {
        'the bank form is filled in': 'ignored',
        'the bank account is saved': done(
          PAYMENT_METHODS_MESSAGES.added('Bank account ending in 4321'),
          LISTED_CARDS,
          BANK_ACCOUNT.payment_account_id,
        ),
        'close the bank form': 'ready.idle',
      },
      'ready.making default': {
        'the card is made the default': done(
          PAYMENT_METHODS_MESSAGES.madeDefault(CARD_ACCOUNT.label),
          CARD_DEFAULT_CARDS,
          CARD_ACCOUNT.payment_account_id,
        ),
        'making it the default fails': refused(BILLING_MESSAGES.paymentAccountNotFound),
      },
      'ready.confirming removal': {
        'confirm the removal': ({ cards }: Projection) => ({
          to: 'ready.removing',
          with: {
            confirm: `${CARD_ACCOUNT.label} (removing)`,
            cards: busy(cards, SHOWN.card, 'removal'),
          },
        }),
        'cancel the removal': {
          to: 'ready.idle',
          with: { notice: null, error: null, confirm: null },
        },
      },
      'ready.removing': {
        'the method is removed': done(
          PAYMENT_METHODS_MESSAGES.removed(CARD_ACCOUNT.label),
          REMOVED_CARDS,
          BANK_ACCOUNT.payment_account_id,
        ),
        'the removal is refused (automatic payment is on)': refused(
          BILLING_MESSAGES.defaultWhileAutopay,
        ),
      },
    },
    // Each change names the method it is about (docs/api.md "Billing"): the card the modal
    // brought, with the box's choice; the method pressed, and for a removal its label.
    inputs: {
      cardForm: () => ({ accountName: 'Dana Demo' }),
      saveCard: (after: Projection) => ({
        token: SAMPLE_CARD.token,
        makeDefault: after.makeDefault,
      }),
      makeDefault: (after: Projection) => ({ id: busyId(after.cards) }),
      remove: () => ({ id: CARD_ACCOUNT.payment_account_id, label: CARD_ACCOUNT.label }),
    },
    running: {
      loading: ['load'],
      'ready.adding a card': ['cardForm'],
      'ready.saving the card': ['saveCard'],
      'ready.adding a bank account': ['bank'],
      'ready.making default': ['makeDefault'],
      'ready.removing': ['remove'],
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
      expectThat(selectAutopaySwitch(snapshot) !== null, 'the switch shows beside the list');
      expectThat(view.canChange, 'every action is offered');
      expectThat(view.empty === (view.methods.length === 0), 'the empty state without methods');
      expectThat(!view.cardModalOpen && !view.bankModalOpen && !view.confirm, 'no dialog');
      for (const method of view.methods) expectThat(method.busy === null, 'nothing busy');
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
