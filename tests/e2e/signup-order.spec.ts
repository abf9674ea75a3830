/**
 * The signup's second half in the browser, placing real orders through the real API (one per
 * provider type): account setup with a taken username and a weak password, the order summary,
 * the card provider's form on its own origin (and card messages from anywhere else ignored), the
 * bank form and billing, the agreement, a refused captcha, a server error, and the automatic
 * login that lands on the account (or, refused, on the login page).
 */
import type { Page, Route } from '@playwright/test';
import { API_BASE_PATH } from '../../src/shared/constants.ts';
import {
  AGREEMENT_MESSAGES,
  PASSWORD_MESSAGES,
  SIGNUP_MESSAGES,
  USERNAME_MESSAGES,
  recaptchaFailureMessage,
} from '../../src/shared/messages/account.ts';
import {
  CART_MESSAGES,
  ORDER_MESSAGES,
  billedSeparatelyBy,
  cardEndingIn,
} from '../../src/shared/signup/messages.ts';
import { FIELD_MESSAGES, SIGNUP_WIZARD_MESSAGES } from '../../src/shared/messages.ts';
import { CARD_TOKEN_MESSAGE_TYPE } from '../../src/shared/schemas/card-token.ts';
import { IDEMPOTENCY_KEY_HEADER, SIGNUP_ORDER_PATHS } from '../../src/shared/signup/order.ts';
import { earliestScheduleDate } from '../../src/shared/signup/dates.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import {
  STRONG_PASSWORD,
  WEAK_PASSWORD,
  addCard,
  agree,
  billToServiceAddress,
  choosePassword,
  completeAccount,
  freshUsername,
  payFromBank,
  placeOrderButton,
  section,
  solveCaptcha,
} from './signup/order.ts';
import {
  CUSTOMER,
  DEMO_ADDRESSES,
  SIGNUP_PATH,
  chooseFirstInstallationSlot,
  pickDate,
  typeMasked,
  walkToConnectivity,
} from './signup/wizard.ts';

test.use({ reducedMotion: 'reduce' });
// Each test places a whole order and waits for the automatic login (4 s after the answer).
test.describe.configure({ timeout: 120_000 });

const ORDER_URL = `**${API_BASE_PATH}${SIGNUP_ORDER_PATHS.order}`;
const LOGIN_URL = `**${API_BASE_PATH}/auth/tokens`;

async function publicConfig(page: Page) {
  return page.evaluate(
    () =>
      JSON.parse(document.getElementById('app-config')?.textContent ?? '{}') as {
        contactPhone: string;
        contactEmail: string;
        cardProviderOrigins: string[];
      },
  );
}

/** A card message that looks right in every way but where it comes from. */
function fakeCardMessage(lastFour: string) {
  return {
    type: CARD_TOKEN_MESSAGE_TYPE,
    card: {
      token: 'tok_forged0123456789abcdef',
      fname: 'Eve',
      lname: 'Forger',
      exp_month: 1,
      exp_year: 2031,
      last_four: lastFour,
      brand: 'visa',
    },
  };
}

/** Every `signature` in a captcha challenge made invalid: the solution will not verify. */
async function corruptChallenge(route: Route) {
  const response = await route.fetch();
  const corrupt = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(corrupt);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [
          key,
          key === 'signature' && typeof inner === 'string'
            ? inner.replace(/^./, (c) => (c === '0' ? '1' : '0'))
            : corrupt(inner),
        ]),
      );
    return value;
  };
  await route.fulfill({ response, json: corrupt(await response.json()) });
}

async function expectLoggedInOnAccount(page: Page, uid: string) {
  await expect(page).toHaveURL(/\/control\/account\/$/, { timeout: 30_000 });
  await expect(page.getByText(SIGNUP_MESSAGES.success)).toBeVisible();
  await expect(page.getByText(uid).first()).toBeVisible();
}

