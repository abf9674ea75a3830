/**
 * The servers list in the browser (portal.md §4, §7, §8 "Server not found"; docs/servers.md
 * "List", "New server", "Delete"), for a customer of the path's own (`claimBilledCustomer`: a
 * managed server and the plain `web`, `backup` and `flaky`, `billedServers`). The machine runs on
 * two pages: the servers table (`/services/servers/`: sorting, New server) and a server's page
 * (Delete server, and the list fetched again after a change there); a path walks the one that
 * has its events. New server opens its form; the form making a server is the whole form filled
 * in, confirmed and answered 201 by the real server (the form's own steps are the
 * `create-server` machine's walk), the form closed without one is its Cancel. Delete server asks
 * first, and nothing is sent while the question shows; a delete is refused by the real server
 * for the running `web` ("Stop the server before deleting it") and done for the stopped
 * `backup`, after which the servers list opens saying so. A list that cannot be read is the
 * request dropped on the network.
 */
import type { Page, Response } from '@playwright/test';
import type { EventObject } from 'xstate';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import {
  confirmDelete,
  SERVER_MESSAGES,
  serverCreated,
  serverDeleted,
} from '../../../../src/shared/servers/messages.ts';
import {
  sortServers,
  type ServerRecord,
  type ServerSortColumn,
} from '../../../../src/shared/servers/rules.ts';
import { LISTED_SERVER } from '../../../../machines/servers/list.model.ts';
import { billedServers, claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInAs } from './portal.ts';

const LIST = `**${API_BASE_PATH}/servers/all/*/*`;
const TABLE_PATH = '/control/services/servers/';

/** The column headers of the table (iid has none: the table is sorted by it at first). */
const HEADERS: Partial<Record<ServerSortColumn, string>> = { name: 'Name' };

/** The sizes of the servers the billed customers' servers are seeded with (billed-customers.ts). */
const SEEDED_DISK_GB = { web: 40, backup: 200 } as const;

interface Walk {
  username: string;
  /** The servers table, or the page of the server `iid`. */
  on: 'table' | 'server';
  iid: number;
  /** The server the page shows: its name and storage. */
  server: keyof typeof SEEDED_DISK_GB;
  /** The answer of the form's Create server. */
  created?: Promise<Response>;
  /** The name the form gave the server it made. */
  createdName?: string;
  /** Every change the page asked of the API (method and path), in order. */
  changes: string[];
}

const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => walks.get(page)!;

const table = (page: Page) => page.getByTestId('servers-table');
const failure = (page: Page) => page.getByRole('alert').filter({ hasText: ERROR_MESSAGES.timeout });
const refusal = (page: Page) => page.getByRole('dialog', { name: 'Something went wrong' });
const deleteButton = (page: Page) => page.getByRole('button', { name: 'Delete server' });
const deleteDialog = (page: Page) => page.getByRole('dialog', { name: 'Delete server?' });
const newServerDialog = (page: Page) => page.getByRole('dialog', { name: /New server|Create/ });

async function dropNext(page: Page, url: string, method: 'GET' | 'POST') {
  await page.route(
    url,
    (route) =>
      route.request().method() === method ? route.abort('internetdisconnected') : route.fallback(),
    { times: 1 },
  );
}

/** The refusal in its modal notification (portal.md §8), read and closed. */
async function closeTheRefusal(page: Page, words: string | RegExp) {
  await refusal(page).getByRole('alert').filter({ hasText: words }).waitFor();
  await refusal(page).getByRole('button', { name: 'OK' }).click();
  await refusal(page).waitFor({ state: 'detached' });
}

/** The rows of the table in the order shown: name and iid (from the row's link). */
async function rowsOf(page: Page): Promise<{ name: string; iid: number }[]> {
  const links = table(page).locator('tbody tr td:first-child a');
  return links.evaluateAll((anchors) =>
    anchors.map((a) => ({
      name: a.textContent ?? '',
      iid: Number(/\/server\/(\d+)\/?$/.exec(a.getAttribute('href') ?? '')?.[1] ?? '0'),
    })),
  );
}

