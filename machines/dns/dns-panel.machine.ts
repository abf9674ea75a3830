/**
 * The DNS panel's page machine (portal.md §2 DNS panel, §4 "DNS paging", §5, §8; docs/dns.md):
 * it owns three child machines and the new zones' countdowns, and the view sends it everything
 * the person does.
 *
 * - `zones` (zone-list.machine.ts): the zones, paged by 10, and the active zone;
 * - `records` (records-pager.machine.ts): the active zone's records, paged by 10;
 * - `forms` (dns-forms.machine.ts): Create zone, a zone's TTL, the record editor, Add alias, the
 *   zone file import and a delete's confirmation, each change sent one at a time;
 * - `countdown-<zone_id>` (zone-countdown.machine.ts): a zone created here keeps its Edit and
 *   Delete disabled for 60 s.
 *
 * The page passes the person's paging on to the lists, and opens a form only while both lists are
 * shown (never while a list loads or a change is on its way); the zone list's active zone goes to
 * the records pager and the forms. After a change the lists load again (the active zone and its
 * page of records kept while it is listed). Everything the children say comes as a note: the
 * children's `tell the page` is `sendParent` here.
 */
import {
  and,
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  sendParent,
  sendTo,
  setup,
  type ActorRefFrom,
} from 'xstate';
import { TIMERS } from '#shared/constants';
import type { RecordsPage, ZonesPage } from '#shared/dns/rules';
import { hasPermission, type Perms } from '#shared/permissions';
import {
  dnsFormsMachine,
  type ChangeAnswer,
  type DnsChange,
  type DnsFormsEvent,
  type DnsFormsNote,
} from './dns-forms.machine.ts';
import {
  recordsPagerMachine,
  type RecordsPagerEvent,
  type RecordsPagerNote,
} from './records-pager.machine.ts';
import { zoneCountdownMachine } from './zone-countdown.machine.ts';
import { zoneListMachine, type ZoneListEvent, type ZoneListNote } from './zone-list.machine.ts';

export type {
  ChangeAnswer,
  ChangeFailure,
  DnsChange,
  DnsForm,
  FormFailure,
} from './dns-forms.machine.ts';

export interface DnsPanelInput {
  /** The user's permissions: changing DNS takes services manage (portal.md §6). */
  perms: Perms | undefined;
}

export interface DnsPanelContext {
  /** The user may change zones, records and aliases (services manage). */
  manages: boolean;
  /** Zones created here whose countdown still runs: their edit and delete are disabled. */
  lockedZoneIds: number[];
  /** Why a list could not be loaded. */
  loadError: string | null;
}

/** What the person does on the page, as the view sends it. */
type PagingEvent =
  | { type: 'zones.next.pressed' }
  | { type: 'zones.previous.pressed' }
  | { type: 'zones.all.pressed' }
  | { type: 'zone.selected'; zoneId: number }
  | { type: 'records.next.pressed' }
  | { type: 'records.previous.pressed' }
  | { type: 'records.all.pressed' };
type FormEvent = Exclude<
  DnsFormsEvent,
  { type: 'zones.shown' } | { type: 'messages.forgotten' } | { type: `xstate.${string}` }
>;

export type DnsPanelEvent =
  | PagingEvent
  | FormEvent
  | { type: 'load.retry.pressed' }
  | { type: 'zone.unlocked'; zoneId: number }
  | ZoneListNote
  | RecordsPagerNote
  | DnsFormsNote;

/** What the page passes on to each child, as it is. */
const ZONE_LIST_EVENTS = [
  'zones.next.pressed',
  'zones.previous.pressed',
  'zones.all.pressed',
  'zone.selected',
] as const satisfies readonly ZoneListEvent['type'][];
const RECORDS_EVENTS = [
  'records.next.pressed',
  'records.previous.pressed',
  'records.all.pressed',
] as const satisfies readonly RecordsPagerEvent['type'][];
const FORM_EVENTS = [
  'zone.field.changed',
  'zone.create.submitted',
  'zone.edit.pressed',
  'zone.ttl.changed',
  'zone.ttl.submitted',
  'zone.editor.closed',
  'zone.delete.pressed',
  'record.type.chosen',
  'record.create.pressed',
  'record.edit.pressed',
  'record.field.changed',
  'record.save.submitted',
  'record.editor.closed',
  'record.delete.pressed',
  'alias.name.changed',
  'alias.add.submitted',
  'alias.delete.pressed',
  'delete.confirmed',
  'delete.cancelled',
  'import.file.changed',
  'import.preview.submitted',
  'import.apply.pressed',
  'import.cancelled',
] as const satisfies readonly FormEvent['type'][];

