/**
 * The Billing page's page machine (portal.md "/billing"; docs/billing.md "Pages"): it owns
 * everything the page loads and every form on it, and the view sends it everything the person
 * does.
 *
 * | id         | machine                                   | what                                  |
 * | ---------- | ----------------------------------------- | ------------------------------------- |
 * | `summary`  | session/loader.machine.ts (GET /user/info) | the amount due, due date, the address |
 * | `accounts` | session/loader.machine.ts                 | the payment accounts                  |
 * | `bills`    | records-page.machine.ts                   | a page of bills                       |
 * | `payments` | records-page.machine.ts                   | a page of payments                    |
 * | `payment`  | payment.machine.ts                        | Make a payment (payments manage)      |
 * | `autopay`  | autopay.machine.ts                        | the automatic payment switch (manage) |
 * | `address`  | forms/form.machine.ts                     | the billing address edit (manage)     |
 *
 * The form and the switch start once what they work with is shown (the amount due and the
 * payment accounts; the payment accounts), and what loads again goes on to them. After a payment,
 * an autopay change (their `reload the billing data`, a note to this machine here) or a saved
 * billing address (the address form's snapshot once it is submitted), everything shown loads
 * again, and the app says the address was saved (`say the address was saved`). A user without payments manage reads the page:
 * no form, no switch.
 */
import {
  and,
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  raise,
  sendParent,
  sendTo,
  setup,
  type ActorRefFrom,
} from 'xstate';
import {
  BillingAddressUpdateSchema,
  type BillsPage,
  type PaymentAccountsResponse,
  type PaymentsPage,
} from '#shared/billing/schemas';
import { BILLING } from '#shared/billing/constants';
import { hasPermission, type Perms } from '#shared/permissions';
import type { BillingAddress, UserInfoResponse } from '#shared/session/types';
import { formMachine, type FormValues } from '../forms/form.machine.ts';
import type { FormSnapshot } from '../forms/form.selectors.ts';
import type { FieldSchemas } from '../forms/validation.ts';
import { selectData } from '../session/loader.selectors.ts';
import { autopayMachine, type AutopayAnswer, type AutopayEvent } from './autopay.machine.ts';
import { paymentMachine, type PaymentEvent, type PaymentRequestInput } from './payment.machine.ts';
import {
  billingDataOf,
  billingSummaryLoader,
  paymentAccountsLoader,
} from './billing-summary.loader.ts';
import { billsPageMachine, paymentsPageMachine, type PageRequest } from './records-page.machine.ts';

export interface BillingPageInput {
  /** The user's permissions: paying, autopay and the address edit take payments manage. */
  perms: Perms | undefined;
}

export interface BillingPageContext {
  /** The user may pay, switch automatic payment and edit the address (payments manage). */
  manages: boolean;
  /** GET /user/info as shown (null while it is not). */
  info: UserInfoResponse | null;
  /** GET /billing/payment_accounts as shown (null while it is not). */
  accounts: PaymentAccountsResponse | null;
}

/** What the form's events are, as the view sends them to the page. */
type PaymentFormEvent = Extract<
  PaymentEvent,
  {
    type:
      | 'amount.changed'
      | 'amount.left'
      | 'account.chosen'
      | 'payment.requested'
      | 'payment.confirmed'
      | 'payment.cancelled';
  }
>;
type AutopaySwitchEvent = Extract<
  AutopayEvent,
  { type: 'autopay.switched' | 'autopay.off.confirmed' | 'autopay.off.cancelled' }
>;

export type BillingPageEvent =
  | PaymentFormEvent
  | AutopaySwitchEvent
  | { type: 'summary.retry.pressed' }
  | { type: 'accounts.retry.pressed' }
  | { type: 'bills.page.requested'; offset: number }
  | { type: 'bills.retry.pressed' }
  | { type: 'payments.page.requested'; offset: number }
  | { type: 'payments.retry.pressed' }
  /** Edit billing address, and the edit form's Cancel. */
  | { type: 'address.edit.pressed' }
  | { type: 'address.edit.closed' }
  | { type: 'xstate.snapshot.address'; snapshot: FormSnapshot }
  /** A payment or an autopay change was answered (the children's note). */
  | { type: 'billing.changed' }
  /** What the page shows changed (raised by the page itself). */
  | { type: 'summary.shown' }
  | { type: 'accounts.shown' }
  | { type: 'xstate.snapshot.summary'; snapshot: LoaderSnapshotOf<UserInfoResponse> }
  | { type: 'xstate.snapshot.accounts'; snapshot: LoaderSnapshotOf<PaymentAccountsResponse> };

type LoaderSnapshotOf<T> = Parameters<typeof selectData<T>>[0];

