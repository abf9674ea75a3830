/**
 * The signup's payment section in the browser (tests/e2e/paths/runner.ts), at the UTOPIA Fiber
 * demo address with the sections before it complete. A person chooses card or bank account, adds
 * a card in the card provider's own form (a frame from the provider's origin) or closes the
 * payment-card modal without one, presses Add card or Change, fills the bank form (a routing
 * number the spec whitelists; "123" is not a routing number), chooses how bills are paid and where
 * they go, and fills a new billing address (a three-digit ZIP code is not one).
 *
 * What the modal itself shows (loading, the form, a form that cannot be opened) is the card form
 * machine's, walked by its own mapping (tests/e2e/paths/mappings/card-form.ts); here the modal
 * is open, then closes with a card or none.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { WHITELISTED_ROUTING_NUMBERS } from '../../../src/shared/constants.ts';
import { FIELD_MESSAGES } from '../../../src/shared/messages.ts';
import { cardEndingIn } from '../../../src/shared/signup/messages.ts';
import {
  selectPaymentValid,
  selectPaymentView,
  type PaymentSnapshot,
} from '../../../machines/signup/payment.selectors.ts';
import { selectFormValid, type FormSnapshot } from '../../../machines/forms/form.selectors.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import { BANK, VISA, addCard, oncePerStep, section, walkToPayment } from './order.ts';

/** Pages where the payment was complete once: Agree and Finish has shown and stays. */
const completedOnce = new WeakSet<Page>();

const payment = (page: Page) => section(page, 'signup-payment');
const cardModal = (page: Page) => page.getByRole('dialog', { name: 'Add a card' });
const cardForm = (page: Page) => page.frameLocator('[data-testid="card-form-frame"]');

async function checked(
  { expect }: Pick<StateCheckContext, 'expect'>,
  radio: ReturnType<Page['getByRole']>,
  on: boolean,
) {
  if (on) await expect(radio).toBeChecked();
  else await expect(radio).not.toBeChecked();
}

/**
 * Everything the payment section shows, from the predicted snapshot through its selectors (once
 * a step: it covers the section's three regions).
 */
const expectPayment = oncePerStep(async (context: StateCheckContext) => {
  const { page, expect, step } = context;
  const snapshot = step.snapshot as unknown as PaymentSnapshot;
  const view = selectPaymentView(snapshot);
  const section = payment(page);

  await checked(
    context,
    section.getByRole('radio', { name: 'Credit or debit card' }),
    view.method === 'CC',
  );
  await checked(
    context,
    section.getByRole('radio', { name: 'Bank account (ACH)' }),
    view.method === 'ACH',
  );
  if (view.method === 'ACH') await expect(section.getByTestId('bank-form')).toBeVisible();
  else await expect(section.getByTestId('bank-form')).toHaveCount(0);

  if (!view.modalOpen) await expect(cardModal(page)).toHaveCount(0);
  else await expect(cardForm(page).getByLabel('Card number')).toBeVisible({ timeout: 15_000 });

  const addCardButton = section.getByRole('button', { name: 'Add card' });
  if (view.addCard) await expect(addCardButton).toBeVisible();
  else await expect(addCardButton).toHaveCount(0);
  const added = section.getByTestId('card-added');
  if (view.cardLastFour) {
    await expect(added).toContainText(cardEndingIn(view.cardLastFour));
    await expect(added.getByRole('button', { name: 'Change' })).toBeEnabled();
  } else {
    await expect(added).toHaveCount(0);
  }

  await checked(
    context,
    section.getByRole('radio', { name: 'Automatic monthly billing' }),
    view.autoPay === true,
  );
  await checked(
    context,
    section.getByRole('radio', { name: 'Manual payment' }),
    view.autoPay === false,
  );

  const billing = section.getByTestId('billing-address');
  if (view.billingShown) {
    await expect(billing).toBeVisible();
    await checked(
      context,
      billing.getByRole('radio', { name: /Same as the service address/ }),
      view.billingChoice === 'service',
    );
    await checked(
      context,
      billing.getByRole('radio', { name: 'A new billing address' }),
      view.billingChoice === 'new',
    );
    if (view.billingChoice === 'new')
      await expect(billing.getByTestId('billing-address-form')).toBeVisible();
    else await expect(billing.getByTestId('billing-address-form')).toHaveCount(0);
  } else {
    await expect(billing).toHaveCount(0);
  }

  // A complete payment opens Agree and Finish (the sections before it are complete), which then
  // stays.
  const agreement = section.page().getByTestId('signup-agreement');
  if (selectPaymentValid(snapshot)) {
    await expect(agreement).toBeVisible();
    completedOnce.add(page);
  } else if (!completedOnce.has(page)) {
    await expect(agreement).toHaveCount(0);
  }
});

