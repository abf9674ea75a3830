/**
 * The DNS page machine's registration: what the page does between its children (the zone list,
 * the records pager and the forms, each registered on its own: zone-list.model.ts,
 * records-pager.model.ts, dns-forms.model.ts). The children here are inert, and what the page
 * passes on to them is declared step by step (each passing on is an effect): paging goes to the
 * lists only while both are shown; a form opens only then (portal.md §4: a new zone's Edit and
 * Delete not while its countdown runs, 60 s); the active zone goes to the records pager and the
 * forms; after a change the zones load again. The user manages services (portal.md §6).
 */
import { createMachine } from 'xstate';
import { TIMERS } from '#shared/constants';
import { DNS_MESSAGES } from '#shared/dns/messages';
import { ERROR_MESSAGES } from '#shared/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { dnsPanelMachine } from './dns-panel.machine.ts';
import {
  selectBusy,
  selectLoadError,
  selectLoadFailed,
  selectLoading,
  selectManages,
  selectReady,
  selectZoneButtonLabel,
  type DnsPanelSnapshot,
} from './dns-panel.selectors.ts';
import { FIRST, RECORD, SECOND, ZONE_LIST, sampleZone } from './samples.ts';
import { zoneCountdownMachine } from './zone-countdown.machine.ts';

/** The zones "create a zone" makes: a second one while the first one's countdown runs. */
const NEW_ZONE = sampleZone(26, 'new.example');
const NEWER_ZONE = sampleZone(27, 'newer.example');
const FIRST_PAGE = ZONE_LIST.slice(0, 10);

/** A zone's buttons while its countdown runs (portal.md §4: they show the seconds left). */
const DISABLED = `${DNS_MESSAGES.disabledFor('Edit', TIMERS.newZoneDisabledSeconds)} · ${DNS_MESSAGES.disabledFor('Delete', TIMERS.newZoneDisabledSeconds)}`;
const ENABLED = 'Edit · Delete';

const zoneButtons = (snapshot: DnsPanelSnapshot, zoneId: number) =>
  `${selectZoneButtonLabel(snapshot, zoneId, 'Edit')} · ${selectZoneButtonLabel(snapshot, zoneId, 'Delete')}`;

function project(snapshot: DnsPanelSnapshot) {
  return {
    canChange: selectManages(snapshot),
    busy: selectBusy(snapshot),
    loadError: selectLoadError(snapshot),
    /** The new zones' Edit and Delete (disabled while their countdown runs). */
    newZone: zoneButtons(snapshot, NEW_ZONE.zone_id),
    newerZone: zoneButtons(snapshot, NEWER_ZONE.zone_id),
  };
}
type Projection = ReturnType<typeof project>;

/** The children as the walk sees them: they never move on their own (the samples are their notes). */
const inert = createMachine({ id: 'inert' });

/**
 * What the page passes on to its children (the event itself, the active zone, a reload) is not
 * judged here, where they are inert: tests/machines/dns-panel-page.test.ts drives the page with
 * its real children.
 */

