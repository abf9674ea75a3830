/**
 * Agree and Finish (signup.md §2 item 10, §4 "Agreement", "Submit", §8):
 *
 * - "I agree": ticking records the current time (the machine stamps it), clearing forgets it.
 * - The captcha's token (the altcha widget's payload) travels as `recaptcha_token`.
 * - Place order: the wizard hands over its part of the order (`order.ready`) once the whole form
 *   is valid; it is placed only with the agreement ticked, a captcha token and nothing in
 *   progress. Each signup attempt has its own Idempotency-Key: the same body sent again keeps its
 *   key, a changed body (a new captcha token, an edited field, a new agreement time) gets a new
 *   one (`make an idempotency key`, a named action tests replace).
 * - While the order is being created a full overlay blocks the page. On success, or on an error
 *   whose status is below 400 (no answer at all counts, status 0: the order may have been
 *   placed), the page waits 4 s, logs in with the new username and password, shows the success
 *   message and goes to the account; if that login fails it says so and goes to login. The
 *   creating flag clears 30 s after the request finished. Any other error shows the server's
 *   message (and its field errors) and Place order can be pressed again; a refused captcha asks
 *   for a new one.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { TIMERS } from '#shared/constants';
import { SERVICEABILITY_MESSAGES } from '#shared/signup/messages';
import type { SessionUser } from '#shared/session/types';
import type { SignupOrderInput, SignupOrderResponse } from '#shared/signup/order';
import type { SignupOrderParts } from './order-parts.ts';

export type { SignupOrderParts };

/** What the `placeOrder` actor throws when the order is refused. */
export interface OrderFailure {
  /** 0 when no answer arrived. */
  status: number;
  message: string;
  title?: string;
  /** Field errors by path (`customer.uid`, `payment.bank_details.routing`, ...). */
  fieldErrors?: Record<string, string>;
}

export interface CheckoutContext {
  /** When "I agree" was ticked (ISO timestamp), or null. */
  agreedAt: string | null;
  captchaToken: string;
  /** Counts the times a new captcha was asked for (the widget starts over on each). */
  captchaRound: number;
  /** The Idempotency-Key of the current signup attempt. */
  key: string | null;
  /** The body the key was made for (as sent, in JSON). */
  keyBody: string | null;
  body: SignupOrderInput | null;
  failure: OrderFailure | null;
}

export type CheckoutEvent =
  | { type: 'agreement.changed'; checked: boolean }
  | { type: 'captcha.changed'; token: string }
  | { type: 'order.ready'; order: SignupOrderParts }
  /** The order, or the login after it, was refused. */
  | { type: 'xstate.error.actor.placeOrder'; error: unknown };

/** 32 hex digits from the platform's random source (works on plain-http pages too). */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function failureOf(error: unknown): OrderFailure {
  const candidate = (typeof error === 'object' && error !== null ? error : {}) as Partial<
    Record<keyof OrderFailure, unknown>
  >;
  return {
    status: typeof candidate.status === 'number' ? candidate.status : 0,
    message:
      typeof candidate.message === 'string' && candidate.message
        ? candidate.message
        : String(error),
    title: typeof candidate.title === 'string' ? candidate.title : undefined,
    fieldErrors:
      typeof candidate.fieldErrors === 'object' && candidate.fieldErrors !== null
        ? (candidate.fieldErrors as Record<string, string>)
        : undefined,
  };
}

/** The whole body of POST /self_signup: the wizard's part, the agreement and the captcha token. */
function orderBody(context: CheckoutContext, order: SignupOrderParts): SignupOrderInput {
  return {
    ...order,
    agreement: { time: context.agreedAt ?? '' },
    recaptcha_token: context.captchaToken,
  };
}

/**
 * The order can be sent: "I agree" is ticked and the captcha solved. Place order is enabled
 * with this, nothing in progress and the whole form valid (checkout.selectors.ts).
 */
export function readyToSend(context: Pick<CheckoutContext, 'agreedAt' | 'captchaToken'>): boolean {
  return context.agreedAt !== null && context.captchaToken !== '';
}

