/**
 * The DNS panel's registration: zones and records paged by 10 (portal.md §4), the active zone,
 * the forms as typed (Create zone, a zone's TTL, the record editor saying the name a target is
 * served as, Add alias, the zone file import) with each refusal kept in the form that sent it
 * (portal.md §5, §8), deletes after a confirmation, and a new zone locked while its countdown
 * runs. The user manages services (portal.md §6); a user who may only view is
 * tests/machines/dns-panel-forms.test.ts's.
 *
 * The sample server holds 25 zones and, in every zone, 25 records (three pages of each): it
 * answers the page it is asked for (docs/api.md "DNS": limit and offset), records grouped by type.
 */
import { DEFAULT_ZONE_TTL, DNS_PAGE_SIZE, TIMERS } from '#shared/constants';
import type { DnsRecord, DnsZone, ImportPreview, RecordsPage, ZonesPage } from '#shared/dns';
import { DNS_MESSAGES } from '#shared/messages/dns';
import { ERROR_MESSAGES } from '#shared/messages';
import type { SnapshotFrom } from 'xstate';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { dnsPanelMachine, type DnsChange } from './dns-panel.machine.ts';
import type { DnsForm } from './dns-panel.machine.ts';
import {
  selectActiveZone,
  selectAliasName,
  selectBusy,
  selectCanChange,
  selectEditor,
  selectFormFailure,
  selectImportFile,
  selectImportPreview,
  selectLoadError,
  selectLoadFailed,
  selectLoading,
  selectNewZone,
  selectNotice,
  selectPendingDelete,
  selectRecordGroups,
  selectRecordPager,
  selectRecordType,
  selectSavingRecord,
  selectServedName,
  selectZoneButtonLabel,
  selectZoneCountdown,
  selectZoneEditor,
  selectZonePager,
  selectZones,
  type DnsPanelSnapshot,
  type PagerView,
} from './dns-panel.selectors.ts';
import { zoneCountdownMachine } from './zone-countdown.machine.ts';

// ---------------------------------------------------------------------------------------------
// The sample server's zones and records.

/** A zone with two aliases (ids unique over the account). */
const zone = (zone_id: number, zone_name: string): DnsZone => ({
  zone_id,
  zone_name,
  ttl: 3600,
  aliases: [
    { alias_id: 4000 + 2 * zone_id, alias_name: `a1-${zone_name}` },
    { alias_id: 4001 + 2 * zone_id, alias_name: `a2-${zone_name}` },
  ],
  soa: {
    primary: 'ns1.ridgeline.example.',
    hostmaster: `hostmaster.${zone_name}.`,
    serial: 7,
    refresh: 10800,
    retry: 3600,
    expire: 604800,
    minimum: 3600,
  },
  publication: { state: 'published', error: null },
  created_at: '2030-01-15T12:00:00.000Z',
});

const FIRST = zone(1, 'first.example');
const SECOND = zone(2, 'second.example');
/** The customer's 25 zones: pages 1–10, 11–20 and 21–25. */
const ZONE_LIST: readonly DnsZone[] = [
  FIRST,
  SECOND,
  ...Array.from({ length: 23 }, (_, i) =>
    zone(i + 3, `zone-${String(i + 3).padStart(2, '0')}.example`),
  ),
];
const ZONE_COUNT = ZONE_LIST.length;
/** The zone "create a zone" makes (not in the sample server's list). */
const NEW_ZONE = zone(26, 'new.example');
/** A second zone created while the first one's countdown runs: each zone has its own. */
const NEWER_ZONE = zone(27, 'newer.example');
/** The alias "remove the alias" removes: the active zone's second one. */
const secondAliasOf = (zoneName: string | null) =>
  ZONE_LIST.find((z) => z.zone_name === zoneName)?.aliases[1];
const zoneIdOf = (zoneName: string | null) =>
  ZONE_LIST.find((z) => z.zone_name === zoneName)?.zone_id;

const zonesPage = (offset: number, limit: number): ZonesPage => ({
  total_zones: ZONE_COUNT,
  zones: ZONE_LIST.slice(offset, offset + limit),
  limit,
  offset,
});
const NO_ZONES: ZonesPage = { total_zones: 0, zones: [], limit: DNS_PAGE_SIZE, offset: 0 };

let nextRecordId = 100_001;
const rec = (record_type: string, name: string, content: string, fields: object): DnsRecord =>
  ({
    record_id: nextRecordId++,
    record_type,
    name,
    ttl: null,
    content,
    ...fields,
  }) as DnsRecord;

/** The MX record the samples edit and delete (on the first page of records). */
const RECORD = rec('MX', '@', '10 mail.example.net.', {
  target: 'mail.example.net.',
  priority: 10,
}) as Extract<DnsRecord, { record_type: 'MX' }>;
/** A record in words, as the confirmation names it: name, type, what is served. */
const RECORD_LINE = '@ MX 10 mail.example.net.';

/**
 * Every zone's 25 records as the server answers them: grouped by type (A, AAAA, CNAME, MX, NS,
 * TXT, SRV), then by name; the first page holds A, AAAA, CNAME and MX, the second NS and TXT, the
 * third SRV.
 */
