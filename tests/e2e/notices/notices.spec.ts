/**
 * The provider's side of notices in the browser (the issue "The portal as a customer finds it",
 * 16 and 14): a site admin sees the notices published with their reach, period and the counts of
 * real acknowledgements; Withdraw asks first, naming the notice and saying it ends now, and sends
 * nothing before Withdraw it now; Edit on a notice not started asks before saving too. The
 * notices banner with a link passes axe in the dark scheme. Every page and question is checked
 * with axe in the light and the dark scheme (expectAccessible). Each test writes its notices to a
 * customer of its own, so no other test's pages show them.
 */
import type { Page, Request, Response } from '@playwright/test';
import { API_BASE_PATH } from '../../../src/shared/constants.ts';
import { NOTICE_MESSAGES } from '../../../src/shared/people/messages.ts';
import { NOTICE_ADMIN_MESSAGES as M } from '../../../src/shared/notices/messages.ts';
import type { Notice, NoticeList } from '../../../src/shared/notices/types.ts';
import { claimBilledCustomer } from '../support/billed-customers.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { DEMO_PASSWORD, fillLogin, logInAs, logInThroughApi } from '../paths/mappings/portal.ts';

const SLOW = 20_000;
const HOUR = 3_600_000;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const ownAddress = () => ({
  'X-Forwarded-For': `2001:db8::5e:${Math.floor(Math.random() * 0xffff).toString(16)}`,
});
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR).toISOString();

/**
 * A customer of the test's own, and calls of the API in a session of their own each (the e2e
 * access tokens last 5 s): a site admin writing to the customer, the customer answering.
 */
async function customerAndAdmin(baseURL: string) {
  const username = claimBilledCustomer();
  const call = async (
    who: string,
    method: 'get' | 'post' | 'delete',
    path: string,
    data?: unknown,
  ) => {
    const session = await logInThroughApi(baseURL, who, ownAddress());
    const response = await session.api[method](`${API_BASE_PATH}${path}`, {
      headers: session.headers,
      data,
    });
    const body = { status: response.status(), json: (await response.json()) as unknown };
    await session.api.dispose();
    return { ...body, user: session.user };
  };
  const { user } = await call(username, 'get', '/notices');
  const publish = async (fields: Record<string, unknown>) => {
    const { status, json } = await call('admin', 'post', '/notices', {
      content: 'The network is **down** on Sunday.',
      cid: user.cid,
      starts_at: at(-1),
      ends_at: at(24),
      ...fields,
    });
    expect(status, JSON.stringify(json)).toBe(201);
    return json as Notice;
  };
  const answer = async (method: 'post' | 'delete', path: string) => {
    const { status, json } = await call(username, method, path);
    expect(status, JSON.stringify(json)).toBe(200);
  };
  const pending = async () => {
    const { status, json } = await call(username, 'get', '/notices');
    expect(status).toBe(200);
    return (json as NoticeList).notices.map((n) => n.id);
  };
  return { username, cid: user.cid, publish, answer, pending };
}

/**
 * The calls of the page to a path, as they leave, and those the server took (a call turned away
 * for a renewal of the 5 s e2e access token is sent again: it counts once).
 */
function callsTo(page: Page, method: string, path: RegExp) {
  const calls = { sent: [] as Request[], taken: [] as Response[] };
  const matches = (request: Request) =>
    request.method() === method && path.test(new URL(request.url()).pathname);
  page.on('request', (request) => {
    if (matches(request)) calls.sent.push(request);
  });
  page.on('response', (response) => {
    if (matches(response.request()) && response.status() !== 401) calls.taken.push(response);
  });
  return calls;
}

const published = (page: Page) => page.getByRole('region', { name: M.listTitle });
const rowOf = (page: Page, id: number) => published(page).getByTestId(`published-notice-${id}`);