function failureIn(event: unknown): OrderFailure {
  return failureOf((event as { error?: unknown }).error);
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    /** POST /self_signup with the Idempotency-Key header; throws an {@link OrderFailure}. */
    placeOrder: fromPromise<SignupOrderResponse, { key: string; body: SignupOrderInput }>(
      async () => {
        throw new Error('placeOrder is provided by the app');
      },
    ),
    /** POST /auth/tokens with the new username and password. */
    logIn: fromPromise<SessionUser, { username: string; password: string }>(async () => {
      throw new Error('logIn is provided by the app');
    }),
  },
  delays: {
    signupAutoLoginDelay: TIMERS.signupAutoLoginDelayMs,
    submitLock: TIMERS.submitLockMs,
  },
  actions: {
    'remember the agreement': assign({
      agreedAt: ({ event }) => {
        assertEvent(event, 'agreement.changed');
        return event.checked ? new Date().toISOString() : null;
      },
    }),
    'remember the captcha token': assign({
      captchaToken: ({ event }) => {
        assertEvent(event, 'captcha.changed');
        return event.token;
      },
    }),
    'put the order together': assign(({ context, event }) => {
      assertEvent(event, 'order.ready');
      const body = orderBody(context, event.order);
      return { body, keyBody: JSON.stringify(body), failure: null };
    }),
    /** Replaced in tests to fix the key. */
    'make an idempotency key': assign({ key: () => newIdempotencyKey() }),
    'remember the failure': assign({
      failure: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.placeOrder');
        return failureOf(event.error);
      },
    }),
    'ask for a new captcha': assign(({ context }) => ({
      captchaToken: '',
      captchaRound: context.captchaRound + 1,
    })),
    /** The app logs the new customer in (the session's `session.started`) and goes to the account. */
    'tell the session': (_, _params: { user: SessionUser }) => {},
    'show the success message': () => {},
    'show that the automatic login failed': () => {},
    'go to the login page': () => {},
  },
  guards: {
    'the box is ticked': ({ event }) => event.type === 'agreement.changed' && event.checked,
    'the box is cleared': ({ event }) => event.type === 'agreement.changed' && !event.checked,
    'ready to send': ({ context }) => readyToSend(context),
    'ready to send the same order again': ({ context, event }) =>
      event.type === 'order.ready' &&
      readyToSend(context) &&
      context.key !== null &&
      context.keyBody === JSON.stringify(orderBody(context, event.order)),
    'the answer is below 400': ({ event }) => failureIn(event).status < 400,
    'the captcha was refused': ({ event }) => {
      const failure = failureIn(event);
      return failure.status === 403 && failure.title === SERVICEABILITY_MESSAGES.captchaFailedTitle;
    },
  },
}).createMachine({
  id: 'signupCheckout',
  description:
    'Agree and finish: "I agree", the captcha, then Place order creates the account and logs the new customer in.',
  context: {
    agreedAt: null,
    captchaToken: '',
    captchaRound: 0,
    key: null,
    keyBody: null,
    body: null,
    failure: null,
  },
  type: 'parallel',
  on: {
    'captcha.changed': { actions: 'remember the captcha token' },
  },
  states: {
    agreement: {
      description: 'The "I agree" box under the terms and the electronic-signature disclosure.',
      initial: 'not agreed',
      states: {
        'not agreed': {
          description:
            'Not ticked: Place order is disabled with the tooltip and the hint to check "I agree".',
          on: {
            'agreement.changed': {
              guard: 'the box is ticked',
              target: 'agreed',
              actions: 'remember the agreement',
            },
          },
        },
        agreed: {
          description: 'Ticked: the time it was ticked goes with the order.',
          on: {
            'agreement.changed': {
              guard: 'the box is cleared',
              target: 'not agreed',
              actions: 'remember the agreement',
            },
          },
        },
      },
    },
    placing: {
      description: 'Placing the order.',
      initial: 'idle',
      states: {
        idle: {
          description:
            'Nothing in progress: Place order can be pressed (once everything is valid).',
          on: {
            'order.ready': [
              {
                guard: 'ready to send the same order again',
                target: 'creating',
                actions: 'put the order together',
              },
              {
                guard: 'ready to send',
                target: 'creating',
                actions: ['put the order together', 'make an idempotency key'],
              },
            ],
          },
        },
        creating: {
          description: 'The order is being created: a full overlay blocks the page.',
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => ({ key: context.key ?? '', body: context.body! }),
            onDone: { target: 'placed' },
            onError: [
              { guard: 'the answer is below 400', target: 'placed' },
              {
                guard: 'the captcha was refused',
                target: 'idle',
                actions: ['remember the failure', 'ask for a new captcha'],
              },
              { target: 'idle', actions: 'remember the failure' },
            ],
          },
        },
        placed: {
          description:
            'The order went through: the page logs the new customer in; the overlay stays.',
          type: 'parallel',
          states: {
            login: {
              description: 'The automatic login.',
              initial: 'waiting',
              states: {
                waiting: {
                  description: 'Waits 4 s before logging in.',
                  after: { signupAutoLoginDelay: 'logging in' },
                },
                'logging in': {
                  description: 'Logging in with the new username and password.',
                  invoke: {
                    id: 'logIn',
                    src: 'logIn',
                    input: ({ context }) => ({
                      username: context.body?.customer.uid ?? '',
                      password: context.body?.customer.password ?? '',
                    }),
                    onDone: {
                      target: 'logged in',
                      actions: [
                        {
                          type: 'tell the session',
                          params: ({ event }) => ({ user: event.output }),
                        },
                        'show the success message',
                      ],
                    },
                    onError: {
                      target: 'login failed',
                      actions: ['show that the automatic login failed', 'go to the login page'],
                    },
                  },
                },
                'logged in': {
                  description: 'Logged in: the success message shows and the account opens.',
                },
                'login failed': {
                  description:
                    '"Automatic login failed. Please login manually." and the login page opens.',
                },
              },
            },
            lock: {
              description: 'The creating flag.',
              initial: 'locked',
              states: {
                locked: {
                  description: 'Set: Place order stays disabled; it clears 30 s after the answer.',
                  after: { submitLock: 'released' },
                },
                released: {
                  description: 'Cleared 30 s after the answer.',
                },
              },
            },
          },
        },
      },
    },
  },
});

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
