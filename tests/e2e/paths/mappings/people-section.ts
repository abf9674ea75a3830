/**
 * Account Home's people section machine in the browser (portal.md §3, §4 "Contact edit", §6;
 * docs/people.md "The people section"), for a user of the path's own customer with contacts manage
 * and payments view (`startAsEditor`, as the contact edit and grid walks), with a user "Robin
 * Hale" (payments view) made through the API before the page opens. The real server lists the
 * contacts as the page opens: that is the first step of every path that acts on a row. Add
 * contact is saved with real values (the list loads again and the form closes) or given up
 * (Cancel); Permissions opens on Robin Hale's row, and is saved (payments view given or taken
 * back, the list loads again and the grid closes) or closed with Cancel. What the children do
 * inside their dialogs is walked by their own mappings (contact-edit.ts, permissions-grid.ts); a
 * failed or repeated load and a row's own change are judged in tests/machines/people-section.test.ts.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { AS_USER, CONTACT } from '../../../../machines/people/samples.ts';
import { CONTACT_FIELD_LABELS, PEOPLE_TEXT } from '../../../../src/shared/people/messages.ts';
import { PERMISSION_CATEGORY_TEXT } from '../../../../src/shared/messages/portal.ts';
import { snapshotAfter, type BrowserMapping, type EventPlace } from '../runner.ts';
import {
  EDITOR_NAME,
  LEVEL_LABELS,
  listReloaded,
  rowOf,
  settled,
  startAsEditor,
  typeDigits,
} from './contact-edit.ts';

const USER_NAME = AS_USER.name;

const addDialog = (page: Page) =>
  page.getByRole('dialog', { name: PEOPLE_TEXT.addContact, exact: true });
const grid = (page: Page) =>
  page.getByRole('dialog', { name: `${PEOPLE_TEXT.permissions}: ${USER_NAME}`, exact: true });
const inDialog = (dialog: ReturnType<typeof grid>, name: string) =>
  dialog.getByRole('button', { name, exact: true });

/** The contacts the page lists as it opens: the samples' first list (a user among them). */
const firstList = (event: EventObject | undefined) =>
  event?.type === 'xstate.snapshot.list' &&
  (
    event as unknown as { snapshot: { value: unknown; context: { data: unknown[] | null } } }
  ).snapshot.context.data?.some((c) => (c as { user: unknown }).user !== null) === true;

const AFTER_THE_LOAD =
  'the page lists the contacts as it opens (the real server answers at once): every walk starts with that load';
/**
 * Caused only once the page listed the contacts (unless `anytime`: Add contact is there as the
 * page opens), and not under another dialog.
 */
const offered =
  (covered?: { by: 'adding' | 'permissions'; reason: string }, anytime = false) =>
  ({ earlier }: EventPlace): string | undefined => {
    if (!anytime && !firstList(earlier[0])) return AFTER_THE_LOAD;
    if (covered && snapshotAfter(peopleSectionMapping, earlier).matches({ [covered.by]: 'open' }))
      return covered.reason;
    return undefined;
  };
const UNDER_ADD = {
  by: 'adding' as const,
  reason: 'the Add contact dialog covers the rows: no person reaches Permissions under it',
};
const UNDER_GRID = {
  by: 'permissions' as const,
  reason: 'the permissions dialog covers Add contact: no person reaches it under the dialog',
};

let added = 0;

