/**
 * What the portal's mappings share: the demo logins (README "Demo logins") and logging in the way
 * a person does, on the login page.
 */
import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.ts';
import {
  API_BASE_PATH,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
} from '../../../../src/shared/constants.ts';
import type { SessionUser } from '../../../../src/shared/session/types.ts';
import { loggedInLabel } from '../../../../src/shared/messages/portal.ts';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
export const WRONG_PASSWORD = 'not-the-demo-password-1';
/** The project's baseURL (playwright.config.ts), for request contexts of a walk's own. */
export const E2E_BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** Fills the login form and presses Log in. */
export async function fillLogin(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Opens the login page, logs in as a demo login as a person does and waits until the top bar
 * names them. For the session's own paths (tokens, the route gate, the admin proxy, passwords):
 * other tests log in with {@link logInAs}. */
export async function logInByForm(
  page: Page,
  visit: (path: string) => Promise<void>,
  user: string,
) {
  await visit('/control/login/');
  await fillLogin(page, user, DEMO_PASSWORD);
  await loggedInAs(page, user);
}

/** Waits until the top bar names the login. */
async function loggedInAs(page: Page, user: string) {
  await page
    .getByTestId('logged-in-link')
    .filter({ hasText: loggedInLabel(user) })
    .waitFor();
}

/** The CSRF header the server's cookie asks for (plain, or `__Host-` over HTTPS). */
export function csrfHeader(
  cookies: readonly { name: string; value: string }[],
): Record<string, string> {
  const csrf = cookies.find(
    (c) => c.name === CSRF_COOKIE_NAME || c.name === `__Host-${CSRF_COOKIE_NAME}`,
  );
  return csrf ? { [CSRF_HEADER_NAME]: csrf.value } : {};
}

/** Logs a demo login in with a request context (its cookies get the session): the user. */
async function postLogin(
  api: APIRequestContext,
  cookies: () => Promise<readonly { name: string; value: string }[]>,
  username: string,
) {
  await api.get(`${API_BASE_PATH}/csrf`);
  const headers = csrfHeader(await cookies());
  const login = await api.post(`${API_BASE_PATH}/auth/tokens`, {
    data: { username, password: DEMO_PASSWORD, store_in_cookies: true },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  return { user: (await login.json()) as SessionUser, headers };
}

/**
 * Logs a demo login in through the API in the page's own browser context (the session cookies
 * a login by the form would set), then opens `path` and waits until the top bar names them; with
 * `path` null, opens nothing (the caller prepares the page first). The login page and its form
 * are the session's tests' subject: every other test starts logged in this way, two seconds
 * sooner.
 */
export async function logInAs(
  page: Page,
  visit: (path: string) => Promise<void>,
  user: string,
  path: string | null = '/control/account/',
) {
  await postLogin(page.request, () => page.context().cookies(), user);
  if (path === null) return;
  await visit(path);
  await loggedInAs(page, user);
}

/**
 * Logs a demo login in through the API in a request context of its own (no page, so a page's
 * cookies stay apart): the context, the user the login answered and the CSRF header its changes
 * carry. Dispose of the context when done.
 */
export async function logInThroughApi(
  baseURL: string,
  username: string,
  extraHTTPHeaders: Record<string, string> = {},
): Promise<{ api: APIRequestContext; user: SessionUser; headers: Record<string, string> }> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders });
  const { user, headers } = await postLogin(
    api,
    async () => (await api.storageState()).cookies,
    username,
  );
  return { api, user, headers };
}

/**
 * A tab of the portal's navigation, as a person clicks it, done once its page shows (its heading
 * is the tab's name). While a page's code loads, the last page stays on screen: a click on its
 * tab then only stays there, and asks for nothing again.
 */
export async function openTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/**
 * Asks for a password recovery link for a demo login, as a person does (password recovery, then
 * the email in the mailbox), and returns the link's path (/control/password-update/…).
 */
export async function recoveryLinkFor(
  page: Page,
  visit: (path: string) => Promise<void>,
  user: string,
): Promise<string> {
  await visit('/control/password-recovery/');
  await page.getByRole('textbox', { name: 'Username' }).fill(user);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await page.getByTestId('recovery-sent').waitFor();
  await visit('/control/mailbox/');
  const href = await page
    .getByTestId('mailbox-message')
    .filter({ hasText: `To: ${user}@ridgeline.example` })
    .getByRole('link', { name: /\/control\/password-update\// })
    .first()
    .getAttribute('href');
  if (!href) throw new Error(`no recovery link was mailed to ${user}`);
  return new URL(href).pathname;
}
