/**
 * Make a payment (portal.md §4 "Payment", §5 "A payment amount is sent as a decimal number";
 * docs/api.md `POST /billing/payments`):
 *
 * - The amount starts at the amount due and can be edited; it follows the shared amount rule
 *   (`PaymentAmountSchema`: above $0.00, at most two decimals, at most $10,000.00, with the
 *   server's messages). A problem shows once the amount was left or Pay was pressed.
 * - The payment account starts at the default account, or at the only one when exactly one
 *   exists; the person may choose another of their accounts.
 * - Pay asks to confirm (the amount and the account in words); Confirm sends it, Back returns to
 *   the form. The payment-processing flag is on while the payment is requested.
 * - Paying more than the amount due asks for a confirmation of its own, which names the credit the
 *   payment leaves ("You are paying $X.XX more than is due: it stays as a credit of $X.XX on your
 *   account."); nothing is sent before Confirm. Data loaded again meanwhile moves the form between
 *   the two confirmations, so that the credit named is the one the payment leaves.
 * - One Idempotency-Key per payment the person means to make: a payment sent again with the same
 *   amount and account after a failure (a 502 "Payment not confirmed" above all) keeps its key, so
 *   the server answers the first charge instead of making another; another amount or account, or
 *   a payment after a success, gets a new key.
 * - Any answer shows the server's message (success, a 402 decline, a 502) and has the app load
 *   the amount due and the tables again (`reload the billing data`). After a failure the form
 *   keeps the payment as it was sent (it no longer follows the amount due), so Pay and Confirm
 *   send the same payment with the same key.
 * - The payment type is AUTOMATIC when automatic payment is on, else MANUAL.
 */
import {
  and,
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  setup,
  stateIn,
  type ActorRefFrom,
} from 'xstate';
import { amountValue, paymentAmountError } from '#shared/billing/schemas';
import { toCents } from '#shared/cart/money';
import { BILLING_MESSAGES } from '#shared/billing/messages';
import { failureMessage } from '#shared/api-error';
import { followsNothing } from '../follow.ts';

/** A payment account as the form lists it. */
export interface PaymentAccountChoice {
  id: number;
  /** "Visa ending in 4242", "Bank account ending in 6789". */
  label: string;
}

/** What the page loaded: GET /user/info's billing and GET /billing/payment_accounts. */
export interface BillingData {
  /** Dollars. */
  amountDue: number;
  automatic: boolean;
  defaultAccountId: number | null;
  accounts: readonly PaymentAccountChoice[];
}

/** The body of POST /billing/payments and its Idempotency-Key. */
export interface PaymentRequestInput {
  key: string;
  amount: number;
  payment_account_id: number;
}

/** What the `pay` actor throws: the server's answer (the app's error carries its status too). */
export interface PaymentFailure {
  title?: string;
  message: string;
}

export interface PaymentOutcome {
  kind: 'success' | 'failure';
  /** The server's title of a refusal ("Payment declined", "Payment not confirmed"). */
  title: string | null;
  message: string;
}

export interface PaymentContext extends BillingData {
  /** The amount as typed. */
  amount: string;
  /** The amount was typed in (it no longer follows the amount due). */
  amountEdited: boolean;
  /** The amount's problem is shown (it was left, or Pay was pressed). */
  amountShown: boolean;
  /** Pay was pressed: a missing account is said. */
  accountShown: boolean;
  accountId: number | null;
  /** The Idempotency-Key of the payment the person means to make, and what it was made for. */
  key: string | null;
  keyFor: string | null;
  outcome: PaymentOutcome | null;
}

export type PaymentEvent =
  /** The page loaded (or loaded again) the amount due and the payment accounts. */
  | ({ type: 'billing.loaded' } & BillingData)
  | { type: 'amount.changed'; value: string }
  | { type: 'amount.left' }
  | { type: 'account.chosen'; id: number }
  /** Pay was pressed: the payment is to be confirmed. */
  | { type: 'payment.requested' }
  | { type: 'payment.confirmed' }
  | { type: 'payment.cancelled' }
  | { type: 'xstate.done.actor.pay'; output: unknown }
  | { type: 'xstate.error.actor.pay'; error: unknown };

