/**
 * The login machine in the browser (the session's child while nobody is logged in): the login
 * page's form, a wrong password and its alert, a right one that loads the profile and names the
 * user in the top bar. Server answers (password, profile) are not actions: the action before them
 * sets them up (the right or a wrong password, a profile request the network drops), and the page
 * must then show the state the machine predicts.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { loggedInLabel } from '../../../../src/shared/messages/portal.ts';
import { SESSION_MESSAGES } from '../../../../src/shared/session/messages.ts';
import type { BrowserContext, BrowserMapping } from '../runner.ts';
import { DEMO_PASSWORD, fillLogin, WRONG_PASSWORD } from './portal.ts';

const IN_FLIGHT = 'lasts only while the server answers; the state after it is checked';
const PROFILE = '**/manage/api/v1.0/user/profile';
const NO_SECOND_FACTOR =
  'no demo login has a second factor: the code step after the password is walked by ' +
  'tests/e2e/second-factor.spec.ts (a login turns it on, then logs in with a computed code) ' +
  'and, with a passkey, by tests/e2e/passkeys.spec.ts (Chromium’s virtual authenticator)';

/** The next profile request is dropped on the network when the machine expects it to fail. */
async function prepareProfile(page: Page, upcoming: BrowserContext['upcoming'], after: number) {
  await page.unroute(PROFILE);
  if (upcoming[after]?.type === 'xstate.error.actor.fetchProfile')
    await page.route(PROFILE, (route) => route.abort('internetdisconnected'));
}

/** The server answers by itself: nothing to do but let the page show the outcome. */
const serverAnswers = async () => {};

const asksForACode = (event: EventObject) => {
  const title = (event as { error?: { title?: string } }).error?.title;
  return (
    title === SESSION_MESSAGES.secondFactorRequiredTitle ||
    title === SESSION_MESSAGES.secondFactorSetupRequiredTitle
  );
};

export const loginMapping: BrowserMapping = {
  machine: 'login',
  async start({ page, visit }) {
    await page.goto('about:blank');
    await visit('/control/login/');
  },
  events: {
    'login.submitted': async ({ page, upcoming }) => {
      const accepted = upcoming[0]?.type === 'xstate.done.actor.checkPassword';
      await prepareProfile(page, upcoming, 1);
      await fillLogin(page, 'demo', accepted ? DEMO_PASSWORD : WRONG_PASSWORD);
    },
    'xstate.done.actor.checkPassword': serverAnswers,
    'xstate.error.actor.checkPassword': serverAnswers,
    'xstate.done.actor.fetchProfile': serverAnswers,
    'xstate.error.actor.fetchProfile': serverAnswers,
  },
  notCaused: {
    'session.started':
      'logged out, only the signup’s own login after a real order signs someone in: the signup’s paths walk it',
    'xstate.error.actor.checkPassword': ({ event }) =>
      asksForACode(event) ? NO_SECOND_FACTOR : undefined,
    'xstate.done.actor.secondFactor': NO_SECOND_FACTOR,
    'login.cancelled': NO_SECOND_FACTOR,
  },
  states: {
    idle: async ({ page, expect, step }) => {
      await expect(page).toHaveURL(/\/control\/login\//);
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
      await expect(page.getByTestId('logged-in-link')).toHaveCount(0);
      // The server's (or the network's) message shows when the login failed.
      const failed = typeof (step.projection as { loginError?: unknown }).loginError === 'string';
      if (failed) await expect(page.getByRole('alert')).toBeVisible();
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    // The login ended: the session counts the user as logged in and the top bar names them.
    loggedIn: async ({ page, expect }) => {
      await expect(page.getByTestId('logged-in-link')).toHaveText(loggedInLabel('demo'));
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    },
  },
  notShown: {
    loggingIn: IN_FLIGHT,
    loadingProfile: IN_FLIGHT,
    secondFactor: NO_SECOND_FACTOR,
  },
};
