/**
 * The DNS panel in the browser (portal.md §2 DNS panel, §4 "DNS paging", §5; issue 14), as the
 * `demo` login: a zone created shows its countdown on Edit and Delete (the page's clock moved on
 * instead of waiting a minute) and a zone file imported into it after a preview; the demo zone
 * of 250 records paged and shown whole; an MX record added shows its trailing dot; a bad AAAA
 * address gets its field error; the zone's file is exported. The page is checked with axe, and at
 * 360 px wide.
 */
import { readFile } from 'node:fs/promises';
import { TIMERS } from '../../../src/shared/constants.ts';
import { DNS_MESSAGES } from '../../../src/shared/dns/messages.ts';
import { logInAs } from '../paths/mappings/portal.ts';
import { expect, test } from '../support/fixtures.ts';
import { pageNow, runForQuietly, trackApiCalls } from '../support/quiet-clock.ts';

const DNS_PATH = '/control/services/dnspanel';

test('the DNS panel: a new zone’s countdown, an import, paging 250 records, an MX record’s dot and a field error', async ({
  page,
  visit,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  trackApiCalls(page);
  await logInAs(page, visit, 'demo', DNS_PATH);
  await expect(page.getByRole('heading', { name: 'DNS', level: 1 })).toBeVisible();
  await expect(page.getByTestId('dns-zone')).toHaveCount(3);

  // A new zone: its Edit and Delete count down 60 s.
  const zoneName = `e2e-${Date.now().toString(36)}.example`;
  await page.getByRole('textbox', { name: 'Zone name' }).fill(zoneName);
  await page.getByRole('button', { name: 'Create zone' }).click();
  const row = page.getByTestId('dns-zone').filter({ hasText: zoneName });
  const seconds = TIMERS.newZoneDisabledSeconds;
  await expect(row.getByRole('button', { name: /^Delete \(Disabled for \d+s\)$/ })).toBeDisabled();
  const label = (await row.getByRole('button', { name: /^Delete/ }).textContent()) ?? '';
  const shown = Number(/(\d+)s/.exec(label)?.[1]);
  expect(shown).toBeGreaterThan(seconds - 5);
  expect(shown).toBeLessThanOrEqual(seconds);
  // The page's clock also runs with real time meanwhile: the count goes down by what passed on it.
  const labelReadAt = await pageNow(page);
  await runForQuietly(page, 20_000);
  const passed = Math.round(((await pageNow(page)) - labelReadAt) / 1000);
  await expect(row.getByRole('button', { name: /^Edit/ })).toHaveText(
    new RegExp(
      `^Edit \\(Disabled for (${shown - passed - 1}|${shown - passed}|${shown - passed + 1})s\\)$`,
    ),
  );
  await runForQuietly(page, (seconds - 19) * 1000);
  await expect(row.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
  await expect(row.getByRole('button', { name: 'Edit', exact: true })).toBeEnabled();

  // The same name again: refused on its field (portal.md §5), and on the page.
  const nameBox = page.getByRole('textbox', { name: 'Zone name' });
  await nameBox.fill(zoneName);
  await page.getByRole('button', { name: 'Create zone' }).click();
  await expect(nameBox).toHaveAttribute('aria-invalid', 'true');
  await expect(nameBox).toHaveAccessibleDescription(DNS_MESSAGES.zoneNameTaken);
  await expect(page.getByTestId('dns-zone').filter({ hasText: zoneName })).toHaveCount(1);

  // A zone file into it: previewed, then imported.
  await row.getByRole('button', { name: zoneName }).click();
  await expect(page.getByRole('heading', { name: zoneName, level: 2 })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Zone file' })
    .fill(
      [
        `$ORIGIN ${zoneName}.`,
        '@ 3600 IN NS ns1.ridgeline.example.',
        '@ 3600 IN NS ns2.ridgeline.example.',
        'imported 300 IN A 192.0.2.200',
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByTestId('import-preview')).toContainText(
    '1 to add, 0 to change, 0 to remove',
  );
  await page.getByTestId('import-preview').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('dns-notice')).toHaveText(DNS_MESSAGES.importApplied);
  await expect(page.getByTestId('records-A')).toContainText('192.0.2.200');

  // Export zone file: the zone's file, with the imported record, under the zone's name.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export zone file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${zoneName}.zone`);
  const exported = await readFile(await file.path(), 'utf8');
  expect(exported).toMatch(/^imported\S*\s.*\bA\s+192\.0\.2\.200$/m);

  // The demo zone of 250 records: pages of 10, then all of them.
  await page
    .getByTestId('dns-zone')
    .getByRole('button', { name: 'ridgeline-demo.example' })
    .click();
  const range = page.getByTestId('records-range');
  await expect(range).toHaveText(/^1–10 of (\d+)$/);
  const total = Number(/of (\d+)/.exec((await range.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThanOrEqual(250);
  await expect(page.getByTestId('dns-record')).toHaveCount(10);
  await page.getByRole('button', { name: 'Next records' }).click();
  await expect(range).toHaveText(`11–20 of ${total}`);
  await page.getByRole('button', { name: 'Previous records' }).click();
  await expect(range).toHaveText(`1–10 of ${total}`);
  await expect(page.getByRole('button', { name: 'Previous records' })).toBeDisabled();
  await page.getByRole('button', { name: 'Show all records' }).click();
  await expect(range).toHaveText(`1–${total} of ${total}`);
  await expect(page.getByTestId('dns-record')).toHaveCount(total);

  // An MX record: its target gets the trailing dot.
  await page.getByRole('combobox', { name: 'Record type' }).selectOption('MX');
  await page.getByRole('button', { name: 'Add record' }).click();
  const editor = page.getByRole('dialog', { name: 'Add MX record' });
  await editor.getByRole('textbox', { name: 'Target' }).fill('mx-e2e.example.net');
  await editor.getByRole('textbox', { name: 'Priority' }).fill('5');
  await editor.getByRole('button', { name: 'Save record' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId('records-MX')).toContainText('5 mx-e2e.example.net.');

  // A bad AAAA address: the field says why.
  await page.getByRole('combobox', { name: 'Record type' }).selectOption('AAAA');
  await page.getByRole('button', { name: 'Add record' }).click();
  const aaaa = page.getByRole('dialog', { name: 'Add AAAA record' });
  await aaaa.getByRole('textbox', { name: 'IPv6 address' }).fill('2001:db8::zz');
  await aaaa.getByRole('button', { name: 'Save record' }).click();
  await expect(aaaa.getByText(DNS_MESSAGES.ipv6)).toBeVisible();
  await expect(aaaa.getByRole('textbox', { name: 'IPv6 address' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await aaaa.getByRole('button', { name: 'Cancel' }).click();
  await expect(aaaa).toHaveCount(0);

  // A small zone again (the end-of-test axe check need not read 250 rows).
  await page.getByTestId('dns-zone').getByRole('button', { name: zoneName }).click();
  await expect(range).toHaveText('1–3 of 3');

  // 360 px wide: the panel fits (its tables scroll inside their own frame), keyboard focus stays
  // on its controls.
  await page.setViewportSize({ width: 360, height: 740 });
  const panelWidths = await page.locator('main#main').evaluate((main) => ({
    scroll: main.scrollWidth,
    client: main.clientWidth,
  }));
  expect(panelWidths.scroll).toBeLessThanOrEqual(panelWidths.client);
  await page.getByRole('textbox', { name: 'Zone name' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'TTL (seconds)' })).toBeFocused();
});
