/**
 * The DNS records pager in the browser (portal.md §4 "DNS paging"), on the DNS page of a customer
 * of the path's own (dns-support.ts: the samples' first two zones, each with the samples' 25
 * records). The page opens with the first zone active; choosing the second shows its records from
 * their first page. Each check of a shown page reads the server's own page of the active zone at
 * the offset and size the machine predicts and asks the page to show exactly that, grouped by
 * type; records that cannot load are their request dropped on the network.
 */
import type { EventObject } from 'xstate';
import {
  selectRecordPaging,
  selectRecordsZoneId,
  type RecordsPagerSnapshot,
} from '../../../../machines/dns/records-pager.selectors.ts';
import {
  DNS_PATHS,
  RECORD_TYPES,
  type DnsZone,
  type RecordsPage,
  type ZonesPage,
} from '../../../../src/shared/dns/rules.ts';
import { DNS_PAGE_SIZE } from '../../../../src/shared/dns/constants.ts';
import { DNS } from '../../../../src/shared/dns/constants.ts';
import { type BrowserMapping, type StateCheckContext, offeredBy } from '../runner.ts';
import {
  DNS_PAGE,
  act,
  activeTitle,
  arm,
  checkPager,
  loadFailure,
  sizeOf,
  startWalk,
  walkOf,
  zoneNameOf,
  zoneRow,
} from './dns-support.ts';

/** The step is one the page offers there, or the reason it does not. */
const offered = offeredBy(() => dnsRecordsPagerMapping);

async function checkShown(context: StateCheckContext) {
  const { page, expect, step } = context;
  const snapshot = step.snapshot as unknown as RecordsPagerSnapshot;
  const walk = walkOf(page);
  await expect(page.getByRole('status', { name: 'Loading DNS zones' })).toHaveCount(0);
  await expect(loadFailure(page)).toHaveCount(0);
  // The active zone's records at the page the machine asked for, as the server has them.
  const name = zoneNameOf(walk, selectRecordsZoneId(snapshot) ?? 0);
  await expect(activeTitle(page)).toHaveText(name);
  const zones = await walk.api.call<ZonesPage>(
    'GET',
    `${DNS_PATHS.zones}?limit=${DNS.pageSizeMax}&offset=0`,
  );
  const zoneId = zones.zones.find((zone) => zone.zone_name === name)!.zone_id;
  const { offset, limit } = selectRecordPaging(snapshot);
  const records = await walk.api.call<RecordsPage>(
    'GET',
    `${DNS_PATHS.records(zoneId)}?limit=${sizeOf(limit)}&offset=${offset}`,
  );
  await checkPager(context, 'Records', {
    offset,
    shown: records.records.length,
    total: records.total_records,
    limit: limit > DNS_PAGE_SIZE ? records.total_records : limit,
  });
  for (const type of RECORD_TYPES) {
    await expect(page.getByTestId(`records-${type}`).getByTestId('dns-record')).toHaveCount(
      records.records.filter((record) => record.record_type === type).length,
    );
  }
}

export const dnsRecordsPagerMapping: BrowserMapping = {
  machine: 'dns-records-pager',
  async start(context) {
    // The page opens with the first zone's records (the first step), a failure then prepared.
    await startWalk(context, { zones: 2, open: false });
  },
  events: {
    'zones.shown': async ({ page, visit, upcoming }, event) => {
      const walk = walkOf(page);
      arm(walk, upcoming);
      const zone = (event as EventObject & { zone: DnsZone | null }).zone;
      if (!walk.opened) {
        walk.opened = true;
        await visit(DNS_PAGE);
        return;
      }
      const name = zoneNameOf(walk, zone?.zone_id ?? 0);
      await zoneRow(page, name).getByRole('button', { name, exact: true }).click();
    },
    // The records come by themselves (a dropped request for those that cannot load).
    'xstate.done.actor.loadRecords': async () => {},
    'xstate.error.actor.loadRecords': async () => {},
    'records.next.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Next records' }).click();
    }),
    'records.previous.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Previous records' }).click();
    }),
    'records.all.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Show all records' }).click();
    }),
  },
  notCaused: {
    'zones.shown': ({ event, earlier }) => {
      const shown = event as EventObject & { zone: DnsZone | null; fromFirstPage: boolean };
      if (shown.zone === null)
        return 'the page shows no zone only to a customer without zones: the zone list’s walk';
      if (!shown.fromFirstPage)
        return 'the same zone shown again follows a change: the page’s and the forms’ walks';
      if (earlier.length === 0 && shown.zone.zone_id !== 1)
        return 'the page opens on its first zone';
      return undefined;
    },
    'records.next.pressed': offered('Next records is disabled on the last page of records'),
    'records.previous.pressed': offered(
      'Previous records is disabled on the first page of records',
    ),
  },
  states: {
    shown: checkShown,
    failed: async ({ page, expect }) => {
      await expect(loadFailure(page)).toBeVisible();
      await expect(loadFailure(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
  },
  notShown: {
    noZone: 'the page before it opens: a path starts with its first zone shown',
    loading: 'lasts only while the server answers; the state after it is checked',
  },
};
