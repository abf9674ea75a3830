/**
 * What a person does in the signup's second half, for the order browser tests and the wizard's
 * path mapping: account setup, the card provider's form, the bank form, billing, "I agree", the
 * captcha and Place order. Orders are real: they go through the real API to the test database.
 */
import type { Page, Route } from '@playwright/test';
import { API_BASE_PATH } from '../../../src/shared/constants.ts';
import { expect } from '../support/fixtures.ts';
import { DEMO_ADDRESSES, walkToConnectivity } from './wizard.ts';

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

/**
 * Requests held at the network until the walk lets them through: a slow answer, so that what the
 * page shows while it waits can be seen. The server still gives the answer (`release`), or the
 * network drops it (`drop`).
 */
export class HeldRequests {
  private readonly held: Route[] = [];

  private constructor(
    private readonly page: Page,
    private readonly url: RegExp,
  ) {}

  /**
   * Holds every request to `path` under the API (any query string) on this page, or to every
   * path that starts with it.
   */
  static async on(page: Page, path: string, { prefix = false } = {}): Promise<HeldRequests> {
    const escaped = `${API_BASE_PATH}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const requests = new HeldRequests(page, new RegExp(`${escaped}${prefix ? '' : '(\\?|$)'}`));
    await page.route(requests.url, (route) => {
      requests.held.push(route);
    });
    return requests;
  }

  /** The oldest request still held (waiting for the page to send it). */
  async next(): Promise<Route> {
    await expect
      .poll(() => this.held.length, { message: `a request to ${this.url.source}` })
      .toBeGreaterThan(0);
    return this.held.shift()!;
  }

  /** Lets the oldest request reach the server, with extra headers if given. */
  async release(headers: Record<string, string> = {}): Promise<Route> {
    const route = await this.next();
    await route.continue({ headers: { ...route.request().headers(), ...headers } });
    return route;
  }

  /** Lets the oldest request through and holds no more. */
  async releaseLast(): Promise<void> {
    await this.release();
    await this.page.unroute(this.url);
  }

  /** Drops every request still held (the page gave up on them). */
  async forget(): Promise<void> {
    for (const route of this.held.splice(0)) await route.abort().catch(() => {});
  }
}

/**
 * The signup up to its payment section at the UTOPIA Fiber demo address: the customer details,
 * 1 Gbps, the visitor's own router, and an owner's home.
 */
export async function walkToPayment(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
  await page.getByRole('radio', { name: 'I own this home' }).check();
  await expect(section(page, 'signup-payment')).toBeVisible({ timeout: 15_000 });
}

/** The whole signup up to Agree and Finish: the payment section, an account, a bank account. */
export async function walkToAgreement(page: Page, uid: string) {
  await walkToPayment(page);
  await completeAccount(page, uid);
  await payFromBank(page);
  await billToServiceAddress(page);
  await expect(section(page, 'signup-agreement')).toBeVisible();
}

/**
 * A state check run once per step of a walk, however many of its state keys it is mapped to (one
 * look at a section covers its parallel regions).
 */
export function oncePerStep<C extends { page: Page; step: object }>(
  check: (context: C) => Promise<void>,
): (context: C) => Promise<void> {
  const checked = new WeakMap<Page, WeakSet<object>>();
  return async (context) => {
    const steps = checked.get(context.page) ?? new WeakSet<object>();
    checked.set(context.page, steps);
    if (steps.has(context.step)) return;
    steps.add(context.step);
    await check(context);
  };
}
