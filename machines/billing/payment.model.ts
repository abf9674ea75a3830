/** The payment machine's registration: the make-a-payment form of the /billing/ page. */
import * as v from 'valibot';
import { PaymentAmountSchema } from '#shared/billing';
import { BILLING_MESSAGES } from '#shared/messages/portal';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { paymentMachine, type BillingData, type PaymentContext } from './payment.machine.ts';
import {
  selectAccountId,
  selectAmount,
  selectConfirmation,
  selectEditing,
  selectOutcome,
  selectPaymentProcessing,
  selectPaymentType,
} from './payment.selectors.ts';

/** The amount due, the accounts and the tables loaded again. */
const RELOAD = { 'reload the billing data': true } as const;
const BANK = { id: 1, label: 'Bank account ending in 6789' };
const CARD = { id: 2, label: 'Visa ending in 4242' };

/** A customer with a bank account (the default) and a card, $45.10 due. */
const DATA: BillingData = {
  amountDue: 45.1,
  automatic: false,
  defaultAccountId: BANK.id,
  accounts: [BANK, CARD],
};

/** The amount a rule of the spec accepts (the shared rule of the server, on the typed number). */
const passes = (amount: string) =>
  amount.trim() !== '' && v.is(PaymentAmountSchema, Number(amount));

/** What the Idempotency-Key is for: none, the payment on the form, or an earlier one. */
function keyOf(context: PaymentContext): 'none' | 'this payment' | 'another payment' {
  if (context.key === null) return 'none';
  const value = Number(context.amount);
  const current = `${Number.isFinite(value) ? Math.round(value * 100) : context.amount}:${context.accountId}`;
  return context.keyFor === current ? 'this payment' : 'another payment';
}

export const billingPaymentModel = defineMachine({
  name: 'billing-payment',
  title: 'Make a payment',
  description:
    'The Make a payment form of the Billing page. The amount starts at the amount due and the ' +
    'payment account at the default one (or the only one); both can be changed. The amount must ' +
    'be above $0.00 with at most two decimals and at most $10,000.00. Pay shows the payment in ' +
    'words to confirm; Confirm sends it, and the page shows the answer (received, submitted, ' +
    'declined or not confirmed) and loads the amount due and the tables again. A payment sent ' +
    'again after a failure keeps its key, so it is never charged twice.',
  machine: paymentMachine,
  input: DATA,
  events: [
    sample('type 20.00', { type: 'amount.changed', value: '20.00' }),
    sample('type 12.345', { type: 'amount.changed', value: '12.345' }),
    sample('leave the amount', { type: 'amount.left' }),
    sample('choose the other account', { type: 'account.chosen', id: CARD.id }),
    sample('press Pay', { type: 'payment.requested' }),
    sample('press Confirm', { type: 'payment.confirmed' }),
    sample('press Back', { type: 'payment.cancelled' }),
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
    sample('nothing is due now', { type: 'billing.loaded', ...DATA, amountDue: 0 }),
  ],
  project: ({ context }: { context: PaymentContext }) => ({
    amount: context.amount,
    account: context.accountId,
    edited: context.amountEdited,
    key: keyOf(context),
    outcome: context.outcome?.kind ?? null,
    /** The answer shown, in the server's words (a title with it for a failure). */
    message: context.outcome ? [context.outcome.title, context.outcome.message].join(' | ') : null,
  }),
  limit: 3000,
  // Any answer has the amount due and the tables loaded again (portal.md §7 Billing).
  expect: {
    effects: ['reload the billing data'],
    on: {
      editing: {
        'type 20.00': { to: 'stays', with: { amount: '20.00', edited: true } },
        'type 12.345': { to: 'stays', with: { amount: '12.345', edited: true } },
        'type 10000.00': { to: 'stays', with: { amount: '10000.00' } },
        'type 10000.01': { to: 'stays', with: { amount: '10000.01' } },
        'leave the amount': 'stays',
        'choose the other account': { to: 'stays', with: { account: CARD.id } },
        // Confirm only a payment the rules accept, from one of their accounts.
        'press Pay': ({ amount, account }) =>
          passes(amount) && account !== null ? 'confirming' : 'stays',
        // An amount typed in stays; an untouched one follows the amount due.
        'nothing is due now': ({ amount, edited }) => ({
          to: 'stays',
          with: { amount: edited ? amount : '0.00' },
        }),
      },
      confirming: {
        'press Back': 'editing',
        // One key per payment the person means to make.
        'press Confirm': { to: 'paying', with: { key: 'this payment' } },
        'nothing is due now': ({ amount }) => ({ to: 'stays', with: { amount } }),
      },
      paying: {
        'nothing is due now': ({ amount }) => ({ to: 'stays', with: { amount } }),
        // After a success the next payment is another one, for the new amount due.
        'the bank payment is submitted': {
          to: 'editing',
          runs: RELOAD,
          with: {
            outcome: 'success',
            message: ` | ${BILLING_MESSAGES.paymentPending}`,
            key: 'none',
            edited: false,
          },
        },
        // The payment stays on the form as it was sent, and sent again keeps its key.
        'the card is declined': {
          to: 'editing',
          runs: RELOAD,
          with: {
            outcome: 'failure',
            message: `${BILLING_MESSAGES.declinedTitle} | ${BILLING_MESSAGES.declined('card_declined')}`,
            key: 'this payment',
            edited: true,
          },
        },
        'the payment is not confirmed': {
          to: 'editing',
          runs: RELOAD,
          with: {
            outcome: 'failure',
            message: `${BILLING_MESSAGES.processorUnavailableTitle} | ${BILLING_MESSAGES.processorUnavailable}`,
            key: 'this payment',
            edited: true,
          },
        },
      },
    },
    // Confirm sends the amount on the form from the account chosen (portal.md §7 Billing).
    running: { paying: ['pay'] },
    inputs: {
      pay: (after) => ({
        amount: Number(after.amount),
        payment_account_id: after.account,
      }),
    },
    boundaries: [
      sample('type 10000.00', { type: 'amount.changed', value: '10000.00' }),
      sample('type 10000.01', { type: 'amount.changed', value: '10000.01' }),
    ],
  },
  states: {
    editing: (snapshot) => {
      expectThat(selectEditing(snapshot), 'the form can be edited');
      expectThat(!selectPaymentProcessing(snapshot), 'no payment is being processed');
      expectThat(selectConfirmation(snapshot) === null, 'nothing waits for a confirmation');
      expectThat(selectAmount(snapshot) !== '', 'an amount shows');
      expectThat(selectAccountId(snapshot) !== null, 'an account is chosen');
      expectThat(selectPaymentType(snapshot) === 'MANUAL', 'the payment type is MANUAL');
    },
    confirming: (snapshot) => {
      const confirmation = selectConfirmation(snapshot);
      expectThat(
        confirmation !== null && confirmation.amount.startsWith('$') && confirmation.account !== '',
        'the amount and the account show in words',
      );
      expectThat(!selectPaymentProcessing(snapshot), 'the payment is not sent yet');
      expectThat(selectOutcome(snapshot) === null, 'no earlier answer shows');
    },
    paying: (snapshot) => {
      expectThat(selectPaymentProcessing(snapshot), 'the payment-processing flag is on');
      expectThat(selectConfirmation(snapshot) !== null, 'the payment stays in words');
    },
  },
});
