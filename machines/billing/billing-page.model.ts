/**
 * The Billing page machine's registration: what the page does between its children (the two
 * loaders, the two tables, the payment form and the autopay switch, each registered on its own:
 * loader.model.ts, records-page.model.ts, payment.model.ts, autopay.model.ts). The children here
 * are inert; their loads are samples (the snapshot a loader shows). Spec (portal.md "/billing"):
 * a user who manages payments gets the Make a payment form once the amount due and the payment
 * accounts show, and the automatic payment switch once the payment accounts show; neither while
 * what it shows cannot be loaded. What the page tells its children (XState's `sendTo`, judged as
 * the effect `xstate.sendTo`: the child's id and the event) is declared step by step: Try again
 * and Previous / Next go to the table or loader they belong to, what the person does in the form
 * and with the switch goes on to them, what loads again goes on to them, and after a payment, an
 * autopay change or a saved address everything loads again. What each child is started with is
 * declared in `inputs` (the tables, the form, the switch and the address form are scripted by the
 * runner). The children's own answers are judged with the real children in
 * tests/machines/billing-page.test.ts.
 */
import { createMachine } from 'xstate';
import { formMachine } from '../forms/form.machine.ts';
import type { PaymentAccountsResponse } from '#shared/billing/schemas';
import { BILLING } from '#shared/billing/constants';
import { ERROR_MESSAGES } from '#shared/messages';
import type { UserInfoResponse } from '#shared/session/types';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { BILLING_ADDRESS_FIELDS, billingPageMachine } from './billing-page.machine.ts';
import {
  selectAddressForm,
  selectAutopaySwitch,
  selectBillingAddress,
  selectBillsTable,
  selectCanManage,
  selectDefaultLabel,
  selectPaymentAccounts,
  selectPaymentForm,
  selectPaymentFormLoading,
  selectPaymentsTable,
  selectSummary,
  type BillingPageSnapshot,
} from './billing-page.selectors.ts';
import { billingSummaryLoader, paymentAccountsLoader } from './billing-summary.loader.ts';

const BANK = { payment_account_id: 1, label: 'Bank account ending in 6789' };
/** The billing address (portal.md "Billing": its zip code with the +4). */
const ADDRESS_SHOWN = {
  fname: 'Dana',
  lname: 'Demo',
  line1: '100 Main St',
  line2: 'Apt 2',
  city: 'Orem',
  state: 'UT',
  zip_code: '84057-1234',
  formatted_address: '100 Main St Apt 2, Orem, UT 84057-1234',
};
const INFO = {
  billing: {
    amount_due: 45.1,
    due_date: '2031-05-21',
    overdue: false,
    automatic: false,
    billing_address: ADDRESS_SHOWN,
  },
} as unknown as UserInfoResponse;
/** The address changed meanwhile: a zip code without its +4. */
const ADDRESS_AGAIN = {
  ...ADDRESS_SHOWN,
  line1: '200 State St',
  line2: '',
  zip_code: '84057',
  formatted_address: '200 State St, Orem, UT 84057',
};
/** The same account loaded again (after a change): another answer. */
const INFO_AGAIN = {
  billing: {
    amount_due: 0,
    due_date: null,
    overdue: false,
    automatic: true,
    billing_address: ADDRESS_AGAIN,
  },
} as unknown as UserInfoResponse;
const ACCOUNTS: PaymentAccountsResponse = {
  payment_accounts: [BANK] as PaymentAccountsResponse['payment_accounts'],
  default_payment_account_id: BANK.payment_account_id,
  automatic: false,
};
/** Loaded again: a card was added (listed first), the bank account is still the default. */
const CARD = { payment_account_id: 2, label: 'Visa ending in 4242' };
const ACCOUNTS_AGAIN: PaymentAccountsResponse = {
  ...ACCOUNTS,
  payment_accounts: [CARD, BANK] as PaymentAccountsResponse['payment_accounts'],
  automatic: true,
};

/** What a loader shows: its data, or its failure. */
const loaded = <T>(loader: typeof billingSummaryLoader | typeof paymentAccountsLoader, data: T) =>
  loader.resolveState({ value: 'loaded', context: { data: data as never, error: null } });