test.describe('the provider’s side of notices', () => {
  test('lists the notices with their counts, and withdraws one only once confirmed', async ({
    page,
    visit,
    baseURL,
  }) => {
    const world = await customerAndAdmin(baseURL!);
    const title = `Outage ${unique()}`;
    const acknowledged = await world.publish({ title: `Done ${unique()}` });
    const ignored = await world.publish({ title: `Also ${unique()}`, ignorable: true });
    const shown = await world.publish({ title });
    // A real acknowledgement and a real ignore, by the customer's user.
    await world.answer('post', `/notices/${acknowledged.id}/ack`);
    await world.answer('delete', `/notices/${ignored.id}`);

    await logInAs(page, visit, 'admin', '/control/admin/');
    const cellsOf = (id: number) => rowOf(page, id).getByRole('cell');
    await expect(rowOf(page, acknowledged.id)).toBeVisible({ timeout: SLOW });
    await expect(cellsOf(acknowledged.id).nth(0)).toHaveText(acknowledged.title);
    await expect(cellsOf(acknowledged.id).nth(1)).toHaveText(M.oneCustomer(world.cid));
    await expect(cellsOf(acknowledged.id).nth(2)).toContainText(M.periods.current);
    await expect(cellsOf(acknowledged.id).nth(3)).toHaveText('1');
    await expect(cellsOf(acknowledged.id).nth(4)).toHaveText('0');
    await expect(cellsOf(ignored.id).nth(3)).toHaveText('0');
    await expect(cellsOf(ignored.id).nth(4)).toHaveText('1');
    await expect(cellsOf(shown.id).nth(3)).toHaveText('0');
    await expect(cellsOf(shown.id).nth(4)).toHaveText('0');
    // Started: it can be withdrawn, not edited.
    const row = rowOf(page, shown.id);
    await expect(row.getByRole('button', { name: `${M.edit} “${title}”` })).toHaveCount(0);
    await expectAccessible(page, 'the published notices');

    const withdrawals = callsTo(page, 'POST', /\/notices\/\d+\/withdraw$/);
    await row.getByRole('button', { name: `${M.withdraw} “${title}”` }).click();
    const question = page.getByRole('dialog', { name: M.confirmWithdrawTitle });
    await expect(question).toContainText(M.confirmWithdraw(title));
    await expectAccessible(page, 'the withdraw question');
    await question.getByRole('button', { name: M.cancel }).click();
    await expect(question).toHaveCount(0);
    expect(withdrawals.sent, 'nothing is sent before the admin confirms').toHaveLength(0);
    expect(await world.pending()).toContain(shown.id);

    await row.getByRole('button', { name: `${M.withdraw} “${title}”` }).click();
    await question.getByRole('button', { name: M.confirmWithdrawButton }).click();
    await expect(question).toHaveCount(0, { timeout: SLOW });
    await expect(cellsOf(shown.id).nth(2)).toContainText(M.periods.withdrawn);
    await expect(published(page).getByRole('status')).toHaveText(M.withdrawn);
    await expect(row.getByRole('button', { name: `${M.withdraw} “${title}”` })).toHaveCount(0);
    expect(withdrawals.taken).toHaveLength(1);
    // The customer no longer sees it.
    expect(await world.pending()).not.toContain(shown.id);
  });

  test('edits a notice that has not started, once the changes are confirmed', async ({
    page,
    visit,
    baseURL,
  }) => {
    const world = await customerAndAdmin(baseURL!);
    const title = `Planned ${unique()}`;
    const notice = await world.publish({ title, starts_at: at(24), ends_at: at(30) });

    await logInAs(page, visit, 'admin', '/control/admin/');
    const row = rowOf(page, notice.id);
    await expect(row.getByRole('cell').nth(2)).toContainText(M.periods.upcoming, {
      timeout: SLOW,
    });
    const saves = callsTo(page, 'PUT', /\/notices\/\d+$/);
    await row.getByRole('button', { name: `${M.edit} “${title}”` }).click();
    const form = page.getByRole('form', { name: M.editTitle(title) });
    await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(form.getByRole('textbox', { name: 'Customer number' })).toHaveValue(
      String(world.cid),
    );
    // Without a title it is not even asked about.
    await form.getByRole('textbox', { name: 'Title' }).fill('');
    await form.getByRole('button', { name: M.save }).click();
    await expect(form).toContainText(NOTICE_MESSAGES.title);
    const renamed = `Moved ${unique()}`;
    await form.getByRole('textbox', { name: 'Title' }).fill(renamed);
    await form.getByRole('button', { name: M.save }).click();
    const question = page.getByRole('dialog', { name: M.confirmSaveTitle });
    await expect(question).toContainText(M.confirmSave(title));
    await expectAccessible(page, 'the save question');
    expect(saves.sent, 'nothing is sent before the admin confirms').toHaveLength(0);
    await question.getByRole('button', { name: M.confirmSaveButton }).click();
    await expect(question).toHaveCount(0, { timeout: SLOW });
    await expect(row.getByRole('cell').nth(0)).toHaveText(renamed);
    await expect(published(page).getByRole('status')).toHaveText(M.saved);
    expect(saves.taken).toHaveLength(1);
  });
});

test.describe('the notices banner', () => {
  test('shows a notice with a link readably in the dark scheme (and the light)', async ({
    browser,
    baseURL,
  }) => {
    const world = await customerAndAdmin(baseURL!);
    const title = `Status ${unique()}`;
    await world.publish({
      title,
      content: 'See the [status page](https://status.example) or [your bills](/control/billing/).',
    });
    const context = await browser.newContext({
      baseURL,
      colorScheme: 'dark',
      extraHTTPHeaders: ownAddress(),
    });
    const page = await context.newPage();
    await page.goto('/control/login/');
    await fillLogin(page, world.username, DEMO_PASSWORD);
    const notice = page.getByTestId('notices-banner').getByRole('region', { name: title });
    await expect(notice).toBeVisible({ timeout: SLOW });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(notice.getByRole('link', { name: 'status page' })).toBeVisible();
    // Dark first (the scheme shown), then the light one.
    await expectAccessible(page, 'the notices banner with links');
    await context.close();
  });
});
