/**
 * Services and servers in the browser (docs/servers.md): the demo login's servers table sorted
 * both ways; a stopped server started and watched to running without a reload, stopped with the
 * seconds since shutdown counting up, force stopped behind its confirmation; the editor's cost
 * following CPU and memory, a value out of bounds refused; the services overview with a
 * provisioning task as a pending connectivity item, and "Not all products were fetched".
 * The e2e server's stand-in hypervisor runs its tasks at half length (a start takes 1.5 s).
 */
import type { Page } from '@playwright/test';
import { ERROR_MESSAGES } from '../../../src/shared/messages.ts';
import { SERVER_MESSAGES } from '../../../src/shared/messages/servers.ts';
import { logInAs } from '../paths/mappings/portal.ts';
import { MANY_SERVICES_USERNAME } from '../support/billed-customers.ts';
import { expect, test } from '../support/fixtures.ts';

const power = (page: Page) => page.getByTestId('power-state');
const seconds = async (page: Page) =>
  Number((await page.getByTestId('seconds-since-shutdown').innerText()).split(' ')[0]);

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
    await expect(cost).toHaveText('$138.00 per month');
    await page.getByRole('textbox', { name: 'CPU' }).fill('3');
    await expect(cost).toHaveText('$154.00 per month');
    await page.getByRole('textbox', { name: 'Memory (GB)' }).fill('4');
    await expect(cost).toHaveText('$184.00 per month');
    await page.getByRole('textbox', { name: 'CPU' }).fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(SERVER_MESSAGES.cpus)).toBeVisible();
    await page.getByRole('textbox', { name: 'CPU' }).fill('3');
    // The save is answered before the reload (a 401 on the way is renewed and the save sent
    // again): a reload during the renewal would lose the renewed token.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        /\/servers\/\d+$/.test(new URL(response.url()).pathname) &&
        response.status() === 200,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await saved;
    await expect(page.getByRole('textbox', { name: 'CPU' })).toHaveValue('3');
    await expect(page.getByRole('textbox', { name: 'CPU' })).toBeEnabled();
    await expect(cost).toHaveText('$184.00 per month');
    await page.reload();
    await expect(page.getByTestId('server-cost')).toHaveText('$184.00 per month');
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
