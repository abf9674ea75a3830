/**
 * The session machine in the browser: the login page, the top bar's "logged in" link and Log out,
 * a login (its own steps are the login machine's, mapped in login.ts: here it is caused by a right
 * password on the login page),
 * a session that ends behind the page's back, an access token that runs out (renewed by the
 * token coordinator, which answers the user afresh) and the site admin acting as a customer (a
 * login from elsewhere) and back. Server answers (profile, password, logout) are not actions: the
 * action before them sets them up (the right or a wrong password, a request the network drops),
 * and the page must then show the state the machine predicts.
 *
 * The samples' profile is always the demo customer's; where only the site admin can cause an
 * event (acting as a customer, returning from it), the admin logs in and the real server answers
 * the admin's own profile: the mapping notes who the page must name.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { loggedInLabel } from '../../../../src/shared/messages/portal.ts';
import { SESSION_NOTICES } from '../../../../src/shared/session/messages.ts';
import { snapshotAfter, type BrowserContext, type BrowserMapping } from '../runner.ts';
import { DEMO_PASSWORD, fillLogin, openTab } from './portal.ts';

const IN_FLIGHT = 'lasts only while the server answers; the state after it is checked';
const PROFILE = '**/manage/api/v1.0/user/profile';

/** Who the top bar must name while logged in (the samples' profile is always the demo's). */
let shownUser = 'demo';

const isProxyLogout = (event: EventObject | undefined) =>
  event?.type === 'xstate.done.actor.logout' &&
  (event as { output?: { proxy_logout?: boolean } }).output?.proxy_logout === true;

/** The next profile request is dropped on the network when the machine expects it to fail. */
async function prepareProfile(page: Page, upcoming: BrowserContext['upcoming'], after = 0) {
  await page.unroute(PROFILE);
  if (upcoming[after]?.type === 'xstate.error.actor.fetchProfile')
    await page.route(PROFILE, (route) => route.abort('internetdisconnected'));
}

