/**
 * The signup as a new visitor meets it, at 1280 and 360 pixels wide: where focus goes when a
 * modal, a suggestion or a skipped question goes away; what the router of a bundle costs; the
 * bank form's missing account type; contact details as links; one card form heading; sections
 * revealed together (scrolled to the first and announced); a Send clicked while the fields are
 * still being checked; the mobile menu.
 */
import type { Page } from '@playwright/test';
import { FIELD_MESSAGES, SIGNUP_WIZARD_MESSAGES } from '../../src/shared/messages.ts';
import { USERNAME_MESSAGES } from '../../src/shared/messages/account.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { WEAK_PASSWORD, choosePassword, section } from './signup/order.ts';
import {
  DEMO_ADDRESSES,
  SIGNUP_PATH,
  chooseAddress,
  chooseSpeed,
  expectServiceable,
  fillCustomer,
  typeMasked,
  walkToConnectivity,
} from './signup/wizard.ts';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 90_000 });

async function salesContacts(page: Page) {
  return page.evaluate(
    () =>
      JSON.parse(document.getElementById('app-config')?.textContent ?? '{}') as {
        salesPhone: string;
        salesEmail: string;
        chatUrl: string;
      },
  );
}

/** The contacts of sales in `region` are links: tel:, the chat page and (with it) mailto:. */
async function expectContactLinks(page: Page, testId: string, withEmail = true) {
  const sales = await salesContacts(page);
  const region = page.getByTestId(testId);
  await expect(region.getByRole('link', { name: sales.chatUrl })).toHaveAttribute(
    'href',
    sales.chatUrl,
  );
  await expect(region.getByRole('link', { name: sales.salesPhone })).toHaveAttribute(
    'href',
    `tel:${sales.salesPhone.replace(/[^\d+]/g, '')}`,
  );
  if (withEmail)
    await expect(region.getByRole('link', { name: sales.salesEmail })).toHaveAttribute(
      'href',
      `mailto:${sales.salesEmail}`,
    );
}

/** The UTOPIA owner up to the sections that "I own this home" reveals together. */
async function walkToOwnership(page: Page) {
  await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
  await page.getByRole('radio', { name: 'I own this home' }).check();
  await expect(section(page, 'signup-account')).toBeVisible();
}