const RECORD_LIST: readonly DnsRecord[] = [
  rec('A', '@', '192.0.2.1', { ipv4_address: '192.0.2.1' }),
  rec('A', 'ftp', '192.0.2.2', { ipv4_address: '192.0.2.2' }),
  rec('A', 'mail', '192.0.2.3', { ipv4_address: '192.0.2.3' }),
  rec('A', 'www', '192.0.2.4', { ipv4_address: '192.0.2.4' }),
  rec('AAAA', '@', '2001:db8::1', { ipv6_address: '2001:db8::1' }),
  rec('AAAA', 'www', '2001:db8::4', { ipv6_address: '2001:db8::4' }),
  rec('CNAME', 'blog', 'www.first.example.', { canonical_name: 'www' }),
  rec('CNAME', 'shop', 'www.first.example.', { canonical_name: 'www' }),
  RECORD,
  rec('MX', '@', '20 backup.example.net.', { target: 'backup.example.net.', priority: 20 }),
  rec('NS', '@', 'ns1.ridgeline.example.', { nameserver: 'ns1.ridgeline.example.' }),
  rec('NS', '@', 'ns2.ridgeline.example.', { nameserver: 'ns2.ridgeline.example.' }),
  ...Array.from({ length: 8 }, (_, i) =>
    rec('TXT', `txt-${i + 1}`, `"note ${i + 1}"`, { text: `note ${i + 1}` }),
  ),
  ...Array.from({ length: 5 }, (_, i) =>
    rec('SRV', `_s${i + 1}._tcp`, `0 5 5060 sip.example.net.`, {
      priority: 0,
      weight: 5,
      port: 5060,
      target: 'sip.example.net.',
    }),
  ),
];
const RECORD_COUNT = RECORD_LIST.length;
const recordsPage = (offset: number, limit: number): RecordsPage => ({
  total_records: RECORD_COUNT,
  records: RECORD_LIST.slice(offset, offset + limit),
  limit,
  offset,
});

const ZONE_FILE = 'www IN A 192.0.2.1\n';
const PREVIEW: ImportPreview = {
  added: [{ name: 'www', record_type: 'A', ttl: null, content: '192.0.2.1' }],
  changed: [],
  removed: [],
  applied: false,
};
/** The alias the samples add. */
const ALIAS = 'other.example';
/** The TTL the samples give the first zone. */
const NEW_TTL = '7200';

/** docs/api.md "DNS": a refused record create or update carries its `detail` and field errors. */
const refusalOf = (editing: boolean) => ({
  message: `${editing ? DNS_MESSAGES.recordUpdateFailed : DNS_MESSAGES.recordCreateFailed} ${DNS_MESSAGES.hostname}`,
  fieldErrors: { target: DNS_MESSAGES.hostname },
});
/** A refusal on one field (docs/api.md "DNS": 422 `errors`). */
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

// ---------------------------------------------------------------------------------------------
// What a person sees, through the selectors.

/** A pager as its selector gives it: "11–20 of 25", then the buttons that work. */
function pagerText(view: PagerView): string {
  const buttons = [
    view.canPrevious ? 'previous' : null,
    view.canNext ? 'next' : null,
    view.showingAll ? 'all shown' : null,
  ].filter((part) => part !== null);
  return [`${view.from}–${view.to} of ${view.total}`, ...buttons].join(' · ');
}

/** An open record editor: "Add MX record" or "Edit MX record". */
function editorTitle(snapshot: DnsPanelSnapshot): string | null {
  const editor = selectEditor(snapshot);
  return editor ? `${editor.record ? 'Edit' : 'Add'} ${editor.recordType} record` : null;
}

const FORMS: readonly DnsForm[] = ['zone', 'zoneTtl', 'record', 'alias', 'import', 'delete'];

/**
 * A refusal as its form shows it: "alias › alias_name: …" on its fields, or "import › <reason>
 * (line 1: …)" inside the form; '' without one.
 */
function failureText(snapshot: DnsPanelSnapshot): string {
  for (const form of FORMS) {
    const { fieldErrors, message, details } = selectFormFailure(snapshot, form);
    const fields = Object.entries(fieldErrors).map(([field, text]) => `${field}: ${text}`);
    if (fields.length > 0) return `${form} › ${fields.join('; ')}`;
    if (message !== null)
      return `${form} › ${message}${details.length ? ` (${details.join('; ')})` : ''}`;
  }
  return '';
}

/** The served name said under the editor's target, with its warning. */
function servedText(snapshot: DnsPanelSnapshot): string | null {
  const served = selectServedName(snapshot);
  if (!served) return null;
  return served.warning ? `${served.text} · ${served.warning}` : served.text;
}

/** The import preview's summary line and its changes, as the preview shows them. */
function previewText(preview: ImportPreview | null): string | null {
  if (!preview) return null;
  const line = (c: { name: string; record_type: string; content: string }) =>
    `${c.name} ${c.record_type} ${c.content}`;
  return [
    `${preview.added.length} to add, ${preview.changed.length} to change, ${preview.removed.length} to remove`,
    ...preview.added.map((c) => `+ ${line(c)}`),
    ...preview.removed.map((c) => `− ${line(c)}`),
  ].join(' · ');
}

/** Both buttons of a zone: "Edit · Delete", or with the seconds they stay disabled. */
const zoneButtons = (snapshot: DnsPanelSnapshot, zoneId: number) =>
  `${selectZoneButtonLabel(snapshot, zoneId, 'Edit')} · ${selectZoneButtonLabel(snapshot, zoneId, 'Delete')}`;

/** Snapshots are immutable: each is projected once (traversal asks many times). */
const projected = new WeakMap<DnsPanelSnapshot, ReturnType<typeof projectOnce>>();
function project(snapshot: DnsPanelSnapshot) {
  let projection = projected.get(snapshot);
  if (!projection) projected.set(snapshot, (projection = projectOnce(snapshot)));
  return projection;
}

