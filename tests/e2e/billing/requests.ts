/**
 * Requests of the payment methods page a browser walk holds at the network until its next step
 * lets them through (the real server answers) or drops them (a network failure, which the real
 * server cannot give), so that the page's pending states can be seen; and changes made through
 * the API with the page's own session, for the state a walk starts from.
 */
import type { Page, Route } from '@playwright/test';
import { API_BASE_PATH, WHITELISTED_ROUTING_NUMBERS } from '../../../src/shared/constants.ts';
import {
  BILLING_PATHS,
  type PaymentAccountsResponse,
} from '../../../src/shared/billing/schemas.ts';
import { SESSION_NOTICES } from '../../../src/shared/session/messages.ts';
import { expect } from '../support/fixtures.ts';
import { csrfHeader, DEMO_PASSWORD } from '../paths/mappings/portal.ts';

export const passwordPrompt = (page: Page) =>
  page.getByRole('dialog', { name: SESSION_NOTICES.refreshPasswordTitle });

/**
 * Answers the password prompt with the demo password. The e2e server's access tokens live 5 s:
 * a change to payment methods (a fresh token required) made later asks for the password again,
 * and the app then sends the request again (docs/api.md "Billing").
 */
export async function answerPasswordPrompt(page: Page) {
  const prompt = passwordPrompt(page);
  await prompt.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await prompt.getByRole('button', { name: 'Continue' }).click();
  await expect(prompt).toHaveCount(0);
}

/** Answers the password prompt whenever it shows during a test's actions and checks. */
export async function answerPasswordPrompts(page: Page) {
  await page.addLocatorHandler(passwordPrompt(page), () => answerPasswordPrompt(page));
}

/** Holds every request with this method whose path (under the API) matches. */
export class HeldCalls {
  private readonly held: Route[] = [];

  private constructor(
    private readonly page: Page,
    private readonly label: string,
  ) {}

  static async on(page: Page, method: string, path: RegExp, label: string): Promise<HeldCalls> {
    const calls = new HeldCalls(page, label);
    await page.route(
      (url) =>
        url.pathname.startsWith(API_BASE_PATH) &&
        path.test(url.pathname.slice(API_BASE_PATH.length)),
      (route) => {
        if (route.request().method() !== method) return route.fallback();
        calls.held.push(route);
      },
    );
    return calls;
  }

  /** The oldest request held; a password prompt meanwhile is answered (the page then sends it). */
  private async next(): Promise<Route> {
    await expect
      .poll(
        async () => {
          if (await passwordPrompt(this.page).isVisible()) await answerPasswordPrompt(this.page);
          return this.held.length;
        },
        { message: `a request ${this.label}` },
      )
      .toBeGreaterThan(0);
    return this.held.shift()!;
  }

  /**
   * Lets the oldest request reach the server. A 401 is passed on and the request waited for
   * again: the app renews its token (or asks for the password, answered while waiting) and sends
   * it again.
   */
  async release(): Promise<void> {
    for (;;) {
      const route = await this.next();
      const response = await route.fetch();
      await route.fulfill({ response });
      if (response.status() !== 401) return;
    }
  }

  /** Drops the oldest request: the page sees a network failure. */
  async drop(): Promise<void> {
    await (await this.next()).abort('connectionfailed');
  }
}

const escaped = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const ACCOUNTS_PATH = new RegExp(`^${escaped(BILLING_PATHS.paymentAccounts)}$`);
export const CARD_PATH = new RegExp(`^${escaped(BILLING_PATHS.paymentAccountCard)}$`);
export const ACCOUNT_PATH = new RegExp(`^${escaped(BILLING_PATHS.paymentAccounts)}/\\d+$`);

/** The CSRF header the API asks of a change, from the page's cookies. */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  return csrfHeader(await page.context().cookies());
}

/** Adds a bank account through the API, as the logged-in customer of the page. */
export async function addBankAccountThroughApi(page: Page, account = '000555123456') {
  const response = await page.request.post(`${API_BASE_PATH}${BILLING_PATHS.paymentAccountAch}`, {
    headers: await apiHeaders(page),
    data: {
      name: 'Bill Payer',
      routing: WHITELISTED_ROUTING_NUMBERS[0],
      account,
      account_type: 'CHECKING',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Removes every payment account through the API (autopay is off for claimed customers). */
export async function removeEveryAccountThroughApi(page: Page) {
  const headers = await apiHeaders(page);
  const list = (await (
    await page.request.get(`${API_BASE_PATH}${BILLING_PATHS.paymentAccounts}`, { headers })
  ).json()) as PaymentAccountsResponse;
  for (const account of list.payment_accounts) {
    const response = await page.request.delete(
      `${API_BASE_PATH}${BILLING_PATHS.paymentAccounts}/${account.payment_account_id}`,
      { headers },
    );
    expect(response.status(), await response.text()).toBe(200);
  }
}
