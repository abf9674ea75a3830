/**
 * A list of the managed server view in the browser (portal.md §2 "Managed server view", §4, §7): the
 * registry walks the databases list, so the walk is on the "Databases" section of the managed
 * server of a customer of the path's own (`claimBilledCustomer`), against the real stand-in host
 * agent. The list's older database is made through the page before the walk, then the page is
 * opened afresh (its lock, the page's own, is gone). A refusal is the server's (a name already
 * taken; a password long enough but too easy to guess); a failure is the request dropped on the
 * network. The 60 s delete lock counts down on Playwright's clock, held from the moment the new
 * database is sent: each second of the walk is one second of the page's clock.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { PASSWORD_MESSAGES } from '../../../../src/shared/messages/account.ts';
import {
  DELETE_QUESTIONS,
  deleteDisabledLabel,
  MANAGED_MESSAGES as M,
} from '../../../../src/shared/managed/messages.ts';
import { billedManagedServerIid, claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { holdTheClock } from './clock.ts';
import { logInAs } from './portal.ts';

const TICK = 'xstate.after.lockTick.managedItems.ready.locks.counting';
const LIST = '**/manage/api/v1.0/managed_vm/*/mysql_database';
const ITEM = '**/manage/api/v1.0/managed_vm/*/mysql_database/*';
const STRONG = 'Quiet-Harbor-Lantern-42';
const NEW_PASSWORD = 'Copper-Meadow-Whistle-77';
/** Long enough for the page's check, too easy to guess for the server's. */
const WEAK = 'aaaaaaaaaaaaaaaa';

/** The registry's two databases: the one listed at the start (8) and the new one (7). */
const ROWS: Record<string, { database_name: string; username: string }> = {
  '8': { database_name: 'old_db', username: 'old_user' },
  '7': { database_name: 'shop', username: 'shop_user' },
};

const walk = { username: '', iid: 0 };
const section = () => `/control/servers/${walk.iid}/manage?section=databases`;

const table = (page: Page) => page.getByRole('table', { name: 'MySQL databases' });
const row = (page: Page, id: string) =>
  table(page).getByRole('row', { name: new RegExp(`\\b${ROWS[id].username}\\b`) });
const form = (page: Page) => page.getByRole('form', { name: 'Add database' });
const question = (page: Page) => page.getByRole('dialog', { name: /^Delete the database / });
const change = (page: Page) =>
  page.getByRole('dialog', {
    name: M.editTitles.password(`the database ${ROWS['8'].database_name}`),
  });
const failure = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'MySQL databases could not be loaded' });
const idOf = (event: EventObject) => (event as { id?: string }).id ?? '';
/** A form's report: a Save (its submit count) or typing. */
const saved = (event: EventObject) =>
  ((event as { snapshot?: { context?: { submitCount?: number } } }).snapshot?.context
    ?.submitCount ?? 0) > 0;
const messageOf = (event: EventObject) =>
  (event as { error?: { message?: string } }).error?.message ?? '';

async function dropNext(page: Page, url: string, method: 'GET' | 'POST' | 'DELETE') {
  await page.route(
    url,
    (route) =>
      route.request().method() === method ? route.abort('internetdisconnected') : route.fallback(),
    { times: 1 },
  );
}

/** Fills the form as a person does, leaving each field (so each is checked at once). */
async function fillDatabase(page: Page, id: string, password: string) {
  await form(page).getByLabel('Database name').fill(ROWS[id].database_name);
  await form(page).getByLabel('Database name').press('Tab');
  await form(page).getByLabel('User name').fill(ROWS[id].username);
  await form(page).getByLabel('User name').press('Tab');
  await form(page).getByLabel('Password', { exact: true }).fill(password);
  await form(page).getByLabel('Password', { exact: true }).press('Tab');
}

/** Paths that do anything between the new database's answer and its countdown. */
function stepsBeforeTheCountdown(earlier: readonly EventObject[]): boolean {
  const created = earlier.map((event) => event.type).lastIndexOf('xstate.done.actor.create');
  return earlier.slice(created + 1).some((event) => event.type !== TICK);
}

/**
 * Whether the list is busy with a change at this point of the path (its buttons wait then): the
 * last change started and not yet answered, closed or cancelled.
 */
