/**
 * The payment-card modal in the browser (tests/e2e/paths/runner.ts), on the payment methods page
 * of a customer of its own (claimBilledCustomer): Add a card opens it. The card form's address
 * (GET /billing/payment_account_url) is held at the network until the walk lets it through, so
 * that the modal's loading state can be seen; then the real server answers with the form's
 * address, or, for a page reached under a host name the card provider does not serve
 * (X-Forwarded-Host through the trusted proxy), with its refusal. A card comes from the real
 * provider's form. The signup shows the same modal (its walk: tests/e2e/signup/payment-mapping.ts).
 */
import type { Page } from '@playwright/test';
import { PAYMENT_MESSAGES } from '../../../../src/shared/signup/messages.ts';
import { PAYMENT_PATHS } from '../../../../src/shared/schemas/payment.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import { cardFrame, cardModal, fillCardForm, PAYMENT_METHODS_PATH } from '../../billing/cards.ts';
import { HeldRequests } from '../../signup/order.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInAs } from './portal.ts';

const formUrls = new WeakMap<Page, HeldRequests>();

function heldFor(page: Page): HeldRequests {
  const held = formUrls.get(page);
  if (!held) throw new Error('the walk did not start');
  return held;
}

async function closed({ page, expect }: StateCheckContext) {
  await expect(cardModal(page)).toHaveCount(0);
}

export const cardFormMapping: BrowserMapping = {
  machine: 'card-form',
  async start({ page, visit }) {
    await logInAs(page, visit, claimBilledCustomer(), null);
    formUrls.set(page, await HeldRequests.on(page, PAYMENT_PATHS.paymentAccountUrl));
    await visit(PAYMENT_METHODS_PATH);
    await page.getByRole('button', { name: 'Add a card' }).click();
  },
  events: {
    // The held request goes on to the server, which answers with the form's address.
    'xstate.done.actor.cardFormUrl': async ({ page }) => {
      await heldFor(page).release();
    },
    // The page reached under a host name the card provider does not serve: the server refuses.
    'xstate.error.actor.cardFormUrl': async ({ page }) => {
      await heldFor(page).release({ 'x-forwarded-host': 'portal.elsewhere.example' });
    },
    'card.received': async ({ page }) => {
      await fillCardForm(page);
    },
    'card.modal.closed': async ({ page }) => {
      await cardModal(page).getByRole('button', { name: 'Close the card form' }).click();
      // A request still held was given up by the page.
      await heldFor(page).forget();
    },
    'card.retry.pressed': async ({ page }) => {
      await cardModal(page).getByRole('button', { name: 'Try again' }).click();
    },
  },
  states: {
    'opening the form': async ({ page, expect }) => {
      await expect(
        cardModal(page).getByRole('status', { name: 'Loading the card form' }),
      ).toBeVisible();
    },
    'form open': async ({ page, expect }) => {
      await expect(cardFrame(page).getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
    },
    'form unavailable': async ({ page, expect }) => {
      await expect(cardModal(page).getByRole('alert')).toHaveText(
        PAYMENT_MESSAGES.cardFormUnavailable,
      );
      await expect(cardModal(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    'card added': closed,
    closed,
  },
};
