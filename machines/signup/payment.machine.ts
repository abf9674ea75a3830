/**
 * Payment (signup.md §2 item 9, §3 "Payment", §4 "Payment", §5 "Bank form", "Billing name"):
 *
 * - Card or bank account (ACH). Card opens the payment-card modal (the card form machine,
 *   machines/billing/card-form.machine.ts, shared with the payment methods page), which ends
 *   with the card the provider's form posted or none. Once a card is added: "Card ending in" its
 *   last four, with a Change button that opens the modal again. Choosing ACH closes the modal and
 *   shows the bank form.
 * - Automatic monthly billing or manual payment.
 * - The billing address appears once the payment account (card or bank, and the billing choice
 *   above) is complete: the visitor must choose the service address or a new one.
 *
 * | id               | machine                       | what                   |
 * | ---------------- | ----------------------------- | ---------------------- |
 * | `cardForm`       | billing/card-form.machine.ts | the payment-card modal |
 * | `bank`           | forms/form.machine.ts         | the bank form          |
 * | `billingAddress` | forms/form.machine.ts         | a new billing address  |
 */
import { assertEvent, assign, setup, type ActorRefFrom } from 'xstate';
import type { BillingAddressChoice } from '#shared/schemas/payment';
import type { PaymentAccountType } from '#shared/signup/order';
import { formMachine, type FormInput } from '../forms/form.machine.ts';
import {
  cardFormMachine,
  type CardFormInput,
  type CardFormOutput,
} from '../billing/card-form.machine.ts';
import { selectFormValid, type FormSnapshot } from '../forms/form.selectors.ts';
import {
  BANK_FIELDS,
  BILLING_ADDRESS_FIELDS,
  billingAddressChecks,
  billingAddressOf,
} from './payment-fields.ts';
import { paymentAccountComplete, type PaymentContext } from './payment.summary.ts';

export type { PaymentContext };

export interface PaymentInput {
  /** The account holder's name: it prefills the name on the card. */
  accountName: string;
}

