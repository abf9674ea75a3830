/**
 * The token coordinator and its password window in the browser (two mappings: `tokens` and
 * `password-prompt`): an access token that runs out (5 s in the e2e server) and its renewal, the
 * sensitive action (Change password on the account page) refused for a token that came from a
 * renewal, the refresh-password window and the site admin's Verify Identity window (Act as on the
 * Admin page). The coordinator's paths cause what the window tells it by walking the window to
 * that end (the right password, Cancel, a token that runs out while the window is open); the
 * window's own paths walk each of its steps.
 *
 * Server answers are real: the token's own life makes a request "Access token expired", another
 * tab of the same browser renews the session so that this tab holds a renewed (not fresh) token,
 * a wrong password is refused, a refresh cookie the browser no longer holds refuses the renewal.
 * Renewals and password checks are held on the network while the machine waits for them, so that
 * the page can be seen waiting, and the next event lets them go on (or drops the renewal: the one
 * answer the server cannot give). An answer that must reach the page later than the server gives
 * it (a retry refused again once its token ran out, Change password answered while a renewal
 * runs) is fetched from the real server and delivered when its event comes. The Change password
 * form is always sent with a wrong current password: no password is ever changed.
 */
import type { APIResponse, Page, Request, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  selectPasswordWindow,
  type PasswordPromptSnapshot,
} from '../../../../machines/session/password-prompt.selectors.ts';
import { selectPasswordReason } from '../../../../machines/session/tokens.selectors.ts';
import { loggedInLabel } from '../../../../src/shared/messages/portal.ts';
import { ERROR_MESSAGES, ERROR_TITLES } from '../../../../src/shared/messages.ts';
import { SESSION_MESSAGES, SESSION_NOTICES } from '../../../../src/shared/session/messages.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import {
  snapshotAfter,
  type BrowserContext,
  type BrowserMapping,
  type EventPlace,
} from '../runner.ts';
import { DEMO_PASSWORD, fillLogin, logInByForm, openTab, WRONG_PASSWORD } from './portal.ts';

type TokensSnapshot = Parameters<typeof selectPasswordReason>[0];

const API = '**/manage/api/v1.0';
const REFRESH = `${API}/auth/refresh_token`;
const REAUTH = `${API}/auth/access_token`;
/** The access token's life in the e2e server (tests/e2e/support/serve.ts), and a margin. */
const TOKEN_LIFE_MS = Number(process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ?? '5') * 1000;
const MARGIN_MS = 700;
/** A new password the Change password form accepts; the wrong current password stops it. */
const NEW_PASSWORD = 'Quartz-Lantern-Meadow-47!';
const HELD_MS = 20_000;

/**
 * The page's last calls to the API, as the network saw them (sent, answered or failed): a wait for
 * a held request that never comes names what the page did instead.
 */
const NETWORK_LOG_SIZE = 40;
let networkLog: string[] = [];
let networkStart = 0;
function logCalls(page: Page) {
  networkLog = [];
  networkStart = Date.now();
  const note = (line: string) => {
    networkLog.push(`+${Date.now() - networkStart} ms ${line}`);
    if (networkLog.length > NETWORK_LOG_SIZE) networkLog.shift();
  };
  const call = (request: Request) => {
    const url = new URL(request.url());
    return url.pathname.includes('/manage/api/') ? `${request.method()} ${url.pathname}` : null;
  };
  const fromPage = (request: Request) => {
    try {
      return request.frame().page() === page;
    } catch {
      return false; // a worker's request
    }
  };
  page.context().on('request', (request) => {
    const what = call(request);
    if (what) note(`${fromPage(request) ? '' : '(other tab) '}sent ${what}`);
  });
  page.context().on('response', (response) => {
    const what = call(response.request());
    if (what) note(`answered ${what} ${response.status()}`);
  });
  page.context().on('requestfailed', (request) => {
    const what = call(request);
    if (what) note(`failed ${what} (${request.failure()?.errorText ?? 'no reason'})`);
  });
}