function projectOnce(snapshot: DnsPanelSnapshot) {
  const { zonePaging, recordPaging, change } = snapshot.context;
  const shownZones = selectZones(snapshot);
  // While a list loads, what the lists show is not yet the page asked for.
  const loading = selectLoading(snapshot);
  const zoneEditor = selectZoneEditor(snapshot);
  return {
    /** The user may change DNS: the forms work. */
    canChange: selectCanChange(snapshot),
    /** The pages asked for (what the loads send). */
    zoneOffset: zonePaging.offset,
    zoneLimit: zonePaging.limit,
    zoneTotal: zonePaging.total,
    recordOffset: recordPaging.offset,
    recordLimit: recordPaging.limit,
    recordTotal: recordPaging.total,
    /** Loading or a change on its way: the buttons are disabled. */
    busy: selectBusy(snapshot),
    /** The zone pager, the first and last zone listed, and the active zone. */
    zones: loading ? null : pagerText(selectZonePager(snapshot)),
    listed: loading
      ? null
      : shownZones.length
        ? `${shownZones[0].zone_name} … ${shownZones[shownZones.length - 1].zone_name}`
        : '',
    zone: selectActiveZone(snapshot)?.zone_name ?? null,
    /** The record pager and the record groups: "A 4 · AAAA 2 · …". */
    records: loading ? null : pagerText(selectRecordPager(snapshot)),
    groups: loading
      ? null
      : selectRecordGroups(snapshot)
          .map((group) => `${group.recordType} ${group.records.length}`)
          .join(' · '),
    /** The new zones' Edit and Delete (disabled while their countdown runs). */
    newZone: zoneButtons(snapshot, NEW_ZONE.zone_id),
    newerZone: zoneButtons(snapshot, NEWER_ZONE.zone_id),
    /** What the forms hold, as typed: Create zone's name, Add alias, the zone file, the type. */
    newZoneName: selectNewZone(snapshot).zone_name,
    alias: selectAliasName(snapshot),
    zoneFile: selectImportFile(snapshot),
    recordType: selectRecordType(snapshot),
    /** A zone's TTL being changed: its zone's id and the TTL typed, "1 7200". */
    ttlEditor: zoneEditor ? `${zoneEditor.zoneId} ${zoneEditor.ttl}` : null,
    /** The record editor: its title, what its fields hold, the name its target is served as. */
    editor: editorTitle(snapshot),
    values: selectEditor(snapshot)?.values ?? null,
    served: servedText(snapshot),
    saving: selectSavingRecord(snapshot),
    /** Delete …? and what it names. */
    confirm: selectPendingDelete(snapshot)?.label ?? null,
    preview: previewText(selectImportPreview(snapshot)),
    /** Why the lists did not load. */
    loadError: selectLoadError(snapshot),
    /** Why the last change was refused, in the form that sent it. */
    failure: failureText(snapshot),
    /** What the last change did. */
    notice: selectNotice(snapshot),
    /** Which call is on its way (the page shows only that it is busy). */
    change: change?.kind ?? null,
  };
}

type Projection = ReturnType<typeof project>;
type Kind = DnsChange['kind'];

// ---------------------------------------------------------------------------------------------
// What the specification expects, from the projection before a step.

/** The spec's order of record types (docs/api.md "DNS": records are grouped by type). */
const TYPE_ORDER = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SRV', 'CAA', 'PTR'];

/**
 * A pager over `total` items at `offset`, `limit` a page (portal.md §4): the items shown, "of" the
 * total; Previous works past the first page, Next before the last, and "all shown" when every item
 * is on this page. The buttons work only when the panel is ready.
 */
function pagerFor(offset: number, limit: number, total: number, ready: boolean): string {
  const shown = Math.max(0, Math.min(limit, total - offset));
  const range = shown === 0 ? '0–0' : `${offset + 1}–${offset + shown}`;
  return [
    `${range} of ${total}`,
    ...(ready && offset > 0 ? ['previous'] : []),
    ...(ready && offset + limit < total ? ['next'] : []),
    ...(offset === 0 && shown === total && total > 0 ? ['all shown'] : []),
  ].join(' · ');
}