async function checkTable({ page, expect, step }: StateCheckContext) {
  const { column, ascending, failed } = step.projection as {
    column: ServerSortColumn;
    ascending: boolean;
    failed: boolean;
  };
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('button', { name: 'New server' })).toBeEnabled();
  await expect(newServerDialog(page)).toHaveCount(0);
  const rows = await rowsOf(page);
  expect(rows.length).toBeGreaterThan(0);
  await expect(page.getByTestId('server-count')).toHaveText(`${rows.length} servers`);
  // Sorted as the machine says: by the column, ties by iid, in its direction.
  const sorted = sortServers(rows as ServerRecord[], column, ascending).map((row) => row.iid);
  expect(rows.map((row) => row.iid)).toEqual(sorted);
  for (const [key, label] of Object.entries(HEADERS))
    await expect(
      table(page).getByRole('columnheader', { name: new RegExp(`^${label}`) }),
    ).toHaveAttribute(
      'aria-sort',
      key === column ? (ascending ? 'ascending' : 'descending') : 'none',
    );
  const { createdName } = walkOf(page);
  if (createdName) {
    // The server the form made is listed, and the page said so.
    expect(rows.map((row) => row.name)).toContain(createdName);
    await expect(
      page.getByRole('status').filter({ hasText: serverCreated(createdName) }),
    ).toBeVisible();
  }
  if (failed) await expect(failure(page)).toBeVisible();
  else await expect(page.getByRole('alert')).toHaveCount(0);
}

async function checkServerPage({ page, expect, step }: StateCheckContext) {
  const { failed } = step.projection as { failed: boolean };
  await expect(page.getByTestId('server-not-found')).toHaveCount(0);
  await expect(deleteButton(page)).toBeEnabled();
  await expect(deleteDialog(page)).toHaveCount(0);
  if (failed)
    await expect(
      page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.deleteRunning }),
    ).toBeVisible();
}

