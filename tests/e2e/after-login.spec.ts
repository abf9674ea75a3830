/**
 * The page after a login (issue 34, docs/performance.md "What the page after a login waits
 * for"): the login page has the portal's page table once idle, the page's code loads during the
 * login, and its data is asked for with it: each of the page's first requests goes to the server
 * once, whether the view or the asking ahead comes first.
 */
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.ts';
import { expect, test } from './support/fixtures.ts';

const PASSWORD = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;

test('the pages after a login ask the server for each of their data once', async ({
  page,
  visit,
}) => {
  const table = page.waitForResponse((response) =>
    /\/assets\/portal-pages-[^/]*\.js$/.test(response.url()),
  );
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.includes('/manage/api/'))
      asked.push(`${url.pathname}${url.search}`);
  });
  const twice = () => asked.filter((call, index) => asked.indexOf(call) !== index);

  await visit('/control/login/?redirect=%2Fbilling%2F');
  // The login page asks for the table once idle: the page's code then loads during the login.
  await table;
  await page.getByRole('textbox', { name: 'Username' }).fill('demo');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/control\/billing\/$/);
  await expect(page.getByTestId('billing-summary')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual(
    expect.arrayContaining([
      '/manage/api/v1.0/user/info',
      '/manage/api/v1.0/billing/payment_accounts',
    ]),
  );
  expect(twice()).toEqual([]);

  // Another page of the portal, by its link: its data is asked for once too.
  asked.length = 0;
  await page
    .getByRole('navigation', { name: 'Portal' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(page.getByTestId('contact-information')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toContain('/manage/api/v1.0/user/info');
  expect(twice()).toEqual([]);
});
