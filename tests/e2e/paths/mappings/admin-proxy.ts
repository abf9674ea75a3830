/**
 * The admin proxy machine in the browser: the demo site admin logs in, opens the Admin tab, looks
 * customers up with the search box and acts as the demo customer after the Verify Identity modal.
 * Searches run against the real customers (a query that matches the demo customer, or one that
 * matches nobody); a search the network drops is the one answer the server cannot give.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import {
  selectAdminProxyError,
  selectNoMatch,
} from '../../../../machines/session/admin-proxy.selectors.ts';
import { actingAsMessage, loggedInLabel } from '../../../../src/shared/messages/portal.ts';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { SESSION_NOTICES } from '../../../../src/shared/session/messages.ts';
import type { BrowserContext, BrowserMapping } from '../runner.ts';
import { DEMO_PASSWORD, logInByForm, openTab } from './portal.ts';

type AdminProxySnapshot = Parameters<typeof selectNoMatch>[0];
const proxy = (snapshot: AnyMachineSnapshot) => snapshot as unknown as AdminProxySnapshot;

const SEARCH = '**/manage/api/v1.0/admin/customers?*';
/** The demo customer (README "Demo logins"), found by their name. */
const CUSTOMER = { name: 'Dana R. Demo', username: 'demo', email: 'demo@ridgeline.example' };
const MATCHES_NOBODY = 'no-such-customer-zq';
const IN_FLIGHT = 'lasts only while the server answers; the state after it is checked';

/**
 * What the last failure must say, as the person caused it (the predicted snapshot holds one
 * failure's words for every path that ends in the same projection).
 */
let failure: string | null = null;

const results = (page: Page) => page.getByRole('table', { name: 'Customers found' });
const customerRow = (page: Page) =>
  results(page).getByRole('row').filter({ hasText: CUSTOMER.email });
const actAs = (page: Page) =>
  customerRow(page).getByRole('button', { name: `Act as ${CUSTOMER.name}` });
const verifyModal = (page: Page) =>
  page.getByRole('dialog', { name: SESSION_NOTICES.verifyIdentityTitle });

/** The words typed in the search box: the demo customer's name, unless nobody is to be found. */
function queryFor(query: string, upcoming: BrowserContext['upcoming']): string {
  if (query.trim() === '') return query;
  return upcoming[0]?.type === 'xstate.done.actor.searchCustomers' &&
    (upcoming[0] as { output?: unknown[] }).output?.length === 0
    ? MATCHES_NOBODY
    : query;
}

export const adminProxyMapping: BrowserMapping = {
  machine: 'admin-proxy',
  async start({ page, visit }) {
    failure = null;
    await logInByForm(page, visit, 'admin');
    await openTab(page, 'Admin');
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
  },
  events: {
    'search.typed': async ({ page, upcoming }, event) => {
      const { query } = event as { query?: string };
      await page.unroute(SEARCH);
      // A search with words starts afresh; blank words are not searched.
      if (query?.trim()) failure = null;
      if (upcoming[0]?.type === 'xstate.error.actor.searchCustomers') {
        await page.route(SEARCH, (route) => route.abort('internetdisconnected'));
        failure = ERROR_MESSAGES.timeout;
      }
      await page
        .getByRole('search', { name: 'Find a customer' })
        .getByRole('textbox', { name: 'Customer' })
        .fill(queryFor(query ?? '', upcoming));
      await page
        .getByRole('search', { name: 'Find a customer' })
        .getByRole('button', { name: 'Search' })
        .click();
    },
    'customer.chosen': async ({ page }) => {
      await actAs(page).click();
    },
    'xstate.done.actor.verifyIdentity': async ({ page }) => {
      await verifyModal(page).getByLabel('Current password').fill(DEMO_PASSWORD);
      await verifyModal(page).getByRole('button', { name: 'Continue' }).click();
    },
    'xstate.error.actor.verifyIdentity': async ({ page }) => {
      failure = SESSION_NOTICES.reauthCancelled;
      await verifyModal(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    },
    // The server answers by itself; the action before set the answer up.
    'xstate.done.actor.searchCustomers': async () => {},
    'xstate.error.actor.searchCustomers': async () => {},
    'xstate.done.actor.startProxy': async () => {},
  },
  notCaused: {
    'customer.chosen': ({ index }) =>
      index === 0 ? 'the Act as buttons are the rows of a search’s results' : undefined,
    'xstate.error.actor.startProxy':
      'the server refuses only a customer without a login, whose Act as button is disabled',
  },
  states: {
    idle: async ({ page, expect, step }) => {
      const snapshot = proxy(step.snapshot);
      const { found } = step.projection as { found: number | null };
      await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
      await expect(verifyModal(page)).toHaveCount(0);
      await expect(
        page
          .getByRole('search', { name: 'Find a customer' })
          .getByRole('button', { name: 'Search' }),
      ).toBeEnabled();
      if (selectAdminProxyError(snapshot))
        await expect(page.getByRole('alert')).toContainText(failure ?? '');
      else await expect(page.getByRole('alert')).toHaveCount(0);
      const noMatch = page.getByRole('status').filter({ hasText: SESSION_NOTICES.noCustomerMatch });
      if (selectNoMatch(snapshot)) await expect(noMatch).toBeVisible();
      else await expect(noMatch).toHaveCount(0);
      if (found) {
        await expect(customerRow(page)).toContainText(CUSTOMER.username);
        await expect(actAs(page)).toBeEnabled();
      } else {
        await expect(results(page)).toHaveCount(0);
      }
    },
    verifying: async ({ page, expect }) => {
      const modal = verifyModal(page);
      await expect(modal).toBeVisible();
      await expect(modal).toContainText(SESSION_NOTICES.verifyIdentity);
      await expect(modal.getByLabel('Current password')).toBeFocused();
      await expect(modal.getByRole('button', { name: 'Continue' })).toBeEnabled();
    },
    actingAs: async ({ page, expect }) => {
      await expect(page).toHaveURL(/\/control\/account\/$/);
      await expect(page.getByText(actingAsMessage(CUSTOMER.name, 'admin'))).toBeVisible();
      await expect(page.getByTestId('logged-in-link')).toHaveText(loggedInLabel(CUSTOMER.username));
    },
  },
  notShown: {
    searching: IN_FLIGHT,
    switching: IN_FLIGHT,
  },
};
