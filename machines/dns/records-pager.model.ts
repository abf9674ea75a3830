/**
 * The DNS records pager's registration (portal.md §4 "DNS paging"): the active zone's records 10
 * a page, Next and Previous by the limit (never below 0), Show all (the limit becomes the total);
 * another active zone starts from its first page, the same zone shown again (after a change)
 * reloads the page it was on; without a zone nothing is listed. What the pager tells the page is
 * declared step by step (`tell the page`).
 */
import { DNS_PAGE_SIZE } from '#shared/dns/constants';
import { ERROR_MESSAGES } from '#shared/messages';
import type { SnapshotFrom } from 'xstate';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import {
  FIRST,
  RECORD_COUNT,
  RECORD_LIST,
  SECOND,
  TYPE_ORDER,
  pagerFor,
  pagerText,
  recordsPage,
} from './samples.ts';
import { recordsPagerMachine } from './records-pager.machine.ts';
import {
  selectRecordGroups,
  selectRecordPager,
  selectRecordPaging,
  selectRecordsError,
  selectRecordsLoading,
  selectRecordsZoneId,
  type RecordsPagerSnapshot,
} from './records-pager.selectors.ts';

const zoneNameOf = (zoneId: number | null) =>
  [FIRST, SECOND].find((zone) => zone.zone_id === zoneId)?.zone_name ?? null;

const projected = new WeakMap<RecordsPagerSnapshot, ReturnType<typeof projectOnce>>();
function project(snapshot: RecordsPagerSnapshot) {
  let projection = projected.get(snapshot);
  if (!projection) projected.set(snapshot, (projection = projectOnce(snapshot)));
  return projection;
}

function projectOnce(snapshot: RecordsPagerSnapshot) {
  const { offset, limit, total } = selectRecordPaging(snapshot);
  // While a page loads (or after it failed to), what the list shows is not the page asked for.
  const away = selectRecordsLoading(snapshot) || selectRecordsError(snapshot) !== null;
  return {
    /** The zone and the page asked for (what a load sends). */
    zone: zoneNameOf(selectRecordsZoneId(snapshot)),
    offset,
    limit,
    total,
    /** The pager and the record groups: "A 4 · AAAA 2 · …". */
    pager: away ? null : pagerText(selectRecordPager(snapshot)),
    groups: away
      ? null
      : selectRecordGroups(snapshot)
          .map((group) => `${group.recordType} ${group.records.length}`)
          .join(' · '),
    loadError: selectRecordsError(snapshot),
  };
}
type Projection = ReturnType<typeof project>;

