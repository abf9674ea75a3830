/**
 * The payment methods page (portal.md §2 /payment-methods/, §5 "Bank form"), for customers of
 * their own (claimBilledCustomer: a bank account as the default, autopay off): a card added
 * through the real provider's frame and made the default, the old bank account removed after a
 * confirmation; a bank account refused on its routing number, then added. The 409 of removing the
 * default while automatic payment is on needs the billing page's switch: the API tests hold it
 * (tests/api/billing-endpoints.test.ts), the machine tests show its message.
 */
import type { Page } from '@playwright/test';
import { WHITELISTED_ROUTING_NUMBERS } from '../../../src/shared/constants.ts';
import { FIELD_MESSAGES } from '../../../src/shared/messages.ts';
import { PAYMENT_METHODS_MESSAGES } from '../../../src/shared/billing/messages.ts';
import { claimBilledCustomer } from '../support/billed-customers.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { logInAs } from '../paths/mappings/portal.ts';
import { addCardAsAPerson, cardFrame, cardModal, PAYMENT_METHODS_PATH } from './cards.ts';
import { answerPasswordPrompts } from './requests.ts';

const method = (page: Page, label: string) =>
  page.getByRole('article', { name: label, exact: true });

async function openPaymentMethods(
  page: Page,
  visit: (path: string) => Promise<void>,
): Promise<void> {
  await answerPasswordPrompts(page);
  await logInAs(page, visit, claimBilledCustomer(), PAYMENT_METHODS_PATH);
  await expect(page.getByRole('heading', { name: 'Payment methods', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payment-method')).toHaveCount(1);
}

test.describe('payment methods', () => {
  test('a card through the provider’s form, made the default; the bank account removed after a confirmation', async ({
    page,
    visit,
  }) => {
    await openPaymentMethods(page, visit);
    const bank = page.getByTestId('payment-method').first();
    const bankLabel = (await bank.getByRole('heading').textContent()) ?? '';
    expect(bankLabel).toMatch(/^Bank account ending in \d{4}$/);
    await expect(
      bank.getByText(PAYMENT_METHODS_MESSAGES.defaultBadge, { exact: true }),
    ).toBeVisible();

    const card = await addCardAsAPerson(page);
    await expect(method(page, card)).toContainText('Expires 08/2030');
    await expect(
      method(page, card).getByText(PAYMENT_METHODS_MESSAGES.defaultBadge, { exact: true }),
    ).toHaveCount(0);

    await method(page, card)
      .getByRole('button', { name: `Make ${card} the default` })
      .click();
    await expect(page.getByTestId('methods-notice')).toHaveText(
      PAYMENT_METHODS_MESSAGES.madeDefault(card),
    );
    await expect(
      method(page, card).getByText(PAYMENT_METHODS_MESSAGES.defaultBadge, { exact: true }),
    ).toBeVisible();
    await expect(
      method(page, bankLabel).getByText(PAYMENT_METHODS_MESSAGES.defaultBadge, { exact: true }),
    ).toHaveCount(0);

    // Remove asks first: Cancel keeps the account, Remove removes it.
    await method(page, bankLabel)
      .getByRole('button', { name: `Remove ${bankLabel}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Remove payment method' });
    await expect(confirm).toContainText(PAYMENT_METHODS_MESSAGES.confirmRemoval(bankLabel));
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(method(page, bankLabel)).toBeVisible();
    await method(page, bankLabel)
      .getByRole('button', { name: `Remove ${bankLabel}` })
      .click();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByTestId('methods-notice')).toHaveText(
      PAYMENT_METHODS_MESSAGES.removed(bankLabel),
    );
    await expect(method(page, bankLabel)).toHaveCount(0);
    await expect(page.getByTestId('payment-method')).toHaveCount(1);
  });

  test('a bank account: a routing number that is not one is refused on its field, then a good one is added', async ({
    page,
    visit,
  }) => {
    await openPaymentMethods(page, visit);
    await page.getByRole('button', { name: 'Add a bank account' }).click();
    const form = page.getByRole('dialog', { name: 'Add a bank account' });
    await form.getByLabel('Name on the bank account').fill('Bill Payer');
    await form.getByLabel('Routing number').fill('123456781');
    await form.getByLabel('Account number').fill('000987654321');
    await form.getByRole('radio', { name: 'Savings' }).check();
    await form.getByRole('button', { name: 'Add bank account' }).click();
    await expect(form.getByText(FIELD_MESSAGES.routingNumber)).toBeVisible();
    await expect(form.getByLabel('Routing number')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Routing number').fill(WHITELISTED_ROUTING_NUMBERS[1]);
    await form.getByRole('button', { name: 'Add bank account' }).click();
    await expect(form).toHaveCount(0);
    const label = 'Bank account ending in 4321';
    await expect(page.getByTestId('methods-notice')).toHaveText(
      PAYMENT_METHODS_MESSAGES.added(label),
    );
    await expect(method(page, label)).toContainText('Savings');
    await expect(page.getByTestId('payment-method')).toHaveCount(2);

    // The next bank account starts from an empty form: nothing of the one just added.
    await page.getByRole('button', { name: 'Add a bank account' }).click();
    await expect(form.getByLabel('Name on the bank account')).toHaveValue('');
    await expect(form.getByLabel('Routing number')).toHaveValue('');
    await expect(form.getByLabel('Account number')).toHaveValue('');
    await expect(form.getByRole('radio', { name: 'Savings' })).not.toBeChecked();
    await expect(
      form.getByRole('checkbox', { name: 'Make it the default payment method' }),
    ).not.toBeChecked();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
  });

  test('the card form follows the colour scheme, its security code level with its expiry; the Default badge is never cut', async ({
    page,
    visit,
  }) => {
    await openPaymentMethods(page, visit);
    const openCardForm = async () => {
      await page.getByRole('button', { name: 'Add a card' }).click();
      await expect(cardModal(page)).toBeVisible();
      await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
    };
    /** The provider page's background and the modal's around it. */
    const backgrounds = async () => {
      const frame = page.frame({ url: /\/form\?/ });
      expect(frame, 'the provider’s form is framed').not.toBeNull();
      return {
        form: await frame!.evaluate(() => getComputedStyle(document.body).backgroundColor),
        modal: await cardModal(page).evaluate((dialog) => getComputedStyle(dialog).backgroundColor),
        scheme: new URL(frame!.url()).searchParams.get('scheme'),
      };
    };

    // Light: a white form in a white modal.
    await openCardForm();
    expect(await backgrounds()).toEqual({
      form: 'rgb(255, 255, 255)',
      modal: 'rgb(255, 255, 255)',
      scheme: 'light',
    });
    // The security code sits level with the expiry: same top, same height.
    const expiry = await cardFrame(page).getByLabel('Expiry').boundingBox();
    const cvc = await cardFrame(page).getByLabel('Security code').boundingBox();
    expect(expiry && cvc).toBeTruthy();
    expect(Math.abs(expiry!.y - cvc!.y), 'the two boxes start level').toBeLessThan(1);
    expect(Math.abs(expiry!.height - cvc!.height)).toBeLessThan(1);
    await cardModal(page).getByRole('button', { name: 'Close the card form' }).click();
    await expect(cardModal(page)).toHaveCount(0);

    // Dark: the provider's page follows the modal's dark colours (checked with axe in both).
    await page.emulateMedia({ colorScheme: 'dark' });
    await openCardForm();
    await expect.poll(async () => (await backgrounds()).scheme, { timeout: 10_000 }).toBe('dark');
    const dark = await backgrounds();
    expect(dark.form).toBe(dark.modal);
    expect(dark.form).not.toBe('rgb(255, 255, 255)');
    const text = await cardFrame(page)
      .getByLabel('Card number')
      .evaluate((input) => getComputedStyle(input).color);
    expect(text, 'the typed text is light on the dark form').not.toBe('rgb(0, 0, 0)');
    await expectAccessible(page, 'the card form in dark mode');

    await cardModal(page).getByRole('button', { name: 'Close the card form' }).click();
    await expect(cardModal(page)).toHaveCount(0);

    // On a narrow screen the default method's title wraps; its badge stays whole.
    await page.setViewportSize({ width: 320, height: 800 });
    const bank =
      (await page.getByTestId('payment-method').first().getByRole('heading').textContent()) ?? '';
    expect(bank).toMatch(/^Bank account ending in \d{4}$/);
    const badge = method(page, bank).getByText(PAYMENT_METHODS_MESSAGES.defaultBadge, {
      exact: true,
    });
    await expect(badge).toBeVisible();
    const heading = method(page, bank).getByRole('heading', { name: bank });
    const lineHeight = await heading.evaluate((h) => parseFloat(getComputedStyle(h).lineHeight));
    expect((await heading.boundingBox())!.height, 'the title wraps').toBeGreaterThan(
      lineHeight * 1.5,
    );
    const cut = await badge.evaluate((label) => label.scrollWidth > label.clientWidth);
    expect(cut, 'the Default badge shows its whole word').toBe(false);
  });
});
