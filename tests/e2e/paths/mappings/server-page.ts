/**
 * A server's page machine in the browser (docs/servers.md "Server page"; portal.md §4, §8), on
 * the page of the `backup` server (stopped) of the path's own customer (`claimBilledCustomer`,
 * `billedServers`), or of a server it does not have (999999) when the first read is not to list
 * it. The page's first read of the servers is held at the network until the path's first event
 * lets it through, so that the page shows it loading. A start or stop done is the page's own
 * Start or Stop, waited for until the page has read the servers again. "The list deleted it" is
 * the page's Delete server, confirmed: the servers list opens and says so. The children's own
 * states (the question, the power buttons, the editor) are walked by their own mappings.
 */
import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { serverDeleted } from '../../../../src/shared/servers/messages.ts';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import type { ListNote } from '../../../../machines/servers/list.machine.ts';
import { LISTED_SERVER } from '../../../../machines/servers/list.model.ts';
import { billedServers, claimBilledCustomer } from '../../support/billed-customers.ts';
import { snapshotAfter, type BrowserMapping, type EventPlace } from '../runner.ts';
import { logInAs } from './portal.ts';

/** A server no customer of the walks has: its page says "Server not found". */
const ABSENT_IID = 999_999;
const LIST = '**/servers/all/iid/true';

interface Walk {
  iid: number;
  name: string;
  held: Promise<Route>;
  /** How many times the page has read the servers. */
  reads: number;
}

const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => {
  const walk = walks.get(page);
  if (!walk) throw new Error('the path did not start');
  return walk;
};

const lists = (event: EventObject | undefined, iid: number) =>
  event?.type === 'servers.shown' && (event as ListNote).servers.some((s) => s.iid === iid);
const badge = (page: Page) => page.getByTestId('power-state');
const inShown = (earlier: readonly EventObject[]) =>
  snapshotAfter(serverPageMapping, earlier).matches('shown');

/** Start or Stop on the page, until the power settles and the page has read the servers again. */
async function powerAndReread(
  page: Page,
  expect: Parameters<BrowserMapping['start']>[0]['expect'],
) {
  const walk = walkOf(page);
  await expect(badge(page)).toHaveText(/^(Running|Stopped)$/, { timeout: 15_000 });
  const running = (await badge(page).textContent()) === 'Running';
  const before = walk.reads;
  await page.getByRole('button', { name: running ? 'Stop' : 'Start', exact: true }).click();
  await expect(badge(page)).toHaveText(running ? 'Stopped' : 'Running', { timeout: 15_000 });
  await expect.poll(() => walk.reads, { timeout: 15_000 }).toBeGreaterThan(before);
}

export const serverPageMapping: BrowserMapping = {
  machine: 'server-page',
  async start({ page, visit, upcoming }) {
    const username = claimBilledCustomer();
    const listed = upcoming[0] === undefined || lists(upcoming[0], LISTED_SERVER.iid);
    const iid = listed ? billedServers(username).backup : ABSENT_IID;
    let release: (route: Route) => void = () => {};
    const walk: Walk = {
      iid,
      name: 'backup',
      held: new Promise<Route>((resolve) => (release = resolve)),
      reads: 0,
    };
    walks.set(page, walk);
    page.on('response', (response) => {
      if (
        response.request().method() === 'GET' &&
        /\/servers\/all\/iid\/true$/.test(response.url())
      )
        walk.reads += 1;
    });
    await page.route(LIST, (route) => release(route), { times: 1 });
    await logInAs(page, visit, username, `/control/server/${iid}/`);
  },
  events: {
    'servers.shown': async ({ page }) => {
      await (await walkOf(page).held).continue();
    },
    'server.changed': async ({ page, expect }) => {
      await powerAndReread(page, expect);
    },
    'server.delete.pressed': async ({ page }) => {
      await page.getByRole('button', { name: 'Delete server', exact: true }).click();
    },
    'xstate.done.actor.list': async ({ page, expect }) => {
      // A server is deleted only when it is stopped.
      if ((await badge(page).textContent()) === 'Running') await powerAndReread(page, expect);
      await page.getByRole('button', { name: 'Delete server', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Delete server?' })
        .getByRole('button', { name: 'Delete server' })
        .click();
    },
  },
  notCaused: {
    // The first read is the page's own; later, a server vanishes or comes back between two reads
    // only through other tabs (the machine-level paths walk those).
    'servers.shown': ({ index, event }: EventPlace) =>
      index !== 0
        ? 'a later read lists the server as the first did (another tab would have to delete or add it)'
        : (event as ListNote).servers.some(
              (s) => s.cpus !== LISTED_SERVER.cpus && s.iid === LISTED_SERVER.iid,
            )
          ? 'the page reads the server as it is (a resize is the editor’s path)'
          : undefined,
    'server.changed': ({ earlier }: EventPlace) =>
      inShown(earlier) ? undefined : 'Start and Stop show only with the server',
    'server.delete.pressed': ({ earlier }: EventPlace) =>
      inShown(earlier) ? undefined : 'Delete server shows only with the server',
    'xstate.done.actor.list': ({ earlier }: EventPlace) =>
      inShown(earlier) ? undefined : 'Delete server shows only with the server',
    'servers.reload.pressed':
      'Reload shows only when the servers cannot be read, which the real server does not give (the servers list’s own path walks it)',
    'server.delete.confirmed':
      'the question is the list’s: the page passes its answer on (the servers list’s path walks it; "the list deleted it" confirms here)',
    'server.delete.cancelled':
      'the question is the list’s: the page passes its answer on (the servers list’s path walks it)',
  },
  states: {
    loading: async ({ page, expect }) => {
      await expect(page.getByRole('status', { name: 'Loading the server' })).toBeVisible();
      await expect(page.getByTestId('server-not-found')).toHaveCount(0);
    },
    shown: async ({ page, expect }) => {
      const walk = walkOf(page);
      await expect(page.getByRole('heading', { level: 1, name: walk.name })).toBeVisible();
      await expect(badge(page)).toBeVisible();
      await expect(page.getByTestId('server-cost')).toBeVisible();
      await expect(page.getByTestId('server-not-found')).toHaveCount(0);
    },
    notFound: async ({ page, expect }) => {
      await expect(page.getByTestId('server-not-found')).toHaveText(ERROR_MESSAGES.serverNotFound);
      await expect(page.getByTestId('server-cost')).toHaveCount(0);
    },
    deleted: async ({ page, expect }) => {
      await expect(page).toHaveURL(/\/control\/services\/servers\/$/);
      await expect(page.getByText(serverDeleted(walkOf(page).name))).toBeVisible();
    },
  },
};
