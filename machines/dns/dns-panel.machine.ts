/**
 * The DNS panel (portal.md §2 DNS panel, §4 "DNS paging", §5, §8; docs/dns.md): the customer's
 * zones and the active zone's records, each paged by 10 from an offset (next and previous move
 * by the limit, never below 0; show-all sets the limit to the total); changing the zone page sets
 * the records back to their first page and the active zone to the page's first zone.
 *
 * Every change goes through one server call (`change`, provided by the app) and then the lists
 * are loaded again: a zone created (whose countdown starts: a `zone-countdown` actor per zone,
 * `countdown-<zone_id>`, keeps its edit and delete buttons disabled for 60 s), its TTL changed, a
 * zone, record or alias deleted after a confirmation, a record created or edited in the record
 * editor (a 422's field errors show on the editor's fields, a refused create's `detail` as an
 * error), an alias added, and a zone file previewed then imported.
 */
import { assertEvent, assign, fromPromise, setup, spawnChild, type ActorRefFrom } from 'xstate';
import { DNS_PAGE_SIZE, TIMERS } from '#shared/constants';
import { failureMessage } from '#shared/api-error';
import type {
  DnsRecord,
  DnsZone,
  ImportPreview,
  RecordType,
  RecordsPage,
  ZonesPage,
} from '#shared/dns';
import { zoneCountdownMachine } from './zone-countdown.machine.ts';

/** One change the panel asks of the server. */
export type DnsChange =
  | { kind: 'zone.create'; zone_name: string; ttl: number }
  | { kind: 'zone.update'; zoneId: number; ttl: number }
  | { kind: 'zone.delete'; zoneId: number }
  | {
      kind: 'record.save';
      zoneId: number;
      recordType: RecordType;
      recordId: number | null;
      body: Record<string, unknown>;
    }
  | { kind: 'record.delete'; zoneId: number; recordType: RecordType; recordId: number }
  | { kind: 'alias.add'; zoneId: number; alias_name: string }
  | { kind: 'alias.delete'; zoneId: number; aliasId: number }
  | { kind: 'import.preview'; zoneId: number; zone_file: string }
  | { kind: 'import.apply'; zoneId: number; zone_file: string };

/** What `change` answers: the zone it created, an import's preview, or nothing of note. */
export interface ChangeAnswer {
  zone?: DnsZone;
  preview?: ImportPreview;
}

/** How `change` fails: the message to show, the field errors of a 422 and its `detail`. */
export interface ChangeFailure {
  message: string;
  fieldErrors?: Record<string, string>;
}

/** What a delete is waiting to be confirmed for. */
export type PendingDelete =
  | { kind: 'zone.delete'; zoneId: number; label: string }
  | {
      kind: 'record.delete';
      zoneId: number;
      recordType: RecordType;
      recordId: number;
      label: string;
    }
  | { kind: 'alias.delete'; zoneId: number; aliasId: number; label: string };

export interface RecordEditor {
  recordType: RecordType;
  /** Null: a new record. */
  record: DnsRecord | null;
  fieldErrors: Record<string, string>;
}

export interface Paging {
  limit: number;
  offset: number;
  total: number;
}

export interface DnsPanelContext {
  zones: DnsZone[];
  zonePaging: Paging;
  activeZoneId: number | null;
  records: DnsRecord[];
  recordPaging: Paging;
  /** Zones created here whose countdown still runs: their edit and delete are disabled. */
  lockedZoneIds: number[];
  editor: RecordEditor | null;
  pendingDelete: PendingDelete | null;
  /** The change being sent. */
  change: DnsChange | null;
  preview: ImportPreview | null;
  importFile: string;
  /** Why the lists could not be loaded, or why the last change was refused. */
  error: string | null;
  /** A refused new zone's field errors (portal.md §5: a 422 with an object msg), by field. */
  zoneErrors: Readonly<Record<string, string>>;
  /** What the last change did. */
  notice: string | null;
}

