/**
 * The payment-card modal (signup.md §2 "Other shared pieces", portal.md §2 payment methods): the
 * card provider's own form in a frame from the provider's origin, its address from
 * GET /billing/payment_account_url. The card arrives as a message from that frame, which the page
 * accepts only from the provider's own frame and origin (`readCardTokenMessage`) before it sends
 * `card.received`. The signup's payment and the payment methods page both invoke it while their
 * modal is open; it ends with the card, or with none when the modal was closed.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { CardDetails } from '#shared/schemas/card-token';
import { failureMessage } from '#shared/api-error';

export interface CardFormInput {
  /** The account holder's name: it prefills the name on the card. */
  accountName: string;
}

export interface CardFormContext {
  accountName: string;
  /** The card form's address (an iframe on the provider's origin). */
  url: string | null;
  /** Why the card form could not be opened. */
  error: string | null;
  /** The card the provider's form sent. */
  card: CardDetails | null;
}

/** What the modal ends with: the card, or none when it was closed first. */
export interface CardFormOutput {
  card: CardDetails | null;
}

export type CardFormEvent =
  | { type: 'card.received'; card: CardDetails }
  | { type: 'card.modal.closed' }
  | { type: 'card.retry.pressed' }
  /** The card form's address, or why there is none. */
  | { type: 'xstate.done.actor.cardFormUrl'; output: { url?: string } }
  | { type: 'xstate.error.actor.cardFormUrl'; error: unknown };

function messageOf(error: unknown): string | null {
  return failureMessage(error);
}

export const cardFormMachine = setup({
  types: {
    context: {} as CardFormContext,
    events: {} as CardFormEvent,
    input: {} as CardFormInput,
    output: {} as CardFormOutput,
  },
  actors: {
    /** GET /billing/payment_account_url?account_name=: the card form's address. */
    getCardFormUrl: fromPromise<{ url: string }, { accountName: string }>(async () => {
      throw new Error('getCardFormUrl is provided by the app');
    }),
  },
  actions: {
    'remember the form address': assign({
      url: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.cardFormUrl');
        return event.output?.url ?? null;
      },
      error: null,
    }),
    'remember why the form is unavailable': assign({
      url: null,
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.cardFormUrl');
        return messageOf(event.error);
      },
    }),
    'remember the card': assign({
      card: ({ event }) => {
        assertEvent(event, 'card.received');
        return event.card;
      },
    }),
  },
}).createMachine({
  id: 'cardForm',
  description:
    'The payment-card modal: the card provider’s form in a frame from the provider’s site, and the card it posts.',
  context: ({ input }) => ({ accountName: input.accountName, url: null, error: null, card: null }),
  initial: 'opening the form',
  states: {
    'opening the form': {
      description: 'The modal is open; the card form’s address is being fetched.',
      invoke: {
        id: 'cardFormUrl',
        src: 'getCardFormUrl',
        input: ({ context }) => ({ accountName: context.accountName }),
        onDone: { target: 'form open', actions: 'remember the form address' },
        onError: { target: 'form unavailable', actions: 'remember why the form is unavailable' },
      },
      on: { 'card.modal.closed': 'closed' },
    },
    'form open': {
      description:
        'The modal shows the provider’s form in a frame; only its own message adds the card.',
      on: {
        'card.received': { target: 'card added', actions: 'remember the card' },
        'card.modal.closed': 'closed',
      },
    },
    'form unavailable': {
      description: 'The card form could not be opened: the reason and Try again show.',
      on: {
        'card.retry.pressed': 'opening the form',
        'card.modal.closed': 'closed',
      },
    },
    'card added': {
      type: 'final',
      description: 'The provider’s form posted a card: the modal closes with it.',
    },
    closed: {
      type: 'final',
      description: 'The modal was closed without a card.',
    },
  },
  output: ({ context }) => ({ card: context.card }),
});

export type CardFormActor = ActorRefFrom<typeof cardFormMachine>;
