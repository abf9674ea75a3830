/**
 * What a person does on the signup page, for the signup browser tests and the wizard's path
 * mapping. Addresses are the seeded demo addresses (src/shared/signup/demo-addresses.ts).
 */
import type { Locator, Page } from '@playwright/test';
import {
  DEMO_ADDRESSES,
  type DemoAddress,
  type DemoAddressKey,
} from '../../../src/shared/signup/demo-addresses.ts';
import { expect } from '../support/fixtures.ts';

export const SIGNUP_PATH = '/control/signup/';
export { DEMO_ADDRESSES, type DemoAddressKey };

export const CUSTOMER = {
  fname: 'Dana',
  lname: 'Demo',
  email: 'dana@example.com',
  phoneDigits: '8015550123',
  phone: '(801) 555-0123',
  dobDigits: '04121985',
} as const;

export function addressBox(page: Page) {
  return page.getByRole('combobox', { name: 'Service address' });
}

/**
 * Types the demo address and clicks its suggestion. On a busy machine the list can close under
 * the click without a choice (the box holds what was typed): the box is focused again, which
 * shows the list again, and the suggestion clicked once more.
 */
export async function chooseAddress(page: Page, demo: DemoAddress) {
  const box = addressBox(page);
  const suggestion = page.getByRole('option', { name: demo.formatted, exact: true });
  await box.fill(demo.search);
  await suggestion.click();
  const chosen = await expect(box)
    .toHaveValue(demo.formatted, { timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (chosen) return;
  await box.click();
  await suggestion.click();
  await expect(box).toHaveValue(demo.formatted);
}

export async function expectServiceable(page: Page) {
  await expect(page.getByTestId('address-serviceable')).toBeVisible();
  await expect(page.getByTestId('signup-customer')).toBeVisible();
}

/** Types digits into a masked field, replacing what it held. */
export async function typeMasked(field: Locator, digits: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(digits);
}

export async function fillCustomer(page: Page) {
  const section = page.getByTestId('signup-customer');
  await section.getByLabel('First name').fill(CUSTOMER.fname);
  await section.getByLabel('Last name').fill(CUSTOMER.lname);
  await section.getByLabel('Email').fill(CUSTOMER.email);
  await typeMasked(section.getByLabel('Phone'), CUSTOMER.phoneDigits);
  await typeMasked(section.getByLabel('Date of birth'), CUSTOMER.dobDigits);
  await section.getByLabel('Date of birth').blur();
}

/**
 * Chooses a speed. The section scrolls into view as it is revealed: a click aimed just before
 * that scroll lands elsewhere (as a person's would), so the card is clicked again until chosen.
 */
export async function chooseSpeed(page: Page, speedId: string) {
  const card = page.getByTestId(`speed-${speedId}`);
  await expect(async () => {
    await card.click();
    await expect(card).toHaveAttribute('aria-checked', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

export async function declineRouter(page: Page) {
  await page.getByRole('radio', { name: 'No, I will use my own router' }).check();
}

/** The signup reaches the provider's connectivity section with the customer filled in. */
export async function walkToConnectivity(
  page: Page,
  demo: DemoAddress,
  speedId = 'speed_1000_sym',
) {
  await chooseAddress(page, demo);
  await expectServiceable(page);
  await fillCustomer(page);
  await chooseSpeed(page, speedId);
  await declineRouter(page);
  await expect(page.getByTestId('signup-connectivity')).toBeVisible();
}

/** Standard installation on the first free day and time. */
export async function chooseFirstInstallationSlot(page: Page) {
  await page.getByTestId('install-basic').click();
  const date = page.getByRole('button', { name: 'Installation date', exact: true });
  await expect(date).toBeEnabled();
  await date.click();
  await page.locator('button[data-date]:not([disabled]):not([data-outside])').first().click();
  await page
    .getByRole('radiogroup', { name: 'Installation time' })
    .getByRole('radio')
    .first()
    .check();
}

/** The section of the signup page with this test id. */
export function signupSection(page: Page, testId: string) {
  return page.getByTestId(testId);
}

/** UTOPIA Fiber: the services are complete once the visitor says they own the home. */
export async function walkToServicesComplete(page: Page) {
  await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
  await page.getByRole('radio', { name: 'I own this home' }).check();
  await expect(page.getByTestId('signup-attribution')).toBeVisible();
}

/** Pages whose services were complete once: their attribution question stays revealed. */
const servicesCompleted = new WeakSet<Page>();

/**
 * A complete connectivity section completes the services, and the attribution question follows;
 * before that it is not there. Revealed sections never disappear (signup.md §4), so a section
 * that becomes incomplete again leaves the question shown.
 */
export async function expectAttributionRevealed(page: Page, complete: boolean) {
  const attribution = page.getByTestId('signup-attribution');
  if (complete) {
    await expect(attribution).toBeVisible();
    servicesCompleted.add(page);
  } else if (!servicesCompleted.has(page)) {
    await expect(attribution).toHaveCount(0);
  }
}

/**
 * The signup reaches account setup (UTOPIA Fiber, owner): with `holderComplete` false the
 * customer's date of birth is taken out again before the account shows, so the account holder
 * it is filled from starts incomplete and the sign-in details wait.
 */
export async function walkToAccount(page: Page, { holderComplete = true } = {}) {
  await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
  if (!holderComplete) {
    const dob = page.getByTestId('signup-customer').getByLabel('Date of birth');
    await dob.click();
    await dob.press('ControlOrMeta+a');
    await dob.press('Backspace');
    await dob.blur();
  }
  await page.getByRole('radio', { name: 'I own this home' }).check();
  await expect(page.getByTestId('signup-account')).toBeVisible();
}

/**
 * Opens a date picker by its label and picks a day, moving to the next month if needed. The page
 * may still be revealing sections: a section revealed after a choice scrolls into view (signup.md
 * §2), and a picker whose field scrolls out of view hides its calendar, so the person opens it
 * again once the page has settled. A calendar still opening is not taken for a month without the
 * day: every try starts from the calendar the field opens.
 */
export async function pickDate(page: Page, label: string, date: string) {
  const field = page.getByRole('button', { name: label, exact: true });
  const day = page.locator(`[data-date="${date}"]`).first();
  const next = page.getByRole('button', { name: 'Next month' });
  await expect(async () => {
    if (!(await day.isVisible())) {
      if ((await field.getAttribute('aria-expanded')) === 'true') await field.click();
      await field.click();
      await next.waitFor({ state: 'visible', timeout: 2_000 });
    }
    for (let i = 0; i < 2 && !(await day.isVisible()); i += 1) await next.click({ timeout: 2_000 });
    await day.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The signup reaches the speed cards: the address chosen and the customer filled in. */
export async function walkToSpeeds(page: Page, demo: DemoAddress) {
  await chooseAddress(page, demo);
  await expectServiceable(page);
  await fillCustomer(page);
  await expect(page.getByTestId('signup-speed')).toBeVisible();
}