export type DnsPanelEvent =
  | { type: 'zones.next.pressed' }
  | { type: 'zones.previous.pressed' }
  | { type: 'zones.all.pressed' }
  | { type: 'records.next.pressed' }
  | { type: 'records.previous.pressed' }
  | { type: 'records.all.pressed' }
  | { type: 'zone.selected'; zoneId: number }
  | { type: 'zone.create.submitted'; zone_name: string; ttl: number }
  | { type: 'zone.ttl.submitted'; zoneId: number; ttl: number }
  | { type: 'zone.delete.pressed'; zoneId: number }
  | { type: 'zone.unlocked'; zoneId: number }
  | { type: 'record.create.pressed'; recordType: RecordType }
  | { type: 'record.edit.pressed'; record: DnsRecord }
  | { type: 'record.save.submitted'; body: Record<string, unknown> }
  | { type: 'record.editor.closed' }
  | { type: 'record.delete.pressed'; record: DnsRecord }
  | { type: 'alias.add.submitted'; alias_name: string }
  | { type: 'alias.delete.pressed'; aliasId: number }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' }
  | { type: 'import.preview.submitted'; zone_file: string }
  | { type: 'import.apply.pressed' }
  | { type: 'import.cancelled' }
  | { type: 'load.retry.pressed' }
  | { type: 'xstate.done.actor.loadZones'; output: ZonesPage }
  | { type: 'xstate.error.actor.loadZones'; error: unknown }
  | { type: 'xstate.done.actor.loadRecords'; output: RecordsPage }
  | { type: 'xstate.error.actor.loadRecords'; error: unknown }
  | { type: 'xstate.done.actor.change'; output: ChangeAnswer }
  | { type: 'xstate.error.actor.change'; error: unknown };

function failureOf(error: unknown): ChangeFailure {
  return {
    message: failureMessage(error) ?? String(error),
    fieldErrors: (error as Partial<ChangeFailure> | null)?.fieldErrors,
  };
}

const firstPage = (paging: Paging): Paging => ({ ...paging, limit: DNS_PAGE_SIZE, offset: 0 });

