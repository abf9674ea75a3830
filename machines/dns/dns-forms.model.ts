/**
 * The DNS forms' registration (portal.md §5, §6, §8; docs/dns.md "The page"): Create zone, a
 * zone's TTL, the record editor saying the name a target is served as, Add alias, the zone file
 * import, and a delete's confirmation; each change sent one at a time, each refusal kept in the
 * form that sent it, what was typed kept as typed (numbers sent as numbers). The user manages
 * services; a user who may only view is tests/machines/dns-panel-forms.test.ts's. What the forms
 * tell the page is declared step by step (`tell the page`).
 */
import { DEFAULT_ZONE_TTL } from '#shared/dns/constants';
import type { DnsZone, ImportPreview } from '#shared/dns/rules';
import { DNS_MESSAGES } from '#shared/dns/messages';
import { ERROR_MESSAGES } from '#shared/messages';
import type { SnapshotFrom } from 'xstate';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { FIRST, RECORD, SECOND, ZONE_LIST, sampleZone } from './samples.ts';
import { dnsFormsMachine, type DnsChange, type DnsForm } from './dns-forms.machine.ts';
import {
  selectAliasName,
  selectCanChange,
  selectChange,
  selectEditor,
  selectFormFailure,
  selectImportFile,
  selectImportPreview,
  selectNewZone,
  selectNotice,
  selectPendingDelete,
  selectRecordType,
  selectSavingRecord,
  selectServedName,
  selectZoneEditor,
  type DnsFormsSnapshot,
} from './dns-forms.selectors.ts';

/** The zone "create a zone" makes (not in the sample server's list). */
const NEW_ZONE = sampleZone(26, 'new.example');
/** A record in words, as the confirmation names it: name, type, what is served. */
const RECORD_LINE = '@ MX 10 mail.example.net.';
const FIRST_PAGE = ZONE_LIST.slice(0, 10);
const ZONE_FILE = 'www IN A 192.0.2.1\n';
const PREVIEW: ImportPreview = {
  added: [{ name: 'www', record_type: 'A', ttl: null, content: '192.0.2.1' }],
  changed: [],
  removed: [],
  applied: false,
};
const ALIAS = 'other.example';
const NEW_TTL = '7200';

/** docs/api.md "DNS": a refused record create or update carries its `detail` and field errors. */
const refusalOf = (editing: boolean) => ({
  message: `${editing ? DNS_MESSAGES.recordUpdateFailed : DNS_MESSAGES.recordCreateFailed} ${DNS_MESSAGES.hostname}`,
  fieldErrors: { target: DNS_MESSAGES.hostname },
});
const onField = (field: string, message: string) => ({
  message,
  fieldErrors: { [field]: message },
});
/** A zone file refused (docs/dns.md "Zone files": errors keyed `line N`, with its `detail`). */
const FILE_REFUSAL = {
  message: DNS_MESSAGES.importFailed,
  fieldErrors: { 'line 1': DNS_MESSAGES.importRecordError('ipv4_address', DNS_MESSAGES.ipv4) },
};
/** A delete refused (docs/dns.md "Apex NS": the last NS record at @). */
const DELETE_REFUSAL = {
  message: `${DNS_MESSAGES.recordDeleteFailed} ${DNS_MESSAGES.lastApexNameserver}`,
};

const FORMS: readonly DnsForm[] = ['zone', 'zoneTtl', 'record', 'alias', 'import', 'delete'];

/** A refusal as its form shows it: "alias › alias_name: …", or "import › <reason> (line 1: …)". */
function failureText(snapshot: DnsFormsSnapshot): string {
  for (const form of FORMS) {
    const { fieldErrors, message, details } = selectFormFailure(snapshot, form);
    const fields = Object.entries(fieldErrors).map(([field, text]) => `${field}: ${text}`);
    if (fields.length > 0) return `${form} › ${fields.join('; ')}`;
    if (message !== null)
      return `${form} › ${message}${details.length ? ` (${details.join('; ')})` : ''}`;
  }
  return '';
}

function servedText(snapshot: DnsFormsSnapshot): string | null {
  const served = selectServedName(snapshot);
  if (!served) return null;
  return served.warning ? `${served.text} · ${served.warning}` : served.text;
}

