/**
 * What the managed server view destroys, it asks about first (the destructive-action
 * inventory; portal.md §2 "Managed server view", §7): each Delete of a certificate, a database, a
 * vhost, an FTP user, a redirect and a PHP setting, and the web server switch turned off, opens a
 * confirmation that names what is lost, and no change is sent before Confirm (every request the
 * page makes is recorded). Confirm then sends exactly the one call. Turning the web server on
 * asks nothing. The view's heading is the server's name; an id the customer has no managed server
 * of is "Server not found" (portal.md §8), and nothing of it is asked for; a user who may only
 * view (services view) finds every control of the sections disabled, with the reason. Each test
 * has a billed customer of its own (its managed server "Managed web host"); every page state is
 * checked with axe (fixtures.ts).
 */
import type { Page, Request } from '@playwright/test';
import { DELETE_QUESTIONS, MANAGED_MESSAGES as M } from '../../../src/shared/managed/messages.ts';
import { loggedInLabel } from '../../../src/shared/messages/portal.ts';
import { DEMO_MANAGED_SERVER_IID } from '../../../src/server/servers/demo-seed.ts';
import { selfSigned } from '../../managed/certs.ts';
import { billedManagedServerIid, claimBilledCustomer } from '../support/billed-customers.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { fillLogin, logInAs, logInThroughApi } from '../paths/mappings/portal.ts';
import { freshApi } from '../support/fresh-api.ts';
import { pressCovered } from '../support/hidden-controls.ts';

const STRONG = 'Quiet-Harbor-Lantern-42';
/** The password of the user the view-only test adds (strong enough for the password rules). */
const LOOKER_PASSWORD = 'Quartz-Meadow-Falcon-Ribbon-73!';
/** The billed customers' managed server (tests/e2e/support/billed-customers.ts). */
const SERVER_NAME = 'Managed web host';

/**
 * The changes the page sends to the managed server (method and path), in order: `asked` every
 * request, `sent` each once as answered (a request answered 401, the tests' access tokens living
 * 5 s, is sent again by the page after a refresh).
 */
