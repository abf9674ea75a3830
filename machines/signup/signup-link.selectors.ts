/** What the signup page shows of the pre-signup link, computed from the link's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { signupLinkMachine } from './signup-link.machine.ts';

export type SignupLinkSnapshot = SnapshotFrom<typeof signupLinkMachine>;

/** The link is being opened: nothing of it shows yet. */
export function selectLinkOpening(snapshot: SignupLinkSnapshot): boolean {
  return snapshot.matches('opening the signup link');
}

/** Why the link could not be opened (the server's message), or null. */
export function selectLinkMessage(snapshot: SignupLinkSnapshot): string | null {
  return snapshot.context.link.status === 'failed' ? snapshot.context.link.message : null;
}
