/**
 * The changes of the managed server view's items (portal.md §7 "Managed VM"): a database's and an
 * FTP user's password (PUT /mysql_database/{id}, PUT /ftp_users/{id}: the password), a vhost's SSL
 * settings (PUT /vhosts/{id}: ssl_enabled, ssl_id, ssl_only) and an FTP user's vhost (POST
 * /ftp_users: vhost_id). Each form saves, and a bad value shows its field's message: the page's
 * own rules first (portal.md §5: "Password too short.", the confirmation; SSL only needs SSL),
 * then the server's (a password too easy to guess, a certificate that does not cover the vhost, a
 * vhost gone meanwhile). What each call sends is read off the wire. A billed customer of its own
 * and its managed server; every page state is checked with axe (fixtures.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { API_BASE_PATH } from '../../../src/shared/constants.ts';
import { PASSWORD_MESSAGES } from '../../../src/shared/messages/account.ts';
import { MANAGED_MESSAGES as M } from '../../../src/shared/managed/messages.ts';
import { selfSigned } from '../../managed/certs.ts';
import { billedManagedServerIid, claimBilledCustomer } from '../support/billed-customers.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { logInAs, logInThroughApi } from '../paths/mappings/portal.ts';

const STRONG = 'Quiet-Harbor-Lantern-42';
const NEW_PASSWORD = 'Copper-Meadow-Whistle-77';
/** Long enough for the page's rule, too easy to guess for the server's. */
const WEAK = 'aaaaaaaaaaaaaaaa';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Every change the page sends to the managed server, with its body, as answered: a request
 * answered 401 (the tests' access tokens live 5 s) is sent again by the page after a refresh, and
 * counts once.
 */
function recordChanges(page: Page): Call[] {
  const sent: Call[] = [];
  page.on('response', (response) => {
    const request = response.request();
    const url = new URL(request.url());
    if (request.method() === 'GET' || !url.pathname.includes('/managed_vm/')) return;
    if (response.status() === 401) return;
    sent.push({
      method: request.method(),
      path: url.pathname.replace(/^.*\/managed_vm\/\d+/, ''),
      body: request.postDataJSON() as unknown,
    });
  });
  return sent;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function choose(page: Page, within: Locator, label: string, option: string) {
  await within.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types a new password twice in a change's dialog and saves. */
async function savePassword(dialog: Locator, password: string, confirm = password) {
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await dialog.getByRole('textbox', { name: 'Confirm the new password' }).fill(confirm);
  await dialog.getByRole('button', { name: M.editSaved.password }).click();
}

async function uploadCertificate(page: Page, name: string, hosts: string[]) {
  const cert = selfSigned(hosts);
  const upload = page.getByRole('form', { name: 'Upload certificate' });
  await upload.getByLabel('Name').fill(name);
  await upload.getByLabel('Certificate (PEM)').fill(cert.cert);
  await upload.getByLabel('Private key (PEM)').fill(cert.key);
  await upload.getByRole('button', { name: 'Upload certificate' }).click();
  await page.getByRole('table', { name: 'SSL certificates' }).getByRole('row', { name }).waitFor();
}

test("a database's and an FTP user's password, a vhost's SSL settings and an FTP user's vhost: each saves, and a bad value shows its field's message", async ({
  page,
  visit,
}) => {
  test.setTimeout(120_000);
  const username = claimBilledCustomer();
  const iid = billedManagedServerIid(username);
  await logInAs(page, visit, username, `/control/servers/${iid}/manage`);
  const sent = recordChanges(page);

  // Two certificates: one for the vhost, one for another name.
  await uploadCertificate(page, 'shop', ['shop.example.com']);
  await uploadCertificate(page, 'other', ['other.example.com']);
  sent.length = 0;

  // A database's password.
  await openTab(page, 'Databases');
  const addDatabase = page.getByRole('form', { name: 'Add database' });
  await addDatabase.getByLabel('Database name').fill('shop');
  await addDatabase.getByLabel('User name').fill('shop_user');
  await addDatabase.getByLabel('Password', { exact: true }).fill(STRONG);
  await addDatabase.getByRole('button', { name: 'Add database' }).click();
  const database = page.getByRole('table', { name: 'MySQL databases' }).getByRole('row', {
    name: /shop_user/,
  });
  await database.getByRole('button', { name: M.editButtons.password }).click();
  const databasePassword = page.getByRole('dialog', {
    name: M.editTitles.password('the database shop'),
  });
  await expect(databasePassword).toContainText(PASSWORD_MESSAGES.help);
  sent.length = 0;
  await savePassword(databasePassword, 'short');
  await expect(databasePassword.getByText(PASSWORD_MESSAGES.tooShort)).toBeVisible();
  await savePassword(databasePassword, NEW_PASSWORD, 'Copper-Meadow-Whistle');
  await expect(databasePassword.getByText(PASSWORD_MESSAGES.mismatch)).toBeVisible();
  await expectAccessible(page, "a database's new password refused by the page");
  expect(sent).toEqual([]);
  await savePassword(databasePassword, WEAK);
  await expect(databasePassword.getByText(PASSWORD_MESSAGES.scoreTooLow)).toBeVisible();
  await savePassword(databasePassword, NEW_PASSWORD);
  await expect(databasePassword).toHaveCount(0);
  expect(sent.map((call) => call.path)).toEqual([
    expect.stringMatching(/^\/mysql_database\/\d+$/),
    expect.stringMatching(/^\/mysql_database\/\d+$/),
  ]);
  expect(sent.map((call) => [call.method, call.body])).toEqual([
    ['PUT', { password: WEAK }],
    ['PUT', { password: NEW_PASSWORD }],
  ]);
  sent.length = 0;

  // A vhost's SSL settings.
  await openTab(page, 'Vhosts');
  const addVhost = page.getByRole('form', { name: 'Add vhost' });
  await addVhost.getByLabel('Domain').fill('shop.example.com');
  await addVhost.getByRole('button', { name: 'Add vhost' }).click();
  const vhost = page.getByRole('table', { name: 'Vhosts' }).getByRole('row', {
    name: /shop\.example\.com/,
  });
  await expect(vhost).toContainText('No');
  sent.length = 0;
  await vhost.getByRole('button', { name: M.editButtons.ssl }).click();
  const ssl = page.getByRole('dialog', { name: M.editTitles.ssl('shop.example.com') });
  await ssl.getByRole('checkbox', { name: 'SSL only (HTTP redirects to HTTPS)' }).check();
  await ssl.getByRole('button', { name: M.editSaved.ssl }).click();
  await expect(ssl.getByText(M.sslOnlyNeedsSsl)).toBeVisible();
  await ssl.getByRole('checkbox', { name: 'SSL enabled' }).check();
  await ssl.getByRole('button', { name: M.editSaved.ssl }).click();
  await expect(ssl.getByText(M.sslNeedsCertificate)).toBeVisible();
  expect(sent).toEqual([]);
  await choose(page, ssl, 'Certificate', 'other');
  await ssl.getByRole('button', { name: M.editSaved.ssl }).click();
  await expect(ssl.getByText(M.certificateDoesNotCover('shop.example.com'))).toBeVisible();
  await expectAccessible(page, "a vhost's SSL settings refused by the server");
  await choose(page, ssl, 'Certificate', 'shop');
  await ssl.getByRole('button', { name: M.editSaved.ssl }).click();
  await expect(ssl).toHaveCount(0);
  await expect(vhost).toContainText('SSL only');
  expect(sent.map((call) => [call.method, call.path])).toEqual([
    ['PUT', expect.stringMatching(/^\/vhosts\/\d+$/)],
    ['PUT', expect.stringMatching(/^\/vhosts\/\d+$/)],
  ]);
  expect(sent[1].body).toEqual({ ssl_enabled: true, ssl_id: expect.any(Number), ssl_only: true });
  sent.length = 0;

  // An FTP user in the vhost, and its password.
  await openTab(page, 'FTP');
  const addFtp = page.getByRole('form', { name: 'Add FTP user' });
  await addFtp.getByLabel('User name').fill('webftp');
  await addFtp.getByLabel('Password', { exact: true }).fill(STRONG);
  await choose(page, addFtp, 'Vhost', 'shop.example.com');
  await addFtp.getByRole('button', { name: 'Add FTP user' }).click();
  const ftpUser = page.getByRole('table', { name: 'FTP users' }).getByRole('row', {
    name: /webftp/,
  });
  await expect(ftpUser).toContainText('shop.example.com');
  expect(sent).toEqual([
    {
      method: 'POST',
      path: '/ftp_users',
      body: { username: 'webftp', password: STRONG, vhost_id: expect.any(Number) },
    },
  ]);
  sent.length = 0;
  await ftpUser.getByRole('button', { name: M.editButtons.password }).click();
  const ftpPassword = page.getByRole('dialog', {
    name: M.editTitles.password('the FTP user webftp'),
  });
  await savePassword(ftpPassword, NEW_PASSWORD);
  await expect(ftpPassword).toHaveCount(0);
  expect(sent).toEqual([
    {
      method: 'PUT',
      path: expect.stringMatching(/^\/ftp_users\/\d+$/),
      body: { password: NEW_PASSWORD },
    },
  ]);
  sent.length = 0;

  // A vhost chosen for a new FTP user, gone meanwhile (deleted in another session): the server's
  // message shows on the Vhost field.
  await addFtp.getByLabel('User name').fill('lateftp');
  await addFtp.getByLabel('Password', { exact: true }).fill(STRONG);
  await choose(page, addFtp, 'Vhost', 'shop.example.com');
  const { api, headers } = await logInThroughApi(new URL(page.url()).origin, username);
  try {
    const vhosts = (await (await api.get(`${API_BASE_PATH}/managed_vm/${iid}/vhosts`)).json()) as {
      records: { vhost_id: number }[];
    };
    for (const { vhost_id } of vhosts.records) {
      const gone = await api.delete(`${API_BASE_PATH}/managed_vm/${iid}/vhosts/${vhost_id}`, {
        headers,
      });
      expect(gone.ok(), await gone.text()).toBe(true);
    }
  } finally {
    await api.dispose();
  }
  await addFtp.getByRole('button', { name: 'Add FTP user' }).click();
  await expect(addFtp.getByText(M.vhostMissing)).toBeVisible();
  await expectAccessible(page, "an FTP user's vhost gone meanwhile");
  expect(sent.map((call) => call.body)).toEqual([
    { username: 'lateftp', password: STRONG, vhost_id: expect.any(Number) },
  ]);
});
