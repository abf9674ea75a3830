/**
 * Every public page's first screen comes prerendered in the document (issue 34): fetched without
 * running a script it holds the page's main heading, its own meta description and its fields
 * read-only; once the app starts it replaces that markup in place and the page works. axe in the
 * light and the dark scheme on each.
 */
import { expect, expectAccessible, test } from './support/fixtures.ts';

/** Each public page with the heading the spec gives it (portal.md §2, signup.md §2). */
const PAGES = [
  { path: '/control/signup/', heading: 'Get fiber at your address' },
  { path: '/control/login/', heading: 'Log in' },
  { path: '/control/username-recovery/', heading: 'Username recovery' },
  { path: '/control/password-recovery/', heading: 'Password recovery' },
  { path: '/control/password-update/0123456789abcdef/', heading: 'Set a new password' },
  { path: '/control/password-generator/', heading: 'Password generator' },
  { path: '/control/no-such-page/here/', heading: 'Page not found' },
  // A page behind the login, opened logged out, shows the login.
  { path: '/control/account/', heading: 'Log in' },
] as const;

test('each public page is in its document, then works once the app has replaced it', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const descriptions = new Map<string, string>();
  const still = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await still.newPage();
  for (const { path, heading } of PAGES) {
    // The document as sent, before any script: its heading and its meta description.
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const prerendered = html.slice(html.indexOf('<div id="prerendered">'));
    expect(prerendered, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    const description = /<meta name="description" content="([^"]+)">/.exec(html)?.[1];
    expect(description, path).toBeTruthy();
    if (path !== '/control/account/') descriptions.set(path, description!);
    // Nothing of the build's stand-ins is left; the configured provider's name is in their place.
    expect(html, path).not.toContain('prerender-stand-in');
    expect(html, path).not.toContain('0123456789abcdef');

    // Drawn without scripts: the heading on screen, styled, and the fields read-only.
    await noScript.goto(path);
    await expect(noScript.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    for (const field of await noScript.locator('#prerendered input').all())
      await expect(field).not.toBeEditable();
  }
  // Each page has its own description.
  expect(new Set(descriptions.values()).size).toBe(descriptions.size);
  // The brand link's name holds its visible text (label in name).
  await noScript.goto('/control/login/');
  const brand = noScript.getByRole('link', { name: 'Ridgeline Fiber home' });
  await expect(brand).toBeVisible();
  const before = await noScript.getByRole('heading', { name: 'Log in', level: 1 }).boundingBox();
  await still.close();

  // The app takes over in place: one copy, same position, and the page works.
  await page.goto('/control/login/');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  const loginHeading = page.getByRole('heading', { name: 'Log in', level: 1 });
  expect(await loginHeading.boundingBox()).toEqual(before);
  await page.getByRole('textbox', { name: 'Username' }).fill('nobody-here');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('nobody-here');
  await expectAccessible(page, 'login after a refused login');

  for (const { path, heading } of PAGES.filter((p) => p.path !== '/control/login/')) {
    await page.goto(path);
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page, path);
  }
  // The logged-out visit to the account page is sent to the login, and the generator works.
  await page.goto('/control/account/');
  await expect(page).toHaveURL(/\/control\/login\/\?redirect=/);
  await page.goto('/control/password-recovery/');
  await page.getByRole('textbox', { name: 'Username' }).fill('someone');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('someone');
});