/** Requests (or answers) held on the network until an event lets them go on, in order. */
class Held<T = Route> {
  private items: T[] = [];
  private waiters: ((item: T) => void)[] = [];
  readonly handler = (item: T) => {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  };
  constructor(readonly what: string) {}
  next(): Promise<T> {
    const item = this.items.shift();
    if (item) return Promise.resolve(item);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no ${this.what} was sent within ${HELD_MS} ms; the page's last calls:\n` +
                networkLog.join('\n'),
            ),
          ),
        HELD_MS,
      );
      this.waiters.push((held) => {
        clearTimeout(timer);
        resolve(held);
      });
    });
  }
}

/**
 * After "renewal unreachable" the network stays down for renewals until the next event: a renewal
 * the page sends meanwhile (a request refused after the first renewal failed starts another, on a
 * busy machine) never reaches the server either, as it would not while the network is down,
 * instead of waiting on the network for an event that is not coming.
 */
let renewalsDown = false;
const holdOrDropRenewal = (route: Route) =>
  renewalsDown ? route.abort('internetdisconnected') : refreshes.handler(route);
/** A mapping's events, each of which brings the renewals' network back first. */
function renewalsBackFirst(events: BrowserMapping['events']): BrowserMapping['events'] {
  return Object.fromEntries(
    Object.entries(events).map(([type, cause]) => [
      type,
      async (context: BrowserContext, event: EventObject) => {
        renewalsDown = false;
        await cause(context, event);
      },
    ]),
  );
}

/** A server's answer that reaches the page only when an event lets it. */
interface HeldAnswer {
  route: Route;
  response: APIResponse;
}

let refreshes = new Held('renewal (POST /auth/refresh_token)');
let reauths = new Held('password check (POST /auth/access_token)');
let answers = new Held<HeldAnswer>('request to hold the answer of');
/**
 * The request whose answer is to be held: the one after `skip` more requests to `path` (a retry
 * follows its first refusal); with `outlive`, it reaches the server only once the token ran out.
 */
let holdNext: { path: string; skip: number; outlive: boolean } | null = null;
/** The held answer an upcoming refusal delivers. */
let heldAnswer: Promise<HeldAnswer> | null = null;

