/**
 * The DNS panel's list of zones (portal.md §4 "DNS paging"): the customer's zones, 10 a page from
 * an offset. Next and Previous move by the limit (never below 0) and only when there is such a
 * page; Show all sets the limit to the total. A new page of zones makes its first zone the active
 * one, its records from their first page; a reload (after a change) keeps the active zone while
 * it is listed. Choosing a listed zone makes it active.
 *
 * The page machine (dns-panel.machine.ts) owns this one (`zones`): it passes on the person's
 * paging and reloads after a change, and hears `zones.loading`, `zones.shown` (the zones, the
 * active zone and whether its records start from their first page) and `zones.failed`.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { DNS_PAGE_SIZE } from '#shared/dns/constants';
import { failureMessage } from '#shared/api-error';
import {
  everyItem,
  hasNextPage,
  hasPreviousPage,
  nextPage,
  previousPage,
  type PagePosition,
} from '#shared/paging';
import type { DnsZone, ZonesPage } from '#shared/dns/rules';
import { tellThePage } from './tell-the-page.ts';

/** The list's page and how many zones there are in all. */
export type Paging = PagePosition;

/** What the zone list tells the page. */
export type ZoneListNote =
  | { type: 'zones.loading' }
  | {
      type: 'zones.shown';
      zones: DnsZone[];
      /** The active zone, or null without zones. */
      zone: DnsZone | null;
      /** The active zone is another one: its records start from their first page. */
      fromFirstPage: boolean;
    }
  | { type: 'zones.failed'; message: string };

export interface ZoneListContext {
  zones: DnsZone[];
  paging: Paging;
  activeZoneId: number | null;
  /** The active zone before this load (a reload keeps it while it is listed). */
  shownZoneId: number | null;
  loadError: string | null;
}

export type ZoneListEvent =
  | { type: 'zones.next.pressed' }
  | { type: 'zones.previous.pressed' }
  | { type: 'zones.all.pressed' }
  | { type: 'zone.selected'; zoneId: number }
  /** From the page: a change was made, or Try again was pressed. */
  | { type: 'zones.reload' }
  | { type: 'xstate.done.actor.loadZones'; output: ZonesPage }
  | { type: 'xstate.error.actor.loadZones'; error: unknown };

/** Another page of zones is asked for: the page shows that the lists load. */
const SAY_LOADING = { type: 'tell the page', params: { type: 'zones.loading' } } as const;

export const zoneListMachine = setup({
  types: {
    context: {} as ZoneListContext,
    events: {} as ZoneListEvent,
  },
  actors: {
    /** GET /dns?limit&offset; provided by the app. */
    loadZones: fromPromise<ZonesPage, { limit: number; offset: number }>(async () => {
      throw new Error('loadZones is provided by the app');
    }),
  },
  actions: {
    'tell the page': tellThePage<ZoneListNote>(),
    'go to the next page': assign(({ context }) => ({ paging: nextPage(context.paging) })),
    'go to the previous page': assign(({ context }) => ({ paging: previousPage(context.paging) })),
    'show every zone': assign(({ context }) => ({ paging: everyItem(context.paging) })),
    'make the page’s first zone active': assign({ activeZoneId: null }),
    'store the zones': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadZones');
      const { zones, total_zones } = event.output;
      const kept = zones.some((zone) => zone.zone_id === context.activeZoneId);
      const activeZoneId = kept ? context.activeZoneId : (zones[0]?.zone_id ?? null);
      return {
        zones,
        paging: { ...context.paging, total: total_zones },
        shownZoneId: context.activeZoneId,
        activeZoneId,
        loadError: null,
      };
    }),
    'make the chosen zone active': assign(({ event }) => {
      assertEvent(event, 'zone.selected');
      return { activeZoneId: event.zoneId, shownZoneId: null };
    }),
    'store the failure': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadZones');
      return { loadError: failureMessage(event.error) ?? String(event.error) };
    }),
  },
  guards: {
    'there is a next page': ({ context }) => hasNextPage(context.paging),
    'there is a previous page': ({ context }) => hasPreviousPage(context.paging),
    'the zone is listed': ({ context, event }) =>
      event.type === 'zone.selected' && context.zones.some((zone) => zone.zone_id === event.zoneId),
  },
}).createMachine({
  id: 'zoneList',
  description: 'The customer’s DNS zones, ten a page, and the active zone.',
  context: {
    zones: [],
    paging: { limit: DNS_PAGE_SIZE, offset: 0, total: 0 },
    activeZoneId: null,
    shownZoneId: null,
    loadError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The page of zones asked for is loading.',
      invoke: {
        id: 'loadZones',
        src: 'loadZones',
        input: ({ context }) => ({ limit: context.paging.limit, offset: context.paging.offset }),
        onDone: {
          target: 'shown',
          actions: [
            'store the zones',
            {
              type: 'tell the page',
              params: ({ context }) => ({
                type: 'zones.shown',
                zones: context.zones,
                zone: context.zones.find((z) => z.zone_id === context.activeZoneId) ?? null,
                fromFirstPage: context.activeZoneId !== context.shownZoneId,
              }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            'store the failure',
            {
              type: 'tell the page',
              params: ({ context }) => ({ type: 'zones.failed', message: context.loadError ?? '' }),
            },
          ],
        },
      },
    },
    shown: {
      description: 'A page of zones is shown, one of them active.',
      on: {
        'zones.next.pressed': {
          guard: 'there is a next page',
          target: 'loading',
          actions: ['go to the next page', 'make the page’s first zone active', SAY_LOADING],
        },
        'zones.previous.pressed': {
          guard: 'there is a previous page',
          target: 'loading',
          actions: ['go to the previous page', 'make the page’s first zone active', SAY_LOADING],
        },
        'zones.all.pressed': {
          target: 'loading',
          actions: ['show every zone', 'make the page’s first zone active', SAY_LOADING],
        },
        'zone.selected': {
          guard: 'the zone is listed',
          actions: [
            'make the chosen zone active',
            {
              type: 'tell the page',
              params: ({ context }) => ({
                type: 'zones.shown',
                zones: context.zones,
                zone: context.zones.find((z) => z.zone_id === context.activeZoneId) ?? null,
                fromFirstPage: true,
              }),
            },
          ],
        },
        'zones.reload': { target: 'loading', actions: SAY_LOADING },
      },
    },
    failed: {
      description: 'The zones could not be loaded: the reason shows, with Try again.',
      on: { 'zones.reload': { target: 'loading', actions: SAY_LOADING } },
    },
  },
});

export type ZoneListActor = ActorRefFrom<typeof zoneListMachine>;
