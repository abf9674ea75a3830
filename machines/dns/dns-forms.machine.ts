/**
 * The DNS panel's forms (portal.md §2 DNS panel, §5, §8; docs/dns.md "The page"): Create zone, a
 * zone's TTL, the record editor, Add alias, the zone file import, and a delete's confirmation.
 * What the forms hold is kept here as typed, and each request body is made from it (numbers as
 * numbers, portal.md §5). Every change goes through one server call (`change`, provided by the
 * app), one at a time.
 *
 * A refused change stays with the form it came from (`failure`): a 422's field errors on its
 * fields, any other reason inside the form (a refused create's `detail`, portal.md §8); the record
 * editor, a zone's TTL and a delete's confirmation stay open with it.
 *
 * Only a user who manages services (portal.md §6; the machine's input) can open or send any form.
 *
 * The page machine (dns-panel.machine.ts) owns this one (`forms`): it passes on what the person
 * does in the forms and the zones the zone list shows (`zones.shown`), and hears `change.sent`,
 * `change.made` (then it loads the lists again, and a new zone's countdown starts) and
 * `change.settled` (a refusal or a preview: the forms are open again).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { DEFAULT_ZONE_TTL } from '#shared/dns/constants';
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
} from '#shared/dns/rules';
import { tellThePage } from './tell-the-page.ts';

/** One change the forms ask of the server. */
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

/** How `change` fails: the message to show and the field errors of a 422. */
export interface ChangeFailure {
  message: string;
  fieldErrors?: Record<string, string>;
}

/**
 * The form a change was sent from, where its refusal shows (next to the fields it names, or
 * inside the form).
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

export interface DnsFormsInput {
  /** The user may change zones, records and aliases (services manage, portal.md §6). */
  manages: boolean;
}

/** What the forms tell the page. */
export type DnsFormsNote =
  | { type: 'change.sent' }
  | { type: 'change.made'; kind: DnsChange['kind']; zone: DnsZone | null }
  | { type: 'change.settled' };

export interface DnsFormsContext {
  manages: boolean;
  /** The zones listed, and the active one (from the zone list). */
  zones: DnsZone[];
  zone: DnsZone | null;
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
  /** Why the last change was refused, in the form it came from. */
  failure: FormFailure | null;
  /** What the last change did. */
  notice: DnsChange['kind'] | null;
}

export type DnsFormsEvent =
  | { type: 'zone.field.changed'; field: 'zone_name' | 'ttl'; value: string }
  | { type: 'zone.create.submitted' }
  | { type: 'zone.edit.pressed'; zoneId: number }
  | { type: 'zone.ttl.changed'; value: string }
  | { type: 'zone.ttl.submitted' }
  | { type: 'zone.editor.closed' }
  | { type: 'zone.delete.pressed'; zoneId: number }
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
  /** From the page: the zones listed and the active one. */
  | { type: 'zones.shown'; zones: DnsZone[]; zone: DnsZone | null }
  /** From the page: Try again was pressed; the last change's words go. */
  | { type: 'messages.forgotten' }
  | { type: 'xstate.done.actor.change'; output: ChangeAnswer }
  | { type: 'xstate.error.actor.change'; error: unknown };

