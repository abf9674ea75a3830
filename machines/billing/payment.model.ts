/** The payment machine's registration: the make-a-payment form of the /billing/ page. */
import { amountValue, paymentAmountError } from '#shared/billing/schemas';
import { formatDollars } from '#shared/cart/money';
import { BILLING_MESSAGES } from '#shared/billing/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { paymentMachine, type BillingData, type PaymentContext } from './payment.machine.ts';
import {
  selectAccountError,
  selectAccountId,
  selectAccounts,
  selectAmount,
  selectAmountError,
  selectConfirmation,
  selectConfirmingOverpayment,
  selectEditing,
  selectOutcome,
  selectPaymentKey,
  selectPaymentProcessing,
  selectPaymentType,
} from './payment.selectors.ts';

/** The amount due, the accounts and the tables loaded again. */
const RELOAD = { 'reload the billing data': true } as const;
const BANK = { id: 1, label: 'Bank account ending in 6789' };
const CARD = { id: 2, label: 'Visa ending in 4242' };
/** A bank account added after the first one was removed (on the payment methods page). */
const NEW_BANK = { id: 3, label: 'Bank account ending in 1111' };
const ACCOUNTS = [BANK, CARD, NEW_BANK];

/** A customer with a bank account (the default) and a card, $45.10 due. */
const DATA: BillingData = {
  amountDue: 45.1,
  automatic: false,
  defaultAccountId: BANK.id,
  accounts: [BANK, CARD],
};

/** The shared amount rule on the typed text (the server's rule, on the number it stands for). */
const passes = (amount: string) => paymentAmountError(amount) === null;

/** What the Idempotency-Key is for: none, the payment on the form, or an earlier one. */
function keyOf(
  context: PaymentContext,
  key: string | null,
): 'none' | 'this payment' | 'another payment' {
  if (key === null) return 'none';
  const value = amountValue(context.amount);
  const current = `${value === null ? context.amount : Math.round(value * 100)}:${context.accountId}`;
  return context.keyFor === current ? 'this payment' : 'another payment';
}

type Projection = ReturnType<typeof project>;

const project = (snapshot: Parameters<typeof selectAmount>[0]) => {
  const { context } = snapshot;
  const words = selectConfirmation(snapshot);
  return {
    amount: selectAmount(snapshot),
    account: selectAccountId(snapshot),
    /** The accounts the customer has, by id. */
    accounts: selectAccounts(snapshot).map((account) => account.id),
    /** What the payment is recorded as (portal.md §4 payment_type). */
    type: selectPaymentType(snapshot),
    edited: context.amountEdited,
    key: keyOf(context, selectPaymentKey(snapshot)),
    outcome: context.outcome?.kind ?? null,
    /** The answer shown, in the server's words (a title with it for a failure). */
    message: context.outcome ? [context.outcome.title, context.outcome.message].join(' | ') : null,
    /** Whether the amount's problem shows (once the amount was left or Pay pressed). */
    checked: context.amountShown,
    /** Whether the account's problem shows (once Pay was pressed). */
    accountChecked: context.accountShown,
    amountError: selectAmountError(snapshot),
    accountError: selectAccountError(snapshot),
    /** The payment in words while it is confirmed and sent. */
    words: words ? `${words.amount} | ${words.account}` : null,
    /** The credit the confirmation names: what the payment leaves above the amount due. */
    credit: words?.credit ?? null,
    /** The amount due the form knows (dollars). */
    due: context.amountDue,
  };
};

/**
 * What a payment of `amount` leaves on the account above the amount due `due`, in words ("$5.00"),
 * or null when it pays no more than is due (the issue: "You are paying $X.XX more than is due: it
 * stays as a credit of $X.XX on your account").
 */
function creditOf(amount: string, due: number): string | null {
  const value = amountValue(amount);
  if (value === null) return null;
  const cents = Math.round(value * 100) - Math.round(due * 100);
  return cents > 0 ? formatDollars(cents / 100) : null;
}

