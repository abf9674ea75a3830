/**
 * The DNS page machine in the browser: what the page does between its children, on the DNS page
 * of a customer of the path's own (dns-support.ts: the samples' 25 zones for a path that pages
 * zones, the first two otherwise, none for a path whose first zones come empty). The children's
 * notes come by themselves after what the person does (a page of zones asked for loads, a change
 * sent is answered); a list that cannot load and a refused change are their requests dropped on
 * the network. The forms' own steps are the forms' walk (dns-forms.ts), the countdown's the
 * countdown's (dns-zone-countdown.ts); paging back and forth is the lists' walks.
 */
import type { EventObject } from 'xstate';
import {
  selectLoadError,
  type DnsPanelSnapshot,
} from '../../../../machines/dns/dns-panel.selectors.ts';
import { type BrowserMapping, type EventPlace, snapshotAfter as planned } from '../runner.ts';
import {
  DNS_PAGE,
  counting,
  loadFailure,
  startWalk,
  walkOf,
  zoneNameOf,
  zoneRow,
  type Kind,
  type Walk,
} from './dns-support.ts';

/** What the children tell the page (the rest is what the person does). */
const NOTES: Record<string, Kind | null> = {
  'zones.loading': null,
  'zones.shown': null,
  'zones.failed': 'zones',
  'records.loading': null,
  'records.shown': null,
  'records.failed': 'records',
  'change.sent': null,
  'change.made': null,
  'change.settled': 'change',
};

/** Drops the requests that fail among the notes up to the person's next step. */
function armNotes(walk: Walk, upcoming: readonly EventObject[]) {
  walk.drops = [];
  for (const event of upcoming) {
    if (!(event.type in NOTES)) break;
    const kind = NOTES[event.type];
    if (kind) walk.drops.push(kind);
  }
}

const snapshotAfter = (events: readonly EventObject[]) =>
  planned(dnsPanelMapping, events) as unknown as DnsPanelSnapshot;

/** A press the page answers with a note: causable when that note is the next step. */
const pressedFor =
  (note: string, most: number, reason: string) =>
  ({ event, next, earlier }: EventPlace): string | undefined => {
    if (next?.type !== note) return `the page answers it with ${note}, which is not next`;
    const before = earlier.filter((e) => e.type === event.type).length;
    return before >= most ? reason : undefined;
  };

/** A note that follows the person's press (or the page's own loading). */
const after =
  (presses: readonly string[], whenBusy: boolean) =>
  ({ previous, earlier }: EventPlace): string | undefined => {
    if (previous && presses.includes(previous.type)) return undefined;
    if (whenBusy && !snapshotAfter(earlier).matches('ready')) return undefined;
    return 'the page says it only after what causes it';
  };

const SUBMITS = ['zone.create.submitted', 'alias.add.submitted'];
const noop = async () => {};