const PAYMENT_FORM_EVENTS = [
  'amount.changed',
  'amount.left',
  'account.chosen',
  'payment.requested',
  'payment.confirmed',
  'payment.cancelled',
] as const satisfies readonly PaymentFormEvent['type'][];
const AUTOPAY_EVENTS = [
  'autopay.switched',
  'autopay.off.confirmed',
  'autopay.off.cancelled',
] as const satisfies readonly AutopaySwitchEvent['type'][];

/** Whether the amount due (GET /user/info) is shown. */
const amountDueShown = ({ context }: { context: BillingPageContext }) => context.info !== null;

/**
 * A guard's opposite. Not xstate's `not()`: this machine loads lazily, and `not()` would bring
 * xstate's guard code into the signup's first load.
 */
const unless =
  <A>(guard: (args: A) => boolean) =>
  (args: A) =>
    !guard(args);

/** The address form's fields: the shared address rules (the paper invoice choice is left as it is). */
const { paper_invoice: _paperInvoice, ...ADDRESS_FIELDS } = BillingAddressUpdateSchema.entries;
export const BILLING_ADDRESS_FIELDS: FieldSchemas = ADDRESS_FIELDS;

/** The edit form starts with the address shown (its zip code split into the zip and the +4). */
export function addressFormValues(address: BillingAddress | null): FormValues {
  if (!address) return {};
  const [zip, ext = ''] = address.zip_code.split('-');
  return {
    fname: address.fname,
    lname: address.lname,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    zip_code: zip,
    zip_ext: ext,
  };
}

/**
 * A loader's snapshot says what shows once it answered: its data (loaded, or kept while it loads
 * again) or its failure. One that is loading says nothing new (nothing showed, or the failure
 * did).
 */
function saysWhatShows<T>(snapshot: LoaderSnapshotOf<T>): boolean {
  return snapshot.matches('loaded') || snapshot.matches('reloading') || snapshot.matches('failed');
}

/** The form's and the switch's `reload the billing data`, in the page: a note to the page. */
const toThePage = { 'reload the billing data': sendParent({ type: 'billing.changed' }) };