/** The payment in words: the amount in dollars and the account's label (portal.md §7 Billing). */
function wordsOf(before: Projection): string {
  const label = ACCOUNTS.find((account) => account.id === before.account)?.label;
  return `${formatDollars(amountValue(before.amount) ?? 0)} | ${label}`;
}

/** Typing an amount: it shows as typed; its problem shows once the amount was checked. */
const typed = (value: string) => (before: Projection) => ({
  to: 'stays',
  with: {
    amount: value,
    edited: true,
    amountError: before.checked ? paymentAmountError(value) : null,
  },
});

/**
 * The billing data loaded again while the form is edited: an amount typed in stays, an untouched
 * one follows the amount due; the account chosen stays while the customer still has it, else the
 * default one, else the only one.
 */
const loadedWhileEditing =
  (data: BillingData) =>
  ({ amount, edited, account, accountChecked }: Projection) => {
    const has = (id: number | null) => data.accounts.some((choice) => choice.id === id);
    const only = data.accounts.length === 1 ? data.accounts[0].id : null;
    const chosen = has(account)
      ? account
      : has(data.defaultAccountId)
        ? data.defaultAccountId
        : only;
    return {
      to: 'stays',
      with: {
        amount: edited ? amount : data.amountDue.toFixed(2),
        account: chosen,
        accounts: data.accounts.map((choice) => choice.id),
        type: data.automatic ? 'AUTOMATIC' : 'MANUAL',
        due: data.amountDue,
        // An account problem shows only once Pay was pressed.
        accountError: accountChecked && chosen === null ? BILLING_MESSAGES.paymentAccount : null,
      },
    };
  };

/** The label of an account the customer has, else nothing. */
const labelOf = (ids: readonly number[], account: number | null) =>
  ids.includes(account ?? 0) ? (ACCOUNTS.find((choice) => choice.id === account)?.label ?? '') : '';

/**
 * Loaded again while a payment is sent: the payment stays as it is (its account named only while
 * the customer still has it).
 */
const loadedWhilePaying =
  (data: BillingData) =>
  ({ amount, account }: Projection) => {
    const accounts = data.accounts.map((choice) => choice.id);
    return {
      to: 'stays',
      with: {
        amount,
        account,
        accounts,
        type: data.automatic ? 'AUTOMATIC' : 'MANUAL',
        words: `${formatDollars(amountValue(amount) ?? 0)} | ${labelOf(accounts, account)}`,
        credit: creditOf(amount, data.amountDue),
        due: data.amountDue,
      },
    };
  };

/** After a success the next payment is another one; the problems of this one no longer show. */
const succeeded = (message: string) => ({
  to: 'editing',
  with: {
    outcome: 'success',
    message: ` | ${message}`,
    key: 'none',
    edited: false,
    checked: false,
    accountChecked: false,
    words: null,
    credit: null,
  },
  runs: RELOAD,
});

/**
 * After a failure the payment stays on the form as it was sent, and sent again keeps its key;
 * only an account removed meanwhile gives way to the only one left (another payment, another key).
 */
const failed =
  (message: string) =>
  ({ amount, account, accounts }: Projection) => {
    const kept = accounts.includes(account ?? 0);
    return {
      to: 'editing',
      with: {
        outcome: 'failure',
        message,
        edited: true,
        amount,
        account: kept ? account : accounts.length === 1 ? accounts[0] : null,
        key: kept ? 'this payment' : 'another payment',
        words: null,
        credit: null,
      },
      runs: RELOAD,
    };
  };

/**
 * Loaded again while a payment is confirmed: it stays as it is while the customer still has the
 * account; an account removed meanwhile (on another page) sends the form back to be chosen again.
 */