function busyAt(earlier: readonly EventObject[]): boolean {
  let busy = false;
  for (const event of earlier) {
    if (event.type === 'xstate.snapshot.createForm' && saved(event)) busy = true;
    else if (event.type === 'item.edit.pressed' && (event as { edit?: string }).edit === 'password')
      busy = true;
    else if (event.type === 'item.delete.pressed') busy = true;
    else if (
      [
        'xstate.done.actor.create',
        'xstate.error.actor.create',
        'xstate.done.actor.update',
        'item.edit.cancelled',
        'item.delete.cancelled',
        'xstate.done.actor.remove',
        'xstate.error.actor.remove',
      ].includes(event.type)
    )
      busy = false;
  }
  return busy;
}

/** Whether the database was deleted earlier in the path. */
function deletedBefore(earlier: readonly EventObject[], id: string): boolean {
  let asked: string | null = null;
  let deleted = false;
  for (const event of earlier) {
    if (event.type === 'item.delete.pressed') asked = idOf(event);
    if (event.type === 'xstate.done.actor.remove' && asked === id) deleted = true;
  }
  return deleted;
}

async function checkRows({ page, expect, step }: StateCheckContext) {
  const { lock, ids } = step.projection as { lock: number; ids: string[] };
  for (const id of Object.keys(ROWS)) {
    if (!ids.includes(id)) {
      await expect(row(page, id)).toHaveCount(0);
      continue;
    }
    const seconds = id === '7' ? lock : 0;
    const button = row(page, id).getByRole('button', {
      name: seconds > 0 ? deleteDisabledLabel(seconds) : 'Delete',
      exact: true,
    });
    if (seconds > 0) {
      await expect(button).toBeDisabled();
      await expect(row(page, id)).toContainText(M.starting);
    } else {
      await expect(button).toBeEnabled();
      await expect(row(page, id)).not.toContainText(M.starting);
    }
  }
}

