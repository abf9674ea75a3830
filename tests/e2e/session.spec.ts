/**
 * The session in the browser (issue 3): token renewal without a prompt, a session that ended
 * (login with the timeout notice, then back to the attempted page), the password prompt of a
 * sensitive action, and route gating by permission. The e2e server issues short-lived access
 * tokens (tests/e2e/support/serve.ts, E2E_ACCESS_TOKEN_TTL_SECONDS), and a test waits for their
 * life to pass: a token made to run out at once left the app's answers of a moment ago fresh, so
 * the page opened again asked the server nothing and no renewal came (a fresh-clone run failed).
 */
import type { Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.ts';
import { ERROR_MESSAGES } from '../../src/shared/messages.ts';
import { SESSION_MESSAGES, SESSION_NOTICES } from '../../src/shared/session/messages.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
/** The e2e server's access-token life (tests/e2e/support/serve.ts): a test outlives it. */
const ACCESS_TOKEN_TTL_MS = Number(process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ?? '5') * 1000;

const PASSWORD = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
const NEW_PASSWORD = 'Granite-Harbor-Lantern-58!';
/** For steps behind a refresh or a dictionary load, on a machine other test runs share. */
const SLOW = 20_000;

async function logIn(page: Page, username: string) {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

function countRefreshes(page: Page) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.url().endsWith('/auth/refresh_token')) seen.count += 1;
  });
  return seen;
}

function recordSessionCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/user/profile') || url.pathname.endsWith('/auth/refresh_token'))
      calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

