/**
 * Services and servers in the browser (docs/servers.md): the demo login's servers table sorted
 * both ways; a stopped server started and watched to running without a reload, stopped with the
 * time since shutdown counting up, force stopped behind its confirmation; the editor's cost
 * following CPU and memory, the bounds instead of a price for sizes out of them, a value out of
 * bounds refused, a costlier size asking first with its new monthly cost, and the save
 * confirmed; Delete server and New server asking first (nothing sent before Confirm), naming what
 * is lost and what it costs; the services overview with a provisioning task as a pending
 * connectivity item, and "Not all products were fetched".
 * The e2e server's stand-in hypervisor runs its tasks at half length (a start takes 1.5 s).
 *
 * With UPDATE_DOCS_SCREENSHOTS=1 the New server test also writes the form and its confirmation,
 * as it renders them, to docs/screenshots/ (docs/servers.md shows them).
 */
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { API_BASE_PATH } from '../../../src/shared/constants.ts';
import { ERROR_MESSAGES } from '../../../src/shared/messages.ts';
import {
  confirmCreate,
  confirmDelete,
  confirmResize,
  SERVER_MESSAGES,
  secondsSinceShutdownLabel,
  serverCreated,
  serverDeleted,
  sizesOutOfBounds,
} from '../../../src/shared/servers/messages.ts';
import { logInAs } from '../paths/mappings/portal.ts';
import {
  billedServers,
  claimBilledCustomer,
  MANY_SERVICES_USERNAME,
} from '../support/billed-customers.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';

const power = (page: Page) => page.getByTestId('power-state');
/** The seconds since shutdown the page holds (its `<time datetime="PT…S">`). */
const seconds = async (page: Page) =>
  Number(
    /^PT(\d+)S$/.exec(
      (await page.getByTestId('seconds-since-shutdown').getAttribute('datetime')) ?? '',
    )?.[1] ?? NaN,
  );

/** Every change the page asks of the API from now on (method and path), in order. */
function changesOf(page: Page): string[] {
  const changes: string[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    const { pathname } = new URL(request.url());
    // A 401 is renewed and the request sent again: the answer that counts is the other.
    if (
      pathname.startsWith(API_BASE_PATH + '/servers') &&
      request.method() !== 'GET' &&
      response.status() !== 401
    )
      changes.push(`${request.method()} ${pathname.slice(API_BASE_PATH.length)}`);
  });
  return changes;
}

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../docs/screenshots');

