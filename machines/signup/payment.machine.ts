/**
 * Payment (signup.md §2 item 9, §3 "Payment", §4 "Payment", §5 "Bank form", "Billing name"):
 *
 * - Card or bank account (ACH). Card opens the payment-card modal with the card provider's form
 *   (its address from GET /billing/payment_account_url); the card arrives as a message from that
 *   form, which the page accepts only from the provider's own frame and origin
 *   (`readCardTokenMessage`) before it sends `card.received`. Once a card is added: "Card ending
 *   in" its last four, with a Change button that opens the form again. Choosing ACH closes the
 *   modal and shows the bank form.
 * - Automatic monthly billing or manual payment.
 * - The billing address appears once the payment account (card or bank, and the billing choice
 *   above) is complete: the visitor must choose the service address or a new one.
 *
 * | id               | machine               | what                    |
 * | ---------------- | --------------------- | ----------------------- |
 * | `bank`           | forms/form.machine.ts | the bank form           |
 * | `billingAddress` | forms/form.machine.ts | a new billing address   |
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { CardDetails } from '#shared/schemas/card-token';
import type { BillingAddressChoice, BillingAddressInput } from '#shared/schemas/payment';
import type { PaymentAccountType } from '#shared/signup/order';
import { formMachine, type FormInput, type FormValues } from '../forms/form.machine.ts';
import { selectFormValid, type FormSnapshot } from '../forms/form.selectors.ts';
import {
  BANK_FIELDS,
  BILLING_ADDRESS_FIELDS,
  billingAddressChecks,
  billingAddressOf,
} from './payment-fields.ts';
import { paymentAccountComplete } from './payment.summary.ts';

export interface PaymentInput {
  /** The account holder's name: it prefills the name on the card. */
  accountName: string;
}

export interface PaymentContext {
  accountName: string;
  method: PaymentAccountType | null;
  /** The card the provider's form sent (kept when the visitor switches to ACH and back). */
  card: CardDetails | null;
  /** The card form's address (an iframe on the provider's origin). */
  formUrl: string | null;
  /** Why the card form could not be opened. */
  formError: string | null;
  autoPay: boolean | null;
  bank: { valid: boolean; values: FormValues };
  billingChoice: BillingAddressChoice | null;
  billing: { valid: boolean; address: BillingAddressInput };
}

export type PaymentEvent =
  | { type: 'payment.method.chosen'; method: PaymentAccountType }
  | { type: 'card.received'; card: CardDetails }
  | { type: 'card.modal.closed' }
  | { type: 'card.add' }
  | { type: 'card.change' }
  | { type: 'card.retry' }
  | { type: 'payment.autopay.chosen'; automatic: boolean }
  | { type: 'billing.chosen'; choice: BillingAddressChoice }
  /** The bank account and billing address forms report their values. */
  | { type: 'xstate.snapshot.bank'; snapshot: FormSnapshot }
  | { type: 'xstate.snapshot.billingAddress'; snapshot: FormSnapshot }
  /** The card form's address, or why there is none. */
  | { type: 'xstate.done.actor.cardFormUrl'; output: { url?: string } }
  | { type: 'xstate.error.actor.cardFormUrl'; error: unknown };

function messageOf(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    /** GET /billing/payment_account_url?account_name=: the card form's address. */
    getCardFormUrl: fromPromise<{ url: string }, { accountName: string }>(async () => {
      throw new Error('getCardFormUrl is provided by the app');
    }),
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
    'remember the form address': assign({
      formUrl: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.cardFormUrl');
        return event.output?.url ?? null;
      },
      formError: null,
    }),
    'remember why the form is unavailable': assign({
      formUrl: null,
      formError: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.cardFormUrl');
        return messageOf(event.error);
      },
    }),
    'forget the form': assign({ formUrl: null, formError: null }),
    'remember the card': assign({
      card: ({ event }) => {
        assertEvent(event, 'card.received');
        return event.card;
      },
      formUrl: null,
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
    formUrl: null,
    formError: null,
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
            actions: ['remember the method', 'forget the form'],
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
                { target: 'opening the form' },
              ],
            },
            'opening the form': {
              description: 'The modal is open; the card form’s address is being fetched.',
              invoke: {
                id: 'cardFormUrl',
                src: 'getCardFormUrl',
                input: ({ context }) => ({ accountName: context.accountName }),
                onDone: { target: 'form open', actions: 'remember the form address' },
                onError: {
                  target: 'form unavailable',
                  actions: 'remember why the form is unavailable',
                },
              },
              on: { 'card.modal.closed': 'modal closed' },
            },
            'form open': {
              description:
                'The modal shows the provider’s form in a frame; only its own message adds the card.',
              on: {
                'card.received': { target: 'card added', actions: 'remember the card' },
                'card.modal.closed': 'modal closed',
              },
            },
            'form unavailable': {
              description: 'The card form could not be opened: the reason and Try again show.',
              on: {
                'card.retry': 'opening the form',
                'card.modal.closed': 'modal closed',
              },
            },
            'modal closed': {
              description: 'The modal was closed: with a card added before, that card stays.',
              entry: 'forget the form',
              always: [{ guard: 'a card was added', target: 'card added' }, { target: 'no card' }],
            },
            'no card': {
              description: 'Card chosen but none added: an Add card button reopens the modal.',
              on: { 'card.add': 'opening the form' },
            },
            'card added': {
              description: '"Card ending in" the last four, with a Change button.',
              on: { 'card.change': 'opening the form' },
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