const failed = (loader: typeof billingSummaryLoader | typeof paymentAccountsLoader) =>
  loader.resolveState({
    value: 'failed',
    context: { data: null, error: ERROR_MESSAGES.timeout },
  });

/** Which answer the page shows: none, the first one or the one loaded again. */
type Shown = 'none' | 'first' | 'again';
const INFO_SHOWN = { first: INFO, again: INFO_AGAIN } as const;
const shownOf = (data: unknown, first: unknown): Shown =>
  data === null ? 'none' : data === first ? 'first' : 'again';

function project(snapshot: BillingPageSnapshot) {
  return {
    manages: selectCanManage(snapshot),
    summary: shownOf(selectSummary(snapshot), INFO),
    accounts: shownOf(selectPaymentAccounts(snapshot), ACCOUNTS),
  };
}
type Projection = ReturnType<typeof project>;

/** The children as the walk sees them: they never move on their own (the samples are their loads). */
const inert = createMachine({ id: 'inert' });
/** The address form as the walk sees it: it keeps what it was started with (its saves are samples). */
const startedWith = createMachine({
  id: 'startedWith',
  types: {} as { input: unknown; context: { input: unknown } },
  context: ({ input }) => ({ input }),
});

const SUMMARY: [string, Shown, object][] = [
  [
    'the amount due shows',
    'first',
    { type: 'xstate.snapshot.summary', snapshot: loaded(billingSummaryLoader, INFO) },
  ],
  [
    'the amount due shows again, changed',
    'again',
    { type: 'xstate.snapshot.summary', snapshot: loaded(billingSummaryLoader, INFO_AGAIN) },
  ],
  [
    'the amount due cannot be loaded',
    'none',
    { type: 'xstate.snapshot.summary', snapshot: failed(billingSummaryLoader) },
  ],
];
const ACCOUNT_LOADS: [string, Shown, object][] = [
  [
    'the payment accounts show',
    'first',
    { type: 'xstate.snapshot.accounts', snapshot: loaded(paymentAccountsLoader, ACCOUNTS) },
  ],
  [
    'the payment accounts show again, changed',
    'again',
    { type: 'xstate.snapshot.accounts', snapshot: loaded(paymentAccountsLoader, ACCOUNTS_AGAIN) },
  ],
  [
    'the payment accounts cannot be loaded',
    'none',
    { type: 'xstate.snapshot.accounts', snapshot: failed(paymentAccountsLoader) },
  ],
];
/** What the person does in the form and with the switch. */
const FORM: [string, object][] = [
  ['type an amount', { type: 'amount.changed', value: '20.00' }],
  ['leave the amount', { type: 'amount.left' }],
  ['choose the bank account', { type: 'account.chosen', id: BANK.payment_account_id }],
  ['press Pay', { type: 'payment.requested' }],
  ['confirm the payment', { type: 'payment.confirmed' }],
  ['go back', { type: 'payment.cancelled' }],
];
const SWITCH: [string, object][] = [
  ['switch automatic payment on', { type: 'autopay.switched', on: true }],
  ['confirm turning it off', { type: 'autopay.off.confirmed' }],
  ['keep it on', { type: 'autopay.off.cancelled' }],
];
/** What the page passes on or has loaded again, whatever the form and the switch do. */
const ANYWHERE: [string, object][] = [
  ['Try again on the amount due', { type: 'summary.retry.pressed' }],
  ['Try again on the payment accounts', { type: 'accounts.retry.pressed' }],
  ['next bills', { type: 'bills.page.requested', offset: 10 }],
  ['Try again on the bills', { type: 'bills.retry.pressed' }],
  ['next payments', { type: 'payments.page.requested', offset: 10 }],
  ['Try again on the payments', { type: 'payments.retry.pressed' }],
  ['a payment or an autopay change is answered', { type: 'billing.changed' }],
];

