/**
 * The new server form in the browser (docs/servers.md "New server"), on the servers table of a
 * customer of the path's own (`claimBilledCustomer`): New server opens the form, each value is
 * typed into its box as a person does, Create… shows the question, Create server sends it. The
 * request is held at the network while the path shows it under way, and every change the page
 * asks of the API is noted, so that the form and the question are seen to send nothing. A refusal
 * is real: the held request goes on to the server with a name it refuses (the form itself never
 * sends one), and the server answers 422 on the name.
 */
import type { Page, Response, Route } from '@playwright/test';
import {
  getNextSnapshot,
  initialTransition,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { SERVER_MESSAGES, serverCreated } from '../../../../src/shared/servers/messages.ts';
import type { ServerRecord } from '../../../../src/shared/servers/rules.ts';
import type { CreateField } from '../../../../machines/servers/create.machine.ts';
import {
  selectCreateConfirmation,
  selectCreateCostText,
  selectCreateError,
  selectCreateValues,
  type CreateSnapshot,
} from '../../../../machines/servers/create.selectors.ts';
import { machineByName } from '../../../../machines/registry.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserContext, BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInAs } from './portal.ts';

const TABLE_PATH = '/control/services/servers/';
const CREATE_PATH = `${API_BASE_PATH}/servers/`;

const LABELS: Record<CreateField, string> = {
  name: 'Name',
  cpus: 'CPU',
  memGb: 'Memory (GB)',
  disk: 'Storage (GB)',
};

interface Walk {
  /** The form's POST held at the network. */
  held: Promise<Route> | null;
  /** Every change the page asked of the API (method and path), in order. */
  changes: string[];
  /** The path's events caused so far. */
  walked: EventObject[];
}

const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => walks.get(page)!;

const dialog = (page: Page) => page.getByRole('dialog', { name: /^(New server|Create this)/ });
const box = (page: Page, field: CreateField) =>
  dialog(page).getByRole('textbox', { name: LABELS[field], exact: true });
const posts = (page: Page) => walkOf(page).changes.filter((c) => c === 'POST /servers/');

/** Holds the page's next create until the path lets it go. */
function holdTheCreate(page: Page) {
  const walk = walkOf(page);
  walk.held = new Promise<Route>((resolve) => {
    void page.route(
      `**${CREATE_PATH}`,
      (route) => (route.request().method() === 'POST' ? resolve(route) : route.fallback()),
      { times: 1 },
    );
  });
}

/** Lets the held create go on (with a name the server refuses, for a refusal). */
async function letTheCreateGo(page: Page, refuse: boolean) {
  const walk = walkOf(page);
  if (!walk.held) throw new Error('no create is held');
  const route = await walk.held;
  walk.held = null;
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === CREATE_PATH &&
      response.status() !== 401,
  );
  const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
  await route.continue(refuse ? { postData: JSON.stringify({ ...body, name: 'web-' }) } : {});
  return answered;
}

async function checkForm({ page, expect }: StateCheckContext) {
  const snapshot = snapshotAfter(walkOf(page).walked) as unknown as CreateSnapshot;
  const values = selectCreateValues(snapshot);
  await expect(dialog(page)).toHaveAccessibleName('New server');
  for (const field of Object.keys(LABELS) as CreateField[]) {
    await expect(box(page, field)).toHaveValue(String(values[field]));
    const error = selectCreateError(snapshot, field);
    if (error) {
      await expect(box(page, field)).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog(page).getByText(error, { exact: true })).toBeVisible();
    } else {
      await expect(box(page, field)).not.toHaveAttribute('aria-invalid', 'true');
    }
  }
  // The monthly cost as the values change, or the bounds while one is out of them.
  await expect(dialog(page).getByTestId('new-server-cost')).toHaveText(
    selectCreateCostText(snapshot),
  );
}

