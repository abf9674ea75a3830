/**
 * The Admin tab's published notices in the browser (docs/people.md "The provider's side of
 * notices"): a site admin writes the machine's three notices, under the samples' titles, to a
 * customer of the path's own (`claimBilledCustomer`) through the API: "Planned maintenance" starts
 * tomorrow (edit and withdraw), "New mail servers" is shown now (withdraw only), "Old outage" has
 * ended (neither). The admin then opens the Admin tab; the list's load, a save and a withdrawal
 * are held at the network until the walk lets them reach the real server, or drops them (a
 * network failure: the refusals the real server gives, a started or ended notice, cannot be made
 * at will here, so a refusal is walked as the call failing). A notice published on the page is
 * one written with the form above the list, to the same customer.
 *
 * The list holds every notice of the test database; the checks read the walk's three rows (by
 * their real ids) through the machine's own selectors: the period, Edit and Withdraw where the
 * rules allow, the edit form and its messages, and the question asked before a change.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  selectConfirmation,
  selectDone,
  selectEdit,
  selectError,
  selectRows,
} from '../../../../machines/notices/published.selectors.ts';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { NOTICE_MESSAGES } from '../../../../src/shared/people/messages.ts';
import { NOTICE_ADMIN_MESSAGES as M } from '../../../../src/shared/notices/messages.ts';
import type { Notice } from '../../../../src/shared/notices/types.ts';
import { HeldCalls } from '../../billing/requests.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { E2E_BASE_URL, logInAs, logInThroughApi } from './portal.ts';

type Snapshot = Parameters<typeof selectRows>[0];

const HOUR = 3_600_000;
/** The samples' notices (machines/notices/published.model.ts), by their ids there. */
const NOTICES: Record<number, { title: string; from: number; to: number }> = {
  1: { title: 'Planned maintenance', from: 24, to: 30 },
  2: { title: 'New mail servers', from: -1, to: 24 },
  3: { title: 'Old outage', from: -3, to: -1 },
};

interface Walk {
  cid: number;
  /** The real ids of the walk's notices, by the samples' ids. */
  ids: Record<number, number>;
  load: HeldCalls;
  save: HeldCalls;
  withdraw: HeldCalls;
}
const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => {
  const walk = walks.get(page);
  if (!walk) throw new Error('the walk did not start');
  return walk;
};

/** A visitor of its own for the per-address limits of the login. */
const ownAddress = () => ({
  'X-Forwarded-For': `2001:db8::5f:${Math.floor(Math.random() * 0xffff).toString(16)}`,
});

/** A site admin writes the samples' three notices to the customer. */
async function writeNotices(username: string) {
  const customer = await logInThroughApi(E2E_BASE_URL, username, ownAddress());
  await customer.api.dispose();
  const admin = await logInThroughApi(E2E_BASE_URL, 'admin', ownAddress());
  const ids: Record<number, number> = {};
  const now = Date.now();
  for (const [sampleId, { title, from, to }] of Object.entries(NOTICES)) {
    const response = await admin.api.post(`${API_BASE_PATH}/notices`, {
      headers: admin.headers,
      data: {
        title,
        content: `${title}: the network is **down** for a while.`,
        cid: customer.user.cid,
        starts_at: new Date(now + from * HOUR).toISOString(),
        ends_at: new Date(now + to * HOUR).toISOString(),
      },
    });
    if (!response.ok()) throw new Error(`the notice was not written: ${await response.text()}`);
    ids[Number(sampleId)] = ((await response.json()) as Notice).id;
  }
  await admin.api.dispose();
  return { cid: customer.user.cid, ids };
}

const region = (page: Page) => page.getByRole('region', { name: M.listTitle });
const rowOf = (page: Page, sampleId: number) =>
  region(page).getByTestId(`published-notice-${walkOf(page).ids[sampleId]}`);
const editForm = (page: Page) => region(page).getByRole('form');
const question = (page: Page) => page.getByRole('dialog');
const idOf = (event: EventObject) => (event as EventObject & { id: number }).id;

/** Presses a row's button, or sees that the row offers none (the press is then ignored). */
async function pressOnRow(
  { page, expect }: { page: Page; expect: StateCheckContext['expect'] },
  sampleId: number,
  label: string,
) {
  const button = rowOf(page, sampleId).getByRole('button', {
    name: `${label} “${NOTICES[sampleId].title}”`,
  });
  await expect(rowOf(page, sampleId)).toBeVisible();
  if ((await button.count()) === 0) {
    await expect(button).toHaveCount(0);
    return;
  }
  await button.click();
}

async function expectList({ page, expect, step }: StateCheckContext) {
  const snapshot = step.snapshot as unknown as Snapshot;
  for (const row of selectRows(snapshot)) {
    const shown = rowOf(page, row.notice.id);
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('cell').nth(0)).toHaveText(row.notice.title);
    await expect(shown.getByRole('cell').nth(2)).toContainText(row.period);
    const title = row.notice.title;
    await expect(shown.getByRole('button', { name: `${M.edit} “${title}”` })).toHaveCount(
      row.canEdit ? 1 : 0,
    );
    await expect(shown.getByRole('button', { name: `${M.withdraw} “${title}”` })).toHaveCount(
      row.canWithdraw ? 1 : 0,
    );
  }
  const done = selectDone(snapshot);
  if (done) await expect(region(page).getByRole('status')).toHaveText(done);
  else await expect(region(page).getByRole('status')).toHaveCount(0);
  if (selectError(snapshot)) await expect(region(page).getByRole('alert')).toBeVisible();
  else await expect(region(page).getByRole('alert')).toHaveCount(0);
}