function recordChanges(page: Page) {
  const asked: string[] = [];
  const sent: string[] = [];
  const change = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' || !url.pathname.includes('/managed_vm/')) return null;
    return `${request.method()} ${url.pathname.replace(/^.*\/managed_vm\/\d+/, '')}`;
  };
  page.on('request', (request) => {
    const what = change(request);
    if (what) asked.push(what);
  });
  page.on('response', (response) => {
    const what = change(response.request());
    if (what && response.status() !== 401) sent.push(what);
  });
  const clear = () => {
    asked.length = 0;
    sent.length = 0;
  };
  return { asked, sent, clear };
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function choose(
  page: Page,
  form: ReturnType<Page['getByRole']>,
  label: string,
  option: string,
) {
  await form.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** One of each item, made through the page: what the walk then deletes. */
async function makeOneOfEach(page: Page) {
  const cert = selfSigned(['spare.example.com']);
  await openTab(page, 'SSL');
  const upload = page.getByRole('form', { name: 'Upload certificate' });
  await upload.getByLabel('Name').fill('spare');
  await upload.getByLabel('Certificate (PEM)').fill(cert.cert);
  await upload.getByLabel('Private key (PEM)').fill(cert.key);
  await upload.getByRole('button', { name: 'Upload certificate' }).click();
  await page.getByRole('table', { name: 'SSL certificates' }).getByText('spare').first().waitFor();

  await openTab(page, 'Databases');
  const database = page.getByRole('form', { name: 'Add database' });
  await database.getByLabel('Database name').fill('shop');
  await database.getByLabel('User name').fill('shop_user');
  await database.getByLabel('Password', { exact: true }).fill(STRONG);
  await database.getByRole('button', { name: 'Add database' }).click();
  await page.getByRole('table', { name: 'MySQL databases' }).getByText('shop_user').waitFor();

  await openTab(page, 'Vhosts');
  const vhost = page.getByRole('form', { name: 'Add vhost' });
  await vhost.getByLabel('Domain').fill('shop.example.com');
  await vhost.getByLabel(/^Aliases/).fill('www.shop.example.com');
  await vhost.getByRole('button', { name: 'Add vhost' }).click();
  await page.getByRole('table', { name: 'Vhosts' }).getByText('shop.example.com').first().waitFor();

  await openTab(page, 'FTP');
  const ftp = page.getByRole('form', { name: 'Add FTP user' });
  await ftp.getByLabel('User name').fill('webftp');
  await ftp.getByLabel('Password', { exact: true }).fill(STRONG);
  await ftp.getByRole('button', { name: 'Add FTP user' }).click();
  await page.getByRole('table', { name: 'FTP users' }).getByText('webftp').waitFor();

  await openTab(page, 'Redirects');
  const redirect = page.getByRole('form', { name: 'Add redirect' });
  await redirect.getByLabel('Redirect from (domain)').fill('old.example.com');
  await redirect.getByLabel('Redirect to (address)').fill('https://shop.example.com/');
  await redirect.getByRole('button', { name: 'Add redirect' }).click();
  await page
    .getByRole('table', { name: 'Domain redirects' })
    .getByText('old.example.com')
    .waitFor();

  await openTab(page, 'PHP');
  const php = page.getByRole('form', { name: 'Set PHP value' });
  await choose(page, php, 'Setting', 'memory_limit');
  await php.getByLabel('Value').fill('256M');
  await php.getByRole('button', { name: 'Set PHP value' }).click();
  await page.getByRole('table', { name: 'PHP settings' }).getByText('256M').waitFor();
}

test("every Delete and the web server's Off ask first, name what is lost, and send nothing before Confirm", async ({
  page,
  visit,
}) => {
  test.setTimeout(120_000);
  const username = claimBilledCustomer();
  const iid = billedManagedServerIid(username);
  const manage = `/control/servers/${iid}/manage`;
  await logInAs(page, visit, username, manage);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SERVER_NAME);
  await makeOneOfEach(page);
  // Opened afresh: a new database's and vhost's 60 s delete lock is the page's own.
  await visit(`${manage}?section=nginx`);
  const { asked, sent, clear } = recordChanges(page);

  // The web server: Off names every site and redirect that stops.
  const toggle = page.getByRole('tabpanel').getByRole('switch');
  await expect(page.getByText(M.nginxOn, { exact: true })).toBeVisible();
  await pressCovered(toggle);
  const off = page.getByRole('dialog', { name: M.nginxOffTitle });
  await expect(off).toContainText(M.nginxOffStops(1, 1));
  await expect(off).toContainText('shop.example.com');
  await expect(off).toContainText(
    M.nginxOffRedirect('old.example.com', 'https://shop.example.com/'),
  );
  await expectAccessible(page, 'turning the web server off asks first');
  expect(asked).toEqual([]);
  await off.getByRole('button', { name: 'Cancel' }).click();
  await expect(off).toHaveCount(0);
  await expect(toggle).toBeChecked();
  expect(asked).toEqual([]);
  await pressCovered(toggle);
  expect(asked).toEqual([]);
  await off.getByRole('button', { name: M.nginxOffConfirm }).click();
  await expect(page.getByText(M.nginxOff, { exact: true })).toBeVisible();
  await expect.poll(() => sent).toEqual(['PUT /nginx']);
  // Turning it on asks nothing.
  await pressCovered(toggle);
  await expect(page.getByText(M.nginxOn, { exact: true })).toBeVisible();
  await expect(off).toHaveCount(0);
  await expect.poll(() => sent).toEqual(['PUT /nginx', 'PUT /nginx']);
  clear();

  // Each list's Delete: the question names the item and what goes with it; Cancel sends nothing,
  // Confirm sends the one DELETE.
  const cases = [
    {
      tab: 'SSL',
      table: 'SSL certificates',
      row: 'spare',
      question: DELETE_QUESTIONS.ssl_certs({ name: 'spare', names: ['spare.example.com'] }),
      call: /^DELETE \/ssl_certs\/\d+$/,
    },
    {
      tab: 'Databases',
      table: 'MySQL databases',
      row: 'shop_user',
      question: DELETE_QUESTIONS.mysql_database({ database_name: 'shop', username: 'shop_user' }),
      call: /^DELETE \/mysql_database\/\d+$/,
    },
    {
      tab: 'FTP',
      table: 'FTP users',
      row: 'webftp',
      question: DELETE_QUESTIONS.ftp_users({ username: 'webftp' }),
      call: /^DELETE \/ftp_users\/\d+$/,
    },
    {
      tab: 'Vhosts',
      table: 'Vhosts',
      row: 'shop.example.com',
      question: DELETE_QUESTIONS.vhosts({
        domain: 'shop.example.com',
        aliases: ['www.shop.example.com'],
      }),
      call: /^DELETE \/vhosts\/\d+$/,
    },
    {
      tab: 'Redirects',
      table: 'Domain redirects',
      row: 'old.example.com',
      question: DELETE_QUESTIONS.domain_redirects({
        redirect_from: 'old.example.com',
        redirect_to: 'https://shop.example.com/',
      }),
      call: /^DELETE \/domain_redirects\/\d+$/,
    },
    {
      tab: 'PHP',
      table: 'PHP settings',
      row: 'memory_limit',
      question: DELETE_QUESTIONS.php_settings({ key: 'memory_limit', value: '256M' }),
      call: /^DELETE \/php_settings\/memory_limit$/,
    },
  ];
  for (const { tab, table, row, question, call } of cases) {
    await openTab(page, tab);
    const line = page.getByRole('table', { name: table }).getByRole('row', { name: row });
    await line.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: question.title });
    await expect(dialog).toContainText(question.loses);
    await expectAccessible(page, `${tab}: a deletion asks first`);
    expect(asked, tab).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(line).toHaveCount(1);
    expect(asked, tab).toEqual([]);
    await line.getByRole('button', { name: 'Delete', exact: true }).click();
    expect(asked, tab).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(line).toHaveCount(0);
    await expect.poll(() => sent, tab).toHaveLength(1);
    expect(sent[0], tab).toMatch(call);
    clear();
  }
});

