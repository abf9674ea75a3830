/**
 * The payment methods page in the browser (tests/e2e/paths/runner.ts), for a customer of its own
 * (claimBilledCustomer: a bank account as the default) given a second bank account through the API
 * before the page opens, so that the list has a default and another method, as the machine's
 * samples do. The list, the card's save, Make default and Remove are held at the network until
 * the walk lets them through to the real server (or drops them: a network failure, the only
 * refusal the real server cannot be made to give here). A card comes from the real provider's form;
 * the bank form is filled in as a person does.
 *
 * The samples' lists are the machine's, not this customer's: the checks read what the predicted
 * snapshot says is shown (a notice, an error, the empty state, what is busy), not labels.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { WHITELISTED_ROUTING_NUMBERS } from '../../../../src/shared/constants.ts';
import { PAYMENT_METHODS_MESSAGES } from '../../../../src/shared/billing/messages.ts';
import type { PaymentAccountsResponse } from '../../../../src/shared/billing/schemas.ts';
import {
  selectPaymentMethodsView,
  type PaymentMethodsSnapshot,
} from '../../../../machines/billing/payment-methods.selectors.ts';
import type { FormSnapshot } from '../../../../machines/forms/form.selectors.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import { cardModal, fillCardForm, PAYMENT_METHODS_PATH } from '../../billing/cards.ts';
import {
  ACCOUNT_PATH,
  ACCOUNTS_PATH,
  CARD_PATH,
  HeldCalls,
  addBankAccountThroughApi,
  removeEveryAccountThroughApi,
} from '../../billing/requests.ts';
import type { BrowserMapping, EventPlace, StateCheckContext } from '../runner.ts';
import { logInAs } from './portal.ts';

interface Held {
  list: HeldCalls;
  card: HeldCalls;
  makeDefault: HeldCalls;
  remove: HeldCalls;
}

const heldOf = new WeakMap<Page, Held>();

function held(page: Page): Held {
  const calls = heldOf.get(page);
  if (!calls) throw new Error('the walk did not start');
  return calls;
}

const field = <T>(event: EventObject, key: string) => (event as unknown as Record<string, T>)[key];

const bankDialog = (page: Page) => page.getByRole('dialog', { name: 'Add a bank account' });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Remove payment method' });
/** A method that is not the default: the one the samples change. */
const otherMethod = (page: Page) =>
  page
    .getByTestId('payment-method')
    .filter({ hasNot: page.getByText(PAYMENT_METHODS_MESSAGES.defaultBadge, { exact: true }) })
    .first();

const NOTHING_LISTED = 'after "no methods yet" the page lists no method to press it on';
const emptied = ({ earlier }: EventPlace) =>
  earlier.some(
    (event) =>
      event.type === 'xstate.done.actor.load' &&
      field<PaymentAccountsResponse>(event, 'output').payment_accounts.length === 0,
  );

/** An earlier step of the walk changed the list this way (the samples' method is then gone or the default). */
const changed = ({ earlier }: EventPlace, type: string) =>
  earlier.some((event) => event.type === type);

async function expectView({ page, expect, step }: StateCheckContext) {
  const view = selectPaymentMethodsView(step.snapshot as unknown as PaymentMethodsSnapshot);
  const notice = page.getByTestId('methods-notice');
  if (view.notice) await expect(notice).toBeVisible();
  else await expect(notice).toHaveCount(0);
  const error = page.getByRole('alert').filter({ hasText: 'The change was not made' });
  if (view.error) await expect(error).toBeVisible();
  else await expect(error).toHaveCount(0);
  if (view.empty) await expect(page.getByTestId('methods-empty')).toBeVisible();
  else await expect(page.getByTestId('payment-method').first()).toBeVisible();
}

async function fillBankForm(page: Page) {
  const form = bankDialog(page);
  await form.getByLabel('Name on the bank account').fill('Bill Payer');
  await form.getByLabel('Routing number').fill(WHITELISTED_ROUTING_NUMBERS[1]);
  await form.getByLabel('Account number').fill(`000${Date.now() % 1e9}`);
  await form.getByRole('radio', { name: 'Checking' }).check();
}

