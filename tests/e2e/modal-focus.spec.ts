/**
 * Where focus lands when a dialog closes (issue 30 item 12; WCAG 2.4.3): every dialog of the
 * portal, and the payment's confirmation, gives focus back to the control that opened it after
 * Cancel (or Back), Escape and Save, never to the page's body. One walk over a billed customer of
 * its own (its managed server, servers, billing, payment methods, contacts; a DNS zone given
 * through the API), checking `document.activeElement` after each close. The DNS panel's own
 * dialogs after Save and after a delete are walked in tests/e2e/dns/dns-forms.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { BILLING_PAGE_TEXT } from '../../src/shared/billing/messages.ts';
import { MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { PEOPLE_TEXT } from '../../src/shared/people/messages.ts';
import { answerPasswordPrompts } from './billing/requests.ts';
import { logInAs } from './paths/mappings/portal.ts';
import { freshApi } from './support/fresh-api.ts';
import {
  billedManagedServerIid,
  billedServers,
  claimBilledCustomer,
} from './support/billed-customers.ts';
import { expect, test } from './support/fixtures.ts';
import { pressCovered } from './support/hidden-controls.ts';

/** Focus is on `control`, and not on the page's body. */
async function focusIsOn(control: Locator, label: string) {
  await expect(control, `${label}: focus on the control that should hold it`).toBeFocused();
  expect(await control.page().evaluate(() => document.activeElement === document.body), label).toBe(
    false,
  );
}

/**
 * Opens a dialog with `opener`, closes it with each of `closers` in turn (a button of the dialog,
 * or Escape), and checks each time that focus is back on `opener` (or `back`, when it is another
 * control: the next field).
 */
async function opensAndReturns(
  page: Page,
  label: string,
  opener: Locator,
  dialog: Locator,
  closers: string[],
  back: Locator = opener,
) {
  for (const closer of closers) {
    await opener.click();
    await expect(dialog, label).toBeVisible();
    if (closer === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: closer, exact: true }).click();
    await expect(dialog, `${label}: ${closer} closes it`).toHaveCount(0);
    await focusIsOn(back, `${label}, after ${closer}`);
  }
}

