/**
 * What the billing pages' browser tests and path mappings share: the password prompt that a
 * sensitive call may bring up (the e2e server's access token lives 5 s), the customer's state set
 * through the API (as the payment methods page would set it), and the page's own reload of
 * everything it shows (saving the billing address).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { PaymentAccountsResponse } from '../../../src/shared/billing/schemas.ts';
import { WHITELISTED_ROUTING_NUMBERS } from '../../../src/shared/constants.ts';
import { BILLING_MESSAGES } from '../../../src/shared/billing/messages.ts';
import { answerPasswordPrompt, passwordPrompt } from './requests.ts';
import { freshApi } from '../support/fresh-api.ts';

export const BILLING_PATH = '/control/billing/';
const SLOW_MS = 15_000;

/** Waits for `done`; when the password prompt asks first, answers it. */
export async function throughPasswordPrompt(page: Page, done: Locator) {
  const prompt = passwordPrompt(page);
  await expect(done.or(prompt).first()).toBeVisible({ timeout: SLOW_MS });
  if (await prompt.isVisible()) {
    await answerPasswordPrompt(page);
    await expect(done).toBeVisible({ timeout: SLOW_MS });
  }
}

/** Adds a second bank account (not the default): "Bank account ending in 4321". */
export async function addBankAccount(page: Page, username: string): Promise<string> {
  const call = await freshApi(page, username);
  await call('post', '/billing/payment_accounts/ach', {
    name: 'Bill Payer',
    routing: WHITELISTED_ROUTING_NUMBERS[0],
    account: '000987654321',
    account_type: 'CHECKING',
  });
  return 'Bank account ending in 4321';
}

/**
 * Sets automatic payment and whether there is a default account, as the payment methods page
 * would: without a default, every account is removed; with one, a bank account is added when
 * none is left.
 */
export async function setAccounts(
  page: Page,
  username: string,
  want: { automatic: boolean; hasDefault: boolean },
) {
  const call = await freshApi(page, username);
  let state = (await call('get', '/billing/payment_accounts')) as PaymentAccountsResponse;
  const id = () => state.default_payment_account_id;
  if (!want.hasDefault) {
    if (state.automatic && id() !== null)
      state = (await call('put', `/billing/payment_accounts/${id()}`, {
        automatic: false,
      })) as PaymentAccountsResponse;
    for (const account of state.payment_accounts)
      state = (await call(
        'delete',
        `/billing/payment_accounts/${account.payment_account_id}`,
      )) as PaymentAccountsResponse;
    return;
  }
  if (id() === null) {
    await call('post', '/billing/payment_accounts/ach', {
      name: 'Bill Payer',
      routing: WHITELISTED_ROUTING_NUMBERS[0],
      account: '000555554321',
      account_type: 'CHECKING',
      make_default: true,
    });
    state = (await call('get', '/billing/payment_accounts')) as PaymentAccountsResponse;
  }
  if (state.automatic !== want.automatic)
    await call('put', `/billing/payment_accounts/${id()}`, { automatic: want.automatic });
}

/**
 * The page loads everything again, as after any change it makes: the billing address saved (it
 * needs no fresh token).
 */
export async function reloadThroughAddress(page: Page) {
  await page.getByRole('button', { name: 'Edit billing address' }).click();
  const form = page.getByRole('form', { name: 'Edit the billing address' });
  await form.getByRole('textbox', { name: 'Last name' }).fill('Payer');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText(BILLING_MESSAGES.addressSaved).first()).toBeVisible();
  await expect(form).toHaveCount(0);
}
