/**
 * The server editor in the browser (portal.md §2 "Server editor", §5 bounds, §9 costs;
 * docs/servers.md "Editor"), on the server page of the `web` server of the path's own customer
 * (`claimBilledCustomer`, `billedServers`: 2 CPUs, 4 GB, 40 GB, the registration's server).
 * Each value is typed into its box as a person does. A refused save is real: another tab of the
 * customer's grows the storage to 80 GB first, so the page's 40 GB would shrink it and the server
 * answers with its field error. The save is held at the network while the path shows it under
 * way. The server loaded again is the page's own reload after a Stop (docs/servers.md "Power":
 * the server is fetched again once it has stopped).
 */
import type { Page, Route } from '@playwright/test';
import {
  getNextSnapshot,
  initialTransition,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { formatDollars } from '../../../../src/shared/cart/money.ts';
import { monthlyCostLabel, storageCannotShrink } from '../../../../src/shared/messages/servers.ts';
import type { EditorField } from '../../../../machines/servers/editor.machine.ts';
import {
  selectEditorCost,
  selectEditorError,
  selectEditorSaving,
  selectEditorValues,
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

/** The storage another tab gives the server before a refused save. */
const GROWN_DISK = 80;

interface Walk {
  username: string;
  iid: number;
  /** The page's save held at the network. */
  held: Promise<Route> | null;
  /** The server's words for the storage after a refused save (until the storage is typed). */
  refusedDisk: string | null;
  /** The path's events caused so far. */
  walked: EventObject[];
}

const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => walks.get(page)!;

const box = (page: Page, field: EditorField) =>
  page.getByRole('textbox', { name: LABELS[field], exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save' });
const cost = (page: Page) => page.getByTestId('server-cost');
const refusal = (page: Page) => page.getByRole('dialog').getByRole('alert');

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
  const dollars = selectEditorCost(snapshot);
  await expect(cost(page)).toHaveText(
    dollars === null ? '—' : monthlyCostLabel(formatDollars(dollars)),
  );
}

export const serverEditorMapping: BrowserMapping = {
  machine: 'server-editor',
  async start({ page, visit }) {
    const username = claimBilledCustomer();
    const iid = billedServers(username).web;
    walks.set(page, { username, iid, held: null, refusedDisk: null, walked: [] });
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
    'server.loaded': async ({ page, expect }) => {
      // Stop: once stopped, the page fetches the server again (and with it the editor's values).
      const reloaded = page.waitForResponse(
        (response) =>
          response.request().method() === 'GET' &&
          /\/servers\/all\/iid\/true$/.test(response.url()),
        { timeout: 15_000 },
      );
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await reloaded;
      await expect(page.getByTestId('power-state')).toHaveText('Stopped');
    },
  }),
  notCaused: {
    'server.field.changed': ({ earlier }) =>
      savingAfter(earlier) ? 'the boxes are disabled while the save is under way' : undefined,
    'server.save.pressed': ({ earlier }) =>
      savingAfter(earlier) ? 'Save is disabled while the save is under way' : undefined,
    'server.loaded': ({ earlier }) =>
      earlier.length === 0
        ? undefined
        : 'the server is fetched again after a Stop: the path’s Stop is its first step',
  },
  states: {
    editing: async (context) => {
      const { page, expect } = context;
      await expect(save(page)).toBeEnabled();
      await checkFields(context);
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
