/**
 * The session machine in the browser: the login page, the top bar's "logged in" link and Log out,
 * and a session that ends behind the page's back. Server answers (profile, password, logout) are
 * not actions: the action before them sets them up (the right or a wrong password, a logout the
 * network drops), and the page must then show the state the machine predicts.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.ts';
import { loggedInLabel } from '../../../../src/shared/messages/portal.ts';
import type { BrowserMapping } from '../runner.ts';

const USERNAME = 'demo';
const PASSWORD = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
const WRONG_PASSWORD = 'not-the-demo-password-1';
const IN_FLIGHT = 'lasts only while the server answers; the state after it is checked';

async function logIn(page: Page, password: string) {
  await page.getByRole('textbox', { name: 'Username' }).fill(USERNAME);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The server answers by itself: nothing to do but let the page show the outcome. */
const serverAnswers = async () => {};

export const sessionMapping: BrowserMapping = {
  machine: 'session',
  async start({ page }) {
    // The machine waits for the page to open: the first event opens it.
    await page.goto('about:blank');
  },
  events: {
    'page opened': async ({ page, visit, upcoming }, event) => {
      const { sessionCookie } = event as EventObject & { sessionCookie?: boolean };
      if (sessionCookie) {
        // Log in first, then open a page afresh with the session's cookies.
        await visit('/control/login/');
        await logIn(page, PASSWORD);
        await page.getByTestId('logged-in-link').waitFor();
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
    login: async ({ page, upcoming }) => {
      const accepted = upcoming[0]?.type === 'xstate.done.actor.login';
      await logIn(page, accepted ? PASSWORD : WRONG_PASSWORD);
    },
    logout: async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.logout') {
        // The logout request never reaches the server.
        await page.route('**/manage/api/v1.0/auth/tokens', (route) =>
          route.request().method() === 'DELETE' ? route.abort() : route.fallback(),
        );
      }
      await page.getByRole('button', { name: 'Log out' }).click();
    },
    'session expired': async ({ page }) => {
      // Both tokens are gone behind the page's back; the next request cannot be renewed.
      await page.context().clearCookies({ name: 'access_token' });
      await page.context().clearCookies({ name: 'refresh_token' });
      const tabs = page.getByRole('navigation', { name: 'Portal' });
      await tabs.getByRole('link', { name: 'Services' }).click();
      await tabs.getByRole('link', { name: 'Account' }).click();
    },
    'xstate.done.actor.fetchProfile': serverAnswers,
    'xstate.error.actor.fetchProfile': serverAnswers,
    'xstate.done.actor.login': serverAnswers,
    'xstate.error.actor.login': serverAnswers,
    'xstate.done.actor.logout': serverAnswers,
    'xstate.error.actor.logout': serverAnswers,
  },
  notCaused: {
    'signed in': 'signup logs in by itself and an admin acts as a customer: their own tests',
    'user refreshed': 'comes with a token renewal (tests/e2e/session.spec.ts)',
    'profile changed': 'the account page saves contact information in its own tests',
    'xstate.done.actor.fetchProfile': ({ previous }) =>
      previous?.type === 'page opened' || previous?.type === 'xstate.done.actor.login'
        ? undefined
        : 'a profile after another login (signup, acting as a customer) is not walked here',
    'xstate.error.actor.fetchProfile': ({ previous }) =>
      previous?.type === 'page opened'
        ? undefined
        : 'needs the server to fail right after accepting the password',
    'xstate.done.actor.logout': ({ event }) =>
      (event as { output?: { proxy_logout?: boolean } }).output?.proxy_logout
        ? 'needs an admin acting as a customer (tests/e2e/session.spec.ts)'
        : undefined,
  },
  states: {
    'loggedOut.idle': async ({ page, expect, step }) => {
      await expect(page).toHaveURL(/\/control\/login\//);
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
      await expect(page.getByTestId('logged-in-link')).toHaveCount(0);
      const failed = (step.projection as { loginError?: boolean }).loginError === true;
      if (failed) await expect(page.getByRole('alert')).toBeVisible();
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    'loggedIn.active': async ({ page, expect, step }) => {
      const user = (step.projection as { user?: string }).user ?? USERNAME;
      await expect(page.getByTestId('logged-in-link')).toHaveText(loggedInLabel(user));
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    },
  },
  notShown: {
    opening: 'lasts only until the page has read its cookies when it starts',
    unknown: 'lasts only while the first profile request runs when a page opens',
    'loggedOut.loggingIn': IN_FLIGHT,
    'loggedOut.loadingProfile': IN_FLIGHT,
    'loggedIn.switching': IN_FLIGHT,
    'loggedIn.loggingOut': IN_FLIGHT,
    'loggedIn.returningToAdmin': IN_FLIGHT,
  },
};
