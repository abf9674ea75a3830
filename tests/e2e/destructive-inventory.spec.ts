/**
 * The inventory of every action of the portal that deletes, turns off or costs money (issue 30,
 * "Destructive and billable actions ask first"): the table below names each one, where it is and
 * what its confirmation must name; besides the issue's list, Force stop (a server off at once),
 * Pay (its question is inside the page) and making a user a contact again (their login taken
 * away). The walk presses each and checks that
 *  (a) no change (a request other than GET, token renewals aside) reached the API before the
 *      confirmation was accepted: every request the page makes is watched from the first press;
 *  (b) the confirmation names what is lost or charged (the item's name, the amount);
 *  (c) Cancel, and then Escape (a dialog), close it and leave the item as it was.
 * No confirmation is ever accepted here: what Confirm sends is each area's own tests'
 * (tests/e2e/servers, managed, dns, billing, people). Each test has a billed customer of its own,
 * given one of each item through the API first; every question is checked with axe in the light
 * and the dark scheme (fixtures.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { API_BASE_PATH, WHITELISTED_ROUTING_NUMBERS } from '../../src/shared/constants.ts';
import { BILLING_PATHS, type PaymentAccountsResponse } from '../../src/shared/billing/schemas.ts';
import { BILLING_PAGE_TEXT } from '../../src/shared/billing/messages.ts';
import { DELETE_QUESTIONS, MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { PEOPLE_TEXT } from '../../src/shared/people/messages.ts';
import { PAYMENT_METHODS_MESSAGES } from '../../src/shared/billing/messages.ts';
import {
  confirmCreate,
  confirmDelete,
  confirmResize,
  SERVER_MESSAGES,
} from '../../src/shared/servers/messages.ts';
import { selfSigned } from '../managed/certs.ts';
import { logInAs } from './paths/mappings/portal.ts';
import { freshApi, look } from './support/fresh-api.ts';
import {
  billedManagedServerIid,
  billedServers,
  claimBilledCustomer,
} from './support/billed-customers.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { pressCovered } from './support/hidden-controls.ts';

/** One action of the inventory. */
interface Action {
  /** What the action does, as the customer sees it. */
  action: string;
  /** The page it is on (opened afresh unless the previous action was on the same page). */
  path: string;
  /** Gets to the control (a tab, a field typed) and presses it. */
  press: (page: Page) => Promise<void>;
  /** The confirmation that must open. */
  dialog: (page: Page) => Locator;
  /** What it must name: the item, what goes with it, the amount. */
  names: string[];
  /** The button that declines. */
  cancel: string;
  /** Escape declines too (a dialog); a question inside the page is declined by its button. */
  inPage?: boolean;
  /** The item as it was: still listed, still on, not created. */
  unchanged: (page: Page) => Promise<void>;
}

/** Every change the page asks of the API from the moment it is called (token renewals aside). */
function watchChanges(page: Page): string[] {
  const changes: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith(API_BASE_PATH) || request.method() === 'GET') return;
    const path = pathname.slice(API_BASE_PATH.length);
    if (path.startsWith('/auth/')) return;
    changes.push(`${request.method()} ${path}`);
  });
  return changes;
}

/** Presses each action of the table in turn, declining each confirmation twice. */
async function walk(page: Page, visit: (path: string) => Promise<void>, actions: Action[]) {
  let shown = '';
  for (const entry of actions) {
    const label = entry.action;
    if (entry.path !== shown) {
      await visit(entry.path);
      shown = entry.path;
    }
    const changes = watchChanges(page);
    const declines = entry.inPage ? (['button'] as const) : (['button', 'Escape'] as const);
    for (const decline of declines) {
      await entry.press(page);
      const dialog = entry.dialog(page);
      await expect(dialog, label).toBeVisible();
      for (const name of entry.names) await expect(dialog, label).toContainText(name);
      if (decline === 'button') await expectAccessible(page, `${label}: its confirmation`);
      expect(changes, `${label}: nothing sent before the confirmation`).toEqual([]);
      if (decline === 'button')
        await dialog.getByRole('button', { name: entry.cancel, exact: true }).click();
      else await page.keyboard.press('Escape');
      await expect(dialog, `${label}: ${decline} closes it`).toHaveCount(0);
      await entry.unchanged(page);
      expect(changes, `${label}: nothing sent after ${decline}`).toEqual([]);
    }
  }
}