export type PaymentEvent =
  | { type: 'payment.method.chosen'; method: PaymentAccountType }
  | { type: 'card.add.pressed' }
  | { type: 'card.change.pressed' }
  | { type: 'payment.autopay.chosen'; automatic: boolean }
  | { type: 'billing.chosen'; choice: BillingAddressChoice }
  /** The bank account and billing address forms report their values. */
  | { type: 'xstate.snapshot.bank'; snapshot: FormSnapshot }
  | { type: 'xstate.snapshot.billingAddress'; snapshot: FormSnapshot }
  /** The payment-card modal closed: with the card its form posted, or none. */
  | { type: 'xstate.done.actor.cardForm'; output: CardFormOutput };

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    /** The payment-card modal (the app provides its card form's address). */
    cardForm: cardFormMachine,
    bankForm: formMachine,
    billingAddressForm: formMachine,
  },
  actions: {
    'remember the method': assign({
      method: ({ event }) => {
        assertEvent(event, 'payment.method.chosen');
        return event.method;
      },
    }),
    'remember the card': assign({
      card: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.cardForm');
        return event.output?.card ?? context.card;
      },
    }),
    'remember how bills are paid': assign({
      autoPay: ({ event }) => {
        assertEvent(event, 'payment.autopay.chosen');
        return event.automatic;
      },
    }),
    'remember the billing address choice': assign({
      billingChoice: ({ event }) => {
        assertEvent(event, 'billing.chosen');
        return event.choice;
      },
    }),
    'remember the bank account': assign({
      bank: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.bank');
        const { snapshot } = event;
        return { valid: selectFormValid(snapshot), values: snapshot.context.values };
      },
    }),
    'remember the billing address': assign({
      billing: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.billingAddress');
        const { snapshot } = event;
        return {
          valid: selectFormValid(snapshot),
          address: billingAddressOf(snapshot.context.values),
        };
      },
    }),
  },
  guards: {
    'card is chosen': ({ event }) =>
      event.type === 'payment.method.chosen' && event.method === 'CC',
    'bank account is chosen': ({ event }) =>
      event.type === 'payment.method.chosen' && event.method === 'ACH',
    'a card was added': ({ context }) => context.card !== null,
    'the modal brought a card': ({ event }) =>
      event.type === 'xstate.done.actor.cardForm' && event.output?.card != null,
    'automatic billing is chosen': ({ event }) =>
      event.type === 'payment.autopay.chosen' && event.automatic,
    'the service address is chosen': ({ event }) =>
      event.type === 'billing.chosen' && event.choice === 'service',
    'a new address is chosen': ({ event }) =>
      event.type === 'billing.chosen' && event.choice === 'new',
    'the payment account is complete': ({ context }) => paymentAccountComplete(context),
  },
}).createMachine({
  id: 'signupPayment',
  description:
    'How the visitor pays: a card through the card provider’s form, or a bank account; automatic or manual billing; and the billing address.',
  context: ({ input }) => ({
    accountName: input.accountName,
    method: null,
    card: null,
    autoPay: null,
    bank: { valid: false, values: {} },
    billingChoice: null,
    billing: { valid: false, address: billingAddressOf({}) },
  }),
  invoke: [
    {
      id: 'bank',
      src: 'bankForm',
      input: (): FormInput => ({ fields: BANK_FIELDS }),
      onSnapshot: { actions: 'remember the bank account' },
    },
    {
      id: 'billingAddress',
      src: 'billingAddressForm',
      input: (): FormInput => ({ fields: BILLING_ADDRESS_FIELDS, checks: billingAddressChecks }),
      onSnapshot: { actions: 'remember the billing address' },
    },
  ],
  type: 'parallel',
  states: {
    method: {
      description: 'Card or bank account.',
      initial: 'not chosen',
      on: {
        'payment.method.chosen': [
          { guard: 'card is chosen', target: '.card', actions: 'remember the method' },
          {
            guard: 'bank account is chosen',
            target: '.bank account',
            actions: 'remember the method',
          },
        ],
      },
      states: {
        'not chosen': {
          description: 'No payment method chosen yet.',
        },
        card: {
          description: 'Paying by card: through the card provider’s form in a modal.',
          initial: 'looking for a card',
          states: {
            'looking for a card': {
              description: 'Was a card added already?',
              always: [
                { guard: 'a card was added', target: 'card added' },
                { target: 'adding a card' },
              ],
            },
            'adding a card': {
              description:
                'The payment-card modal is open with the provider’s form; it closes with a card or none.',
              invoke: {
                id: 'cardForm',
                src: 'cardForm',
                input: ({ context }): CardFormInput => ({ accountName: context.accountName }),
                onDone: [
                  {
                    guard: 'the modal brought a card',
                    target: 'card added',
                    actions: 'remember the card',
                  },
                  { target: 'modal closed' },
                ],
              },
            },
            'modal closed': {
              description: 'The modal was closed: with a card added before, that card stays.',
              always: [{ guard: 'a card was added', target: 'card added' }, { target: 'no card' }],
            },
            'no card': {
              description: 'Card chosen but none added: an Add card button reopens the modal.',
              on: { 'card.add.pressed': 'adding a card' },
            },
            'card added': {
              description: '"Card ending in" the last four, with a Change button.',
              on: { 'card.change.pressed': 'adding a card' },
            },
          },
        },
        'bank account': {
          description: 'Paying from a bank account (ACH): the bank form shows; no card modal.',
        },
      },
    },
    'auto pay': {
      description: 'Automatic monthly billing or manual payment.',
      initial: 'not chosen',
      on: {
        'payment.autopay.chosen': [
          {
            guard: 'automatic billing is chosen',
            target: '.automatic',
            actions: 'remember how bills are paid',
          },
          { target: '.manual', actions: 'remember how bills are paid' },
        ],
      },
      states: {
        'not chosen': { description: 'Neither chosen yet.' },
        automatic: { description: 'The bill is paid automatically every month.' },
        manual: { description: 'The customer pays each bill.' },
      },
    },
    'billing address': {
      description: 'Where the bills go.',
      initial: 'waiting for the payment account',
      states: {
        'waiting for the payment account': {
          description: 'Hidden until the payment account is complete.',
          always: { guard: 'the payment account is complete', target: 'shown' },
        },
        shown: {
          description: 'The choice shows (and stays shown): the service address or a new one.',
          initial: 'not chosen',
          on: {
            'billing.chosen': [
              {
                guard: 'the service address is chosen',
                target: '.service address',
                actions: 'remember the billing address choice',
              },
              {
                guard: 'a new address is chosen',
                target: '.new address',
                actions: 'remember the billing address choice',
              },
            ],
          },
          states: {
            'not chosen': { description: 'The choice is mandatory: nothing chosen yet.' },
            'service address': { description: 'Bills go to the service address.' },
            'new address': { description: 'The billing address form shows.' },
          },
        },
      },
    },
  },
});

export type PaymentActor = ActorRefFrom<typeof paymentMachine>;
