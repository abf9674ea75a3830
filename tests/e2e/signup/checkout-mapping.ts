/**
 * Agree and Finish in the browser (tests/e2e/paths/runner.ts): the whole signup walked to its last
 * section at the UTOPIA Fiber demo address (a fresh username, a bank account), then "I agree", the
 * captcha (it solves at once in tests) and Place order, which places real orders.
 *
 * The order and the login after it are held at the network until the walk lets them through, so
 * that the overlay can be seen while the server works. The server's answers come from real
 * inputs: a username taken between its check and Place order (another order takes it first, sent
 * through the API with a captcha solved here), a captcha already spent (another order spends the
 * page's token first). Only what the real server cannot be made to do goes through the network:
 * no answer at all (the request is dropped) and a refused automatic login (answered 401). Timers
 * run on Playwright's clock: it stops when the order's answer arrives, so that the 4 s before the
 * login and the 30 s lock pass only when the walk says so; the captcha expires when the clock
 * passes its challenge's lifetime.
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { EventObject } from 'xstate';
import { API_BASE_PATH, TIMERS } from '../../../src/shared/constants.ts';
import {
  SIGNUP_MESSAGES,
  USERNAME_MESSAGES,
  recaptchaFailureMessage,
} from '../../../src/shared/messages/account.ts';
import { SIGNUP_ORDER_MESSAGES } from '../../../src/shared/messages.ts';
import { CAPTCHA_CHALLENGE_PATH } from '../../../src/shared/signup/captcha.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  SIGNUP_ORDER_PATHS,
  type SignupOrderInput,
} from '../../../src/shared/signup/order.ts';
import { newIdempotencyKey } from '../../../machines/signup/checkout.machine.ts';
import {
  selectAgreed,
  selectOrderFailure,
  selectOverlayText,
  selectPlaceOrderEnabled,
  selectPlaceOrderHint,
  type CheckoutSnapshot,
} from '../../../machines/signup/checkout.selectors.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import {
  HeldRequests,
  freshUsername,
  oncePerStep,
  placeOrderButton,
  section,
  solveCaptcha,
  walkToAgreement,
} from './order.ts';
import { SIGNUP_PATH } from './wizard.ts';
import { pressInAnyState } from '../support/hidden-controls.ts';

/** Longer than the captcha challenge's lifetime (CAPTCHA_CHALLENGE_TTL_SECONDS, 600 s). */
const PAST_THE_CAPTCHA_LIFETIME_MS = 601_000;

interface Walk {
  orders: HeldRequests;
  logins: HeldRequests;
}
const walks = new WeakMap<Page, Walk>();

function walkOf(page: Page): Walk {
  const walk = walks.get(page);
  if (!walk) throw new Error('the walk did not start');
  return walk;
}

const agreement = (page: Page) => section(page, 'signup-agreement');
/** The overlay that blocks the page while the order is created and the login follows. */
const overlay = (page: Page, text?: string) =>
  page.getByRole('dialog', {
    name:
      text ??
      new RegExp(`${SIGNUP_ORDER_MESSAGES.placingOrder}|${SIGNUP_ORDER_MESSAGES.orderPlaced}`),
  });
const onTheSignup = (page: Page) => new URL(page.url()).pathname === SIGNUP_PATH;

/** A captcha token solved here, as another browser would. */
async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${API_BASE_PATH}${CAPTCHA_CHALLENGE_PATH}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Another order sent through the API (another tab, another person), with its own key. */
async function anotherOrder(request: APIRequestContext, held: Route, body: SignupOrderInput) {
  const headers = Object.fromEntries(
    Object.entries(held.request().headers()).filter(
      ([name]) => !['content-length', IDEMPOTENCY_KEY_HEADER.toLowerCase()].includes(name),
    ),
  );
  const response = await request.post(`${API_BASE_PATH}${SIGNUP_ORDER_PATHS.order}`, {
    data: body,
    headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
  });
  if (response.status() !== 201)
    throw new Error(`the other order was refused: ${response.status()} ${await response.text()}`);
}

function heldBody(route: Route): SignupOrderInput {
  return route.request().postDataJSON() as SignupOrderInput;
}

/**
 * Time stops on the page (a moment ahead of its clock, which keeps running while the walk asks
 * for the time): the timers the answer starts wait for the walk.
 */
async function stopTheClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(new Date(now + 2_000));
}

/** Customer service's phone and email, as the page's public configuration names them. */
async function publicContacts(page: Page) {
  const config = await page.evaluate(
    () =>
      JSON.parse(document.getElementById('app-config')?.textContent ?? '{}') as {
        contactPhone: string;
        contactEmail: string;
      },
  );
  return { phone: config.contactPhone, email: config.contactEmail };
}

/** What Agree and Finish shows, from the predicted snapshot through the checkout's selectors. */
const expectAgreement = oncePerStep(async ({ page, expect, step }: StateCheckContext) => {
  if (!onTheSignup(page)) return;
  const snapshot = step.snapshot as unknown as CheckoutSnapshot;
  const box = agreement(page).getByRole('checkbox', { name: /I agree/ });
  if (selectAgreed(snapshot)) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();

  const text = selectOverlayText(snapshot);
  if (text) {
    await expect(overlay(page, text)).toBeVisible();
    return;
  }
  await expect(overlay(page)).toHaveCount(0);
  // The rest of the form is complete in this walk.
  const button = placeOrderButton(page);
  if (selectPlaceOrderEnabled(snapshot, true)) await expect(button).toBeEnabled();
  else await expect(button).toBeDisabled();
  const hint = selectPlaceOrderHint(snapshot, true);
  if (hint) await expect(agreement(page).getByTestId('place-order-hint')).toHaveText(hint);
  else await expect(agreement(page).getByTestId('place-order-hint')).toHaveCount(0);

  const failure = selectOrderFailure(snapshot);
  const error = agreement(page).getByTestId('order-error');
  if (!failure) {
    await expect(error).toHaveCount(0);
  } else if (failure.fieldErrors?.['customer.uid']) {
    await expect(error).toContainText(`Username: ${USERNAME_MESSAGES.taken}`);
  } else {
    await expect(error).toContainText(recaptchaFailureMessage(await publicContacts(page)));
  }
});