export const managedItemsMapping: BrowserMapping = {
  machine: 'managed-items',
  async start({ page, visit }) {
    walk.username = claimBilledCustomer();
    walk.iid = billedManagedServerIid(walk.username);
    await page.clock.install();
    await logInAs(page, visit, walk.username, section());
    // The database the list holds when the walk starts (the registry's "blog", id 8).
    await fillDatabase(page, '8', STRONG);
    await form(page).getByRole('button', { name: 'Add database' }).click();
    await row(page, '8').waitFor();
  },
  events: {
    'xstate.done.actor.load': async ({ page, visit }) => {
      await visit(section());
      await row(page, '8').waitFor();
    },
    'xstate.error.actor.load': async ({ page, visit, expect }) => {
      await dropNext(page, LIST, 'GET');
      await visit(section());
      await expect(failure(page)).toBeVisible();
    },
    'list.reload.pressed': async ({ page }) => {
      await page.unroute(LIST);
      await failure(page).getByRole('button', { name: 'Try again' }).click();
    },
    'xstate.snapshot.createForm': async ({ page, upcoming }, event) => {
      const next = upcoming[0];
      if (!saved(event)) {
        await form(page).getByLabel('Database name').fill(ROWS['7'].database_name);
        return;
      }
      // The name of the database listed is taken; a dropped request is a failure.
      const taken =
        next?.type === 'xstate.error.actor.create' && messageOf(next) === M.databaseNameTaken;
      await fillDatabase(page, taken ? '8' : '7', STRONG);
      if (next?.type === 'xstate.error.actor.create' && !taken) await dropNext(page, LIST, 'POST');
      // The countdown runs on the page's clock from here: one second per step of the walk.
      if (upcoming.some((later) => later.type === TICK)) await holdTheClock(page);
      await form(page).getByRole('button', { name: 'Add database' }).click();
    },
    'xstate.done.actor.create': async ({ page }) => {
      await row(page, '7').waitFor();
    },
    'xstate.error.actor.create': async ({ page, expect }, event) => {
      if (messageOf(event) === M.databaseNameTaken) {
        await expect(form(page).getByText(M.databaseNameTaken)).toBeVisible();
      } else {
        await expect(form(page).getByRole('alert')).toContainText(ERROR_MESSAGES.timeout);
        await page.unroute(LIST);
      }
    },
    'item.edit.pressed': async ({ page }, event) => {
      await row(page, idOf(event)).getByRole('button', { name: M.editButtons.password }).click();
    },
    'xstate.snapshot.editForm': async ({ page, upcoming }, event) => {
      const refused = upcoming[0]?.type === 'xstate.error.actor.update';
      const password = refused ? WEAK : NEW_PASSWORD;
      await change(page).getByLabel('New password', { exact: true }).fill(password);
      if (!saved(event)) return;
      await change(page).getByLabel('Confirm the new password').fill(password);
      await change(page).getByRole('button', { name: M.editSaved.password }).click();
    },
    'item.edit.cancelled': async ({ page }) => {
      await change(page).getByRole('button', { name: 'Cancel' }).click();
    },
    'xstate.done.actor.update': async ({ page, expect }) => {
      await expect(change(page)).toHaveCount(0);
    },
    'xstate.error.actor.update': async ({ page, expect }) => {
      await expect(change(page).getByText(PASSWORD_MESSAGES.scoreTooLow)).toBeVisible();
    },
    'item.delete.pressed': async ({ page }, event) => {
      await row(page, idOf(event)).getByRole('button', { name: 'Delete', exact: true }).click();
    },
    'item.delete.confirmed': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.remove') await dropNext(page, ITEM, 'DELETE');
      await question(page).getByRole('button', { name: 'Delete', exact: true }).click();
    },
    'item.delete.cancelled': async ({ page }) => {
      await question(page).getByRole('button', { name: 'Cancel' }).click();
    },
    'xstate.done.actor.remove': async ({ page, expect }) => {
      await expect(question(page)).toHaveCount(0);
    },
    'xstate.error.actor.remove': async ({ page, expect }) => {
      await expect(
        page.getByRole('alert').filter({ hasText: ERROR_MESSAGES.timeout }),
      ).toBeVisible();
      await page.unroute(ITEM);
    },
    [TICK]: async ({ page, upcoming }) => {
      await page.clock.runFor(1000);
      if (!upcoming.some((event) => event.type === TICK)) await page.clock.resume();
    },
  },
  notCaused: {
    'xstate.error.actor.create': ({ event, earlier }) =>
      messageOf(event) === M.databaseNameTaken && deletedBefore(earlier, '8')
        ? 'the name of a database deleted is free again'
        : undefined,
    'xstate.snapshot.createForm': ({ event, earlier }) =>
      saved(event) && busyAt(earlier)
        ? 'the Add button waits while another change is on its way'
        : undefined,
    'xstate.snapshot.editForm': ({ event, earlier }) =>
      saved(event) && earlier[earlier.length - 1]?.type === 'xstate.snapshot.editForm'
        ? 'the Save button waits while the change is on its way'
        : undefined,
    'item.edit.pressed': ({ event }) =>
      (event as { edit?: string }).edit === 'password'
        ? undefined
        : 'a database row offers a password change only',
    [TICK]: ({ earlier }) =>
      stepsBeforeTheCountdown(earlier)
        ? "the page's clock is held from the new database's sending: what a person does in between would move it"
        : undefined,
  },
  states: {
    failed: async ({ page, expect }) => {
      await expect(failure(page)).toBeVisible();
      await expect(table(page)).toHaveCount(0);
    },
    'ready.work.idle': async (context) => {
      const { page, expect } = context;
      await expect(question(page)).toHaveCount(0);
      await expect(change(page)).toHaveCount(0);
      await expect(form(page).getByRole('button', { name: 'Add database' })).toBeEnabled();
      await checkRows(context);
    },
    'ready.work.confirming': async ({ page, expect, step }) => {
      const { selected } = step.projection as { selected: string };
      const { title, loses } = DELETE_QUESTIONS.mysql_database(ROWS[selected]);
      await expect(page.getByRole('dialog', { name: title })).toContainText(loses);
    },
    'ready.work.editing': async ({ page, expect }) => {
      await expect(change(page)).toBeVisible();
    },
    'ready.work.editing.open': async ({ page, expect }) => {
      await expect(change(page).getByRole('button', { name: M.editSaved.password })).toBeEnabled();
    },
    'ready.locks.quiet': async ({ page, expect }) => {
      await expect(table(page).getByRole('button', { name: /Disabled for/ })).toHaveCount(0);
    },
    'ready.locks.counting': async ({ page, expect, step }) => {
      const { lock } = step.projection as { lock: number };
      await expect(
        row(page, '7').getByRole('button', { name: deleteDisabledLabel(lock), exact: true }),
      ).toBeDisabled();
    },
  },
  notShown: {
    loading: 'lasts only while the list is asked for; the state after it is checked',
    'ready.work': 'its steps are checked',
    'ready.work.creating': 'lasts only while the server answers; the state after it is checked',
    'ready.work.editing.saving':
      'lasts only while the server answers; the state after it is checked',
    'ready.work.deleting': 'lasts only while the server answers; the state after it is checked',
  },
};
