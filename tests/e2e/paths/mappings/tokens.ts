/**
 * The token coordinator in the browser: an access token that runs out (the e2e server's live 5 s)
 * and its renewal, the sensitive action (Change password on the account page) refused for a token
 * that came from a renewal, the refresh-password window and the site admin's Verify Identity
 * window (Act as on the Admin page).
 *
 * Server answers are real: the token's own life makes a request "Access token expired", another
 * tab of the same browser renews the session so that this tab holds a renewed (not fresh) token,
 * a wrong password is refused, a refresh cookie the browser no longer holds refuses the renewal.
 * Renewals and password checks are held on the network while the machine waits for them, so that
 * the page can be seen waiting, and the next event lets them go on (or drops the renewal: the one
 * answer the server cannot give). The Change password form is always sent with a wrong current
 * password: no password is ever changed.
 */
import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { selectPasswordPrompt } from '../../../../machines/session/tokens.selectors.ts';
import { loggedInLabel } from '../../../../src/shared/messages/portal.ts';
import {
  ERROR_MESSAGES,
  ERROR_TITLES,
  SESSION_MESSAGES,
  SESSION_NOTICES,
} from '../../../../src/shared/messages.ts';
import type { BrowserContext, BrowserMapping, StateCheckContext } from '../runner.ts';
import { DEMO_PASSWORD, fillLogin, logInAs, openTab, WRONG_PASSWORD } from './portal.ts';

type TokensSnapshot = Parameters<typeof selectPasswordPrompt>[0];

const API = '**/manage/api/v1.0';
const REFRESH = `${API}/auth/refresh_token`;
const REAUTH = `${API}/auth/access_token`;
/** The access token's life in the e2e server (tests/e2e/support/serve.ts), and a margin. */
const TOKEN_LIFE_MS = Number(process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ?? '5') * 1000;
const MARGIN_MS = 700;
/** A new password the Change password form accepts; the wrong current password stops it. */
const NEW_PASSWORD = 'Quartz-Lantern-Meadow-47!';
const HELD_MS = 20_000;