const failureStatus = (event: EventObject) =>
  (event as unknown as { error: { status: number } }).error.status;

export const checkoutMapping: BrowserMapping = {
  machine: 'signup-checkout',
  async start({ page, visit }) {
    await page.clock.install();
    walks.set(page, {
      orders: await HeldRequests.on(page, SIGNUP_ORDER_PATHS.order),
      logins: await HeldRequests.on(page, '/auth/tokens'),
    });
    await visit(SIGNUP_PATH);
    await walkToAgreement(page, freshUsername('checkout'));
  },
  events: {
    'agreement.changed': async ({ page }, event) => {
      const checked = (event as unknown as { checked: boolean }).checked;
      await agreement(page)
        .getByRole('checkbox', { name: /I agree/ })
        .setChecked(checked);
    },
    'captcha.changed': async ({ page, expect }, event) => {
      if ((event as unknown as { token: string }).token) {
        await solveCaptcha(page);
        await expect(agreement(page).getByText('Verified', { exact: true })).toBeVisible({
          timeout: 15_000,
        });
      } else {
        await page.clock.fastForward(PAST_THE_CAPTCHA_LIFETIME_MS);
        await expect(agreement(page).getByText('Verification expired. Try again.')).toBeVisible();
      }
    },
    // Pressed whether or not it is enabled: a disabled Place order does nothing.
    'order.ready': async ({ page }) => {
      await pressInAnyState(placeOrderButton(page));
    },
    'xstate.done.actor.placeOrder': async ({ page }) => {
      await stopTheClock(page);
      await walkOf(page).orders.release();
    },
    'xstate.error.actor.placeOrder': async ({ page, expect }, event) => {
      const { orders } = walkOf(page);
      const status = failureStatus(event);
      if (status === 0) {
        // No answer at all: the network drops the order. The clock runs on: the page waits 4 s
        // and then logs in, and that login stays held, with the same overlay.
        await (await orders.next()).abort('timedout');
        return;
      }
      const route = await orders.next();
      const body = heldBody(route);
      if (status === 422) {
        // Someone else takes the username first, with a captcha of their own.
        await anotherOrder(page.request, route, {
          ...body,
          recaptcha_token: await solvedCaptcha(page.request),
        });
      } else {
        // Another order spends the page's captcha token first (under a username of its own).
        await anotherOrder(page.request, route, {
          ...body,
          customer: { ...body.customer, uid: freshUsername('spender') },
        });
      }
      await route.continue();
      // The refusal reaches the page: the overlay goes before a person can press anything again.
      await expect(overlay(page)).toHaveCount(0, { timeout: 15_000 });
    },
    'xstate.after.signupAutoLoginDelay.signupCheckout.placing.placed.login.waiting': async ({
      page,
    }) => {
      await page.clock.runFor(TIMERS.signupAutoLoginDelayMs);
    },
    'xstate.done.actor.logIn': async ({ page, expect }) => {
      await walkOf(page).logins.release();
      await page.clock.resume();
      await expect(page).toHaveURL(/\/control\/account\//, { timeout: 30_000 });
    },
    // The real server accepts the new customer's login; only the network can refuse it.
    'xstate.error.actor.logIn': async ({ page, expect }) => {
      await (
        await walkOf(page).logins.next()
      ).fulfill({
        status: 401,
        json: { status: 401, title: 'Login failed', msg: 'The username or password is incorrect.' },
      });
      await page.clock.resume();
      await expect(page).toHaveURL(/\/control\/login\//, { timeout: 30_000 });
    },
    'xstate.after.submitLock.signupCheckout.placing.placed.lock.locked': async ({ page }) => {
      await page.clock.fastForward(TIMERS.submitLockMs);
    },
  },
  // A real order, the login after it, and the account page checked by axe in both schemes.
  slowEvents: ['xstate.done.actor.placeOrder', 'xstate.error.actor.placeOrder'],
  notShown: {
    'placing.placed.lock.released':
      'the flag clears 30 s after the answer, when the page has gone to the account or to login',
  },
  states: {
    'agreement.not agreed': expectAgreement,
    'agreement.agreed': expectAgreement,
    'placing.idle': expectAgreement,
    'placing.creating': expectAgreement,
    'placing.placed.login.waiting': expectAgreement,
    'placing.placed.login.logging in': expectAgreement,
    'placing.placed.login.logged in': async ({ page, expect }) => {
      await expect(page).toHaveURL(/\/control\/account\//);
      await expect(page.getByText(SIGNUP_MESSAGES.success)).toBeVisible();
    },
    'placing.placed.login.login failed': async ({ page, expect }) => {
      await expect(page).toHaveURL(/\/control\/login\//);
      await expect(page.getByText(SIGNUP_MESSAGES.autoLoginFailed)).toBeVisible();
    },
    'placing.placed.lock.locked': expectAgreement,
  },
};
