/**
 * The server editor in the browser (portal.md §2 "Server editor", §5 bounds, §9 costs;
 * docs/servers.md "Editor"), on the server page of the `web` server of the path's own customer
 * (`claimBilledCustomer`, `billedServers`: 2 CPUs, 4 GB, 40 GB, the registration's server).
 * Each value is typed into its box as a person does. A costlier size's question is answered in
 * its dialog. A refused save is real: another tab of the customer's grows the storage to the most
 * there is (1024 GB) first, so the page's storage would shrink it and the server answers with its
 * field error. The save is held at the network while the path shows it under way. The server
 * loaded again is the page's own reload after a Stop or a Start (docs/servers.md "Power": the
 * server is fetched again once it has stopped or started), taken by the replay as the page got
 * it.
 */
import type { Page, Response, Route } from '@playwright/test';
import {
  getNextSnapshot,
  initialTransition,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { SERVER_EDITOR } from '../../../../src/shared/servers/constants.ts';
import { SERVER_MESSAGES, storageCannotShrink } from '../../../../src/shared/servers/messages.ts';
import type { ServerRecord } from '../../../../src/shared/servers/rules.ts';
import type { EditorField } from '../../../../machines/servers/editor.machine.ts';
import {
  selectEditorCostText,
  selectEditorError,
  selectEditorSaved,
  selectEditorSaving,
  selectEditorValues,
  selectResizeConfirmation,
  type EditorSnapshot,
} from '../../../../machines/servers/editor.selectors.ts';
import { billedServers, claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserContext, BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInAs, logInThroughApi } from './portal.ts';
import { machineByName } from '../../../../machines/registry.ts';

const LABELS: Record<EditorField, string> = {
  cpus: 'CPU',
  memGb: 'Memory (GB)',
  disk: 'Storage (GB)',
};

/** The storage another tab gives the server before a refused save: the most there is. */
const GROWN_DISK = SERVER_EDITOR.storageGb.max;

interface Walk {
  username: string;
  iid: number;
  /** The page's save held at the network. */
  held: Promise<Route> | null;
  /** The server's words for the storage after a refused save (until the storage is typed). */
  refusedDisk: string | null;
  /** The path's events caused so far. */
  walked: EventObject[];
  /** How many times the page read the servers list, and its last answer. */
  listed: number;
  lastList: Response | null;
}

const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => walks.get(page)!;

const box = (page: Page, field: EditorField) =>
  page.getByRole('textbox', { name: LABELS[field], exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save' });
const cost = (page: Page) => page.getByTestId('server-cost');
const refusal = (page: Page) => page.getByRole('dialog').getByRole('alert');
const question = (page: Page) => page.getByRole('dialog', { name: 'Save the new size?' });

/** The server grows its storage in another tab of the customer's (a session of its own). */
async function growElsewhere(page: Page) {
  const walk = walkOf(page);
  const { api, headers } = await logInThroughApi(new URL(page.url()).origin, walk.username, {
    'X-Forwarded-For': `2001:db8::fe:${walk.iid.toString(16)}`,
  });
  try {
    const response = await api.put(`${API_BASE_PATH}/servers/${walk.iid}`, {
      data: { cpus: 2, mem: 4096, disk: GROWN_DISK },
      headers,
    });
    if (!response.ok()) throw new Error(`resize elsewhere: ${response.status()}`);
  } finally {
    await api.dispose();
  }
}

/** Holds the page's next save until the path lets it go. */
function holdTheSave(page: Page) {
  const walk = walkOf(page);
  walk.held = new Promise<Route>((resolve) => {
    void page.route(
      `**${API_BASE_PATH}/servers/${walk.iid}`,
      (route) => (route.request().method() === 'PUT' ? resolve(route) : route.fallback()),
      { times: 1 },
    );
  });
}

async function letTheSaveGo(page: Page) {
  const walk = walkOf(page);
  if (!walk.held) throw new Error('no save is held');
  const route = await walk.held;
  walk.held = null;
  const answered = page.waitForResponse(
    // The answer that counts (a 401 for an expired token is renewed and the save sent again).
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().endsWith(`/${walk.iid}`) &&
      response.status() !== 401,
  );
  await route.continue();
  return answered;
}

async function checkFields({ page, expect, step }: StateCheckContext) {
  // The path's own events replayed: the predicted snapshot may have come by other values (the
  // projection says only whether each is within its bounds).
  void step;
  const snapshot = snapshotAfter(walkOf(page).walked) as unknown as EditorSnapshot;
  const values = selectEditorValues(snapshot);
  const saving = selectEditorSaving(snapshot);
  const walk = walkOf(page);
  for (const field of Object.keys(LABELS) as EditorField[]) {
    await expect(box(page, field)).toHaveValue(String(values[field]));
    if (saving) await expect(box(page, field)).toBeDisabled();
    else await expect(box(page, field)).toBeEnabled();
    const error = selectEditorError(snapshot, field);
    const shown = field === 'disk' && walk.refusedDisk ? walk.refusedDisk : error;
    if (error) {
      await expect(box(page, field)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(shown!, { exact: true })).toBeVisible();
    } else {
      await expect(box(page, field)).not.toHaveAttribute('aria-invalid', 'true');
    }
  }
  // The price, or the bounds while a value is out of them.
  await expect(cost(page)).toHaveText(selectEditorCostText(snapshot));
  await expect(page.getByTestId('server-saved')).toHaveText(
    selectEditorSaved(snapshot) ? SERVER_MESSAGES.saved : '',
  );
}

export const serverEditorMapping: BrowserMapping = {
  machine: 'server-editor',
  async start({ page, visit }) {
    const username = claimBilledCustomer();
    const iid = billedServers(username).web;
    const walk: Walk = {
      username,
      iid,
      held: null,
      refusedDisk: null,
      walked: [],
      listed: 0,
      lastList: null,
    };
    walks.set(page, walk);
    page.on('response', (response) => {
      if (
        response.request().method() === 'GET' &&
        /\/servers\/all\/iid\/true$/.test(response.url())
      ) {
        walk.listed += 1;
        walk.lastList = response;
      }
    });
    await logInAs(page, visit, username, `/control/server/${iid}/`);
    await box(page, 'cpus').waitFor();
  },
  events: walked({
    'server.field.changed': async ({ page }, event) => {
      const { field, value } = event as EventObject & { field: EditorField; value: number };
      if (field === 'disk') walkOf(page).refusedDisk = null;
      await box(page, field).fill(String(value));
    },
    'server.save.pressed': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.save') await growElsewhere(page);
      // A save within the bounds goes to the server: held until the path lets it go.
      if (snapshotAfter(walkOf(page).walked).matches('saving')) holdTheSave(page);
      await save(page).click();
    },
    'server.resize.confirmed': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.save') await growElsewhere(page);
      holdTheSave(page);
      await question(page).getByRole('button', { name: 'Save the new size' }).click();
    },
    'server.resize.cancelled': async ({ page, expect }) => {
      await question(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(question(page)).toHaveCount(0);
    },
    'xstate.done.actor.save': async ({ page, expect }, event) => {
      const response = await letTheSaveGo(page);
      expect(response.status()).toBe(200);
      // The server's record as it answered (the sample's is another server's) is what the
      // editor stores: the replay takes it.
      const { server } = (await response.json()) as { server: unknown };
      const walked = walkOf(page).walked;
      walked[walked.length - 1] = { ...event, output: server } as EventObject;
      await expect(save(page)).toBeEnabled();
    },
    'xstate.error.actor.save': async ({ page, expect }) => {
      await letTheSaveGo(page);
      const walk = walkOf(page);
      walk.refusedDisk = storageCannotShrink(GROWN_DISK);
      // The refusal in a modal notification (portal.md §8): read, then closed.
      await expect(refusal(page)).toContainText(walk.refusedDisk);
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
    'server.loaded': async ({ page, expect }, event) => {
      // Stop (or Start): once done, the page fetches the server again (portal.md §4), and with
      // it the editor's server. The replay takes the server as the page got it.
      const walk = walkOf(page);
      const badge = page.getByTestId('power-state');
      await expect(badge).toHaveText(/^(Running|Stopped)$/, { timeout: 15_000 });
      const running = (await badge.textContent()) === 'Running';
      const before = walk.listed;
      await page.getByRole('button', { name: running ? 'Stop' : 'Start', exact: true }).click();
      await expect(badge).toHaveText(running ? 'Stopped' : 'Running', { timeout: 15_000 });
      await expect.poll(() => walk.listed, { timeout: 15_000 }).toBeGreaterThan(before);
      const { servers } = (await walk.lastList!.json()) as { servers: ServerRecord[] };
      const walked = walk.walked;
      walked[walked.length - 1] = {
        ...event,
        server: servers.find((server) => server.iid === walk.iid),
      } as EventObject;
    },
  }),
  notCaused: {
    'server.field.changed': ({ earlier }) =>
      savingAfter(earlier) ? 'the boxes are disabled while the save is under way' : undefined,
    'server.save.pressed': ({ earlier }) =>
      savingAfter(earlier) ? 'Save is disabled while the save is under way' : undefined,
    // A refused save is another tab growing the storage past the page's: not past the most.
    'xstate.error.actor.save': ({ earlier }) =>
      selectEditorValues(snapshotAfter(earlier) as unknown as EditorSnapshot).disk >= GROWN_DISK
        ? `the page's storage is already the most there is (${GROWN_DISK} GB): no tab can grow it past`
        : undefined,
    'server.loaded': ({ earlier }) =>
      snapshotAfter(earlier).matches('confirming')
        ? 'the question is a modal dialog: Stop and Start behind it cannot be pressed'
        : savingAfter(earlier)
          ? 'a Stop or Start is not walked while the save is held at the network'
          : undefined,
  },
  states: {
    'ready.editing': async (context) => {
      const { page, expect } = context;
      await expect(save(page)).toBeEnabled();
      await expect(question(page)).toHaveCount(0);
      await checkFields(context);
    },
    'ready.saved': async (context) => {
      const { page, expect } = context;
      await expect(save(page)).toBeEnabled();
      await checkFields(context);
    },
    confirming: async (context) => {
      const { page, expect } = context;
      const snapshot = snapshotAfter(walkOf(page).walked) as unknown as EditorSnapshot;
      // The new monthly cost, and nothing sent yet (the save is held only once confirmed).
      await expect(question(page).getByTestId('confirm-question')).toHaveText(
        selectResizeConfirmation(snapshot)!,
      );
      expect(walkOf(page).held).toBeNull();
    },
    saving: async (context) => {
      const { page, expect } = context;
      await expect(save(page)).toBeDisabled();
      await checkFields(context);
    },
  },
};

/** The editor's snapshot after these events, from its registered start. */
function snapshotAfter(events: readonly EventObject[]): AnyMachineSnapshot {
  const entry = machineByName('server-editor')!;
  let [snapshot] = initialTransition(entry.machine as never, entry.input as never) as [
    AnyMachineSnapshot,
    unknown,
  ];
  for (const event of events)
    snapshot = getNextSnapshot(entry.machine as never, snapshot as never, event as never);
  return snapshot;
}

/** Whether the events so far leave the editor saving (its boxes and Save disabled). */
function savingAfter(earlier: readonly EventObject[]): boolean {
  return snapshotAfter(earlier).matches('saving');
}

/** The mapping's actions, each first noting its event for the replay. */
function walked(events: BrowserMapping['events']): BrowserMapping['events'] {
  return Object.fromEntries(
    Object.entries(events).map(([type, act]) => [
      type,
      async (context: BrowserContext, event: EventObject) => {
        walkOf(context.page).walked.push(event);
        await act(context, event);
      },
    ]),
  );
}
