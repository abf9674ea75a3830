/** Agree and Finish's registration: agreement, captcha, one key per attempt, the answers. */
import { TIMERS } from '#shared/constants';
import { assign } from 'xstate';
import { SERVICEABILITY_MESSAGES } from '#shared/signup/messages';
import { AGREEMENT_MESSAGES, SIGNUP_MESSAGES, USERNAME_MESSAGES } from '#shared/messages/account';
import { SIGNUP_ORDER_MESSAGES } from '#shared/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { checkoutMachine, type CheckoutContext } from './checkout.machine.ts';
import {
  selectAgreed,
  selectCanPlace,
  selectCaptchaRound,
  selectCaptchaSolved,
  selectCreating,
  selectIdempotencyKey,
  selectOrderFailure,
  selectOverlayText,
  selectPlaceOrderEnabled,
  selectPlaceOrderHint,
  type CheckoutSnapshot,
} from './checkout.selectors.ts';
import { SAMPLE_ORDER_PARTS } from './order-samples.ts';

/** The new customer as the automatic login answers (the order's username). */
const NEW_CUSTOMER = {
  username: 'dana-demo',
  cid: 1001,
  perms: {},
  site_admin: false,
  primary_admin: true,
  proxy: null,
};

const EVENTS = {
  agree: sample('tick "I agree"', { type: 'agreement.changed', checked: true }),
  disagree: sample('clear "I agree"', { type: 'agreement.changed', checked: false }),
  captcha: sample('solve the captcha', { type: 'captcha.changed', token: 'captcha-1' }),
  captchaAgain: sample('solve the new captcha', { type: 'captcha.changed', token: 'captcha-2' }),
  captchaExpired: sample('the captcha expires', { type: 'captcha.changed', token: '' }),
  place: sample('press Place order', { type: 'order.ready', order: SAMPLE_ORDER_PARTS }),
  placed: sample('the order is placed', {
    type: 'xstate.done.actor.placeOrder',
    output: {
      status: 201,
      msg: SIGNUP_MESSAGES.success,
      cid: 1001,
      username: 'dana-demo',
      order_id: 501,
    },
  }),
  refused: sample('the server refuses the username', {
    type: 'xstate.error.actor.placeOrder',
    error: {
      status: 422,
      message: USERNAME_MESSAGES.taken,
      title: 'Validation failed',
      fieldErrors: { 'customer.uid': USERNAME_MESSAGES.taken },
    },
  }),
  captchaRefused: sample('the server refuses the captcha', {
    type: 'xstate.error.actor.placeOrder',
    error: {
      status: 403,
      message: 'We’re having difficulty processing your request.',
      title: SERVICEABILITY_MESSAGES.captchaFailedTitle,
    },
  }),
  noAnswer: sample('no answer arrives', {
    type: 'xstate.error.actor.placeOrder',
    error: { status: 0, message: 'Timed out when trying to contact server' },
  }),
  wait: sample('4 s pass', {
    type: 'xstate.after.signupAutoLoginDelay.signupCheckout.placing.placed.login.waiting',
  }),
  loggedIn: sample('the login succeeds', { type: 'xstate.done.actor.logIn', output: NEW_CUSTOMER }),
  loginFailed: sample('the login fails', {
    type: 'xstate.error.actor.logIn',
    error: { status: 401, message: 'The username or password is incorrect.' },
  }),
  unlock: sample('30 s pass', {
    type: 'xstate.after.submitLock.signupCheckout.placing.placed.lock.locked',
  }),
};

/** An ISO timestamp of the last minute (when "I agree" was ticked during the walk). */
function justNow(time: string | null | undefined): boolean {
  if (!time) return false;
  const at = Date.parse(time);
  return new Date(at).toISOString() === time && at <= Date.now() && Date.now() - at < 60_000;
}

interface Projection {
  agreed: boolean;
  token: string;
  round: boolean;
  /** The captcha token of the body the key was made for. */
  keyFor: string | null;
}

/** The samples that move the checkout on from where it is. */
function eventsFor(snapshot: CheckoutSnapshot) {
  const e = EVENTS;
  const { context } = snapshot;
  if (snapshot.matches({ placing: 'creating' }))
    return [e.placed, e.refused, e.captchaRefused, e.noAnswer];
  if (snapshot.matches({ placing: 'placed' })) {
    // Both timers start with the answer: the 30 s one cannot end before the 4 s one.
    if (snapshot.matches({ placing: { placed: { login: 'waiting' } } })) return [e.wait];
    if (snapshot.matches({ placing: { placed: { login: 'logging in' } } }))
      return [e.loggedIn, e.loginFailed];
    return snapshot.matches({ placing: { placed: { lock: 'locked' } } }) ? [e.unlock] : [];
  }
  // Idle: the agreement and the captcha in their usual order, then Place order.
  if (context.captchaRound > 0 && context.captchaToken === '') return [e.captchaAgain];
  if (!selectAgreed(snapshot)) return context.captchaToken ? [e.agree, e.place] : [e.agree];
  if (context.captchaToken === '') return [e.captcha, e.disagree];
  return [e.place, e.captchaExpired];
}