function previewText(preview: ImportPreview | null): string | null {
  if (!preview) return null;
  const line = (c: { name: string; record_type: string; content: string }) =>
    `${c.name} ${c.record_type} ${c.content}`;
  return [
    `${preview.added.length} to add, ${preview.changed.length} to change, ${preview.removed.length} to remove`,
    ...preview.added.map((c) => `+ ${line(c)}`),
  ].join(' · ');
}

const projected = new WeakMap<DnsFormsSnapshot, ReturnType<typeof projectOnce>>();
function project(snapshot: DnsFormsSnapshot) {
  let projection = projected.get(snapshot);
  if (!projection) projected.set(snapshot, (projection = projectOnce(snapshot)));
  return projection;
}

function projectOnce(snapshot: DnsFormsSnapshot) {
  const editor = selectEditor(snapshot);
  const zoneEditor = selectZoneEditor(snapshot);
  return {
    canChange: selectCanChange(snapshot),
    /** The active zone the forms act on. */
    zone: snapshot.context.zone?.zone_name ?? null,
    /** What the forms hold, as typed. */
    newZoneName: selectNewZone(snapshot).zone_name,
    alias: selectAliasName(snapshot),
    zoneFile: selectImportFile(snapshot),
    recordType: selectRecordType(snapshot),
    /** A zone's TTL being changed: "1 7200". */
    ttlEditor: zoneEditor ? `${zoneEditor.zoneId} ${zoneEditor.ttl}` : null,
    /** The record editor: "Add MX record", its fields, the name its target is served as. */
    editor: editor ? `${editor.record ? 'Edit' : 'Add'} ${editor.recordType} record` : null,
    values: editor?.values ?? null,
    served: servedText(snapshot),
    saving: selectSavingRecord(snapshot),
    confirm: selectPendingDelete(snapshot)?.label ?? null,
    preview: previewText(selectImportPreview(snapshot)),
    failure: failureText(snapshot),
    notice: selectNotice(snapshot),
    /** The last change made (a new zone says nothing: its countdown shows on the page). */
    made: snapshot.context.notice,
    /** Which call is on its way. */
    change: selectChange(snapshot)?.kind ?? null,
  };
}
type Projection = ReturnType<typeof project>;
type Kind = DnsChange['kind'];

// ---------------------------------------------------------------------------------------------
// What the specification expects.

const SENT = { 'tell the page': { type: 'change.sent' } };
const SETTLED = { 'tell the page': { type: 'change.settled' } };

/** A change on its way from a form that closes: the last change's words go. */
const sending = (kind: Kind, values: Partial<Projection> = {}) => ({
  to: 'sending',
  with: {
    change: kind,
    failure: '',
    notice: null,
    made: null,
    editor: null,
    values: null,
    served: null,
    saving: false,
    ttlEditor: null,
    confirm: null,
    ...values,
  },
  runs: SENT,
});

/** What the panel says a change did (src/shared/dns/messages.ts: words exist for these). */
const SAYS: Partial<Record<Kind, string>> = {
  'zone.delete': DNS_MESSAGES.zoneDeleted,
  'record.delete': DNS_MESSAGES.recordDeleted,
  'alias.delete': DNS_MESSAGES.aliasDeleted,
  'import.apply': DNS_MESSAGES.importApplied,
};