export const peopleSectionMapping: BrowserMapping = {
  machine: 'people-section',
  async start({ page, visit }) {
    await startAsEditor(page, visit, [
      { name: USER_NAME, uid: `rs${Date.now().toString(36)}`, perms: AS_USER.user?.perms ?? {} },
    ]);
  },
  events: {
    'xstate.snapshot.list': async ({ page }) => {
      await rowOf(page, USER_NAME).waitFor();
    },
    'contact.add.pressed': async ({ page }) => {
      await page.getByRole('button', { name: PEOPLE_TEXT.addContact, exact: true }).click();
      await addDialog(page).waitFor();
    },
    'contact.added': async ({ page, expect }) => {
      const dialog = addDialog(page);
      added += 1;
      // A name is letters: the walk's own, from the time and the count.
      const tag = `${Date.now()}${added}`.slice(-7).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
      const name = `${CONTACT.name} ${tag}`;
      await dialog
        .getByRole('textbox', { name: CONTACT_FIELD_LABELS.name, exact: true })
        .fill(name);
      await dialog
        .getByRole('textbox', { name: CONTACT_FIELD_LABELS.email, exact: true })
        .fill(CONTACT.email);
      await typeDigits(
        dialog.getByRole('textbox', { name: CONTACT_FIELD_LABELS.phone, exact: true }),
        CONTACT.phone,
      );
      const reload = listReloaded(page);
      await inDialog(dialog, PEOPLE_TEXT.save).click();
      await settled(page, reload);
      await expect(rowOf(page, name)).toBeVisible();
    },
    'xstate.done.actor.newContact': async ({ page }) => {
      await inDialog(addDialog(page), PEOPLE_TEXT.cancel).click();
    },
    'permissions.open.pressed': async ({ page }) => {
      await rowOf(page, USER_NAME)
        .getByRole('button', { name: `${PEOPLE_TEXT.permissions}: ${USER_NAME}`, exact: true })
        .click();
      await grid(page).waitFor();
    },
    'permissions.close.pressed': async ({ page }) => {
      await inDialog(grid(page), PEOPLE_TEXT.cancel).click();
    },
    'permissions.changed': async ({ page }) => {
      // Payments view given, or taken back once given: a change the person editing holds.
      const label = PERMISSION_CATEGORY_TEXT.payments.label;
      const view = grid(page).getByRole('radio', {
        name: `${label}: ${LEVEL_LABELS.view}`,
        exact: true,
      });
      const level = (await view.isChecked()) ? LEVEL_LABELS.none : LEVEL_LABELS.view;
      await grid(page)
        .getByRole('radio', { name: `${label}: ${level}`, exact: true })
        .check();
      const reload = listReloaded(page);
      await inDialog(grid(page), PEOPLE_TEXT.save).click();
      await settled(page, reload);
    },
  },
  notCaused: {
    'xstate.snapshot.list': ({ event, index }) =>
      index === 0 && firstList(event)
        ? undefined
        : 'the real server answers every load: a failed load, one on its way and another list are judged with the machine test (tests/machines/people-section.test.ts)',
    'contact.add.pressed': offered(UNDER_GRID, true),
    'contact.added': offered(undefined, true),
    'xstate.done.actor.newContact': offered(undefined, true),
    'permissions.open.pressed': (place) =>
      (place.event as { contactId?: number }).contactId === CONTACT.contact_id
        ? 'a contact without a login has no Permissions button'
        : offered(UNDER_ADD)(place),
    'permissions.close.pressed': offered(),
    'permissions.changed': offered(),
    'contacts.changed':
      'a row’s own change is walked by the contact edit mapping; that the list loads again after it, by tests/machines/people-section.test.ts',
    'contacts.retry.pressed':
      'Try again shows only after a failed load, which the real server never gives here',
  },
  states: {
    'list.shown': async ({ page, expect }) => {
      await expect(page.getByTestId('contacts')).toBeVisible();
      await expect(rowOf(page, EDITOR_NAME)).toBeVisible();
      await expect(rowOf(page, USER_NAME)).toBeVisible();
    },
    'adding.closed': async ({ page, expect }) => {
      await expect(addDialog(page)).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: PEOPLE_TEXT.addContact, exact: true }),
      ).toBeVisible();
    },
    'adding.open': async ({ page, expect }) => {
      await expect(addDialog(page)).toBeVisible();
    },
    'permissions.closed': async ({ page, expect }) => {
      await expect(grid(page)).toHaveCount(0);
    },
    'permissions.open': async ({ page, expect }) => {
      await expect(grid(page)).toBeVisible();
    },
  },
  notShown: {
    'list.loading': 'lasts only while the first load is on its way, as the page opens',
    'list.failed': 'the real server never fails the load here (judged with the machine test)',
  },
};