async function holdAnswers(route: Route) {
  const plan = holdNext;
  if (!plan || !route.request().url().includes(plan.path)) return route.fallback();
  if (plan.skip > 0) {
    plan.skip -= 1;
    return route.fallback();
  }
  holdNext = null;
  if (plan.outlive) {
    const left = tokenAt + TOKEN_LIFE_MS + MARGIN_MS - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
  answers.handler({ route, response: await route.fetch() });
}
/** When the last access token was handed out (login, renewal, password). */
let tokenAt = 0;
/** Who is logged in: the site admin, or a customer of the path's own. */
let user = 'admin';
type PageCheck = (page: Page, expect: BrowserContext['expect']) => Promise<void>;
/** What a request waiting for the renewal shows on the page. */
let waiting: PageCheck | null = null;
/** What the page must show once the coordinator is idle again (the outcome of the last step). */
let outcome: PageCheck | null = null;
/** The window checks the password again after a renewal (its check held until the next event). */
let checking = false;
/** Act as went through: the customer's account page under the banner naming the site admin. */
const actingAsOutcome: PageCheck = async (p, expect) => {
  await expect(p.getByTestId('acting-as-banner')).toContainText(`(you are ${user})`);
  await expect(p.getByTestId('logged-in-link')).toHaveText(loggedInLabel('demo'));
};
/** A refused renewal ends the session: the login page with the timeout notice. */
const endedOutcome: PageCheck = async (p, expect) => {
  await expect(p).toHaveURL(/\/control\/login\/\?.*timeout=true/);
  await expect(p.getByTestId('timeout-notice')).toContainText(SESSION_NOTICES.timedOut);
};
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
  event.type === 'request.refused' &&
  (event as Refusal).title === ERROR_TITLES.freshTokenRequired &&
  !(event as Refusal).retriedAfterPassword;
const isRetried = (event: EventObject) =>
  event.type === 'request.refused' &&
  ((event as Refusal).retriedAfterRefresh === true ||
    (event as Refusal).retriedAfterPassword === true);
const isRunOut = (event: EventObject | undefined) =>
  event?.type === 'xstate.error.actor.reauthenticate' &&
  (event as Failure).error?.title === SESSION_MESSAGES.accessTokenExpiredTitle;

/**
 * Waits until the access token the browser holds has run out on the server. A real wait: with the
 * token made to run out at once, one path here failed (after an unreachable renewal, the contact
 * information showed no alert), as the page opened again still held the answers of a moment ago.
 */
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

const changeButton = (page: Page) =>
  passwordForm(page).getByRole('button', { name: 'Change password' });

/** Leaves the account page for another tab and comes back: the page asks for the contact
 * information again. */
async function openAccountAgain(page: Page) {
  await openTab(page, otherTab());
  await openTab(page, 'Account');
}

const kindOf = (event: EventObject): 'refresh' | 'password' =>
  (event as Refusal).retriedAfterPassword ? 'password' : 'refresh';

/**
 * A request that already went through its remedy, whose retry the server refuses again: the
 * retry reaches the server only after the token ran out, and its answer ("Access token expired")
 * is held until the event delivers it. Its history happens here: after a renewal (the contact
 * information asked for with an expired token), or after the password (Change password with a
 * renewed token, then the right password in the window).
 */
async function prepareRefusedRetry(page: Page, kind: 'refresh' | 'password') {
  if (kind === 'refresh') {
    await outliveTheToken(page);
    holdNext = { path: 'user/info', skip: 1, outlive: true };
    const refused = refusedResponse(page, 'user/info');
    await openAccountAgain(page);
    await refused;
    await (await refreshes.next()).continue();
  } else {
    if ((await changeButton(page).getAttribute('data-loading')) === null)
      await fillPasswordChange(page);
    await renewInAnotherTab(page);
    holdNext = { path: 'token/password_reset', skip: 1, outlive: true };
    await changeButton(page).click();
    const modal = modalOf(page, 'fresh token');
    await modal.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await modal.getByRole('button', { name: 'Continue' }).click();
    await (await reauths.next()).continue();
  }
  heldAnswer = answers.next();
  await heldAnswer;
}

const refusedResponse = (page: Page, path: string) =>
  page.waitForResponse(
    (response) => response.url().includes(`/manage/api/v1.0/${path}`) && response.status() === 401,
  );

/**
 * Puts the page on the account page of the path's user: the site admin when a page is to ask to
 * verify identity (Act as), else a customer of the path's own; prepares what the first events
 * need (a filled Change password form, a refused retry's history).
 */
async function openAccount({ page, visit, upcoming }: BrowserContext) {
  refreshes = new Held(refreshes.what);
  reauths = new Held(reauths.what);
  answers = new Held(answers.what);
  holdNext = null;
  heldAnswer = null;
  waiting = null;
  outcome = null;
  checking = false;
  // Only a site admin reaches the Verify Identity window (Act as on the Admin page). Anyone else
  // is a customer of the path's own: the wrong passwords the paths type (and the Change password
  // form always sends) count towards the login's limit of wrong passwords (RATE_LIMITS.
  // reauthPerUser), which one shared login would reach within a run.
  user = upcoming.some((event) => event.type === 'identity.check.requested')
    ? 'admin'
    : claimBilledCustomer();
  page.context().on('response', (response) => {
    if (
      /\/auth\/(tokens|refresh_token|access_token)$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'POST' &&
      response.ok()
    )
      tokenAt = Date.now();
  });
  renewalsDown = false;
  logCalls(page);
  await page.route(REFRESH, holdOrDropRenewal);
  await page.route(REAUTH, reauths.handler);
  await page.route(`${API}/user/info`, holdAnswers);
  await page.route(`${API}/token/password_reset`, holdAnswers);
  await logInByForm(page, visit, user);
  await openTab(page, otherTab());
  await openTab(page, 'Account');
  await contact(page).getByTestId('contact-information').waitFor();
  // The strength dictionaries load the first time a password is typed: before anything is
  // held on the network (the client gives up on an answer after 15 s).
  if (upcoming.some(isFresh)) await fillPasswordChange(page);
  // A refused retry first, or right after a sensitive request: its history comes before.
  const retried = [upcoming[0], upcoming[0] && isFresh(upcoming[0]) ? upcoming[1] : undefined].find(
    (event) => event && isRetried(event),
  );
  if (retried) await prepareRefusedRetry(page, kindOf(retried));
  if (
    upcoming.some(isFresh) &&
    (await changeButton(page).getAttribute('data-loading')) === null &&
    (await passwordForm(page).getByRole('textbox', { name: 'Current password' }).inputValue()) ===
      ''
  )
    await fillPasswordChange(page);
  if (user === 'admin') {
    await openTab(page, 'Admin');
    await search(page).getByRole('textbox', { name: 'Customer' }).fill('Dana');
    await search(page).getByRole('button', { name: 'Search' }).click();
    await actAs(page).waitFor();
  }
}

/** Types the right (or a wrong) password into the open window and presses Continue. */
async function typePassword(page: Page, right: boolean) {
  const field = dialog(page).getByRole('textbox', { name: /password/i });
  await field.fill(right ? DEMO_PASSWORD : WRONG_PASSWORD);
  if (!right) passwordError = SESSION_MESSAGES.reauthFailed;
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
}

/** What the window does, and the answers of the calls it makes (both mappings). */
const windowEvents: BrowserMapping['events'] = {
  'password.entered': async ({ page, upcoming }) => {
    const next = upcoming[0];
    const right = next?.type === 'xstate.done.actor.reauthenticate' || isRunOut(next);
    if (isRunOut(next)) {
      // The window stays open past the token's life: the check meets an expired token.
      await outliveTheToken(page);
      await prepareRenewal(page, upcoming);
    }
    await typePassword(page, right);
  },
  'password.cancelled': async ({ page, upcoming }) => {
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
      renewalsDown = true;
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
};

/** The last thing the window told the coordinator was a renewal: it is checking the password. */
const checkingAfterRenewal = ({ earlier }: EventPlace) =>
  earlier.filter((event) => event.type.startsWith('prompt.')).at(-1)?.type === 'prompt.renewed';
const ONLY_ITS_ANSWER =
  'after a renewal the window checks the password again, busy: only that check’s answer comes next';

export const tokensMapping: BrowserMapping = {
  machine: 'tokens',
  start: openAccount,
  events: renewalsBackFirst({
    'request.refused': async ({ page, upcoming }, event) => {
      if (isRetried(event)) {
        // The retry's answer, held since it came: the server refused it again.
        if (!heldAnswer) throw new Error('no refused retry was prepared');
        const { route, response } = await heldAnswer;
        heldAnswer = null;
        await route.fulfill({ response });
        outcome =
          kindOf(event) === 'refresh'
            ? async (p, expect) =>
                expect(contact(p).getByRole('alert')).toContainText(
                  SESSION_MESSAGES.accessTokenExpired,
                )
            : async (p, expect) =>
                expect(passwordForm(p)).toContainText(SESSION_MESSAGES.accessTokenExpired);
        return;
      }
      if (isFresh(event)) {
        outcome = async (p, expect) =>
          expect(passwordForm(p)).toContainText(SESSION_MESSAGES.currentPasswordWrong);
        if (heldAnswer) {
          // Sent before the token ran out: its answer comes while the renewal runs.
          const { route, response } = await heldAnswer;
          heldAnswer = null;
          await route.fulfill({ response });
          return;
        }
        // A sensitive action with a renewed token: the server wants the password again.
        const busy = (await changeButton(page).getAttribute('data-loading')) !== null;
        await renewInAnotherTab(page);
        if (busy) {
          // The form still waits for an earlier change: a new form on the account page.
          await openAccountAgain(page);
          await fillPasswordChange(page);
        }
        const refused = refusedResponse(page, 'token/password_reset');
        await changeButton(page).click();
        await refused;
        return;
      }
      const next = upcoming[0];
      if (next && isRetried(next)) await prepareRefusedRetry(page, kindOf(next));
      if (next && isFresh(next)) {
        // Change password is sent with a renewed token before this token runs out; the
        // server's answer reaches the page only when the next event delivers it.
        await renewInAnotherTab(page);
        holdNext = { path: 'token/password_reset', skip: 0, outlive: false };
        await changeButton(page).click();
        heldAnswer = answers.next();
        await heldAnswer;
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
        await openAccountAgain(page);
        await refused;
        waiting = contactWaits;
      }
      outcome = async (p, expect) =>
        expect(contact(p).getByTestId('contact-information')).toBeVisible();
    },
    'identity.check.requested': async ({ page }) => {
      await actAs(page).click();
      outcome = null;
    },
    'user.changed': async ({ page }) => {
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
        outcome = endedOutcome;
      } else {
        // The renewal never reaches the server.
        await route.abort('internetdisconnected');
        renewalsDown = true;
        passwordError = ERROR_MESSAGES.timeout;
        if (await contact(page).isVisible())
          outcome = async (p, expect) =>
            expect(contact(p).getByRole('alert')).toContainText(ERROR_MESSAGES.timeout);
      }
    },
    // What the window tells the coordinator: the window walked to that end.
    'prompt.accepted': async ({ page }) => {
      const verifying = await page
        .getByRole('dialog', { name: SESSION_NOTICES.verifyIdentityTitle })
        .isVisible();
      if (!checking) await typePassword(page, true);
      checking = false;
      await (await reauths.next()).continue();
      // Verify Identity took the password: Act as goes on, and the site admin acts as the
      // customer (Dana Demo, login demo) under the banner.
      if (verifying) outcome = actingAsOutcome;
    },
    'prompt.cancelled': async (context, event) =>
      windowEvents['password.cancelled'](context, event),
    'prompt.renewed': async ({ page }) => {
      // The window stays open past the token's life: the check meets an expired token, one
      // renewal follows, and the password is checked again (held until the next event).
      await outliveTheToken(page);
      await typePassword(page, true);
      await (await reauths.next()).continue();
      await (await refreshes.next()).continue();
      checking = true;
    },
    'prompt.session.ended': async ({ page }) => {
      // As above, but the browser no longer holds the refresh cookie: the renewal is refused.
      await outliveTheToken(page);
      await page.context().clearCookies({ name: 'refresh_token' });
      await typePassword(page, true);
      await (await reauths.next()).continue();
      await (await refreshes.next()).continue();
      outcome = endedOutcome;
    },
  }),
  notCaused: {
    'request.refused': (place) => {
      const { event, previous } = place;
      if (checkingAfterRenewal(place)) return ONLY_ITS_ANSWER;
      if (!previous || !isFresh(previous)) return undefined;
      if (isFresh(event))
        return 'only the Change password form sends a request that needs a fresh token, and the open password window covers it';
      if (isRetried(event))
        return 'the retry refused again would have to wait on the network (the token’s 5 s life, then another tab’s renewal and a new Change password form) past the client’s 15 s for an answer, after which the client sends it again';
      return undefined;
    },
    'identity.check.requested': ({ previous, earlier }) =>
      checkingAfterRenewal({ earlier } as EventPlace)
        ? ONLY_ITS_ANSWER
        : previous && isFresh(previous)
          ? 'the open refresh-password window covers the page: its Act as buttons cannot be pressed'
          : previous?.type === 'request.refused'
            ? 'on the Admin page only a search sends a request, and a search clears the results whose Act as buttons open the window: no Act as button is left to press while its renewal runs'
            : undefined,
    'password.entered':
      'passed on to the password window: its own paths (password-prompt) walk what it does with it',
    'password.cancelled':
      'passed on to the password window: its own paths (password-prompt) walk what it does with it',
    'user.changed': (place) =>
      snapshotAfter(tokensMapping, place.earlier).matches('askingForPassword')
        ? 'the open password window covers the page and its Log out button'
        : undefined,
    'prompt.cancelled': (place) => (checkingAfterRenewal(place) ? ONLY_ITS_ANSWER : undefined),
    'prompt.renewed': (place) => (checkingAfterRenewal(place) ? ONLY_ITS_ANSWER : undefined),
    'prompt.session.ended': (place) => (checkingAfterRenewal(place) ? ONLY_ITS_ANSWER : undefined),
  },
  states: {
    idle: async ({ page, expect }) => {
      await expect(dialog(page)).toHaveCount(0);
      if (outcome) await outcome(page, expect);
      else await expect(page.getByTestId('logged-in-link')).toHaveText(loggedInLabel(user));
    },
    refreshing: async ({ page, expect }) => {
      await expect(dialog(page)).toHaveCount(0);
      if (waiting) await waiting(page, expect);
    },
    askingForPassword: async ({ page, expect, step }) => {
      const reason = selectPasswordReason(step.snapshot as unknown as TokensSnapshot);
      const modal = modalOf(page, reason);
      await expect(modal).toBeVisible();
      await expect(modal).toContainText(
        reason === 'verify identity'
          ? SESSION_NOTICES.verifyIdentity
          : SESSION_MESSAGES.freshTokenRequired,
      );
      await expect(modal).toContainText(`Username: ${user}`);
    },
  },
};

/**
 * The password window on its own: a customer's Change password sent with a renewed token opens
 * the refresh-password window (portal.md §8); each step of the window is walked there.
 */
export const passwordPromptMapping: BrowserMapping = {
  machine: 'password-prompt',
  async start(context) {
    const { page } = context;
    await openAccount(context);
    await fillPasswordChange(page);
    await renewInAnotherTab(page);
    const refused = refusedResponse(page, 'token/password_reset');
    await changeButton(page).click();
    await refused;
    await modalOf(page, 'fresh token').waitFor();
    // The change goes through once the password is right: its wrong current password then shows.
    outcome = async (p, expect) =>
      expect(passwordForm(p)).toContainText(SESSION_MESSAGES.currentPasswordWrong);
  },
  events: renewalsBackFirst(windowEvents),
  notCaused: {
    'user.changed': 'the open password window covers the page and its Log out button',
    'xstate.error.actor.reauthenticate': ({ event }) =>
      (event as Failure).error?.title === SESSION_MESSAGES.secondFactorRequiredTitle
        ? 'no demo login has a second factor, so a right password never asks for a code here: tests/e2e/second-factor.spec.ts walks that step'
        : undefined,
  },
  notShown: {
    secondFactor:
      "no demo login has a second factor: the password window's code step is walked by " +
      'tests/e2e/second-factor.spec.ts (turning the factor off asks for the password, then a code)',
  },
  states: {
    prompting: async ({ page, expect, step }) => {
      const shown = selectPasswordWindow(step.snapshot as unknown as PasswordPromptSnapshot);
      const modal = modalOf(page, 'fresh token');
      await expect(modal).toBeVisible();
      await expect(modal).toContainText(SESSION_MESSAGES.freshTokenRequired);
      await expect(modal).toContainText(`Username: ${user}`);
      await expect(modal.getByRole('button', { name: 'Continue' })).toBeEnabled();
      await expect(modal.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
      if (shown.error) {
        await expect(modal.getByRole('alert')).toContainText(passwordError);
      } else {
        await expect(modal.getByRole('alert')).toHaveCount(0);
        await expect(modal.getByRole('textbox', { name: /password/i })).toBeFocused();
      }
    },
    verifying: async ({ page, expect }) => busy(page, expect),
    renewing: async ({ page, expect }) => busy(page, expect),
    closed: async ({ page, expect }) => {
      await expect(dialog(page)).toHaveCount(0);
      if (outcome) await outcome(page, expect);
    },
  },
};

function modalOf(page: Page, reason: 'fresh token' | 'verify identity') {
  return page.getByRole('dialog', {
    name:
      reason === 'verify identity'
        ? SESSION_NOTICES.verifyIdentityTitle
        : SESSION_NOTICES.refreshPasswordTitle,
  });
}

/** The window stays open and shows that the password is being checked. */
async function busy(page: Page, expect: BrowserContext['expect']) {
  const modal = modalOf(page, 'fresh token');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Continue' })).toHaveAttribute('data-loading');
}
