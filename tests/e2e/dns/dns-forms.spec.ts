/**
 * The DNS panel's forms as a customer finds them (docs/dns.md "The page"): a refused change shows
 * next to the field or inside the form that sent it, in view, with focus on it (never at the top
 * of the panel, far above); an MX target says as it is typed the name that will be served, and
 * warns when a short name points at the root (portal.md §5); a user who may only view (the
 * `viewer` login: services view) finds every form disabled with the reason; and the record
 * editor gives focus back to the control that opened it after Save and after Escape, a delete
 * to the row now in its place. Each state is checked with axe, in the light and the dark scheme.
 */
import { DNS_MESSAGES } from '../../../src/shared/dns/messages.ts';
import { logInAs } from '../paths/mappings/portal.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

const DNS_PATH = '/control/services/dnspanel';
/** A zone of another customer (the nobilling login's, src/server/dns/demo-seed.ts). */
const THEIR_ZONE = 'nobilling-home.example';

const activeTitle = (page: Page) => page.locator('#active-zone-title');

async function openZone(page: Page, zoneName: string) {
  await page.getByTestId('dns-zone').getByRole('button', { name: zoneName, exact: true }).click();
  await expect(activeTitle(page)).toHaveText(zoneName);
  await expect(page.getByRole('status', { name: 'Loading DNS zones' })).toHaveCount(0);
}

test('a taken alias and a bad zone file are refused in their own forms, in view and focused', async ({
  page,
  visit,
}) => {
  // A short window over a long page: the import form is far below the Create zone form.
  await page.setViewportSize({ width: 1024, height: 560 });
  await logInAs(page, visit, 'demo', DNS_PATH);
  await openZone(page, 'ridgeline-demo.example');

  // Another account's name (docs/dns.md "Who holds a name"): on the alias field.
  const aliasForm = page.getByRole('form', { name: 'Add an alias' });
  const aliasBox = aliasForm.getByRole('textbox', { name: 'Alias name' });
  await aliasBox.fill(THEIR_ZONE);
  await aliasForm.getByRole('button', { name: 'Add alias' }).click();
  await expect(aliasBox).toHaveAttribute('aria-invalid', 'true');
  await expect(aliasBox).toHaveAccessibleDescription(DNS_MESSAGES.zoneNameOtherAccount);
  await expect(aliasBox).toBeFocused();
  await expect(aliasBox).toBeInViewport();
  await expect(page.getByText('The change was not made')).toHaveCount(0);
  await expectAccessible(page, 'the alias refused');

  // A zone file with a bad address, at the foot of the page: its reason inside the import form.
  const importForm = page.getByRole('form', { name: 'Import a zone file' });
  await importForm.getByRole('textbox', { name: 'Zone file' }).fill('bad IN A 192.0.2.300\n');
  await importForm.getByRole('button', { name: 'Preview import' }).click();
  const reason = importForm.getByRole('alert');
  await expect(reason).toContainText(DNS_MESSAGES.importFailed);
  await expect(reason).toContainText(
    `line 1: ${DNS_MESSAGES.importRecordError('ipv4_address', DNS_MESSAGES.ipv4)}`,
  );
  await expect(reason).toBeFocused();
  await expect(reason).toBeInViewport();
  // The page is long: the Create zone form, where refusals used to show, is out of view.
  await expect(page.getByRole('button', { name: 'Create zone' })).not.toBeInViewport();
  // The alias's refusal is over: a new change replaced it.
  await expect(aliasBox).not.toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the zone file refused');
});

