/**
 * The DNS forms in the browser (portal.md §5, §8; docs/dns.md "The page"): Create zone, a zone's
 * TTL, the record editor, Add alias, the zone file preview and import, and a delete's
 * confirmation, on the DNS page of a customer of the path's own (dns-support.ts: the samples'
 * first two zones with their records and aliases when the path has an active zone, none
 * otherwise). Refusals are the server's (a name another customer's zone has, for a zone or an
 * alias; a target that is no host name; a TTL out of bounds; a zone file with a bad address),
 * each checked in the form that sent it; "the server cannot be reached" is the request dropped on
 * the network.
 */
import type { EventObject } from 'xstate';
import {
  selectEditor,
  selectFormFailure,
  selectImportPreview,
  selectNotice,
  selectPendingDelete,
  selectServedName,
  selectZoneEditor,
  type DnsFormsSnapshot,
} from '../../../../machines/dns/dns-forms.selectors.ts';
import { DNS_PATHS, type DnsZone, type ZonesPage } from '../../../../src/shared/dns/rules.ts';
import { DNS } from '../../../../src/shared/dns/constants.ts';
import { DNS_FIELD_LABELS, DNS_MESSAGES } from '../../../../src/shared/dns/messages.ts';
import {
  type BrowserMapping,
  type EventPlace,
  type StateCheckContext,
  snapshotAfter as planned,
  offeredBy,
} from '../runner.ts';
import {
  BAD_FILE,
  IMPORTED,
  TAKEN_ZONE,
  act,
  activeTitle,
  checkFailure,
  confirmation,
  formOf,
  mxRow,
  preview,
  realName,
  refusedAfter,
  refusedNext,
  startWalk,
  walkOf,
  zoneNameOf,
  zoneRow,
} from './dns-support.ts';

// ---------------------------------------------------------------------------------------------
// Where the snapshot before a step is (for the steps the page does not offer).

const snapshotAfter = (events: readonly EventObject[]) =>
  planned(dnsFormsMapping, events) as unknown as DnsFormsSnapshot;

/** The step is one the page offers there, or the reason it does not. */
const offered = offeredBy(() => dnsFormsMapping);

/** The step needs an active zone (its form is the zone's), or the reason. */
const withZone =
  (reason: string) =>
  ({ earlier }: EventPlace): string | undefined =>
    snapshotAfter(earlier).context.zone === null ? reason : undefined;

