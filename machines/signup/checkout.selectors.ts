/** What the Agree and Finish section shows, from the checkout machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { AGREEMENT_MESSAGES } from '#shared/messages/account';
import { SIGNUP_ORDER_MESSAGES } from '#shared/messages';
import { readyToSend, type checkoutMachine, type OrderFailure } from './checkout.machine.ts';

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

/** The checkout's part of Place order: agreement ticked, captcha solved, nothing in progress or done. */
export function selectCanPlace(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches({ placing: 'idle' }) && readyToSend(snapshot.context);
}

/**
 * Place order is enabled (signup.md §4 "Submit"): the whole form is valid (the wizard's
 * `selectWholeFormValid`) and the checkout can place.
 */
export function selectPlaceOrderEnabled(snapshot: CheckoutSnapshot, formValid: boolean): boolean {
  return formValid && selectCanPlace(snapshot);
}

/** The hint under Place order: what is still missing, the agreement first; null when nothing. */
export function selectPlaceOrderHint(
  snapshot: CheckoutSnapshot,
  formValid: boolean,
): string | null {
  if (!selectAgreed(snapshot)) return AGREEMENT_MESSAGES.hint;
  if (!formValid) return SIGNUP_ORDER_MESSAGES.completeFormFirst;
  if (!selectCaptchaSolved(snapshot)) return SIGNUP_ORDER_MESSAGES.captchaFirst;
  return null;
}

/** The refusal to show above Place order, or null. */
export function selectOrderFailure(snapshot: CheckoutSnapshot): OrderFailure | null {
  return snapshot.matches({ placing: 'idle' }) ? snapshot.context.failure : null;
}

/** The Idempotency-Key of the current attempt (null before the first Place order). */
export function selectIdempotencyKey(snapshot: CheckoutSnapshot): string | null {
  return snapshot.context.key;
}
