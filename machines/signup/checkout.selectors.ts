/** What the Agree and Finish section shows, from the checkout machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { SIGNUP_ORDER_MESSAGES } from '#shared/messages';
import type { checkoutMachine, OrderFailure } from './checkout.machine.ts';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export function selectAgreed(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches({ agreement: 'agreed' });
}

/** An account creation is in progress: the full overlay shows and Place order is disabled. */
export function selectCreating(snapshot: CheckoutSnapshot): boolean {
  return (
    snapshot.matches({ placing: 'creating' }) ||
    snapshot.matches({ placing: { placed: { lock: 'locked' } } })
  );
}

/** What the overlay says while it blocks the page. */
export function selectOverlayText(snapshot: CheckoutSnapshot): string | null {
  if (snapshot.matches({ placing: 'creating' })) return SIGNUP_ORDER_MESSAGES.placingOrder;
  if (selectCreating(snapshot)) return SIGNUP_ORDER_MESSAGES.orderPlaced;
  return null;
}

export function selectCaptchaSolved(snapshot: CheckoutSnapshot): boolean {
  return snapshot.context.captchaToken !== '';
}

/** Changes each time a new captcha is needed (the widget starts over). */
export function selectCaptchaRound(snapshot: CheckoutSnapshot): number {
  return snapshot.context.captchaRound;
}

/** Place order can be pressed: agreement ticked, captcha solved, nothing in progress or done. */
export function selectCanPlace(snapshot: CheckoutSnapshot): boolean {
  return (
    snapshot.matches({ placing: 'idle' }) && selectAgreed(snapshot) && selectCaptchaSolved(snapshot)
  );
}

/** The refusal to show above Place order, or null. */
export function selectOrderFailure(snapshot: CheckoutSnapshot): OrderFailure | null {
  return snapshot.matches({ placing: 'idle' }) ? snapshot.context.failure : null;
}

/** The Idempotency-Key of the current attempt (null before the first Place order). */
export function selectIdempotencyKey(snapshot: CheckoutSnapshot): string | null {
  return snapshot.context.key;
}