export const createServerMapping: BrowserMapping = {
  machine: 'create-server',
  async start({ page, visit }) {
    const username = claimBilledCustomer();
    const walk: Walk = { held: null, changes: [], walked: [] };
    walks.set(page, walk);
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
    await logInAs(page, visit, username, TABLE_PATH);
    await page.getByTestId('servers-table').and(page.locator('[aria-busy="false"]')).waitFor();
    await page.getByRole('button', { name: 'New server' }).click();
    await box(page, 'name').waitFor();
  },
  events: walked({
    'server.name.changed': async ({ page }, event) => {
      await box(page, 'name').fill((event as EventObject & { value: string }).value);
    },
    'server.field.changed': async ({ page }, event) => {
      const { field, value } = event as EventObject & { field: CreateField; value: number };
      await box(page, field).fill(String(value));
    },
    'server.create.pressed': async ({ page }) => {
      await dialog(page).getByRole('button', { name: 'Create…' }).click();
    },
    'server.create.confirmed': async ({ page }) => {
      holdTheCreate(page);
      await dialog(page).getByRole('button', { name: 'Create server' }).click();
    },
    'server.create.cancelled': async ({ page }) => {
      await dialog(page).getByRole('button', { name: 'Back' }).click();
    },
    'server.form.closed': async ({ page }) => {
      const cancel = dialog(page).getByRole('button', { name: 'Cancel' });
      if (await cancel.isVisible()) await cancel.click();
      else await dialog(page).getByRole('button', { name: 'Close' }).click();
    },
    'xstate.done.actor.create': async ({ page, expect }, event) => {
      const response = await letTheCreateGo(page, false);
      expect(response.status()).toBe(201);
      // The server as the API answered (the sample's is another) is what the form ends with.
      const { server } = (await response.json()) as { server: ServerRecord };
      const walked = walkOf(page).walked;
      walked[walked.length - 1] = { ...event, output: server } as EventObject;
    },
    'xstate.error.actor.create': async ({ page, expect }) => {
      const response = await letTheCreateGo(page, true);
      expect(response.status()).toBe(422);
      // The refusal in the form's own notification list (portal.md §8), read, then dismissed.
      const notice = dialog(page).getByRole('alert').filter({ hasText: SERVER_MESSAGES.name });
      await expect(notice).toBeVisible();
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      await expect(notice).toHaveCount(0);
    },
  }),
  states: {
    editing: async (context) => {
      await checkForm(context);
      // Nothing was sent by the form: only the question sends.
      context
        .expect(posts(context.page).length)
        .toBe(
          walkOf(context.page).walked.filter((e) => e.type.startsWith('xstate.error.actor')).length,
        );
    },
    confirming: async ({ page, expect }) => {
      const snapshot = snapshotAfter(walkOf(page).walked) as unknown as CreateSnapshot;
      await expect(dialog(page)).toHaveAccessibleName('Create this server?');
      // The name, the size and the monthly cost, before anything is sent.
      await expect(dialog(page).getByTestId('confirm-question')).toHaveText(
        selectCreateConfirmation(snapshot)!,
      );
      await expect(dialog(page).locator(':focus')).toHaveCount(1);
      expect(posts(page).length).toBe(
        walkOf(page).walked.filter((e) => e.type.startsWith('xstate.error.actor')).length,
      );
    },
    creating: async ({ page, expect }) => {
      await expect(dialog(page).getByRole('button', { name: 'Create server' })).toHaveAttribute(
        'data-loading',
        'true',
      );
      await expect(dialog(page).getByRole('button', { name: 'Back' })).toBeDisabled();
    },
    created: async ({ page, expect }) => {
      const snapshot = snapshotAfter(walkOf(page).walked) as unknown as CreateSnapshot;
      const name = snapshot.output?.server?.name ?? '';
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: serverCreated(name) })).toBeVisible();
      await expect(
        page.getByTestId('servers-table').getByRole('link', { name, exact: true }),
      ).toBeVisible();
    },
    closed: async ({ page, expect }) => {
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'New server' })).toBeEnabled();
      expect(posts(page).length).toBe(
        walkOf(page).walked.filter((e) => e.type.startsWith('xstate.error.actor')).length,
      );
    },
  },
};

/** The form's snapshot after these events, from its registered start. */
function snapshotAfter(events: readonly EventObject[]): AnyMachineSnapshot {
  const entry = machineByName('create-server')!;
  let [snapshot] = initialTransition(entry.machine as never, entry.input as never) as [
    AnyMachineSnapshot,
    unknown,
  ];
  for (const event of events)
    snapshot = getNextSnapshot(entry.machine as never, snapshot as never, event as never);
  return snapshot;
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