test.describe('session', () => {
  // Some of these wait out an access token; all share a machine with other test runs.
  test.describe.configure({ timeout: 60_000 });

  test('an anonymous visit to the signup page asks for no profile and no renewal', async ({
    page,
    visit,
  }) => {
    const calls = recordSessionCalls(page);
    await visit('/control/signup/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
  });

  test('a logged-in visit to the signup page still restores the session', async ({
    page,
    visit,
  }) => {
    await visit('/control/login/');
    await logIn(page, 'demo');
    await expect(page.getByTestId('logged-in-link')).toHaveText('demo logged in');
    const calls = recordSessionCalls(page);
    await visit('/control/signup/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await visit('/control/account/');
    await expect(page.getByTestId('logged-in-link')).toHaveText('demo logged in');
    await expect(page.getByTestId('contact-information')).toBeVisible({ timeout: SLOW });
    expect(calls).toContain('GET /manage/api/v1.0/user/profile');
  });

  test('logs in, outlives the access token and keeps working without a prompt', async ({
    page,
    visit,
  }) => {
    await visit('/control/login/');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/control\/account\/$/);
    const refreshes = countRefreshes(page);
    await expect(page.getByTestId('logged-in-link')).toHaveText('demo logged in');
    await expect(page.getByTestId('contact-information')).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Portal' });
    await expect(tabs.getByRole('link')).toHaveText(['Account', 'Services', 'Billing']);
    await expectAccessible(page, 'account');

    await page.waitForTimeout(ACCESS_TOKEN_TTL_MS + 1500);
    await tabs.getByRole('link', { name: 'Services' }).click();
    await tabs.getByRole('link', { name: 'Account' }).click();
    await expect(page.getByTestId('contact-information')).toBeVisible({ timeout: SLOW });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/control\/account\/$/);
    expect(refreshes.count).toBe(1);
  });

  test('two tabs outlive the access token together and both stay logged in', async ({
    page,
    visit,
    context,
  }) => {
    await visit('/control/login/');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/control\/account\/$/);
    const second = await context.newPage();
    await second.goto('/control/account/');
    for (const tab of [page, second]) {
      await expect(tab.getByTestId('contact-information')).toBeVisible({ timeout: SLOW });
    }

    await page.waitForTimeout(ACCESS_TOKEN_TTL_MS + 1500);
    const refreshes = [countRefreshes(page), countRefreshes(second)];
    // Both tabs are refused at the same moment and would present the same refresh token.
    await Promise.all([page.reload(), second.reload()]);
    for (const tab of [page, second]) {
      await expect(tab.getByTestId('contact-information')).toBeVisible({ timeout: SLOW });
      await expect(tab.getByTestId('logged-in-link')).toHaveText('demo logged in');
      await expect(tab).toHaveURL(/\/control\/account\/$/);
    }
    expect(refreshes[0].count + refreshes[1].count).toBe(1);
    await second.close();
  });

  test('an ended session goes to login with the timeout notice, then back to the page', async ({
    page,
    visit,
    context,
  }) => {
    await visit('/control/login/');
    await logIn(page, 'admin');
    await expect(page).toHaveURL(/\/control\/account\/$/);
    await page
      .getByRole('navigation', { name: 'Portal' })
      .getByRole('link', { name: 'Admin' })
      .click();
    await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();

    // The session ends behind the page's back: both tokens are gone.
    await context.clearCookies({ name: 'access_token' });
    await context.clearCookies({ name: 'refresh_token' });
    const search = page.getByRole('search', { name: 'Find a customer' });
    await search.getByRole('textbox', { name: 'Customer' }).fill('demo');
    await search.getByRole('button', { name: 'Search' }).click();

    await expect(page).toHaveURL(/\/control\/login\/\?.*timeout=true/, { timeout: SLOW });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/');
    await expect(page.getByTestId('timeout-notice')).toHaveText(
      new RegExp(SESSION_NOTICES.timedOut.replace(/[.]/g, '\\.')),
    );
    await expectAccessible(page, 'login after a timeout');
    await logIn(page, 'admin');
    await expect(page).toHaveURL(/\/control\/admin\/$/);
    await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
  });

  test('a sensitive action with an old token asks for the password, then succeeds', async ({
    page,
    visit,
  }) => {
    await visit('/control/login/');
    await logIn(page, 'viewer');
    await expect(page).toHaveURL(/\/control\/account\/$/);

    const form = page.getByRole('form', { name: 'Change your password' });
    await form.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('textbox', { name: 'Confirm the new password' }).fill(NEW_PASSWORD);
    // The strength dictionaries load on first use; that can take a while on a busy machine.
    await expect(form.getByTestId('password-strength')).toHaveText('100 / 100', {
      timeout: SLOW,
    });
    await page.waitForTimeout(ACCESS_TOKEN_TTL_MS + 1500);
    await form.getByRole('button', { name: 'Change password' }).click();

    const prompt = page.getByRole('dialog', { name: SESSION_NOTICES.refreshPasswordTitle });
    await expect(prompt).toBeVisible({ timeout: SLOW });
    await expectAccessible(page, 'refresh-password modal');
    await prompt.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await prompt.getByRole('button', { name: 'Continue' }).click();

    await expect(prompt).toBeHidden({ timeout: SLOW });
    await expect(page.getByText(SESSION_MESSAGES.passwordChanged)).toBeVisible();
  });

  test('a user without payments view is turned away from billing', async ({ page, visit }) => {
    await visit('/control/login/');
    await logIn(page, 'nobilling');
    await expect(page).toHaveURL(/\/control\/account\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Billing' }),
    ).toHaveCount(0);

    await page.goto('/control/billing/');
    await expect(page).toHaveURL(/\/control\/account\/$/);
    await expect(
      page.getByRole('alert').filter({ hasText: ERROR_MESSAGES.routeDenied }),
    ).toBeVisible();
  });

  test('password help: the emailed link opens the update page; the generator makes a password', async ({
    page,
    visit,
  }) => {
    await visit('/control/pw/');
    await expect(page).toHaveURL(/\/control\/password-recovery\/$/);
    await page.getByRole('textbox', { name: 'Username' }).fill('demo');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByTestId('recovery-sent')).toHaveText(
      new RegExp(SESSION_MESSAGES.passwordRecoverySent.replace(/[.]/g, '\\.')),
    );

    await visit('/control/mailbox/');
    const link = page
      .getByTestId('mailbox-message')
      .getByRole('link', { name: /\/control\/password-update\// })
      .first();
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();
    await visit(new URL(href ?? '').pathname);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    // Another username than the link's: refused, and the link stays usable.
    await page.getByRole('textbox', { name: 'Username' }).fill('someone-else');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm the new password' }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText(SESSION_MESSAGES.usernameMismatch)).toBeVisible({
      timeout: SLOW,
    });
    await expectAccessible(page, 'password update with an error');

    await visit('/control/passgen/');
    await expect(page).toHaveURL(/\/control\/password-generator\/$/);
    const grid = page.getByRole('group', { name: 'Words to choose from' });
    const words = grid.getByRole('button');
    await expect(words).toHaveCount(15);
    const generate = page.getByRole('button', { name: 'Generate' });
    for (const index of [4, 0]) await words.nth(index).click();
    await expect(generate).toBeDisabled();
    await words.nth(9).click();
    await expect(generate).toBeEnabled();
    await generate.click();
    const picked = await Promise.all([4, 0, 9].map((i) => words.nth(i).textContent()));
    const result = page.getByTestId('generated-password');
    await expect(result).toBeVisible();
    const text = (await result.textContent()) ?? '';
    // The chosen words in the order picked, with 4 digits or symbols mixed in.
    expect(text).toHaveLength(picked.join('').length + 4);
    expect(text.replace(/[^a-z]/g, '')).toBe(picked.join('').replace(/[^a-z]/g, ''));
    expect((text.match(/\d/g) ?? []).length).toBeGreaterThanOrEqual(2);
  });

  test('a site admin acts as a customer under a banner, then returns to the admin screen', async ({
    page,
    visit,
  }) => {
    await visit('/control/login/');
    await logIn(page, 'admin');
    await expect(page).toHaveURL(/\/control\/account\/$/);
    const tabs = page.getByRole('navigation', { name: 'Portal' });
    await tabs.getByRole('link', { name: 'Admin' }).click();
    const search = page.getByRole('search', { name: 'Find a customer' });
    await search.getByRole('textbox', { name: 'Customer' }).fill('demo');
    await search.getByRole('button', { name: 'Search' }).click();
    const row = page.getByTestId('customer-results').getByRole('row', { name: /demo/ }).first();
    await row.getByRole('button', { name: /^Act as/ }).click();

    const verify = page.getByRole('dialog', { name: SESSION_NOTICES.verifyIdentityTitle });
    await expect(verify).toBeVisible({ timeout: SLOW });
    await expectAccessible(page, 'Verify Identity modal');
    await verify.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
    await verify.getByRole('button', { name: 'Continue' }).click();

    const banner = page.getByTestId('acting-as-banner');
    await expect(page).toHaveURL(/\/control\/account\/$/, { timeout: SLOW });
    await expect(banner).toContainText('(you are admin)');
    await expect(page.getByTestId('logged-in-link')).toHaveText('demo logged in');
    await tabs.getByRole('link', { name: 'Services' }).click();
    await expect(banner).toBeVisible();
    await expectAccessible(page, 'acting as a customer');

    await banner.getByRole('button', { name: 'Return to admin' }).click();
    await expect(page).toHaveURL(/\/control\/admin\/$/, { timeout: SLOW });
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('logged-in-link')).toHaveText('admin logged in');
    await expect(page.getByText(SESSION_NOTICES.proxyEnded)).toBeVisible();
  });
});