const loadedWhileConfirming = (data: BillingData) => (before: Projection) => {
  if (!data.accounts.some((choice) => choice.id === before.account))
    return {
      ...loadedWhileEditing(data)(before),
      to: 'editing',
      with: { ...loadedWhileEditing(data)(before).with, words: null, credit: null },
    };
  // The confirmation asked follows the new amount due: the credit it names is the one left.
  const credit = creditOf(before.amount, data.amountDue);
  const kept = loadedWhilePaying(data)(before);
  return {
    to: credit === null ? 'confirming' : 'confirming overpayment',
    with: { ...kept.with, credit, due: data.amountDue },
  };
};

const NOTHING_DUE: BillingData = { ...DATA, amountDue: 0 };
/** A new bill raised the amount due (another tab, the billing run): $2,000.00 due. */
const MORE_DUE: BillingData = { ...DATA, amountDue: 2000 };
/** The bank account removed, and automatic payment turned on for the card (on other pages). */
const ONLY_THE_CARD: BillingData = {
  ...DATA,
  automatic: true,
  defaultAccountId: null,
  accounts: [CARD],
};
const NO_DEFAULT: BillingData = { ...DATA, defaultAccountId: null };
/** The bank account replaced by another, which is not the default: no account is chosen then. */
const REPLACED: BillingData = { ...DATA, defaultAccountId: null, accounts: [CARD, NEW_BANK] };

