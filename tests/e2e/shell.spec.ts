import { TOP_MENUS } from '../../src/shared/marketing.ts';
import { APP_LOAD_MESSAGES } from '../../src/shared/messages.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { setCoveredChecked } from './support/hidden-controls.ts';

const MAIN_SITE = 'https://www.ridgeline.example';

/** The router's own file: every page but the signup waits for it (src/web/main.tsx). */
const ROUTER_CODE = /\/assets\/router-[\w-]+\.js$/;
/** The session's actors (src/web/app/actors.ts `whenSession`). */
const SESSION_CODE = /\/assets\/session-actors-[\w-]+\.js$/;
/** One portal page's own file: the mailbox's. */
const MAILBOX_CODE = /\/assets\/portal-mailbox-[\w-]+\.js$/;

test.describe('public shell', () => {
  test('says the page could not load when the app’s code does not arrive, and Try again loads it', async ({
    page,
    visit,
  }) => {
    await page.route(ROUTER_CODE, (route) => route.abort('connectionfailed'));
    // The prerendered login gives way to the message (its form would do nothing); axe checks it.
    await visit('/control/login/');
    const failure = page.getByRole('alert').filter({ hasText: APP_LOAD_MESSAGES.title });
    await expect(failure).toContainText(APP_LOAD_MESSAGES.message);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveCount(0);
    await page.unroute(ROUTER_CODE);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test('says so in the app’s words when a page’s code does not arrive, and Try again shows the page', async ({
    page,
  }) => {
    await page.route(MAILBOX_CODE, (route) => route.abort('connectionfailed'));
    await page.goto('/control/mailbox/');
    const failure = page.getByRole('alert').filter({ hasText: APP_LOAD_MESSAGES.title });
    await expect(failure).toContainText(APP_LOAD_MESSAGES.message);
    // In place of the page, inside the shell: its header and main area stay.
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page, 'a page whose code did not arrive');
    await page.unroute(MAILBOX_CODE);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test('says so when the session’s code does not arrive, and Try again shows the page', async ({
    page,
  }) => {
    await page.route(SESSION_CODE, (route) => route.abort('connectionfailed'));
    await page.goto('/control/mailbox/');
    // Every page in the shell waits for the session's code: the message is the page itself.
    const failure = page.getByRole('main').getByRole('alert');
    await expect(failure).toContainText(APP_LOAD_MESSAGES.title);
    await expect(failure).toContainText(APP_LOAD_MESSAGES.message);
    await expectAccessible(page, 'the session’s code did not arrive');
    await page.unroute(SESSION_CODE);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a page open to everyone opens when the table of pages runs before the session’s code arrives', async ({
    page,
  }) => {
    // On a busy machine the table of portal pages can run before the session's code is here; the
    // route's check then asks for the page's data with the session it has to wait for.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SESSION_CODE, async (route) => {
      await held;
      await route.continue();
    });
    // The table of portal pages.
    const pagesCode = page.waitForResponse(/\/assets\/portal-pages-[\w-]+\.js$/);
    await page.goto('/control/mailbox/');
    const pagesUrl = (await pagesCode).url();
    // A second import of the table resolves once it has run; a task later the route's check has
    // gone on with it.
    await page.evaluate(async (url) => {
      await import(url);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }, pagesUrl);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('top menus hold the marketing links of the main site', async ({ page, visit }) => {
    // Each of the four menus is checked by axe in the light and the dark scheme.
    test.slow();
    await visit('/control/login/');
    const nav = page.getByRole('navigation', { name: 'Main site' });
    for (const menu of TOP_MENUS) {
      await nav.getByRole('button', { name: menu.label }).click();
      const dropdown = page.getByRole('menu', { name: menu.label });
      await expect(dropdown).toBeVisible();
      for (const link of menu.links) {
        const path = link.path.replace('{product}', 'ridgeline-fiber');
        await expect(
          dropdown.getByRole('menuitem', { name: link.label, exact: true }),
        ).toHaveAttribute('href', `${MAIN_SITE}${path}`);
      }
      await expectAccessible(page, `${menu.label} menu open`);
      await page.keyboard.press('Escape');
      await expect(dropdown).toBeHidden();
    }
  });

  test('search opens a modal and Go goes to the main site search', async ({ page, visit }) => {
    await page.route(`${MAIN_SITE}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<html lang="en"><title>main site</title><body>main site</body></html>',
      }),
    );
    await visit('/control/login/');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search Ridgeline Fiber' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Go' })).toBeDisabled();
    await expectAccessible(page, 'search modal');
    await dialog.getByLabel('Search for').fill('gigabit & mesh');
    await dialog.getByRole('button', { name: 'Go' }).click();
    await page.waitForURL(`${MAIN_SITE}/search?q=gigabit%20%26%20mesh`);
  });

  test('the dark mode switch persists across a reload', async ({ page, visit }) => {
    await visit('/control/login/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    const toggle = page.getByRole('switch', { name: 'Dark mode' });
    await expect(toggle).not.toBeChecked();
    await setCoveredChecked(toggle, true);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectAccessible(page, 'dark scheme');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await setCoveredChecked(page.getByRole('switch', { name: 'Dark mode' }), false);
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('without a saved preference the system preference applies', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/control/login/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
    await context.close();
  });

  test('signup forces light and the previous scheme comes back when it is left', async ({
    page,
    visit,
  }) => {
    await visit('/control/does-not-exist/');
    await setCoveredChecked(page.getByRole('switch', { name: 'Dark mode' }), true);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('link', { name: 'sign up for service' }).click();
    await expect(page.getByTestId('signup-layout')).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveCount(0);
    await expectAccessible(page, 'signup');
    await page.goBack();
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // A reload straight onto the signup page is light from the first paint.
    await page.goto('/control/signup/');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('an unknown path shows the 404 page', async ({ page, visit }) => {
    await visit('/control/no/such/page/');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
  });

  test('the footer has three columns, the current year and the dark mode switch', async ({
    page,
    visit,
  }) => {
    await visit('/control/login/');
    for (const column of ['Services', 'Credentials', 'Social']) {
      await expect(page.getByRole('navigation', { name: column })).toBeVisible();
    }
    await expect(page.getByTestId('copyright')).toContainText(String(new Date().getFullYear()));
  });

  test('the root redirects to the login page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/control\/login\/$/);
  });
});
