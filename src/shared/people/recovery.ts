/**
 * A login's recovery (docs/people.md "A login's recovery"): the contact fields a login is reached
 * by when its password or username is lost. Only the login itself or the primary admin changes
 * them, with a fresh access token; the server asks these functions what a change touches.
 */

/** The fields of a login's contact its recovery uses. */
export const RECOVERY_FIELDS = ['email', 'phone'] as const;

export type RecoveryField = (typeof RECOVERY_FIELDS)[number];

/** The same mailbox: addresses compare without regard to letter case. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The recovery fields a change from `before` to `after` touches. */
export function changedRecoveryFields(
  before: Readonly<Record<RecoveryField, string>>,
  after: Readonly<Record<RecoveryField, string>>,
): RecoveryField[] {
  return RECOVERY_FIELDS.filter((field) =>
    field === 'email' ? !sameEmail(before.email, after.email) : before[field] !== after[field],
  );
}

/**
 * Whether `editor` may change the recovery fields of the login `target`. A login is named by
 * whatever identifies it on the caller's side, the same for both: the server's user id, or the
 * username the web app knows.
 */
export function mayChangeRecovery<Id extends number | string>(
  editor: { uid: Id; primaryAdmin: boolean },
  target: { uid: Id },
): boolean {
  return editor.uid === target.uid || editor.primaryAdmin;
}
