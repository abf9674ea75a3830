/**
 * What a person does to add a card to their account, for the billing browser tests: on the
 * payment methods page, Add a card, then the card provider's own form in its frame (the stand-in
 * provider beside the e2e server), until the page lists the card.
 */
import type { Page } from '@playwright/test';
import {
  PAYMENT_METHODS_MESSAGES,
  paymentAccountLabel,
} from '../../../src/shared/billing/messages.ts';
import { expect } from '../support/fixtures.ts';

/** Sandbox test cards (docs/api.md "The stand-in card provider"). */
export const VISA = '4242 4242 4242 4242';
/** Added like any card; every charge is declined (`card_declined`). */
export const DECLINING = '4000 0000 0000 0002';
export const PAYMENT_METHODS_PATH = '/control/payment-methods/';

export const cardModal = (page: Page) => page.getByRole('dialog', { name: 'Add a card' });
export const cardFrame = (page: Page) => page.frameLocator('[data-testid="card-form-frame"]');

/** Fills the provider's form in the open modal and presses its Add card. */
export async function fillCardForm(page: Page, number = VISA) {
  const form = cardFrame(page);
  await form.getByLabel('Name on card').fill('Bill Payer');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry').fill('0830');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Add card' }).click();
}

/**
 * Adds a card as a person does, for a logged-in customer: the payment methods page (opened when
 * the page is elsewhere), Add a card, "Make it the default" when asked, the provider's form; waits
 * until the page says the card was added. Returns the card's label ("Visa ending in 4242"). A
 * password prompt on the way (the e2e server's tokens live 5 s) is the test's to answer
 * (`answerPasswordPrompts` in ./requests.ts).
 */
export async function addCardAsAPerson(
  page: Page,
  { number = VISA, makeDefault = false }: { number?: string; makeDefault?: boolean } = {},
): Promise<string> {
  if (!new URL(page.url()).pathname.startsWith(PAYMENT_METHODS_PATH)) {
    await page.goto(PAYMENT_METHODS_PATH);
  }
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(cardModal(page)).toBeVisible();
  if (makeDefault)
    await cardModal(page)
      .getByRole('checkbox', { name: 'Make it the default payment method' })
      .check();
  await fillCardForm(page, number);
  await expect(cardModal(page)).toHaveCount(0);
  const label = paymentAccountLabel({
    method: 'CC',
    brand: 'visa',
    last_four: number.replace(/\D/g, '').slice(-4),
  });
  await expect(page.getByTestId('methods-notice')).toHaveText(
    PAYMENT_METHODS_MESSAGES.added(label),
    { timeout: 15_000 },
  );
  return label;
}
