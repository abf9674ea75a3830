/**
 * The DNS panel's records pager (portal.md §4 "DNS paging"): the active zone's records, 10 a page
 * from an offset. Next and Previous move by the limit (never below 0) and only when there is such
 * a page; Show all sets the limit to the total. Another active zone starts from its first page;
 * the same zone shown again (after a change) reloads the page it was on. Without a zone there is
 * nothing to list.
 *
 * The page machine (dns-panel.machine.ts) owns this one (`records`): it passes on the person's
 * paging and the zone the zone list shows (`zones.shown`), and hears `records.loading`,
 * `records.shown` and `records.failed`.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { DNS_PAGE_SIZE } from '#shared/dns/constants';
import { failureMessage } from '#shared/api-error';
import { everyItem, hasNextPage, hasPreviousPage, nextPage, previousPage } from '#shared/paging';
import type { DnsRecord, DnsZone, RecordsPage } from '#shared/dns/rules';
import { tellThePage } from './tell-the-page.ts';
import type { Paging } from './zone-list.machine.ts';

/** What the records pager tells the page. */
export type RecordsPagerNote =
  | { type: 'records.loading' }
  | { type: 'records.shown' }
  | { type: 'records.failed'; message: string };

export interface RecordsPagerContext {
  zoneId: number | null;
  records: DnsRecord[];
  paging: Paging;
  loadError: string | null;
}

export type RecordsPagerEvent =
  | { type: 'records.next.pressed' }
  | { type: 'records.previous.pressed' }
  | { type: 'records.all.pressed' }
  /** From the page: the zone the zone list shows as active (null: no zone). */
  | { type: 'zones.shown'; zone: DnsZone | null; fromFirstPage: boolean }
  | { type: 'xstate.done.actor.loadRecords'; output: RecordsPage }
  | { type: 'xstate.error.actor.loadRecords'; error: unknown };

const FIRST_PAGE: Paging = { limit: DNS_PAGE_SIZE, offset: 0, total: 0 };

export const recordsPagerMachine = setup({
  types: {
    context: {} as RecordsPagerContext,
    events: {} as RecordsPagerEvent,
  },
  actors: {
    /** GET /dns/{zone_id}/records?limit&offset; provided by the app. */
    loadRecords: fromPromise<RecordsPage, { zoneId: number; limit: number; offset: number }>(
      async () => {
        throw new Error('loadRecords is provided by the app');
      },
    ),
  },
  actions: {
    'tell the page': tellThePage<RecordsPagerNote>(),
    'go to the next page': assign(({ context }) => ({ paging: nextPage(context.paging) })),
    'go to the previous page': assign(({ context }) => ({ paging: previousPage(context.paging) })),
    'show every record': assign(({ context }) => ({ paging: everyItem(context.paging) })),
    'take the zone, from its first page': assign(({ context, event }) => {
      assertEvent(event, 'zones.shown');
      return {
        zoneId: event.zone?.zone_id ?? null,
        records: [],
        paging: { ...FIRST_PAGE, total: context.paging.total },
      };
    }),
    'forget the records': assign({ zoneId: null, records: [], paging: FIRST_PAGE }),
    'store the records': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadRecords');
      return {
        records: event.output.records,
        paging: { ...context.paging, total: event.output.total_records },
        loadError: null,
      };
    }),
    'store the failure': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadRecords');
      return { loadError: failureMessage(event.error) ?? String(event.error) };
    }),
  },
  guards: {
    'there is a next page': ({ context }) => hasNextPage(context.paging),
    'there is a previous page': ({ context }) => hasPreviousPage(context.paging),
    'no zone is active': ({ event }) => event.type === 'zones.shown' && event.zone === null,
    'another zone is active': ({ event }) => event.type === 'zones.shown' && event.fromFirstPage,
  },
}).createMachine({
  id: 'recordsPager',
  description: 'The active zone’s DNS records, ten a page.',
  context: { zoneId: null, records: [], paging: FIRST_PAGE, loadError: null },
  initial: 'noZone',
  on: {
    'zones.shown': [
      { guard: 'no zone is active', target: '.noZone', actions: 'forget the records' },
      {
        guard: 'another zone is active',
        target: '.loading',
        reenter: true,
        actions: 'take the zone, from its first page',
      },
      { target: '.loading', reenter: true },
    ],
  },
  states: {
    noZone: { description: 'No zone is active: there are no records to list.' },
    loading: {
      description: 'The page of records asked for is loading.',
      entry: { type: 'tell the page', params: { type: 'records.loading' } },
      invoke: {
        id: 'loadRecords',
        src: 'loadRecords',
        input: ({ context }) => ({
          zoneId: context.zoneId ?? 0,
          limit: context.paging.limit,
          offset: context.paging.offset,
        }),
        onDone: {
          target: 'shown',
          actions: [
            'store the records',
            { type: 'tell the page', params: { type: 'records.shown' } },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            'store the failure',
            {
              type: 'tell the page',
              params: ({ context }) => ({
                type: 'records.failed',
                message: context.loadError ?? '',
              }),
            },
          ],
        },
      },
    },
    shown: {
      description: 'A page of the zone’s records is shown.',
      on: {
        'records.next.pressed': {
          guard: 'there is a next page',
          target: 'loading',
          actions: 'go to the next page',
        },
        'records.previous.pressed': {
          guard: 'there is a previous page',
          target: 'loading',
          actions: 'go to the previous page',
        },
        'records.all.pressed': { target: 'loading', actions: 'show every record' },
      },
    },
    failed: { description: 'The records could not be loaded: the reason shows, with Try again.' },
  },
});

export type RecordsPagerActor = ActorRefFrom<typeof recordsPagerMachine>;