/** The children's `tell the page`, in the page: the note goes to the page machine. */
const toThePage = { 'tell the page': sendParent((_: unknown, note: { type: string }) => note) };

export const dnsPanelMachine = setup({
  types: {
    context: {} as DnsPanelContext,
    events: {} as DnsPanelEvent,
    input: {} as DnsPanelInput,
  },
  actors: {
    zoneList: zoneListMachine.provide({ actions: toThePage as never }),
    recordsPager: recordsPagerMachine.provide({ actions: toThePage as never }),
    dnsForms: dnsFormsMachine.provide({ actions: toThePage as never }),
    zoneCountdown: zoneCountdownMachine,
  },
  actions: {
    'pass on to the zone list': sendTo('zones', ({ event }) => {
      assertEvent(event, ZONE_LIST_EVENTS);
      return event;
    }),
    'pass on to the records': sendTo('records', ({ event }) => {
      assertEvent(event, RECORDS_EVENTS);
      return event;
    }),
    'pass on to the forms': sendTo('forms', ({ event }) => {
      assertEvent(event, FORM_EVENTS);
      return event;
    }),
    /** The zone list's zones and active zone, for the records pager and the forms. */
    'share the active zone': enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'zones.shown');
      const { zones, zone, fromFirstPage } = event;
      enqueue.sendTo('records', { type: 'zones.shown', zone, fromFirstPage });
      enqueue.sendTo('forms', { type: 'zones.shown', zones, zone });
    }),
    'load the zones again': sendTo('zones', { type: 'zones.reload' }),
    /** Try again: the zones load again, and the last change's words go. */
    'start over': enqueueActions(({ enqueue }) => {
      enqueue.assign({ loadError: null });
      enqueue.sendTo('forms', { type: 'messages.forgotten' });
      enqueue.sendTo('zones', { type: 'zones.reload' });
    }),
    'note why': assign(({ event }) => {
      assertEvent(event, ['zones.failed', 'records.failed']);
      return { loadError: event.message };
    }),
    /** portal.md §4: the new zone's Edit and Delete are disabled while its countdown runs. */
    'lock the new zone': enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'change.made');
      const zoneId = event.zone?.zone_id ?? 0;
      enqueue.assign({ lockedZoneIds: [...context.lockedZoneIds, zoneId] });
      enqueue.spawnChild('zoneCountdown', {
        id: `countdown-${zoneId}`,
        input: { zoneId, seconds: TIMERS.newZoneDisabledSeconds },
      });
    }),
    'unlock the zone': assign(({ context, event }) => {
      assertEvent(event, 'zone.unlocked');
      return { lockedZoneIds: context.lockedZoneIds.filter((id) => id !== event.zoneId) };
    }),
  },
  guards: {
    'the user manages services': ({ context }) => context.manages,
    'a zone is active': ({ event }) => event.type === 'zones.shown' && event.zone !== null,
    'the zone is not locked': ({ context, event }) =>
      (event.type === 'zone.delete.pressed' || event.type === 'zone.edit.pressed') &&
      !context.lockedZoneIds.includes(event.zoneId),
    'a zone was created': ({ event }) =>
      event.type === 'change.made' && event.kind === 'zone.create' && event.zone !== null,
  },
}).createMachine({
  id: 'dnsPanel',
  description:
    'The DNS page: the zone list, the records pager and the forms, each a machine of its own; ' +
    'forms open only while both lists are shown, and after a change the lists load again.',
  context: ({ input }) => ({
    manages: hasPermission(input?.perms, 'services.manage'),
    lockedZoneIds: [],
    loadError: null,
  }),
  invoke: [
    { id: 'zones', src: 'zoneList' },
    { id: 'records', src: 'recordsPager' },
    { id: 'forms', src: 'dnsForms', input: ({ context }) => ({ manages: context.manages }) },
  ],
  on: {
    'zone.unlocked': { actions: 'unlock the zone' },
    // What is typed, and the dialogs' own buttons, go to the forms whatever the lists do.
    'zone.field.changed': { actions: 'pass on to the forms' },
    'alias.name.changed': { actions: 'pass on to the forms' },
    'import.file.changed': { actions: 'pass on to the forms' },
    'record.type.chosen': { actions: 'pass on to the forms' },
    'zone.ttl.changed': { actions: 'pass on to the forms' },
    'zone.ttl.submitted': { actions: 'pass on to the forms' },
    'zone.editor.closed': { actions: 'pass on to the forms' },
    'record.field.changed': { actions: 'pass on to the forms' },
    'record.save.submitted': { actions: 'pass on to the forms' },
    'record.editor.closed': { actions: 'pass on to the forms' },
    'delete.confirmed': { actions: 'pass on to the forms' },
    'delete.cancelled': { actions: 'pass on to the forms' },
    'import.apply.pressed': { actions: 'pass on to the forms' },
    'import.cancelled': { actions: 'pass on to the forms' },
  },
  initial: 'loadingZones',
  states: {
    loadingZones: {
      description: 'The zones load.',
      on: {
        'zones.shown': [
          {
            guard: 'a zone is active',
            target: 'loadingRecords',
            actions: 'share the active zone',
          },
          {
            target: 'ready',
            actions: 'share the active zone',
          },
        ],
        'zones.failed': { target: 'failed', actions: 'note why' },
      },
    },
    loadingRecords: {
      description: 'The records load.',
      on: {
        'records.shown': 'ready',
        'records.failed': { target: 'failed', actions: 'note why' },
      },
    },
    failed: {
      description: 'A list did not load: Try again.',
      on: {
        'load.retry.pressed': {
          target: 'loadingZones',
          actions: 'start over',
        },
      },
    },
    ready: {
      description:
        'Both lists are shown: paging goes to the lists, and the forms open (for a user who ' +
        'manages services).',
      on: {
        'zones.next.pressed': { actions: 'pass on to the zone list' },
        'zones.previous.pressed': { actions: 'pass on to the zone list' },
        'zones.all.pressed': { actions: 'pass on to the zone list' },
        'zone.selected': { actions: 'pass on to the zone list' },
        'records.next.pressed': { actions: 'pass on to the records' },
        'records.previous.pressed': { actions: 'pass on to the records' },
        'records.all.pressed': { actions: 'pass on to the records' },
        // A form sent a change: the lists wait for it.
        'change.sent': 'changing',
        'zones.loading': 'loadingZones',
        'records.loading': 'loadingRecords',
        'zones.shown': {
          target: 'loadingRecords',
          actions: 'share the active zone',
        },
        // Only a user who manages services opens or sends a form (portal.md §6); a new zone's
        // Edit and Delete wait for its countdown (portal.md §4).
        'zone.edit.pressed': {
          guard: and(['the user manages services', 'the zone is not locked']),
          actions: 'pass on to the forms',
        },
        'zone.delete.pressed': {
          guard: and(['the user manages services', 'the zone is not locked']),
          actions: 'pass on to the forms',
        },
        'zone.create.submitted': {
          guard: 'the user manages services',
          actions: 'pass on to the forms',
        },
        'record.create.pressed': {
          guard: 'the user manages services',
          actions: 'pass on to the forms',
        },
        'record.edit.pressed': {
          guard: 'the user manages services',
          actions: 'pass on to the forms',
        },
        'record.delete.pressed': {
          guard: 'the user manages services',
          actions: 'pass on to the forms',
        },
        'alias.add.submitted': {
          guard: 'the user manages services',
          actions: 'pass on to the forms',
        },
        'alias.delete.pressed': {
          guard: 'the user manages services',
          actions: 'pass on to the forms',
        },
        'import.preview.submitted': {
          guard: 'the user manages services',
          actions: 'pass on to the forms',
        },
      },
    },
    changing: {
      description: 'A change is on its way.',
      on: {
        'change.made': [
          {
            guard: 'a zone was created',
            target: 'loadingZones',
            actions: ['lock the new zone', 'load the zones again'],
          },
          { target: 'loadingZones', actions: 'load the zones again' },
        ],
        'change.settled': 'ready',
      },
    },
  },
});