/** An amount in dollars as the box shows it: "45.10". */
export function amountText(dollars: number): string {
  return (toCents(dollars) / 100).toFixed(2);
}

/** What a key is made for: the amount in cents and the account. */
function paymentOf(context: Pick<PaymentContext, 'amount' | 'accountId'>): string {
  const value = amountValue(context.amount);
  return `${value === null ? context.amount : toCents(value)}:${context.accountId}`;
}

/** The account the form starts with: the default, else the only one. */
export function startingAccount(data: BillingData): number | null {
  if (
    data.defaultAccountId !== null &&
    data.accounts.some((account) => account.id === data.defaultAccountId)
  )
    return data.defaultAccountId;
  return data.accounts.length === 1 ? data.accounts[0].id : null;
}

/** 32 hex digits from the platform's random source. */
export function newPaymentKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What a payment of the typed amount leaves above the amount due, in cents: 0 when it pays no more
 * than is due (or the amount is not one).
 */
export function overpaymentCents(amount: string, amountDue: number): number {
  const value = amountValue(amount);
  if (value === null) return 0;
  return Math.max(0, toCents(value) - toCents(amountDue));
}

/** A refusal as the form shows it: the server's title and words. */
function failureOf(error: unknown): PaymentOutcome {
  const title = (error as Partial<PaymentFailure> | null)?.title;
  return {
    kind: 'failure',
    title: typeof title === 'string' ? title : null,
    message: failureMessage(error) ?? String(error),
  };
}