const PAGING: [string, object][] = [
  ['next zones', { type: 'zones.next.pressed' }],
  ['previous zones', { type: 'zones.previous.pressed' }],
  ['show all zones', { type: 'zones.all.pressed' }],
  ['choose the second zone', { type: 'zone.selected', zoneId: SECOND.zone_id }],
  ['next records', { type: 'records.next.pressed' }],
  ['previous records', { type: 'records.previous.pressed' }],
  ['show all records', { type: 'records.all.pressed' }],
];
/** What opens a form or sends one from the page (not from a dialog). */
const OPENING: [string, object][] = [
  ['create a zone', { type: 'zone.create.submitted' }],
  ['edit the first zone’s TTL', { type: 'zone.edit.pressed', zoneId: FIRST.zone_id }],
  ['delete the second zone', { type: 'zone.delete.pressed', zoneId: SECOND.zone_id }],
  ['add an MX record', { type: 'record.create.pressed', recordType: 'MX' }],
  ['edit the MX record', { type: 'record.edit.pressed', record: RECORD }],
  ['delete the MX record', { type: 'record.delete.pressed', record: RECORD }],
  ['add an alias', { type: 'alias.add.submitted' }],
  ['remove the alias', { type: 'alias.delete.pressed', aliasId: FIRST.aliases[1].alias_id }],
  ['preview a zone file', { type: 'import.preview.submitted' }],
];
/** What is typed, and the dialogs' own buttons: the forms' whatever the lists do. */
const IN_FORMS: [string, object][] = [
  ['type the new zone’s name', { type: 'zone.field.changed', field: 'zone_name', value: 'x' }],
  ['type an alias', { type: 'alias.name.changed', value: 'other.example' }],
  ['paste a zone file', { type: 'import.file.changed', value: 'www IN A 192.0.2.1\n' }],
  ['choose MX records', { type: 'record.type.chosen', recordType: 'MX' }],
  ['type 7200 as the TTL', { type: 'zone.ttl.changed', value: '7200' }],
  ['save the TTL', { type: 'zone.ttl.submitted' }],
  ['close the TTL', { type: 'zone.editor.closed' }],
  ['type mail as the target', { type: 'record.field.changed', field: 'target', value: 'mail' }],
  ['save the record', { type: 'record.save.submitted' }],
  ['close the editor', { type: 'record.editor.closed' }],
  ['confirm the delete', { type: 'delete.confirmed' }],
  ['cancel the delete', { type: 'delete.cancelled' }],
  ['import it', { type: 'import.apply.pressed' }],
  ['cancel the import', { type: 'import.cancelled' }],
];

function samplesFor(snapshot: DnsPanelSnapshot) {
  const locked = snapshot.context.lockedZoneIds;
  const newLocked = locked.includes(NEW_ZONE.zone_id);
  const newerLocked = locked.includes(NEWER_ZONE.zone_id);
  return [
    // What the children tell the page.
    sample('the zones are shown', {
      type: 'zones.shown',
      zones: FIRST_PAGE,
      zone: FIRST,
      fromFirstPage: true,
    }),
    sample('no zones are shown', {
      type: 'zones.shown',
      zones: [],
      zone: null,
      fromFirstPage: false,
    }),
    sample('the zones cannot be loaded', { type: 'zones.failed', message: ERROR_MESSAGES.timeout }),
    sample('the zone list loads', { type: 'zones.loading' }),
    sample('the records are shown', { type: 'records.shown' }),
    sample('the records cannot be loaded', {
      type: 'records.failed',
      message: ERROR_MESSAGES.timeout,
    }),
    sample('the records pager loads', { type: 'records.loading' }),
    sample('a change is sent', { type: 'change.sent' }),
    ...(newerLocked
      ? []
      : [
          sample('a zone is created', {
            type: 'change.made',
            kind: 'zone.create',
            zone: newLocked ? NEWER_ZONE : NEW_ZONE,
          }),
        ]),
    sample('an alias is added', { type: 'change.made', kind: 'alias.add', zone: null }),
    sample('the change is refused', { type: 'change.settled' }),
    // What the person does.
    sample('press Try again', { type: 'load.retry.pressed' }),
    ...PAGING.map(([label, event]) => sample(label, event as never)),
    ...OPENING.map(([label, event]) => sample(label, event as never)),
    ...(locked.length === 0 ? IN_FORMS.map(([label, event]) => sample(label, event as never)) : []),
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
  ];
}

const go = (to: string, values: Partial<Projection> = {}) => ({
  to,
  with: { busy: to !== 'ready' && to !== 'failed', loadError: null, ...values },
});