/** The address form as the server took it (its snapshot once submitted). */
const SUBMITTED = formMachine.resolveState({
  value: 'submitted',
  context: {
    fields: BILLING_ADDRESS_FIELDS,
    checks: undefined,
    values: {},
    touched: {},
    errors: {},
    pending: [],
    valid: true,
    submitError: null,
    response: { paper_invoice: false },
    submitCount: 1,
    submitRequested: false,
  },
});
const ADDRESS: [string, object][] = [
  ['press Edit billing address', { type: 'address.edit.pressed' }],
  ['press Cancel on the address form', { type: 'address.edit.closed' }],
  ['the address is saved', { type: 'xstate.snapshot.address', snapshot: SUBMITTED }],
];
const SAID = { 'say the address was saved': true } as const;

/** A message the page sends one of its children (XState's `sendTo`, run as `xstate.sendTo`). */
const SENT = 'xstate.sendTo';
const toChild = (targetId: string, event: object) => ({ targetId, event });
/** Which child each of the person's requests goes to, and as what. */
const PASSED_ON: Record<string, ReturnType<typeof toChild>> = {
  'Try again on the amount due': toChild('summary', { type: 'retry.pressed' }),
  'Try again on the payment accounts': toChild('accounts', { type: 'retry.pressed' }),
  'next bills': toChild('bills', { type: 'page.requested', offset: 10 }),
  'Try again on the bills': toChild('bills', { type: 'retry.pressed' }),
  'next payments': toChild('payments', { type: 'page.requested', offset: 10 }),
  'Try again on the payments': toChild('payments', { type: 'retry.pressed' }),
};
/**
 * Everything loads again (docs/billing.md "Pages"): what shows is loaded again, what failed is
 * tried again, and both tables load their page again.
 */
const EVERYTHING_AGAIN = [
  toChild('summary', { type: 'reload.requested' }),
  toChild('summary', { type: 'retry.pressed' }),
  toChild('accounts', { type: 'reload.requested' }),
  toChild('accounts', { type: 'retry.pressed' }),
  toChild('bills', { type: 'reload.requested' }),
  toChild('payments', { type: 'reload.requested' }),
];

/** What the payment form works with: the amount due and the payment accounts shown. */
function billingData(summary: Shown, accounts: Shown) {
  const info = INFO_SHOWN[summary as 'first' | 'again'];
  return {
    amountDue: info.billing.amount_due,
    automatic: accounts === 'again',
    defaultAccountId: BANK.payment_account_id,
    accounts: (accounts === 'again' ? [CARD, BANK] : [BANK]).map((account) => ({
      id: account.payment_account_id,
      label: account.label,
    })),
  };
}
/** What the switch works with: whether automatic payment is on, and the default account. */
function switchData(accounts: Shown) {
  return {
    automatic: accounts === 'again',
    defaultAccountId: BANK.payment_account_id,
  };
}
/** The address form starts with the address shown: the zip code and its +4 apart. */
function addressValues(summary: Shown) {
  const names = { fname: 'Dana', lname: 'Demo', city: 'Orem', state: 'UT', zip_code: '84057' };
  return summary === 'first'
    ? { ...names, line1: '100 Main St', line2: 'Apt 2', zip_ext: '1234' }
    : { ...names, line1: '200 State St', line2: '', zip_ext: '' };
}

/**
 * The form shows while the amount due and the payment accounts both show (for a user who manages
 * payments); the switch while the payment accounts show.
 */
const formShows = (p: Pick<Projection, 'manages' | 'summary' | 'accounts'>) =>
  p.manages && p.summary !== 'none' && p.accounts !== 'none';
const switchShows = (p: Pick<Projection, 'manages' | 'accounts'>) =>
  p.manages && p.accounts !== 'none';

/** Where a load leaves a region: `shows` says whether it shows afterwards. */
function region(name: 'payment' | 'autopay', shows: boolean, was: boolean) {
  if (shows === was) return 'stays';
  return `${name}.${shows ? 'shown' : 'hidden'}`;
}

const summaryRows = (name: 'payment' | 'autopay') =>
  Object.fromEntries(
    SUMMARY.map(([label, summary]) => [
      label,
      (b: Projection) => {
        const after = { ...b, summary };
        if (name === 'autopay') return { to: 'stays' as const, with: { summary } };
        const to = region(name, formShows(after), formShows(b));
        // The form that stays gets the amount due loaded again (a new answer only).
        const passed =
          to === 'stays' && formShows(b) && summary !== b.summary
            ? {
                runs: {
                  [SENT]: toChild('payment', {
                    type: 'billing.loaded',
                    ...billingData(summary, b.accounts),
                  }),
                },
              }
            : {};
        return { to, with: { summary }, ...passed };
      },
    ]),
  );
