/**
 * The notifications machine in the browser: the banner area under the top bar. The portal reports
 * a success when a customer changes their password (SESSION_MESSAGES.passwordChanged, a green
 * "Done" banner) and a denial when a customer opens a page they may not see
 * (ERROR_MESSAGES.routeDenied, a red "Something went wrong" banner, portal.md §2); Log out clears
 * the banners (and then says that the user logged out). The samples' words stand for these: the
 * success for the password change, the form's problems (a red banner) for the denial.
 *
 * Changing a password needs a customer of the path's own: each path claims one of the e2e
 * server's billed customers (tests/e2e/support/billed-customers.ts), whose password it may
 * change. Banners live as long as the page: every report of a path happens in one visit, without
 * reloading. Within a visit a customer meets a page they may not
 * open by going back in the tab's history: the site admin used the tab before them and opened
 * the Admin page there.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Notification } from '../../../../machines/shell/notifications.machine.ts';
import { selectNotifications } from '../../../../machines/shell/notifications.selectors.ts';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { SESSION_MESSAGES, SESSION_NOTICES } from '../../../../src/shared/session/messages.ts';
import { loggedInLabel } from '../../../../src/shared/messages/portal.ts';
import type { BrowserContext, BrowserMapping } from '../runner.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import { DEMO_PASSWORD, fillLogin, openTab } from './portal.ts';

type NotificationsSnapshot = Parameters<typeof selectNotifications>[0];
const notifications = (snapshot: AnyMachineSnapshot) =>
  selectNotifications(snapshot as unknown as NotificationsSnapshot);

/** Strong passwords the customer changes to in turn (each differs from the one before). */
const NEXT_PASSWORDS = ['Granite-Harbor-Lantern-58!', 'Copper-Meadow-Falcon-73?'];
/** The strength dictionaries load on first use; a busy machine takes its time. */
const SLOW_MS = 30_000;

const TITLES = { success: 'Done', danger: 'Something went wrong', info: 'Note' } as const;

/** What the page's banner says for each of the samples' kinds of report. */
function shownWords(item: Notification): string {
  if (item.type === 'success') return SESSION_MESSAGES.passwordChanged;
  if (item.type === 'danger') return ERROR_MESSAGES.routeDenied;
  throw new Error(`no report of the portal stands for a ${item.type} banner`);
}

const path = {
  customer: { username: '', password: '' },
  changes: 0,
  loggedIn: false,
  /** Log out was pressed: the page says so in a note of its own. */
  loggedOut: false,
  /** Admin pages left in the tab's history. */
  adminPagesBehind: 0,
};

const banners = (page: Page) =>
  page
    .getByTestId('notifications')
    .getByRole('alert')
    .or(page.getByTestId('notifications').getByRole('status'));

const isMessage = (event: EventObject | undefined, kind: 'success' | 'danger') => {
  if (event?.type !== 'notification.raised') return false;
  const result = (event as { result?: { status?: number } }).result;
  return kind === 'success' ? result?.status === 200 : (result?.status ?? 0) >= 400;
};

async function logIn(page: Page) {
  await fillLogin(page, path.customer.username, path.customer.password);
  await page
    .getByTestId('logged-in-link')
    .filter({ hasText: loggedInLabel(path.customer.username) })
    .waitFor({ timeout: SLOW_MS });
  path.loggedIn = true;
  path.loggedOut = false;
}

/** The customer changes their password on the account page (answering the password prompt
 * if the access token is already old: a sensitive action). */
async function changePassword({ page }: BrowserContext) {
  if (!path.loggedIn) await logIn(page);
  const form = page.getByRole('form', { name: 'Change your password' });
  const next = NEXT_PASSWORDS[path.changes % NEXT_PASSWORDS.length];
  path.changes += 1;
  await form.getByRole('textbox', { name: 'Current password' }).fill(path.customer.password);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
  await form.getByRole('textbox', { name: 'Confirm the new password' }).fill(next);
  await form.getByTestId('password-strength').filter({ hasText: '100 / 100' }).waitFor({
    timeout: SLOW_MS,
  });
  await form.getByRole('button', { name: 'Change password' }).click();
  const prompt = page.getByRole('dialog', { name: SESSION_NOTICES.refreshPasswordTitle });
  const changed = page
    .getByTestId('notifications')
    .getByRole('status')
    .filter({ hasText: SESSION_MESSAGES.passwordChanged });
  await prompt.or(changed).first().waitFor({ timeout: SLOW_MS });
  if (await prompt.isVisible()) {
    await prompt
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill(path.customer.password);
    await prompt.getByRole('button', { name: 'Continue' }).click();
  }
  await changed.waitFor({ timeout: SLOW_MS });
  path.customer.password = next;
}

