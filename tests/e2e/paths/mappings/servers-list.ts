/**
 * The servers list in the browser (portal.md §4, §7, §8 "Server not found"; docs/servers.md
 * "List"), for a customer of the path's own (`claimBilledCustomer`: a managed server and the
 * plain `web`, `backup` and `flaky`, `billedServers`). The machine runs on two pages: the servers
 * table (`/services/servers/`: sorting, New server) and a server's page (Delete server, and the
 * list fetched again after a change there); a path walks the one that has its events. A delete is
 * refused by the real server for the running `web` ("Stop the server before deleting it") and
 * done for the stopped `backup`; a list that cannot be read and a create that gets no answer (the
 * real server refuses nothing the page sends) are the requests dropped on the network.
 */
import type { Page, Response } from '@playwright/test';
import type { EventObject } from 'xstate';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { SERVER_MESSAGES } from '../../../../src/shared/messages/servers.ts';
import {
  sortServers,
  type ServerRecord,
  type ServerSortColumn,
} from '../../../../src/shared/servers.ts';
import { billedServers, claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInAs } from './portal.ts';

const LIST = `**${API_BASE_PATH}/servers/all/*/*`;
const CREATE = `**${API_BASE_PATH}/servers/`;
const TABLE_PATH = '/control/services/servers/';

/** The column headers of the table (iid has none: the table is sorted by it at first). */
const HEADERS: Partial<Record<ServerSortColumn, string>> = { name: 'Name' };

interface Walk {
  username: string;
  /** The servers table, or the page of the server `iid`. */
  on: 'table' | 'server';
  iid: number;
  /** The answer of the page's New server. */
  created?: Promise<Response>;
}

const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => walks.get(page)!;

const table = (page: Page) => page.getByTestId('servers-table');
const failure = (page: Page) => page.getByRole('alert').filter({ hasText: ERROR_MESSAGES.timeout });
const refusal = (page: Page) => page.getByRole('dialog', { name: 'Something went wrong' });
const deleteButton = (page: Page) => page.getByRole('button', { name: 'Delete server' });

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
  if (failed) await expect(failure(page)).toBeVisible();
  else await expect(page.getByRole('alert')).toHaveCount(0);
}

async function checkServerPage({ page, expect, step }: StateCheckContext) {
  const { failed } = step.projection as { failed: boolean };
  const walk = walkOf(page);
  const listed = await page.getByTestId('server-not-found').count();
  if (listed === 0) {
    await expect(deleteButton(page)).toBeEnabled();
    if (failed)
      await expect(
        page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.deleteRunning }),
      ).toBeVisible();
  } else {
    // The server is gone from the list (deleted): "Server not found".
    await expect(page.getByTestId('server-not-found')).toContainText(ERROR_MESSAGES.serverNotFound);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Server ${walk.iid}`);
  }
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
    const iid =
      types.includes('xstate.error.actor.remove') || !types.includes('server.delete.pressed')
        ? servers.web
        : servers.backup;
    walks.set(page, { username, on: onServer ? 'server' : 'table', iid });
    await logInAs(page, visit, username, null);
    if (upcoming[0]?.type === 'xstate.error.actor.load') await dropNext(page, LIST, 'GET');
    await visit(onServer ? `/control/server/${iid}/` : TABLE_PATH);
  },
  events: {
    'xstate.done.actor.load': async ({ page }) => {
      if (walkOf(page).on === 'table')
        await table(page).and(page.locator('[aria-busy="false"]')).waitFor();
      else
        await deleteButton(page)
          .and(page.locator(':enabled'))
          .or(page.getByTestId('server-not-found'))
          .waitFor();
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
    'server.create.pressed': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.create') await dropNext(page, CREATE, 'POST');
      else
        walkOf(page).created = page.waitForResponse(
          (response) =>
            response.request().method() === 'POST' &&
            new URL(response.url()).pathname === `${API_BASE_PATH}/servers/` &&
            response.status() !== 401,
        );
      await page.getByRole('button', { name: 'New server' }).click();
    },
    'xstate.done.actor.create': async ({ page, expect }) => {
      const response = await walkOf(page).created;
      expect(response?.status()).toBe(201);
    },
    'xstate.error.actor.create': async ({ page }) => {
      await closeTheRefusal(page, ERROR_MESSAGES.timeout);
    },
    'server.delete.pressed': async ({ page }) => {
      await deleteButton(page).click();
    },
    'xstate.done.actor.remove': async ({ page }) => {
      await page.getByTestId('server-not-found').waitFor();
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
    'server.delete.pressed': ({ earlier }) =>
      earlier.some((e) => e.type === 'servers.sort.pressed' || e.type === 'server.create.pressed')
        ? 'Delete is on the server page, which neither sorts nor creates'
        : undefined,
    'server.create.pressed': ({ earlier }) =>
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
  },
  notShown: {
    loading: 'lasts only while the list is asked for; the state after it is checked',
    creating: 'lasts only while the server answers; the state after it is checked',
    deleting: 'lasts only while the server answers; the state after it is checked',
  },
};
