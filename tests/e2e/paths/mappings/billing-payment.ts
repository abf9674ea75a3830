/**
 * The payment machine in the browser: Make a payment on the Billing page, for a customer of the
 * path's own (an open activation bill, a bank account as the default). Payments go to the real
 * server (the bank payment is submitted); "Payment not confirmed" (a 502 the card processor's
 * absence gives) is the one answer the server cannot give for a bank payment, so that answer is
 * given on the network. A path that chooses another account first adds a second bank account
 * through the API, as the payment methods page would. The amount due loaded again: the page loads
 * everything again after a change it makes (the billing address saved).
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { amountValue } from '../../../../src/shared/billing/schemas.ts';
import { formatDollars } from '../../../../src/shared/cart/money.ts';
import type { BillingData } from '../../../../machines/billing/payment.machine.ts';
import { BILLING_MESSAGES } from '../../../../src/shared/billing/messages.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import {
  addBankAccount,
  BILLING_PATH,
  reloadThroughAddress,
  throughPasswordPrompt,
} from '../../billing/support.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInAs } from './portal.ts';

const PAYMENTS = '**/manage/api/v1.0/billing/payments';

const form = (page: Page) => page.getByRole('form', { name: 'Make a payment' });
const amountBox = (page: Page) => form(page).getByRole('textbox', { name: 'Amount' });
const accountBox = (page: Page) => form(page).getByRole('combobox', { name: 'Pay from' });
const confirmGroup = (page: Page) => page.getByRole('group', { name: 'Confirm the payment' });
const outcome = (page: Page) => page.getByTestId('payment-outcome');

/** What the person did so far in this path. */
const done = {
  username: '',
  defaultLabel: '',
  otherLabel: '',
  /** The amount last typed (until a payment succeeds). */
  typed: null as string | null,
  /** After a failure: the amount that was sent, which the form keeps. */
  kept: null as string | null,
};

/** "-$1,234.50" → "-1234.50", as the amount box shows an amount due. */
function boxText(shown: string): string {
  return (Math.round(Number(shown.replace(/[$,]/g, '')) * 100) / 100).toFixed(2);
}

/** The last successful payment paid an untouched amount: the whole amount due. */
function paidInFull(earlier: readonly EventObject[]): boolean {
  const types = earlier.map((event) => event.type);
  const success = types.lastIndexOf('xstate.done.actor.pay');
  if (success < 0) return false;
  const before = types.slice(0, success).lastIndexOf('xstate.done.actor.pay');
  return !types.slice(before + 1, success).includes('amount.changed');
}

function statusOf(event: EventObject): number {
  return (event as { error?: { status?: number } }).error?.status ?? 0;
}

async function checkEditing({ page, expect, step }: StateCheckContext) {
  const { account, outcome: answer } = step.projection as {
    account: number;
    outcome: 'success' | 'failure' | null;
  };
  await expect(form(page)).toBeVisible();
  await expect(form(page).getByRole('button', { name: 'Pay' })).toBeVisible();
  await expect(confirmGroup(page)).toHaveCount(0);
  await expect(accountBox(page).locator('option:checked')).toHaveText(
    account === 1 ? done.defaultLabel : done.otherLabel,
  );
  const wanted = done.typed ?? done.kept;
  if (wanted !== null) await expect(amountBox(page)).toHaveValue(wanted);
  else
    await expect
      .poll(
        async () =>
          (await amountBox(page).inputValue()) ===
          boxText(await page.getByTestId('amount-due').innerText()),
      )
      .toBe(true);
  if (answer === 'success')
    await expect(outcome(page)).toContainText(BILLING_MESSAGES.paymentPending);
  else if (answer === 'failure') {
    await expect(outcome(page)).toContainText(BILLING_MESSAGES.processorUnavailableTitle);
    await expect(outcome(page)).toContainText(BILLING_MESSAGES.processorUnavailable);
  } else await expect(outcome(page)).toHaveCount(0);
}