export const billingPageMachine = setup({
  types: {
    context: {} as BillingPageContext,
    events: {} as BillingPageEvent,
    input: {} as BillingPageInput,
    children: {} as {
      summary: 'summaryLoader';
      accounts: 'accountsLoader';
      bills: 'billsPager';
      payments: 'paymentsPager';
      payment: 'payment';
      autopay: 'autopay';
      address: 'addressForm';
    },
  },
  actors: {
    summaryLoader: billingSummaryLoader,
    accountsLoader: paymentAccountsLoader,
    billsPager: billsPageMachine,
    paymentsPager: paymentsPageMachine,
    payment: paymentMachine.provide({ actions: toThePage as never }),
    autopay: autopayMachine.provide({ actions: toThePage as never }),
    /** The billing address edit; the app provides its submit (POST /billing/address). */
    addressForm: formMachine,
  },
  actions: {
    /** The app says "Billing address saved." (a notification). */
    'say the address was saved': () => {},
    'take the summary': assign(({ event }) => {
      assertEvent(event, 'xstate.snapshot.summary');
      return { info: selectData(event.snapshot) };
    }),
    'take the accounts': assign(({ event }) => {
      assertEvent(event, 'xstate.snapshot.accounts');
      return { accounts: selectData(event.snapshot) };
    }),
    'say the summary changed': raise({ type: 'summary.shown' }),
    'say the accounts changed': raise({ type: 'accounts.shown' }),
    'pass the billing data on': sendTo('payment', ({ context }) => ({
      type: 'billing.loaded' as const,
      ...billingDataOf(context.info!, context.accounts!),
    })),
    'pass the accounts on': sendTo('autopay', ({ context }) => ({
      type: 'accounts.loaded' as const,
      automatic: context.accounts!.automatic,
      defaultAccountId: context.accounts!.default_payment_account_id,
    })),
    'pass on to the form': sendTo('payment', ({ event }) => {
      assertEvent(event, PAYMENT_FORM_EVENTS);
      return event;
    }),
    'pass on to the switch': sendTo('autopay', ({ event }) => {
      assertEvent(event, AUTOPAY_EVENTS);
      return event;
    }),
    'try the summary again': sendTo('summary', { type: 'retry.pressed' }),
    'try the accounts again': sendTo('accounts', { type: 'retry.pressed' }),
    'try the bills again': sendTo('bills', { type: 'retry.pressed' }),
    'try the payments again': sendTo('payments', { type: 'retry.pressed' }),
    'show other bills': sendTo('bills', ({ event }) => {
      assertEvent(event, 'bills.page.requested');
      return { type: 'page.requested' as const, offset: event.offset };
    }),
    'show other payments': sendTo('payments', ({ event }) => {
      assertEvent(event, 'payments.page.requested');
      return { type: 'page.requested' as const, offset: event.offset };
    }),
    /**
     * After a change: everything shown loads again; whichever applies, loaded data is loaded
     * again and a failed load is tried again.
     */
    'load everything again': enqueueActions(({ enqueue }) => {
      for (const loader of ['summary', 'accounts'] as const) {
        enqueue.sendTo(loader, { type: 'reload.requested' });
        enqueue.sendTo(loader, { type: 'retry.pressed' });
      }
      enqueue.sendTo('bills', { type: 'reload.requested' });
      enqueue.sendTo('payments', { type: 'reload.requested' });
    }),
  },
  guards: {
    'the user manages payments': ({ context }) => context.manages,
    'the summary changed': ({ context, event }) =>
      event.type === 'xstate.snapshot.summary' &&
      saysWhatShows(event.snapshot) &&
      selectData(event.snapshot) !== context.info,
    'the accounts changed': ({ context, event }) =>
      event.type === 'xstate.snapshot.accounts' &&
      saysWhatShows(event.snapshot) &&
      selectData(event.snapshot) !== context.accounts,
    'both are shown': ({ context }) => context.info !== null && context.accounts !== null,
    'the accounts are shown': ({ context }) => context.accounts !== null,
    'the amount due is shown': amountDueShown,
    'the amount due is not shown': unless(amountDueShown),
    'the address was saved': ({ event }) =>
      event.type === 'xstate.snapshot.address' && event.snapshot.matches('submitted'),
  },
}).createMachine({
  id: 'billingPage',
  description:
    'The Billing page: the amount due, the payment accounts and the two tables load on their own; ' +
    'the payment form and the autopay switch start once what they show is loaded; after a ' +
    'payment, an autopay change or a saved address everything loads again.',
  context: ({ input }) => ({
    manages: hasPermission(input?.perms, 'payments.manage'),
    info: null,
    accounts: null,
  }),
  invoke: [
    {
      id: 'summary',
      src: 'summaryLoader',
      onSnapshot: {
        guard: 'the summary changed',
        actions: ['take the summary', 'say the summary changed'],
      },
    },
    {
      id: 'accounts',
      src: 'accountsLoader',
      onSnapshot: {
        guard: 'the accounts changed',
        actions: ['take the accounts', 'say the accounts changed'],
      },
    },
    { id: 'bills', src: 'billsPager', input: { limit: BILLING.pageSize } },
    { id: 'payments', src: 'paymentsPager', input: { limit: BILLING.pageSize } },
  ],
  on: {
    'summary.retry.pressed': { actions: 'try the summary again' },
    'accounts.retry.pressed': { actions: 'try the accounts again' },
    'bills.page.requested': { actions: 'show other bills' },
    'bills.retry.pressed': { actions: 'try the bills again' },
    'payments.page.requested': { actions: 'show other payments' },
    'payments.retry.pressed': { actions: 'try the payments again' },
    'billing.changed': { actions: 'load everything again' },
  },
  type: 'parallel',
  states: {
    payment: {
      description: 'Make a payment.',
      initial: 'hidden',
      states: {
        hidden: {
          description:
            'No form: the amount due or the payment accounts are not shown (loading, or failed), or the user reads the page only.',
          on: {
            'summary.shown': {
              guard: and(['the user manages payments', 'both are shown']),
              target: 'shown',
            },
            'accounts.shown': {
              guard: and(['the user manages payments', 'both are shown']),
              target: 'shown',
            },
          },
        },
        shown: {
          description:
            'The form, started with the amount due and the accounts; what loads again goes on to it.',
          invoke: {
            id: 'payment',
            src: 'payment',
            input: ({ context }) => billingDataOf(context.info!, context.accounts!),
          },
          on: {
            'summary.shown': [
              { guard: 'both are shown', actions: 'pass the billing data on' },
              { target: 'hidden' },
            ],
            'accounts.shown': [
              { guard: 'both are shown', actions: 'pass the billing data on' },
              { target: 'hidden' },
            ],
            'amount.changed': { actions: 'pass on to the form' },
            'amount.left': { actions: 'pass on to the form' },
            'account.chosen': { actions: 'pass on to the form' },
            'payment.requested': { actions: 'pass on to the form' },
            'payment.confirmed': { actions: 'pass on to the form' },
            'payment.cancelled': { actions: 'pass on to the form' },
          },
        },
      },
    },
    autopay: {
      description: 'The automatic payment switch.',
      initial: 'hidden',
      states: {
        hidden: {
          description:
            'No switch: the payment accounts are not shown (loading, or failed), or the user reads the page only.',
          on: {
            'accounts.shown': {
              guard: and(['the user manages payments', 'the accounts are shown']),
              target: 'shown',
            },
          },
        },
        shown: {
          description:
            'The switch, started with the accounts; the accounts loaded again go on to it.',
          invoke: {
            id: 'autopay',
            src: 'autopay',
            input: ({ context }) => ({
              automatic: context.accounts!.automatic,
              defaultAccountId: context.accounts!.default_payment_account_id,
            }),
          },
          on: {
            'accounts.shown': [
              { guard: 'the accounts are shown', actions: 'pass the accounts on' },
              { target: 'hidden' },
            ],
            'autopay.switched': { actions: 'pass on to the switch' },
            'autopay.off.confirmed': { actions: 'pass on to the switch' },
            'autopay.off.cancelled': { actions: 'pass on to the switch' },
          },
        },
      },
    },
    address: {
      description: 'The billing address, and its edit form.',
      initial: 'showing',
      states: {
        showing: {
          description:
            'The address shows, with Edit billing address for a user who manages payments.',
          on: {
            'address.edit.pressed': {
              guard: and(['the user manages payments', 'the amount due is shown']),
              target: 'editing',
            },
          },
        },
        editing: {
          description:
            'The edit form, started with the address shown. Once the server took it the page says so and everything loads again.',
          invoke: {
            id: 'address',
            src: 'addressForm',
            input: ({ context }) => ({
              fields: BILLING_ADDRESS_FIELDS,
              initialValues: addressFormValues(context.info?.billing.billing_address ?? null),
            }),
            onSnapshot: {
              guard: 'the address was saved',
              target: 'showing',
              actions: ['say the address was saved', 'load everything again'],
            },
          },
          on: {
            'address.edit.closed': 'showing',
            // The amount due could not be loaded again: the address (and its form) go with it.
            'summary.shown': { guard: 'the amount due is not shown', target: 'showing' },
          },
        },
      },
    },
  },
});