/** The form each kind of change is sent from. */
export const FORM_OF: Record<DnsChange['kind'], DnsForm> = {
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

export const dnsFormsMachine = setup({
  types: {
    context: {} as DnsFormsContext,
    events: {} as DnsFormsEvent,
    input: {} as DnsFormsInput,
  },
  actors: {
    /** The endpoint of one change (docs/api.md "DNS"); provided by the app. */
    change: fromPromise<ChangeAnswer, DnsChange>(async () => {
      throw new Error('change is provided by the app');
    }),
  },
  actions: {
    'tell the page': tellThePage<DnsFormsNote>(),
    /** The zones listed and the active one; a preview was of the zone before. */
    'keep the zones shown': assign(({ event }) => {
      assertEvent(event, 'zones.shown');
      return { zones: event.zones, zone: event.zone, preview: null };
    }),
    'forget the messages': assign({ failure: null, notice: null }),
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
    'close the zone’s TTL': assign({ zoneEditor: null, failure: null }),
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
          zoneId: context.zone?.zone_id ?? 0,
          recordType: record.record_type,
          recordId: record.record_id,
          label: `${record.name} ${record.record_type} ${record.content}`,
        },
      };
    }),
    'ask to confirm the alias delete': assign(({ context, event }) => {
      assertEvent(event, 'alias.delete.pressed');
      const alias = context.zone?.aliases.find((a) => a.alias_id === event.aliasId);
      return {
        pendingDelete: {
          kind: 'alias.delete',
          zoneId: context.zone?.zone_id ?? 0,
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
          zoneId: context.zone?.zone_id ?? 0,
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
        zoneId: context.zone?.zone_id ?? 0,
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
        zoneId: context.zone?.zone_id ?? 0,
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
        zoneId: context.zone?.zone_id ?? 0,
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
  },
  guards: {
    'a zone is active': ({ context }) => context.zone !== null,
    'a preview shows': ({ context }) => context.preview !== null,
    'a preview was asked': ({ context }) => context.change?.kind === 'import.preview',
    'the record was refused': ({ context }) => context.change?.kind === 'record.save',
    'the zone’s TTL was refused': ({ context }) => context.change?.kind === 'zone.update',
    'a delete was refused': ({ context }) => FORM_OF[context.change!.kind] === 'delete',
  },
}).createMachine({
  id: 'dnsForms',
  description:
    'The DNS panel’s forms: each change is sent one at a time by a user who manages services, ' +
    'and a refusal stays in the form that sent it.',
  context: ({ input }) => ({
    manages: input.manages,
    zones: [],
    zone: null,
    newZone: EMPTY_NEW_ZONE,
    aliasName: '',
    recordType: 'A',
    editor: null,
    zoneEditor: null,
    pendingDelete: null,
    change: null,
    preview: null,
    importFile: '',
    failure: null,
    notice: null,
  }),
  on: {
    'zones.shown': { actions: 'keep the zones shown' },
    'messages.forgotten': { actions: 'forget the messages' },
    // What is typed in the page's forms is kept whatever the forms are doing.
    'zone.field.changed': { actions: 'keep what was typed in Create zone' },
    'alias.name.changed': { actions: 'keep the alias typed' },
    'import.file.changed': { actions: 'keep the zone file typed' },
    'record.type.chosen': { actions: 'keep the record type chosen' },
  },
  initial: 'closed',
  states: {
    closed: {
      description:
        'No dialog is open: the page’s forms can be sent, and a zone file’s preview imported.',
      // A form opened or sent: the last change's words (and a preview) go.
      exit: ['forget the messages', 'forget the preview'],
      on: {
        'zone.create.submitted': {
          target: 'sending',
          actions: 'ask for a new zone',
        },
        'zone.edit.pressed': {
          target: 'editingZone',
          actions: 'open the zone’s TTL',
        },
        'zone.delete.pressed': {
          target: 'confirming',
          actions: 'ask to confirm the zone delete',
        },
        'record.create.pressed': {
          guard: 'a zone is active',
          target: 'editingRecord',
          actions: 'open the editor for a new record',
        },
        'record.edit.pressed': {
          target: 'editingRecord',
          actions: 'open the editor on the record',
        },
        'record.delete.pressed': {
          target: 'confirming',
          actions: 'ask to confirm the record delete',
        },
        'alias.add.submitted': {
          guard: 'a zone is active',
          target: 'sending',
          actions: 'ask to add the alias',
        },
        'alias.delete.pressed': {
          target: 'confirming',
          actions: 'ask to confirm the alias delete',
        },
        'import.preview.submitted': {
          guard: 'a zone is active',
          target: 'sending',
          actions: 'ask for the import preview',
        },
        // A zone file's preview shows: Import applies it.
        'import.apply.pressed': {
          guard: 'a preview shows',
          target: 'sending',
          actions: 'ask to apply the import',
        },
        'import.cancelled': { guard: 'a preview shows', actions: 'forget the preview' },
      },
    },
    editingRecord: {
      description:
        'The record editor is open for a new record or one being changed; under a target it ' +
        'says the name that will be served.',
      on: {
        'record.field.changed': { actions: 'keep what was typed in the editor' },
        'record.save.submitted': {
          target: 'sending',
          actions: 'ask to save the record',
        },
        'record.editor.closed': { target: 'closed', actions: 'close the editor' },
      },
    },
    editingZone: {
      description: 'A zone’s TTL is being changed.',
      on: {
        'zone.ttl.changed': { actions: 'keep the TTL typed' },
        'zone.ttl.submitted': {
          target: 'sending',
          actions: 'ask for the zone TTL',
        },
        'zone.editor.closed': {
          target: 'closed',
          actions: 'close the zone’s TTL',
        },
      },
    },
    confirming: {
      description: 'A delete waits for the customer to confirm it.',
      on: {
        'delete.confirmed': {
          target: 'sending',
          actions: 'send the confirmed delete',
        },
        'delete.cancelled': { target: 'closed', actions: 'forget the delete' },
      },
    },
    sending: {
      description: 'One change is on its way to the server; its form shows that it is sent.',
      // A new change replaces the last one's words.
      entry: ['forget the messages', { type: 'tell the page', params: { type: 'change.sent' } }],
      // The page hears how it ended: a change made (the lists load again) or not (a refusal, or a
      // preview to review: the forms are open again).
      exit: {
        type: 'tell the page',
        params: ({ context, event }) =>
          event.type === 'xstate.done.actor.change' && context.change?.kind !== 'import.preview'
            ? {
                type: 'change.made',
                kind: context.change!.kind,
                zone: event.output.zone ?? null,
              }
            : { type: 'change.settled' },
      },
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }) => context.change!,
        onDone: [
          {
            guard: 'a preview was asked',
            target: 'closed',
            actions: 'store the preview',
          },
          {
            target: 'closed',
            actions: 'note what the change did',
          },
        ],
        onError: [
          {
            guard: 'the record was refused',
            target: 'editingRecord',
            actions: 'store the refusal',
          },
          {
            guard: 'the zone’s TTL was refused',
            target: 'editingZone',
            actions: 'store the refusal',
          },
          {
            guard: 'a delete was refused',
            target: 'confirming',
            actions: 'store the refusal',
          },
          {
            target: 'closed',
            actions: 'store the refusal',
          },
        ],
      },
    },
  },
});

export type DnsFormsActor = ActorRefFrom<typeof dnsFormsMachine>;
