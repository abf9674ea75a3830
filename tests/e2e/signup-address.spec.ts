/**
 * The signup's address search in the browser, against the seeded demo addresses: zero, one and
 * several matches, every unavailable message, the combobox keyboard, and the route parameters.
 */
import {
  FIELD_MESSAGES,
  SIGNUP_WIZARD_MESSAGES,
  addressAvailabilityMessage,
  suggestionsAnnouncement,
  type AddressAvailabilityCase,
} from '../../src/shared/messages.ts';
import { SERVICEABILITY_MESSAGES } from '../../src/shared/signup/messages.ts';
import type { Page } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/public-config.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import {
  DEMO_ADDRESSES,
  SIGNUP_PATH,
  addressBox,
  chooseAddress,
  expectServiceable,
  walkToConnectivity,
} from './signup/wizard.ts';

test.use({ reducedMotion: 'reduce' });

async function salesContacts(page: Page) {
  const config = await page.evaluate(
    () => JSON.parse(document.getElementById('app-config')?.textContent ?? '{}') as PublicConfig,
  );
  return { phone: config.salesPhone, email: config.salesEmail, chatUrl: config.chatUrl };
}

test.describe('signup address search', () => {
  test('zero matches: the unavailable modal adds the visitor to the contact list, with the captcha', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    await chooseAddress(page, DEMO_ADDRESSES.zeroMatches);
    const modal = page.getByRole('dialog', {
      name: SIGNUP_WIZARD_MESSAGES.addressUnavailableTitle,
    });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Address')).toHaveValue(DEMO_ADDRESSES.zeroMatches.formatted);
    const addMe = modal.getByRole('button', { name: 'Add me' });
    await expect(addMe).toBeDisabled();
    await modal.getByLabel('Name').fill('P');
    await modal.getByLabel('Name').fill('');
    await modal.getByLabel('Email').fill('not-an-email');
    await modal.getByLabel('Email').blur();
    await expect(modal.getByText(FIELD_MESSAGES.approvalName)).toBeVisible();
    await expect(modal.getByText(FIELD_MESSAGES.email)).toBeVisible();
    await expectAccessible(page, 'contact-list form with errors');

    await modal.getByLabel('Name').fill('Pat Prospect');
    await modal.getByLabel('Phone').pressSequentially('8015550142');
    await modal.getByLabel('Email').fill('pat@example.com');
    await expect(addMe).toBeDisabled();
    // The email message goes once the check runs; the captcha moves up with it.
    await expect(modal.getByText(FIELD_MESSAGES.email)).toHaveCount(0);
    await modal.getByText("I'm not a robot").click();
    await expect(addMe).toBeEnabled({ timeout: 15_000 });
    await addMe.click();
    await expect(modal.getByText(SERVICEABILITY_MESSAGES.availabilityContactAdded)).toBeVisible();

    await modal.getByRole('button', { name: 'Close' }).click();
    const noMatch = page.getByTestId('address-no-match');
    await expect(noMatch).toContainText(
      addressAvailabilityMessage('unavailable', await salesContacts(page)),
    );
    await expect(page.getByTestId('signup-customer')).toHaveCount(0);
  });

  test('several matches: a selection modal, then the chosen unit goes on', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    await chooseAddress(page, DEMO_ADDRESSES.severalMatches);
    const modal = page.getByRole('dialog', { name: SIGNUP_WIZARD_MESSAGES.chooseMatchTitle });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('listitem')).toHaveCount(4);
    await expectAccessible(page, 'match selection');
    await modal.getByRole('button', { name: /Apt 102/ }).click();
    await expectServiceable(page);
    await expect(page.getByTestId('address-serviceable')).toContainText('Apt 102');
  });

  test('each address that cannot be ordered shows its message with the sales contacts', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    const sales = await salesContacts(page);
    const cases: [keyof typeof DEMO_ADDRESSES, AddressAvailabilityCase][] = [
      ['disabled', 'disabled'],
      ['business', 'business'],
      ['inService', 'in_service'],
      ['unavailable', 'unavailable'],
    ];
    for (const [key, kind] of cases) {
      await chooseAddress(page, DEMO_ADDRESSES[key]);
      await expect(page.getByTestId('address-unavailable')).toHaveText(
        addressAvailabilityMessage(kind, sales),
      );
      await expect(page.getByTestId('signup-customer')).toHaveCount(0);
    }
    // An early-signup address gives no message and goes on.
    await chooseAddress(page, DEMO_ADDRESSES.utopiaEarlySignup);
    await expectServiceable(page);
    await expect(page.getByTestId('address-serviceable')).toContainText(
      SIGNUP_WIZARD_MESSAGES.earlySignup,
    );
    await expect(page.getByTestId('address-unavailable')).toHaveCount(0);
  });

  test('the address box is a combobox: arrows, Enter, Escape, and the count is announced', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    const box = addressBox(page);
    await box.fill('2890 S Redwood Rd');
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    const count = await options.count();
    await expect(page.getByRole('status').filter({ hasText: 'suggestion' })).toHaveText(
      suggestionsAnnouncement(count),
    );
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'suggestions open');

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = options.nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('ArrowUp');
    const last = options.nth(count - 1);
    await expect(last).toHaveAttribute('aria-selected', 'true');
    const chosen = await last.textContent();
    await box.press('Enter');
    await expect(box).toHaveValue(chosen!);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('route parameters: displayInline draws no header; components=voice ticks the voice box', async ({
    page,
    visit,
  }) => {
    await visit(`${SIGNUP_PATH}voice?displayInline=true&showFormData=true`);
    await expect(page.getByTestId('signup-layout')).toHaveAttribute('data-inline', 'true');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
    await expect(
      page.getByRole('checkbox', { name: 'Contact me about voice service' }),
    ).toBeChecked();
  });
});
