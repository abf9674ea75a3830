/**
 * The managed server view (portal.md §2 "Managed server view", §4; issue 16), as the demo
 * customer on its managed server (src/server/servers/demo-seed.ts), in one walk: the server's name
 * as the heading, a certificate and its key uploaded (a mismatched pair refused first), a vhost
 * using it with ssl_only, an alias added, a database whose Delete counts down "Delete (Disabled for Ns)", a redirect, a PHP
 * value, the web server turned off and on, the websites user's password changed, and the nginx
 * files the host agent renders. Every page state is checked with axe (fixtures.ts).
 */
import type { Page } from '@playwright/test';
import {
  deleteDisabledLabel,
  MANAGED_MESSAGES as M,
} from '../../../src/shared/managed/messages.ts';
import { MANAGED } from '../../../src/shared/managed/constants.ts';
import { DEMO_MANAGED_SERVER_IID } from '../../../src/server/servers/demo-seed.ts';
import { selfSigned } from '../../managed/certs.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { logInAs } from '../paths/mappings/portal.ts';
import { pressCovered } from '../support/hidden-controls.ts';

const IID = DEMO_MANAGED_SERVER_IID;

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('a managed server: certificate, vhost with ssl_only and an alias, database lock, redirect, PHP, nginx, websites user', async ({
  page,
  visit,
}) => {
  test.setTimeout(90_000);
  const shop = selfSigned(['shop.example.com', 'www.shop.example.com']);
  const other = selfSigned(['other.example.com']);
  // /server/{iid}/ssl opens the view on its SSL section.
  await logInAs(page, visit, 'demo', `/control/server/${IID}/ssl`);
  // The server's name heads the view (the demo's managed server is "sites").
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('sites');
  await expect(page.getByRole('tab', { name: 'SSL' })).toHaveAttribute('aria-selected', 'true');
  const upload = page.getByRole('form', { name: 'Upload certificate' });
  await upload.getByLabel('Name').fill('shop');
  await upload.getByLabel('Certificate (PEM)').fill(shop.cert);
  await upload.getByLabel('Private key (PEM)').fill(other.key);
  await upload.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(upload.getByText(M.keyMismatch)).toBeVisible();
  await expectAccessible(page, 'a mismatched key refused');
  await upload.getByLabel('Private key (PEM)').fill(shop.key);
  await upload.getByRole('button', { name: 'Upload certificate' }).click();
  const certs = page.getByRole('table', { name: 'SSL certificates' });
  await expect(certs.getByRole('row', { name: /shop/ })).toContainText(
    'shop.example.com, www.shop.example.com',
  );

  // A vhost using it, SSL only: marked as starting, its Delete locked.
  await openTab(page, 'Vhosts');
  const addVhost = page.getByRole('form', { name: 'Add vhost' });
  // Checked in the browser by the shared rule, before anything is sent.
  await addVhost.getByLabel('Domain').fill('shop example');
  await expect(addVhost.getByText(M.hostName)).toBeVisible();
  await addVhost.getByLabel('Domain').fill('shop.example.com');
  await expect(addVhost.getByText(M.hostName)).toBeHidden();
  await addVhost.getByRole('combobox', { name: 'Certificate' }).click();
  await page.getByRole('option', { name: 'shop' }).click();
  await addVhost.getByLabel('SSL only (HTTP redirects to HTTPS)').check();
  await addVhost.getByRole('button', { name: 'Add vhost' }).click();
  const vhostRow = page
    .getByRole('table', { name: 'Vhosts' })
    .getByRole('row', { name: /shop\.example\.com/ });
  await expect(vhostRow).toContainText('SSL only');
  await expect(vhostRow).toContainText(M.starting);
  await expect(
    vhostRow.getByRole('button', { name: /^Delete \(Disabled for \d+s\)$/ }),
  ).toBeDisabled();
  await vhostRow.getByRole('button', { name: M.editButtons.aliases }).click();
  const aliases = page.getByRole('dialog', { name: M.editTitles.aliases('shop.example.com') });
  await aliases.getByRole('textbox', { name: /^Aliases/ }).fill('www.shop.example.com');
  await aliases.getByRole('button', { name: M.editSaved.aliases }).click();
  await expect(aliases).toHaveCount(0);
  await expect(vhostRow).toContainText('www.shop.example.com');
  await expectAccessible(page, 'a vhost with its alias');

  // A database: "Delete (Disabled for 60s)", counting down.
  await openTab(page, 'Databases');
  const addDatabase = page.getByRole('form', { name: 'Add database' });
  await addDatabase.getByLabel('Database name').fill('shop');
  await addDatabase.getByLabel('User name').fill('shop_user');
  await addDatabase.getByLabel('Password', { exact: true }).fill('Quiet-Harbor-Lantern-42');
  await addDatabase.getByRole('button', { name: 'Add database' }).click();
  const databaseRow = page
    .getByRole('table', { name: 'MySQL databases' })
    .getByRole('row', { name: /shop_user/ });
  const locked = databaseRow.getByRole('button', { name: /^Delete \(Disabled for \d+s\)$/ });
  await expect(locked).toBeDisabled();
  const first = Number(/(\d+)s/.exec((await locked.textContent()) ?? '')?.[1]);
  expect(first).toBeLessThanOrEqual(MANAGED.deleteLockSeconds);
  expect(first).toBeGreaterThan(MANAGED.deleteLockSeconds - 5);
  await expect(
    databaseRow.getByRole('button', { name: deleteDisabledLabel(first - 1) }),
  ).toBeVisible();

  // A redirect (the domain_redirects route opens its section).
  await visit(`/control/server/${IID}/domain_redirects`);
  await expect(page.getByRole('tab', { name: 'Redirects' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const addRedirect = page.getByRole('form', { name: 'Add redirect' });
  await addRedirect.getByLabel('Redirect from (domain)').fill('old.example.com');
  await addRedirect.getByLabel('Redirect to (address)').fill('https://shop.example.com/');
  await addRedirect.getByRole('button', { name: 'Add redirect' }).click();
  await expect(page.getByRole('table', { name: 'Domain redirects' })).toContainText(
    'old.example.com',
  );

  // A PHP value.
  await openTab(page, 'PHP');
  const setPhp = page.getByRole('form', { name: 'Set PHP value' });
  await setPhp.getByRole('combobox', { name: 'Setting' }).click();
  await page.getByRole('option', { name: 'memory_limit', exact: true }).click();
  await setPhp.getByLabel('Value').fill('256M');
  await setPhp.getByRole('button', { name: 'Set PHP value' }).click();
  await expect(page.getByRole('table', { name: 'PHP settings' })).toContainText('256M');

  // The web server off and on.
  await openTab(page, 'Web server');
  const nginx = page.getByRole('tabpanel').getByRole('switch');
  await expect(page.getByText(M.nginxOn)).toBeVisible();
  await pressCovered(nginx);
  // Turning it off asks first.
  await page
    .getByRole('dialog', { name: M.nginxOffTitle })
    .getByRole('button', { name: M.nginxOffConfirm })
    .click();
  await expect(page.getByText(M.nginxOff)).toBeVisible();
  await expect(nginx).not.toBeChecked();
  await pressCovered(nginx);
  await expect(page.getByText(M.nginxOn)).toBeVisible();
  await expect(nginx).toBeChecked();

  // The websites user's password, by the password rules.
  await openTab(page, 'Websites user');
  const form = page.getByRole('form', { name: 'Change the websites user password' });
  await form
    .getByRole('textbox', { name: 'New password', exact: true })
    .fill('Copper-Meadow-Whistle-77');
  await form
    .getByRole('textbox', { name: 'Confirm the new password' })
    .fill('Copper-Meadow-Whistle-77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(M.websitesUserChanged)).toBeVisible();

  // The nginx files the agent renders: the alias, ssl_only, the redirect, the PHP value.
  await openTab(page, M.configurationPreview);
  const preview = page.getByRole('tabpanel');
  await expect(preview).toContainText('server_name shop.example.com www.shop.example.com;');
  await expect(preview).toContainText('return 301 https://$host$request_uri;');
  await expect(preview).toContainText('return 301 "https://shop.example.com/";');
  await expect(preview).toContainText('fastcgi_param PHP_VALUE "memory_limit=256M";');
  await expect(preview).not.toContainText('PRIVATE KEY');
});
