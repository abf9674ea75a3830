/**
 * The permissions grid of a user on Account Home in the browser (portal.md §3 "Permission
 * categories", §6; docs/people.md "Rules"). As in the samples, the user ("Robin Hale", payments
 * view) and the person editing (contacts manage and payments view) are users of the path's own
 * customer (`claimBilledCustomer`), made through the API with the customer's session before the
 * page opens; the page logs in as the person editing and opens Permissions on Robin Hale's row.
 * The rights are saved by the real server; the refusal of the samples (the last contacts manager)
 * is one the real server never gives here, since the customer's primary admin keeps contacts
 * manage: it is the request dropped on the network, which the page reports with the network's
 * words. A saved change closes the dialog and loads the list again (the view's `permissions
 * changed`): the walk opens Permissions again on the row the server's answer drew.
 *
 * The checks read the predicted snapshot through the grid's own selectors: every level of every
 * category, chosen or not, enabled only where the person editing may choose it; Save and Reset
 * offered only on a change; the reason of a refusal.
 */
import type { Page } from '@playwright/test';
import type { EventObject, SnapshotFrom } from 'xstate';
import type { permissionsGridMachine } from '../../../../machines/people/permissions-grid.machine.ts';
import {
  selectGridChanged,
  selectGridError,
  selectGridRows,
  selectGridSaving,
} from '../../../../machines/people/permissions-grid.selectors.ts';
import { AS_USER } from '../../../../machines/people/samples.ts';
import type { PermissionCategory } from '../../../../src/shared/constants.ts';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { PEOPLE_TEXT } from '../../../../src/shared/people/messages.ts';
import { PERMISSION_CATEGORY_TEXT } from '../../../../src/shared/messages/portal.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import {
  dropNext,
  expectGrid,
  LEVEL_LABELS,
  listReloaded,
  rowOf,
  settled,
  startAsEditor,
  walkStates,
} from './contact-edit.ts';

type Snapshot = SnapshotFrom<typeof permissionsGridMachine>;

/** The user whose rights the walk changes, as the samples name them. */
const USER_NAME = AS_USER.name;
const USERS = /^\/user\/authorized_users\/\d+$/;

interface Walk {
  /** The save was dropped on the network: the page reports the network's reason. */
  dropped: boolean;
  /** The people list loaded again after a saved change. */
  reload?: Promise<void>;
}
const walks = walkStates<Walk>();
const walkOf = walks.of;

const field = <T>(event: EventObject, key: string) => (event as unknown as Record<string, T>)[key];

const grid = (page: Page) =>
  page.getByRole('dialog', { name: `${PEOPLE_TEXT.permissions}: ${USER_NAME}`, exact: true });
const button = (page: Page, name: string) => grid(page).getByRole('button', { name, exact: true });

async function openPermissions(page: Page) {
  await rowOf(page, USER_NAME)
    .getByRole('button', { name: `${PEOPLE_TEXT.permissions}: ${USER_NAME}`, exact: true })
    .click();
  await grid(page).waitFor();
}

/** The grid as predicted, Save and Reset as the state offers them, the reason of a refusal. */
async function expectGridShown(context: StateCheckContext) {
  const { page, expect, step } = context;
  const s = step.snapshot as unknown as Snapshot;
  await expect(grid(page)).toBeVisible();
  await expectGrid(context, grid(page), selectGridRows(s), selectGridSaving(s));
  const changed = selectGridChanged(s);
  for (const name of [PEOPLE_TEXT.save, 'Reset'])
    if (changed) await expect(button(page, name)).toBeEnabled();
    else await expect(button(page, name)).toBeDisabled();
  await expect(button(page, PEOPLE_TEXT.cancel)).toBeEnabled();
  const error = selectGridError(s);
  const alert = grid(page).getByRole('alert');
  if (error) await expect(alert).toHaveText(walkOf(page).dropped ? ERROR_MESSAGES.timeout : error);
  else await expect(alert).toHaveCount(0);
}

export const permissionsGridMapping: BrowserMapping = {
  machine: 'permissions-grid',
  async start({ page, visit }) {
    await startAsEditor(page, visit, [
      { name: USER_NAME, uid: `rb${Date.now().toString(36)}`, perms: AS_USER.user?.perms ?? {} },
    ]);
    walks.set(page, { dropped: false });
    await openPermissions(page);
  },
  events: {
    'permission.level.chosen': async ({ page }, event) => {
      const category = field<PermissionCategory>(event, 'category');
      const level = field<keyof typeof LEVEL_LABELS>(event, 'level');
      await grid(page)
        .getByRole('radio', {
          name: `${PERMISSION_CATEGORY_TEXT[category].label}: ${LEVEL_LABELS[level]}`,
          exact: true,
        })
        .check();
    },
    'permissions.reset.pressed': async ({ page }) => {
      await button(page, 'Reset').click();
    },
    'permissions.save.pressed': async ({ page, upcoming }) => {
      const walk = walkOf(page);
      const answer = upcoming[0]?.type;
      if (answer === 'xstate.error.actor.savePermissions') {
        walk.dropped = true;
        await dropNext(page, 'PATCH', USERS);
      } else if (answer === 'xstate.done.actor.savePermissions') walk.reload = listReloaded(page);
      await button(page, PEOPLE_TEXT.save).click();
    },
    'xstate.done.actor.savePermissions': async ({ page, expect }) => {
      const walk = walkOf(page);
      await settled(page, walk.reload);
      walk.dropped = false;
      // The saved change closed the dialog; the row drawn from the server's answer opens it again.
      await expect(grid(page)).toHaveCount(0);
      await openPermissions(page);
    },
    'xstate.error.actor.savePermissions': async ({ page, expect }) => {
      await expect(grid(page).getByRole('alert')).toBeVisible();
    },
  },
  notCaused: {
    'permission.level.chosen': ({ event }) => {
      const category = field<PermissionCategory>(event, 'category');
      const level = field<string>(event, 'level');
      return category === 'services' || (category === 'payments' && level === 'manage')
        ? 'a level the editor does not hold is a disabled radio: no person can choose it'
        : undefined;
    },
  },
  states: {
    unchanged: expectGridShown,
    changed: expectGridShown,
  },
  notShown: {
    saving: 'lasts only while the server answers; the grid after it is checked',
  },
};