test.describe('services and servers', () => {
  test.describe.configure({ timeout: 90_000 });

  test('sort the servers, power one up and down, and edit its size', async ({ page, visit }) => {
    await logInAs(page, visit, 'demo', '/control/services/servers/');
    const table = page.getByTestId('servers-table');
    const names = () => table.locator('tbody tr td:first-child').allInnerTexts();
    await expect(table.locator('tbody tr')).toHaveCount(4);
    await expect(page.getByTestId('server-count')).toHaveText('4 servers');
    await table.getByRole('button', { name: 'Name' }).click();
    await expect.poll(names).toEqual(['backup', 'db-large', 'sites', 'web-1']);
    await table.getByRole('button', { name: /Name/ }).click();
    await expect.poll(names).toEqual(['web-1', 'sites', 'db-large', 'backup']);
    await table.getByRole('button', { name: 'Storage' }).click();
    await expect.poll(names).toEqual(['web-1', 'sites', 'backup', 'db-large']);

    // The server stopped a day ago.
    await table.getByRole('link', { name: 'backup' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'backup' })).toBeVisible();
    await expect(power(page)).toHaveText('Stopped');
    expect(await seconds(page)).toBeGreaterThanOrEqual(86_400);
    // As a person writes it ("1 day, 0 h since shutdown"), not a count of seconds.
    await expect(page.getByTestId('seconds-since-shutdown')).toHaveText(
      /^1 day, \d+ h since shutdown$/,
    );
    expect(await page.getByTestId('seconds-since-shutdown').innerText()).toBe(
      secondsSinceShutdownLabel(await seconds(page)),
    );
    const start = page.getByRole('button', { name: 'Start' });
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    await start.click();
    await expect(power(page)).toHaveText('Starting');
    await expect(start).toBeDisabled();
    await expect(stop).toBeDisabled();
    await expect(power(page)).toHaveText('Running', { timeout: 15_000 });

    await stop.click();
    await expect(power(page)).toHaveText('Stopping');
    await expect(power(page)).toHaveText('Stopped', { timeout: 15_000 });
    const first = await seconds(page);
    await expect.poll(() => seconds(page), { timeout: 5_000 }).toBeGreaterThan(first);

    await start.click();
    await expect(power(page)).toHaveText('Running', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Force stop', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Force stop' });
    await expect(dialog).toContainText(SERVER_MESSAGES.forceStopConfirm);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(power(page)).toHaveText('Running');
    await page.getByRole('button', { name: 'Force stop', exact: true }).click();
    await dialog.getByRole('button', { name: 'Force stop now' }).click();
    await expect(power(page)).toHaveText(/Force stopping|Stopped/);
    await expect(power(page)).toHaveText('Stopped', { timeout: 15_000 });

    // The editor: 1 CPU, 2 GB, 200 GB → 8 + 30 + 100.
    const cost = page.getByTestId('server-cost');
    const box = (name: string) => page.getByRole('textbox', { name });
    await expect(cost).toHaveText('$138.00 per month');
    await box('CPU').fill('3');
    await expect(cost).toHaveText('$154.00 per month');
    await box('Memory (GB)').fill('4');
    await expect(cost).toHaveText('$184.00 per month');
    // Sizes out of their bounds get no price ("$3.50 per month" for 0 CPU, 0 GB, 7 GB before).
    await box('CPU').fill('0');
    await box('Memory (GB)').fill('0');
    await box('Storage (GB)').fill('7');
    await expect(cost).toHaveText(sizesOutOfBounds(200));
    await expect(cost).not.toContainText('$');
    await box('CPU').fill('9');
    await box('Memory (GB)').fill('17');
    await box('Storage (GB)').fill('1025');
    await expect(cost).toHaveText(sizesOutOfBounds(200));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(SERVER_MESSAGES.cpus)).toBeVisible();
    await box('Memory (GB)').fill('4');
    await box('Storage (GB)').fill('200');
    await box('CPU').fill('3');
    await expect(cost).toHaveText('$184.00 per month');
    // A size that costs more asks first, naming the new monthly cost; nothing is sent before.
    const changes = changesOf(page);
    await page.getByRole('button', { name: 'Save' }).click();
    const question = page.getByRole('dialog', { name: 'Save the new size?' });
    await expect(question.getByTestId('confirm-question')).toHaveText(
      confirmResize('backup', '$184.00', '$138.00'),
    );
    await expectAccessible(page, 'the resize question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
    expect(changes).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    // The save is answered before the reload (a 401 on the way is renewed and the save sent
    // again): a reload during the renewal would lose the renewed token.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        /\/servers\/\d+$/.test(new URL(response.url()).pathname) &&
        response.status() === 200,
    );
    await question.getByRole('button', { name: 'Save the new size' }).click();
    await saved;
    // The save is confirmed to the user.
    await expect(page.getByTestId('server-saved')).toHaveText(SERVER_MESSAGES.saved);
    await expect(box('CPU')).toHaveValue('3');
    await expect(box('CPU')).toBeEnabled();
    await expect(cost).toHaveText('$184.00 per month');
    await page.reload();
    await expect(page.getByTestId('server-cost')).toHaveText('$184.00 per month');
    // A size that costs less is saved without a question.
    await box('CPU').fill('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('server-saved')).toHaveText(SERVER_MESSAGES.saved);
    await expect(page.getByTestId('server-cost')).toHaveText('$168.00 per month');
  });

  test('Delete server asks first, naming what is lost; then the list says it was deleted', async ({
    page,
    visit,
  }) => {
    const username = claimBilledCustomer();
    const { backup } = billedServers(username);
    await logInAs(page, visit, username, `/control/server/${backup}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'backup' })).toBeVisible();
    await expect(power(page)).toHaveText('Stopped');
    const changes = changesOf(page);

    // Nothing is sent on Delete server: the question names the server, its storage, for good.
    await page.getByRole('button', { name: 'Delete server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete server?' });
    const question = dialog.getByTestId('confirm-question');
    await expect(question).toHaveText(confirmDelete('backup', 200));
    await expect(question).toContainText('backup');
    await expect(question).toContainText('200 GB of storage');
    await expect(question).toContainText('cannot be undone');
    await expectAccessible(page, 'the delete question');
    expect(changes).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'backup' })).toBeVisible();
    expect(changes).toEqual([]);

    await page.getByRole('button', { name: 'Delete server' }).click();
    await dialog.getByRole('button', { name: 'Delete server' }).click();
    // The servers list, saying so, and not "Server not found".
    await page.waitForURL((url) => url.pathname === '/control/services/servers/');
    await expect(
      page.getByRole('status').filter({ hasText: serverDeleted('backup') }),
    ).toBeVisible();
    await expect(page.getByText(ERROR_MESSAGES.serverNotFound)).toHaveCount(0);
    const table = page.getByTestId('servers-table');
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.getByRole('link', { name: 'web', exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: 'backup', exact: true })).toHaveCount(0);
    expect(changes).toEqual([`DELETE /servers/${backup}`]);
  });

  test('New server: a form, the cost as it changes, and a question naming the cost first', async ({
    page,
    visit,
  }) => {
    const username = claimBilledCustomer();
    await logInAs(page, visit, username, '/control/services/servers/');
    const table = page.getByTestId('servers-table');
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const changes = changesOf(page);

    // Nothing is sent on New server: a form, at the smallest usual size ($28.00 a month).
    await page.getByRole('button', { name: 'New server' }).click();
    const form = page.getByRole('dialog', { name: 'New server' });
    const cost = form.getByTestId('new-server-cost');
    const box = (name: string) => form.getByRole('textbox', { name, exact: true });
    await expect(box('Name')).toHaveValue('');
    await expect(cost).toHaveText('$28.00 per month');
    expect(changes).toEqual([]);

    // A name that is not a host name label is refused in the form; so are sizes out of bounds.
    await box('Name').fill('web 2');
    await form.getByRole('button', { name: 'Create…' }).click();
    await expect(form.getByText(SERVER_MESSAGES.name)).toBeVisible();
    await box('CPU').fill('0');
    await expect(cost).toHaveText(sizesOutOfBounds());
    await box('Name').fill('web-2');
    await expect(form.getByText(SERVER_MESSAGES.name)).toHaveCount(0);
    await box('CPU').fill('2');
    await box('Memory (GB)').fill('4');
    await box('Storage (GB)').fill('40');
    // 2 × 8 + 4 × 15 + 40 × 0.5 (portal.md §9).
    await expect(cost).toHaveText('$96.00 per month');
    await expectAccessible(page, 'the new server form');
    if (process.env.UPDATE_DOCS_SCREENSHOTS)
      await form.screenshot({ path: path.join(SCREENSHOTS, 'new-server.png') });
    expect(changes).toEqual([]);

    // Create… asks first: the name, the size and the monthly cost.
    await form.getByRole('button', { name: 'Create…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Create this server?' });
    const question = confirm.getByTestId('confirm-question');
    await expect(question).toHaveText(
      confirmCreate('web-2', '2 CPU, 4 GB memory, 40 GB storage', '$96.00'),
    );
    await expect(question).toContainText('$96.00 per month');
    await expect(confirm.getByRole('button', { name: 'Create server' })).toBeFocused();
    await expectAccessible(page, 'the new server question');
    if (process.env.UPDATE_DOCS_SCREENSHOTS)
      await confirm.screenshot({ path: path.join(SCREENSHOTS, 'new-server-confirm.png') });
    expect(changes).toEqual([]);
    // Back keeps what was typed.
    await confirm.getByRole('button', { name: 'Back' }).click();
    await expect(box('Name')).toHaveValue('web-2');
    await expect(cost).toHaveText('$96.00 per month');
    expect(changes).toEqual([]);

    await form.getByRole('button', { name: 'Create…' }).click();
    const created = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && request.url().endsWith(`${API_BASE_PATH}/servers/`),
    );
    await confirm.getByRole('button', { name: 'Create server' }).click();
    expect((await created).postDataJSON()).toEqual({
      name: 'web-2',
      cpus: 2,
      mem: 4096,
      disk: 40,
      managed: false,
    });
    await expect(confirm).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: serverCreated('web-2') }),
    ).toBeVisible();
    await expect(table.getByRole('link', { name: 'web-2', exact: true })).toBeVisible();
    expect(changes).toEqual(['POST /servers/']);
  });

  test('a user who may only view servers finds no control to change one, and the reason', async ({
    page,
    visit,
  }) => {
    // The demo login `viewer` has the Services permission at view level only.
    await logInAs(page, visit, 'viewer', '/control/services/servers/');
    const table = page.getByTestId('servers-table');
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('button', { name: 'New server' })).toHaveCount(0);
    await table.getByRole('link', { name: 'viewer-vm', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'viewer-vm' })).toBeVisible();
    await expect(power(page)).toHaveText('Running');
    // The size shows, disabled, its form saying why; nothing else offers a change. Its cost:
    // 1 CPU, 1 GB, 20 GB at portal.md §9's 8, 15 and 0.5 a unit.
    const cpu = page.getByRole('textbox', { name: 'CPU', exact: true });
    const editor = page.locator('form').filter({ has: cpu });
    await expect(editor.getByText(SERVER_MESSAGES.readOnly, { exact: true })).toBeVisible();
    for (const name of ['CPU', 'Memory (GB)', 'Storage (GB)'])
      await expect(editor.getByRole('textbox', { name, exact: true })).toBeDisabled();
    await expect(page.getByTestId('server-cost')).toHaveText('$33.00 per month');
    for (const name of ['Start', 'Stop', 'Force stop', 'Save', 'Delete server'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expectAccessible(page, 'a server, as a user who may only view it');
  });

  test('the services overview: panels, a pending connectivity item, and a cut list', async ({
    page,
    visit,
  }) => {
    await logInAs(page, visit, 'demo', '/control/services/');
    const connectivity = page.getByTestId('panel-17');
    await connectivity.getByRole('button', { name: /^Residential Connectivity \(/ }).click();
    await expect(connectivity.getByTestId('pending-item')).toContainText('SCHEDULED');
    await page.getByRole('button', { name: 'Open all' }).click();
    await expect(page.getByTestId('panel-20').getByTestId('service-list')).toBeVisible();
    await page.getByRole('button', { name: 'Show only Hosting' }).click();
    await expect(connectivity.getByTestId('pending-item')).toHaveCount(0);
    await page.getByRole('button', { name: 'Close all' }).click();
    await expect(page.getByTestId('service-list')).toHaveCount(0);

    // A customer with more services than one answer lists (the e2e server seeds it).
    await page.getByRole('button', { name: 'Log out' }).click();
    await logInAs(page, visit, MANY_SERVICES_USERNAME, '/control/services/');
    await expect(page.getByTestId('not-all-fetched')).toHaveText(
      ERROR_MESSAGES.notAllProductsFetched,
    );
  });
});
