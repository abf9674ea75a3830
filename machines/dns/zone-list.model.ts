/**
 * The DNS zone list's registration (portal.md §4 "DNS paging"): the customer's zones 10 a page,
 * Next and Previous by the limit (never below 0), Show all (the limit becomes the total); a new
 * page makes its first zone active, its records from their first page; a reload after a change
 * keeps the active zone while it is listed; only a listed zone can be chosen. What the list tells
 * the page is declared step by step (`tell the page`).
 */
import { DNS_PAGE_SIZE } from '#shared/dns/constants';
import { ERROR_MESSAGES } from '#shared/messages';
import type { SnapshotFrom } from 'xstate';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import {
  NO_ZONES,
  SECOND,
  ZONE_COUNT,
  ZONE_LIST,
  pagerFor,
  pagerText,
  zonesPage,
} from './samples.ts';
import { zoneListMachine } from './zone-list.machine.ts';
import {
  selectActiveZone,
  selectZoneListError,
  selectZoneListLoading,
  selectZonePager,
  selectZonePaging,
  selectZones,
  type ZoneListSnapshot,
} from './zone-list.selectors.ts';

const projected = new WeakMap<ZoneListSnapshot, ReturnType<typeof projectOnce>>();
function project(snapshot: ZoneListSnapshot) {
  let projection = projected.get(snapshot);
  if (!projection) projected.set(snapshot, (projection = projectOnce(snapshot)));
  return projection;
}

function projectOnce(snapshot: ZoneListSnapshot) {
  const { offset, limit, total } = selectZonePaging(snapshot);
  const zones = selectZones(snapshot);
  // While a page loads (or after it failed to), what the list shows is not the page asked for.
  const loading = selectZoneListLoading(snapshot) || selectZoneListError(snapshot) !== null;
  return {
    /** The page asked for (what a load sends). */
    offset,
    limit,
    total,
    /** The pager and the first and last zone listed (while loading: the page before). */
    pager: loading ? null : pagerText(selectZonePager(snapshot)),
    listed: loading
      ? null
      : zones.length
        ? `${zones[0].zone_name} … ${zones[zones.length - 1].zone_name}`
        : '',
    zone: selectActiveZone(snapshot)?.zone_name ?? null,
    loadError: selectZoneListError(snapshot),
  };
}

/** The zones the server lists at the page asked for. */
const zonesOn = (offset: number, limit: number, total: number) =>
  total === 0 ? [] : ZONE_LIST.slice(offset, offset + limit);
const listedText = (offset: number, limit: number, total: number) => {
  const listed = zonesOn(offset, limit, total);
  return listed.length ? `${listed[0].zone_name} … ${listed[listed.length - 1].zone_name}` : '';
};

/** The page says the lists load: another page was asked for (a paging button, a reload). */
const LOADING = { 'tell the page': { type: 'zones.loading' } };

/** portal.md §4: another page of zones; its first zone becomes active once it loads. */
const anotherPage = (offset: number, limit: number) => ({
  to: 'loading',
  with: { offset, limit, pager: null, listed: null, zone: null },
  runs: LOADING,
});