/** The page of records shown, grouped by type in the spec's order (a type without records: none). */
function groupsFor(offset: number, limit: number, total: number): string {
  const page = total === 0 ? [] : RECORD_LIST.slice(offset, offset + limit);
  return TYPE_ORDER.map(
    (type) => [type, page.filter((r) => r.record_type === type).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([type, count]) => `${type} ${count}`)
    .join(' · ');
}

/** The zones listed on the page asked for. */
const zonesOn = (p: Projection) =>
  p.zoneTotal === 0 ? [] : ZONE_LIST.slice(p.zoneOffset, p.zoneOffset + p.zoneLimit);

/** The pagers and groups as the panel shows them in a state, for the pages in `p`. */
function lists(p: Projection, state: 'ready' | 'other') {
  const listed = zonesOn(p);
  return {
    zones: pagerFor(p.zoneOffset, p.zoneLimit, p.zoneTotal, state === 'ready'),
    listed: listed.length ? `${listed[0].zone_name} … ${listed[listed.length - 1].zone_name}` : '',
    records: pagerFor(p.recordOffset, p.recordLimit, p.recordTotal, state === 'ready'),
    groups: groupsFor(p.recordOffset, p.recordLimit, p.recordTotal),
  };
}

/** A zone's buttons while its countdown runs (portal.md §4: they show the seconds left). */
const DISABLED = `${DNS_MESSAGES.disabledFor('Edit', TIMERS.newZoneDisabledSeconds)} · ${DNS_MESSAGES.disabledFor('Delete', TIMERS.newZoneDisabledSeconds)}`;
const ENABLED = 'Edit · Delete';
const disabled = (buttons: string) => buttons !== ENABLED;

/** Busy: a list loading or a change on its way. */
const BUSY = new Set(['loadingZones', 'loadingRecords', 'changing']);

/** Goes to `to` with these values and the busy state of `to`. */
const go = (to: string, values: Partial<Projection> = {}) => ({
  to,
  with: { busy: BUSY.has(to), ...values },
});

/** portal.md §4: changing the zone page resets the records to the first page and the active zone. */
const zonePage = (zoneOffset: number, zoneLimit: number) =>
  go('loadingZones', {
    zoneOffset,
    zoneLimit,
    recordOffset: 0,
    recordLimit: DNS_PAGE_SIZE,
    zone: null,
  });

/**
 * A change on its way from a form that closes (not the record editor, a zone's TTL or a delete's
 * confirmation, which stay open while it is sent): the last change's words go (a new change
 * replaces them).
 */
const sending = (b: Projection, kind: Kind, values: Partial<Projection> = {}) =>
  go('changing', {
    ...lists(b, 'other'),
    change: kind,
    loadError: null,
    failure: '',
    notice: null,
    editor: null,
    values: null,
    served: null,
    saving: false,
    ttlEditor: null,
    confirm: null,
    ...values,
  });

/** What the panel says a change did (src/shared/messages/dns.ts: words exist for these). */
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

/** What a confirmed delete sends, from what the confirmation names. */
function deleteKind(b: Projection): Kind {
  if (b.confirm === RECORD_LINE) return 'record.delete';
  return ZONE_LIST.some((z) => z.zone_name === b.confirm) ? 'zone.delete' : 'alias.delete';
}

/**
 * A refused change (`shown`: the refusal as its form shows it): the record editor, a zone's TTL
 * and a delete's confirmation stay open with it; after any other, the panel is ready again with
 * it in the form, what was typed kept.
 */
const refused = (shown: string) => (b: Projection) => {
  const form = FORM_OF[b.change as Kind];
  const stays = { record: 'editing', zoneTtl: 'editingZone', delete: 'confirming' } as const;
  const state = stays[form as keyof typeof stays];
  const failure = `${form} › ${shown}`;
  if (state)
    return go(state, {
      ...lists(b, 'other'),
      change: null,
      saving: false,
      failure,
      editor: b.editor,
      values: b.values,
      ttlEditor: b.ttlEditor,
      confirm: b.confirm,
    });
  return go('ready', {
    ...lists(b, 'ready'),
    change: null,
    failure,
    notice: null,
    newZoneName: b.newZoneName,
    alias: b.alias,
    zoneFile: b.zoneFile,
  });
};

/** The typed MX priority as the request sends it: a number (portal.md §3 "MX: target, priority"). */
const priorityOf = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? (text ?? '') : Number(text);

/**
 * What each call of `change` must be given (docs/api.md "DNS"): the kind of call, the active zone,
 * the record the editor is on, and what the person entered (portal.md §5: a TTL as an integer).
 */
function changeInput(p: Projection): Record<string, unknown> {
  const zoneId = zoneIdOf(p.zone);
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
      return { kind: 'alias.delete', zoneId, aliasId: secondAliasOf(p.zone)?.alias_id };
    case 'import.preview':
    case 'import.apply':
      return { kind: p.change, zoneId, zone_file: p.zoneFile };
    default:
      return { kind: 'no change is on its way' };
  }
}

// ---------------------------------------------------------------------------------------------
// The samples.

/** The answers of the server to a change of this kind. */
function answersTo(kind: Kind | undefined, editing: boolean, created: DnsZone) {
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
          output: { zone: created },
        }),
        // Another account's zone's name (docs/dns.md "Who holds a name").
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
      return [accepted, unreachable];
  }
}

const PAGING = [
  'next zones',
  'previous zones',
  'show all zones',
  'next records',
  'previous records',
  'show all records',
  'choose the second zone',
];
/** What starts a new change (the last change's words go), with what is typed before it. */
const STARTS = [
  'press Try again',
  'type the new zone’s name',
  'create a zone',
  'edit the first zone’s TTL',
  'type 7200 as the TTL',
  'save the TTL',
  'close the TTL',
  'choose MX records',
  'add an MX record',
  'edit the MX record',
  'type mail as the target',
  'type 10 as the priority',
  'save the record',
  'close the editor',
  'delete the MX record',
  'confirm the delete',
  'cancel the delete',
  'type an alias',
  'add an alias',
  'paste a zone file',
  'preview a zone file',
  'import it',
  'cancel the import',
];
/** On the first pages: everything. */
const HOME = new Set([...PAGING, ...STARTS, 'delete the second zone', 'remove the alias']);
/** After a change said something: what forgets it. */
const FORGETTING = new Set(STARTS);
/** While the new zone is locked only what bears on the lock is walked (the rest is as without). */
const LOCKED = new Set([
  'delete the new zone',
  'edit the new zone’s TTL',
  'close the TTL',
  'the new zone’s countdown ends',
  'type the new zone’s name',
  'create a zone',
  'the newer zone’s countdown ends',
  'delete the second zone',
  'cancel the delete',
]);
/** Away from the first pages: paging, and one change to see the pages kept after it. */
const AWAY = new Set([...PAGING, 'type an alias', 'add an alias']);
const AWAY_SAID = new Set(['type an alias', 'add an alias']);
/** The answers of the server, walked wherever they come. */
const ANSWERS = new Set([
  'the zones load',
  'no zones load',
  'the records load',
  'the server creates the zone',
  'the server answers the preview',
  'the server accepts',
  'the server refuses with field errors',
  'the zone name is taken',
  'the zone file is refused',
  'the TTL is refused',
  'the alias is taken',
  'the delete is refused',
  'the server cannot be reached',
]);
const FAILURES = new Set(['the zones cannot be loaded', 'the records cannot be loaded']);