export const dnsPanelMapping: BrowserMapping = {
  machine: 'dns-panel',
  async start(context) {
    const { upcoming } = context;
    const empty = upcoming.find((e) => e.type === 'zones.shown' || e.type === 'zones.failed');
    const none = empty?.type === 'zones.shown' && (empty as { zone?: unknown }).zone === null;
    const paged = upcoming.some((e) => e.type.startsWith('zones.') && e.type.endsWith('.pressed'));
    const walk = await startWalk(context, { zones: none ? 0 : paged ? 25 : 2, open: false });
    armNotes(walk, upcoming);
    walk.opened = true;
    await context.visit(DNS_PAGE);
  },
  events: {
    // The children's notes come by themselves.
    'zones.loading': noop,
    'zones.shown': noop,
    'zones.failed': noop,
    'records.loading': noop,
    'records.shown': noop,
    'records.failed': noop,
    'change.sent': noop,
    'change.made': noop,
    'change.settled': noop,
    'load.retry.pressed': async ({ page, upcoming }) => {
      armNotes(walkOf(page), upcoming);
      await loadFailure(page).getByRole('button', { name: 'Try again' }).click();
    },
    'zones.next.pressed': async ({ page, upcoming }) => {
      armNotes(walkOf(page), upcoming.slice(1));
      await page.getByRole('button', { name: 'Next zones' }).click();
    },
    'zones.all.pressed': async ({ page, upcoming }) => {
      armNotes(walkOf(page), upcoming.slice(1));
      await page.getByRole('button', { name: 'Show all zones' }).click();
    },
    'zone.selected': async ({ page, upcoming }, event) => {
      const walk = walkOf(page);
      armNotes(walk, upcoming.slice(1));
      const name = zoneNameOf(walk, (event as EventObject & { zoneId: number }).zoneId);
      await zoneRow(page, name).getByRole('button', { name, exact: true }).click();
    },
    'records.next.pressed': async ({ page, upcoming }) => {
      armNotes(walkOf(page), upcoming.slice(1));
      await page.getByRole('button', { name: 'Next records' }).click();
    },
    'records.all.pressed': async ({ page, upcoming }) => {
      armNotes(walkOf(page), upcoming.slice(1));
      await page.getByRole('button', { name: 'Show all records' }).click();
    },
    // A zone of the path's own, and an alias: what the forms send (their walk types the rest).
    'zone.create.submitted': async ({ page, upcoming }) => {
      const walk = walkOf(page);
      armNotes(walk, upcoming);
      walk.made += 1;
      await page
        .getByRole('textbox', { name: 'Zone name' })
        .fill(`${walk.tag}-a${String(walk.made).padStart(2, '0')}.example`);
      await page.getByRole('button', { name: 'Create zone' }).click();
    },
    'alias.add.submitted': async ({ page, upcoming }) => {
      const walk = walkOf(page);
      armNotes(walk, upcoming);
      walk.made += 1;
      const form = page.getByRole('form', { name: 'Add an alias' });
      await form
        .getByRole('textbox', { name: 'Alias name' })
        .fill(`${walk.tag}-o${walk.made}.example`);
      await form.getByRole('button', { name: 'Add alias' }).click();
    },
  },
  notCaused: {
    'zones.next.pressed': pressedFor('zones.loading', 2, 'the samples’ 25 zones have 3 pages'),
    'zones.all.pressed': pressedFor('zones.loading', 1, 'every zone is shown already'),
    'records.next.pressed': pressedFor(
      'records.loading',
      2,
      'the samples’ 25 records have 3 pages',
    ),
    'records.all.pressed': pressedFor('records.loading', 1, 'every record is shown already'),
    'zone.selected': pressedFor('zones.shown', 1, 'the second zone is active already'),
    'zone.create.submitted': pressedFor('change.sent', Infinity, ''),
    'alias.add.submitted': (place) =>
      place.earlier.some(
        (e) => e.type === 'zones.shown' && (e as EventObject & { zone?: unknown }).zone !== null,
      )
        ? pressedFor('change.sent', Infinity, '')(place)
        : 'without a zone the page has no Add alias',
    'zones.previous.pressed': 'paging back is the zone list’s walk',
    'records.previous.pressed': 'paging back is the records pager’s walk',
    'zones.loading': after(['zones.next.pressed', 'zones.all.pressed'], false),
    'records.loading': after(['records.next.pressed', 'records.all.pressed'], false),
    'zones.shown': (place) => {
      const zone = (place.event as EventObject & { zone?: unknown }).zone;
      if (zone === null && place.earlier.length > 0)
        return 'a customer without zones has none from its first load on';
      return after(['zone.selected'], true)(place);
    },
    'zones.failed': after([], true),
    'records.shown': after([], true),
    'records.failed': after([], true),
    'change.sent': after(SUBMITS, false),
    'change.made': ({ event, earlier }) => {
      const kind = (event as EventObject & { kind: string }).kind;
      const sent = earlier.at(-2)?.type;
      if (earlier.at(-1)?.type !== 'change.sent') return 'a change is made after it is sent';
      if (kind === 'zone.create' && sent === 'zone.create.submitted') return undefined;
      if (kind === 'alias.add' && sent === 'alias.add.submitted') return undefined;
      return 'the change made is the one sent';
    },
    'change.settled': ({ earlier }) =>
      earlier.at(-1)?.type === 'change.sent' ? undefined : 'a change is refused after it is sent',
    'zone.unlocked': 'the countdown’s own walk (dns-zone-countdown) runs the clock',
    'zone.edit.pressed': 'the forms’ walk opens and closes the dialogs',
    'zone.delete.pressed': 'the forms’ walk opens and closes the dialogs',
    'record.create.pressed': 'the forms’ walk opens and closes the dialogs',
    'record.edit.pressed': 'the forms’ walk opens and closes the dialogs',
    'record.delete.pressed': 'the forms’ walk opens and closes the dialogs',
    'alias.delete.pressed': 'the forms’ walk opens and closes the dialogs',
    'import.preview.submitted': 'the forms’ walk previews and imports a zone file',
    'zone.field.changed': 'the forms’ walk types in the forms',
    'alias.name.changed': 'the forms’ walk types in the forms',
    'import.file.changed': 'the forms’ walk types in the forms',
    'record.type.chosen': 'the forms’ walk types in the forms',
    'zone.ttl.changed': 'the forms’ walk types in the forms',
    'zone.ttl.submitted': 'the forms’ walk sends its dialogs',
    'zone.editor.closed': 'the forms’ walk opens and closes the dialogs',
    'record.field.changed': 'the forms’ walk types in the forms',
    'record.save.submitted': 'the forms’ walk sends its dialogs',
    'record.editor.closed': 'the forms’ walk opens and closes the dialogs',
    'delete.confirmed': 'the forms’ walk sends its dialogs',
    'delete.cancelled': 'the forms’ walk opens and closes the dialogs',
    'import.apply.pressed': 'the forms’ walk previews and imports a zone file',
    'import.cancelled': 'the forms’ walk previews and imports a zone file',
  },
  states: {
    ready: async ({ page, expect, step }) => {
      const { newZone } = step.projection as { newZone: string };
      await expect(page.getByRole('status', { name: 'Loading DNS zones' })).toHaveCount(0);
      await expect(loadFailure(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Create zone' })).toBeEnabled();
      // A zone created here shows the seconds its Edit and Delete stay disabled (portal.md §4).
      const walk = walkOf(page);
      const created = `${walk.tag}-a01.example`;
      if (newZone !== 'Edit · Delete') {
        for (const label of ['Edit', 'Delete'])
          await expect(
            zoneRow(page, created).getByRole('button', { name: counting(label) }),
          ).toBeDisabled();
      }
    },
    failed: async ({ page, expect, step }) => {
      const error = selectLoadError(step.snapshot as unknown as DnsPanelSnapshot) ?? '';
      await expect(loadFailure(page)).toContainText(error);
      await expect(loadFailure(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(page.getByRole('status', { name: 'Loading DNS zones' })).toHaveCount(0);
    },
  },
  notShown: {
    loadingZones: 'lasts only while the server answers; the state after it is checked',
    loadingRecords: 'lasts only while the server answers; the state after it is checked',
    changing: 'lasts only while the server answers; the state after it is checked',
  },
};