async function expectNoQuestion({ page, expect }: StateCheckContext) {
  await expect(question(page)).toHaveCount(0);
}

async function expectForm(context: StateCheckContext) {
  const { page, expect, step } = context;
  const edit = selectEdit(step.snapshot as unknown as Snapshot);
  if (!edit) throw new Error('the machine shows no edit form');
  const form = page.getByRole('form', { name: edit.heading });
  await expect(form).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue(edit.draft.title);
  const message = edit.errors.title;
  if (message) await expect(form).toContainText(message);
  else await expect(form.getByText(NOTICE_MESSAGES.title)).toHaveCount(0);
}

async function expectQuestion({ page, expect, step }: StateCheckContext) {
  const asked = selectConfirmation(step.snapshot as unknown as Snapshot);
  if (!asked) throw new Error('the machine asks nothing');
  const dialog = page.getByRole('dialog', { name: asked.title });
  await expect(dialog).toContainText(asked.message);
  const confirm = dialog.getByRole('button', { name: asked.confirm });
  if (asked.sending) await expect(confirm).toHaveAttribute('data-loading', 'true');
  else await expect(confirm).toBeEnabled();
}

export const publishedNoticesMapping: BrowserMapping = {
  machine: 'notices-published',
  async start({ page, visit }) {
    const { cid, ids } = await writeNotices(claimBilledCustomer());
    walks.set(page, {
      cid,
      ids,
      load: await HeldCalls.on(page, 'GET', /^\/notices\/published$/, 'for the notices'),
      save: await HeldCalls.on(page, 'PUT', /^\/notices\/\d+$/, 'saving a notice'),
      withdraw: await HeldCalls.on(page, 'POST', /^\/notices\/\d+\/withdraw$/, 'withdrawing'),
    });
    // The list mounts with the Admin tab, its load held.
    await logInAs(page, visit, 'admin', '/control/admin/');
  },
  events: {
    'xstate.done.actor.load': async ({ page }) => walkOf(page).load.release(),
    'xstate.error.actor.load': async ({ page }) => walkOf(page).load.drop(),
    'notices.retry.pressed': async ({ page }) => {
      await region(page).getByRole('button', { name: 'Try again' }).click();
    },
    'notices.changed': async ({ page, expect }) => {
      const form = page.getByRole('form', { name: 'Write a notice' });
      const local = (hours: number) => {
        const d = new Date(Date.now() + hours * HOUR - new Date().getTimezoneOffset() * 60_000);
        return d.toISOString().slice(0, 16);
      };
      await form.getByRole('textbox', { name: 'Title' }).fill('Another notice');
      await form.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Nothing to do.');
      await form.getByRole('radio', { name: NOTICE_MESSAGES.oneCustomer }).check();
      await form.getByRole('textbox', { name: 'Customer number' }).fill(String(walkOf(page).cid));
      await form.getByLabel('Starts').fill(local(-1));
      await form.getByLabel('Ends').fill(local(24));
      await form.getByRole('button', { name: NOTICE_MESSAGES.publish }).click();
      await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    },
    'notice.edit.pressed': (context, event) => pressOnRow(context, idOf(event), M.edit),
    'notice.withdraw.pressed': (context, event) => pressOnRow(context, idOf(event), M.withdraw),
    'draft.changed': async ({ page }, event) => {
      const { field, value } = event as EventObject & { field: string; value: unknown };
      if (field !== 'title') throw new Error(`the walk changes only the title, not ${field}`);
      await editForm(page).getByRole('textbox', { name: 'Title' }).fill(String(value));
    },
    'edit.submitted': async ({ page }) => {
      await editForm(page).getByRole('button', { name: M.save }).click();
    },
    'edit.cancelled': async ({ page }) => {
      await editForm(page).getByRole('button', { name: M.cancel }).click();
    },
    'save.confirmed': async ({ page }) => {
      await question(page).getByRole('button', { name: M.confirmSaveButton }).click();
    },
    'withdraw.confirmed': async ({ page }) => {
      await question(page).getByRole('button', { name: M.confirmWithdrawButton }).click();
    },
    'confirmation.cancelled': async ({ page }) => {
      await question(page).getByRole('button', { name: M.cancel }).click();
    },
    'xstate.done.actor.save': async ({ page }) => walkOf(page).save.release(),
    'xstate.error.actor.save': async ({ page }) => walkOf(page).save.drop(),
    'xstate.done.actor.withdraw': async ({ page }) => walkOf(page).withdraw.release(),
    'xstate.error.actor.withdraw': async ({ page }) => walkOf(page).withdraw.drop(),
  },
  notCaused: {
    'xstate.done.actor.load': ({ event }) =>
      (event as EventObject & { output: readonly unknown[] }).output.length === 0
        ? 'the test database always holds notices: the list is never empty'
        : undefined,
  },
  states: {
    loading: async (context) => {
      await expectNoQuestion(context);
      await context.expect(region(context.page).getByText('Loading…')).toBeVisible();
    },
    failed: async (context) => {
      const { page, expect } = context;
      await expect(region(page).getByRole('alert').filter({ hasText: M.loadFailed })).toBeVisible();
      await expect(region(page).getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    listing: async (context) => {
      await expectNoQuestion(context);
      await context.expect(editForm(context.page)).toHaveCount(0);
      await expectList(context);
    },
    editing: async (context) => {
      await expectNoQuestion(context);
      await expectForm(context);
    },
    confirmingSave: expectQuestion,
    saving: expectQuestion,
    confirmingWithdraw: expectQuestion,
    withdrawing: expectQuestion,
  },
};