for (const width of [1280, 360]) {
  test.describe(`a visitor at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 800 : 740 } });

    test('sections revealed together: the first is scrolled to and every one is announced', async ({
      page,
      visit,
    }) => {
      await visit(SIGNUP_PATH);
      await walkToOwnership(page);
      const attribution = section(page, 'signup-attribution');
      await expect(attribution.getByRole('heading', { level: 2 })).toBeInViewport();
      const announcer = page.getByTestId('sections-announcer');
      await expect(announcer).toContainText('How did you hear about us?');
      await expect(announcer).toContainText('Account setup');
      await expect(announcer).toContainText('Payment');
      await expect(announcer).toHaveAttribute('aria-live', 'polite');

      // The advice for a weak password is readable (checked by axe, in light and dark).
      await choosePassword(page, WEAK_PASSWORD);
      await expect(page.getByRole('list', { name: 'Password advice' })).toBeVisible();
      await expectAccessible(page, 'password advice');
    });

    test('focus comes back after the card modal, the password generator, Skip and a username suggestion', async ({
      page,
      visit,
    }) => {
      await visit(SIGNUP_PATH);
      await walkToOwnership(page);

      // Skip: the question goes, focus moves to the next field (the account holder's first name).
      const attribution = section(page, 'signup-attribution');
      await attribution.getByRole('button', { name: 'Skip' }).click();
      await expect(attribution).toHaveCount(0);
      await expect(section(page, 'signup-account').getByLabel('First name')).toBeFocused();

      // A username suggestion fills the box; the list goes and focus returns to the box.
      const credentials = section(page, 'signup-credentials');
      await credentials.getByRole('textbox', { name: 'Username' }).fill('demo');
      await expect(credentials.getByText(USERNAME_MESSAGES.taken)).toBeVisible({
        timeout: 10_000,
      });
      const suggestions = credentials.getByRole('group', { name: 'Suggested usernames' });
      await suggestions.getByRole('button').first().click();
      await expect(suggestions).toHaveCount(0);
      await expect(credentials.getByRole('textbox', { name: 'Username' })).toBeFocused();

      // "Use this password" closes the generator: focus returns to the button that opened it.
      const opener = credentials.getByRole('button', { name: 'Suggest a password' });
      await opener.click();
      const generator = page.getByRole('dialog', { name: 'Suggest a password' });
      const words = generator
        .getByRole('group', { name: 'Words to choose from' })
        .getByRole('button');
      for (const index of [0, 4, 8]) await words.nth(index).click();
      await generator.getByRole('button', { name: 'Generate' }).click();
      await generator.getByRole('button', { name: 'Use this password' }).click();
      await expect(generator).toHaveCount(0);
      await expect(opener).toBeFocused();

      // The card modal, closed: focus returns to the card choice that opened it.
      const payment = section(page, 'signup-payment');
      const card = payment.getByRole('radio', { name: 'Credit or debit card' });
      await card.check();
      const modal = page.getByRole('dialog', { name: 'Add a card' });
      await expect(modal).toBeVisible();
      // One visible heading: the modal's title; the provider's form is named by its frame.
      await expect(page.getByRole('heading', { name: 'Add a card' })).toHaveCount(1);
      const frame = page.frameLocator('[data-testid="card-form-frame"]');
      await expect(frame.getByLabel('Card number')).toBeVisible();
      await expect(frame.getByRole('heading', { name: 'Add a card' })).toHaveCount(0);
      await expect(frame.getByRole('form', { name: 'Add a card' })).toBeVisible();
      await expect(page.getByTestId('card-form-frame')).toHaveAttribute('title', /card/i);
      await modal.getByRole('button', { name: 'Close the card form' }).click();
      await expect(modal).toHaveCount(0);
      await expect(card).toBeFocused();
    });

    test('the bank form says a missing account type; the 10 Gbps router says it is included', async ({
      page,
      visit,
    }) => {
      await visit(SIGNUP_PATH);
      await chooseAddress(page, DEMO_ADDRESSES.utopiaOrderable);
      await expectServiceable(page);
      await fillCustomer(page);
      await chooseSpeed(page, 'speed_10000_sym');
      const router = section(page, 'signup-router');
      await expect(router).toContainText(SIGNUP_WIZARD_MESSAGES.routerIncluded);
      await expect(router).not.toContainText('Adds');
      await router.getByRole('button', { name: 'OK, proceed' }).click();
      await page.getByRole('combobox', { name: 'Mesh extenders' }).click();
      await page.getByRole('option', { name: 'No extenders' }).click();
      await expect(router).toContainText(SIGNUP_WIZARD_MESSAGES.routerIncluded);
      await page.getByRole('radio', { name: 'I own this home' }).check();

      const payment = section(page, 'signup-payment');
      await payment.getByRole('radio', { name: 'Bank account (ACH)' }).check();
      const bank = payment.getByTestId('bank-form');
      await bank.getByLabel('Name on the bank account').fill('Dana Demo');
      await bank.getByLabel('Routing number').fill('021000021');
      await bank.getByLabel('Account number').fill('000123456789');
      await expect(bank.getByText(FIELD_MESSAGES.accountType)).toBeVisible();
      await bank.getByRole('radio', { name: 'Checking' }).check();
      await expect(bank.getByText(FIELD_MESSAGES.accountType)).toHaveCount(0);
    });

    test("the renter's Send, clicked while the fields are still being checked, is sent", async ({
      page,
      visit,
    }) => {
      await visit(SIGNUP_PATH);
      await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
      await page.getByRole('radio', { name: 'I rent this home' }).check();
      const owner = page.getByRole('form', { name: 'Property owner' });
      const send = owner.getByRole('button', { name: "Send the owner's contact" });
      await send.click();
      await expect(owner.getByText(FIELD_MESSAGES.email)).toBeVisible();
      await owner.getByLabel('Owner name').fill('Olive Owner');
      await typeMasked(owner.getByLabel('Owner phone'), '8015550188');
      await owner.getByLabel('Owner email').fill('olive@example.com');
      // Clicked at once, before the 250 ms check of the email has run.
      await send.click();
      await expect(page.getByTestId('owner-contact-sent')).toHaveText(
        SIGNUP_WIZARD_MESSAGES.ownerContactSent,
      );
    });

    test('contacts in the unavailable and out-of-stock messages are links', async ({
      page,
      visit,
    }) => {
      await visit(SIGNUP_PATH);
      await chooseAddress(page, DEMO_ADDRESSES.unavailable);
      await expect(page.getByTestId('address-unavailable')).toBeVisible();
      await expectContactLinks(page, 'address-unavailable');

      await visit(SIGNUP_PATH);
      await chooseAddress(page, DEMO_ADDRESSES.yellowstoneOrderable);
      await expectServiceable(page);
      await fillCustomer(page);
      await chooseSpeed(page, 'speed_10000_sym');
      await expectContactLinks(page, 'router-out-of-stock', false);
      await chooseSpeed(page, 'speed_1000_sym');
      await page.getByRole('radio', { name: /Yes, add/ }).check();
      await expectContactLinks(page, 'mesh-out-of-stock', false);
    });
  });
}

test.describe('a visitor on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the site menu opens and closes by a named button', async ({ page, visit }) => {
    await visit('/control/login/');
    await page.getByRole('button', { name: 'Open the site menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expectAccessible(page, 'site menu');
    await menu.getByRole('button', { name: 'Close the site menu' }).click();
    await expect(menu).toHaveCount(0);
  });
});