/** The payment in words with Confirm and Back, and nothing answered yet. */
async function checkConfirming({ page, expect }: StateCheckContext) {
  const value = await amountBox(page).inputValue();
  const label = await accountBox(page).locator('option:checked').innerText();
  await expect(confirmGroup(page)).toContainText(
    `Pay ${formatDollars(amountValue(value) ?? 0)} from ${label}?`,
  );
  await expect(confirmGroup(page).getByRole('button', { name: 'Confirm payment' })).toBeEnabled();
  await expect(form(page).getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await expect(outcome(page)).toHaveCount(0);
}

export const billingPaymentMapping: BrowserMapping = {
  machine: 'billing-payment',
  async start({ page, visit, upcoming }) {
    Object.assign(done, { username: claimBilledCustomer(), typed: null, kept: null });
    await logInAs(page, visit, done.username, null);
    if (upcoming.some((event) => event.type === 'account.chosen'))
      done.otherLabel = await addBankAccount(page, done.username);
    await visit(BILLING_PATH);
    await amountBox(page).waitFor();
    done.defaultLabel = await accountBox(page).locator('option:checked').innerText();
  },
  events: {
    'amount.changed': async ({ page }, event) => {
      const { value } = event as { value: string } & EventObject;
      await amountBox(page).fill(value);
      done.typed = value;
    },
    'amount.left': async ({ page }) => {
      await amountBox(page).focus();
      await amountBox(page).blur();
    },
    'account.chosen': async ({ page }) => {
      await accountBox(page).selectOption({ label: done.otherLabel });
    },
    'payment.requested': async ({ page }) => {
      await form(page).getByRole('button', { name: 'Pay' }).click();
    },
    'payment.cancelled': async ({ page }) => {
      await confirmGroup(page).getByRole('button', { name: 'Back' }).click();
    },
    'payment.confirmed': async ({ page, upcoming }) => {
      const sent = await amountBox(page).inputValue();
      if (upcoming[0]?.type === 'xstate.error.actor.pay') {
        done.kept = sent;
        await page.route(
          PAYMENTS,
          (route) =>
            route.fulfill({
              status: 502,
              contentType: 'application/json',
              json: {
                status: 502,
                title: BILLING_MESSAGES.processorUnavailableTitle,
                msg: BILLING_MESSAGES.processorUnavailable,
              },
            }),
          { times: 1 },
        );
      }
      await confirmGroup(page).getByRole('button', { name: 'Confirm payment' }).click();
    },
    'xstate.done.actor.pay': async ({ page }) => {
      await throughPasswordPrompt(
        page,
        outcome(page).filter({ hasText: BILLING_MESSAGES.paymentPending }),
      );
      done.typed = null;
      done.kept = null;
    },
    'xstate.error.actor.pay': async ({ page }) => {
      await throughPasswordPrompt(
        page,
        outcome(page).filter({ hasText: BILLING_MESSAGES.processorUnavailable }),
      );
      await page.unroute(PAYMENTS);
    },
    'billing.loaded': async ({ page }) => {
      await reloadThroughAddress(page);
    },
  },
  notCaused: {
    // The model's amount due loaded again is $0.00: the real one is, after the whole amount due
    // was paid (an untouched amount).
    'billing.loaded': ({ event, earlier }) => {
      const { accounts, defaultAccountId, amountDue } = event as unknown as BillingData;
      if (accounts.length !== 2 || defaultAccountId === null)
        return 'the accounts change only on the payment methods page, not on this one';
      if (amountDue > 0)
        return 'a larger amount due comes with a new bill (the billing run), not from this page';
      return paidInFull(earlier)
        ? undefined
        : 'the real amount due is $0.00 only once it was all paid';
    },
    'account.chosen': ({ event }) =>
      (event as { id?: number }).id === 2
        ? undefined
        : 'the list offers only the customer’s own accounts',
    'xstate.done.actor.pay': ({ event }) =>
      (event as { output?: { msg?: unknown } }).output?.msg === undefined
        ? 'the path’s customer pays from a bank account, which the server answers as submitted'
        : undefined,
    // After paying it all, the model knows the old amount due until the data is loaded again;
    // the real page has loaded it already ($0.00), so any amount is more than is due there.
    'payment.requested': ({ earlier }) => {
      const types = earlier.map((event) => event.type);
      const success = types.lastIndexOf('xstate.done.actor.pay');
      if (success < 0 || !paidInFull(earlier)) return undefined;
      return types.slice(success).includes('billing.loaded')
        ? undefined
        : 'after paying it all the real amount due is already $0.00 on the page: any amount is more than is due there';
    },
    'xstate.error.actor.pay': ({ event }) =>
      statusOf(event) === 402
        ? 'a declined card needs a saved card, added in the payment methods page’s card modal'
        : statusOf(event) === 0
          ? 'a request lost on the way is the machine tests’ (the page shows the same failure)'
          : undefined,
  },
  states: {
    editing: checkEditing,
    confirming: async (context) => {
      await checkConfirming(context);
      await context.expect(context.page.getByTestId('payment-credit')).toHaveCount(0);
    },
    // More than is due: the credit it leaves is named, and nothing is sent before Confirm.
    'confirming overpayment': async (context) => {
      const { page, expect } = context;
      await checkConfirming(context);
      const paying = amountValue(await amountBox(page).inputValue()) ?? 0;
      const due = Number(boxText(await page.getByTestId('amount-due').innerText()));
      const credit = formatDollars((Math.round(paying * 100) - Math.round(due * 100)) / 100);
      await expect(page.getByTestId('payment-credit')).toHaveText(
        `You are paying ${credit} more than is due: it stays as a credit of ${credit} on your account.`,
      );
    },
  },
  notShown: { paying: 'lasts only while the server answers; the state after it is checked' },
  slowEvents: ['payment.confirmed'],
};