async function fillBank(page: Page, routing: string) {
  const bank = payment(page).getByTestId('bank-form');
  await bank.getByLabel('Name on the bank account').fill(BANK.name);
  await bank.getByLabel('Routing number').fill(routing);
  await bank.getByLabel('Routing number').blur();
  await bank.getByLabel('Account number').fill(BANK.account);
  await bank.getByRole('radio', { name: 'Checking' }).check();
}

async function fillBillingAddress(page: Page, zip: string) {
  const form = payment(page).getByTestId('billing-address-form');
  await form.getByLabel('First name').fill('Dana');
  await form.getByLabel('Last name').fill('Demo');
  await form.getByLabel('Street address').fill('100 N Main St');
  await form.getByLabel('City').fill('Salt Lake City');
  await form.getByLabel('State').selectOption('UT');
  await form.getByLabel('ZIP code').fill(zip);
  await form.getByLabel('ZIP code').blur();
}

const chosen = <T>(event: EventObject, key: string) => (event as unknown as Record<string, T>)[key];

export const paymentMapping: BrowserMapping = {
  machine: 'signup-payment',
  async start({ page, visit }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit('/control/signup/');
    await walkToPayment(page);
  },
  events: {
    'payment.method.chosen': async ({ page }, event) => {
      const name = chosen(event, 'method') === 'CC' ? 'Credit or debit card' : 'Bank account (ACH)';
      await payment(page).getByRole('radio', { name }).check();
    },
    // The modal closes with a card the provider's form posted, or is closed without one.
    'xstate.done.actor.cardForm': async ({ page }, event) => {
      if (chosen<{ card: unknown }>(event, 'output').card) {
        await addCard(page, VISA);
      } else {
        await cardModal(page).getByRole('button', { name: 'Close the card form' }).click();
      }
    },
    'card.add.pressed': async ({ page }) => {
      await payment(page).getByRole('button', { name: 'Add card' }).click();
    },
    'card.change.pressed': async ({ page }) => {
      await payment(page).getByTestId('card-added').getByRole('button', { name: 'Change' }).click();
    },
    'payment.autopay.chosen': async ({ page }, event) => {
      const name = chosen(event, 'automatic') ? 'Automatic monthly billing' : 'Manual payment';
      await payment(page).getByRole('radio', { name }).check();
    },
    'xstate.snapshot.bank': async ({ page, expect }, event) => {
      if (selectFormValid(chosen<FormSnapshot>(event, 'snapshot'))) {
        await fillBank(page, WHITELISTED_ROUTING_NUMBERS[0]);
      } else {
        await fillBank(page, '123');
        await expect(payment(page).getByText(FIELD_MESSAGES.routingNumber)).toBeVisible();
      }
    },
    'billing.chosen': async ({ page }, event) => {
      const name =
        chosen(event, 'choice') === 'service'
          ? /Same as the service address/
          : 'A new billing address';
      await payment(page).getByTestId('billing-address').getByRole('radio', { name }).check();
    },
    'xstate.snapshot.billingAddress': async ({ page, expect }, event) => {
      if (selectFormValid(chosen<FormSnapshot>(event, 'snapshot'))) {
        await fillBillingAddress(page, '84101-1234');
      } else {
        await fillBillingAddress(page, '841');
        await expect(payment(page).getByText(FIELD_MESSAGES.zip)).toBeVisible();
      }
    },
  },
  notShown: {},
  states: {
    'method.not chosen': expectPayment,
    'method.card.adding a card': expectPayment,
    'method.card.no card': expectPayment,
    'method.card.card added': expectPayment,
    'method.bank account': expectPayment,
    'auto pay.not chosen': expectPayment,
    'auto pay.automatic': expectPayment,
    'auto pay.manual': expectPayment,
    'billing address.waiting for the payment account': expectPayment,
    'billing address.shown.not chosen': expectPayment,
    'billing address.shown.service address': expectPayment,
    'billing address.shown.new address': expectPayment,
  },
};