export const serversListMapping: BrowserMapping = {
  machine: 'servers-list',
  async start({ page, visit, upcoming }) {
    const username = claimBilledCustomer();
    const servers = billedServers(username);
    const types = upcoming.map((event) => event.type);
    const onServer =
      types.includes('server.delete.pressed') ||
      types.some(
        (type, i) => type === 'servers.reload.pressed' && types[i - 1] === 'xstate.done.actor.load',
      );
    const server =
      types.includes('xstate.error.actor.remove') || !types.includes('server.delete.pressed')
        ? 'web'
        : 'backup';
    const walk: Walk = {
      username,
      on: onServer ? 'server' : 'table',
      iid: servers[server],
      server,
      changes: [],
    };
    walks.set(page, walk);
    // Every change the page asks of the API, to show that a question sends nothing.
    page.on('response', (response: Response) => {
      const request = response.request();
      const { pathname } = new URL(request.url());
      // A 401 is renewed and the request sent again: the answer that counts is the other.
      if (
        pathname.startsWith(API_BASE_PATH + '/servers') &&
        request.method() !== 'GET' &&
        response.status() !== 401
      )
        walk.changes.push(`${request.method()} ${pathname.slice(API_BASE_PATH.length)}`);
    });
    await logInAs(page, visit, username, null);
    if (upcoming[0]?.type === 'xstate.error.actor.load') await dropNext(page, LIST, 'GET');
    await visit(onServer ? `/control/server/${walk.iid}/` : TABLE_PATH);
  },
  events: {
    'xstate.done.actor.load': async ({ page }) => {
      if (walkOf(page).on === 'table')
        await table(page).and(page.locator('[aria-busy="false"]')).waitFor();
      else await deleteButton(page).and(page.locator(':enabled')).waitFor();
    },
    'xstate.error.actor.load': async ({ page, expect }) => {
      await expect(failure(page)).toBeVisible();
    },
    'servers.reload.pressed': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.load') await dropNext(page, LIST, 'GET');
      const reload = failure(page).getByRole('button', { name: 'Reload' });
      if (await reload.isVisible()) return reload.click();
      // The server page fetches the server again after a save (the editor's values as they are).
      await page.getByRole('button', { name: 'Save' }).click();
    },
    'servers.sort.pressed': async ({ page, upcoming }, event) => {
      const { column } = event as EventObject & { column: ServerSortColumn };
      if (upcoming[0]?.type === 'xstate.error.actor.load') await dropNext(page, LIST, 'GET');
      await table(page)
        .getByRole('button', { name: new RegExp(`^${HEADERS[column]}`) })
        .click();
    },
    'server.new.pressed': async ({ page }) => {
      await page.getByRole('button', { name: 'New server' }).click();
      await newServerDialog(page).getByRole('textbox', { name: 'Name' }).waitFor();
    },
    'xstate.done.actor.createForm': async ({ page, expect }, event) => {
      const { output } = event as EventObject & { output: { server: ServerRecord | null } };
      const dialog = newServerDialog(page);
      if (output.server === null) {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toHaveCount(0);
        return;
      }
      const walk = walkOf(page);
      const name = `new-${walk.username}`;
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('button', { name: 'Create…' }).click();
      await dialog.getByTestId('confirm-question').waitFor();
      walk.created = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === `${API_BASE_PATH}/servers/` &&
          response.status() !== 401,
      );
      await dialog.getByRole('button', { name: 'Create server' }).click();
      expect((await walk.created)?.status()).toBe(201);
      walk.createdName = name;
      await expect(dialog).toHaveCount(0);
    },
    'server.delete.pressed': async ({ page }) => {
      await deleteButton(page).click();
      await deleteDialog(page).waitFor();
    },
    'server.delete.confirmed': async ({ page }) => {
      await deleteDialog(page).getByRole('button', { name: 'Delete server' }).click();
    },
    'server.delete.cancelled': async ({ page, expect }) => {
      await deleteDialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(deleteDialog(page)).toHaveCount(0);
    },
    'xstate.done.actor.remove': async ({ page }) => {
      await page.waitForURL((url) => url.pathname === TABLE_PATH);
    },
    'xstate.error.actor.remove': async ({ page }) => {
      await closeTheRefusal(page, SERVER_MESSAGES.deleteRunning);
    },
  },
  notCaused: {
    'servers.sort.pressed': ({ event }) =>
      HEADERS[(event as EventObject & { column: ServerSortColumn }).column]
        ? undefined
        : 'the table has no iid column: it is sorted by iid only when it opens',
    'server.delete.pressed': ({ event, earlier }) =>
      (event as EventObject & { iid: number }).iid !== LISTED_SERVER.iid
        ? 'a server that is not listed has no page with Delete server'
        : earlier.some((e) => e.type === 'servers.sort.pressed' || e.type === 'server.new.pressed')
          ? 'Delete is on the server page, which neither sorts nor creates'
          : undefined,
    'server.new.pressed': ({ earlier }) =>
      earlier.some((e) => e.type === 'server.delete.pressed')
        ? 'New server is on the servers table, which deletes nothing'
        : undefined,
  },
  states: {
    ready: async (context) => {
      if (walkOf(context.page).on === 'table') await checkTable(context);
      else await checkServerPage(context);
    },
    failed: async ({ page, expect }) => {
      await expect(failure(page)).toBeVisible();
      await expect(failure(page).getByRole('button', { name: 'Reload' })).toBeEnabled();
      if (walkOf(page).on === 'table') {
        await expect(table(page)).toHaveAttribute('aria-busy', 'true');
        await expect(page.getByRole('button', { name: 'New server' })).toBeDisabled();
      }
    },
    adding: async ({ page, expect }) => {
      const dialog = newServerDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeVisible();
      await expect(table(page)).toHaveAttribute('aria-busy', 'true');
      expect(walkOf(page).changes.filter((change) => change.startsWith('POST'))).toEqual([]);
    },
    confirmingDelete: async ({ page, expect }) => {
      const walk = walkOf(page);
      const dialog = deleteDialog(page);
      // The question names the server, the storage lost, and that it is for good.
      await expect(dialog.getByTestId('confirm-question')).toHaveText(
        confirmDelete(walk.server, SEEDED_DISK_GB[walk.server]),
      );
      await expect(dialog.locator(':focus')).toHaveCount(1);
      // Nothing was sent: the server is still there.
      expect(walk.changes.filter((change) => change.startsWith('DELETE'))).toEqual([]);
    },
    deleted: async ({ page, expect }) => {
      const walk = walkOf(page);
      expect(walk.changes).toContain(`DELETE /servers/${walk.iid}`);
      await expect(page).toHaveURL((url) => url.pathname === TABLE_PATH);
      await expect(
        page.getByRole('status').filter({ hasText: serverDeleted(walk.server) }),
      ).toBeVisible();
      await expect(page.getByText(ERROR_MESSAGES.serverNotFound)).toHaveCount(0);
      await expect(table(page).getByRole('link', { name: walk.server, exact: true })).toHaveCount(
        0,
      );
    },
  },
  notShown: {
    loading: 'lasts only while the list is asked for; the state after it is checked',
    deleting: 'lasts only while the server answers; the state after it is checked',
  },
};