export const dnsPanelModel = defineMachine({
  name: 'dns-panel',
  title: 'DNS page',
  description:
    'The DNS page holds three parts, each charted on its own: the zones list, the records ' +
    'pager and the forms. Paging and the forms work only while both lists are shown, never ' +
    'while a list loads or a change is on its way. The zone chosen goes to the records and the ' +
    'forms. After a change the zones load again; a zone just created keeps its Edit and Delete ' +
    'disabled for 60 seconds, counting down. Only a user who manages services can change anything.',
  machine: dnsPanelMachine,
  input: { perms: { services: { has_view: true, has_manage: true } } },
  events: (snapshot) => samplesFor(snapshot) as never,
  project,
  limit: 5_000,
  fakes: {
    actors: {
      zoneList: inert,
      recordsPager: inert,
      dnsForms: inert,
      zoneCountdown: zoneCountdownMachine,
    },
  } as never,
  expect: {
    // The page opens loading the zones; nothing locked.
    start: {
      to: 'loadingZones',
      with: { canChange: true, busy: true, loadError: null, newZone: ENABLED, newerZone: ENABLED },
    },
    on: {
      '*': {
        ...Object.fromEntries(IN_FORMS.map(([label]) => [label, 'stays'] as const)),
        // portal.md §4: after its countdown a new zone's buttons work again (each zone its own).
        'the new zone’s countdown ends': (b: Projection) => ({
          to: 'stays',
          with: { newZone: ENABLED, newerZone: b.newerZone },
        }),
        'the newer zone’s countdown ends': (b: Projection) => ({
          to: 'stays',
          with: { newZone: b.newZone, newerZone: ENABLED },
        }),
      },
      loadingZones: {
        // With a zone active its records load; without one there is nothing to list.
        'the zones are shown': go('loadingRecords'),
        'no zones are shown': go('ready'),
        'the zones cannot be loaded': go('failed', { loadError: ERROR_MESSAGES.timeout }),
      },
      loadingRecords: {
        'the records are shown': go('ready'),
        'the records cannot be loaded': go('failed', { loadError: ERROR_MESSAGES.timeout }),
      },
      failed: {
        // Try again: the zones load again, the last change's words go.
        'press Try again': go('loadingZones'),
      },
      ready: {
        ...Object.fromEntries(PAGING.map(([label]) => [label, 'stays'] as const)),
        ...Object.fromEntries(OPENING.map(([label]) => [label, 'stays'] as const)),
        // A form sent a change (forms open only here): the lists wait for it.
        'a change is sent': go('changing'),
        // A list the person paged loads.
        'the zone list loads': go('loadingZones'),
        'the records pager loads': go('loadingRecords'),
        // Another zone chosen: its records load, the forms act on it.
        'the zones are shown': go('loadingRecords'),
        // portal.md §4: a new zone's Edit and Delete do nothing while its countdown runs.
        'delete the new zone': (b: Projection) => (b.newZone === ENABLED ? 'stays' : 'ignored'),
        'edit the new zone’s TTL': (b: Projection) => (b.newZone === ENABLED ? 'stays' : 'ignored'),
      },
      changing: {
        // portal.md §4, §9: the zone just created is disabled for 60 seconds, counting down.
        'a zone is created': (b: Projection) =>
          go(
            'loadingZones',
            b.newZone === ENABLED
              ? { newZone: DISABLED, newerZone: b.newerZone }
              : { newZone: b.newZone, newerZone: DISABLED },
          ),
        // After any change the lists load again.
        'an alias is added': go('loadingZones'),
        // A refusal or a preview: the forms are open again, the lists shown.
        'the change is refused': go('ready'),
      },
    },
  },
  states: {
    loadingZones: (s) => expectThat(selectLoading(s), 'the lists show they are loading'),
    loadingRecords: (s) => expectThat(selectLoading(s), 'the records show they are loading'),
    failed: (s) => expectThat(selectLoadFailed(s), 'the failure shows with Try again'),
    ready: (s) => expectThat(selectReady(s) && !selectBusy(s), 'nothing loads'),
    changing: (s) => expectThat(selectBusy(s) && !selectLoading(s), 'the change is on its way'),
  },
});