test('every dialog gives focus back to what opened it after Cancel, Escape and Save', async ({
  page,
  visit,
}) => {
  test.setTimeout(150_000);
  const username = claimBilledCustomer();
  const { web, backup } = billedServers(username);
  const iid = billedManagedServerIid(username);
  await answerPasswordPrompts(page);
  await logInAs(page, visit, username, '/control/billing/');

  // The top bar's search.
  await opensAndReturns(
    page,
    'Search',
    page.getByRole('button', { name: 'Search' }),
    page.getByRole('dialog', { name: /^Search / }),
    ['Escape'],
  );

  // Billing: Pay asks in the page (focus on Confirm payment); Back and Confirm payment give it
  // back to Pay.
  const form = page.getByRole('form', { name: 'Make a payment' });
  const pay = form.getByRole('button', { name: 'Pay' });
  const confirmation = page.getByRole('group', { name: 'Confirm the payment' });
  await form.getByRole('textbox', { name: 'Amount' }).fill('1.00');
  await pay.click();
  await focusIsOn(confirmation.getByRole('button', { name: 'Confirm payment' }), 'after Pay');
  await confirmation.getByRole('button', { name: 'Back' }).click();
  await expect(confirmation).toHaveCount(0);
  await focusIsOn(pay, 'Pay, after Back');
  await pay.click();
  await confirmation.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByTestId('payment-outcome')).toBeVisible({ timeout: 20_000 });
  await focusIsOn(pay, 'Pay, after Confirm payment');

  // Automatic payment off asks first: Cancel and Escape give focus back to the switch.
  const autopay = page.getByRole('switch', { name: 'Automatic payment' });
  await pressCovered(autopay);
  await expect(autopay).toBeChecked({ timeout: 20_000 });
  await expect(autopay).toBeEnabled();
  for (const closer of ['Cancel', 'Escape']) {
    await pressCovered(autopay);
    const question = page.getByRole('dialog', { name: BILLING_PAGE_TEXT.autopayOffTitle });
    await expect(question).toBeVisible();
    if (closer === 'Escape') await page.keyboard.press('Escape');
    else await question.getByRole('button', { name: closer }).click();
    await expect(question).toHaveCount(0);
    await focusIsOn(autopay, `Automatic payment off, after ${closer}`);
  }

  // Payment methods: Add a bank account (Cancel, Escape), Remove (Cancel, Escape).
  await page.getByRole('link', { name: 'Payment methods' }).first().click();
  await expect(page.getByRole('heading', { name: 'Payment methods', level: 1 })).toBeVisible();
  await opensAndReturns(
    page,
    'Add a bank account',
    page.getByRole('button', { name: 'Add a bank account' }),
    page.getByRole('dialog', { name: 'Add a bank account' }),
    ['Cancel', 'Escape'],
  );
  // Add a card: the provider's form in its frame; its close button and Escape.
  await opensAndReturns(
    page,
    'Add a card',
    page.getByRole('button', { name: 'Add a card' }),
    page.getByRole('dialog', { name: 'Add a card' }),
    ['Close the card form', 'Escape'],
  );
  const remove = page.getByRole('button', { name: /^Remove Bank account ending in \d{4}$/ });
  await opensAndReturns(
    page,
    'Remove payment method',
    remove,
    page.getByRole('dialog', { name: 'Remove payment method' }),
    ['Cancel', 'Escape'],
  );

  // Contacts: Add contact (Cancel, Escape, Save), then the contact's Edit, Make user,
  // Permissions-free Delete (Cancel, Escape); a user's Permissions and Make contact.
  const api = await freshApi(page, username);
  await api('post', '/user/authorized_users', {
    name: 'Uma Focus',
    email: 'uma.focus@example.com',
    phone: '(555) 222-3355',
    uid: `focus${Date.now().toString(36)}`,
    password: 'Quartz-Meadow-Falcon-Ribbon-73!',
    perms: { payments: { has_view: true, has_manage: false } },
  });
  await visit('/control/account/');
  const addContact = page.getByRole('button', { name: PEOPLE_TEXT.addContact });
  const adding = page.getByRole('dialog', { name: PEOPLE_TEXT.addContact });
  await opensAndReturns(page, 'Add contact', addContact, adding, [PEOPLE_TEXT.cancel, 'Escape']);
  await addContact.click();
  await adding.getByRole('textbox', { name: 'Name' }).fill('Robin Focus');
  await adding.getByRole('textbox', { name: 'Email' }).fill('robin.focus@example.com');
  await adding.getByRole('textbox', { name: 'Phone', exact: true }).pressSequentially('8015550143');
  await adding.getByRole('button', { name: PEOPLE_TEXT.save }).click();
  await expect(adding).toHaveCount(0, { timeout: 20_000 });
  await focusIsOn(addContact, 'Add contact, after Save');
  const who = 'Robin Focus';
  await opensAndReturns(
    page,
    'Edit a contact',
    page.getByRole('button', { name: `${PEOPLE_TEXT.edit} ${who}` }),
    page.getByRole('dialog', { name: `${PEOPLE_TEXT.edit} ${who}` }),
    [PEOPLE_TEXT.cancel, 'Escape'],
  );
  await opensAndReturns(
    page,
    'Make user',
    page.getByRole('button', { name: `${PEOPLE_TEXT.makeUser}: ${who}` }),
    page.getByRole('dialog', { name: `${PEOPLE_TEXT.makeUser}: ${who}` }),
    ['Escape'],
  );
  await opensAndReturns(
    page,
    'Delete a contact',
    page.getByRole('button', { name: `${PEOPLE_TEXT.delete} ${who}` }),
    page.getByRole('dialog', { name: `${PEOPLE_TEXT.delete} ${who}` }),
    [PEOPLE_TEXT.cancel, 'Escape'],
  );

  await opensAndReturns(
    page,
    'Permissions',
    page.getByRole('button', { name: `${PEOPLE_TEXT.permissions}: Uma Focus` }),
    page.getByRole('dialog', { name: `${PEOPLE_TEXT.permissions}: Uma Focus` }),
    [PEOPLE_TEXT.cancel, 'Escape'],
  );
  await opensAndReturns(
    page,
    'Make contact',
    page.getByRole('button', { name: `${PEOPLE_TEXT.makeContact}: Uma Focus` }),
    page.getByRole('dialog', { name: PEOPLE_TEXT.makeContact }),
    [PEOPLE_TEXT.cancel, 'Escape'],
  );

  // A server: Force stop (running), the costlier size's question, and Delete server (stopped).
  await visit(`/control/server/${web}/`);
  await expect(page.getByTestId('power-state')).toHaveText('Running');
  await opensAndReturns(
    page,
    'Force stop',
    page.getByRole('button', { name: 'Force stop', exact: true }),
    page.getByRole('dialog', { name: 'Force stop' }),
    ['Cancel', 'Escape'],
  );
  await page.getByRole('textbox', { name: 'CPU', exact: true }).fill('3');
  await opensAndReturns(
    page,
    'Save the new size',
    page.getByRole('button', { name: 'Save' }),
    page.getByRole('dialog', { name: 'Save the new size?' }),
    ['Cancel', 'Escape'],
  );
  await visit(`/control/server/${backup}/`);
  await opensAndReturns(
    page,
    'Delete server',
    page.getByRole('button', { name: 'Delete server' }),
    page.getByRole('dialog', { name: 'Delete server?' }),
    ['Cancel', 'Escape'],
  );

  // New server: the form (Cancel, Escape) and its question (Back gives focus to the form's
  // first field: the question took the place of the form, Create… with it).
  await visit('/control/services/servers/');
  await expect(page.getByTestId('servers-table')).toHaveAttribute('aria-busy', 'false');
  const newServer = page.getByRole('button', { name: 'New server' });
  const serverForm = page.getByRole('dialog', { name: 'New server' });
  await opensAndReturns(page, 'New server', newServer, serverForm, ['Cancel', 'Escape']);
  await newServer.click();
  await serverForm.getByRole('textbox', { name: 'Name', exact: true }).fill('focus');
  const create = serverForm.getByRole('button', { name: 'Create…' });
  await opensAndReturns(
    page,
    'Create this server',
    create,
    page.getByRole('dialog', { name: 'Create this server?' }),
    ['Back'],
    serverForm.getByRole('textbox', { name: 'Name', exact: true }),
  );
  await page.keyboard.press('Escape');
  await expect(serverForm).toHaveCount(0);
  await focusIsOn(newServer, 'New server, after Escape from its form');

  // The managed server: the web server's Off (Cancel, Escape), a password change (Cancel,
  // Escape) and a Delete (Cancel, Escape).
  await api('post', `/managed_vm/${iid}/mysql_database`, {
    database_name: 'shop',
    username: 'shop_user',
    password: 'Quiet-Harbor-Lantern-42',
  });
  await api('post', `/managed_vm/${iid}/domain_redirects`, {
    redirect_from: 'old.example.com',
    redirect_to: 'https://shop.example.com/',
  });
  await visit(`/control/servers/${iid}/manage?section=nginx`);
  const nginx = page.getByRole('tabpanel').getByRole('switch');
  await expect(page.getByText(M.nginxOn, { exact: true })).toBeVisible();
  for (const closer of ['Cancel', 'Escape']) {
    await pressCovered(nginx);
    const off = page.getByRole('dialog', { name: M.nginxOffTitle });
    await expect(off).toBeVisible();
    if (closer === 'Escape') await page.keyboard.press('Escape');
    else await off.getByRole('button', { name: closer }).click();
    await expect(off).toHaveCount(0);
    await focusIsOn(nginx, `Web server off, after ${closer}`);
  }
  await page.getByRole('tab', { name: 'Databases' }).click();
  const database = page.getByRole('table', { name: 'MySQL databases' }).getByRole('row', {
    name: 'shop_user',
  });
  await opensAndReturns(
    page,
    'Change a database password',
    database.getByRole('button', { name: M.editButtons.password }),
    page.getByRole('dialog'),
    ['Cancel', 'Escape'],
  );
  // A new database's Delete waits 60 s: a redirect's is at once.
  await page.getByRole('tab', { name: 'Redirects' }).click();
  await opensAndReturns(
    page,
    'Delete a redirect',
    page
      .getByRole('table', { name: 'Domain redirects' })
      .getByRole('row', { name: 'old.example.com' })
      .getByRole('button', { name: 'Delete', exact: true }),
    page.getByRole('dialog'),
    ['Cancel', 'Escape'],
  );
});
