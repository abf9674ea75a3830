/**
 * The payment methods page (portal.md §2 /payment-methods/, §3 "Payment account", §5 "Bank form";
 * docs/api.md "Billing"): the customer's cards and bank accounts, from GET
 * /billing/payment_accounts, and every change to them, one at a time, each with its pending state
 * and its error:
 *
 * - Add a card: the payment-card modal (the card form machine, shared with the signup) with a
 *   "Make it the default" box; the card the provider's form posts is saved with
 *   POST /billing/payment_accounts/card `{ token, make_default }`.
 * - Add a bank account: the bank form (the shared form machine with `BankDetailsSchema`'s rules
 *   and messages) in a modal; its submit is POST /billing/payment_accounts/ach, whose 422 field
 *   errors show on the fields.
 * - Make default: PUT /billing/payment_accounts/{id} `{ make_default: true }`.
 * - Remove: a confirmation first, then DELETE /billing/payment_accounts/{id}; a refusal (409 while
 *   automatic payment is on) shows the server's message.
 *
 * Every change answers the whole list again, which replaces the one shown. A password prompt for a
 * fresh token is the app's (the token coordinator retries the request): this machine sees only the
 * final answer.
 *
 * | id         | machine                       | what                   |
 * | ---------- | ----------------------------- | ---------------------- |
 * | `cardForm` | card-form.machine.ts | the payment-card modal |
 * | `bank`     | forms/form.machine.ts         | the bank form          |
 * | `autopay`  | billing/autopay.machine.ts    | the automatic payment switch, while the list shows |
 *
 * The switch starts with the list loaded; each list a change answers goes on to it
 * (`accounts.loaded`), the person's use of it is passed on, and its answer (the accounts as they
 * are now) comes back as `autopay.changed`.
 */
import {
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  type ActorRefFrom,
} from 'xstate';
import * as v from 'valibot';
import type { PaymentAccountRecord, PaymentAccountsResponse } from '#shared/billing/schemas';
import { PAYMENT_METHODS_MESSAGES } from '#shared/billing/messages';
import { BankDetailsSchema } from '#shared/schemas/payment';
import { formMachine, type FormInput } from '../forms/form.machine.ts';
import type { FormSnapshot } from '../forms/form.selectors.ts';
import type { FieldSchemas } from '../forms/validation.ts';
import { cardFormMachine, type CardFormInput, type CardFormOutput } from './card-form.machine.ts';
import { failureMessage } from '#shared/api-error';
import {
  autopayMachine,
  type AutopayAnswer,
  type AutopayEvent,
  type AutopayInput,
} from './autopay.machine.ts';

export interface PaymentMethodsInput {
  /** The customer's name: it prefills the name on a new card. */
  accountName: string;
}

/** What a change answers: the list afterwards, and the account it was about. */
export interface MethodsAnswer {
  list: PaymentAccountsResponse;
  /** The account added, made the default or removed (its label names it in the notice). */
  label: string;
}

export interface PaymentMethodsContext {
  accountName: string;
  accounts: PaymentAccountRecord[];
  automatic: boolean;
  /** Why the list could not be loaded. */
  loadError: string | null;
  /** The "Make it the default" box of the card modal. */
  makeDefault: boolean;
  /** The card the provider's form posted, while it is being saved. */
  cardToken: string | null;
  /** The account a removal is being confirmed for, or a change is running for. */
  selected: number | null;
  /** What the last change did (a notice), or why it failed (an alert). */
  notice: string | null;
  error: string | null;
}

