/**
 * The Activity page in the browser (issue 33 "Activity log": "a page "Activity" under Account …,
 * paged 25 at a time, filterable, exportable as CSV"): demo (a primary admin) reaches it from the
 * account page's link; a load that fails says so with Try again; the entries show 25 a page with
 * Next and Previous; a date that is not one is refused on its field; the action filter narrows
 * the list; a filter nothing matches says so; the CSV export holds the filtered entries. The page
 * passes axe in the light and the dark scheme.
 */
import { ACTIVITY_GROUPS } from '../../src/shared/activity/rules.ts';
import { API_BASE_PATH } from '../../src/shared/constants.ts';
import { ACTIVITY_PAGE_MESSAGES as M } from '../../src/shared/activity/messages.ts';
import { logInAs, logInThroughApi } from './paths/mappings/portal.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';

const SLOW = 20_000;

/** Email preferences saved `times` times through the API: as many entries in demo's log. */
async function changePreferences(baseURL: string, times: number) {
  const demo = await logInThroughApi(baseURL, 'demo', { 'X-Forwarded-For': '2001:db8::33:1' });
  for (let i = 0; i < times; i += 1) {
    const response = await demo.api.put(`${API_BASE_PATH}/user/email_preferences`, {
      headers: demo.headers,
      data: { reminders: i % 2 === 0 },
    });
    expect(response.status()).toBe(200);
  }
  await demo.api.dispose();
}

test('the Activity page: from the account page, paged, filtered and exported', async ({
  page,
  visit,
  baseURL,
}) => {
  await changePreferences(baseURL!, 27);
  await logInAs(page, visit, 'demo');

  // The first load fails: the page says so and offers Try again.
  await page.route('**/manage/api/v1.0/activity?*', (route) => route.abort(), { times: 1 });
  await page.getByRole('link', { name: M.accountLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible({
    timeout: SLOW,
  });
  const failure = page.getByRole('alert').filter({ hasText: M.loadFailed });
  await expect(failure).toBeVisible({ timeout: SLOW });
  await failure.getByRole('button', { name: 'Try again' }).click();

  // 25 entries a page, newest first, with who, from where and what.
  const rows = page.getByTestId('activity-row');
  await expect(rows).toHaveCount(25, { timeout: SLOW });
  // The newest: this browser's login, then the last of the changes above.
  await expect(rows.first()).toContainText('Logged in with password');
  await expect(rows.nth(1)).toContainText('demo');
  await expect(rows.nth(1)).toContainText('Email preferences: reminder emails on');
  await expect(rows.nth(1)).toContainText('2001:db8::33:1');
  await expectAccessible(page, 'the activity page');
  const pager = page.getByRole('status').filter({ hasText: /^Showing 1–25 of \d+$/ });
  await expect(pager).toBeVisible();
  const total = Number((await pager.textContent())!.split(' of ')[1]);
  expect(total).toBeGreaterThanOrEqual(28);
  await expect(page.getByRole('button', { name: M.previous })).toBeDisabled();
  await page.getByRole('button', { name: M.next }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Showing 26–${Math.min(50, total)} of ${total}` }),
  ).toBeVisible({ timeout: SLOW });
  await page.getByRole('button', { name: M.previous }).click();
  await expect(pager).toBeVisible({ timeout: SLOW });

  // A date that is not one is refused on its field; nothing is sent.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/activity?')) sent.push(request.url());
  });
  await page.getByLabel(M.from).fill('2026-02-30');
  await page.getByRole('button', { name: M.apply }).click();
  await expect(page.getByText('from must be a date (YYYY-MM-DD)')).toBeVisible();
  expect(sent).toEqual([]);
  await expectAccessible(page, 'a refused date');

  // The account group only: every row is a change of the account's own settings.
  await page.getByLabel(M.from).fill('');
  await page.getByLabel(M.action).selectOption({ label: ACTIVITY_GROUPS.account.label });
  await page.getByRole('button', { name: M.apply }).click();
  const accountPager = page.getByRole('status').filter({ hasText: /^Showing 1–25 of \d+$/ });
  await expect(accountPager).toBeVisible({ timeout: SLOW });
  const accountTotal = Number((await accountPager.textContent())!.split(' of ')[1]);
  expect(accountTotal).toBeGreaterThanOrEqual(27);
  expect(accountTotal).toBeLessThan(total);
  const accountWords = /Email preferences changed|Account details changed/;
  for (const text of await rows.allTextContents()) expect(text).toMatch(accountWords);

  // The export holds the filtered entries.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: M.exportCsv }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const lines = (await readFile(file, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('When (UTC),Login,Acting site admin,Address,Action,What,Outcome,Reason');
  expect(lines).toHaveLength(accountTotal + 1);
  for (const line of lines.slice(1)) expect(line).toMatch(accountWords);

  // A login nobody used: nothing matches, and the page says so.
  await page.getByLabel(M.login).fill('nobody-such-login');
  await page.getByRole('button', { name: M.apply }).click();
  await expect(page.getByText(M.empty)).toBeVisible({ timeout: SLOW });
  await expect(rows).toHaveCount(0);
});