test('an id the customer has no managed server of is "Server not found", and nothing is asked of it', async ({
  page,
  visit,
}) => {
  const username = claimBilledCustomer();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/managed_vm/')) asked.push(request.url());
  });
  // Not an id; the demo customer's managed server (another customer's).
  await logInAs(page, visit, username, null);
  for (const id of ['abc', String(DEMO_MANAGED_SERVER_IID)]) {
    await visit(`/control/servers/${id}/manage`);
    await expect(page.getByRole('alert').filter({ hasText: M.serverNotFound })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(M.title);
    await expect(page.getByRole('tab')).toHaveCount(0);
  }
  expect(asked).toEqual([]);
});

test('a user who may only view the managed server finds every change disabled, with the reason', async ({
  page,
  visit,
  baseURL,
}) => {
  // The customer's owner adds a redirect and a user with the Services permission at view level.
  const owner = claimBilledCustomer();
  const iid = billedManagedServerIid(owner);
  const looker = `look-${owner}`;
  const { api } = await logInThroughApi(baseURL!, owner);
  try {
    const call = await freshApi(api, owner);
    await call('post', `/managed_vm/${iid}/domain_redirects`, {
      redirect_from: 'old.example.com',
      redirect_to: 'https://shop.example.com/',
    });
    await call('post', '/user/authorized_users', {
      name: 'Lee Looker',
      email: 'lee.looker@example.com',
      phone: '(801) 555-0191',
      uid: looker,
      password: LOOKER_PASSWORD,
      perms: { services: { has_view: true, has_manage: false } },
    });
  } finally {
    await api.dispose();
  }

  const changes = recordChanges(page);
  await page.goto('/control/login/');
  await fillLogin(page, looker, LOOKER_PASSWORD);
  await page
    .getByTestId('logged-in-link')
    .filter({ hasText: loggedInLabel(looker) })
    .waitFor();
  await visit(`/control/servers/${iid}/manage`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SERVER_NAME);
  await expect(page.getByTestId('managed-read-only')).toHaveText(M.readOnly);
  // Every section that changes the server: shown, with no control that can be used.
  const panel = page.getByRole('tabpanel');
  for (const name of ['SSL', 'Databases', 'Vhosts', 'FTP', 'Redirects', 'PHP', 'Web server']) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(panel.locator('button, input, textarea').first(), name).toBeVisible();
    await expect(
      panel.locator('button:enabled, input:enabled, textarea:enabled'),
      name,
    ).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'Redirects', exact: true }).click();
  await expect(
    page
      .getByRole('table', { name: 'Domain redirects' })
      .getByRole('row', { name: 'old.example.com' })
      .getByRole('button', { name: 'Delete', exact: true }),
  ).toBeDisabled();
  await page.getByRole('tab', { name: 'Websites user', exact: true }).click();
  await expect(
    page.getByRole('form', { name: 'Change the websites user password' }).getByRole('button'),
  ).toBeDisabled();
  await expect(page.getByRole('group').filter({ has: panel })).toHaveAccessibleDescription(
    M.readOnly,
  );
  await expectAccessible(page, 'the managed server view, as a user who may only view');
  expect(changes.asked).toEqual([]);
});