/**
 * The customer goes back through the pages this tab showed until one they may not open: the
 * Admin page the site admin opened here before them. The gate turns them away to their account.
 */
async function goBackToADeniedPage({ page, expect }: BrowserContext) {
  if (!path.loggedIn) await logIn(page);
  const denied = page
    .getByTestId('notifications')
    .getByRole('alert')
    .filter({ hasText: ERROR_MESSAGES.routeDenied });
  for (let back = 0; back < path.adminPagesBehind + 1; back += 1) {
    await page.goBack();
    await expect(page).toHaveURL(/\/control\/account\/$/, { timeout: SLOW_MS });
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    if (await denied.isVisible()) {
      path.adminPagesBehind -= 1;
      return;
    }
  }
  throw new Error('no page of this tab’s history turned the customer away');
}

/** Admin pages a path may go back to: the most denials a path asks for. */
const ADMIN_PAGES = 2;

export const notificationsMapping: BrowserMapping = {
  machine: 'notifications',
  async start({ page, visit }) {
    Object.assign(path, { changes: 0, loggedIn: false, loggedOut: false });
    path.customer = { username: claimBilledCustomer(), password: DEMO_PASSWORD };
    await visit('/control/login/');
    // The site admin used this tab before: the Admin page, twice, is in its history.
    await fillLogin(page, 'admin', DEMO_PASSWORD);
    await page
      .getByTestId('logged-in-link')
      .filter({ hasText: loggedInLabel('admin') })
      .waitFor();
    for (let visits = 0; visits < ADMIN_PAGES; visits += 1) {
      await openTab(page, 'Account');
      await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      await openTab(page, 'Admin');
      await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    }
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    path.adminPagesBehind = ADMIN_PAGES;
    // The signup and the logout said so in banners of their own: the path starts from a fresh
    // load of the login page (the tab's history stays).
    await page.reload();
    await page.getByRole('form', { name: 'Log in' }).waitFor();
  },
  events: {
    'notification.raised': async (context, event) => {
      if (isMessage(event, 'success')) await changePassword(context);
      else await goBackToADeniedPage(context);
    },
    'notification.dismissed': async ({ page }) => {
      // The oldest banner is the first.
      await banners(page).first().getByRole('button', { name: 'Dismiss' }).click();
    },
    'notifications.cleared': async ({ page }) => {
      await page.getByRole('button', { name: 'Log out' }).click();
      path.loggedIn = false;
      path.loggedOut = true;
    },
  },
  notCaused: {
    'notification.raised': ({ event }) => {
      const message = (event as { message?: string | string[] }).message;
      const empty = typeof message === 'string' ? message.trim() === '' : message?.length === 0;
      if (empty) return 'the portal never reports an empty message';
      if ((event as { modal?: boolean }).modal)
        return "a modal's list shows inside the modal that raised it (the contacts' and the servers' dialogs), not in the banner area walked here";
      return undefined;
    },
    'notifications.modal.closed': () =>
      "no modal list is raised in the banner area walked here: the servers' refusal modal closes its list (servers-list paths)",
    'notification.dismissed': ({ event }) =>
      (event as { id?: number }).id === 999
        ? 'a person closes only a banner they see: one that is gone has no close button'
        : undefined,
  },
  slowEvents: ['notify', 'dismiss', 'clear'],
  states: {
    empty: async ({ page, expect }) => {
      if (path.loggedOut) {
        // Log out cleared every banner, then said so in a note.
        await expect(banners(page)).toHaveCount(1);
        const note = banners(page).first();
        await expect(note).toHaveAttribute('data-type', 'info');
        await expect(note).toContainText(TITLES.info);
        await expect(note).toContainText(SESSION_NOTICES.loggedOut);
      } else {
        await expect(banners(page)).toHaveCount(0);
      }
    },
    showing: async ({ page, expect, step }) => {
      const items = notifications(step.snapshot).filter((item) => !item.modal);
      await expect(banners(page)).toHaveCount(items.length);
      for (const [index, item] of items.entries()) {
        const banner = banners(page).nth(index);
        await expect(banner).toHaveAttribute('data-type', item.type);
        await expect(banner).toHaveAttribute('role', item.type === 'danger' ? 'alert' : 'status');
        await expect(banner).toContainText(TITLES[item.type as keyof typeof TITLES]);
        await expect(banner).toContainText(shownWords(item));
        await expect(banner.getByRole('button', { name: 'Dismiss' })).toBeEnabled();
      }
    },
  },
  notShown: {
    deciding: 'passes at once after a banner is closed',
  },
};