const accountRows = (name: 'payment' | 'autopay') =>
  Object.fromEntries(
    ACCOUNT_LOADS.map(([label, accounts]) => [
      label,
      (b: Projection) => {
        const after = { ...b, accounts };
        const shows = name === 'payment' ? formShows : switchShows;
        const to = region(name, shows(after), shows(b));
        // The form or the switch that stays gets the payment accounts loaded again.
        const passed =
          to === 'stays' && shows(b) && accounts !== b.accounts
            ? {
                runs: {
                  [SENT]:
                    name === 'payment'
                      ? toChild('payment', {
                          type: 'billing.loaded',
                          ...billingData(b.summary, accounts),
                        })
                      : toChild('autopay', { type: 'accounts.loaded', ...switchData(accounts) }),
                },
              }
            : {};
        return { to, with: { accounts }, ...passed };
      },
    ]),
  );

/**
 * What the page shows in every state: what the user may do (this user manages payments), the two
 * tables (they run as long as the page), and the default payment method's words for the switch's
 * question while the payment accounts show.
 */
function pageShows(s: BillingPageSnapshot) {
  expectThat(selectCanManage(s), 'the user manages payments');
  expectThat(
    selectBillsTable(s) !== undefined && selectPaymentsTable(s) !== undefined,
    'the bills and the payments tables show',
  );
  expectThat(
    selectDefaultLabel(s) === (selectPaymentAccounts(s) === null ? null : BANK.label),
    'the default payment method is named while the payment accounts show',
  );
  expectThat(
    (selectBillingAddress(s)?.formatted_address ?? null) ===
      ({ none: null, first: ADDRESS_SHOWN, again: ADDRESS_AGAIN }[shownOf(selectSummary(s), INFO)]
        ?.formatted_address ?? null),
    'the billing address shows with the amount due',
  );
}