/** Placed: the login waits 4 s, the creating flag is locked for 30 s. */
const PLACED = ['placing.placed.login.waiting', 'placing.placed.lock.locked'];

/**
 * Logged in: the success note shows and the account opens (signup.md §4 "Submit", §8
 * "Success"). The spec does not say how the page learns who is logged in; the app's provider
 * starts the session with the user the login answered (and the account as where to go), so the
 * run must carry that user.
 */
const LOGGED_IN = {
  'tell the session': { user: NEW_CUSTOMER },
  'show the success message': true,
} as const;
/** The login failed: "Automatic login failed. Please login manually." then the login page (§8). */
const LOGIN_FAILED = {
  'show that the automatic login failed': true,
  'go to the login page': true,
} as const;

/**
 * What every state shows of Place order and the captcha (signup.md §4 "Submit", §6): Place order
 * is enabled only with "I agree" ticked, the whole form valid, the captcha solved and nothing
 * being placed; the hint under it names what is missing, the agreement first; the overlay says
 * what is being done while it blocks the page; a new captcha round starts after a refusal.
 */
function expectPlaceOrder(snapshot: CheckoutSnapshot, overlay: string | null) {
  const { agreedAt, captchaToken, captchaRound } = snapshot.context;
  const agreed = agreedAt !== null;
  const solved = captchaToken !== '';
  const idle = snapshot.matches({ placing: 'idle' });
  expectThat(selectCaptchaSolved(snapshot) === solved, 'the captcha shows as solved or not');
  expectThat(selectCaptchaRound(snapshot) === captchaRound, 'the captcha round is the machine’s');
  expectThat(selectOverlayText(snapshot) === overlay, `the overlay says ${String(overlay)}`);
  expectThat(!selectPlaceOrderEnabled(snapshot, false), 'Place order waits for the whole form');
  expectThat(
    selectPlaceOrderEnabled(snapshot, true) === (idle && agreed && solved),
    'Place order is enabled only when agreed, solved and nothing is being placed',
  );
  const hint = !agreed
    ? AGREEMENT_MESSAGES.hint
    : solved
      ? null
      : SIGNUP_ORDER_MESSAGES.captchaFirst;
  expectThat(selectPlaceOrderHint(snapshot, true) === hint, `the hint is ${String(hint)}`);
  expectThat(
    selectPlaceOrderHint(snapshot, false) ===
      (agreed ? SIGNUP_ORDER_MESSAGES.completeFormFirst : AGREEMENT_MESSAGES.hint),
    'with the form incomplete, the hint asks for it after the agreement',
  );
}