test('an MX target says the name it will be served as, and warns when a short name points at the root', async ({
  page,
  visit,
}) => {
  await logInAs(page, visit, 'demo', DNS_PATH);
  await openZone(page, 'demo-shop.example');
  await page.getByRole('combobox', { name: 'Record type' }).selectOption('MX');
  await page.getByRole('button', { name: 'Add record' }).click();
  const editor = page.getByRole('dialog', { name: 'Add MX record' });
  const target = editor.getByRole('textbox', { name: 'Target' });

  // portal.md §5: on create, a trailing dot unless @ or already there: "mail" is "mail.".
  await target.fill('mail');
  await expect(editor.getByTestId('served-name')).toHaveText(DNS_MESSAGES.servedAs('mail.'));
  await expect(editor.getByTestId('served-warning')).toHaveText(
    DNS_MESSAGES.servedAtRoot('mail', 'demo-shop.example'),
  );
  await expect(target).toHaveAccessibleDescription(/^Will be served as mail\.\s*"mail" points at/);
  await expectAccessible(page, 'the root warning');

  await target.fill('mail.demo-shop.example');
  await expect(editor.getByTestId('served-name')).toHaveText(
    'Will be served as mail.demo-shop.example.',
  );
  await expect(editor.getByTestId('served-warning')).toHaveCount(0);
  await target.fill('@');
  await expect(editor.getByTestId('served-name')).toHaveText(
    DNS_MESSAGES.servedAs('demo-shop.example.'),
  );

  // A CNAME's short name is relative to the zone (zone-file rules).
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('combobox', { name: 'Record type' }).selectOption('CNAME');
  await page.getByRole('button', { name: 'Add record' }).click();
  const cname = page.getByRole('dialog', { name: 'Add CNAME record' });
  await cname.getByRole('textbox', { name: 'Canonical name' }).fill('www');
  await expect(cname.getByTestId('served-name')).toHaveText(
    DNS_MESSAGES.servedAs('www.demo-shop.example.'),
  );
  await expect(cname.getByTestId('served-warning')).toHaveCount(0);
  await cname.getByRole('button', { name: 'Cancel' }).click();
});

test('a user who may only view DNS finds every form disabled, with the reason', async ({
  page,
  visit,
}) => {
  await logInAs(page, visit, 'viewer', DNS_PATH);
  const create = page.getByRole('button', { name: 'Create zone' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(DNS_MESSAGES.readOnly);
  await expect(page.getByRole('textbox', { name: 'Zone name' })).toBeDisabled();
  await expect(
    page.getByRole('form', { name: 'Create a zone' }).getByText(DNS_MESSAGES.readOnly),
  ).toBeVisible();

  // The viewer's own zone: shown, and nothing offers to change it.
  await expect(activeTitle(page)).toHaveText('viewer-home.example');
  await expect(page.getByTestId('dns-record')).not.toHaveCount(0);
  for (const name of ['Add record', 'Add alias', 'Preview import']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(DNS_MESSAGES.readOnly);
  }
  await expect(page.getByRole('textbox', { name: 'Alias name' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Zone file' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^(Edit|Delete|Remove)\b/ })).toHaveCount(0);
});

test('the record editor gives focus back to what opened it after Save and Escape, a delete to the next row', async ({
  page,
  visit,
}) => {
  await logInAs(page, visit, 'demo', DNS_PATH);
  await openZone(page, 'demo-blog.example');

  // Save: back on the row's Edit once the records are listed again.
  const edit = page.getByRole('button', { name: 'Edit www CNAME' });
  await edit.click();
  const editor = page.getByRole('dialog', { name: 'Edit CNAME record' });
  await editor.getByRole('button', { name: 'Save record' }).click();
  await expect(editor).toHaveCount(0);
  await expect(edit).toBeEnabled();
  await expect(edit).toBeFocused();

  // Escape: back on it at once.
  await edit.click();
  await expect(editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(edit).toBeFocused();

  // Add record, Escape: back on Add record.
  const add = page.getByRole('button', { name: 'Add record' });
  await page.getByRole('combobox', { name: 'Record type' }).selectOption('CNAME');
  await add.click();
  const adding = page.getByRole('dialog', { name: 'Add CNAME record' });
  await expect(adding).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(adding).toHaveCount(0);
  await expect(add).toBeFocused();

  // A record of the test's own, listed before www: once it is deleted, focus is on www's row.
  const name = `a-focus-${Date.now().toString(36)}`;
  await add.click();
  await adding.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await adding.getByRole('textbox', { name: 'Canonical name' }).fill('www');
  await adding.getByRole('button', { name: 'Save record' }).click();
  await expect(adding).toHaveCount(0);
  await expect(add).toBeFocused();
  await page.getByRole('button', { name: `Delete ${name} CNAME` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('dns-notice')).toHaveText(DNS_MESSAGES.recordDeleted);
  await expect(page.getByRole('button', { name: `Delete ${name} CNAME` })).toHaveCount(0);
  await expect(edit).toBeFocused();
});
