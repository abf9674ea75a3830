/**
 * The signup's first half in the browser for each provider type, on the seeded demo addresses:
 * UTOPIA Fiber as an owner (with the 10 Gbps bundle and mesh) and as a renter, Yellowstone Fiber
 * (owners only, tribal question, out of stock), Bountiful (city account), Lehi (installation
 * slot) and Southern Ute (activation date). Attribution appears once every service is valid.
 */
import type { Page } from '@playwright/test';
import { ATTRIBUTION_OPTIONS } from '../../src/shared/constants.ts';
import { addDays, earliestScheduleDate } from '../../src/shared/signup/dates.ts';
import {
  CONNECTIVITY_MESSAGES,
  FIELD_MESSAGES,
  SIGNUP_WIZARD_MESSAGES,
} from '../../src/shared/messages.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import {
  CUSTOMER,
  DEMO_ADDRESSES,
  SIGNUP_PATH,
  chooseAddress,
  chooseFirstInstallationSlot,
  chooseSpeed,
  expectServiceable,
  fillCustomer,
  pickDate,
  typeMasked,
  walkToConnectivity,
} from './signup/wizard.ts';

test.use({ reducedMotion: 'reduce' });

const attribution = (page: Page) => page.getByTestId('signup-attribution');

test.describe('signup by provider', () => {
  test('UTOPIA Fiber owner: masks and messages, the 10 Gbps bundle with mesh, voice and attribution', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    await chooseAddress(page, DEMO_ADDRESSES.utopiaOrderable);
    await expectServiceable(page);

    const customer = page.getByTestId('signup-customer');
    await customer.getByLabel('Phone').pressSequentially('80155');
    await customer.getByLabel('Phone').blur();
    await customer.getByLabel('Date of birth').pressSequentially('13452030');
    await customer.getByLabel('Date of birth').blur();
    await expect(customer.getByLabel('Phone')).toHaveValue('(801) 55');
    await expect(customer.getByText(FIELD_MESSAGES.phone)).toBeVisible();
    await expect(customer.getByText(FIELD_MESSAGES.dateOfBirth)).toBeVisible();
    await expect(page.getByTestId('signup-speed')).toHaveCount(0);
    await fillCustomer(page);
    await expect(customer.getByLabel('Phone')).toHaveValue(CUSTOMER.phone);
    await expect(customer.getByLabel('Date of birth')).toHaveValue('04/12/1985');
    await expect(page.getByTestId('signup-speed')).toBeVisible();
    await expectAccessible(page, 'speed cards');

    await chooseSpeed(page, 'speed_10000_sym');
    const bundle = page.getByTestId('router-bundle');
    await expect(bundle).toContainText(SIGNUP_WIZARD_MESSAGES.routerBundled);
    await expect(page.locator('[data-router-model="ten-gig"]')).toBeVisible();
    await bundle.getByRole('button', { name: 'OK, proceed' }).click();
    await expect(page.getByTestId('signup-connectivity')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Mesh extenders' }).click();
    await page.getByRole('option', { name: '2 extenders' }).click();
    await expect(page.getByTestId('signup-connectivity')).toBeVisible();

    // Leaving 10 Gbps clears the router answer; another speed shows another router.
    await chooseSpeed(page, 'speed_2000_sym');
    await expect(page.locator('[data-router-model="standard"]')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Yes, add/ })).not.toBeChecked();
    await page.getByRole('radio', { name: /Yes, add/ }).check();
    await page.getByRole('combobox', { name: 'Mesh extenders' }).click();
    await page.getByRole('option', { name: 'No extenders' }).click();

    await expect(attribution(page)).toHaveCount(0);
    await page.getByRole('radio', { name: 'I own this home' }).check();
    await expect(attribution(page)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Contact me about voice service' }).check();
    await expect(attribution(page).getByRole('button', { name: 'Skip' })).toBeVisible();
    await attribution(page).getByRole('radio', { name: ATTRIBUTION_OPTIONS[7].label }).check();
    await expect(attribution(page).getByRole('button', { name: 'Skip' })).toHaveCount(0);
    await attribution(page).getByLabel('Where did you hear about us?').fill('A billboard');
    await expect(page.locator('[data-testid="signup-progress"] li[data-done="true"]')).toHaveCount(
      5,
    );
    await expectAccessible(page, 'first half complete');
  });

  test("UTOPIA Fiber renter: the owner's contact is checked and sent", async ({ page, visit }) => {
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
    await page.getByRole('radio', { name: 'I rent this home' }).check();
    const owner = page.getByRole('form', { name: 'Property owner' });
    await owner.getByRole('button', { name: "Send the owner's contact" }).click();
    await expect(owner.getByText(FIELD_MESSAGES.ownerName)).toBeVisible();
    await expect(owner.getByText(FIELD_MESSAGES.phone)).toBeVisible();
    await expect(owner.getByText(FIELD_MESSAGES.email)).toBeVisible();
    await expectAccessible(page, 'owner contact errors');
    await owner.getByLabel('Owner name').fill('Olive Owner');
    await typeMasked(owner.getByLabel('Owner phone'), '8015550188');
    await expect(owner.getByLabel('Owner phone')).toHaveValue('(801) 555-0188');
    await owner.getByLabel('Owner email').fill('olive@example.com');
    await expect(attribution(page)).toHaveCount(0);
    // The messages go once each field is checked; then the button stays where it is.
    await expect(owner.getByText(FIELD_MESSAGES.email)).toHaveCount(0);
    await owner.getByRole('button', { name: "Send the owner's contact" }).click();
    await expect(page.getByTestId('owner-contact-sent')).toHaveText(
      SIGNUP_WIZARD_MESSAGES.ownerContactSent,
    );
    await expect(attribution(page)).toBeVisible();
  });

  test('Yellowstone Fiber: owners only, the tribal question, router and mesh out of stock', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    await chooseAddress(page, DEMO_ADDRESSES.yellowstoneOrderable);
    await expectServiceable(page);
    await fillCustomer(page);
    await chooseSpeed(page, 'speed_10000_sym');
    // The 10 Gbps router is out of stock: no bundle, Yes is disabled with the call-or-chat message.
    await expect(page.getByTestId('router-bundle')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: /Yes, add/ })).toBeDisabled();
    await expect(page.getByTestId('router-out-of-stock')).toContainText('out of stock right now');
    await chooseSpeed(page, 'speed_1000_sym');
    await page.getByRole('radio', { name: /Yes, add/ }).check();
    await expect(page.getByTestId('mesh-out-of-stock')).toContainText('out of stock right now');
    await expect(page.getByRole('combobox', { name: 'Mesh extenders' })).toBeDisabled();
    await expectAccessible(page, 'out of stock');

    await expect(page.getByTestId('signup-connectivity')).toBeVisible();
    await page.getByRole('radio', { name: 'I rent this home' }).check();
    await expect(page.getByTestId('owners-only')).toHaveText(CONNECTIVITY_MESSAGES.ownersOnly);
    await page.getByRole('radio', { name: 'I own this home' }).check();
    await expect(page.getByTestId('owners-only')).toHaveCount(0);
    await expect(attribution(page)).toHaveCount(0);
    const tribal = page.getByRole('radiogroup', {
      name: 'Are you a member of a federally recognized tribe?',
    });
    await expect(page.getByText(CONNECTIVITY_MESSAGES.tribalRequired)).toBeVisible();
    await tribal.getByRole('radio', { name: 'Yes' }).check();
    await expect(attribution(page)).toBeVisible();
  });

  test("Bountiful: the city utility account's customer and account ids", async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.bountifulOrderable);
    const city = page.getByTestId('city-account');
    await city.getByLabel('City customer ID').fill('2345');
    await city.getByLabel('City account ID').fill('12a');
    await city.getByLabel('City account ID').blur();
    await expect(city.getByText(FIELD_MESSAGES.cityCustomerId)).toBeVisible();
    await expect(city.getByText(FIELD_MESSAGES.cityAccountId)).toBeVisible();
    await page.getByRole('radio', { name: 'I own this home' }).check();
    await expect(attribution(page)).toHaveCount(0);
    await city.getByLabel('City customer ID').fill('1234567');
    await city.getByLabel('City account ID').fill('998877');
    await expect(attribution(page)).toBeVisible();
    await expect(city.getByText(FIELD_MESSAGES.cityCustomerId)).toHaveCount(0);
  });

  test('Lehi Fiber: installation type, then date, then a time slot; the attach point map', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.lehiOntInstall);
    const strata = page.getByTestId('strata-residential');
    await expect(
      strata.getByRole('button', { name: 'Installation date', exact: true }),
    ).toBeDisabled();
    await expect(page.getByTestId('drop-map')).toBeVisible();
    await expect(strata.getByRole('link', { name: 'Open this spot in a map' })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=.*#map=20\//,
    );
    await chooseFirstInstallationSlot(page);
    await expect(attribution(page)).toBeVisible();
    await expectAccessible(page, 'installation scheduled');
    // Another type starts the date and time over.
    await page.getByTestId('install-advanced').click();
    await expect(strata.getByRole('radiogroup', { name: 'Installation time' })).toHaveCount(0);
    await expect(page.locator('[data-testid="signup-progress"] li[data-done="true"]')).toHaveCount(
      4,
    );
  });

  test('Southern Ute: a desired activation date from tomorrow; no voice here', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.southernUteOrderable);
    await expect(page.getByTestId('signup-voice')).toHaveCount(0);
    const tomorrow = earliestScheduleDate();
    await page.getByRole('button', { name: 'Desired activation date', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    const today = page.locator(`[data-date="${addDays(tomorrow, -1)}"]`).first();
    if (await today.isVisible()) await expect(today).toBeDisabled();
    // The open calendar, weekend days included, reads at 4.5:1 in either scheme.
    await expectAccessible(page, 'the activation calendar');
    await page.keyboard.press('Escape');
    await expect(attribution(page)).toHaveCount(0);
    await pickDate(page, 'Desired activation date', tomorrow);
    await expect(attribution(page)).toBeVisible();
  });
});
