/**
 * The Billing page machine with its real children and a fake server (portal.md "/billing"): what
 * the page loads, when the payment form and the autopay switch start, and that everything shown
 * loads again after a payment, an autopay change or a saved billing address (the page machine's
 * own transitions, no view involved). A user without payments manage gets neither form nor switch.
 */
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type {
  BillsPage,
  PaymentAccountsResponse,
  PaymentsPage,
} from '../../src/shared/billing/schemas.ts';
import { BILLING } from '../../src/shared/billing/constants.ts';
import type { Perms } from '../../src/shared/permissions.ts';
import type { UserInfoResponse } from '../../src/shared/session/types.ts';
import {
  billingPageWithCalls,
  type BillingCalls,
} from '../../machines/billing/billing-page.machine.ts';
import {
  selectAddressForm,
  selectAutopaySwitch,
  selectCanManage,
  selectPaymentForm,
  selectSummary,
  selectSummaryError,
} from '../../machines/billing/billing-page.selectors.ts';
import { selectAmount, selectEditing } from '../../machines/billing/payment.selectors.ts';
import { selectAutopayChecked } from '../../machines/billing/autopay.selectors.ts';

const MANAGES: Perms = { payments: { has_view: true, has_manage: true } };
const READS: Perms = { payments: { has_view: true, has_manage: false } };
const BANK = { payment_account_id: 7, label: 'Bank account ending in 6789' };

const ADDRESS = {
  fname: 'Bill',
  lname: 'Payer',
  line1: '1 Main St',
  line2: '',
  city: 'Provo',
  state: 'UT',
  zip_code: '84601-1234',
  formatted_address: '1 Main St, Provo, UT 84601-1234',
};
const info = (amountDue: number) =>
  ({
    billing: {
      amount_due: amountDue,
      due_date: '2031-05-21',
      overdue: false,
      automatic: false,
      billing_address: ADDRESS,
    },
  }) as unknown as UserInfoResponse;
const accounts = (automatic: boolean): PaymentAccountsResponse =>
  ({
    payment_accounts: [BANK],
    default_payment_account_id: BANK.payment_account_id,
    automatic,
  }) as unknown as PaymentAccountsResponse;

/** A fake server: the amount due and automatic payment as they are now, and every call made. */
function server() {
  const state = { amountDue: 45.1, automatic: false, summaryFails: false };
  const calls = {
    userInfo: 0,
    paymentAccounts: 0,
    bills: [] as { limit: number; offset: number }[],
    payments: [] as { limit: number; offset: number }[],
    pay: [] as { amount: number; payment_account_id: number }[],
    setAutomatic: [] as [number, boolean][],
    saveAddress: [] as unknown[],
    told: 0,
  };
  const fake: BillingCalls = {
    userInfo: async () => {
      calls.userInfo += 1;
      if (state.summaryFails) throw new Error('The server could not be reached.');
      return info(state.amountDue);
    },
    paymentAccounts: async () => {
      calls.paymentAccounts += 1;
      return accounts(state.automatic);
    },
    bills: async (page) => {
      calls.bills.push(page);
      return { bills: [], total: 0, ...page } as unknown as BillsPage;
    },
    payments: async (page) => {
      calls.payments.push(page);
      return { payments: [], total: 0, ...page } as unknown as PaymentsPage;
    },
    pay: async ({ amount, payment_account_id }) => {
      calls.pay.push({ amount, payment_account_id });
      state.amountDue = 0;
      return { msg: 'ok' };
    },
    setAutomatic: async (accountId, automatic) => {
      calls.setAutomatic.push([accountId, automatic]);
      state.automatic = automatic;
      return accounts(automatic);
    },
    saveAddress: async (values) => {
      calls.saveAddress.push(values);
      return { billing_address: ADDRESS, paper_invoice: false };
    },
  };
  return { state, calls, fake };
}

/** Everything the page shows was asked for this many times. */
const loads = (calls: ReturnType<typeof server>['calls']) => ({
  userInfo: calls.userInfo,
  paymentAccounts: calls.paymentAccounts,
  bills: calls.bills.length,
  payments: calls.payments.length,
});

/** Edit billing address, then Save with the address as it shows. */
async function saveTheAddress(page: Awaited<ReturnType<typeof open>>) {
  page.send({ type: 'address.edit.pressed' });
  selectAddressForm(page.getSnapshot())?.send({ type: 'submit.pressed' });
  await settle(page);
}

async function open(perms: Perms, s = server()) {
  const machine = billingPageWithCalls(s.fake).provide({
    actions: { 'say the address was saved': () => (s.calls.told += 1) },
  });
  const page = createActor(machine, { input: { perms } }).start();
  await waitFor(page, (snapshot) => selectSummary(snapshot) !== null);
  await settle(page);
  return page;
}

