/**
 * The DNS panel's registration: zones and records paged by 10 (portal.md §4), the active zone,
 * the record editor with a 422's field errors, deletes after a confirmation, aliases, a zone file
 * previewed then imported, and a new zone locked while its countdown runs.
 */
import { DNS_PAGE_SIZE } from '#shared/constants';
import type { DnsRecord, DnsZone, ImportPreview, RecordsPage, ZonesPage } from '#shared/dns';
import { DNS_MESSAGES } from '#shared/messages/dns';
import { ERROR_MESSAGES } from '#shared/messages';
import type { SnapshotFrom } from 'xstate';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { dnsPanelMachine, type DnsPanelContext } from './dns-panel.machine.ts';
import {
  selectActiveZone,
  selectEditor,
  selectImportPreview,
  selectLoadFailed,
  selectLoading,
  selectPendingDelete,
  selectRecordPager,
  selectZoneButtonLabel,
  selectZonePager,
} from './dns-panel.selectors.ts';

const zone = (zone_id: number, zone_name: string): DnsZone => ({
  zone_id,
  zone_name,
  ttl: 3600,
  aliases: [{ alias_id: 4001, alias_name: `alias-of-${zone_name}` }],
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
const NEW_ZONE = zone(3, 'new.example');
/** 12 zones: two pages of 10. */
const ZONES: ZonesPage = { total_zones: 12, zones: [FIRST, SECOND], limit: 10, offset: 0 };
const NO_ZONES: ZonesPage = { total_zones: 0, zones: [], limit: 10, offset: 0 };
const RECORD: DnsRecord = {
  record_id: 100001,
  record_type: 'MX',
  name: '@',
  ttl: null,
  content: '10 mail.example.net.',
  target: 'mail.example.net.',
  priority: 10,
};
/** 15 records: two pages of 10. */
const RECORDS: RecordsPage = { total_records: 15, records: [RECORD], limit: 10, offset: 0 };
const PREVIEW: ImportPreview = {
  added: [{ name: 'www', record_type: 'A', ttl: null, content: '192.0.2.1' }],
  changed: [],
  removed: [],
  applied: false,
};

/** What the machine's conditions read: the paging, the active zone, the lock, the editor, the change. */
const project = ({ context }: { context: DnsPanelContext }) => ({
  zoneOffset: context.zonePaging.offset,
  zoneLimit: context.zonePaging.limit,
  zoneTotal: context.zonePaging.total,
  active: context.activeZoneId,
  recordOffset: context.recordPaging.offset,
  recordLimit: context.recordPaging.limit,
  recordTotal: context.recordPaging.total,
  locked: context.lockedZoneIds.includes(NEW_ZONE.zone_id),
  editor: context.editor !== null,
  change: changeOf(context.change?.kind),
});

/** The kinds of change the panel treats apart: a preview, a record save, any other. */
function changeOf(kind: string | undefined): 'import.preview' | 'record.save' | 'other' | null {
  if (kind === undefined) return null;
  return kind === 'import.preview' || kind === 'record.save' ? kind : 'other';
}

type Before = ReturnType<typeof project>;

/** The answers of the server to a change of this kind. */
function answersTo(kind: string | undefined) {
  const unreachable = sample('the server cannot be reached', {
    type: 'xstate.error.actor.change',
    error: { message: ERROR_MESSAGES.timeout },
  });
  if (kind === 'zone.create') {
    return [
      sample('the server creates the zone', {
        type: 'xstate.done.actor.change',
        output: { zone: NEW_ZONE },
      }),
      unreachable,
    ];
  }
  if (kind === 'import.preview') {
    return [
      sample('the server answers the preview', {
        type: 'xstate.done.actor.change',
        output: { preview: PREVIEW },
      }),
      unreachable,
    ];
  }
  const refusal = sample('the server refuses with field errors', {
    type: 'xstate.error.actor.change',
    error: {
      message: `${DNS_MESSAGES.recordCreateFailed} ${DNS_MESSAGES.hostname}`,
      fieldErrors: { target: DNS_MESSAGES.hostname },
    },
  });
  const accepted = sample('the server accepts', { type: 'xstate.done.actor.change', output: {} });
  return kind === 'record.save' ? [accepted, refusal, unreachable] : [accepted, unreachable];
}

/** portal.md §4: changing the zone page resets the records to the first page and the active zone. */
const zonePage = (zoneOffset: number, zoneLimit: number) => ({
  to: 'loadingZones',
  with: { zoneOffset, zoneLimit, recordOffset: 0, recordLimit: DNS_PAGE_SIZE, active: null },
});
/** After a refused change the panel says why (a record's refusal on the editor's fields). */
const afterRefusal = (b: Before) => (b.change === 'record.save' && b.editor ? 'editing' : 'ready');

/** While a new zone is locked only what bears on the lock is walked (the rest is as without it). */
const LOCK_SAMPLES = new Set([
  'the zones load',
  'the records load',
  'delete the new zone',
  'the new zone’s countdown ends',
  'the server accepts',
  'the server cannot be reached',
]);

const EMPTY_SKIPS = new Set(['show all zones', 'show all records', 'next zones', 'previous zones']);

function samplesFor(snapshot: SnapshotFrom<typeof dnsPanelMachine>) {
  const all = [
    sample('the zones load', { type: 'xstate.done.actor.loadZones', output: ZONES }),
    // A customer without zones: on the first load only.
    ...(snapshot.context.zones.length === 0
      ? [sample('no zones load', { type: 'xstate.done.actor.loadZones', output: NO_ZONES })]
      : []),
    sample('the zones cannot be loaded', {
      type: 'xstate.error.actor.loadZones',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('the records load', { type: 'xstate.done.actor.loadRecords', output: RECORDS }),
    sample('the records cannot be loaded', {
      type: 'xstate.error.actor.loadRecords',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('press Try again', { type: 'load.retry.pressed' }),
    sample('next zones', { type: 'zones.next.pressed' }),
    sample('previous zones', { type: 'zones.previous.pressed' }),
    sample('show all zones', { type: 'zones.all.pressed' }),
    sample('next records', { type: 'records.next.pressed' }),
    sample('previous records', { type: 'records.previous.pressed' }),
    sample('show all records', { type: 'records.all.pressed' }),
    sample('choose the second zone', { type: 'zone.selected', zoneId: SECOND.zone_id }),
    sample('create a zone', { type: 'zone.create.submitted', zone_name: 'new.example', ttl: 3600 }),
    sample('change the first zone’s TTL', {
      type: 'zone.ttl.submitted',
      zoneId: FIRST.zone_id,
      ttl: 7200,
    }),
    sample('delete the first zone', { type: 'zone.delete.pressed', zoneId: FIRST.zone_id }),
    sample('delete the new zone', { type: 'zone.delete.pressed', zoneId: NEW_ZONE.zone_id }),
    sample('the new zone’s countdown ends', { type: 'zone.unlocked', zoneId: NEW_ZONE.zone_id }),
    sample('add an MX record', { type: 'record.create.pressed', recordType: 'MX' }),
    sample('edit the MX record', { type: 'record.edit.pressed', record: RECORD }),
    sample('save the record', {
      type: 'record.save.submitted',
      body: { name: '@', priority: 10, target: 'mail.example.net' },
    }),
    sample('close the editor', { type: 'record.editor.closed' }),
    sample('delete the MX record', { type: 'record.delete.pressed', record: RECORD }),
    sample('add an alias', { type: 'alias.add.submitted', alias_name: 'other.example' }),
    sample('remove the alias', { type: 'alias.delete.pressed', aliasId: 4001 }),
    sample('confirm the delete', { type: 'delete.confirmed' }),
    sample('cancel the delete', { type: 'delete.cancelled' }),
    sample('preview a zone file', {
      type: 'import.preview.submitted',
      zone_file: 'www IN A 192.0.2.1\n',
    }),
    sample('import it', { type: 'import.apply.pressed' }),
    sample('cancel the import', { type: 'import.cancelled' }),
    // The server answers what was asked.
    ...answersTo(snapshot.context.change?.kind),
  ];
  const locked = snapshot.context.lockedZoneIds.length > 0;
  if (locked) return all.filter((s) => LOCK_SAMPLES.has(s.label));
  // A customer without zones can create one; paging an empty list is walked no further.
  const empty = snapshot.context.zonePaging.total === 0 && snapshot.context.zones.length === 0;
  const loaded = !snapshot.matches('loadingZones');
  return empty && loaded ? all.filter((s) => !EMPTY_SKIPS.has(s.label)) : all;
}

export const dnsPanelModel = defineMachine({
  name: 'dns-panel',
  title: 'DNS panel',
  description:
    'The DNS page: the customer’s zones and the chosen zone’s records, ten at a time, with Next, ' +
    'Previous and Show all. Moving to another page of zones goes back to the first zone and its ' +
    'first page of records. A zone can be created (its Edit and Delete buttons then count down ' +
    '60 seconds before they work), its TTL changed and it can be deleted; records can be added, ' +
    'edited (mistakes show on the fields) and deleted; aliases added and removed; a zone file ' +
    'previewed and imported. Every delete asks first. After any change the lists load again.',
  machine: dnsPanelMachine,
  events: (snapshot) => samplesFor(snapshot),
  project,
  limit: 60_000,
  expect: {
    on: {
      '*': { 'the new zone’s countdown ends': { to: 'stays', with: { locked: false } } },
      loadingZones: {
        'the zones load': (b) => ({
          to: 'loadingRecords',
          with: {
            zoneTotal: 12,
            active: b.active === SECOND.zone_id ? SECOND.zone_id : FIRST.zone_id,
          },
        }),
        'no zones load': { to: 'ready', with: { zoneTotal: 0, active: null } },
        'the zones cannot be loaded': 'failed',
      },
      loadingRecords: {
        'the records load': { to: 'ready', with: { recordTotal: 15 } },
        'the records cannot be loaded': 'failed',
      },
      failed: { 'press Try again': 'loadingZones' },
      ready: {
        'next zones': (b) =>
          b.zoneOffset + b.zoneLimit < b.zoneTotal
            ? zonePage(b.zoneOffset + b.zoneLimit, b.zoneLimit)
            : 'ignored',
        'previous zones': (b) =>
          b.zoneOffset > 0
            ? zonePage(Math.max(0, b.zoneOffset - b.zoneLimit), b.zoneLimit)
            : 'ignored',
        'show all zones': (b) => zonePage(0, Math.max(1, b.zoneTotal)),
        'next records': (b) =>
          b.recordOffset + b.recordLimit < b.recordTotal
            ? { to: 'loadingRecords', with: { recordOffset: b.recordOffset + b.recordLimit } }
            : 'ignored',
        'previous records': (b) =>
          b.recordOffset > 0
            ? {
                to: 'loadingRecords',
                with: { recordOffset: Math.max(0, b.recordOffset - b.recordLimit) },
              }
            : 'ignored',
        'show all records': (b) => ({
          to: 'loadingRecords',
          with: { recordOffset: 0, recordLimit: Math.max(1, b.recordTotal) },
        }),
        // The sample page of zones lists the second zone whenever there are zones.
        'choose the second zone': (b) =>
          b.zoneTotal === 0
            ? 'ignored'
            : {
                to: 'loadingRecords',
                with: { active: SECOND.zone_id, recordOffset: 0, recordLimit: DNS_PAGE_SIZE },
              },
        'create a zone': { to: 'changing', with: { change: 'other' } },
        'change the first zone’s TTL': { to: 'changing', with: { change: 'other' } },
        'delete the first zone': 'confirming',
        // portal.md §4: a new zone is disabled while its countdown runs.
        'delete the new zone': (b) => (b.locked ? 'ignored' : 'confirming'),
        'add an MX record': (b) =>
          b.active === null ? 'ignored' : { to: 'editing', with: { editor: true } },
        'edit the MX record': { to: 'editing', with: { editor: true } },
        'delete the MX record': 'confirming',
        'add an alias': (b) =>
          b.active === null ? 'ignored' : { to: 'changing', with: { change: 'other' } },
        'remove the alias': 'confirming',
        'preview a zone file': (b) =>
          b.active === null ? 'ignored' : { to: 'changing', with: { change: 'import.preview' } },
      },
      editing: {
        'save the record': { to: 'changing', with: { change: 'record.save' } },
        'close the editor': { to: 'ready', with: { editor: false } },
      },
      confirming: {
        'confirm the delete': 'changing',
        'cancel the delete': 'ready',
      },
      changing: {
        'the server creates the zone': { to: 'loadingZones', with: { locked: true, change: null } },
        'the server answers the preview': { to: 'reviewingImport', with: { change: null } },
        'the server accepts': { to: 'loadingZones', with: { change: null, editor: false } },
        'the server refuses with field errors': afterRefusal,
        'the server cannot be reached': afterRefusal,
      },
      reviewingImport: {
        'import it': { to: 'changing', with: { change: 'other' } },
        'cancel the import': 'ready',
      },
    },
  },
  states: {
    loadingZones: (s) => expectThat(selectLoading(s), 'the lists show they are loading'),
    loadingRecords: (s) => expectThat(selectLoading(s), 'the records show they are loading'),
    failed: (s) => expectThat(selectLoadFailed(s), 'the failure shows with Try again'),
    ready: (s) => {
      const zones = selectZonePager(s);
      expectThat(zones.from <= zones.to || zones.total === 0, 'the zone pager is consistent');
      const records = selectRecordPager(s);
      expectThat(!records.canPrevious || records.from > 1, 'Previous only past the first page');
      expectThat(
        selectZoneButtonLabel(s, FIRST.zone_id, 'Delete') === 'Delete',
        'an old zone’s Delete is enabled',
      );
    },
    editing: (s) => expectThat(selectEditor(s) !== null, 'the record editor is open'),
    confirming: (s) => expectThat(selectPendingDelete(s) !== null, 'the confirmation shows'),
    changing: (s) => expectThat(!selectLoading(s), 'the change is on its way'),
    reviewingImport: (s) => {
      expectThat(selectImportPreview(s) !== null, 'the preview shows');
      expectThat(selectActiveZone(s) !== null, 'for the active zone');
    },
  },
});
