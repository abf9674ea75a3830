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
 * editor, an alias added, and a zone file previewed then imported. What the forms hold is kept
 * here as typed, and the request bodies are made from it (numbers as numbers, portal.md §5).
 *
 * A refused change stays with the form it came from (`failure`): a 422's field errors on its
 * fields, any other reason inside the form (a refused create's `detail`, portal.md §8); the record
 * editor, a zone's TTL and a delete's confirmation stay open with it.
 *
 * Only a user who manages services (portal.md §6; the permissions are the machine's input) can
 * open or send any of the forms: for a user who may only view, every change is ignored.
 */
import {
  and,
  assertEvent,
  assign,
  fromPromise,
  setup,
  spawnChild,
  type ActorRefFrom,
} from 'xstate';
import { DEFAULT_ZONE_TTL, DNS_PAGE_SIZE, TIMERS } from '#shared/constants';
import { failureMessage } from '#shared/api-error';
import {
  numberOrText,
  recordFormValues,
  recordRequestBody,
  zoneCreateBody,
  type DnsRecord,
  type DnsZone,
  type ImportPreview,
  type RecordType,
  type RecordsPage,
  type ZonesPage,
} from '#shared/dns';
import { hasPermission, type Perms } from '#shared/permissions';
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
/** How `change` fails: the message to show, the field errors of a 422 and its `detail`. */
export interface ChangeFailure {
  message: string;
  fieldErrors?: Record<string, string>;
}

/**
 * The form a change was sent from, where its refusal shows (next to the fields it names, or
 * inside the form): Create zone, a zone's TTL, the record editor, Add alias, the zone file import,
 * a delete's confirmation.
 */
export type DnsForm = 'zone' | 'zoneTtl' | 'record' | 'alias' | 'import' | 'delete';

/** A refused change, in its form: the message and the 422's field errors (portal.md §5, §8). */
export interface FormFailure {
  form: DnsForm;
  message: string;
  fieldErrors: Readonly<Record<string, string>>;
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
  /** What the editor's fields hold, as typed (name, the type's fields, TTL). */
  values: Readonly<Record<string, string>>;
}

/** A zone's TTL being changed. */
export interface ZoneEditor {
  zoneId: number;
  zoneName: string;
  ttl: string;
}

export interface Paging {
  limit: number;
  offset: number;
  total: number;
}

export interface DnsPanelInput {
  /** The user's permissions: changing DNS takes services manage (portal.md §6). */
  perms: Perms | undefined;
}

export interface DnsPanelContext {
  /** The user may change zones, records and aliases (services manage). */
  manages: boolean;
  zones: DnsZone[];
  zonePaging: Paging;
  activeZoneId: number | null;
  records: DnsRecord[];
  recordPaging: Paging;
  /** Zones created here whose countdown still runs: their edit and delete are disabled. */
  lockedZoneIds: number[];
  /** The Create zone form, as typed. */
  newZone: { zone_name: string; ttl: string };
  /** The Add alias form, as typed. */
  aliasName: string;
  /** The type Add record opens the editor for. */
  recordType: RecordType;
  editor: RecordEditor | null;
  zoneEditor: ZoneEditor | null;
  pendingDelete: PendingDelete | null;
  /** The change being sent. */
  change: DnsChange | null;
  preview: ImportPreview | null;
  /** The zone file being imported, as typed or pasted. */
  importFile: string;
  /** Why the lists could not be loaded. */
  loadError: string | null;
  /** Why the last change was refused, in the form it came from. */
  failure: FormFailure | null;
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
  | { type: 'zone.field.changed'; field: 'zone_name' | 'ttl'; value: string }
  | { type: 'zone.create.submitted' }
  | { type: 'zone.edit.pressed'; zoneId: number }
  | { type: 'zone.ttl.changed'; value: string }
  | { type: 'zone.ttl.submitted' }
  | { type: 'zone.editor.closed' }
  | { type: 'zone.delete.pressed'; zoneId: number }
  | { type: 'zone.unlocked'; zoneId: number }
  | { type: 'record.type.chosen'; recordType: RecordType }
  | { type: 'record.create.pressed'; recordType: RecordType }
  | { type: 'record.edit.pressed'; record: DnsRecord }
  | { type: 'record.field.changed'; field: string; value: string }
  | { type: 'record.save.submitted' }
  | { type: 'record.editor.closed' }
  | { type: 'record.delete.pressed'; record: DnsRecord }
  | { type: 'alias.name.changed'; value: string }
  | { type: 'alias.add.submitted' }
  | { type: 'alias.delete.pressed'; aliasId: number }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' }
  | { type: 'import.file.changed'; value: string }
  | { type: 'import.preview.submitted' }
  | { type: 'import.apply.pressed' }
  | { type: 'import.cancelled' }
  | { type: 'load.retry.pressed' }
  | { type: 'xstate.done.actor.loadZones'; output: ZonesPage }
  | { type: 'xstate.error.actor.loadZones'; error: unknown }
  | { type: 'xstate.done.actor.loadRecords'; output: RecordsPage }
  | { type: 'xstate.error.actor.loadRecords'; error: unknown }
  | { type: 'xstate.done.actor.change'; output: ChangeAnswer }
  | { type: 'xstate.error.actor.change'; error: unknown };

/** The form each kind of change is sent from. */
const FORM_OF: Record<DnsChange['kind'], DnsForm> = {
  'zone.create': 'zone',
  'zone.update': 'zoneTtl',
  'zone.delete': 'delete',
  'record.save': 'record',
  'record.delete': 'delete',
  'alias.add': 'alias',
  'alias.delete': 'delete',
  'import.preview': 'import',
  'import.apply': 'import',
};

const EMPTY_NEW_ZONE = { zone_name: '', ttl: String(DEFAULT_ZONE_TTL) };

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
    input: {} as DnsPanelInput,
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
      return { loadError: failureOf(event.error).message };
    }),
    'forget the messages': assign({ loadError: null, failure: null, notice: null }),
    'keep what was typed in Create zone': assign(({ context, event }) => {
      assertEvent(event, 'zone.field.changed');
      return { newZone: { ...context.newZone, [event.field]: event.value } };
    }),
    'ask for a new zone': assign(({ context }) => ({
      change: { kind: 'zone.create', ...zoneCreateBody(context.newZone) } as DnsChange,
    })),
    'open the zone’s TTL': assign(({ context, event }) => {
      assertEvent(event, 'zone.edit.pressed');
      const zone = context.zones.find((z) => z.zone_id === event.zoneId);
      return {
        zoneEditor: {
          zoneId: event.zoneId,
          zoneName: zone?.zone_name ?? String(event.zoneId),
          ttl: String(zone?.ttl ?? DEFAULT_ZONE_TTL),
        },
      };
    }),
    'keep the TTL typed': assign(({ context, event }) => {
      assertEvent(event, 'zone.ttl.changed');
      return { zoneEditor: { ...context.zoneEditor!, ttl: event.value } };
    }),
    'ask for the zone TTL': assign(({ context }) => {
      const editor = context.zoneEditor!;
      return {
        change: {
          kind: 'zone.update',
          zoneId: editor.zoneId,
          ttl: numberOrText(editor.ttl),
        } as DnsChange,
      };
    }),
    'close the zone’s TTL': assign({ zoneEditor: null }),
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
      const { label: _label, ...change } = context.pendingDelete!;
      return { change: change as DnsChange };
    }),
    'forget the delete': assign({ pendingDelete: null, failure: null }),
    'keep the record type chosen': assign(({ event }) => {
      assertEvent(event, 'record.type.chosen');
      return { recordType: event.recordType };
    }),
    'open the editor for a new record': assign(({ event }) => {
      assertEvent(event, 'record.create.pressed');
      return {
        editor: {
          recordType: event.recordType,
          record: null,
          values: recordFormValues(event.recordType, null),
        },
      };
    }),
    'open the editor on the record': assign(({ event }) => {
      assertEvent(event, 'record.edit.pressed');
      const { record } = event;
      return {
        editor: {
          recordType: record.record_type,
          record,
          values: recordFormValues(record.record_type, record),
        },
      };
    }),
    'keep what was typed in the editor': assign(({ context, event }) => {
      assertEvent(event, 'record.field.changed');
      const editor = context.editor!;
      return { editor: { ...editor, values: { ...editor.values, [event.field]: event.value } } };
    }),
    'ask to save the record': assign(({ context }) => {
      const editor = context.editor!;
      return {
        change: {
          kind: 'record.save',
          zoneId: context.activeZoneId ?? 0,
          recordType: editor.recordType,
          recordId: editor.record?.record_id ?? null,
          body: recordRequestBody(editor.recordType, editor.values),
        } as DnsChange,
      };
    }),
    'close the editor': assign({ editor: null, failure: null }),
    'keep the alias typed': assign(({ event }) => {
      assertEvent(event, 'alias.name.changed');
      return { aliasName: event.value };
    }),
    'ask to add the alias': assign(({ context }) => ({
      change: {
        kind: 'alias.add',
        zoneId: context.activeZoneId ?? 0,
        alias_name: context.aliasName,
      } as DnsChange,
    })),
    'keep the zone file typed': assign(({ event }) => {
      assertEvent(event, 'import.file.changed');
      return { importFile: event.value };
    }),
    'ask for the import preview': assign(({ context }) => ({
      change: {
        kind: 'import.preview',
        zoneId: context.activeZoneId ?? 0,
        zone_file: context.importFile,
      } as DnsChange,
    })),
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
      } as DnsChange,
    })),
    'forget the preview': assign({ preview: null }),
    /**
     * A change made: what it did shows, an earlier refusal no longer does, and the form it came
     * from is emptied (a new zone's, an alias's, an imported file's) or closed.
     */
    'note what the change did': assign(({ context }) => {
      const kind = context.change?.kind ?? null;
      return {
        notice: kind,
        failure: null,
        editor: null,
        zoneEditor: null,
        pendingDelete: null,
        change: null,
        ...(kind === 'zone.create' ? { newZone: EMPTY_NEW_ZONE } : {}),
        ...(kind === 'alias.add' ? { aliasName: '' } : {}),
        ...(kind === 'import.apply' ? { importFile: '' } : {}),
      };
    }),
    /** A refused change: its reason shows in the form it came from, on the fields it names. */
    'store the refusal': assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.change');
      const failure = failureOf(event.error);
      return {
        failure: {
          form: FORM_OF[context.change!.kind],
          message: failure.message,
          fieldErrors: failure.fieldErrors ?? {},
        },
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
    'the user manages services': ({ context }) => context.manages,
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
      (event.type === 'zone.delete.pressed' || event.type === 'zone.edit.pressed') &&
      !context.lockedZoneIds.includes(event.zoneId),
    'a zone was created': ({ event }) =>
      event.type === 'xstate.done.actor.change' && event.output.zone !== undefined,
    'a preview was asked': ({ context }) => context.change?.kind === 'import.preview',
    'the record was refused': ({ context }) => context.change?.kind === 'record.save',
    'the zone’s TTL was refused': ({ context }) => context.change?.kind === 'zone.update',
    'a delete was refused': ({ context }) => FORM_OF[context.change!.kind] === 'delete',
  },
}).createMachine({
  id: 'dnsPanel',
  description:
    'The DNS zones and records of the customer, paged, with every change sent one at a time ' +
    'by a user who manages services.',
  context: ({ input }) => ({
    manages: hasPermission(input?.perms, 'services.manage'),
    zones: [],
    zonePaging: { limit: DNS_PAGE_SIZE, offset: 0, total: 0 },
    activeZoneId: null,
    records: [],
    recordPaging: { limit: DNS_PAGE_SIZE, offset: 0, total: 0 },
    lockedZoneIds: [],
    newZone: EMPTY_NEW_ZONE,
    aliasName: '',
    recordType: 'A',
    editor: null,
    zoneEditor: null,
    pendingDelete: null,
    change: null,
    preview: null,
    importFile: '',
    loadError: null,
    failure: null,
    notice: null,
  }),
  on: {
    'zone.unlocked': { actions: 'unlock the zone' },
    // What is typed in the page's forms is kept whatever the panel is doing.
    'zone.field.changed': { actions: 'keep what was typed in Create zone' },
    'alias.name.changed': { actions: 'keep the alias typed' },
    'import.file.changed': { actions: 'keep the zone file typed' },
    'record.type.chosen': { actions: 'keep the record type chosen' },
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
      description:
        'Zones and records are shown; paging, and for a user who manages services editing and ' +
        'importing, are possible.',
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
          guard: 'the user manages services',
          target: 'changing',
          actions: ['forget the messages', 'ask for a new zone'],
        },
        'zone.edit.pressed': {
          guard: and(['the user manages services', 'the zone is not locked']),
          target: 'editingZone',
          actions: ['forget the messages', 'open the zone’s TTL'],
        },
        'zone.delete.pressed': {
          guard: and(['the user manages services', 'the zone is not locked']),
          target: 'confirming',
          actions: ['forget the messages', 'ask to confirm the zone delete'],
        },
        'record.create.pressed': {
          guard: and(['the user manages services', 'a zone is active']),
          target: 'editing',
          actions: ['forget the messages', 'open the editor for a new record'],
        },
        'record.edit.pressed': {
          guard: 'the user manages services',
          target: 'editing',
          actions: ['forget the messages', 'open the editor on the record'],
        },
        'record.delete.pressed': {
          guard: 'the user manages services',
          target: 'confirming',
          actions: ['forget the messages', 'ask to confirm the record delete'],
        },
        'alias.add.submitted': {
          guard: and(['the user manages services', 'a zone is active']),
          target: 'changing',
          actions: ['forget the messages', 'ask to add the alias'],
        },
        'alias.delete.pressed': {
          guard: 'the user manages services',
          target: 'confirming',
          actions: ['forget the messages', 'ask to confirm the alias delete'],
        },
        'import.preview.submitted': {
          guard: and(['the user manages services', 'a zone is active']),
          target: 'changing',
          actions: ['forget the messages', 'ask for the import preview'],
        },
      },
    },
    editing: {
      description:
        'The record editor is open for a new record or one being changed; under a target it ' +
        'says the name that will be served.',
      on: {
        'record.field.changed': { actions: 'keep what was typed in the editor' },
        'record.save.submitted': {
          target: 'changing',
          actions: ['forget the messages', 'ask to save the record'],
        },
        'record.editor.closed': { target: 'ready', actions: 'close the editor' },
      },
    },
    editingZone: {
      description: 'A zone’s TTL is being changed.',
      on: {
        'zone.ttl.changed': { actions: 'keep the TTL typed' },
        'zone.ttl.submitted': {
          target: 'changing',
          actions: ['forget the messages', 'ask for the zone TTL'],
        },
        'zone.editor.closed': {
          target: 'ready',
          actions: ['close the zone’s TTL', 'forget the messages'],
        },
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
      description: 'One change is on its way to the server; its form shows that it is sent.',
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
          { guard: 'the record was refused', target: 'editing', actions: 'store the refusal' },
          {
            guard: 'the zone’s TTL was refused',
            target: 'editingZone',
            actions: 'store the refusal',
          },
          { guard: 'a delete was refused', target: 'confirming', actions: 'store the refusal' },
          { target: 'ready', actions: 'store the refusal' },
        ],
      },
    },
    reviewingImport: {
      description: 'What the zone file would add, change and remove; Import applies it.',
      on: {
        'import.apply.pressed': {
          target: 'changing',
          actions: ['forget the messages', 'ask to apply the import'],
        },
        'import.cancelled': { target: 'ready', actions: 'forget the preview' },
      },
    },
  },
});

export type DnsPanelActor = ActorRefFrom<typeof dnsPanelMachine>;
