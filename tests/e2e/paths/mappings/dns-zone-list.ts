/**
 * The DNS zones list in the browser (portal.md §4 "DNS paging"), on the DNS page of a customer of
 * the path's own (dns-support.ts: the sample server's 25 zones for a path that pages them, the
 * first two otherwise, none for a path whose first answer is "no zones load"). Each check of a
 * shown list reads the server's own page at the offset and size the machine predicts and asks the
 * page to show exactly that, with the active zone; a list that cannot load is its request dropped
 * on the network.
 */
import type { EventObject } from 'xstate';
import {
  selectActiveZone,
  selectZonePaging,
  type ZoneListSnapshot,
} from '../../../../machines/dns/zone-list.selectors.ts';
import { DNS_PATHS, type ZonesPage } from '../../../../src/shared/dns/rules.ts';
import { DNS_PAGE_SIZE } from '../../../../src/shared/dns/constants.ts';
import { type BrowserMapping, type StateCheckContext, offeredBy } from '../runner.ts';
import {
  act,
  activeTitle,
  answer,
  checkPager,
  loadFailure,
  realName,
  sizeOf,
  startWalk,
  walkOf,
  zoneNameOf,
  zoneRow,
  zoneRows,
} from './dns-support.ts';

/** The step is one the page offers there, or the reason it does not. */
const offered = offeredBy(() => dnsZoneListMapping);

const totalOf = (event: EventObject) =>
  (event as EventObject & { output?: { total_zones?: number } }).output?.total_zones ?? 0;

async function checkShown(context: StateCheckContext) {
  const { page, expect, step } = context;
  const snapshot = step.snapshot as unknown as ZoneListSnapshot;
  const walk = walkOf(page);
  await expect(page.getByRole('status', { name: 'Loading DNS zones' })).toHaveCount(0);
  await expect(loadFailure(page)).toHaveCount(0);
  // The zones of the page the machine asked for, as the server has them.
  const { offset, limit } = selectZonePaging(snapshot);
  const zones = await walk.api.call<ZonesPage>(
    'GET',
    `${DNS_PATHS.zones}?limit=${sizeOf(limit)}&offset=${offset}`,
  );
  const names = zones.zones.map((zone) => zone.zone_name);
  await checkPager(context, 'Zones', {
    offset,
    shown: names.length,
    total: zones.total_zones,
    limit: limit > DNS_PAGE_SIZE ? zones.total_zones : limit,
  });
  await expect(zoneRows(page).locator('td:first-child')).toHaveText(names);
  // The active zone: the predicted one while the page lists it, else the page's first.
  const predicted = selectActiveZone(snapshot)?.zone_name;
  const active =
    predicted && names.includes(realName(walk, predicted)) ? realName(walk, predicted) : names[0];
  if (!active) {
    await expect(activeTitle(page)).toHaveCount(0);
    return;
  }
  await expect(activeTitle(page)).toHaveText(active);
  await expect(zoneRow(page, active)).toHaveAttribute('aria-current', 'true');
}

export const dnsZoneListMapping: BrowserMapping = {
  machine: 'dns-zone-list',
  async start(context) {
    const { upcoming } = context;
    const firstLoad = upcoming.find((event) => event.type === 'xstate.done.actor.loadZones');
    const paged = upcoming.some((event) => event.type.startsWith('zones.'));
    const zones = firstLoad && totalOf(firstLoad) === 0 ? 0 : paged ? 25 : 2;
    // The first answer opens the page (a load that is to fail is dropped then).
    await startWalk(context, { zones, open: false });
  },
  events: {
    'xstate.done.actor.loadZones': answer,
    'xstate.error.actor.loadZones': answer,
    'zones.next.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Next zones' }).click();
    }),
    'zones.previous.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Previous zones' }).click();
    }),
    'zones.all.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Show all zones' }).click();
    }),
    'zone.selected': act(async (page, walk, event) => {
      const name = zoneNameOf(walk, (event as EventObject & { zoneId: number }).zoneId);
      await zoneRow(page, name).getByRole('button', { name, exact: true }).click();
    }),
  },
  notCaused: {
    'zones.reload':
      'the page asks for it after a change or Try again: the page’s and the forms’ walks',
    'xstate.done.actor.loadZones': ({ event, earlier }) =>
      totalOf(event) > 0 &&
      earlier.some((e) => e.type === 'xstate.done.actor.loadZones' && totalOf(e) === 0)
        ? "a customer without zones has none, not the sample server's 25"
        : undefined,
    'zones.next.pressed': offered('Next zones is disabled on the last page of zones'),
    'zones.previous.pressed': offered('Previous zones is disabled on the first page of zones'),
    'zone.selected': offered('the second zone is not listed on this page of zones'),
  },
  states: {
    shown: checkShown,
    failed: async ({ page, expect }) => {
      await expect(loadFailure(page)).toBeVisible();
      await expect(loadFailure(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(page.getByRole('status', { name: 'Loading DNS zones' })).toHaveCount(0);
    },
  },
  notShown: {
    loading: 'lasts only while the server answers; the state after it is checked',
  },
};
