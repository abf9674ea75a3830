/**
 * What a person does in the signup's second half, for the order browser tests and the wizard's
 * path mapping: account setup, the card provider's form, the bank form, billing, "I agree", the
 * captcha and Place order. Orders are real: they go through the real API to the test database.
 */
import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';

/** A username nobody has yet (tests run in parallel on one database). */
export function freshUsername(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A password zxcvbn scores 4 that is none of the user's own words. */
export const STRONG_PASSWORD = 'quartz-lantern-meadow-71!';
/** Long enough, but easy to guess. */
export const WEAK_PASSWORD = 'password1234';

/** Sandbox test cards (docs/api.md "The stand-in card provider"). */
export const VISA = '4242 4242 4242 4242';

export const BANK = {
  name: 'Dana Demo',
  routing: '021000021',
  account: '000123456789',
} as const;

export const section = (page: Page, testId: string) => page.getByTestId(testId);

export async function chooseUsername(page: Page, uid: string) {
  const credentials = section(page, 'signup-credentials');
  await credentials.getByRole('textbox', { name: 'Username' }).fill(uid);
  await expect(credentials.getByTestId('username-status')).not.toBeEmpty({ timeout: 10_000 });
}

export async function choosePassword(page: Page, password: string) {
  const credentials = section(page, 'signup-credentials');
  await credentials.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await credentials.getByRole('textbox', { name: 'Confirm the new password' }).fill(password);
  // zxcvbn loads on first use and measures 750 ms after typing stops.
  await expect(credentials.getByTestId('password-strength')).toBeVisible({ timeout: 15_000 });
}

/** The account section: a free username and a strong password (the holder is prefilled). */
export async function completeAccount(page: Page, uid: string, password = STRONG_PASSWORD) {
  await expect(section(page, 'signup-credentials')).toBeVisible();
  await chooseUsername(page, uid);
  await expect(section(page, 'signup-credentials').getByTestId('username-status')).toHaveText(
    /available/,
  );
  await choosePassword(page, password);
  await expect(section(page, 'signup-credentials').getByTestId('password-strength')).toHaveText(
    '100 / 100',
  );
}

export async function payFromBank(page: Page, automatic = true) {
  const payment = section(page, 'signup-payment');
  await payment.getByRole('radio', { name: 'Bank account (ACH)' }).check();
  const bank = payment.getByTestId('bank-form');
  await bank.getByLabel('Name on the bank account').fill(BANK.name);
  await bank.getByLabel('Routing number').fill(BANK.routing);
  await bank.getByLabel('Account number').fill(BANK.account);
  await bank.getByRole('radio', { name: 'Checking' }).check();
  await payment
    .getByRole('radio', { name: automatic ? 'Automatic monthly billing' : 'Manual payment' })
    .check();
}

/** Card through the provider's form, which lives on another origin (a frame). */
export async function addCard(page: Page, number = VISA) {
  const modal = page.getByRole('dialog', { name: 'Add a card' });
  await expect(modal).toBeVisible();
  const form = page.frameLocator('[data-testid="card-form-frame"]');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry').fill('0830');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Add card' }).click();
  await expect(modal).toHaveCount(0);
}

export async function billToServiceAddress(page: Page) {
  await section(page, 'billing-address')
    .getByRole('radio', { name: /Same as the service address/ })
    .check();
}

export async function agree(page: Page) {
  await section(page, 'signup-agreement')
    .getByRole('checkbox', { name: /I agree/ })
    .check();
}

export async function solveCaptcha(page: Page) {
  await section(page, 'signup-agreement').getByText("I'm not a robot").click();
}

export function placeOrderButton(page: Page) {
  return section(page, 'signup-agreement').getByRole('button', { name: 'Place order' });
}