/** The site admin, logged in, acts as the demo customer from the Admin tab. */
async function actAsDemo(page: Page, upcoming: BrowserContext['upcoming']) {
  await openTab(page, 'Admin');
  await page
    .getByRole('search', { name: 'Find a customer' })
    .getByRole('textbox', { name: 'Customer' })
    .fill('Dana');
  await page
    .getByRole('search', { name: 'Find a customer' })
    .getByRole('button', { name: 'Search' })
    .click();
  await page
    .getByRole('table', { name: 'Customers found' })
    .getByRole('row')
    .filter({ hasText: 'demo@ridgeline.example' })
    .getByRole('button', { name: /^Act as / })
    .click();
  const modal = page.getByRole('dialog', { name: SESSION_NOTICES.verifyIdentityTitle });
  await modal.getByLabel('Current password').fill(DEMO_PASSWORD);
  await prepareProfile(page, upcoming);
  await modal.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Logs in on the login page with the right password: as the site admin when only the admin can
 * cause what follows (acting as a customer, returning from it), already acting as the demo
 * customer when a return to the admin follows.
 */
async function logIn(page: Page, upcoming: BrowserContext['upcoming']) {
  const admin = upcoming.some((next) => next.type === 'session.started' || isProxyLogout(next));
  await fillLogin(page, admin ? 'admin' : 'demo', DEMO_PASSWORD);
  await page.getByTestId('logged-in-link').waitFor();
  shownUser = admin ? 'admin' : 'demo';
  // A return to the admin with no act as before it: act as the demo customer first.
  const first = upcoming.find((next) => next.type === 'session.started' || isProxyLogout(next));
  if (first && isProxyLogout(first)) {
    await actAsDemo(page, []);
    await page
      .getByTestId('logged-in-link')
      .filter({ hasText: loggedInLabel('demo') })
      .waitFor();
    shownUser = 'demo';
  }
}

const PASSED_ON = 'passed on to the login: its own paths (login) walk what it does with it';

/** The server answers by itself: nothing to do but let the page show the outcome. */
const serverAnswers = async () => {};

export const sessionMapping: BrowserMapping = {
  machine: 'session',
  async start({ page }) {
    // The machine waits for the page to open: the first event opens it.
    shownUser = 'demo';
    await page.goto('about:blank');
  },
  events: {
    'page.opened': async ({ page, visit, upcoming }, event) => {
      const { sessionCookie } = event as EventObject & { sessionCookie?: boolean };
      if (sessionCookie) {
        // Log in first, then open a page afresh with the session's cookies.
        await visit('/control/login/');
        await logIn(page, upcoming);
        if (upcoming[0]?.type === 'xstate.error.actor.fetchProfile') {
          // The session ended behind the browser's back; only the hint cookie is left.
          await page.context().clearCookies({ name: 'access_token' });
          await page.context().clearCookies({ name: 'refresh_token' });
          await visit('/control/login/');
        } else {
          await visit('/control/account/');
        }
      } else {
        await visit('/control/login/');
      }
    },
    // The login ends with the profile: a right password on the login page.
    'xstate.done.actor.login': async ({ page, upcoming }) => {
      await prepareProfile(page, upcoming);
      await logIn(page, upcoming);
    },
    // The site admin acts as the demo customer: the customer's session comes from elsewhere.
    'session.started': async ({ page, upcoming }) => {
      await actAsDemo(page, upcoming);
      shownUser = 'demo';
    },
    'logout.pressed': async ({ page, upcoming }) => {
      await prepareProfile(page, upcoming, 1);
      if (isProxyLogout(upcoming[0])) shownUser = 'admin';
      if (upcoming[0]?.type === 'xstate.error.actor.logout') {
        // The logout request never reaches the server.
        await page.route('**/manage/api/v1.0/auth/tokens', (route) =>
          route.request().method() === 'DELETE' ? route.abort() : route.fallback(),
        );
      }
      await page.getByRole('button', { name: 'Log out' }).click();
    },
    // The access token runs out (the browser drops its cookie when it expires): the next request
    // renews the session, and the renewal answers the user afresh.
    'user.refreshed': async ({ page }) => {
      await page.context().clearCookies({ name: 'access_token' });
      const renewed = page.waitForResponse(
        (response) => response.url().endsWith('/auth/refresh_token') && response.ok(),
      );
      // Back on the account page, its contact information is asked for again.
      await openTab(page, 'Services');
      await openTab(page, 'Account');
      await renewed;
    },
    'session.expired': async ({ page }) => {
      // Both tokens are gone behind the page's back; the next request cannot be renewed.
      await page.context().clearCookies({ name: 'access_token' });
      await page.context().clearCookies({ name: 'refresh_token' });
      const tabs = page.getByRole('navigation', { name: 'Portal' });
      // A request of the page itself (the notices, a renewal) may lead to login first, taking the
      // tabs away under the click.
      await tabs
        .getByRole('link', { name: 'Services' })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      // The services page asks the server at once, and its refusal usually leads to the login
      // page before anything else can be clicked; the account page asks again if it did not.
      const atLogin = await page
        .waitForURL(/\/control\/login\//, { timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      // (The page may still leave for the login page under the click: the state check that
      // follows says whether it arrived.)
      if (!atLogin)
        await tabs
          .getByRole('link', { name: 'Account' })
          .click({ timeout: 5_000 })
          .catch(() => undefined);
    },
    'xstate.done.actor.fetchProfile': serverAnswers,
    'xstate.error.actor.fetchProfile': serverAnswers,
    'xstate.done.actor.logout': serverAnswers,
    'xstate.error.actor.logout': serverAnswers,
  },
  notCaused: {
    'session.started': ({ earlier }) =>
      snapshotAfter(sessionMapping, earlier).matches('loggedOut') ? PASSED_ON : undefined,
    'login.submitted': PASSED_ON,
    'login.cancelled': PASSED_ON,
    'profile.changed':
      'nothing sends it: the account page shows the contact information but has no form to change it',
    'user.refreshed': ({ event }) => {
      const { user } = event as unknown as { user: { site_admin: boolean; proxy: unknown } };
      if (user.site_admin)
        return 'a renewal answers the login’s own rights: the demo customer is no site admin';
      if (user.proxy)
        return 'a renewal answers the login’s own rights: the demo customer’s own login acts for nobody';
      return undefined;
    },
  },
  states: {
    // Nobody is logged in: the login page with its form (a failed login is the login's).
    loggedOut: async ({ page, expect }) => {
      await expect(page).toHaveURL(/\/control\/login\//);
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
      await expect(page.getByTestId('logged-in-link')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
    },
    'loggedIn.active': async ({ page, expect, step }) => {
      if ((step.projection as { user?: string | null }).user === null)
        throw new Error('the machine has no user while logged in');
      const user = shownUser;
      await expect(page.getByTestId('logged-in-link')).toHaveText(loggedInLabel(user));
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    },
  },
  notShown: {
    opening: 'lasts only until the page has read its cookies when it starts',
    unknown: 'lasts only while the first profile request runs when a page opens',
    'loggedIn.switching': IN_FLIGHT,
    'loggedIn.loggingOut': IN_FLIGHT,
    'loggedIn.returningToAdmin': IN_FLIGHT,
  },
};