export type PaymentMethodsEvent =
  | { type: 'methods.reload.pressed' }
  | { type: 'card.add.pressed' }
  | { type: 'bank.add.pressed' }
  | { type: 'bank.form.closed' }
  | { type: 'default.box.toggled'; makeDefault: boolean }
  | { type: 'default.pressed'; id: number }
  | { type: 'removal.pressed'; id: number }
  | { type: 'removal.confirmed' }
  | { type: 'removal.cancelled' }
  /** The automatic payment switch beside the list was answered: the accounts as they are now. */
  | { type: 'autopay.changed'; list: PaymentAccountsResponse }
  /** What the person does with the switch: passed on to it. */
  | Extract<
      AutopayEvent,
      { type: 'autopay.switched' | 'autopay.off.confirmed' | 'autopay.off.cancelled' }
    >
  | { type: 'xstate.done.actor.load'; output: PaymentAccountsResponse }
  | { type: 'xstate.error.actor.load'; error: unknown }
  /** The payment-card modal closed: with the card its form posted, or none. */
  | { type: 'xstate.done.actor.cardForm'; output: CardFormOutput }
  | { type: 'xstate.done.actor.saveCard'; output: MethodsAnswer }
  | { type: 'xstate.error.actor.saveCard'; error: unknown }
  /** The bank form reports itself; once its submit was answered, the account is saved. */
  | { type: 'xstate.snapshot.bank'; snapshot: FormSnapshot }
  | { type: 'xstate.done.actor.makeDefault'; output: MethodsAnswer }
  | { type: 'xstate.error.actor.makeDefault'; error: unknown }
  | { type: 'xstate.done.actor.remove'; output: MethodsAnswer }
  | { type: 'xstate.error.actor.remove'; error: unknown };

/** The bank form's fields: the shared bank rules, and the "Make it the default" box. */
export const BANK_ACCOUNT_FIELDS: FieldSchemas = {
  ...BankDetailsSchema.entries,
  make_default: v.boolean(),
};

function messageOf(error: unknown): string {
  return failureMessage(error) ?? 'The change could not be made.';
}

/** The bank form's submit was answered: the list and label it answered, else null. */
function savedBankAccount(snapshot: FormSnapshot): MethodsAnswer | null {
  if (!snapshot.matches('submitted')) return null;
  const answer = snapshot.context.response as MethodsAnswer | null;
  return answer?.list ? answer : null;
}

/** What the switch works with: automatic payment, and the default account it charges. */
export function autopayInputOf(
  context: Pick<PaymentMethodsContext, 'accounts' | 'automatic'>,
): AutopayInput {
  return {
    automatic: context.automatic,
    defaultAccountId:
      context.accounts.find((account) => account.is_default)?.payment_account_id ?? null,
  };
}

const SWITCH_EVENTS = [
  'autopay.switched',
  'autopay.off.confirmed',
  'autopay.off.cancelled',
] as const;

/**
 * The switch, whose `reload the billing data` here tells the page its answer (the accounts as
 * they are now); a refusal changed nothing.
 */
const switchTellingThePage = autopayMachine.provide({
  actions: {
    'reload the billing data': enqueueActions(({ event, enqueue }) => {
      if (event.type === 'xstate.done.actor.save')
        enqueue.sendParent({ type: 'autopay.changed', list: event.output });
    }),
  },
});

/** The page's switch with the app's call (PUT /billing/payment_accounts/{id} `{ automatic }`). */
export function switchWithSave(
  save: (accountId: number, automatic: boolean) => Promise<AutopayAnswer>,
) {
  return switchTellingThePage.provide({
    actors: {
      save: fromPromise(({ input }: { input: { accountId: number; automatic: boolean } }) =>
        save(input.accountId, input.automatic),
      ),
    },
  });
}