/** Requests held on the network until an event lets them go on, in the order they came. */
class Held {
  private routes: Route[] = [];
  private waiters: ((route: Route) => void)[] = [];
  readonly handler = (route: Route) => {
    const waiter = this.waiters.shift();
    if (waiter) waiter(route);
    else this.routes.push(route);
  };
  constructor(readonly what: string) {}
  next(): Promise<Route> {
    const route = this.routes.shift();
    if (route) return Promise.resolve(route);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${this.what} was sent within ${HELD_MS} ms`)),
        HELD_MS,
      );
      this.waiters.push((held) => {
        clearTimeout(timer);
        resolve(held);
      });
    });
  }
}

let refreshes = new Held('renewal (POST /auth/refresh_token)');
let reauths = new Held('password check (POST /auth/access_token)');
/** When the last access token was handed out (login, renewal, password). */
let tokenAt = 0;
/** Who is logged in. */
let user = 'demo';
type PageCheck = (page: Page, expect: BrowserContext['expect']) => Promise<void>;
/** What a request waiting for the renewal shows on the page. */
let waiting: PageCheck | null = null;
/** What the page must show once the coordinator is idle again (the outcome of the last step). */
let outcome: PageCheck | null = null;
/**
 * Why the last password was refused, as the person caused it (the predicted snapshot holds one
 * refusal's words for every path that ends in the same projection).
 */
let passwordError = '';

/** A tab to leave the account page for, and come back from: the site admin has no Services. */
const otherTab = () => (user === 'admin' ? 'Admin' : 'Services');
const dialog = (page: Page) => page.getByRole('dialog');
const passwordForm = (page: Page) => page.getByRole('form', { name: 'Change your password' });
const contact = (page: Page) => page.getByRole('region', { name: 'Contact information' });
const contactLoading = (page: Page) =>
  page.getByRole('status', { name: 'Loading your contact information' });
const contactWaits: PageCheck = async (page, expect) => expect(contactLoading(page)).toBeVisible();
const search = (page: Page) => page.getByRole('search', { name: 'Find a customer' });
const actAs = (page: Page) =>
  page
    .getByRole('table', { name: 'Customers found' })
    .getByRole('row')
    .filter({ hasText: 'demo@ridgeline.example' })
    .getByRole('button', { name: /^Act as / });

type Refusal = EventObject & {
  title?: string;
  retriedAfterRefresh?: boolean;
  retriedAfterPassword?: boolean;
};
type Failure = EventObject & { error?: { status?: number; title?: string } };

const isFresh = (event: EventObject) =>
  event.type === 'request refused' &&
  (event as Refusal).title === ERROR_TITLES.freshTokenRequired &&
  !(event as Refusal).retriedAfterPassword;
const isRetried = (event: EventObject) =>
  event.type === 'request refused' &&
  ((event as Refusal).retriedAfterRefresh === true ||
    (event as Refusal).retriedAfterPassword === true);
const isRunOut = (event: EventObject | undefined) =>
  event?.type === 'xstate.error.actor.reauthenticate' &&
  (event as Failure).error?.title === SESSION_MESSAGES.accessTokenExpiredTitle;

/** Waits until the access token the browser holds has run out on the server. */
async function outliveTheToken(page: Page) {
  const left = tokenAt + TOKEN_LIFE_MS + MARGIN_MS - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

/**
 * The next renewal is to be refused: the browser no longer holds the refresh cookie (the session
 * ended elsewhere), so the renewal the app sends next carries none.
 */
async function prepareRenewal(page: Page, upcoming: readonly EventObject[]) {
  const outcomeOfRenewal = upcoming.find((event) => event.type.endsWith('.actor.refreshToken'));
  if (
    outcomeOfRenewal?.type === 'xstate.error.actor.refreshToken' &&
    (outcomeOfRenewal as Failure).error?.status === 401
  )
    await page.context().clearCookies({ name: 'refresh_token' });
}

/**
 * Another tab of this browser renews the session (the access cookie is gone there as here): this
 * tab then holds a renewed access token, valid but not fresh.
 */
async function renewInAnotherTab(page: Page) {
  await page.context().clearCookies({ name: 'access_token' });
  const other = await page.context().newPage();
  const renewed = other.waitForResponse(
    (response) => response.url().endsWith('/auth/refresh_token') && response.ok(),
  );
  await other.goto('/control/account/');
  await renewed;
  await other.close();
}

/** Fills the Change password form with a wrong current password (nothing is ever changed). */
async function fillPasswordChange(page: Page) {
  const form = passwordForm(page);
  await form.getByRole('textbox', { name: 'Current password' }).fill(WRONG_PASSWORD);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('textbox', { name: 'Confirm the new password' }).fill(NEW_PASSWORD);
  // The strength dictionaries load on first use; the form sends once they judged the password.
  await form.getByTestId('password-strength').filter({ hasText: '100 / 100' }).waitFor();
}

const refusedResponse = (page: Page, path: string) =>
  page.waitForResponse(
    (response) => response.url().includes(`/manage/api/v1.0/${path}`) && response.status() === 401,
  );

export const tokensMapping: BrowserMapping = {
  machine: 'tokens',
  async start({ page, visit, upcoming }) {
    refreshes = new Held(refreshes.what);
    reauths = new Held(reauths.what);
    waiting = null;
    outcome = null;
    // Only a site admin reaches the Verify Identity window (Act as on the Admin page).
    user = upcoming.some((event) => event.type === 'verify identity') ? 'admin' : 'demo';
    page.context().on('response', (response) => {
      if (
        /\/auth\/(tokens|refresh_token|access_token)$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'POST' &&
        response.ok()
      )
        tokenAt = Date.now();
    });
    await page.route(REFRESH, refreshes.handler);
    await page.route(REAUTH, reauths.handler);
    await logInAs(page, visit, user);
    await openTab(page, otherTab());
    await openTab(page, 'Account');
    await contact(page).getByTestId('contact-information').waitFor();
    if (upcoming.some(isFresh)) await fillPasswordChange(page);
    if (user === 'admin') {
      await openTab(page, 'Admin');
      await search(page).getByRole('textbox', { name: 'Customer' }).fill('Dana');
      await search(page).getByRole('button', { name: 'Search' }).click();
      await actAs(page).waitFor();
    }
  },
  events: {
    'request refused': async ({ page, upcoming }, event) => {
      if (isFresh(event)) {
        // A sensitive action with a renewed token: the server wants the password again.
        await renewInAnotherTab(page);
        const refused = refusedResponse(page, 'token/password_reset');
        await passwordForm(page).getByRole('button', { name: 'Change password' }).click();
        await refused;
        outcome = async (p, expect) =>
          expect(passwordForm(p)).toContainText(SESSION_MESSAGES.currentPasswordWrong);
        return;
      }
      // The access token ran out: the next request the page sends is refused.
      await outliveTheToken(page);
      await prepareRenewal(page, upcoming);
      if (await dialog(page).isVisible()) {
        // A password window covers the page: the browser's Back (and Forward) opens the account
        // page again, which asks for the contact information.
        const refused = refusedResponse(page, 'user/info');
        await page.goBack();
        if (!/\/control\/account\/$/.test(page.url())) await page.goForward();
        await refused;
        waiting = contactWaits;
      } else if (/\/control\/admin\/$/.test(page.url())) {
        // On the Admin page: the same search again.
        const refused = refusedResponse(page, 'admin/customers');
        await search(page).getByRole('button', { name: 'Search' }).click();
        await refused;
        waiting = async (p, expect) =>
          expect(search(p).getByRole('button', { name: 'Search' })).toHaveAttribute('data-loading');
        outcome = async (p, expect) => expect(actAs(p)).toBeEnabled();
        return;
      } else {
        const refused = refusedResponse(page, 'user/info');
        await openTab(page, otherTab());
        await openTab(page, 'Account');
        await refused;
        waiting = contactWaits;
      }
      outcome = async (p, expect) =>
        expect(contact(p).getByTestId('contact-information')).toBeVisible();
    },
    'verify identity': async ({ page }) => {
      await actAs(page).click();
      outcome = null;
    },
    'password entered': async ({ page, upcoming }) => {
      const next = upcoming[0];
      const right = next?.type === 'xstate.done.actor.reauthenticate' || isRunOut(next);
      if (isRunOut(next)) {
        // The window stays open past the token's life: the check meets an expired token.
        await outliveTheToken(page);
        await prepareRenewal(page, upcoming);
      }
      const field = dialog(page).getByRole('textbox', { name: /password/i });
      await field.fill(right ? DEMO_PASSWORD : WRONG_PASSWORD);
      if (!right) passwordError = SESSION_MESSAGES.reauthFailed;
      await dialog(page).getByRole('button', { name: 'Continue' }).click();
    },
    'password cancelled': async ({ page, upcoming }) => {
      const verify = await page
        .getByRole('dialog', { name: SESSION_NOTICES.verifyIdentityTitle })
        .isVisible();
      await prepareRenewal(page, upcoming);
      await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      if (verify && /\/control\/admin\/$/.test(page.url()))
        outcome = async (p, expect) =>
          expect(p.getByRole('alert')).toContainText(SESSION_NOTICES.reauthCancelled);
      else if (!verify)
        outcome = async (p, expect) =>
          expect(passwordForm(p)).toContainText(SESSION_NOTICES.reauthCancelled);
    },
    'user changed': async ({ page }) => {
      // The user logs out and logs in again.
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('form', { name: 'Log in' }).waitFor();
      await fillLogin(page, user, DEMO_PASSWORD);
      await page
        .getByTestId('logged-in-link')
        .filter({ hasText: loggedInLabel(user) })
        .waitFor();
      outcome = null;
    },
    'xstate.done.actor.refreshToken': async () => {
      const route = await refreshes.next();
      await route.continue();
    },
    'xstate.error.actor.refreshToken': async ({ page }, event) => {
      const route = await refreshes.next();
      if ((event as Failure).error?.status === 401) {
        // The refresh cookie was gone before the renewal was sent: the server refuses it.
        await route.continue();
        outcome = async (p, expect) => {
          await expect(p).toHaveURL(/\/control\/login\/\?.*timeout=true/);
          await expect(p.getByTestId('timeout-notice')).toContainText(SESSION_NOTICES.timedOut);
        };
      } else {
        // The renewal never reaches the server.
        await route.abort('internetdisconnected');
        passwordError = ERROR_MESSAGES.timeout;
        if (await contact(page).isVisible())
          outcome = async (p, expect) =>
            expect(contact(p).getByRole('alert')).toContainText(ERROR_MESSAGES.timeout);
      }
    },
    'xstate.done.actor.reauthenticate': async () => {
      const route = await reauths.next();
      await route.continue();
    },
    'xstate.error.actor.reauthenticate': async () => {
      // The password typed was wrong, or the token ran out meanwhile: the server says which.
      const route = await reauths.next();
      await route.continue();
    },
  },
  notCaused: {
    'request refused': ({ event, index, previous }) => {
      if (isRetried(event))
        return 'a request refused again after its retry: its history (the first refusal and its remedy) is not walked in the browser yet';
      if (isFresh(event) && index > 0)
        return previous && isFresh(previous)
          ? 'only the Change password form sends a request that needs a fresh token, and the open password window covers it'
          : 'a request refused for a fresh token while a renewal runs: not walked in the browser yet';
      return undefined;
    },
    'verify identity': ({ previous }) =>
      previous && isFresh(previous)
        ? 'the open refresh-password window covers the page: its Act as buttons cannot be pressed'
        : previous?.type === 'request refused'
          ? 'on the Admin page only a search sends a request, and a search clears the results whose Act as buttons open the window: no Act as button is left to press while its renewal runs'
          : undefined,
    'xstate.error.actor.reauthenticate': ({ event, index }) =>
      !isRunOut(event) && index === 3
        ? 'a request refused for an expired token while the window is open means the password check after it meets the expired token too: the server answers "Access token expired", never a wrong password'
        : undefined,
  },
  states: {
    idle: async ({ page, expect, step }) => {
      const snapshot = step.snapshot as unknown as TokensSnapshot;
      if (selectPasswordPrompt(snapshot) !== null)
        throw new Error('the machine asks for a password');
      await expect(dialog(page)).toHaveCount(0);
      if (outcome) await outcome(page, expect);
      else await expect(page.getByTestId('logged-in-link')).toHaveText(loggedInLabel(user));
    },
    refreshing: async ({ page, expect }) => {
      await expect(dialog(page)).toHaveCount(0);
      if (waiting) await waiting(page, expect);
    },
    'askingForPassword.prompting': async (context) => {
      const { page, expect } = context;
      const prompt = promptOf(context);
      const modal = modalOf(page, prompt.reason);
      await expect(modal).toBeVisible();
      await expect(modal).toContainText(
        prompt.reason === 'verify identity'
          ? SESSION_NOTICES.verifyIdentity
          : SESSION_MESSAGES.freshTokenRequired,
      );
      await expect(modal).toContainText(`Username: ${user}`);
      await expect(modal.getByRole('button', { name: 'Continue' })).toBeEnabled();
      await expect(modal.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
      if (prompt.error) {
        await expect(modal.getByRole('alert')).toContainText(passwordError);
      } else {
        await expect(modal.getByRole('alert')).toHaveCount(0);
        await expect(modal.getByRole('textbox', { name: /password/i })).toBeFocused();
      }
    },
    'askingForPassword.verifying': async (context) => busy(context),
    'askingForPassword.renewing': async (context) => busy(context),
  },
};

function promptOf({ step }: StateCheckContext) {
  const prompt = selectPasswordPrompt(step.snapshot as unknown as TokensSnapshot);
  if (!prompt) throw new Error('the machine asks for no password');
  return prompt;
}

function modalOf(page: Page, reason: 'fresh token' | 'verify identity') {
  return page.getByRole('dialog', {
    name:
      reason === 'verify identity'
        ? SESSION_NOTICES.verifyIdentityTitle
        : SESSION_NOTICES.refreshPasswordTitle,
  });
}

/** The window stays open and shows that the password is being checked. */
async function busy(context: StateCheckContext) {
  const { page, expect } = context;
  const modal = modalOf(page, promptOf(context).reason);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Continue' })).toHaveAttribute('data-loading');
}