/** The form each change is sent from, where its refusal shows (docs/dns.md "The page"). */
const FORM_OF: Record<Kind, DnsForm> = {
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

function deleteKind(b: Projection): Kind {
  if (b.confirm === RECORD_LINE) return 'record.delete';
  return ZONE_LIST.some((z) => z.zone_name === b.confirm) ? 'zone.delete' : 'alias.delete';
}

/**
 * A refused change: the record editor, a zone's TTL and a delete's confirmation stay open with
 * it; after any other, the forms are closed with it in the form, what was typed kept.
 */
const refused = (shown: string) => (b: Projection) => {
  const form = FORM_OF[b.change as Kind];
  const stays = { record: 'editingRecord', zoneTtl: 'editingZone', delete: 'confirming' } as const;
  const state = stays[form as keyof typeof stays];
  const failure = `${form} › ${shown}`;
  return {
    to: state ?? 'closed',
    with: {
      change: null,
      saving: false,
      failure,
      notice: null,
      editor: b.editor,
      values: b.values,
      ttlEditor: b.ttlEditor,
      confirm: b.confirm,
      newZoneName: b.newZoneName,
      alias: b.alias,
      zoneFile: b.zoneFile,
    },
    runs: SETTLED,
  };
};

const priorityOf = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? (text ?? '') : Number(text);

/** What each call of `change` must be given (docs/api.md "DNS"; portal.md §5: numbers). */
function changeInput(p: Projection): Record<string, unknown> {
  const zoneId = ZONE_LIST.find((z) => z.zone_name === p.zone)?.zone_id;
  switch (p.change) {
    case 'zone.create':
      return { kind: 'zone.create', zone_name: p.newZoneName, ttl: DEFAULT_ZONE_TTL };
    case 'zone.update': {
      const [id, ttl] = (p.ttlEditor ?? '').split(' ');
      return { kind: 'zone.update', zoneId: Number(id), ttl: Number(ttl) };
    }
    case 'zone.delete':
      return { kind: 'zone.delete', zoneId: SECOND.zone_id };
    case 'record.save':
      return {
        kind: 'record.save',
        zoneId,
        recordType: 'MX',
        recordId: p.editor?.startsWith('Edit') ? RECORD.record_id : null,
        body: {
          name: p.values?.name,
          ttl: null,
          target: p.values?.target,
          priority: priorityOf(p.values?.priority),
        },
      };
    case 'record.delete':
      return { kind: 'record.delete', zoneId, recordType: 'MX', recordId: RECORD.record_id };
    case 'alias.add':
      return { kind: 'alias.add', zoneId, alias_name: p.alias };
    case 'alias.delete':
      return {
        kind: 'alias.delete',
        zoneId,
        aliasId: ZONE_LIST.find((z) => z.zone_name === p.zone)?.aliases[1].alias_id,
      };
    case 'import.preview':
    case 'import.apply':
      return { kind: p.change, zoneId, zone_file: p.zoneFile };
    default:
      return { kind: 'no change is on its way' };
  }
}

// ---------------------------------------------------------------------------------------------
// The samples.

function answersTo(kind: Kind | undefined, editing: boolean) {
  const unreachable = sample('the server cannot be reached', {
    type: 'xstate.error.actor.change',
    error: { message: ERROR_MESSAGES.timeout },
  });
  const refusal = (label: string, error: object) =>
    sample(label, { type: 'xstate.error.actor.change', error });
  const accepted = sample('the server accepts', {
    type: 'xstate.done.actor.change',
    output: kind === 'import.apply' ? { preview: { ...PREVIEW, applied: true } } : {},
  });
  switch (kind) {
    case 'zone.create':
      return [
        sample('the server creates the zone', {
          type: 'xstate.done.actor.change',
          output: { zone: NEW_ZONE },
        }),
        refusal('the zone name is taken', onField('zone_name', DNS_MESSAGES.zoneNameOtherAccount)),
        unreachable,
      ];
    case 'import.preview':
      return [
        sample('the server answers the preview', {
          type: 'xstate.done.actor.change',
          output: { preview: PREVIEW },
        }),
        refusal('the zone file is refused', FILE_REFUSAL),
        unreachable,
      ];
    case 'record.save':
      return [
        accepted,
        refusal('the server refuses with field errors', refusalOf(editing)),
        unreachable,
      ];
    case 'zone.update':
      return [
        accepted,
        refusal('the TTL is refused', onField('ttl', DNS_MESSAGES.ttl)),
        unreachable,
      ];
    case 'alias.add':
      return [
        accepted,
        refusal('the alias is taken', onField('alias_name', DNS_MESSAGES.zoneNameOtherAccount)),
        unreachable,
      ];
    case 'zone.delete':
    case 'record.delete':
    case 'alias.delete':
      return [accepted, refusal('the delete is refused', DELETE_REFUSAL), unreachable];
    default:
      return [];
  }
}

function samplesFor(snapshot: SnapshotFrom<typeof dnsFormsMachine>) {
  const c = snapshot.context;
  const closed = snapshot.matches('closed');
  // One form holds text at a time (each is walked on its own, up to its answer).
  const typed = [c.newZone.zone_name, c.aliasName, c.importFile].some((text) => text !== '');
  const fresh = closed && !typed && c.recordType === 'A';
  const said = c.failure !== null || c.notice !== null;
  const newRecord = c.editor !== null && c.editor.record === null ? c.editor.values : null;
  const zones = (zone: DnsZone | null) => ({
    type: 'zones.shown' as const,
    zones: FIRST_PAGE,
    zone,
  });
  const all = [
    // The zone list's active zone.
    ...(c.zone === null ? [sample('the first zone is active', zones(FIRST))] : []),
    ...(c.zone !== null && fresh && !said ? [sample('no zone is active', zones(null))] : []),
    ...(fresh && c.newZone.zone_name === ''
      ? [
          sample('type the new zone’s name', {
            type: 'zone.field.changed',
            field: 'zone_name',
            value: NEW_ZONE.zone_name,
          }),
        ]
      : []),
    ...(c.newZone.zone_name !== ''
      ? [sample('create a zone', { type: 'zone.create.submitted' })]
      : []),
    ...(fresh && c.zone
      ? [
          sample('edit the first zone’s TTL', { type: 'zone.edit.pressed', zoneId: FIRST.zone_id }),
          sample('delete the second zone', { type: 'zone.delete.pressed', zoneId: SECOND.zone_id }),
          sample('choose MX records', { type: 'record.type.chosen', recordType: 'MX' }),
          sample('add an MX record', { type: 'record.create.pressed', recordType: 'MX' }),
          sample('edit the MX record', { type: 'record.edit.pressed', record: RECORD }),
          sample('delete the MX record', { type: 'record.delete.pressed', record: RECORD }),
          sample('type an alias', { type: 'alias.name.changed', value: ALIAS }),
          sample('remove the alias', {
            type: 'alias.delete.pressed',
            aliasId: c.zone.aliases[1].alias_id,
          }),
          sample('paste a zone file', { type: 'import.file.changed', value: ZONE_FILE }),
        ]
      : []),
    // Without a zone: what needs one is walked too (there is nowhere to put it).
    ...(fresh && !c.zone
      ? [sample('add an MX record', { type: 'record.create.pressed', recordType: 'MX' })]
      : []),
    ...(c.recordType === 'MX' && closed
      ? [sample('choose A records', { type: 'record.type.chosen', recordType: 'A' })]
      : []),
    ...(c.zoneEditor && c.zoneEditor.ttl !== NEW_TTL
      ? [sample('type 7200 as the TTL', { type: 'zone.ttl.changed', value: NEW_TTL })]
      : []),
    sample('save the TTL', { type: 'zone.ttl.submitted' }),
    sample('close the TTL', { type: 'zone.editor.closed' }),
    ...(newRecord && newRecord.target !== 'mail'
      ? [
          sample('type mail as the target', {
            type: 'record.field.changed',
            field: 'target',
            value: 'mail',
          }),
        ]
      : []),
    ...(newRecord && newRecord.priority !== '10'
      ? [
          sample('type 10 as the priority', {
            type: 'record.field.changed',
            field: 'priority',
            value: '10',
          }),
        ]
      : []),
    sample('save the record', { type: 'record.save.submitted' }),
    sample('close the editor', { type: 'record.editor.closed' }),
    ...(c.aliasName !== '' ? [sample('add an alias', { type: 'alias.add.submitted' })] : []),
    sample('confirm the delete', { type: 'delete.confirmed' }),
    sample('cancel the delete', { type: 'delete.cancelled' }),
    ...(c.importFile !== ''
      ? [sample('preview a zone file', { type: 'import.preview.submitted' })]
      : []),
    sample('import it', { type: 'import.apply.pressed' }),
    sample('cancel the import', { type: 'import.cancelled' }),
    ...(c.preview !== null ? [sample('the second zone becomes active', zones(SECOND))] : []),
    ...(said && fresh ? [sample('press Try again', { type: 'messages.forgotten' })] : []),
    ...answersTo(c.change?.kind, Boolean(c.editor?.record)),
  ];
  return all;
}

/** The record editor as it opens (portal.md §3 "MX: target, priority"). */
const NEW_MX_VALUES = { name: '@', target: '', priority: '', ttl: '' };
const RECORD_VALUES = { name: '@', target: 'mail.example.net.', priority: '10', ttl: '' };
/** Opening a form: the last change's words go. */
const FORGOTTEN = { failure: '', notice: null, made: null };

export const dnsFormsModel = defineMachine({
  name: 'dns-forms',
  title: 'DNS forms',
  description:
    'The DNS page’s forms: Create zone, a zone’s TTL, the record editor (under a target, the ' +
    'name that will be served, with a warning when a short MX name points at the root), Add ' +
    'alias, the zone file preview and import, and every delete’s confirmation. One change is ' +
    'sent at a time; a refused change shows in the form that sent it, on its fields, and the ' +
    'record editor, the TTL and a confirmation stay open with it. Only a user who manages ' +
    'services can change anything.',
  machine: dnsFormsMachine,
  input: { manages: true },
  events: (snapshot) => samplesFor(snapshot),
  project,
  limit: 20_000,
  expect: {
    start: {
      to: 'closed',
      with: {
        canChange: true,
        zone: null,
        newZoneName: '',
        alias: '',
        zoneFile: '',
        recordType: 'A',
        ttlEditor: null,
        editor: null,
        values: null,
        served: null,
        saving: false,
        confirm: null,
        preview: null,
        failure: '',
        notice: null,
        made: null,
        change: null,
      },
    },
    effects: ['tell the page'],
    on: {
      '*': {
        'the first zone is active': { to: 'stays', with: { zone: FIRST.zone_name } },
        'no zone is active': { to: 'stays', with: { zone: null } },
        'type the new zone’s name': { to: 'stays', with: { newZoneName: NEW_ZONE.zone_name } },
        'type an alias': { to: 'stays', with: { alias: ALIAS } },
        'paste a zone file': { to: 'stays', with: { zoneFile: ZONE_FILE } },
        'choose MX records': { to: 'stays', with: { recordType: 'MX' } },
        'choose A records': { to: 'stays', with: { recordType: 'A' } },
        // Try again (on the page): the last change's words go.
        'press Try again': { to: 'stays', with: FORGOTTEN },
      },
      closed: {
        // A zone file's preview shows: Import applies it; Cancel or another zone drops it.
        'import it': (b) =>
          b.preview === null
            ? 'ignored'
            : sending('import.apply', { preview: null, zoneFile: b.zoneFile }),
        'cancel the import': (b) =>
          b.preview === null ? 'ignored' : { to: 'stays', with: { preview: null } },
        'the second zone becomes active': {
          to: 'stays',
          with: { preview: null, zone: SECOND.zone_name },
        },
        'create a zone': (b) => sending('zone.create', { newZoneName: b.newZoneName }),
        // A zone's TTL opens with the zone's own (3600).
        'edit the first zone’s TTL': {
          to: 'editingZone',
          with: { ...FORGOTTEN, ttlEditor: `${FIRST.zone_id} 3600` },
        },
        'delete the second zone': {
          to: 'confirming',
          with: { ...FORGOTTEN, confirm: SECOND.zone_name },
        },
        'add an MX record': (b) =>
          b.zone === null
            ? 'ignored'
            : {
                to: 'editingRecord',
                with: {
                  ...FORGOTTEN,
                  editor: 'Add MX record',
                  values: NEW_MX_VALUES,
                  served: null,
                },
              },
        // The record's target served as it is: absolute already.
        'edit the MX record': {
          to: 'editingRecord',
          with: {
            ...FORGOTTEN,
            editor: 'Edit MX record',
            values: RECORD_VALUES,
            served: DNS_MESSAGES.servedAs('mail.example.net.'),
          },
        },
        'delete the MX record': { to: 'confirming', with: { ...FORGOTTEN, confirm: RECORD_LINE } },
        'add an alias': (b) =>
          b.zone === null ? 'ignored' : sending('alias.add', { alias: b.alias }),
        'remove the alias': (b) => ({
          to: 'confirming',
          with: {
            ...FORGOTTEN,
            confirm: ZONE_LIST.find((z) => z.zone_name === b.zone)?.aliases[1].alias_name,
          },
        }),
        'preview a zone file': (b) =>
          b.zone === null
            ? 'ignored'
            : sending('import.preview', { preview: null, zoneFile: b.zoneFile }),
      },
      editingRecord: {
        // portal.md §5: a new MX record's target "mail" is served as "mail." at the root.
        'type mail as the target': (b) => ({
          to: 'stays',
          with: {
            values: { ...b.values, target: 'mail' },
            served: `${DNS_MESSAGES.servedAs('mail.')} · ${DNS_MESSAGES.servedAtRoot('mail', b.zone ?? '')}`,
          },
        }),
        'type 10 as the priority': (b) => ({
          to: 'stays',
          with: { values: { ...b.values, priority: '10' }, served: b.served },
        }),
        // The editor stays open, showing that its record is being saved.
        'save the record': (b) => ({
          to: 'sending',
          with: {
            editor: b.editor,
            values: b.values,
            saving: true,
            change: 'record.save',
            failure: '',
          },
          runs: SENT,
        }),
        'close the editor': {
          to: 'closed',
          with: { editor: null, values: null, served: null, saving: false, failure: '' },
        },
      },
      editingZone: {
        'type 7200 as the TTL': (b) => ({
          to: 'stays',
          with: { ttlEditor: `${(b.ttlEditor ?? '').split(' ')[0]} ${NEW_TTL}` },
        }),
        'save the TTL': (b) => ({
          to: 'sending',
          with: { ttlEditor: b.ttlEditor, change: 'zone.update', failure: '', made: null },
          runs: SENT,
        }),
        'close the TTL': { to: 'closed', with: { ttlEditor: null, failure: '' } },
      },
      confirming: {
        // The confirmation stays while the delete is sent.
        'confirm the delete': (b) => ({
          to: 'sending',
          with: {
            confirm: b.confirm,
            change: deleteKind(b),
            failure: '',
            notice: null,
            made: null,
          },
          runs: SENT,
        }),
        'cancel the delete': { to: 'closed', with: { confirm: null, failure: '' } },
      },
      sending: {
        // The page hears the new zone (its countdown starts there); the form is emptied.
        'the server creates the zone': {
          to: 'closed',
          with: { change: null, notice: null, made: 'zone.create', failure: '', newZoneName: '' },
          runs: {
            'tell the page': {
              type: 'change.made',
              kind: 'zone.create',
              zone: { zone_id: NEW_ZONE.zone_id },
            },
          },
        },
        'the server answers the preview': {
          to: 'closed',
          with: { change: null, preview: '1 to add, 0 to change, 0 to remove · + www A 192.0.2.1' },
          runs: SETTLED,
        },
        // After any change the page loads the lists again; what it did shows, an earlier refusal
        // no longer does (portal.md §8), the form that sent it is closed or emptied.
        'the server accepts': (b) => ({
          to: 'closed',
          with: {
            change: null,
            editor: null,
            values: null,
            served: null,
            ttlEditor: null,
            confirm: null,
            saving: false,
            notice: SAYS[b.change as Kind] ?? null,
            made: b.change,
            failure: '',
            alias: b.change === 'alias.add' ? '' : b.alias,
            zoneFile: b.change === 'import.apply' ? '' : b.zoneFile,
          },
          runs: { 'tell the page': { type: 'change.made', kind: b.change, zone: null } },
        }),
        'the server refuses with field errors': refused(`target: ${DNS_MESSAGES.hostname}`),
        'the server cannot be reached': refused(ERROR_MESSAGES.timeout),
        'the zone name is taken': refused(`zone_name: ${DNS_MESSAGES.zoneNameOtherAccount}`),
        'the alias is taken': refused(`alias_name: ${DNS_MESSAGES.zoneNameOtherAccount}`),
        'the TTL is refused': refused(`ttl: ${DNS_MESSAGES.ttl}`),
        'the zone file is refused': refused(
          `${DNS_MESSAGES.importFailed} (line 1: ${DNS_MESSAGES.importRecordError('ipv4_address', DNS_MESSAGES.ipv4)})`,
        ),
        'the delete is refused': refused(DELETE_REFUSAL.message),
      },
    },
    running: { sending: ['change'] },
    inputs: { change: (p) => changeInput(p) },
  },
  states: {
    closed: (s) => {
      expectThat(selectEditor(s) === null, 'no record editor is open');
      expectThat(selectPendingDelete(s) === null, 'no confirmation shows');
    },
    editingRecord: (s) => expectThat(selectEditor(s) !== null, 'the record editor is open'),
    editingZone: (s) => expectThat(selectZoneEditor(s) !== null, 'the zone’s TTL is open'),
    confirming: (s) => expectThat(selectPendingDelete(s) !== null, 'the confirmation shows'),
    sending: (s) => expectThat(selectChange(s) !== null, 'the change is on its way'),
  },
});
