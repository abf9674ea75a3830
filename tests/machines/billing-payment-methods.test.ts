/**
 * The payment methods page's machine (portal.md §2, §5 "Bank form"; docs/api.md "Billing"):
 * one behaviour per test, with the app's calls faked.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { PaymentAccountsResponse } from '../../src/shared/billing/schemas.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { BILLING_MESSAGES, PAYMENT_METHODS_MESSAGES } from '../../src/shared/billing/messages.ts';
import { formMachine } from '../../machines/forms/form.machine.ts';
import { selectFieldError } from '../../machines/forms/form.selectors.ts';
import {
  paymentMethodsMachine,
  switchWithSave,
  type MethodsAnswer,
} from '../../machines/billing/payment-methods.machine.ts';
import { selectAutopayChecked } from '../../machines/billing/autopay.selectors.ts';
import {
  selectAutopaySwitch,
  selectBankForm,
  selectCardForm,
  selectPaymentMethodsView,
} from '../../machines/billing/payment-methods.selectors.ts';
import { cardFormMachine } from '../../machines/billing/card-form.machine.ts';
import { SAMPLE_CARD } from '../../machines/signup/order-samples.ts';

const EMPTY: PaymentAccountsResponse = {
  payment_accounts: [],
  default_payment_account_id: null,
  automatic: false,
};
const BANK = {
  payment_account_id: 7,
  method: 'ACH' as const,
  account_name: 'Dana Demo',
  last_four: '6789',
  label: 'Bank account ending in 6789',
  is_default: true,
  bank_account: { bank_name: 'Demo Bank', account_type: 'CHECKING', routing_number: '021000021' },
  credit_card: null,
};
const LISTED: PaymentAccountsResponse = {
  payment_accounts: [BANK],
  default_payment_account_id: 7,
  automatic: true,
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  actors: Partial<Parameters<typeof paymentMethodsMachine.provide>[0]['actors']> = {},
  loaded: PaymentAccountsResponse = LISTED,
) {
  const machine = paymentMethodsMachine.provide({
    actors: {
      load: fromPromise(async () => loaded),
      cardForm: cardFormMachine.provide({
        actors: { getCardFormUrl: fromPromise(async () => ({ url: 'http://cards.test/form' })) },
      }),
      ...actors,
    },
  });
  const actor = createActor(machine, { input: { accountName: 'Dana Demo' } }).start();
  return { actor, view: () => selectPaymentMethodsView(actor.getSnapshot()) };
}

describe('payment methods', () => {
  it('saves the card the modal brings with the "Make it the default" box, and says so', async () => {
    const sent: unknown[] = [];
    const { actor, view } = start(
      {
        saveCard: fromPromise<MethodsAnswer, { token: string; makeDefault: boolean }>(
          async ({ input }) => {
            sent.push(input);
            return { list: LISTED, label: 'Visa ending in 4242' };
          },
        ),
      },
      EMPTY,
    );
    await tick();
    expect(view()).toMatchObject({ status: 'ready', empty: true });
    actor.send({ type: 'card.add.pressed' });
    actor.send({ type: 'default.box.toggled', makeDefault: true });
    await tick();
    selectCardForm(actor.getSnapshot())!.send({ type: 'card.received', card: SAMPLE_CARD });
    expect(view().savingCard).toBe(true);
    await tick();
    expect(sent).toEqual([{ token: SAMPLE_CARD.token, makeDefault: true }]);
    expect(view()).toMatchObject({
      canChange: true,
      notice: PAYMENT_METHODS_MESSAGES.added('Visa ending in 4242'),
    });
  });

  it('shows the server’s 422 field errors on the bank form and keeps it open', async () => {
    const { actor, view } = start({
      bankForm: formMachine.provide({
        actors: {
          submit: fromPromise<unknown, { values: Record<string, unknown> }>(async () => {
            throw {
              message: 'Check the highlighted fields',
              fieldErrors: { account: FIELD_MESSAGES.accountNumber },
            };
          }),
        },
      }),
    });
    await tick();
    actor.send({ type: 'bank.add.pressed' });
    const bank = selectBankForm(actor.getSnapshot())!;
    bank.send({
      type: 'form.filled',
      values: {
        name: 'Dana Demo',
        routing: '021000021',
        account: '12345678',
        account_type: 'CHECKING',
      },
    });
    bank.send({ type: 'submit.pressed' });
    await tick();
    expect(selectFieldError(bank.getSnapshot(), 'account')).toBe(FIELD_MESSAGES.accountNumber);
    expect(view().bankModalOpen).toBe(true);
  });

  it('asks before removing, and shows the server’s refusal while automatic payment is on', async () => {
    const { actor, view } = start({
      remove: fromPromise<MethodsAnswer, { id: number; label: string }>(async () => {
        throw new Error(BILLING_MESSAGES.defaultWhileAutopay);
      }),
    });
    await tick();
    actor.send({ type: 'removal.pressed', id: 7 });
    expect(view().confirm).toEqual({ id: 7, label: BANK.label, removing: false });
    actor.send({ type: 'removal.confirmed' });
    expect(view().confirm?.removing).toBe(true);
    await tick();
    expect(view()).toMatchObject({
      confirm: null,
      error: BILLING_MESSAGES.defaultWhileAutopay,
      methods: [{ id: 7, isDefault: true }],
    });
  });

  it('owns the automatic payment switch: the person’s use of it goes to the server for the default account, and its answer and every changed list reach both', async () => {
    const saved: [number, boolean][] = [];
    type Account = PaymentAccountsResponse['payment_accounts'][number];
    const card = {
      ...BANK,
      payment_account_id: 9,
      method: 'CARD',
      label: 'Visa ending in 4242',
      is_default: false,
    } as unknown as Account;
    const listed: PaymentAccountsResponse = {
      ...LISTED,
      payment_accounts: [BANK as Account, card],
      automatic: false,
    };
    const { actor, view } = start(
      {
        autopay: switchWithSave(async (accountId, automatic) => {
          saved.push([accountId, automatic]);
          return { ...listed, automatic };
        }),
        makeDefault: fromPromise<MethodsAnswer, { id: number }>(async () => ({
          list: {
            payment_accounts: [
              { ...(BANK as Account), is_default: false },
              { ...card, is_default: true },
            ],
            default_payment_account_id: 9,
            automatic: false,
          },
          label: card.label,
        })),
      },
      listed,
    );
    await tick();
    const toggle = () => selectAutopaySwitch(actor.getSnapshot());
    expect(toggle() && selectAutopayChecked(toggle()!.getSnapshot())).toBe(false);
    actor.send({ type: 'autopay.switched', on: true });
    await tick();
    expect(saved).toEqual([[BANK.payment_account_id, true]]);
    expect(actor.getSnapshot().context.automatic).toBe(true);
    expect(selectAutopayChecked(toggle()!.getSnapshot())).toBe(true);
    // Another default (with automatic payment off, as the server answered): the switch charges it.
    actor.send({ type: 'default.pressed', id: 9 });
    await tick();
    expect(view().notice).toBe(PAYMENT_METHODS_MESSAGES.madeDefault(card.label));
    expect(selectAutopayChecked(toggle()!.getSnapshot())).toBe(false);
    expect(toggle()!.getSnapshot().context.defaultAccountId).toBe(9);
  });
});