function samplesFor(snapshot: SnapshotFrom<typeof dnsPanelMachine>) {
  const c = snapshot.context;
  const listed = (id: number) => c.zones.some((z) => z.zone_id === id);
  const recordShown = c.records.some((r) => r.record_id === RECORD.record_id);
  const alias = c.zones.find((z) => z.zone_id === c.activeZoneId)?.aliases[1];
  const allZones = c.zonePaging.offset === 0 && c.zonePaging.limit >= c.zonePaging.total;
  const allRecords = c.recordPaging.offset === 0 && c.recordPaging.limit >= c.recordPaging.total;
  const newLocked = c.lockedZoneIds.includes(NEW_ZONE.zone_id);
  const newerLocked = c.lockedZoneIds.includes(NEWER_ZONE.zone_id);
  // The name typed in Create zone: the new zone's, then (while it counts down) the newer one's.
  const zoneName = newerLocked ? null : (newLocked ? NEWER_ZONE : NEW_ZONE).zone_name;
  // What is typed in the page's forms, which only a ready panel takes from the person; one form
  // holds text at a time (each is walked on its own, up to its answer).
  const ready = snapshot.matches('ready');
  const empty = (own: string) =>
    ready &&
    [c.newZone.zone_name, c.aliasName, c.importFile].every((text) => text === '' || text === own);
  const typing = (own: string) => empty(own) && c.recordType === 'A';
  const newRecord = c.editor !== null && c.editor.record === null ? c.editor.values : null;
  const all = [
    sample('the zones load', {
      type: 'xstate.done.actor.loadZones',
      output: zonesPage(c.zonePaging.offset, c.zonePaging.limit),
    }),
    // A customer without zones: on the first load only.
    ...(c.zones.length === 0
      ? [sample('no zones load', { type: 'xstate.done.actor.loadZones', output: NO_ZONES })]
      : []),
    sample('the zones cannot be loaded', {
      type: 'xstate.error.actor.loadZones',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('the records load', {
      type: 'xstate.done.actor.loadRecords',
      output: recordsPage(c.recordPaging.offset, c.recordPaging.limit),
    }),
    sample('the records cannot be loaded', {
      type: 'xstate.error.actor.loadRecords',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('press Try again', { type: 'load.retry.pressed' }),
    // Paging (Show all only while something is not shown: the page disables it otherwise).
    ...(c.zones.length > 0
      ? [
          sample('next zones', { type: 'zones.next.pressed' }),
          sample('previous zones', { type: 'zones.previous.pressed' }),
          ...(allZones ? [] : [sample('show all zones', { type: 'zones.all.pressed' })]),
        ]
      : []),
    ...(c.records.length > 0
      ? [
          sample('next records', { type: 'records.next.pressed' }),
          sample('previous records', { type: 'records.previous.pressed' }),
          ...(allRecords ? [] : [sample('show all records', { type: 'records.all.pressed' })]),
        ]
      : []),
    // The second zone is listed on the first page only: elsewhere choosing it is walked too.
    sample('choose the second zone', { type: 'zone.selected', zoneId: SECOND.zone_id }),
    ...(zoneName && c.newZone.zone_name !== zoneName && typing('')
      ? [
          sample('type the new zone’s name', {
            type: 'zone.field.changed',
            field: 'zone_name',
            value: zoneName,
          }),
        ]
      : []),
    ...(c.newZone.zone_name !== ''
      ? [sample('create a zone', { type: 'zone.create.submitted' })]
      : []),
    ...(listed(FIRST.zone_id)
      ? [
          sample('edit the first zone’s TTL', {
            type: 'zone.edit.pressed',
            zoneId: FIRST.zone_id,
          }),
        ]
      : []),
    ...(listed(SECOND.zone_id)
      ? [sample('delete the second zone', { type: 'zone.delete.pressed', zoneId: SECOND.zone_id })]
      : []),
    // The new zones are not on the sample server's pages: their buttons while they count down.
    ...(newLocked
      ? [
          sample('delete the new zone', { type: 'zone.delete.pressed', zoneId: NEW_ZONE.zone_id }),
          sample('edit the new zone’s TTL', {
            type: 'zone.edit.pressed',
            zoneId: NEW_ZONE.zone_id,
          }),
          sample('the new zone’s countdown ends', {
            type: 'zone.unlocked',
            zoneId: NEW_ZONE.zone_id,
          }),
        ]
      : []),
    ...(newerLocked
      ? [
          sample('the newer zone’s countdown ends', {
            type: 'zone.unlocked',
            zoneId: NEWER_ZONE.zone_id,
          }),
        ]
      : []),
    ...(c.zoneEditor && c.zoneEditor.ttl !== NEW_TTL
      ? [sample('type 7200 as the TTL', { type: 'zone.ttl.changed', value: NEW_TTL })]
      : []),
    sample('save the TTL', { type: 'zone.ttl.submitted' }),
    sample('close the TTL', { type: 'zone.editor.closed' }),
    ...(empty('')
      ? [
          sample(c.recordType === 'MX' ? 'choose A records' : 'choose MX records', {
            type: 'record.type.chosen',
            recordType: c.recordType === 'MX' ? 'A' : 'MX',
          }),
        ]
      : []),
    // Without an active zone these are walked too: the panel has nowhere to put them.
    sample('add an MX record', { type: 'record.create.pressed', recordType: 'MX' }),
    ...(recordShown
      ? [
          sample('edit the MX record', { type: 'record.edit.pressed', record: RECORD }),
          sample('delete the MX record', { type: 'record.delete.pressed', record: RECORD }),
        ]
      : []),
    // A new record's target and priority (the record edited is saved as it is).
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
    ...(c.aliasName !== ALIAS && typing('')
      ? [sample('type an alias', { type: 'alias.name.changed', value: ALIAS })]
      : []),
    ...(c.aliasName !== '' ? [sample('add an alias', { type: 'alias.add.submitted' })] : []),
    ...(alias
      ? [sample('remove the alias', { type: 'alias.delete.pressed', aliasId: alias.alias_id })]
      : []),
    sample('confirm the delete', { type: 'delete.confirmed' }),
    sample('cancel the delete', { type: 'delete.cancelled' }),
    ...(c.importFile !== ZONE_FILE && typing('')
      ? [sample('paste a zone file', { type: 'import.file.changed', value: ZONE_FILE })]
      : []),
    ...(c.importFile !== ''
      ? [sample('preview a zone file', { type: 'import.preview.submitted' })]
      : []),
    sample('import it', { type: 'import.apply.pressed' }),
    sample('cancel the import', { type: 'import.cancelled' }),
    // The server answers what was asked.
    ...answersTo(c.change?.kind, Boolean(c.editor?.record), newLocked ? NEWER_ZONE : NEW_ZONE),
  ];
  const locked = c.lockedZoneIds.length > 0;
  const home =
    c.zonePaging.offset === 0 &&
    c.zonePaging.limit === DNS_PAGE_SIZE &&
    c.recordPaging.offset === 0 &&
    c.recordPaging.limit === DNS_PAGE_SIZE;
  const said = c.failure !== null || c.notice !== null;
  // A list that cannot load is walked from the first pages, nothing said (Try again forgets).
  const answers = all.filter(
    (s) => ANSWERS.has(s.label) || (FAILURES.has(s.label) && home && !said && !locked),
  );
  const walked = (labels: ReadonlySet<string>) => [
    ...answers,
    ...all.filter((s) => labels.has(s.label)),
  ];
  // Text typed in a form: its submit (a record type chosen: choosing back).
  if (c.recordType !== 'A') return walked(new Set(['choose A records']));
  if (c.newZone.zone_name !== '' && !locked) return walked(new Set(['create a zone']));
  if (c.aliasName !== '') return walked(new Set(['add an alias']));
  if (c.importFile !== '')
    return walked(new Set(['preview a zone file', 'import it', 'cancel the import']));
  if (locked) return walked(LOCKED);
  // After a change says something, what forgets it is walked (paging is not: not specified).
  if (said) return walked(home ? FORGETTING : AWAY_SAID);
  return walked(home ? HOME : AWAY);
}

// ---------------------------------------------------------------------------------------------

/** The record editor as it opens (portal.md §3 "MX: target, priority"): a new record's fields empty. */
const NEW_MX_VALUES = { name: '@', target: '', priority: '', ttl: '' };
const RECORD_VALUES = { name: '@', target: 'mail.example.net.', priority: '10', ttl: '' };

/** Opening a form: the last change's words go. */
const FORGOTTEN = { loadError: null, failure: '', notice: null };

export const dnsPanelModel = defineMachine({
  name: 'dns-panel',
  title: 'DNS panel',
  description:
    'The DNS page: the customer’s zones and the chosen zone’s records, ten at a time, with Next, ' +
    'Previous and Show all. Moving to another page of zones goes back to the first zone and its ' +
    'first page of records. A zone can be created (its Edit and Delete buttons then count down ' +
    '60 seconds before they work), its TTL changed and it can be deleted; records can be added ' +
    'and edited (under a target, the name that will be served, with a warning when a short MX ' +
    'name points at the root) and deleted; aliases added and removed; a zone file previewed and ' +
    'imported. Every delete asks first. After any change the lists load again; a refused change ' +
    'shows in the form that sent it, on its fields. Only a user who manages services can change ' +
    'anything.',
  machine: dnsPanelMachine,
  input: { perms: { services: { has_view: true, has_manage: true } } },
  events: (snapshot) => samplesFor(snapshot),
  project,
  limit: 60_000,
  // The new zone's countdown runs for real (its seconds show on the zone's buttons).
  fakes: { actors: { zoneCountdown: zoneCountdownMachine } },
  expect: {
    // The page opens loading the first page of zones: nothing listed, nothing said, no change,
    // every form empty (a new zone's TTL 3600, portal.md §5) and working.
    start: {
      to: 'loadingZones',
      with: {
        canChange: true,
        zoneOffset: 0,
        zoneLimit: DNS_PAGE_SIZE,
        recordOffset: 0,
        recordLimit: DNS_PAGE_SIZE,
        busy: true,
        zones: null,
        listed: null,
        zone: null,
        records: null,
        groups: null,
        newZone: ENABLED,
        newerZone: ENABLED,
        newZoneName: '',
        alias: '',
        zoneFile: '',
        ttlEditor: null,
        editor: null,
        values: null,
        served: null,
        saving: false,
        confirm: null,
        preview: null,
        loadError: null,
        failure: '',
        notice: null,
        change: null,
      },
    },
    on: {
      // portal.md §4: after its countdown a new zone's buttons work again (each zone its own).
      '*': {
        'the new zone’s countdown ends': (b) => ({
          to: 'stays',
          with: { newZone: ENABLED, newerZone: b.newerZone },
        }),
        'the newer zone’s countdown ends': (b) => ({
          to: 'stays',
          with: { newZone: b.newZone, newerZone: ENABLED },
        }),
      },
      loadingZones: {
        // The active zone stays while it is listed; otherwise the page's first zone, from its
        // first page of records (portal.md §4).
        'the zones load': (b) => {
          const page = ZONE_LIST.slice(b.zoneOffset, b.zoneOffset + b.zoneLimit);
          const kept = page.some((z) => z.zone_name === b.zone);
          return go('loadingRecords', {
            zoneTotal: ZONE_COUNT,
            zone: kept ? b.zone : page[0].zone_name,
            recordOffset: kept ? b.recordOffset : 0,
            recordLimit: kept ? b.recordLimit : DNS_PAGE_SIZE,
            failure: b.failure,
            notice: b.notice,
          });
        },
        'no zones load': (b) =>
          go('ready', {
            ...lists({ ...b, zoneTotal: 0, recordTotal: 0 }, 'ready'),
            zoneTotal: 0,
            zone: null,
          }),
        'the zones cannot be loaded': go('failed', { loadError: ERROR_MESSAGES.timeout }),
      },
      loadingRecords: {
        'the records load': (b) =>
          go('ready', {
            ...lists({ ...b, recordTotal: RECORD_COUNT }, 'ready'),
            recordTotal: RECORD_COUNT,
            zone: b.zone,
            failure: b.failure,
            notice: b.notice,
          }),
        'the records cannot be loaded': go('failed', { loadError: ERROR_MESSAGES.timeout }),
      },
      failed: {
        'press Try again': go('loadingZones', FORGOTTEN),
      },
      ready: {
        'next zones': (b) =>
          b.zoneOffset + b.zoneLimit < b.zoneTotal
            ? zonePage(b.zoneOffset + b.zoneLimit, b.zoneLimit)
            : 'ignored',
        'previous zones': (b) =>
          b.zoneOffset > 0
            ? zonePage(Math.max(0, b.zoneOffset - b.zoneLimit), b.zoneLimit)
            : 'ignored',
        'show all zones': (b) => zonePage(0, b.zoneTotal),
        'next records': (b) =>
          b.recordOffset + b.recordLimit < b.recordTotal
            ? go('loadingRecords', { recordOffset: b.recordOffset + b.recordLimit, zone: b.zone })
            : 'ignored',
        'previous records': (b) =>
          b.recordOffset > 0
            ? go('loadingRecords', {
                recordOffset: Math.max(0, b.recordOffset - b.recordLimit),
                zone: b.zone,
              })
            : 'ignored',
        'show all records': (b) =>
          go('loadingRecords', { recordOffset: 0, recordLimit: b.recordTotal, zone: b.zone }),
        // Only a zone listed on the page can be chosen; its records from their first page.
        'choose the second zone': (b) =>
          zonesOn(b).includes(SECOND)
            ? go('loadingRecords', {
                zone: SECOND.zone_name,
                recordOffset: 0,
                recordLimit: DNS_PAGE_SIZE,
              })
            : 'ignored',
        // What is typed in a form is kept as typed.
        'type the new zone’s name': (b) => ({
          to: 'stays',
          with: { newZoneName: (disabled(b.newZone) ? NEWER_ZONE : NEW_ZONE).zone_name },
        }),
        'create a zone': (b) => sending(b, 'zone.create', { newZoneName: b.newZoneName }),
        // A zone's TTL opens with the zone's own (3600).
        'edit the first zone’s TTL': (b) =>
          go('editingZone', {
            ...lists(b, 'other'),
            ...FORGOTTEN,
            ttlEditor: `${FIRST.zone_id} 3600`,
          }),
        'delete the second zone': (b) =>
          go('confirming', { ...lists(b, 'other'), ...FORGOTTEN, confirm: SECOND.zone_name }),
        // portal.md §4: a new zone's Edit and Delete are disabled while its countdown runs.
        'delete the new zone': (b) => (disabled(b.newZone) ? 'ignored' : 'confirming'),
        'edit the new zone’s TTL': (b) =>
          disabled(b.newZone)
            ? 'ignored'
            : go('editingZone', { ttlEditor: `${NEW_ZONE.zone_id} ${DEFAULT_ZONE_TTL}` }),
        'choose MX records': { to: 'stays', with: { recordType: 'MX' } },
        'choose A records': { to: 'stays', with: { recordType: 'A' } },
        'add an MX record': (b) =>
          b.zone === null
            ? 'ignored'
            : go('editing', {
                ...lists(b, 'other'),
                ...FORGOTTEN,
                editor: 'Add MX record',
                values: NEW_MX_VALUES,
                served: null,
                saving: false,
              }),
        // The record's target served as it is: absolute already.
        'edit the MX record': (b) =>
          go('editing', {
            ...lists(b, 'other'),
            ...FORGOTTEN,
            editor: 'Edit MX record',
            values: RECORD_VALUES,
            served: DNS_MESSAGES.servedAs('mail.example.net.'),
            saving: false,
          }),
        'delete the MX record': (b) =>
          go('confirming', { ...lists(b, 'other'), ...FORGOTTEN, confirm: RECORD_LINE }),
        'type an alias': { to: 'stays', with: { alias: ALIAS } },
        'add an alias': (b) =>
          b.zone === null ? 'ignored' : sending(b, 'alias.add', { alias: b.alias }),
        'remove the alias': (b) =>
          go('confirming', {
            ...lists(b, 'other'),
            ...FORGOTTEN,
            confirm: secondAliasOf(b.zone)?.alias_name,
          }),
        'paste a zone file': { to: 'stays', with: { zoneFile: ZONE_FILE } },
        'preview a zone file': (b) =>
          b.zone === null
            ? 'ignored'
            : sending(b, 'import.preview', { preview: null, zoneFile: b.zoneFile }),
      },
      editing: {
        // portal.md §5: a new MX record's target gets a trailing dot: "mail" is the name "mail."
        // at the root, not a host of the zone, and the editor warns of it.
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
        'save the record': (b) =>
          go('changing', {
            editor: b.editor,
            values: b.values,
            saving: true,
            change: 'record.save',
            zone: b.zone,
            failure: '',
          }),
        'close the editor': (b) =>
          go('ready', {
            ...lists(b, 'ready'),
            editor: null,
            values: null,
            served: null,
            saving: false,
            failure: '',
          }),
      },
      editingZone: {
        'type 7200 as the TTL': (b) => ({
          to: 'stays',
          with: { ttlEditor: `${(b.ttlEditor ?? '').split(' ')[0]} ${NEW_TTL}` },
        }),
        // The TTL shows while it is saved.
        'save the TTL': (b) =>
          go('changing', { ttlEditor: b.ttlEditor, change: 'zone.update', failure: '' }),
        'close the TTL': (b) => go('ready', { ...lists(b, 'ready'), ttlEditor: null, failure: '' }),
      },
      confirming: {
        // The confirmation stays while the delete is sent.
        'confirm the delete': (b) =>
          go('changing', {
            confirm: b.confirm,
            change: deleteKind(b),
            failure: '',
            notice: null,
          }),
        'cancel the delete': (b) =>
          go('ready', { ...lists(b, 'ready'), confirm: null, failure: '' }),
      },
      changing: {
        // portal.md §4, §9: the zone just created is disabled for 60 seconds, the others as they
        // were; the form is emptied.
        'the server creates the zone': (b) =>
          go('loadingZones', {
            change: null,
            notice: null,
            failure: '',
            newZoneName: '',
            newZone: DISABLED,
            newerZone: disabled(b.newZone) ? DISABLED : b.newerZone,
          }),
        'the server answers the preview': (b) =>
          go('reviewingImport', {
            ...lists(b, 'other'),
            change: null,
            zone: b.zone,
            preview: '1 to add, 0 to change, 0 to remove · + www A 192.0.2.1',
          }),
        // After any change the lists load again, saying what the change did; an earlier refusal
        // no longer shows (portal.md §8), the form that sent it is closed or emptied.
        'the server accepts': (b) =>
          go('loadingZones', {
            change: null,
            editor: null,
            values: null,
            served: null,
            ttlEditor: null,
            confirm: null,
            saving: false,
            notice: SAYS[b.change as Kind] ?? null,
            failure: '',
            alias: b.change === 'alias.add' ? '' : b.alias,
            zoneFile: b.change === 'import.apply' ? '' : b.zoneFile,
          }),
        // A refusal shows in the form that sent it: on the fields the 422 names (portal.md §5),
        // otherwise its reason inside the form (portal.md §8: a record's `detail`).
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
      reviewingImport: {
        'import it': (b) => sending(b, 'import.apply', { preview: null, zoneFile: b.zoneFile }),
        'cancel the import': (b) => go('ready', { ...lists(b, 'ready'), preview: null }),
      },
    },
    running: {
      loadingZones: ['loadZones'],
      loadingRecords: ['loadRecords'],
      changing: ['change'],
    },
    // docs/api.md "DNS": the page of zones asked for, the active zone's page of records, and the
    // call of each change with what the person entered.
    inputs: {
      loadZones: (p) => ({ limit: p.zoneLimit, offset: p.zoneOffset }),
      loadRecords: (p) => ({
        zoneId: zoneIdOf(p.zone),
        limit: p.recordLimit,
        offset: p.recordOffset,
      }),
      change: (p) => changeInput(p),
    },
  },
  states: {
    loadingZones: (s) => expectThat(selectLoading(s), 'the lists show they are loading'),
    loadingRecords: (s) => expectThat(selectLoading(s), 'the records show they are loading'),
    failed: (s) => expectThat(selectLoadFailed(s), 'the failure shows with Try again'),
    ready: (s) => {
      expectThat(!selectLoading(s), 'nothing loads');
      expectThat(
        selectZoneButtonLabel(s, FIRST.zone_id, 'Delete') === 'Delete',
        'an old zone’s Delete is enabled',
      );
      // The countdown of the new zone counts for that zone.
      const countdown = selectZoneCountdown(s, NEW_ZONE.zone_id);
      expectThat(
        !countdown || countdown.getSnapshot().context.zoneId === NEW_ZONE.zone_id,
        'the new zone’s countdown is the new zone’s',
      );
    },
    editing: (s) => expectThat(selectEditor(s) !== null, 'the record editor is open'),
    editingZone: (s) => expectThat(selectZoneEditor(s) !== null, 'the zone’s TTL is open'),
    confirming: (s) => expectThat(selectPendingDelete(s) !== null, 'the confirmation shows'),
    changing: (s) => expectThat(!selectLoading(s), 'the change is on its way'),
    reviewingImport: (s) => {
      expectThat(selectImportPreview(s) !== null, 'the preview shows');
      expectThat(selectActiveZone(s) !== null, 'for the active zone');
    },
  },
});
