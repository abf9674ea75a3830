/**
 * Add forms after an add (issue 30 item 14, "forms keep their values after a successful add"):
 * once an add succeeds its form is empty again, ready for the next one; an add that is refused
 * keeps what was typed, with the reason. Walked on a billed customer of its own: the DNS panel's
 * Create zone, Add record and Add an alias, and the managed server's add forms (database, vhost,
 * FTP user, redirect, and the PHP value with its setting chosen from the allowed keys). Add
 * contact and Add a bank account open empty each time (their dialogs start afresh:
 * tests/e2e/modal-focus.spec.ts, billing/payment-methods.spec.ts).
 */
import type { Page } from '@playwright/test';
import { billedManagedServerIid, claimBilledCustomer } from './support/billed-customers.ts';
import { logInAs } from './paths/mappings/portal.ts';
import { expect, test } from './support/fixtures.ts';

const STRONG = 'Quiet-Harbor-Lantern-42';

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('an add form is empty after a successful add and keeps its values after a refused one', async ({
  page,
  visit,
}) => {
  test.setTimeout(120_000);
  const username = claimBilledCustomer();
  await logInAs(page, visit, username, '/control/services/dnspanel');

  // DNS: a zone refused (a name that is not one) keeps it; a good one empties the form.
  const zoneForm = page.getByRole('form', { name: 'Create a zone' });
  const zoneBox = zoneForm.getByRole('textbox', { name: 'Zone name' });
  await zoneBox.fill('not a zone');
  await zoneForm.getByRole('button', { name: 'Create zone' }).click();
  await expect(zoneBox).toHaveAttribute('aria-invalid', 'true');
  await expect(zoneBox).toHaveValue('not a zone');
  const zoneName = `reset-${username}-${Date.now().toString(36)}.example`;
  await zoneBox.fill(zoneName);
  await zoneForm.getByRole('button', { name: 'Create zone' }).click();
  const zoneRow = page.getByTestId('dns-zone').filter({ hasText: zoneName });
  await expect(zoneRow).toHaveCount(1);
  await expect(zoneBox).toHaveValue('');

  // An alias: refused (its own zone's name) keeps it, added empties it.
  await zoneRow.getByRole('button', { name: zoneName, exact: true }).click();
  await expect(page.locator('#active-zone-title')).toHaveText(zoneName);
  const aliasForm = page.getByRole('form', { name: 'Add an alias' });
  const aliasBox = aliasForm.getByRole('textbox', { name: 'Alias name' });
  await aliasBox.fill(zoneName);
  await aliasForm.getByRole('button', { name: 'Add alias' }).click();
  await expect(aliasBox).toHaveAttribute('aria-invalid', 'true');
  await expect(aliasBox).toHaveValue(zoneName);
  const aliasName = `alias-${zoneName}`;
  await aliasBox.fill(aliasName);
  await aliasForm.getByRole('button', { name: 'Add alias' }).click();
  await expect(page.getByRole('button', { name: `Remove ${aliasName}` })).toBeVisible();
  await expect(aliasBox).toHaveValue('');

  // A record: the editor opens as it first did (its defaults) after one was added.
  await page.getByRole('combobox', { name: 'Record type' }).selectOption('A');
  const addRecord = page.getByRole('button', { name: 'Add record' });
  const editor = page.getByRole('dialog', { name: 'Add A record' });
  const values = () =>
    editor
      .getByRole('textbox')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  await addRecord.click();
  const fresh = await values();
  await editor.getByRole('textbox', { name: 'Name', exact: true }).fill('shop');
  await editor.getByRole('textbox', { name: /IPv4/ }).fill('192.0.2.81');
  await editor.getByRole('button', { name: 'Save record' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete shop A' })).toBeVisible();
  await addRecord.click();
  await expect(editor).toBeVisible();
  expect(await values(), 'Add A record, after an add').toEqual(fresh);
  await page.keyboard.press('Escape');

  // The managed server's add forms: a refused add keeps the values, a good one empties them.
  const iid = billedManagedServerIid(username);
  await visit(`/control/servers/${iid}/manage`);
  const cases: {
    tab: string;
    form: string;
    table: string;
    row: string;
    refused: [string, string][];
    fields: [string, string][];
  }[] = [
    {
      tab: 'Databases',
      form: 'Add database',
      table: 'MySQL databases',
      row: 'shop_user',
      refused: [['Database name', 'bad name!']],
      fields: [
        ['Database name', 'shop'],
        ['User name', 'shop_user'],
        ['Password', STRONG],
      ],
    },
    {
      tab: 'Vhosts',
      form: 'Add vhost',
      table: 'Vhosts',
      row: 'shop.example.com',
      refused: [['Domain', 'not a domain']],
      fields: [['Domain', 'shop.example.com']],
    },
    {
      tab: 'FTP',
      form: 'Add FTP user',
      table: 'FTP users',
      row: 'webftp',
      refused: [['User name', 'bad user!']],
      fields: [
        ['User name', 'webftp'],
        ['Password', STRONG],
      ],
    },
    {
      tab: 'Redirects',
      form: 'Add redirect',
      table: 'Domain redirects',
      row: 'old.example.com',
      refused: [['Redirect to (address)', 'not an address']],
      fields: [
        ['Redirect from (domain)', 'old.example.com'],
        ['Redirect to (address)', 'https://shop.example.com/'],
      ],
    },
  ];
  for (const entry of cases) {
    await openTab(page, entry.tab);
    const form = page.getByRole('form', { name: entry.form });
    const box = (label: string) => form.getByLabel(label, { exact: true });
    for (const [label, value] of entry.fields) await box(label).fill(value);
    for (const [label, value] of entry.refused) await box(label).fill(value);
    await form.getByRole('button', { name: entry.form }).click();
    for (const [label] of entry.refused)
      await expect(box(label), `${entry.form}: refused`).toHaveAttribute('aria-invalid', 'true');
    for (const [label, value] of [
      ...entry.fields.filter(([label]) => !entry.refused.some(([other]) => other === label)),
      ...entry.refused,
    ])
      await expect(box(label), `${entry.form}: kept after a refusal`).toHaveValue(value);
    for (const [label, value] of entry.fields) await box(label).fill(value);
    await form.getByRole('button', { name: entry.form }).click();
    await expect(
      page.getByRole('table', { name: entry.table }).getByRole('row', { name: entry.row }),
    ).toHaveCount(1);
    for (const [label] of entry.fields)
      await expect(box(label), `${entry.form}: empty after an add`).toHaveValue('');
  }

  // The PHP value: its setting is a choice of the allowed keys, then the value typed.
  await openTab(page, 'PHP');
  const php = page.getByRole('form', { name: 'Set PHP value' });
  const setting = php.getByRole('combobox', { name: 'Setting' });
  const value = php.getByLabel('Value', { exact: true });
  await setting.click();
  await page.getByRole('option', { name: 'memory_limit', exact: true }).click();
  await value.fill('lots');
  await php.getByRole('button', { name: 'Set PHP value' }).click();
  await expect(value, 'Set PHP value: refused').toHaveAttribute('aria-invalid', 'true');
  await expect(value, 'Set PHP value: kept after a refusal').toHaveValue('lots');
  await expect(setting, 'Set PHP value: kept after a refusal').toHaveValue('memory_limit');
  await value.fill('256M');
  await php.getByRole('button', { name: 'Set PHP value' }).click();
  await expect(
    page.getByRole('table', { name: 'PHP settings' }).getByRole('row', { name: 'memory_limit' }),
  ).toHaveCount(1);
  await expect(value, 'Set PHP value: empty after an add').toHaveValue('');
  await expect(setting, 'Set PHP value: empty after an add').toHaveValue('');
});
