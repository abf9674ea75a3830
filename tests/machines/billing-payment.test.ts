import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../../src/shared/billing/messages.ts';
import { BILLING_PAGE_TEXT } from '../../src/shared/billing/messages.ts';
import { paymentAmountError } from '../../src/shared/billing/schemas.ts';
import {
  paymentMachine,
  type BillingData,
  type PaymentRequestInput,
} from '../../machines/billing/payment.machine.ts';
import {
  selectAccountError,
  selectAccountId,
  selectAmount,
  selectAmountError,
  selectConfirmation,
  selectOutcome,
  selectPaymentType,
} from '../../machines/billing/payment.selectors.ts';

const BANK = { id: 7, label: 'Bank account ending in 6789' };
const CARD = { id: 9, label: 'Visa ending in 4242' };
const DATA: BillingData = {
  amountDue: 45.1,
  automatic: false,
  defaultAccountId: BANK.id,
  accounts: [BANK, CARD],
};
const NOT_CONFIRMED = {
  status: 502,
  title: BILLING_MESSAGES.processorUnavailableTitle,
  message: BILLING_MESSAGES.processorUnavailable,
};

/** A payment machine whose server answers in turn with the given answers, recording requests. */
function start(answers: ('ok' | typeof NOT_CONFIRMED)[], data: BillingData = DATA) {
  const sent: PaymentRequestInput[] = [];
  let reloads = 0;
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        pay: fromPromise<unknown, PaymentRequestInput>(async ({ input }) => {
          sent.push(input);
          const answer = answers.shift();
          if (answer === 'ok') return { msg: BILLING_MESSAGES.paymentPending };
          throw answer;
        }),
      },
      actions: { 'reload the billing data': () => (reloads += 1) },
    }),
    { input: data },
  ).start();
  const pay = async () => {
    actor.send({ type: 'payment.requested' });
    actor.send({ type: 'payment.confirmed' });
    await waitFor(actor, (s) => s.matches('editing'));
  };
  return { actor, sent, pay, reloads: () => reloads };
}

describe('make a payment (portal.md §4 "Payment")', () => {
  it('starts at the amount due and the default account, or the only account', () => {
    const { actor } = start([]);
    expect(selectAmount(actor.getSnapshot())).toBe('45.10');
    expect(selectAccountId(actor.getSnapshot())).toBe(BANK.id);
    const only = start([], { ...DATA, defaultAccountId: null, accounts: [CARD] });
    expect(selectAccountId(only.actor.getSnapshot())).toBe(CARD.id);
    const none = start([], { ...DATA, defaultAccountId: null });
    expect(selectAccountId(none.actor.getSnapshot())).toBeNull();
    none.actor.send({ type: 'payment.requested' });
    expect(none.actor.getSnapshot().value).toBe('editing');
    expect(selectAccountError(none.actor.getSnapshot())).toBe(BILLING_MESSAGES.paymentAccount);
  });

  it('the payment type is AUTOMATIC when automatic payment is on, else MANUAL', () => {
    expect(selectPaymentType(start([]).actor.getSnapshot())).toBe('MANUAL');
    expect(selectPaymentType(start([], { ...DATA, automatic: true }).actor.getSnapshot())).toBe(
      'AUTOMATIC',
    );
  });

  it('checks the amount with the shared rule and the server’s messages', () => {
    expect(paymentAmountError('20')).toBeNull();
    expect(paymentAmountError('$1,250.50')).toBeNull();
    expect(paymentAmountError('10000.00')).toBeNull();
    expect(paymentAmountError('0')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('12.345')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('ten')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('-5')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('10000.01')).toBe(BILLING_MESSAGES.amountTooLarge);
    const { actor } = start([]);
    actor.send({ type: 'amount.changed', value: '12.345' });
    expect(selectAmountError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'amount.left' });
    expect(selectAmountError(actor.getSnapshot())).toBe(BILLING_MESSAGES.amount);
  });

  it('sends a payment not confirmed again with the same key, and another payment with a new one', async () => {
    const { actor, sent, pay, reloads } = start([NOT_CONFIRMED, NOT_CONFIRMED, 'ok', 'ok']);
    actor.send({ type: 'amount.changed', value: '20.00' });
    await pay();
    expect(selectOutcome(actor.getSnapshot())).toEqual({
      kind: 'failure',
      title: BILLING_MESSAGES.processorUnavailableTitle,
      message: BILLING_MESSAGES.processorUnavailable,
    });
    // The amount due loaded again does not change the payment that was sent.
    actor.send({ type: 'billing.loaded', ...DATA, amountDue: 25.1 });
    expect(selectAmount(actor.getSnapshot())).toBe('20.00');
    await pay();
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toMatchObject({ amount: 20, payment_account_id: BANK.id });
    expect(sent[0].key).toMatch(/^[0-9a-f]{32}$/);
    // Another account is another payment.
    actor.send({ type: 'account.chosen', id: CARD.id });
    await pay();
    expect(sent[2].key).not.toBe(sent[1].key);
    expect(selectOutcome(actor.getSnapshot())?.message).toBe(BILLING_MESSAGES.paymentPending);
    // After a success the next payment is a new one, for the new amount due.
    actor.send({ type: 'billing.loaded', ...DATA, amountDue: 5 });
    expect(selectAmount(actor.getSnapshot())).toBe('5.00');
    actor.send({ type: 'account.chosen', id: CARD.id });
    await pay();
    expect(sent[3]).toMatchObject({ amount: 5, payment_account_id: CARD.id });
    expect(sent[3].key).not.toBe(sent[2].key);
    expect(reloads()).toBe(4);
  });

  it('paying more than is due names the credit it leaves, and sends nothing before Confirm', async () => {
    const { actor, sent } = start(['ok']);
    actor.send({ type: 'amount.changed', value: '50.00' });
    actor.send({ type: 'payment.requested' });
    expect(actor.getSnapshot().matches('confirming overpayment')).toBe(true);
    expect(selectConfirmation(actor.getSnapshot())).toEqual({
      amount: '$50.00',
      account: BANK.label,
      credit: '$4.90',
    });
    expect(BILLING_PAGE_TEXT.overpayment('$4.90')).toBe(
      'You are paying $4.90 more than is due: it stays as a credit of $4.90 on your account.',
    );
    expect(sent).toEqual([]);
    // Back: nothing sent; the amount due itself is confirmed without a credit.
    actor.send({ type: 'payment.cancelled' });
    expect(sent).toEqual([]);
    actor.send({ type: 'amount.changed', value: '45.10' });
    actor.send({ type: 'payment.requested' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(selectConfirmation(actor.getSnapshot())?.credit).toBeNull();
    actor.send({ type: 'payment.cancelled' });
    actor.send({ type: 'amount.changed', value: '45.11' });
    actor.send({ type: 'payment.requested' });
    expect(selectConfirmation(actor.getSnapshot())?.credit).toBe('$0.01');
    expect(sent).toEqual([]);
    actor.send({ type: 'payment.confirmed' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(sent).toMatchObject([{ amount: 45.11, payment_account_id: BANK.id }]);
  });
});