function samplesFor(snapshot: SnapshotFrom<typeof zoneListMachine>) {
  const { paging, zones } = snapshot.context;
  const allShown = paging.offset === 0 && paging.limit >= paging.total;
  return [
    sample('the zones load', {
      type: 'xstate.done.actor.loadZones',
      output: zonesPage(paging.offset, paging.limit),
    }),
    // A customer without zones: on the first load only.
    ...(zones.length === 0 && paging.total === 0
      ? [sample('no zones load', { type: 'xstate.done.actor.loadZones', output: NO_ZONES })]
      : []),
    sample('the zones cannot be loaded', {
      type: 'xstate.error.actor.loadZones',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('next zones', { type: 'zones.next.pressed' }),
    sample('previous zones', { type: 'zones.previous.pressed' }),
    // Show all only while something is not shown (the page disables it otherwise).
    ...(allShown ? [] : [sample('show all zones', { type: 'zones.all.pressed' })]),
    sample('choose the second zone', { type: 'zone.selected', zoneId: SECOND.zone_id }),
    sample('the page loads the zones again', { type: 'zones.reload' }),
  ];
}

export const zoneListModel = defineMachine({
  name: 'dns-zone-list',
  title: 'DNS zones list',
  description:
    'The customer’s DNS zones, ten at a time, with Next, Previous and Show all. Moving to ' +
    'another page of zones makes its first zone the active one, whose records start from their ' +
    'first page; choosing a zone on the page makes it active. After a change the zones load ' +
    'again and the active zone stays while it is listed.',
  machine: zoneListMachine,
  events: (snapshot) => samplesFor(snapshot),
  project,
  limit: 5_000,
  expect: {
    // The first page of zones loads: nothing listed yet.
    start: {
      to: 'loading',
      with: {
        offset: 0,
        limit: DNS_PAGE_SIZE,
        total: 0,
        pager: null,
        listed: null,
        zone: null,
        loadError: null,
      },
    },
    effects: ['tell the page'],
    on: {
      loading: {
        // The active zone stays while it is listed; otherwise the page's first zone, its records
        // from their first page (portal.md §4). The page hears which.
        'the zones load': (b) => {
          const page = zonesOn(b.offset, b.limit, ZONE_COUNT);
          const kept = page.some((z) => z.zone_name === b.zone);
          const zone = kept ? b.zone : page[0].zone_name;
          return {
            to: 'shown',
            with: {
              total: ZONE_COUNT,
              pager: pagerFor(b.offset, b.limit, ZONE_COUNT, true),
              listed: listedText(b.offset, b.limit, ZONE_COUNT),
              zone,
              loadError: null,
            },
            runs: {
              'tell the page': {
                type: 'zones.shown',
                zone: { zone_name: zone },
                fromFirstPage: !kept,
              },
            },
          };
        },
        'no zones load': {
          to: 'shown',
          with: { total: 0, pager: '0–0 of 0', listed: '', zone: null },
          runs: { 'tell the page': { type: 'zones.shown', zone: null, fromFirstPage: false } },
        },
        'the zones cannot be loaded': {
          to: 'failed',
          with: { loadError: ERROR_MESSAGES.timeout, pager: null, listed: null },
          runs: { 'tell the page': { type: 'zones.failed', message: ERROR_MESSAGES.timeout } },
        },
      },
      shown: {
        'next zones': (b) =>
          b.offset + b.limit < b.total ? anotherPage(b.offset + b.limit, b.limit) : 'ignored',
        'previous zones': (b) =>
          b.offset > 0 ? anotherPage(Math.max(0, b.offset - b.limit), b.limit) : 'ignored',
        'show all zones': (b) => anotherPage(0, b.total),
        // Only a zone listed on the page can be chosen; its records from their first page.
        'choose the second zone': (b) =>
          zonesOn(b.offset, b.limit, b.total).includes(SECOND)
            ? {
                to: 'stays',
                with: { zone: SECOND.zone_name },
                runs: {
                  'tell the page': {
                    type: 'zones.shown',
                    zone: { zone_name: SECOND.zone_name },
                    fromFirstPage: true,
                  },
                },
              }
            : 'ignored',
        // After a change: the same page again, the active zone kept for now.
        'the page loads the zones again': (b) => ({
          to: 'loading',
          with: { offset: b.offset, limit: b.limit, pager: null, listed: null, zone: b.zone },
          runs: LOADING,
        }),
      },
      failed: {
        // Try again: the same page again.
        'the page loads the zones again': (b) => ({
          to: 'loading',
          with: { offset: b.offset, limit: b.limit, pager: null, listed: null },
          runs: LOADING,
        }),
      },
    },
    running: { loading: ['loadZones'] },
    // docs/api.md "DNS": the page of zones asked for.
    inputs: { loadZones: (p) => ({ limit: p.limit, offset: p.offset }) },
  },
  states: {
    loading: (s) => expectThat(selectZoneListLoading(s), 'the zones show they are loading'),
    shown: (s) => {
      expectThat(!selectZoneListLoading(s), 'nothing loads');
      expectThat(
        selectZones(s).length === 0 || selectActiveZone(s) !== null,
        'a zone of the page is active',
      );
    },
    failed: (s) => expectThat(selectZoneListError(s) !== null, 'the reason shows'),
  },
});
