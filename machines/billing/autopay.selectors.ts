/** What the automatic payment switch shows, from the autopay machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { BILLING_PAGE_TEXT } from '#shared/billing/messages';
import type { autopayMachine } from './autopay.machine.ts';

export type AutopaySnapshot = SnapshotFrom<typeof autopayMachine>;

/** The switch is on: automatic payment is on (still while turning it off is asked), or being turned on. */
export function selectAutopayChecked(snapshot: AutopaySnapshot): boolean {
  return (
    snapshot.matches('on') ||
    snapshot.matches('asking to turn off') ||
    snapshot.matches('turning on')
  );
}

/** Turning automatic payment off is being asked about. */
export function selectAutopayAskingOff(snapshot: AutopaySnapshot): boolean {
  return snapshot.matches('asking to turn off');
}

/** Automatic payment is on (as the server last said). */
export function selectAutopayOn(snapshot: AutopaySnapshot): boolean {
  return snapshot.matches('on');
}

/** The change is being sent. */
export function selectAutopayPending(snapshot: AutopaySnapshot): boolean {
  return snapshot.matches('turning on') || snapshot.matches('turning off');
}

/** The switch cannot be used: no default account, or a change is on its way. */
export function selectAutopayDisabled(snapshot: AutopaySnapshot): boolean {
  return snapshot.matches('unavailable') || selectAutopayPending(snapshot);
}

/** Why the switch is disabled when there is no default account. */
export function selectAutopayUnavailableReason(snapshot: AutopaySnapshot): string | null {
  return snapshot.matches('unavailable') ? BILLING_PAGE_TEXT.autopayNeedsDefault : null;
}

/** The server's refusal of the last change. */
export function selectAutopayError(snapshot: AutopaySnapshot): string | null {
  return snapshot.context.error;
}