export const billingPaymentModel = defineMachine({
  name: 'billing-payment',
  title: 'Make a payment',
  description:
    'The Make a payment form of the Billing page. The amount starts at the amount due and the ' +
    'payment account at the default one (or the only one); both can be changed. The amount must ' +
    'be above $0.00 with at most two decimals and at most $10,000.00. Pay shows the payment in ' +
    'words to confirm (more than is due: the credit it leaves on the account is named, and ' +
    'nothing is sent before Confirm); Confirm sends it, and the page shows the answer (received, submitted, ' +
    'declined or not confirmed) and loads the amount due and the tables again. A payment sent ' +
    'again after a failure keeps its key, so it is never charged twice.',
  machine: paymentMachine,
  input: DATA,
  events: [
    sample('type 20.00', { type: 'amount.changed', value: '20.00' }),
    sample('type 12.345', { type: 'amount.changed', value: '12.345' }),
    sample('type $1,250.00', { type: 'amount.changed', value: '$1,250.00' }),
    sample('type words', { type: 'amount.changed', value: 'ten' }),
    sample('leave the amount', { type: 'amount.left' }),
    sample('choose the other account', { type: 'account.chosen', id: CARD.id }),
    sample('choose an account that is not theirs', { type: 'account.chosen', id: 99 }),
    sample('press Pay', { type: 'payment.requested' }),
    sample('press Confirm', { type: 'payment.confirmed' }),
    sample('press Back', { type: 'payment.cancelled' }),
    sample('the card payment is received', { type: 'xstate.done.actor.pay', output: {} }),
    sample('the bank payment is submitted', {
      type: 'xstate.done.actor.pay',
      output: { msg: BILLING_MESSAGES.paymentPending },
    }),
    sample('the card is declined', {
      type: 'xstate.error.actor.pay',
      error: {
        status: 402,
        title: BILLING_MESSAGES.declinedTitle,
        message: BILLING_MESSAGES.declined('card_declined'),
      },
    }),
    sample('the payment is not confirmed', {
      type: 'xstate.error.actor.pay',
      error: {
        status: 502,
        title: BILLING_MESSAGES.processorUnavailableTitle,
        message: BILLING_MESSAGES.processorUnavailable,
      },
    }),
    sample('the server cannot be reached', {
      type: 'xstate.error.actor.pay',
      error: new Error('Network error'),
    }),
    sample('nothing is due now', { type: 'billing.loaded', ...NOTHING_DUE }),
    sample('more is due now', { type: 'billing.loaded', ...MORE_DUE }),
    sample('only the card is left', { type: 'billing.loaded', ...ONLY_THE_CARD }),
    sample('no account is the default', { type: 'billing.loaded', ...NO_DEFAULT }),
    sample('the bank account is replaced', { type: 'billing.loaded', ...REPLACED }),
  ],
  project,
  limit: 80000,
  // Any answer has the amount due and the tables loaded again (portal.md §7 Billing).
  expect: {
    effects: ['reload the billing data'],
    // The form starts with the amount due and the default account, nothing checked or sent.
    start: {
      to: 'editing',
      with: {
        amount: '45.10',
        account: BANK.id,
        accounts: [BANK.id, CARD.id],
        type: 'MANUAL',
        edited: false,
        key: 'none',
        outcome: null,
        checked: false,
        accountChecked: false,
        amountError: null,
        accountError: null,
        words: null,
        credit: null,
        due: 45.1,
      },
    },
    on: {
      editing: {
        'type 20.00': typed('20.00'),
        'type 12.345': typed('12.345'),
        'type $1,250.00': typed('$1,250.00'),
        'type words': typed('ten'),
        'type 0.00': typed('0.00'),
        'type 0.01': typed('0.01'),
        'type 10000.00': typed('10000.00'),
        'type 10000.01': typed('10000.01'),
        'type 45.10': typed('45.10'),
        'type 45.11': typed('45.11'),
        'leave the amount': ({ amount }) => ({
          to: 'stays',
          with: { checked: true, amountError: paymentAmountError(amount) },
        }),
        'choose the other account': ({ accounts }) =>
          accounts.includes(CARD.id) ? { to: 'stays', with: { account: CARD.id } } : 'ignored',
        'choose an account that is not theirs': 'ignored',
        // Confirm only a payment the rules accept, from one of their accounts; else both
        // problems show. More than is due is confirmed on its own, naming the credit it leaves.
        'press Pay': (before) =>
          passes(before.amount) && before.accounts.includes(before.account ?? 0)
            ? creditOf(before.amount, before.due) === null
              ? { to: 'confirming', with: { words: wordsOf(before), credit: null } }
              : {
                  to: 'confirming overpayment',
                  with: { words: wordsOf(before), credit: creditOf(before.amount, before.due) },
                }
            : {
                to: 'stays',
                with: {
                  checked: true,
                  accountChecked: true,
                  amountError: paymentAmountError(before.amount),
                  accountError: before.accounts.includes(before.account ?? 0)
                    ? null
                    : BILLING_MESSAGES.paymentAccount,
                },
              },
        'nothing is due now': loadedWhileEditing(NOTHING_DUE),
        'more is due now': loadedWhileEditing(MORE_DUE),
        'only the card is left': loadedWhileEditing(ONLY_THE_CARD),
        'no account is the default': loadedWhileEditing(NO_DEFAULT),
        'the bank account is replaced': loadedWhileEditing(REPLACED),
      },
      confirming: {
        'press Back': { to: 'editing', with: { words: null, credit: null } },
        // One key per payment the person means to make.
        'press Confirm': ({ words }) => ({
          to: 'paying',
          with: { key: 'this payment', words, credit: null },
        }),
        'nothing is due now': loadedWhileConfirming(NOTHING_DUE),
        'more is due now': loadedWhileConfirming(MORE_DUE),
        'only the card is left': loadedWhileConfirming(ONLY_THE_CARD),
        'no account is the default': loadedWhileConfirming(NO_DEFAULT),
        'the bank account is replaced': loadedWhileConfirming(REPLACED),
      },
      // Nothing is sent before Confirm; Confirm sends the payment as it was confirmed.
      'confirming overpayment': {
        'press Back': { to: 'editing', with: { words: null, credit: null } },
        'press Confirm': ({ words, credit }) => ({
          to: 'paying',
          with: { key: 'this payment', words, credit },
        }),
        'nothing is due now': loadedWhileConfirming(NOTHING_DUE),
        'more is due now': loadedWhileConfirming(MORE_DUE),
        'only the card is left': loadedWhileConfirming(ONLY_THE_CARD),
        'no account is the default': loadedWhileConfirming(NO_DEFAULT),
        'the bank account is replaced': loadedWhileConfirming(REPLACED),
      },
      paying: {
        'nothing is due now': loadedWhilePaying(NOTHING_DUE),
        'more is due now': loadedWhilePaying(MORE_DUE),
        'only the card is left': loadedWhilePaying(ONLY_THE_CARD),
        'no account is the default': loadedWhilePaying(NO_DEFAULT),
        'the bank account is replaced': loadedWhilePaying(REPLACED),
        // After a success the amount follows the new amount due.
        'the card payment is received': succeeded(BILLING_MESSAGES.paymentReceived),
        'the bank payment is submitted': succeeded(BILLING_MESSAGES.paymentPending),
        'the card is declined': failed(
          `${BILLING_MESSAGES.declinedTitle} | ${BILLING_MESSAGES.declined('card_declined')}`,
        ),
        'the payment is not confirmed': failed(
          `${BILLING_MESSAGES.processorUnavailableTitle} | ${BILLING_MESSAGES.processorUnavailable}`,
        ),
        // Without the server's title the error's own words show.
        'the server cannot be reached': failed(' | Network error'),
      },
    },
    // Confirm sends the amount on the form, as a number, from the account chosen, with the key
    // of this payment (portal.md §7 Billing).
    running: { paying: ['pay'] },
    inputs: {
      pay: (after) => ({
        key: /^[0-9a-f]{32}$/,
        amount: amountValue(after.amount),
        payment_account_id: after.account,
      }),
    },
    boundaries: [
      sample('type 0.00', { type: 'amount.changed', value: '0.00' }),
      sample('type 0.01', { type: 'amount.changed', value: '0.01' }),
      sample('type 10000.00', { type: 'amount.changed', value: '10000.00' }),
      sample('type 10000.01', { type: 'amount.changed', value: '10000.01' }),
      // The amount due itself, and a cent more: only the cent more is an overpayment.
      sample('type 45.10', { type: 'amount.changed', value: '45.10' }),
      sample('type 45.11', { type: 'amount.changed', value: '45.11' }),
    ],
  },
  states: {
    editing: (snapshot) => {
      expectThat(selectEditing(snapshot), 'the form can be edited');
      expectThat(!selectPaymentProcessing(snapshot), 'no payment is being processed');
      expectThat(selectConfirmation(snapshot) === null, 'nothing waits for a confirmation');
      expectThat(selectAmount(snapshot) !== '', 'an amount shows');
    },
    confirming: (snapshot) => {
      const confirmation = selectConfirmation(snapshot);
      expectThat(
        confirmation !== null && confirmation.amount.startsWith('$') && confirmation.account !== '',
        'the amount and the account show in words',
      );
      expectThat(confirmation?.credit === null, 'no credit is named: it pays no more than is due');
      expectThat(!selectConfirmingOverpayment(snapshot), 'no overpayment is confirmed');
      expectThat(!selectPaymentProcessing(snapshot), 'the payment is not sent yet');
      expectThat(selectOutcome(snapshot) === null, 'no earlier answer shows');
    },
    'confirming overpayment': (snapshot) => {
      const confirmation = selectConfirmation(snapshot);
      expectThat(
        confirmation !== null && confirmation.amount.startsWith('$') && confirmation.account !== '',
        'the amount and the account show in words',
      );
      expectThat(
        confirmation?.credit !== null && confirmation?.credit?.startsWith('$') === true,
        'the credit the payment leaves is named',
      );
      expectThat(selectConfirmingOverpayment(snapshot), 'the overpayment is confirmed');
      expectThat(!selectPaymentProcessing(snapshot), 'the payment is not sent yet');
      expectThat(selectOutcome(snapshot) === null, 'no earlier answer shows');
    },
    paying: (snapshot) => {
      expectThat(selectPaymentProcessing(snapshot), 'the payment-processing flag is on');
      expectThat(selectConfirmation(snapshot) !== null, 'the payment stays in words');
    },
  },
});