export const billingPageModel = defineMachine({
  name: 'billing-page',
  title: 'Billing page',
  description:
    'The Billing page loads the amount due, the payment methods, a page of bills and a page of ' +
    'payments, each on its own. For a user who manages payments, the Make a payment form starts ' +
    'once the amount due and the payment methods show, and the Automatic payment switch once the ' +
    'payment methods show; what loads again goes on to them, and neither shows while what it ' +
    'needs cannot be loaded. Edit billing address opens the address form; once the address is ' +
    'saved the page says so. After a payment, an autopay change or a saved billing address, ' +
    'everything on the page loads again.',
  machine: billingPageMachine,
  input: { perms: { payments: { has_view: true, has_manage: true } } },
  events: [
    ...SUMMARY.map(([label, , event]) => sample(label, event as never)),
    ...ACCOUNT_LOADS.map(([label, , event]) => sample(label, event as never)),
    ...FORM.map(([label, event]) => sample(label, event as never)),
    ...SWITCH.map(([label, event]) => sample(label, event as never)),
    ...ANYWHERE.map(([label, event]) => sample(label, event as never)),
    ...ADDRESS.map(([label, event]) => sample(label, event as never)),
  ],
  project,
  limit: 500,
  // The loaders are inert (their loads are samples); the tables, the form and the switch are
  // scripted by the runner, which records what each is started with; the address form keeps it.
  fakes: {
    actors: { summaryLoader: inert, accountsLoader: inert, addressForm: startedWith },
  } as never,
  expect: {
    // Nothing shows yet: no form, no switch.
    // The app says the address was saved (a notification) once the server took it; what the
    // page tells its children is declared step by step.
    effects: ['say the address was saved', SENT],
    inputs: {
      // A page of bills and of payments: BILLING.pageSize records (docs/billing.md "Pages").
      billsPager: () => ({ limit: BILLING.pageSize }),
      paymentsPager: () => ({ limit: BILLING.pageSize }),
      payment: (p) => billingData(p.summary, p.accounts),
      autopay: (p) => switchData(p.accounts),
    },
    start: {
      to: ['payment.hidden', 'autopay.hidden', 'address.showing'],
      with: { manages: true, summary: 'none', accounts: 'none' },
    },
    on: {
      '*': {
        ...Object.fromEntries(
          Object.entries(PASSED_ON).map(([label, sent]) => [
            label,
            { to: 'stays', runs: { [SENT]: sent } },
          ]),
        ),
        'a payment or an autopay change is answered': {
          to: 'stays',
          runs: { [SENT]: EVERYTHING_AGAIN },
        },
      },
      'payment.hidden': {
        ...summaryRows('payment'),
        ...accountRows('payment'),
        ...Object.fromEntries(FORM.map(([label]) => [label, 'ignored'] as const)),
      },
      'payment.shown': {
        ...summaryRows('payment'),
        ...accountRows('payment'),
        // What the person does in the form goes on to it.
        ...Object.fromEntries(
          FORM.map(([label, event]) => [
            label,
            { to: 'stays', runs: { [SENT]: toChild('payment', event) } },
          ]),
        ),
      },
      'autopay.hidden': {
        ...summaryRows('autopay'),
        ...accountRows('autopay'),
        ...Object.fromEntries(SWITCH.map(([label]) => [label, 'ignored'] as const)),
      },
      'autopay.shown': {
        ...summaryRows('autopay'),
        ...accountRows('autopay'),
        ...Object.fromEntries(
          SWITCH.map(([label, event]) => [
            label,
            { to: 'stays', runs: { [SENT]: toChild('autopay', event) } },
          ]),
        ),
      },
      // The address's Edit is there for a user who manages payments, once the address shows
      // (with the amount due).
      'address.showing': {
        'press Edit billing address': (b: Projection) =>
          b.manages && b.summary !== 'none' ? 'address.editing' : 'ignored',
        'press Cancel on the address form': 'ignored',
      },
      'address.editing': {
        'press Edit billing address': 'ignored',
        'press Cancel on the address form': 'address.showing',
        // Saved: the page says so and everything loads again (the form closes).
        'the address is saved': {
          to: 'address.showing',
          runs: { ...SAID, [SENT]: EVERYTHING_AGAIN },
        },
        // The address goes with the amount due that could not be loaded again; loaded (again),
        // the form stays open.
        'the amount due cannot be loaded': 'address.showing',
        'the amount due shows': 'stays',
        'the amount due shows again, changed': 'stays',
      },
    },
  },
  states: {
    'payment.hidden': (s) => {
      expectThat(selectPaymentForm(s) === null, 'no payment form shows');
      pageShows(s);
    },
    'payment.shown': (s) => {
      expectThat(
        selectSummary(s) !== null && selectPaymentAccounts(s) !== null,
        'the form shows with the amount due and the payment accounts',
      );
      expectThat(selectPaymentForm(s) !== null, 'the payment form shows');
      expectThat(!selectPaymentFormLoading(s), 'the form is no longer on its way');
      pageShows(s);
    },
    'autopay.hidden': (s) => expectThat(selectAutopaySwitch(s) === null, 'no switch shows'),
    'autopay.shown': (s) => {
      expectThat(selectPaymentAccounts(s) !== null, 'the switch shows with the payment accounts');
      expectThat(selectAutopaySwitch(s) !== null, 'the switch shows');
    },
    'address.showing': (s) => expectThat(selectAddressForm(s) === null, 'no address form'),
    'address.editing': (s) => {
      expectThat(
        selectAddressForm(s) !== null && selectSummary(s) !== null,
        'the address form shows, with the address',
      );
      const form = s.children.address as unknown as
        { getSnapshot(): { context: { input: { initialValues?: unknown } } } } | undefined;
      // Opened on the first answer or on the one loaded again (the form keeps what it started
      // with when the amount due loads again while it is open).
      const inOrder = (values: unknown) =>
        JSON.stringify(Object.entries((values ?? {}) as object).sort());
      const started = inOrder(form?.getSnapshot().context.input.initialValues);
      expectThat(
        (['first', 'again'] as const).some(
          (summary) => started === inOrder(addressValues(summary)),
        ),
        'the address form starts with the address shown, its zip code and +4 apart',
      );
    },
  },
});