export type DnsPanelActor = ActorRefFrom<typeof dnsPanelMachine>;

/** The server calls the page's children make (docs/api.md "DNS"), as the app provides them. */
export interface DnsCalls {
  /** GET /dns?limit&offset. */
  loadZones(page: { limit: number; offset: number }): Promise<ZonesPage>;
  /** GET /dns/{zone_id}/records?limit&offset. */
  loadRecords(page: { zoneId: number; limit: number; offset: number }): Promise<RecordsPage>;
  /** The endpoint of one change. */
  change(request: DnsChange): Promise<ChangeAnswer>;
}

/** The page machine with the app's calls given to the children that make them. */
export function dnsPanelWithCalls(calls: DnsCalls) {
  return dnsPanelMachine.provide({
    actors: {
      zoneList: zoneListMachine.provide({
        actions: toThePage as never,
        actors: { loadZones: fromPromise(({ input }) => calls.loadZones(input)) },
      }),
      recordsPager: recordsPagerMachine.provide({
        actions: toThePage as never,
        actors: { loadRecords: fromPromise(({ input }) => calls.loadRecords(input)) },
      }),
      dnsForms: dnsFormsMachine.provide({
        actions: toThePage as never,
        actors: { change: fromPromise(({ input }) => calls.change(input)) },
      }),
    },
  });
}