const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};

test.describe('every action that deletes, turns off or costs money asks first', () => {
  test.describe.configure({ timeout: 120_000 });

  test('servers, payment methods, automatic payment, contacts and users', async ({
    page,
    visit,
  }) => {
    const username = claimBilledCustomer();
    const { web, backup } = billedServers(username);
    await logInAs(page, visit, username, null);
    const api = await freshApi(page, username);
    // A second bank account (the first is the default), automatic payment on, a contact and a
    // user besides the owner.
    await api('post', BILLING_PATHS.paymentAccountAch, {
      name: 'Bill Payer',
      routing: WHITELISTED_ROUTING_NUMBERS[0],
      account: '000555123456',
      account_type: 'CHECKING',
    });
    const accounts = (await api('get', BILLING_PATHS.paymentAccounts)) as PaymentAccountsResponse;
    await api('put', `${BILLING_PATHS.paymentAccounts}/${accounts.default_payment_account_id}`, {
      automatic: true,
    });
    await api('post', '/user/authorized_contacts', {
      name: 'Casey Contact',
      email: 'casey@example.com',
      phone: '(555) 222-3344',
    });
    const uid = `inv${Date.now().toString(36)}`;
    await api('post', '/user/authorized_users', {
      name: 'Uma User',
      email: 'uma@example.com',
      phone: '(555) 222-3355',
      uid,
      password: 'Quartz-Meadow-Falcon-Ribbon-73!',
      perms: { payments: { has_view: true, has_manage: false } },
    });

    const bank = 'Bank account ending in 3456';
    const defaultLabel = accounts.payment_accounts.find(
      (a) => a.payment_account_id === accounts.default_payment_account_id,
    )!.label;
    const box = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
    const serversTable = (page: Page) => page.getByTestId('servers-table');
    const contactRow = (page: Page, name: string) =>
      page.getByTestId('contact-row').filter({ has: page.getByText(name, { exact: true }) });

    const inventory: Action[] = [
      {
        action: 'Delete server',
        path: `/control/server/${backup}/`,
        press: (page) => page.getByRole('button', { name: 'Delete server' }).click(),
        dialog: (page) => page.getByRole('dialog', { name: 'Delete server?' }),
        names: [confirmDelete('backup', 200)],
        cancel: 'Cancel',
        unchanged: (page) =>
          expect(page.getByRole('heading', { level: 1, name: 'backup' })).toBeVisible(),
      },
      {
        // Not in the list, but it turns a running server off at once.
        action: 'Force stop a server',
        path: `/control/server/${web}/`,
        press: async (page) => {
          await expect(page.getByTestId('power-state')).toHaveText('Running');
          await page.getByRole('button', { name: 'Force stop', exact: true }).click();
        },
        dialog: (page) => page.getByRole('dialog', { name: 'Force stop' }),
        names: [SERVER_MESSAGES.forceStopConfirm],
        cancel: 'Cancel',
        unchanged: (page) => expect(page.getByTestId('power-state')).toHaveText('Running'),
      },
      {
        action: 'Save a size that costs more',
        path: `/control/server/${web}/`,
        press: async (page) => {
          // 2 CPU, 4 GB, 40 GB ($96.00) to 3 CPU ($104.00): portal.md §9's prices.
          await box(page, 'CPU').fill('3');
          await expect(page.getByTestId('server-cost')).toHaveText('$104.00 per month');
          await page.getByRole('button', { name: 'Save' }).click();
        },
        dialog: (page) => page.getByRole('dialog', { name: 'Save the new size?' }),
        names: [confirmResize('web', '$104.00', '$96.00'), '$104.00 per month'],
        cancel: 'Cancel',
        unchanged: async (page) => {
          const { server } = (await look(page, username, `/servers/${web}`)) as {
            server: { cpus: number };
          };
          expect(server.cpus).toBe(2);
        },
      },
      {
        action: 'New server',
        path: '/control/services/servers/',
        press: async (page) => {
          const form = page.getByRole('dialog', { name: 'New server' });
          // Back (and Escape) from the question return to the form, as it was typed.
          if (!(await form.isVisible())) {
            await expect(serversTable(page)).toHaveAttribute('aria-busy', 'false');
            await page.getByRole('button', { name: 'New server' }).click();
            await form.getByRole('textbox', { name: 'Name', exact: true }).fill('inventory');
          }
          await form.getByRole('button', { name: 'Create…' }).click();
        },
        dialog: (page) => page.getByRole('dialog', { name: 'Create this server?' }),
        // The form's usual size: 1 CPU, 1 GB, 10 GB ($28.00 a month).
        names: [
          confirmCreate('inventory', '1 CPU, 1 GB memory, 10 GB storage', '$28.00'),
          '$28.00 per month',
        ],
        cancel: 'Back',
        unchanged: (page) =>
          expect(
            serversTable(page).getByRole('link', { name: 'inventory', exact: true }),
          ).toHaveCount(0),
      },
      {
        action: 'Remove a payment method',
        path: '/control/payment-methods/',
        press: (page) => page.getByRole('button', { name: `Remove ${bank}` }).click(),
        dialog: (page) => page.getByRole('dialog', { name: 'Remove payment method' }),
        names: [PAYMENT_METHODS_MESSAGES.confirmRemoval(bank)],
        cancel: 'Cancel',
        unchanged: (page) =>
          expect(page.getByRole('article', { name: bank, exact: true })).toBeVisible(),
      },
      {
        // Not in the list, but it costs money: its question is inside the page.
        action: 'Pay',
        path: '/control/billing/',
        press: async (page) => {
          const form = page.getByRole('form', { name: 'Make a payment' });
          await form.getByRole('textbox', { name: 'Amount' }).fill('1.00');
          await form.getByRole('button', { name: 'Pay' }).click();
        },
        dialog: (page) => page.getByRole('group', { name: 'Confirm the payment' }),
        names: [`Pay $1.00 from ${defaultLabel}?`],
        cancel: 'Back',
        inPage: true,
        unchanged: (page) => expect(page.getByTestId('payment-outcome')).toHaveCount(0),
      },
      {
        action: 'Turn automatic payment off',
        path: '/control/billing/',
        press: (page) => pressCovered(page.getByRole('switch', { name: 'Automatic payment' })),
        dialog: (page) => page.getByRole('dialog', { name: BILLING_PAGE_TEXT.autopayOffTitle }),
        names: [BILLING_PAGE_TEXT.autopayOffQuestion(defaultLabel)],
        cancel: 'Cancel',
        unchanged: async (page) => {
          await expect(page.getByRole('switch', { name: 'Automatic payment' })).toBeChecked();
          await expect(page.getByText(BILLING_PAGE_TEXT.autopayOn)).toBeVisible();
        },
      },
      {
        action: 'Delete a contact',
        path: '/control/account/',
        press: (page) =>
          contactRow(page, 'Casey Contact')
            .getByRole('button', { name: `${PEOPLE_TEXT.delete} Casey Contact` })
            .click(),
        dialog: (page) => page.getByRole('dialog', { name: `${PEOPLE_TEXT.delete} Casey Contact` }),
        names: ['Casey Contact will be deleted'],
        cancel: PEOPLE_TEXT.cancel,
        unchanged: (page) => expect(contactRow(page, 'Casey Contact')).toHaveCount(1),
      },
      {
        // Not in the list, but it takes a user's login away.
        action: 'Make a user a contact again',
        path: '/control/account/',
        press: (page) =>
          contactRow(page, 'Uma User')
            .getByRole('button', { name: `${PEOPLE_TEXT.makeContact}: Uma User` })
            .click(),
        dialog: (page) => page.getByRole('dialog', { name: PEOPLE_TEXT.makeContact }),
        names: ['Uma User will no longer be able to log in'],
        cancel: PEOPLE_TEXT.cancel,
        unchanged: (page) =>
          expect(contactRow(page, 'Uma User')).toContainText(`${PEOPLE_TEXT.user}: ${uid}`),
      },
      {
        action: 'Delete a user',
        path: '/control/account/',
        press: (page) =>
          contactRow(page, 'Uma User')
            .getByRole('button', { name: `${PEOPLE_TEXT.delete} Uma User` })
            .click(),
        dialog: (page) => page.getByRole('dialog', { name: `${PEOPLE_TEXT.delete} Uma User` }),
        names: ['Uma User will be deleted, with their login'],
        cancel: PEOPLE_TEXT.cancel,
        unchanged: (page) =>
          expect(contactRow(page, 'Uma User')).toContainText(`${PEOPLE_TEXT.user}: ${uid}`),
      },
    ];
    await walk(page, visit, inventory);
  });

  test('the managed server and DNS', async ({ page, visit }) => {
    const username = claimBilledCustomer();
    const iid = billedManagedServerIid(username);
    const cert = selfSigned(['shop.example.com']);
    await logInAs(page, visit, username, null);
    const api = await freshApi(page, username);
    // One of each item on the managed server.
    const managed = (path: string, data: unknown) => api('post', `/managed_vm/${iid}${path}`, data);
    await managed('/ssl_certs', { name: 'spare', cert: cert.cert, key: cert.key });
    await managed('/mysql_database', {
      database_name: 'shop',
      username: 'shop_user',
      password: 'Quiet-Harbor-Lantern-42',
    });
    await managed('/vhosts', { domain: 'shop.example.com', aliases: ['www.shop.example.com'] });
    await managed('/ftp_users', { username: 'webftp', password: 'Quiet-Harbor-Lantern-42' });
    await managed('/domain_redirects', {
      redirect_from: 'old.example.com',
      redirect_to: 'https://shop.example.com/',
    });
    await managed('/php_settings', { key: 'memory_limit', value: '256M' });
    // A zone with a record and an alias.
    const zoneName = `inventory-${username}-${Date.now().toString(36)}.example`;
    const aliasName = `alias-${zoneName}`;
    const { zone } = (await api('post', '/dns', { zone_name: zoneName })) as {
      zone: { zone_id: number };
    };
    await api('post', `/dns/${zone.zone_id}/records/A`, {
      name: 'shop',
      ipv4_address: '192.0.2.81',
    });
    await api('post', `/dns/${zone.zone_id}/aliases`, { alias_name: aliasName });

    const manage = `/control/servers/${iid}/manage`;
    const row = (page: Page, table: string, name: string) =>
      page.getByRole('table', { name: table }).getByRole('row', { name });
    const deleteIn = (tabName: string, table: string, name: string) => async (page: Page) => {
      await tab(tabName)(page);
      await row(page, table, name).getByRole('button', { name: 'Delete', exact: true }).click();
    };
    const managedDelete = (
      action: string,
      tabName: string,
      table: string,
      name: string,
      question: { title: string; loses: string },
    ): Action => ({
      action,
      path: manage,
      press: deleteIn(tabName, table, name),
      dialog: (page) => page.getByRole('dialog', { name: question.title }),
      names: [question.loses],
      cancel: 'Cancel',
      unchanged: (page) => expect(row(page, table, name)).toHaveCount(1),
    });
    const zoneRow = (page: Page) => page.getByTestId('dns-zone').filter({ hasText: zoneName });
    const openZone = async (page: Page) => {
      if ((await page.locator('#active-zone-title').textContent()) === zoneName) return;
      await zoneRow(page).getByRole('button', { name: zoneName, exact: true }).click();
      await expect(page.locator('#active-zone-title')).toHaveText(zoneName);
    };
    const dnsQuestion = (page: Page) => page.getByRole('dialog', { name: 'Delete?' });

    const inventory: Action[] = [
      {
        action: 'Turn the web server (nginx) off',
        path: manage,
        press: async (page) => {
          await tab('Web server')(page);
          await pressCovered(page.getByRole('tabpanel').getByRole('switch'));
        },
        dialog: (page) => page.getByRole('dialog', { name: M.nginxOffTitle }),
        names: [
          M.nginxOffStops(1, 1),
          'shop.example.com',
          M.nginxOffRedirect('old.example.com', 'https://shop.example.com/'),
        ],
        cancel: 'Cancel',
        unchanged: async (page) => {
          await expect(page.getByRole('tabpanel').getByRole('switch')).toBeChecked();
          await expect(page.getByText(M.nginxOn, { exact: true })).toBeVisible();
        },
      },
      managedDelete(
        'Delete a certificate',
        'SSL',
        'SSL certificates',
        'spare',
        DELETE_QUESTIONS.ssl_certs({ name: 'spare', names: ['shop.example.com'] }),
      ),
      managedDelete(
        'Delete a database',
        'Databases',
        'MySQL databases',
        'shop_user',
        DELETE_QUESTIONS.mysql_database({ database_name: 'shop', username: 'shop_user' }),
      ),
      managedDelete(
        'Delete a vhost',
        'Vhosts',
        'Vhosts',
        'shop.example.com',
        DELETE_QUESTIONS.vhosts({
          domain: 'shop.example.com',
          aliases: ['www.shop.example.com'],
        }),
      ),
      managedDelete(
        'Delete an FTP user',
        'FTP',
        'FTP users',
        'webftp',
        DELETE_QUESTIONS.ftp_users({ username: 'webftp' }),
      ),
      managedDelete(
        'Delete a redirect',
        'Redirects',
        'Domain redirects',
        'old.example.com',
        DELETE_QUESTIONS.domain_redirects({
          redirect_from: 'old.example.com',
          redirect_to: 'https://shop.example.com/',
        }),
      ),
      managedDelete(
        'Delete a PHP setting',
        'PHP',
        'PHP settings',
        'memory_limit',
        DELETE_QUESTIONS.php_settings({ key: 'memory_limit', value: '256M' }),
      ),
      {
        action: 'Delete a DNS zone',
        path: '/control/services/dnspanel',
        press: (page) => zoneRow(page).getByRole('button', { name: 'Delete', exact: true }).click(),
        dialog: dnsQuestion,
        names: [`Delete ${zoneName}? This cannot be undone.`],
        cancel: 'Cancel',
        unchanged: (page) => expect(zoneRow(page)).toHaveCount(1),
      },
      {
        action: 'Delete a DNS record',
        path: '/control/services/dnspanel',
        press: async (page) => {
          await openZone(page);
          await page.getByRole('button', { name: 'Delete shop A' }).click();
        },
        dialog: dnsQuestion,
        names: ['shop A 192.0.2.81'],
        cancel: 'Cancel',
        unchanged: (page) =>
          expect(page.getByRole('button', { name: 'Delete shop A' })).toHaveCount(1),
      },
      {
        action: 'Remove a zone alias',
        path: '/control/services/dnspanel',
        press: async (page) => {
          await openZone(page);
          await page.getByRole('button', { name: `Remove ${aliasName}` }).click();
        },
        dialog: dnsQuestion,
        names: [aliasName],
        cancel: 'Cancel',
        unchanged: (page) =>
          expect(page.getByRole('button', { name: `Remove ${aliasName}` })).toHaveCount(1),
      },
    ];
    await walk(page, visit, inventory);
  });
});