function dataOf(event: BillingData): BillingData {
  return {
    amountDue: event.amountDue,
    automatic: event.automatic,
    defaultAccountId: event.defaultAccountId,
    accounts: event.accounts,
  };
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as BillingData,
  },
  actors: {
    /** POST /billing/payments with the Idempotency-Key header; throws a {@link PaymentFailure}. */
    pay: fromPromise<unknown, PaymentRequestInput>(async () => {
      throw new Error('pay is provided by the app');
    }),
    /** Sends `billing.loaded` each time the page loads its data again; provided by the app. */
    follow: followsNothing,
  },
  actions: {
    'store the billing data': assign(({ event }) => {
      assertEvent(event, 'billing.loaded');
      return dataOf(event);
    }),
    /** Untouched choices follow the data: the amount due, the default account. */
    'apply the defaults': assign(({ context }) => ({
      amount: context.amountEdited ? context.amount : amountText(context.amountDue),
      accountId: context.accounts.some((account) => account.id === context.accountId)
        ? context.accountId
        : startingAccount(context),
    })),
    'store the amount': assign(({ event }) => {
      assertEvent(event, 'amount.changed');
      return { amount: event.value, amountEdited: true };
    }),
    'show the amount problem': assign({ amountShown: true }),
    'store the account': assign(({ event }) => {
      assertEvent(event, 'account.chosen');
      return { accountId: event.id };
    }),
    'show the problems': assign({ amountShown: true, accountShown: true }),
    /** The same payment keeps its key; another one gets a new key. */
    'key the payment': assign(({ context }) => {
      const payment = paymentOf(context);
      if (context.key !== null && context.keyFor === payment) return { outcome: null };
      return { key: newPaymentKey(), keyFor: payment, outcome: null };
    }),
    'show the success': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.pay');
      const msg = (event.output as { msg?: unknown } | null)?.msg;
      return {
        outcome: {
          kind: 'success' as const,
          title: null,
          message: typeof msg === 'string' ? msg : BILLING_MESSAGES.paymentReceived,
        },
        // The next payment is another one: a new key, and the amount follows the new amount due.
        key: null,
        keyFor: null,
        amountEdited: false,
        amountShown: false,
        accountShown: false,
      };
    }),
    'show the failure': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.pay');
      return {
        outcome: failureOf(event.error),
        // The payment stays as it was sent (the amount no longer follows the amount due), so
        // that sending it again uses the same key.
        amountEdited: true,
      };
    }),
    /** The app loads the amount due, the accounts and the bills and payments tables again. */
    'reload the billing data': () => {},
  },
  guards: {
    'the payment can be made': ({ context }) =>
      paymentAmountError(context.amount) === null &&
      context.accounts.some((account) => account.id === context.accountId),
    'the chosen account is gone': ({ context, event }) =>
      event.type === 'billing.loaded' &&
      !event.accounts.some((account) => account.id === context.accountId),
    'the account is one of theirs': ({ context, event }) =>
      event.type === 'account.chosen' && context.accounts.some((a) => a.id === event.id),
    'it pays more than is due': ({ context }) =>
      overpaymentCents(context.amount, context.amountDue) > 0,
    'it would pay more than the new amount due': ({ context, event }) =>
      event.type === 'billing.loaded' && overpaymentCents(context.amount, event.amountDue) > 0,
    'it would pay no more than the new amount due': ({ context, event }) =>
      event.type === 'billing.loaded' && overpaymentCents(context.amount, event.amountDue) === 0,
  },
}).createMachine({
  id: 'billingPayment',
  description:
    'Make a payment: the amount (the amount due unless edited) and the payment account, Pay, Confirm, then the server’s answer.',
  context: ({ input }) => ({
    ...dataOf(input),
    amount: amountText(input.amountDue),
    amountEdited: false,
    amountShown: false,
    accountShown: false,
    accountId: startingAccount(input),
    key: null,
    keyFor: null,
    outcome: null,
  }),
  invoke: { id: 'follow', src: 'follow' },
  initial: 'editing',
  on: {
    // The data is kept wherever the form is; untouched choices follow it only while editing (a
    // payment being confirmed or sent stays as it is).
    'billing.loaded': {
      actions: enqueueActions(({ enqueue, check }) => {
        enqueue('store the billing data');
        if (check(stateIn('#billingPayment.editing'))) enqueue('apply the defaults');
      }),
    },
  },
  states: {
    editing: {
      description:
        'The form: the amount and the payment account. Untouched, they follow the amount due and the default account.',
      entry: 'apply the defaults',
      on: {
        'amount.changed': { actions: 'store the amount' },
        'amount.left': { actions: 'show the amount problem' },
        'account.chosen': { guard: 'the account is one of theirs', actions: 'store the account' },
        'payment.requested': [
          {
            guard: and(['the payment can be made', 'it pays more than is due']),
            target: 'confirming overpayment',
          },
          { guard: 'the payment can be made', target: 'confirming' },
          { actions: 'show the problems' },
        ],
      },
    },
    confirming: {
      description:
        'The amount and the account are shown in words, with Confirm and Back. An account removed meanwhile (on another page) sends the form back.',
      on: {
        'payment.confirmed': { target: 'paying', actions: 'key the payment' },
        'payment.cancelled': 'editing',
        'billing.loaded': [
          {
            guard: 'the chosen account is gone',
            target: 'editing',
            actions: 'store the billing data',
          },
          {
            guard: 'it would pay more than the new amount due',
            target: 'confirming overpayment',
            actions: 'store the billing data',
          },
        ],
      },
    },
    'confirming overpayment': {
      description:
        'The amount is more than is due: the confirmation names the credit it leaves on the account, with Confirm and Back. Nothing is sent before Confirm.',
      on: {
        'payment.confirmed': { target: 'paying', actions: 'key the payment' },
        'payment.cancelled': 'editing',
        'billing.loaded': [
          {
            guard: 'the chosen account is gone',
            target: 'editing',
            actions: 'store the billing data',
          },
          {
            guard: 'it would pay no more than the new amount due',
            target: 'confirming',
            actions: 'store the billing data',
          },
        ],
      },
    },
    paying: {
      description:
        'The payment is requested (the payment-processing flag is on); the form is locked.',
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({
          key: context.key ?? '',
          amount: amountValue(context.amount) ?? 0,
          payment_account_id: context.accountId ?? 0,
        }),
        onDone: { target: 'editing', actions: ['show the success', 'reload the billing data'] },
        onError: { target: 'editing', actions: ['show the failure', 'reload the billing data'] },
      },
    },
  },
});

export type PaymentActor = ActorRefFrom<typeof paymentMachine>;