export type BillingPageActor = ActorRefFrom<typeof billingPageMachine>;

/** The server calls of the page's children (docs/api.md "Billing"), as the app provides them. */
export interface BillingCalls {
  /** GET /user/info. */
  userInfo(): Promise<UserInfoResponse>;
  /** GET /billing/payment_accounts. */
  paymentAccounts(): Promise<PaymentAccountsResponse>;
  /** GET /billing/bills?limit&offset. */
  bills(page: PageRequest): Promise<BillsPage>;
  /** GET /billing/payments?limit&offset. */
  payments(page: PageRequest): Promise<PaymentsPage>;
  /** POST /billing/payments with its Idempotency-Key. */
  pay(request: PaymentRequestInput): Promise<unknown>;
  /** PUT /billing/payment_accounts/{id} with `automatic`. */
  setAutomatic(accountId: number, automatic: boolean): Promise<AutopayAnswer>;
  /** POST /billing/address; throws a SubmitFailure (forms/form.machine.ts) when refused. */
  saveAddress(values: FormValues): Promise<unknown>;
}

/** The page machine with the app's calls given to the children that make them. */
export function billingPageWithCalls(calls: BillingCalls) {
  return billingPageMachine.provide({
    actors: {
      summaryLoader: billingSummaryLoader.provide({
        actors: { load: fromPromise(() => calls.userInfo()) },
      }),
      accountsLoader: paymentAccountsLoader.provide({
        actors: { load: fromPromise(() => calls.paymentAccounts()) },
      }),
      billsPager: billsPageMachine.provide({
        actors: { load: fromPromise(({ input }: { input: PageRequest }) => calls.bills(input)) },
      }),
      paymentsPager: paymentsPageMachine.provide({
        actors: {
          load: fromPromise(({ input }: { input: PageRequest }) => calls.payments(input)),
        },
      }),
      payment: paymentMachine.provide({
        actions: toThePage as never,
        actors: {
          pay: fromPromise(({ input }: { input: PaymentRequestInput }) => calls.pay(input)),
        },
      }),
      autopay: autopayMachine.provide({
        actions: toThePage as never,
        actors: {
          save: fromPromise(({ input }: { input: { accountId: number; automatic: boolean } }) =>
            calls.setAutomatic(input.accountId, input.automatic),
          ),
        },
      }),
      addressForm: formMachine.provide({
        actors: {
          submit: fromPromise(({ input }: { input: { values: FormValues } }) =>
            calls.saveAddress(input.values),
          ),
        },
      }),
    },
  });
}