export const checkoutModel = defineMachine({
  name: 'signup-checkout',
  title: 'Signup: agree and place the order',
  description:
    'The end of the signup. Ticking "I agree" records the time; until it is ticked, Place order ' +
    'is disabled with a tooltip and a hint. Place order sends the order with the captcha token ' +
    'and a key for this attempt (sent again unchanged, the order keeps its key; changed, it gets ' +
    'a new one), while a full overlay blocks the page. Once placed (or when no answer came, as ' +
    'the order may exist), the page waits 4 s and logs the new customer in: the success message ' +
    'shows and the account opens, or, if that login fails, a message and the login page. The ' +
    'creating flag clears 30 s after the answer. A refusal shows the server’s message and Place ' +
    'order works again; a refused captcha asks for a new one.',
  machine: checkoutMachine,
  events: eventsFor as never,
  project: ({ context }: { context: CheckoutContext }): Projection => ({
    agreed: context.agreedAt !== null,
    token: context.captchaToken,
    round: context.captchaRound > 0,
    keyFor: context.keyBody === null ? null : (context.body?.recaptcha_token ?? null),
  }),
  limit: 2000,
  fakes: {
    actions: {
      'make an idempotency key': assign(({ context }) => ({
        key: `key-for-${context.captchaToken}-0000000000`,
      })),
    },
  },
  // signup.md §6 "Submit": "I agree" and the captcha before Place order; once placed (or with
  // an answer below 400) the page waits 4 s and logs in; the creating flag clears after 30 s.
  expect: {
    effects: [
      'tell the session',
      'show the success message',
      'show that the automatic login failed',
      'go to the login page',
    ],
    // "I agree" not ticked, no captcha solved or refused, nothing sent (so no key).
    start: {
      to: ['agreement.not agreed', 'placing.idle'],
      with: { agreed: false, token: '', round: false, keyFor: null },
    },
    on: {
      '*': {
        'solve the captcha': { to: 'stays', with: { token: 'captcha-1' } },
        'solve the new captcha': { to: 'stays', with: { token: 'captcha-2' } },
        'the captcha expires': { to: 'stays', with: { token: '' } },
      },
      'agreement.not agreed': {
        'tick "I agree"': { to: 'agreement.agreed', with: { agreed: true } },
      },
      'agreement.agreed': {
        'clear "I agree"': { to: 'agreement.not agreed', with: { agreed: false } },
      },
      'placing.idle': {
        'press Place order': ({ agreed, token }: { agreed: boolean; token: string }) =>
          agreed && token !== '' ? 'placing.creating' : 'ignored',
      },
      'placing.creating': {
        'the order is placed': PLACED,
        'no answer arrives': PLACED,
        'the server refuses the username': 'placing.idle',
        'the server refuses the captcha': { to: 'placing.idle', with: { round: true } },
      },
      'placing.placed.login.waiting': { '4 s pass': 'placing.placed.login.logging in' },
      'placing.placed.login.logging in': {
        'the login succeeds': { to: 'placing.placed.login.logged in', runs: LOGGED_IN },
        'the login fails': { to: 'placing.placed.login.login failed', runs: LOGIN_FAILED },
      },
      'placing.placed.lock.locked': { '30 s pass': 'placing.placed.lock.released' },
    },
    // signup.md §6 "Submit": the order goes with the agreement's time, the captcha token and
    // this attempt's key (the same body keeps its key); the automatic login uses the username and
    // password of the order.
    inputs: {
      placeOrder: ({ keyFor }: Projection) => ({
        key: `key-for-${keyFor}-0000000000`,
        body: {
          ...SAMPLE_ORDER_PARTS,
          recaptcha_token: keyFor,
          agreement: {
            time: Object.assign(justNow, { toJSON: () => 'the time "I agree" was ticked' }),
          },
        },
      }),
      logIn: () => ({
        username: SAMPLE_ORDER_PARTS.customer.uid,
        password: SAMPLE_ORDER_PARTS.customer.password,
      }),
    },
    timers: {
      'placing.placed.login.waiting': { signupAutoLoginDelay: TIMERS.signupAutoLoginDelayMs },
      'placing.placed.lock.locked': { submitLock: TIMERS.submitLockMs },
    },
  },
  states: {
    'agreement.not agreed': (snapshot) => {
      expectThat(!selectAgreed(snapshot) && snapshot.context.agreedAt === null, 'no time kept');
      expectThat(!selectCanPlace(snapshot), 'Place order is disabled');
    },
    'agreement.agreed': (snapshot) => {
      expectThat(justNow(snapshot.context.agreedAt), 'the time it was ticked is kept');
    },
    'placing.idle': (snapshot) => {
      expectThat(!selectCreating(snapshot), 'no overlay');
      expectPlaceOrder(snapshot, null);
      const failure = selectOrderFailure(snapshot);
      expectThat(
        failure === null ||
          (failure.message === USERNAME_MESSAGES.taken &&
            failure.fieldErrors?.['customer.uid'] === USERNAME_MESSAGES.taken) ||
          failure.title === SERVICEABILITY_MESSAGES.captchaFailedTitle,
        'a refusal shows the server’s message, and its field errors on their fields',
      );
    },
    'placing.creating': (snapshot) => {
      expectThat(selectCreating(snapshot) && !selectCanPlace(snapshot), 'the overlay blocks');
      expectPlaceOrder(snapshot, SIGNUP_ORDER_MESSAGES.placingOrder);
      const { body } = snapshot.context;
      expectThat(
        selectIdempotencyKey(snapshot) === `key-for-${body?.recaptcha_token}-0000000000`,
        'the key belongs to this body',
      );
      expectThat(
        body?.agreement.time === snapshot.context.agreedAt && justNow(body.agreement.time),
        'the agreement time goes with the order',
      );
    },
    'placing.placed.login.waiting': (snapshot) => {
      expectThat(!selectCanPlace(snapshot), 'Place order stays disabled');
    },
    'placing.placed.login.logging in': (snapshot) => {
      expectThat(!selectCanPlace(snapshot), 'Place order stays disabled');
    },
    'placing.placed.login.logged in': (snapshot) => {
      expectThat(snapshot.context.body !== null, 'logged in with the order’s credentials');
    },
    'placing.placed.login.login failed': (snapshot) => {
      expectThat(!selectCanPlace(snapshot), 'the page goes to login');
    },
    'placing.placed.lock.locked': (snapshot) => {
      expectThat(selectCreating(snapshot), 'the creating flag is set');
      expectPlaceOrder(snapshot, SIGNUP_ORDER_MESSAGES.orderPlaced);
    },
    'placing.placed.lock.released': (snapshot) => {
      expectThat(!selectCreating(snapshot), 'the creating flag cleared after 30 s');
      expectPlaceOrder(snapshot, null);
    },
  },
});