/** The page of records shown, grouped by type in the spec's order (a type without records: none). */
function groupsFor(offset: number, limit: number): string {
  const page = RECORD_LIST.slice(offset, offset + limit);
  return TYPE_ORDER.map(
    (type) => [type, page.filter((r) => r.record_type === type).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([type, count]) => `${type} ${count}`)
    .join(' · ');
}

/** The page hears that the records load. */
const LOADING = { 'tell the page': { type: 'records.loading' } };

/** Another page of the zone's records (portal.md §4). */
const anotherPage = (offset: number, limit: number) => ({
  to: 'loading',
  with: { offset, limit, pager: null, groups: null },
  runs: LOADING,
});

function samplesFor(snapshot: SnapshotFrom<typeof recordsPagerMachine>) {
  const { paging, zoneId } = snapshot.context;
  const allShown = paging.offset === 0 && paging.limit >= paging.total;
  return [
    sample('the records load', {
      type: 'xstate.done.actor.loadRecords',
      output: recordsPage(paging.offset, paging.limit),
    }),
    sample('the records cannot be loaded', {
      type: 'xstate.error.actor.loadRecords',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('next records', { type: 'records.next.pressed' }),
    sample('previous records', { type: 'records.previous.pressed' }),
    ...(allShown ? [] : [sample('show all records', { type: 'records.all.pressed' })]),
    // The zone list's active zone: another one (from its first page), or the same after a change.
    ...(zoneId === FIRST.zone_id
      ? [
          sample('the second zone becomes active', {
            type: 'zones.shown',
            zone: SECOND,
            fromFirstPage: true,
          }),
          sample('the zone is shown again', {
            type: 'zones.shown',
            zone: FIRST,
            fromFirstPage: false,
          }),
        ]
      : [
          sample('the first zone becomes active', {
            type: 'zones.shown',
            zone: FIRST,
            fromFirstPage: true,
          }),
        ]),
    sample('no zone is active', { type: 'zones.shown', zone: null, fromFirstPage: false }),
  ];
}

/** portal.md §4: a zone made active shows its records from their first page. */
const fromFirstPage = (zone: string) => ({
  to: 'loading',
  with: { zone, offset: 0, limit: DNS_PAGE_SIZE, pager: null, groups: null, loadError: null },
  runs: LOADING,
});

export const recordsPagerModel = defineMachine({
  name: 'dns-records-pager',
  title: 'DNS records pager',
  description:
    'The active DNS zone’s records, ten at a time, grouped by type, with Next, Previous and ' +
    'Show all. Another zone made active starts from its first page; after a change the page of ' +
    'records shown loads again. Without a zone there is nothing to list.',
  machine: recordsPagerMachine,
  events: (snapshot) => samplesFor(snapshot),
  project,
  limit: 5_000,
  expect: {
    // No zone yet: nothing listed.
    start: {
      to: 'noZone',
      with: { zone: null, offset: 0, limit: DNS_PAGE_SIZE, pager: '0–0 of 0', groups: '' },
    },
    effects: ['tell the page'],
    on: {
      '*': {
        'the first zone becomes active': fromFirstPage(FIRST.zone_name),
        'the second zone becomes active': fromFirstPage(SECOND.zone_name),
        // After a change: the same page of the same zone again.
        'the zone is shown again': (b) => ({
          to: 'loading',
          with: { zone: b.zone, offset: b.offset, limit: b.limit, pager: null, groups: null },
          runs: LOADING,
        }),
        'no zone is active': {
          to: 'noZone',
          with: { zone: null, offset: 0, limit: DNS_PAGE_SIZE, pager: '0–0 of 0', groups: '' },
        },
      },
      loading: {
        'the records load': (b: Projection) => ({
          to: 'shown',
          with: {
            total: RECORD_COUNT,
            pager: pagerFor(b.offset, b.limit, RECORD_COUNT, true),
            groups: groupsFor(b.offset, b.limit),
            loadError: null,
          },
          runs: { 'tell the page': { type: 'records.shown' } },
        }),
        'the records cannot be loaded': {
          to: 'failed',
          with: { loadError: ERROR_MESSAGES.timeout, pager: null, groups: null },
          runs: {
            'tell the page': { type: 'records.failed', message: ERROR_MESSAGES.timeout },
          },
        },
      },
      shown: {
        'next records': (b) =>
          b.offset + b.limit < b.total ? anotherPage(b.offset + b.limit, b.limit) : 'ignored',
        'previous records': (b) =>
          b.offset > 0 ? anotherPage(Math.max(0, b.offset - b.limit), b.limit) : 'ignored',
        'show all records': (b) => anotherPage(0, b.total),
      },
    },
    running: { loading: ['loadRecords'] },
    // docs/api.md "DNS": the active zone's page of records.
    inputs: {
      loadRecords: (p) => ({
        zoneId: [FIRST, SECOND].find((zone) => zone.zone_name === p.zone)?.zone_id,
        limit: p.limit,
        offset: p.offset,
      }),
    },
  },
  states: {
    noZone: (s) => expectThat(selectRecordGroups(s).length === 0, 'no records are listed'),
    loading: (s) => expectThat(selectRecordsLoading(s), 'the records show they are loading'),
    shown: (s) => expectThat(selectRecordGroups(s).length > 0, 'the records are listed'),
    failed: (s) => expectThat(selectRecordsError(s) !== null, 'the reason shows'),
  },
});