export const paymentMethodsMapping: BrowserMapping = {
  machine: 'payment-methods',
  async start({ page, visit }) {
    await logInAs(page, visit, claimBilledCustomer(), null);
    await addBankAccountThroughApi(page);
    heldOf.set(page, {
      list: await HeldCalls.on(page, 'GET', ACCOUNTS_PATH, 'for the list'),
      card: await HeldCalls.on(page, 'POST', CARD_PATH, 'saving the card'),
      makeDefault: await HeldCalls.on(page, 'PUT', ACCOUNT_PATH, 'making a default'),
      remove: await HeldCalls.on(page, 'DELETE', ACCOUNT_PATH, 'removing a method'),
    });
    // The list is held: the page opens while it loads (its axe check comes with the first state).
    await page.goto(PAYMENT_METHODS_PATH);
  },
  events: {
    'xstate.done.actor.load': async ({ page }, event) => {
      if (field<PaymentAccountsResponse>(event, 'output').payment_accounts.length === 0)
        await removeEveryAccountThroughApi(page);
      await held(page).list.release();
    },
    'xstate.error.actor.load': async ({ page }) => {
      await held(page).list.drop();
    },
    'methods.reload.pressed': async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    'card.add.pressed': async ({ page }) => {
      await page.getByRole('button', { name: 'Add a card' }).click();
    },
    'default.box.toggled': async ({ page }) => {
      await cardModal(page)
        .getByRole('checkbox', { name: 'Make it the default payment method' })
        .check();
    },
    'xstate.done.actor.cardForm': async ({ page }, event) => {
      if (field<{ card: unknown }>(event, 'output').card) await fillCardForm(page);
      else await cardModal(page).getByRole('button', { name: 'Close the card form' }).click();
    },
    'xstate.done.actor.saveCard': async ({ page }) => {
      await held(page).card.release();
      // Once saved, the list again.
      await held(page).list.release();
    },
    'xstate.error.actor.saveCard': async ({ page }) => {
      await held(page).card.drop();
    },
    'bank.add.pressed': async ({ page }) => {
      await page.getByRole('button', { name: 'Add a bank account' }).click();
    },
    'xstate.snapshot.bank': async ({ page }, event) => {
      await fillBankForm(page);
      if (!field<FormSnapshot>(event, 'snapshot').matches('submitted')) return;
      await bankDialog(page).getByRole('button', { name: 'Add bank account' }).click();
      // Once saved (after the password, when the token is no longer fresh), the list again.
      await held(page).list.release();
    },
    'bank.form.closed': async ({ page }) => {
      await bankDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    },
    'default.pressed': async ({ page }) => {
      await otherMethod(page)
        .getByRole('button', { name: /^Make .* the default$/ })
        .click();
    },
    'xstate.done.actor.makeDefault': async ({ page }) => {
      await held(page).makeDefault.release();
    },
    'xstate.error.actor.makeDefault': async ({ page }) => {
      await held(page).makeDefault.drop();
    },
    'removal.pressed': async ({ page }) => {
      await otherMethod(page)
        .getByRole('button', { name: /^Remove / })
        .click();
    },
    'removal.confirmed': async ({ page }) => {
      await confirmDialog(page).getByRole('button', { name: 'Remove', exact: true }).click();
    },
    'removal.cancelled': async ({ page }) => {
      await confirmDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    },
    'xstate.done.actor.remove': async ({ page }) => {
      await held(page).remove.release();
    },
    'xstate.error.actor.remove': async ({ page }) => {
      await held(page).remove.drop();
    },
    // The switch's PUT goes to the same path as Make default's, held alike until its answer.
    'autopay.changed': async ({ page }) => {
      const toggle = page.getByRole('switch', { name: 'Automatic payment' });
      await toggle.click();
      await held(page).makeDefault.release();
      await toggle.and(page.locator(':checked')).waitFor();
    },
  },
  notCaused: {
    // Pressing the switch is this mapping's way to cause its answer (autopay.changed); the switch's
    // own states are walked by its own mapping (billing-autopay.ts).
    'autopay.switched':
      'the page passes it on to the switch: pressed as the cause of autopay.changed',
    'autopay.off.confirmed':
      'passed on to the switch, whose own mapping (billing-autopay.ts) walks it',
    'autopay.off.cancelled':
      'passed on to the switch, whose own mapping (billing-autopay.ts) walks it',
    'autopay.changed': (place) =>
      emptied(place)
        ? 'without a method there is no default account: the switch is disabled, with the reason'
        : undefined,
    'default.pressed': (place) =>
      field<number>(place.event, 'id') === 1
        ? 'the default method has no Make default button'
        : emptied(place)
          ? NOTHING_LISTED
          : changed(place, 'xstate.done.actor.makeDefault')
            ? 'the method the samples made the default has no Make default button'
            : undefined,
    'removal.pressed': (place) =>
      field<number>(place.event, 'id') === 99
        ? 'the page offers Remove only on the methods it lists'
        : emptied(place)
          ? NOTHING_LISTED
          : changed(place, 'xstate.done.actor.remove')
            ? 'the method the samples removed is no longer listed'
            : undefined,
  },
  states: {
    loading: async ({ page, expect }) => {
      await expect(
        page.getByRole('status', { name: 'Loading your payment methods' }),
      ).toBeVisible();
    },
    'load failed': async ({ page, expect }) => {
      const alert = page
        .getByRole('alert')
        .filter({ hasText: PAYMENT_METHODS_MESSAGES.loadFailed });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    'ready.idle': async (context) => {
      const { page, expect } = context;
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add a card' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Add a bank account' })).toBeEnabled();
      await expectView(context);
    },
    'ready.adding a card': async ({ page, expect, step }) => {
      const view = selectPaymentMethodsView(step.snapshot as unknown as PaymentMethodsSnapshot);
      const box = cardModal(page).getByRole('checkbox', {
        name: 'Make it the default payment method',
      });
      await expect(cardModal(page)).toBeVisible();
      if (view.makeDefault) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    },
    'ready.saving the card': async ({ page, expect }) => {
      await expect(cardModal(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add a card' })).toHaveAttribute(
        'data-loading',
        'true',
      );
      await expect(page.getByRole('button', { name: 'Add a bank account' })).toBeDisabled();
    },
    'ready.adding a bank account': async ({ page, expect }) => {
      await expect(bankDialog(page).getByLabel('Routing number')).toBeVisible();
    },
    'ready.making default': async ({ page, expect }) => {
      await expect(
        page.getByRole('button', { name: /^Make .* the default$/ }).first(),
      ).toHaveAttribute('data-loading', 'true');
      await expect(page.getByRole('button', { name: 'Add a card' })).toBeDisabled();
    },
    'ready.confirming removal': async ({ page, expect }) => {
      const dialog = confirmDialog(page);
      await expect(
        dialog.getByText(/^Remove .*\? Past payments made with it stay listed\.$/),
      ).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Remove', exact: true })).toBeEnabled();
    },
    'ready.removing': async ({ page, expect }) => {
      await expect(
        confirmDialog(page).getByRole('button', { name: 'Remove', exact: true }),
      ).toHaveAttribute('data-loading', 'true');
    },
  },
};