test.describe('signup order', () => {
  test('UTOPIA Fiber by card: a taken username and a suggestion, a weak then a strong password, the provider form and forged card messages, a refused captcha, then logged in', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
    await expect(section(page, 'signup-account')).toHaveCount(0);
    await page.getByRole('radio', { name: 'I own this home' }).check();

    // Account setup: the holder comes from the customer details.
    const account = section(page, 'signup-account');
    await expect(account.getByLabel('First name')).toHaveValue(CUSTOMER.fname);
    await expect(account.getByLabel('Email')).toHaveValue(CUSTOMER.email);
    const credentials = section(page, 'signup-credentials');
    await credentials.getByRole('textbox', { name: 'Username' }).fill('Demo');
    await expect(credentials.getByText(USERNAME_MESSAGES.firstCharacter)).toBeVisible();
    await credentials.getByRole('textbox', { name: 'Username' }).fill('demo');
    await expect(credentials.getByText(USERNAME_MESSAGES.taken)).toBeVisible();
    const suggestions = credentials.getByRole('group', { name: 'Suggested usernames' });
    const suggestion = (await suggestions.getByRole('button').first().textContent()) ?? '';
    expect(suggestion).not.toBe('');
    await suggestions.getByRole('button', { name: suggestion }).click();
    await expect(credentials.getByRole('textbox', { name: 'Username' })).toHaveValue(suggestion);
    await expect(credentials.getByTestId('username-status')).toContainText('available');

    await choosePassword(page, WEAK_PASSWORD);
    await expect(credentials.getByText(PASSWORD_MESSAGES.scoreTooLow)).toBeVisible();
    await expect(credentials.getByRole('list', { name: 'Password advice' })).toBeVisible();
    await choosePassword(page, STRONG_PASSWORD);
    await expect(credentials.getByTestId('password-strength')).toHaveText('100 / 100');
    await expect(credentials.getByText(PASSWORD_MESSAGES.scoreTooLow)).toHaveCount(0);

    // The order summary, from the shared cart.
    const summary = section(page, 'signup-summary');
    await expect(summary.getByTestId('cart-line').first()).toBeVisible();
    await expect(summary.getByText(billedSeparatelyBy('UTOPIA Fiber')).first()).toBeVisible();
    await expect(summary.getByTestId('cart-totals')).toContainText(CART_MESSAGES.dueToday);
    await expect(summary.getByTestId('cart-totals')).toContainText(CART_MESSAGES.dueLater);
    await expect(summary.getByTestId('cart-totals')).toContainText('Monthly');

    // The card form: only its own frame on the provider's origin may add a card.
    const payment = section(page, 'signup-payment');
    await payment.getByRole('radio', { name: 'Credit or debit card' }).check();
    const modal = page.getByRole('dialog', { name: 'Add a card' });
    const frame = page.frameLocator('[data-testid="card-form-frame"]');
    await expect(frame.getByLabel('Card number')).toBeVisible();
    const { cardProviderOrigins } = await publicConfig(page);
    await page.evaluate((message) => window.postMessage(message, '*'), fakeCardMessage('1111'));
    await page.evaluate(
      ({ origin, message }) =>
        new Promise<void>((resolve) => {
          const other = document.createElement('iframe');
          other.src = `${origin}/form.css`;
          other.title = 'Another frame of the provider';
          other.addEventListener('load', () => resolve());
          document.body.append(other);
          (window as unknown as { forged: unknown }).forged = message;
        }),
      { origin: cardProviderOrigins[0], message: fakeCardMessage('2222') },
    );
    const second = page.frames().find((f) => f.url().endsWith('/form.css'));
    expect(second, 'the second provider frame').toBeTruthy();
    await second!.evaluate(
      (message) => window.parent.postMessage(message, '*'),
      fakeCardMessage('2222'),
    );
    await page.waitForTimeout(300);
    await expect(modal).toBeVisible();
    await expect(page.getByText(cardEndingIn('1111'))).toHaveCount(0);
    await expect(page.getByText(cardEndingIn('2222'))).toHaveCount(0);
    await page.evaluate(() => document.querySelector('iframe[src$="/form.css"]')?.remove());
    await expectAccessible(page, 'card form');

    await addCard(page);
    await expect(payment.getByTestId('card-added')).toContainText(cardEndingIn('4242'));
    await payment.getByRole('button', { name: 'Change' }).click();
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Close the card form' }).click();
    await expect(payment.getByTestId('card-added')).toContainText(cardEndingIn('4242'));
    await payment.getByRole('radio', { name: 'Automatic monthly billing' }).check();
    await billToServiceAddress(page);

    // Agree and finish: Place order waits for "I agree".
    const agreement = section(page, 'signup-agreement');
    await expect(agreement.getByRole('region', { name: 'Terms and conditions' })).toContainText(
      '$20.00',
    );
    await expect(placeOrderButton(page)).toBeDisabled();
    await expect(agreement.getByTestId('place-order-hint')).toHaveText(AGREEMENT_MESSAGES.hint);
    await placeOrderButton(page).hover();
    await expect(page.getByRole('tooltip')).toHaveText(AGREEMENT_MESSAGES.tooltip);
    await expectAccessible(page, 'agreement');
    await agree(page);

    // A captcha whose solution does not verify: the server's message, then a new captcha.
    await page.route(`**${API_BASE_PATH}/captcha/challenge`, corruptChallenge);
    await solveCaptcha(page);
    await expect(placeOrderButton(page)).toBeEnabled({ timeout: 15_000 });
    await placeOrderButton(page).click();
    const contacts = await publicConfig(page);
    await expect(agreement.getByTestId('order-error')).toContainText(
      recaptchaFailureMessage({ phone: contacts.contactPhone, email: contacts.contactEmail }),
    );
    await expect(placeOrderButton(page)).toBeDisabled();
    await page.unroute(`**${API_BASE_PATH}/captcha/challenge`);
    await solveCaptcha(page);
    await expect(placeOrderButton(page)).toBeEnabled({ timeout: 15_000 });

    // Paid by the card: the server verifies its token with the provider, then places the order.
    await expect(payment.getByTestId('card-added')).toContainText(cardEndingIn('4242'));
    await placeOrderButton(page).click();
    await expect(
      page.getByRole('dialog', { name: /Placing your order|Your order is placed/ }),
    ).toBeVisible();
    await expectLoggedInOnAccount(page, suggestion);
  });

  test('Lehi Fiber by bank account: the generated password, a new billing address, manual payment; a server error keeps the key and Place order works again; the automatic login refused leads to login', async ({
    page,
    visit,
  }) => {
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.lehiOntInstall);
    await chooseFirstInstallationSlot(page);
    const uid = freshUsername('lehi');
    const credentials = section(page, 'signup-credentials');
    await credentials.getByRole('textbox', { name: 'Username' }).fill(uid);
    await expect(credentials.getByTestId('username-status')).toContainText('available');

    // The password generator helper fills both boxes.
    await credentials.getByRole('button', { name: 'Suggest a password' }).click();
    const generator = page.getByRole('dialog', { name: 'Suggest a password' });
    const words = generator
      .getByRole('group', { name: 'Words to choose from' })
      .getByRole('button');
    await expect(words).toHaveCount(15);
    for (const index of [0, 4, 8]) await words.nth(index).click();
    await generator.getByRole('button', { name: 'Generate' }).click();
    const generated = (await generator.getByTestId('suggested-password').textContent()) ?? '';
    await generator.getByRole('button', { name: 'Use this password' }).click();
    await expect(generator).toHaveCount(0);
    await expect(credentials.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(
      generated,
    );
    await expect(credentials.getByTestId('password-strength')).toHaveText('100 / 100', {
      timeout: 15_000,
    });

    await payFromBank(page, false);
    const billing = section(page, 'billing-address');
    await billing.getByRole('radio', { name: 'A new billing address' }).check();
    const form = billing.getByTestId('billing-address-form');
    await form.getByLabel('First name').fill('Dana');
    await form.getByLabel('Last name').fill('Demo');
    await form.getByLabel('Street address').fill('100 N Main St');
    await form.getByLabel('City').fill('Salt Lake City');
    await form.getByLabel('State').selectOption('UT');
    await form.getByLabel('ZIP code').fill('841');
    await form.getByLabel('ZIP code').blur();
    await expect(form.getByText(FIELD_MESSAGES.zip)).toBeVisible();
    await form.getByLabel('ZIP code').fill('84101-1234');
    await expect(form.getByText(FIELD_MESSAGES.zip)).toHaveCount(0);
    await expectAccessible(page, 'bank account and billing address');

    await agree(page);
    await solveCaptcha(page);
    await expect(placeOrderButton(page)).toBeEnabled({ timeout: 15_000 });

    // The server fails once: its message shows and Place order can be pressed again.
    const keys: string[] = [];
    await page.route(ORDER_URL, async (route) => {
      keys.push(route.request().headers()[IDEMPOTENCY_KEY_HEADER.toLowerCase()] ?? '');
      if (keys.length === 1) {
        await route.fulfill({
          status: 500,
          json: {
            status: 500,
            title: 'Internal Server Error',
            msg: 'Something broke on our side.',
          },
        });
      } else await route.continue();
    });
    await placeOrderButton(page).click();
    await expect(section(page, 'signup-agreement').getByTestId('order-error')).toHaveText(
      'Something broke on our side.',
    );
    await expect(placeOrderButton(page)).toBeEnabled();

    // The automatic login is refused: the order exists, the page says so and goes to login.
    await page.route(LOGIN_URL, (route) =>
      route.fulfill({
        status: 401,
        json: { status: 401, title: 'Login failed', msg: 'The username or password is incorrect.' },
      }),
    );
    await placeOrderButton(page).click();
    await expect(page).toHaveURL(/\/control\/login\//, { timeout: 30_000 });
    await expect(page.getByText(SIGNUP_MESSAGES.autoLoginFailed)).toBeVisible();
    // The same body was sent again with the same key.
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test('Southern Ute from a pre-signup link: an unknown link says so; the link fills in the wizard; the installation fee shows as waived; placed and logged in', async ({
    page,
    visit,
  }) => {
    await visit(`${SIGNUP_PATH}?signupHash=no-such-signup-link`);
    await expect(page.getByTestId('signup-link-unknown')).toHaveText(
      ORDER_MESSAGES.preSignupNotFound,
    );
    await expect(page.getByRole('combobox', { name: 'Service address' })).toHaveValue('');
    await expect(section(page, 'signup-customer')).toHaveCount(0);

    await visit(`${SIGNUP_PATH}?signupHash=demo-southern-ute`);
    const address = DEMO_ADDRESSES.southernUteOrderable;
    await expect(page.getByRole('combobox', { name: 'Service address' })).toHaveValue(
      address.formatted,
    );
    const customer = section(page, 'signup-customer');
    await expect(customer.getByLabel('First name')).not.toHaveValue('');
    await expect(customer.getByLabel('Email')).not.toHaveValue('');
    await typeMasked(customer.getByLabel('Date of birth'), CUSTOMER.dobDigits);
    await customer.getByLabel('Date of birth').blur();
    // The link's choices: 250 Mbps with the XWi router and no extenders.
    await expect(page.getByTestId('speed-speed_250_sym')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('radio', { name: /Yes, add/ })).toBeChecked();
    await expect(page.getByTestId('speed-speed_250_sym')).toContainText(
      SIGNUP_WIZARD_MESSAGES.feesWaived,
    );
    await pickDate(page, 'Desired activation date', earliestScheduleDate());

    const summary = section(page, 'signup-summary');
    await expect(summary.getByText(CART_MESSAGES.installationFeeWaived)).toBeVisible();
    const uid = freshUsername('ute');
    await completeAccount(page, uid);
    await payFromBank(page);
    await billToServiceAddress(page);
    await agree(page);
    await solveCaptcha(page);
    await expect(placeOrderButton(page)).toBeEnabled({ timeout: 15_000 });
    await placeOrderButton(page).click();
    await expectLoggedInOnAccount(page, uid);
  });
});