/** No dialog open: what the last change did, each form's refusal, a zone file's preview. */
async function checkClosed(context: StateCheckContext) {
  const { page, expect, step } = context;
  const snapshot = step.snapshot as unknown as DnsFormsSnapshot;
  await expect(page.getByRole('status', { name: 'Loading DNS zones' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create zone' })).toBeEnabled();
  const notice = selectNotice(snapshot);
  if (notice) await expect(page.getByTestId('dns-notice')).toHaveText(notice);
  else await expect(page.getByTestId('dns-notice')).toHaveCount(0);
  await checkFailure(context, snapshot, 'zone');
  if (snapshot.context.zone) {
    await checkFailure(context, snapshot, 'alias');
    await checkFailure(context, snapshot, 'import');
  }
  const shown = selectImportPreview(snapshot);
  if (!shown) {
    await expect(preview(page)).toHaveCount(0);
    return;
  }
  await expect(preview(page)).toContainText(
    `${shown.added.length} to add, ${shown.changed.length} to change, ${shown.removed.length} to remove`,
  );
  await expect(preview(page)).toContainText(
    `+ ${IMPORTED.name} ${IMPORTED.type} ${IMPORTED.content}`,
  );
  await expect(preview(page).getByRole('button', { name: 'Import', exact: true })).toBeEnabled();
}

// ---------------------------------------------------------------------------------------------

export const dnsFormsMapping: BrowserMapping = {
  machine: 'dns-forms',
  async start(context) {
    // The samples' first two zones when the path's first step makes one active; none otherwise.
    const first = context.upcoming[0];
    const withZones = first?.type === 'zones.shown';
    await startWalk(context, { zones: withZones ? 2 : 0 });
  },
  events: {
    // The server's answers come by themselves (a dropped request for "cannot be reached").
    'xstate.done.actor.change': async () => {},
    'xstate.error.actor.change': async () => {},
    'zone.field.changed': act(async (page, walk, event, upcoming) => {
      const sample = (event as EventObject & { value: string }).value;
      // The server refuses a name another customer's zone has; it creates the path's own.
      await page
        .getByRole('textbox', { name: 'Zone name' })
        .fill(
          refusedAfter(upcoming, 'zone.create.submitted') ? TAKEN_ZONE : realName(walk, sample),
        );
    }),
    'zone.create.submitted': act(async (page) => {
      await page.getByRole('button', { name: 'Create zone' }).click();
    }),
    'zone.edit.pressed': act(async (page, walk, event) => {
      const name = zoneNameOf(walk, (event as EventObject & { zoneId: number }).zoneId);
      await zoneRow(page, name).getByRole('button', { name: 'Edit', exact: true }).click();
    }),
    'zone.ttl.changed': act(async (page, _walk, event, upcoming) => {
      // A TTL under the bounds when the server is to refuse it (docs/dns.md "Rules": 60 to 604,800).
      const ttl = refusedAfter(upcoming, 'zone.ttl.submitted')
        ? String(DNS.ttlMin - 1)
        : (event as EventObject & { value: string }).value;
      await formOf(page, 'zoneTtl').getByRole('textbox', { name: 'TTL (seconds)' }).fill(ttl);
    }),
    'zone.ttl.submitted': act(async (page, _walk, _event, upcoming) => {
      const dialog = formOf(page, 'zoneTtl');
      if (refusedNext(upcoming))
        await dialog.getByRole('textbox', { name: 'TTL (seconds)' }).fill(String(DNS.ttlMin - 1));
      await dialog.getByRole('button', { name: 'Save' }).click();
    }),
    'zone.editor.closed': act(async (page) => {
      await formOf(page, 'zoneTtl').getByRole('button', { name: 'Cancel' }).click();
    }),
    'zone.delete.pressed': act(async (page, walk, event) => {
      const name = zoneNameOf(walk, (event as EventObject & { zoneId: number }).zoneId);
      await zoneRow(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
    }),
    'record.type.chosen': act(async (page, _walk, event) => {
      await page
        .getByRole('combobox', { name: 'Record type' })
        .selectOption((event as EventObject & { recordType: string }).recordType);
    }),
    'record.create.pressed': act(async (page, _walk, event) => {
      await page
        .getByRole('combobox', { name: 'Record type' })
        .selectOption((event as EventObject & { recordType: string }).recordType);
      await page.getByRole('button', { name: 'Add record' }).click();
    }),
    'record.edit.pressed': act(async (page) => {
      await mxRow(page).getByRole('button', { name: 'Edit @ MX' }).click();
    }),
    'record.delete.pressed': act(async (page) => {
      await mxRow(page).getByRole('button', { name: 'Delete @ MX' }).click();
    }),
    'record.field.changed': act(async (page, walk, event) => {
      const { field, value } = event as EventObject & { field: string; value: string };
      // A priority of the path's own: two records added alike would be one record twice.
      walk.made += 1;
      const typed = field === 'priority' ? String(Number(value) + walk.made) : value;
      await formOf(page, 'record')
        .getByRole('textbox', { name: DNS_FIELD_LABELS[field], exact: true })
        .fill(typed);
    }),
    'record.save.submitted': act(async (page, walk, _event, upcoming) => {
      const dialog = formOf(page, 'record');
      const adding = (await page.getByRole('dialog', { name: 'Add MX record' }).count()) > 0;
      const box = (field: string) =>
        dialog.getByRole('textbox', { name: DNS_FIELD_LABELS[field], exact: true });
      // A new record's fields left empty get the path's own values (no two records alike); the
      // record edited is saved as it is; a refused save has a target that is no host name.
      walk.made += 1;
      if (adding && (await box('priority').inputValue()) === '')
        await box('priority').fill(String(30 + walk.made));
      if (refusedNext(upcoming)) await box('target').fill('not a host name');
      else if (adding && (await box('target').inputValue()) === '')
        await box('target').fill(`mx${walk.made}.example.net.`);
      await dialog.getByRole('button', { name: 'Save record' }).click();
    }),
    'record.editor.closed': act(async (page) => {
      await formOf(page, 'record').getByRole('button', { name: 'Cancel' }).click();
    }),
    'alias.name.changed': act(async (page, walk, _event, upcoming) => {
      walk.made += 1;
      await formOf(page, 'alias')
        .getByRole('textbox', { name: 'Alias name' })
        .fill(
          refusedAfter(upcoming, 'alias.add.submitted')
            ? TAKEN_ZONE
            : `${walk.tag}-other${walk.made}.example`,
        );
    }),
    'alias.add.submitted': act(async (page) => {
      await formOf(page, 'alias').getByRole('button', { name: 'Add alias' }).click();
    }),
    'alias.delete.pressed': act(async (page, walk, event) => {
      // The samples' aliases: 4000 + 2 × zone id, and one more (machines/dns/dns-panel.model.ts).
      const aliasId = (event as EventObject & { aliasId: number }).aliasId;
      const zoneName = zoneNameOf(walk, Math.floor((aliasId - 4000) / 2));
      const name = `${aliasId % 2 === 0 ? 'a1' : 'a2'}-${zoneName}`;
      await page.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
    }),
    'delete.confirmed': act(async (page) => {
      await confirmation(page).getByRole('button', { name: 'Delete', exact: true }).click();
    }),
    'delete.cancelled': act(async (page) => {
      await confirmation(page).getByRole('button', { name: 'Cancel' }).click();
    }),
    'import.file.changed': act(async (page, walk, _event, upcoming) => {
      const box = formOf(page, 'import').getByRole('textbox', { name: 'Zone file' });
      // A bad address when the server is to refuse the file (docs/dns.md "Zone files").
      if (refusedAfter(upcoming, 'import.preview.submitted')) {
        await box.fill(BAD_FILE);
        return;
      }
      // The zone's own file (Export zone file) with one record more.
      const name = (await activeTitle(page).textContent()) ?? '';
      const zones = await walk.api.call<ZonesPage>(
        'GET',
        `${DNS_PATHS.zones}?limit=${DNS.pageSizeMax}&offset=0`,
      );
      const zoneId = zones.zones.find((zone) => zone.zone_name === name)!.zone_id;
      const file = await walk.api.call<string>(
        'GET',
        DNS_PATHS.exportZone(zoneId),
        undefined,
        true,
      );
      await box.fill(
        `${file.trimEnd()}\n${IMPORTED.name} IN ${IMPORTED.type} ${IMPORTED.content}\n`,
      );
    }),
    'import.preview.submitted': act(async (page) => {
      await formOf(page, 'import').getByRole('button', { name: 'Preview import' }).click();
    }),
    // The page shows the zone list's first zone when it opens, and the second when it is chosen.
    'zones.shown': async ({ page }, event) => {
      const zone = (event as EventObject & { zone: DnsZone | null }).zone;
      if (!zone || zone.zone_id === 1) return;
      const walk = walkOf(page);
      const name = zoneNameOf(walk, zone.zone_id);
      await zoneRow(page, name).getByRole('button', { name, exact: true }).click();
    },
    'import.apply.pressed': act(async (page) => {
      await preview(page).getByRole('button', { name: 'Import', exact: true }).click();
    }),
    'import.cancelled': act(async (page) => {
      await preview(page).getByRole('button', { name: 'Cancel' }).click();
    }),
  },
  notCaused: {
    'zones.shown': ({ event }) =>
      (event as EventObject & { zone: DnsZone | null }).zone === null
        ? 'the page shows no zone only to a customer without zones; the zone list’s walk has one'
        : undefined,
    'messages.forgotten': 'Try again follows a list that did not load: the page machine’s walk',
    'alias.name.changed': withZone('without a zone the page has no Add alias'),
    'import.file.changed': withZone('without a zone the page has no zone file import'),
    'record.type.chosen': withZone('without a zone the page has no Record type'),
    'xstate.error.actor.change': ({ event }) =>
      (event as EventObject & { error?: { message?: string } }).error?.message?.startsWith(
        DNS_MESSAGES.recordDeleteFailed,
      )
        ? 'the real server refuses only the delete of a zone’s last NS record at @, which the samples do not delete'
        : undefined,
    'record.create.pressed': offered('without a zone the page has no Add record'),
    'alias.add.submitted': offered('without a zone the page has no Add alias'),
    'import.preview.submitted': offered('without a zone the page has no zone file import'),
    'import.apply.pressed': offered('without a preview the page has no Import'),
    'import.cancelled': offered('without a preview the page has no Cancel of an import'),
  },
  states: {
    closed: checkClosed,
    editingRecord: async (context) => {
      const { page, expect, step } = context;
      const snapshot = step.snapshot as unknown as DnsFormsSnapshot;
      const editor = selectEditor(snapshot)!;
      const dialog = page.getByRole('dialog', {
        name: `${editor.record ? 'Edit' : 'Add'} ${editor.recordType} record`,
      });
      await expect(dialog).toBeVisible();
      await checkFailure(context, snapshot, 'record');
      // The name the target will be served as (the browser types the samples' target, or, for a
      // refused save, one that is no host name, which says nothing).
      const served = selectServedName(snapshot);
      const refused =
        selectFormFailure(snapshot, 'record').message !== null ||
        Object.keys(selectFormFailure(snapshot, 'record').fieldErrors).length > 0;
      if (!refused) {
        if (served) await expect(dialog.getByTestId('served-name')).toHaveText(served.text);
        else await expect(dialog.getByTestId('served-name')).toHaveCount(0);
        if (served?.warning)
          await expect(dialog.getByTestId('served-warning')).toHaveText(served.warning);
        else await expect(dialog.getByTestId('served-warning')).toHaveCount(0);
      }
      await expect(dialog.getByRole('button', { name: 'Save record' })).toBeEnabled();
    },
    editingZone: async (context) => {
      const { expect, step, page } = context;
      const snapshot = step.snapshot as unknown as DnsFormsSnapshot;
      const walk = walkOf(page);
      const editor = selectZoneEditor(snapshot)!;
      const dialog = page.getByRole('dialog', { name: `Edit ${zoneNameOf(walk, editor.zoneId)}` });
      await expect(dialog).toBeVisible();
      await checkFailure(context, snapshot, 'zoneTtl');
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
    },
    confirming: async (context) => {
      const { page, expect, step } = context;
      const walk = walkOf(page);
      const snapshot = step.snapshot as unknown as DnsFormsSnapshot;
      const pending = selectPendingDelete(snapshot)!;
      const dialog = confirmation(page);
      await expect(dialog).toContainText(
        `Delete ${realName(walk, pending.label)}? This cannot be undone.`,
      );
      await checkFailure(context, snapshot, 'delete');
      // Focus is on Delete, or, after a refusal, on its reason (docs/dns.md "The page").
      if (selectFormFailure(snapshot, 'delete').message !== null)
        await expect(dialog.getByRole('alert')).toBeFocused();
      else await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
    },
  },
  notShown: {
    sending: 'lasts only while the server answers; the state after it is checked',
  },
};
