/**
 * The automatic payment switch (portal.md §3 "Billing" `automatic`; docs/api.md
 * `PUT /billing/payment_accounts/{id}` with `automatic`): autopay charges the default payment
 * account, so the switch turns it on or off on that account. Without a default account the switch
 * is disabled, with the reason. Turning it off asks first (the question names the payment method
 * it stops charging): nothing is sent before the customer confirms. While the change is sent the switch shows it pending; a refusal
 * shows the server's message and leaves the switch as it was. After an answer the app loads the
 * billing data again (`reload the billing data`), and the payment accounts it loads tell the
 * machine where things stand (`accounts.loaded`).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { failureMessage } from '#shared/api-error';
import type { PaymentAccountsResponse } from '#shared/billing/schemas';
import { followsNothing } from '../follow.ts';

export interface AutopayInput {
  automatic: boolean;
  defaultAccountId: number | null;
}

export interface AutopayContext extends AutopayInput {
  /** Why the last change was refused. */
  error: string | null;
}

/**
 * What the `save` actor answers: the payment accounts as they are now (the answer of
 * GET /billing/payment_accounts); the switch reads `automatic` and the default from it, and a page
 * that lists the accounts takes the whole answer.
 */
export type AutopayAnswer = PaymentAccountsResponse;

export type AutopayEvent =
  /** The page loaded (or loaded again) the payment accounts. */
  | ({ type: 'accounts.loaded' } & AutopayInput)
  | { type: 'autopay.switched'; on: boolean }
  /** The question of turning it off: confirmed, or declined (Cancel, Escape, the close button). */
  | { type: 'autopay.off.confirmed' }
  | { type: 'autopay.off.cancelled' }
  | { type: 'xstate.done.actor.save'; output: AutopayAnswer }
  | { type: 'xstate.error.actor.save'; error: unknown };

function messageOf(error: unknown): string {
  return failureMessage(error) ?? String(error);
}

export const autopayMachine = setup({
  types: {
    context: {} as AutopayContext,
    events: {} as AutopayEvent,
    input: {} as AutopayInput,
  },
  actors: {
    /** PUT /billing/payment_accounts/{accountId} with `automatic`; provided by the app. */
    save: fromPromise<AutopayAnswer, { accountId: number; automatic: boolean }>(async () => {
      throw new Error('save is provided by the app');
    }),
    /** Sends `accounts.loaded` each time the page loads the accounts again; provided by the app. */
    follow: followsNothing,
  },
  actions: {
    'store the accounts': assign(({ event }) => {
      assertEvent(event, 'accounts.loaded');
      return { automatic: event.automatic, defaultAccountId: event.defaultAccountId };
    }),
    'forget the error': assign({ error: null }),
    'store the answer': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.save');
      return {
        automatic: event.output.automatic,
        defaultAccountId: event.output.default_payment_account_id,
        error: null,
      };
    }),
    'store the refusal': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.save');
      return { error: messageOf(event.error) };
    }),
    /** The app loads the amount due, the accounts and the tables again. */
    'reload the billing data': () => {},
  },
  guards: {
    'automatic payment is on': ({ context }) => context.automatic,
    'there is a default account': ({ context }) => context.defaultAccountId !== null,
    'switched on': ({ event }) => event.type === 'autopay.switched' && event.on,
    'switched off': ({ event }) => event.type === 'autopay.switched' && !event.on,
    'loaded still on': ({ event }) =>
      event.type === 'accounts.loaded' && event.automatic && event.defaultAccountId !== null,
  },
}).createMachine({
  id: 'billingAutopay',
  description:
    'Automatic payment on or off, on the default payment account; disabled without a default account.',
  context: ({ input }) => ({ ...input, error: null }),
  invoke: { id: 'follow', src: 'follow' },
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Where things stand: on, off, or not possible without a default account.',
      always: [
        { guard: 'automatic payment is on', target: 'on' },
        { guard: 'there is a default account', target: 'off' },
        { target: 'unavailable' },
      ],
    },
    on: {
      description: 'Automatic payment is on: bills are charged to the default account when due.',
      on: {
        'autopay.switched': {
          guard: 'switched off',
          target: 'asking to turn off',
          actions: 'forget the error',
        },
        'accounts.loaded': { target: 'deciding', actions: 'store the accounts' },
      },
    },
    'asking to turn off': {
      description:
        'The switch was turned off: a question names the payment method automatic payment stops charging; nothing is sent before it is confirmed.',
      on: {
        'autopay.off.confirmed': { target: 'turning off' },
        'autopay.off.cancelled': { target: 'on' },
        // The page's data loaded again meanwhile: the question stays while it is still on.
        'accounts.loaded': [
          { guard: 'loaded still on', actions: 'store the accounts' },
          { target: 'deciding', actions: 'store the accounts' },
        ],
      },
    },
    off: {
      description: 'Automatic payment is off: the switch can turn it on.',
      on: {
        'autopay.switched': {
          guard: 'switched on',
          target: 'turning on',
          actions: 'forget the error',
        },
        'accounts.loaded': { target: 'deciding', actions: 'store the accounts' },
      },
    },
    unavailable: {
      description:
        'No default payment account: the switch is disabled and says a default account is needed.',
      on: { 'accounts.loaded': { target: 'deciding', actions: 'store the accounts' } },
    },
    'turning on': {
      description: 'Turning automatic payment on: the switch shows it pending.',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ accountId: context.defaultAccountId ?? 0, automatic: true }),
        onDone: { target: 'deciding', actions: ['store the answer', 'reload the billing data'] },
        onError: { target: 'deciding', actions: ['store the refusal', 'reload the billing data'] },
      },
    },
    'turning off': {
      description: 'Turning automatic payment off: the switch shows it pending.',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ accountId: context.defaultAccountId ?? 0, automatic: false }),
        onDone: { target: 'deciding', actions: ['store the answer', 'reload the billing data'] },
        onError: { target: 'deciding', actions: ['store the refusal', 'reload the billing data'] },
      },
    },
  },
});

export type AutopayActor = ActorRefFrom<typeof autopayMachine>;
