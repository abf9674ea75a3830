/**
 * /control/charts/: every registered machine with its description, its chart drawn when chosen
 * (elkjs loads on this page only), and the live view highlighting the running theme machine as
 * the page is used.
 */
import { MACHINES } from '../../../machines/registry.ts';
import { expect, test } from '../support/fixtures.ts';
import { setCoveredChecked } from '../support/hidden-controls.ts';

test.describe('statecharts page', () => {
  test('lists every machine with its description and draws each chart', async ({ page, visit }) => {
    // Every registered machine is laid out in turn, in the browser.
    test.setTimeout(180_000);
    const elk: string[] = [];
    page.on('request', (request) => {
      if (/elk/i.test(request.url())) elk.push(request.url());
    });
    await visit('/control/paths-start/');
    expect(elk, 'elkjs must not load outside the charts page').toEqual([]);

    await visit('/control/charts/');
    await expect(page.getByRole('heading', { level: 1, name: 'Statecharts' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Machines' });
    const chart = page.getByTestId('machine-chart');
    for (const entry of MACHINES) {
      const row = list.getByTestId(`machine-row-${entry.name}`);
      await expect(row.getByText(entry.description, { exact: true })).toBeVisible();
      await row.getByRole('link', { name: entry.title, exact: true }).click();
      await expect(chart.getByRole('heading', { level: 2 })).toHaveText(entry.title);
      await expect(chart.locator('svg title')).toHaveText(`Statechart of ${entry.machine.id}`);
      await expect(page).toHaveURL(new RegExp(`#${entry.name}$`));
    }
    expect(elk.length).toBeGreaterThan(0);

    // A link to a machine's chart opens with that chart drawn.
    const last = MACHINES[MACHINES.length - 1];
    await page.goto(`/control/charts/#${last.name}`);
    await expect(chart.getByRole('heading', { level: 2 })).toHaveText(last.title);
  });

  test('the live view highlights the active state and the last event', async ({ page, visit }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await visit('/control/charts/');
    const live = page.getByTestId('live-view');
    await expect(live.getByRole('combobox', { name: 'Running machine' })).toHaveValue(
      'Colour scheme (theme)',
    );
    const chart = live.getByTestId('chart-theme');
    await expect(live.getByTestId('live-active')).toHaveText('following preference');
    await expect(chart.locator('[data-state="following preference"]')).toHaveAttribute(
      'data-active',
      'true',
    );
    await expect(chart.locator('[data-state="forced light"]')).toHaveAttribute(
      'data-active',
      'false',
    );

    await setCoveredChecked(page.getByRole('switch', { name: 'Dark mode' }), true);
    await expect(live.getByTestId('live-event')).toHaveText('theme.chosen');
    await expect(
      chart.locator('[data-transition="following preference › theme.chosen → (stays)"]'),
    ).toHaveAttribute('data-taken', 'true');
    await expect(chart.locator('[data-state="following preference"]')).toHaveAttribute(
      'data-active',
      'true',
    );
  });

  test('the live view follows machines used in another tab', async ({ page, visit, context }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await visit('/control/charts/');
    const live = page.getByTestId('live-view');
    const machine = live.getByRole('combobox', { name: 'Running machine' });

    const other = await context.newPage();
    await other.goto('/control/paths-start/');
    await setCoveredChecked(other.getByRole('switch', { name: 'Dark mode' }), true);
    await other.goto('/control/signup/');
    await other.getByTestId('signup-layout').waitFor();

    await machine.click();
    const signup = MACHINES.find((entry) => entry.name === 'signup');
    if (signup)
      await expect(
        page.getByRole('option', { name: `${signup.title} (signup), in another tab` }),
      ).toBeVisible();
    await page.getByRole('option', { name: 'Colour scheme (theme), in another tab' }).click();
    await expect(machine).toHaveValue('Colour scheme (theme), in another tab');
    // The other tab chose dark, then the signup page forced light.
    await expect(live.getByTestId('live-active')).toHaveText('forced light');
    await expect(live.getByTestId('live-event')).toHaveText('signup.entered');
    const chart = live.getByTestId('chart-theme');
    await expect(chart.locator('[data-state="forced light"]')).toHaveAttribute(
      'data-active',
      'true',
    );
    await expect(
      chart.locator('[data-transition="following preference › signup.entered → forced light"]'),
    ).toHaveAttribute('data-taken', 'true');
    await other.close();
  });
});
