/** What the password-update page shows, from the password-update machine's snapshot. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { formMachine } from '../forms/form.machine.ts';
import type { passwordMachine } from '../forms/password.machine.ts';
import type { passwordUpdateMachine } from './password-update.machine.ts';

export type PasswordUpdateSnapshot = SnapshotFrom<typeof passwordUpdateMachine>;

/** The username form the page's username field talks to. */
export function selectUsernameForm(
  snapshot: PasswordUpdateSnapshot,
): ActorRefFrom<typeof formMachine> | undefined {
  return (snapshot.children as { username?: ActorRefFrom<typeof formMachine> }).username;
}

/** The password machine the page's password fields talk to. */
export function selectNewPassword(
  snapshot: PasswordUpdateSnapshot,
): ActorRefFrom<typeof passwordMachine> | undefined {
  return (snapshot.children as { password?: ActorRefFrom<typeof passwordMachine> }).password;
}

/** Submit was pressed and the username is being checked. */
export function selectCheckingUsername(snapshot: PasswordUpdateSnapshot): boolean {
  return snapshot.matches('checking the username');
}