/** Every load and answer on its way has arrived. */
async function settle(page: { getSnapshot(): unknown }) {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  return page;
}

describe('the billing page machine', () => {
  it('loads the amount due, the accounts and both tables once, then starts the form and the switch', async () => {
    const s = server();
    const page = await open(MANAGES, s);
    expect(loads(s.calls)).toEqual({ userInfo: 1, paymentAccounts: 1, bills: 1, payments: 1 });
    expect(s.calls.bills[0]).toEqual({ limit: BILLING.pageSize, offset: 0 });
    expect(selectCanManage(page.getSnapshot())).toBe(true);
    const form = selectPaymentForm(page.getSnapshot());
    expect(form && selectAmount(form.getSnapshot())).toBe('45.10');
    const autopay = selectAutopaySwitch(page.getSnapshot());
    expect(autopay && selectAutopayChecked(autopay.getSnapshot())).toBe(false);
  });

  it('has everything shown loaded again after a payment, and the form follows the new amount due', async () => {
    const s = server();
    const page = await open(MANAGES, s);
    page.send({ type: 'payment.requested' });
    page.send({ type: 'payment.confirmed' });
    await settle(page);
    expect(s.calls.pay).toEqual([{ amount: 45.1, payment_account_id: BANK.payment_account_id }]);
    expect(loads(s.calls)).toEqual({ userInfo: 2, paymentAccounts: 2, bills: 2, payments: 2 });
    const form = selectPaymentForm(page.getSnapshot());
    expect(form && selectEditing(form.getSnapshot())).toBe(true);
    expect(form && selectAmount(form.getSnapshot())).toBe('0.00');
  });

  it('has everything shown loaded again after automatic payment is switched on', async () => {
    const s = server();
    const page = await open(MANAGES, s);
    page.send({ type: 'autopay.switched', on: true });
    await settle(page);
    expect(s.calls.setAutomatic).toEqual([[BANK.payment_account_id, true]]);
    expect(loads(s.calls)).toEqual({ userInfo: 2, paymentAccounts: 2, bills: 2, payments: 2 });
    const autopay = selectAutopaySwitch(page.getSnapshot());
    expect(autopay && selectAutopayChecked(autopay.getSnapshot())).toBe(true);
  });

  it('saves the billing address from its form, says so, and has everything shown loaded again, on the page each table shows', async () => {
    const s = server();
    const page = await open(MANAGES, s);
    page.send({ type: 'bills.page.requested', offset: BILLING.pageSize });
    await settle(page);
    await saveTheAddress(page);
    // The form started with the address shown, its zip code split into the zip and the +4.
    expect(s.calls.saveAddress).toEqual([
      {
        fname: 'Bill',
        lname: 'Payer',
        line1: '1 Main St',
        line2: '',
        city: 'Provo',
        state: 'UT',
        zip_code: '84601',
        zip_ext: '1234',
      },
    ]);
    expect(s.calls.told).toBe(1);
    expect(selectAddressForm(page.getSnapshot())).toBeNull();
    expect(loads(s.calls)).toEqual({ userInfo: 2, paymentAccounts: 2, bills: 3, payments: 2 });
    expect(s.calls.bills.at(-1)).toEqual({ limit: BILLING.pageSize, offset: BILLING.pageSize });
    expect(s.calls.payments.at(-1)).toEqual({ limit: BILLING.pageSize, offset: 0 });
  });

  it('gives a user who only reads the page no form, no switch and no address edit, and pays nothing', async () => {
    const s = server();
    const page = await open(READS, s);
    expect(selectCanManage(page.getSnapshot())).toBe(false);
    expect(selectPaymentForm(page.getSnapshot())).toBeNull();
    expect(selectAutopaySwitch(page.getSnapshot())).toBeNull();
    page.send({ type: 'payment.requested' });
    page.send({ type: 'payment.confirmed' });
    page.send({ type: 'autopay.switched', on: true });
    page.send({ type: 'address.edit.pressed' });
    await settle(page);
    expect(selectAddressForm(page.getSnapshot())).toBeNull();
    expect(s.calls.pay).toEqual([]);
    expect(s.calls.setAutomatic).toEqual([]);
  });

  it('takes the form away while the amount due cannot be loaded, and starts it again after Try again', async () => {
    const s = server();
    const page = await open(MANAGES, s);
    s.state.summaryFails = true;
    await saveTheAddress(page);
    expect(selectSummaryError(page.getSnapshot())).toBe('The server could not be reached.');
    expect(selectPaymentForm(page.getSnapshot())).toBeNull();
    s.state.summaryFails = false;
    page.send({ type: 'summary.retry.pressed' });
    await settle(page);
    expect(selectSummaryError(page.getSnapshot())).toBeNull();
    expect(selectPaymentForm(page.getSnapshot())).not.toBeNull();
  });
});
