/**
 * A list of the managed server view in the browser (portal.md §2 "Managed server view", §4): the
 * registry walks the databases list, so the walk is on the "Databases" section of the managed
 * server of a customer of the path's own (`claimBilledCustomer`), against the real stand-in host
 * agent. The list's older database is made through the page before the walk, then the page is
 * opened afresh (its lock, the page's own, is gone). A refusal is the server's (a password that
 * is long enough but too easy to guess); a failure is the request dropped on the network. The
 * 60 s delete lock counts down on Playwright's clock, held from the moment the new database is
 * sent: each second of the walk is one second of the page's clock.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { PASSWORD_MESSAGES } from '../../../../src/shared/messages/account.ts';
import {
  deleteDisabledLabel,
  MANAGED_MESSAGES as M,
} from '../../../../src/shared/messages/managed.ts';
import { billedManagedServerIid, claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { holdTheClock } from './clock.ts';
import { logInAs } from './portal.ts';

const TICK = 'xstate.after.lockTick.managedItems.ready.locks.counting';
const LIST = '**/manage/api/v1.0/managed_vm/*/mysql_database';
const ITEM = '**/manage/api/v1.0/managed_vm/*/mysql_database/*';
const STRONG = 'Quiet-Harbor-Lantern-42';
/** Long enough for the page's check, too easy to guess for the server's. */
const WEAK = 'aaaaaaaaaaaaaaaa';

/** The registry's two databases: the one listed at the start (8) and the new one (7). */
const ROWS: Record<string, { name: string; user: string }> = {
  '8': { name: 'old_db', user: 'old_user' },
  '7': { name: 'shop', user: 'shop_user' },
};

const walk = { username: '', iid: 0 };
const section = () => `/control/servers/${walk.iid}/manage?section=databases`;

const table = (page: Page) => page.getByRole('table', { name: 'MySQL databases' });
const row = (page: Page, id: string) =>
  table(page).getByRole('row', { name: new RegExp(`\\b${ROWS[id].user}\\b`) });
const form = (page: Page) => page.getByRole('form', { name: 'Add database' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Delete this item?' });
const failure = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'MySQL databases could not be loaded' });
const idOf = (event: EventObject) => (event as { id?: string }).id ?? '';

async function dropNext(page: Page, url: string, method: 'GET' | 'DELETE') {
  await page.route(
    url,
    (route) =>
      route.request().method() === method ? route.abort('internetdisconnected') : route.fallback(),
    { times: 1 },
  );
}

/** Fills the form as a person does, leaving each field (so each is checked at once). */
async function fillDatabase(page: Page, id: string, password: string) {
  await form(page).getByLabel('Database name').fill(ROWS[id].name);
  await form(page).getByLabel('Database name').press('Tab');
  await form(page).getByLabel('User name').fill(ROWS[id].user);
  await form(page).getByLabel('User name').press('Tab');
  await form(page).getByLabel('Password', { exact: true }).fill(password);
  await form(page).getByLabel('Password', { exact: true }).press('Tab');
}

/** Paths that do anything between the new database's answer and its countdown. */
function stepsBeforeTheCountdown(earlier: readonly EventObject[]): boolean {
  const created = earlier.map((event) => event.type).lastIndexOf('xstate.done.actor.create');
  return earlier.slice(created + 1).some((event) => event.type !== TICK);
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
    'item.create.submitted': async ({ page, upcoming }) => {
      const refused = upcoming[0]?.type === 'xstate.error.actor.create';
      await fillDatabase(page, '7', refused ? WEAK : STRONG);
      // The countdown runs on the page's clock from here: one second per step of the walk.
      if (upcoming.some((event) => event.type === TICK)) await holdTheClock(page);
      await form(page).getByRole('button', { name: 'Add database' }).click();
    },
    'xstate.done.actor.create': async ({ page }) => {
      await row(page, '7').waitFor();
    },
    'xstate.error.actor.create': async ({ page, expect }) => {
      await expect(form(page).getByText(PASSWORD_MESSAGES.scoreTooLow)).toBeVisible();
    },
    'item.delete.pressed': async ({ page }, event) => {
      await row(page, idOf(event)).getByRole('button', { name: 'Delete', exact: true }).click();
    },
    'item.delete.confirmed': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.remove') await dropNext(page, ITEM, 'DELETE');
      await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
    },
    'item.delete.cancelled': async ({ page }) => {
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    },
    'xstate.done.actor.remove': async ({ page, expect }) => {
      await expect(row(page, '8')).toHaveCount(0);
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
    'item.update.submitted':
      "the databases section changes no database (a database's password is changed through the API); the view's one update, a vhost's aliases, is walked in tests/e2e/managed/managed-server.spec.ts",
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
      await expect(dialog(page)).toHaveCount(0);
      await expect(form(page).getByRole('button', { name: 'Add database' })).toBeEnabled();
      await checkRows(context);
    },
    'ready.work.confirming': async ({ page, expect }) => {
      await expect(dialog(page)).toBeVisible();
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
    'ready.work.creating': 'lasts only while the server answers; the state after it is checked',
    'ready.work.updating': 'not caused in the browser (see notCaused)',
    'ready.work.deleting': 'lasts only while the server answers; the state after it is checked',
  },
};