export const dnsPanelMachine = setup({
  types: {
    context: {} as DnsPanelContext,
    events: {} as DnsPanelEvent,
  },
  actors: {
    /** GET /dns?limit&offset; provided by the app. */
    loadZones: fromPromise<ZonesPage, { limit: number; offset: number }>(async () => {
      throw new Error('loadZones is provided by the app');
    }),
    /** GET /dns/{zone_id}/records?limit&offset; provided by the app. */
    loadRecords: fromPromise<RecordsPage, { zoneId: number; limit: number; offset: number }>(
      async () => {
        throw new Error('loadRecords is provided by the app');
      },
    ),
    /** The endpoint of one change (docs/api.md "DNS"); provided by the app. */
    change: fromPromise<ChangeAnswer, DnsChange>(async () => {
      throw new Error('change is provided by the app');
    }),
    zoneCountdown: zoneCountdownMachine,
  },
  actions: {
    'go to the next zone page': assign(({ context }) => ({
      zonePaging: {
        ...context.zonePaging,
        offset: context.zonePaging.offset + context.zonePaging.limit,
      },
    })),
    'go to the previous zone page': assign(({ context }) => ({
      zonePaging: {
        ...context.zonePaging,
        offset: Math.max(0, context.zonePaging.offset - context.zonePaging.limit),
      },
    })),
    'show every zone': assign(({ context }) => ({
      zonePaging: {
        ...context.zonePaging,
        limit: Math.max(1, context.zonePaging.total),
        offset: 0,
      },
    })),
    'make the first zone active, records from their first page': assign(({ context }) => ({
      activeZoneId: null,
      recordPaging: firstPage(context.recordPaging),
    })),
    'go to the next record page': assign(({ context }) => ({
      recordPaging: {
        ...context.recordPaging,
        offset: context.recordPaging.offset + context.recordPaging.limit,
      },
    })),
    'go to the previous record page': assign(({ context }) => ({
      recordPaging: {
        ...context.recordPaging,
        offset: Math.max(0, context.recordPaging.offset - context.recordPaging.limit),
      },
    })),
    'show every record': assign(({ context }) => ({
      recordPaging: {
        ...context.recordPaging,
        limit: Math.max(1, context.recordPaging.total),
        offset: 0,
      },
    })),
    'make the chosen zone active': assign(({ context, event }) => {
      assertEvent(event, 'zone.selected');
      return { activeZoneId: event.zoneId, recordPaging: firstPage(context.recordPaging) };
    }),
    'store the zones': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadZones');
      const { zones, total_zones } = event.output;
      const stillShown = zones.some((zone) => zone.zone_id === context.activeZoneId);
      return {
        zones,
        zonePaging: { ...context.zonePaging, total: total_zones },
        activeZoneId: stillShown ? context.activeZoneId : (zones[0]?.zone_id ?? null),
        recordPaging: stillShown ? context.recordPaging : firstPage(context.recordPaging),
        records: stillShown ? context.records : [],
      };
    }),
    'store the records': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadRecords');
      return {
        records: event.output.records,
        recordPaging: { ...context.recordPaging, total: event.output.total_records },
      };
    }),
    'store the load failure': assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.loadZones', 'xstate.error.actor.loadRecords']);
      return { error: failureOf(event.error).message };
    }),
    'forget the messages': assign({ error: null, notice: null, zoneErrors: {} }),
    'ask for a new zone': assign(({ event }) => {
      assertEvent(event, 'zone.create.submitted');
      return { change: { kind: 'zone.create', zone_name: event.zone_name, ttl: event.ttl } };
    }),
    'ask for the zone TTL': assign(({ event }) => {
      assertEvent(event, 'zone.ttl.submitted');
      return { change: { kind: 'zone.update', zoneId: event.zoneId, ttl: event.ttl } };
    }),
    'ask to confirm the zone delete': assign(({ context, event }) => {
      assertEvent(event, 'zone.delete.pressed');
      const zone = context.zones.find((z) => z.zone_id === event.zoneId);
      return {
        pendingDelete: {
          kind: 'zone.delete',
          zoneId: event.zoneId,
          label: zone?.zone_name ?? String(event.zoneId),
        },
      };
    }),
    'ask to confirm the record delete': assign(({ context, event }) => {
      assertEvent(event, 'record.delete.pressed');
      const { record } = event;
      return {
        pendingDelete: {
          kind: 'record.delete',
          zoneId: context.activeZoneId ?? 0,
          recordType: record.record_type,
          recordId: record.record_id,
          label: `${record.name} ${record.record_type} ${record.content}`,
        },
      };
    }),
    'ask to confirm the alias delete': assign(({ context, event }) => {
      assertEvent(event, 'alias.delete.pressed');
      const zone = context.zones.find((z) => z.zone_id === context.activeZoneId);
      const alias = zone?.aliases.find((a) => a.alias_id === event.aliasId);
      return {
        pendingDelete: {
          kind: 'alias.delete',
          zoneId: context.activeZoneId ?? 0,
          aliasId: event.aliasId,
          label: alias?.alias_name ?? String(event.aliasId),
        },
      };
    }),
    'send the confirmed delete': assign(({ context }) => {
      const pending = context.pendingDelete!;
      const { label: _label, ...change } = pending;
      return { change: change as DnsChange, pendingDelete: null };
    }),
    'forget the delete': assign({ pendingDelete: null }),
    'open the editor for a new record': assign(({ event }) => {
      assertEvent(event, 'record.create.pressed');
      return { editor: { recordType: event.recordType, record: null, fieldErrors: {} } };
    }),
    'open the editor on the record': assign(({ event }) => {
      assertEvent(event, 'record.edit.pressed');
      return {
        editor: { recordType: event.record.record_type, record: event.record, fieldErrors: {} },
      };
    }),
    'ask to save the record': assign(({ context, event }) => {
      assertEvent(event, 'record.save.submitted');
      const editor = context.editor!;
      return {
        change: {
          kind: 'record.save',
          zoneId: context.activeZoneId ?? 0,
          recordType: editor.recordType,
          recordId: editor.record?.record_id ?? null,
          body: event.body,
        },
      };
    }),
    'close the editor': assign({ editor: null }),
    'show the field errors': assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.change');
      const failure = failureOf(event.error);
      return {
        editor: { ...context.editor!, fieldErrors: failure.fieldErrors ?? {} },
        error: failure.message,
        change: null,
      };
    }),
    'ask to add the alias': assign(({ context, event }) => {
      assertEvent(event, 'alias.add.submitted');
      return {
        change: {
          kind: 'alias.add',
          zoneId: context.activeZoneId ?? 0,
          alias_name: event.alias_name,
        },
      };
    }),
    'ask for the import preview': assign(({ context, event }) => {
      assertEvent(event, 'import.preview.submitted');
      return {
        importFile: event.zone_file,
        change: {
          kind: 'import.preview',
          zoneId: context.activeZoneId ?? 0,
          zone_file: event.zone_file,
        },
      };
    }),
    'store the preview': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.change');
      return { preview: event.output.preview ?? null, change: null };
    }),
    'ask to apply the import': assign(({ context }) => ({
      preview: null,
      change: {
        kind: 'import.apply',
        zoneId: context.activeZoneId ?? 0,
        zone_file: context.importFile,
      },
    })),
    'forget the preview': assign({ preview: null }),
    /** A change made: what it did shows, and an earlier refusal no longer does. */
    'note what the change did': assign(({ context }) => ({
      notice: context.change?.kind ?? null,
      error: null,
      zoneErrors: {},
      editor: null,
      change: null,
    })),
    'store the refusal': assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.change');
      const failure = failureOf(event.error);
      return {
        error: failure.message,
        zoneErrors: context.change?.kind === 'zone.create' ? (failure.fieldErrors ?? {}) : {},
        change: null,
      };
    }),
    'start the new zone’s countdown': spawnChild('zoneCountdown', {
      id: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.change');
        return `countdown-${event.output.zone?.zone_id ?? 0}`;
      },
      input: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.change');
        return {
          zoneId: event.output.zone?.zone_id ?? 0,
          seconds: TIMERS.newZoneDisabledSeconds,
        };
      },
    }),
    'lock the new zone': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.change');
      return { lockedZoneIds: [...context.lockedZoneIds, event.output.zone?.zone_id ?? 0] };
    }),
    'unlock the zone': assign(({ context, event }) => {
      assertEvent(event, 'zone.unlocked');
      return { lockedZoneIds: context.lockedZoneIds.filter((id) => id !== event.zoneId) };
    }),
  },
  guards: {
    'there is a next zone page': ({ context }) =>
      context.zonePaging.offset + context.zonePaging.limit < context.zonePaging.total,
    'there is a previous zone page': ({ context }) => context.zonePaging.offset > 0,
    'there is a next record page': ({ context }) =>
      context.recordPaging.offset + context.recordPaging.limit < context.recordPaging.total,
    'there is a previous record page': ({ context }) => context.recordPaging.offset > 0,
    'a zone is active': ({ context }) => context.activeZoneId !== null,
    'the zone is listed': ({ context, event }) =>
      event.type === 'zone.selected' && context.zones.some((zone) => zone.zone_id === event.zoneId),
    'the zone is not locked': ({ context, event }) =>
      (event.type === 'zone.delete.pressed' || event.type === 'zone.ttl.submitted') &&
      !context.lockedZoneIds.includes(event.zoneId),
    'a zone was created': ({ event }) =>
      event.type === 'xstate.done.actor.change' && event.output.zone !== undefined,
    'the editor’s record was refused': ({ context, event }) =>
      event.type === 'xstate.error.actor.change' &&
      context.change?.kind === 'record.save' &&
      context.editor !== null,
    'a preview was asked': ({ context }) => context.change?.kind === 'import.preview',
  },
}).createMachine({
  id: 'dnsPanel',
  description:
    'The DNS zones and records of the customer, paged, with every change sent one at a time.',
  context: {
    zones: [],
    zonePaging: { limit: DNS_PAGE_SIZE, offset: 0, total: 0 },
    activeZoneId: null,
    records: [],
    recordPaging: { limit: DNS_PAGE_SIZE, offset: 0, total: 0 },
    lockedZoneIds: [],
    editor: null,
    pendingDelete: null,
    change: null,
    preview: null,
    importFile: '',
    error: null,
    zoneErrors: {},
    notice: null,
  },
  on: {
    'zone.unlocked': { actions: 'unlock the zone' },
  },
  initial: 'loadingZones',
  states: {
    loadingZones: {
      description: 'The page of zones is loading.',
      invoke: {
        id: 'loadZones',
        src: 'loadZones',
        input: ({ context }) => ({
          limit: context.zonePaging.limit,
          offset: context.zonePaging.offset,
        }),
        onDone: { target: 'deciding', actions: 'store the zones' },
        onError: { target: 'failed', actions: 'store the load failure' },
      },
    },
    deciding: {
      description: 'With a zone active its records load; without one there is nothing to list.',
      always: [{ guard: 'a zone is active', target: 'loadingRecords' }, { target: 'ready' }],
    },
    loadingRecords: {
      description: 'The active zone’s page of records is loading.',
      invoke: {
        id: 'loadRecords',
        src: 'loadRecords',
        input: ({ context }) => ({
          zoneId: context.activeZoneId ?? 0,
          limit: context.recordPaging.limit,
          offset: context.recordPaging.offset,
        }),
        onDone: { target: 'ready', actions: 'store the records' },
        onError: { target: 'failed', actions: 'store the load failure' },
      },
    },
    failed: {
      description: 'The lists could not be loaded: the reason shows, with Try again.',
      on: { 'load.retry.pressed': { target: 'loadingZones', actions: 'forget the messages' } },
    },
    ready: {
      description: 'Zones and records are shown; paging, editing and importing are possible.',
      on: {
        'zones.next.pressed': {
          guard: 'there is a next zone page',
          target: 'loadingZones',
          actions: [
            'go to the next zone page',
            'make the first zone active, records from their first page',
          ],
        },
        'zones.previous.pressed': {
          guard: 'there is a previous zone page',
          target: 'loadingZones',
          actions: [
            'go to the previous zone page',
            'make the first zone active, records from their first page',
          ],
        },
        'zones.all.pressed': {
          target: 'loadingZones',
          actions: ['show every zone', 'make the first zone active, records from their first page'],
        },
        'zone.selected': {
          guard: 'the zone is listed',
          target: 'loadingRecords',
          actions: 'make the chosen zone active',
        },
        'records.next.pressed': {
          guard: 'there is a next record page',
          target: 'loadingRecords',
          actions: 'go to the next record page',
        },
        'records.previous.pressed': {
          guard: 'there is a previous record page',
          target: 'loadingRecords',
          actions: 'go to the previous record page',
        },
        'records.all.pressed': { target: 'loadingRecords', actions: 'show every record' },
        'zone.create.submitted': {
          target: 'changing',
          actions: ['forget the messages', 'ask for a new zone'],
        },
        'zone.ttl.submitted': {
          guard: 'the zone is not locked',
          target: 'changing',
          actions: ['forget the messages', 'ask for the zone TTL'],
        },
        'zone.delete.pressed': {
          guard: 'the zone is not locked',
          target: 'confirming',
          actions: 'ask to confirm the zone delete',
        },
        'record.create.pressed': {
          guard: 'a zone is active',
          target: 'editing',
          actions: ['forget the messages', 'open the editor for a new record'],
        },
        'record.edit.pressed': {
          target: 'editing',
          actions: ['forget the messages', 'open the editor on the record'],
        },
        'record.delete.pressed': {
          target: 'confirming',
          actions: 'ask to confirm the record delete',
        },
        'alias.add.submitted': {
          guard: 'a zone is active',
          target: 'changing',
          actions: ['forget the messages', 'ask to add the alias'],
        },
        'alias.delete.pressed': {
          target: 'confirming',
          actions: 'ask to confirm the alias delete',
        },
        'import.preview.submitted': {
          guard: 'a zone is active',
          target: 'changing',
          actions: ['forget the messages', 'ask for the import preview'],
        },
      },
    },
    editing: {
      description: 'The record editor is open for a new record or one being changed.',
      on: {
        'record.save.submitted': { target: 'changing', actions: 'ask to save the record' },
        'record.editor.closed': { target: 'ready', actions: 'close the editor' },
      },
    },
    confirming: {
      description: 'A delete waits for the customer to confirm it.',
      on: {
        'delete.confirmed': {
          target: 'changing',
          actions: ['forget the messages', 'send the confirmed delete'],
        },
        'delete.cancelled': { target: 'ready', actions: 'forget the delete' },
      },
    },
    changing: {
      description: 'One change is on its way to the server.',
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }) => context.change!,
        onDone: [
          {
            guard: 'a preview was asked',
            target: 'reviewingImport',
            actions: 'store the preview',
          },
          {
            guard: 'a zone was created',
            target: 'loadingZones',
            actions: [
              'lock the new zone',
              'start the new zone’s countdown',
              'note what the change did',
            ],
          },
          { target: 'loadingZones', actions: 'note what the change did' },
        ],
        onError: [
          {
            guard: 'the editor’s record was refused',
            target: 'editing',
            actions: 'show the field errors',
          },
          { target: 'ready', actions: 'store the refusal' },
        ],
      },
    },
    reviewingImport: {
      description: 'What the zone file would add, change and remove; Import applies it.',
      on: {
        'import.apply.pressed': { target: 'changing', actions: 'ask to apply the import' },
        'import.cancelled': { target: 'ready', actions: 'forget the preview' },
      },
    },
  },
});

export type DnsPanelActor = ActorRefFrom<typeof dnsPanelMachine>;