export const paymentMethodsMachine = setup({
  types: {
    context: {} as PaymentMethodsContext,
    events: {} as PaymentMethodsEvent,
    input: {} as PaymentMethodsInput,
  },
  actors: {
    /** GET /billing/payment_accounts. */
    load: fromPromise<PaymentAccountsResponse>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** POST /billing/payment_accounts/card, then the list. */
    saveCard: fromPromise<MethodsAnswer, { token: string; makeDefault: boolean }>(async () => {
      throw new Error('saveCard is provided by the app');
    }),
    /** PUT /billing/payment_accounts/{id} `{ make_default: true }` (answers the list). */
    makeDefault: fromPromise<MethodsAnswer, { id: number }>(async () => {
      throw new Error('makeDefault is provided by the app');
    }),
    /** DELETE /billing/payment_accounts/{id} (answers the list). */
    remove: fromPromise<MethodsAnswer, { id: number; label: string }>(async () => {
      throw new Error('remove is provided by the app');
    }),
    /** The payment-card modal (the app provides its card form's address). */
    cardForm: cardFormMachine,
    /** The bank form; the app provides its submit (POST /billing/payment_accounts/ach). */
    bankForm: formMachine,
    /** The automatic payment switch; the app provides its save. */
    autopay: switchTellingThePage,
  },
  actions: {
    'tell the switch': sendTo('autopay', ({ context }) => ({
      type: 'accounts.loaded' as const,
      ...autopayInputOf(context),
    })),
    'pass on to the switch': sendTo('autopay', ({ event }) => {
      assertEvent(event, SWITCH_EVENTS);
      return event;
    }),
    'take the list': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      return {
        accounts: event.output.payment_accounts,
        automatic: event.output.automatic,
        loadError: null,
      };
    }),
    'take the list the switch answered': assign(({ event }) => {
      assertEvent(event, 'autopay.changed');
      return { accounts: event.list.payment_accounts, automatic: event.list.automatic };
    }),
    'remember why the list failed': assign({
      loadError: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.load');
        return messageOf(event.error);
      },
    }),
    'start a change': assign({ notice: null, error: null }),
    'start a new card': assign({ notice: null, error: null, makeDefault: false }),
    'remember the default box': assign({
      makeDefault: ({ event }) => {
        assertEvent(event, 'default.box.toggled');
        return event.makeDefault;
      },
    }),
    'remember the card': assign({
      cardToken: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.cardForm');
        return event.output.card?.token ?? null;
      },
    }),
    'select the account': assign({
      selected: ({ event }) => {
        assertEvent(event, ['default.pressed', 'removal.pressed']);
        return event.id;
      },
      notice: null,
      error: null,
    }),
    'forget the account': assign({ selected: null }),
    'take the changed list': assign(({ event }) => {
      assertEvent(event, [
        'xstate.done.actor.saveCard',
        'xstate.done.actor.makeDefault',
        'xstate.done.actor.remove',
      ]);
      const { list, label } = event.output;
      const notice =
        event.type === 'xstate.done.actor.saveCard'
          ? PAYMENT_METHODS_MESSAGES.added(label)
          : event.type === 'xstate.done.actor.makeDefault'
            ? PAYMENT_METHODS_MESSAGES.madeDefault(label)
            : PAYMENT_METHODS_MESSAGES.removed(label);
      return {
        accounts: list.payment_accounts,
        automatic: list.automatic,
        notice,
        error: null,
        selected: null,
        cardToken: null,
      };
    }),
    'take the saved bank account': assign(({ event }) => {
      assertEvent(event, 'xstate.snapshot.bank');
      const answer = savedBankAccount(event.snapshot);
      if (!answer) return {};
      return {
        accounts: answer.list.payment_accounts,
        automatic: answer.list.automatic,
        notice: PAYMENT_METHODS_MESSAGES.added(answer.label),
        error: null,
      };
    }),
    'say why the change failed': assign({
      error: ({ event }) => {
        assertEvent(event, [
          'xstate.error.actor.saveCard',
          'xstate.error.actor.makeDefault',
          'xstate.error.actor.remove',
        ]);
        return messageOf(event.error);
      },
      selected: null,
      cardToken: null,
    }),
  },
  guards: {
    'the account is listed': ({ context, event }) =>
      (event.type === 'default.pressed' || event.type === 'removal.pressed') &&
      context.accounts.some((account) => account.payment_account_id === event.id),
    'the account is listed and not the default': ({ context, event }) =>
      event.type === 'default.pressed' &&
      context.accounts.some(
        (account) => account.payment_account_id === event.id && !account.is_default,
      ),
    'the modal brought a card': ({ event }) =>
      event.type === 'xstate.done.actor.cardForm' && event.output?.card != null,
    'the bank account was saved': ({ event }) =>
      event.type === 'xstate.snapshot.bank' && savedBankAccount(event.snapshot) !== null,
  },
}).createMachine({
  id: 'paymentMethods',
  description:
    'The payment methods page: the customer’s cards and bank accounts, adding a card or a bank account, making one the default, and removing one after a confirmation.',
  context: ({ input }) => ({
    accountName: input.accountName,
    accounts: [],
    automatic: false,
    loadError: null,
    makeDefault: false,
    cardToken: null,
    selected: null,
    notice: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The payment methods are on their way: a loading indicator shows.',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: 'take the list' },
        onError: { target: 'load failed', actions: 'remember why the list failed' },
      },
    },
    'load failed': {
      description: 'The list could not be loaded: the reason and Try again show.',
      on: { 'methods.reload.pressed': 'loading' },
    },
    ready: {
      description:
        'The methods show as cards (or "No payment methods yet"), with Add a card and Add a bank account, and the automatic payment switch.',
      invoke: {
        id: 'autopay',
        src: 'autopay',
        input: ({ context }) => autopayInputOf(context),
      },
      on: {
        'autopay.switched': { actions: 'pass on to the switch' },
        'autopay.off.confirmed': { actions: 'pass on to the switch' },
        'autopay.off.cancelled': { actions: 'pass on to the switch' },
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is changing: every action is offered.',
          on: {
            'card.add.pressed': { target: 'adding a card', actions: 'start a new card' },
            'bank.add.pressed': { target: 'adding a bank account', actions: 'start a change' },
            'default.pressed': {
              guard: 'the account is listed and not the default',
              target: 'making default',
              actions: 'select the account',
            },
            'removal.pressed': {
              guard: 'the account is listed',
              target: 'confirming removal',
              actions: 'select the account',
            },
            'autopay.changed': {
              actions: ['take the list the switch answered', 'tell the switch'],
            },
          },
        },
        'adding a card': {
          description:
            'The payment-card modal is open with "Make it the default"; it closes with a card or none.',
          invoke: {
            id: 'cardForm',
            src: 'cardForm',
            input: ({ context }): CardFormInput => ({ accountName: context.accountName }),
            onDone: [
              {
                guard: 'the modal brought a card',
                target: 'saving the card',
                actions: 'remember the card',
              },
              { target: 'idle' },
            ],
          },
          on: { 'default.box.toggled': { actions: 'remember the default box' } },
        },
        'saving the card': {
          description: 'The card is being saved: the page says so and offers no other change.',
          invoke: {
            id: 'saveCard',
            src: 'saveCard',
            input: ({ context }) => ({
              token: context.cardToken ?? '',
              makeDefault: context.makeDefault,
            }),
            onDone: { target: 'idle', actions: ['take the changed list', 'tell the switch'] },
            onError: { target: 'idle', actions: 'say why the change failed' },
          },
        },
        'adding a bank account': {
          description:
            'The bank form shows in a modal; once the server accepts it the modal closes. Its refusals show on the fields.',
          invoke: {
            id: 'bank',
            src: 'bankForm',
            input: (): FormInput => ({
              fields: BANK_ACCOUNT_FIELDS,
              initialValues: { make_default: false },
            }),
            onSnapshot: {
              guard: 'the bank account was saved',
              target: 'idle',
              actions: ['take the saved bank account', 'tell the switch'],
            },
          },
          on: { 'bank.form.closed': 'idle' },
        },
        'making default': {
          description: 'The account is being made the default: its button shows it is busy.',
          invoke: {
            id: 'makeDefault',
            src: 'makeDefault',
            input: ({ context }) => ({ id: context.selected ?? 0 }),
            onDone: { target: 'idle', actions: ['take the changed list', 'tell the switch'] },
            onError: { target: 'idle', actions: 'say why the change failed' },
          },
        },
        'confirming removal': {
          description: 'Remove this method? The person confirms or cancels.',
          on: {
            'removal.confirmed': 'removing',
            'removal.cancelled': { target: 'idle', actions: 'forget the account' },
          },
        },
        removing: {
          description: 'The account is being removed: the confirmation shows it is busy.',
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({
              id: context.selected ?? 0,
              label:
                context.accounts.find((account) => account.payment_account_id === context.selected)
                  ?.label ?? '',
            }),
            onDone: { target: 'idle', actions: ['take the changed list', 'tell the switch'] },
            onError: { target: 'idle', actions: 'say why the change failed' },
          },
        },
      },
    },
  },
});

export type PaymentMethodsActor = ActorRefFrom<typeof paymentMethodsMachine>;
