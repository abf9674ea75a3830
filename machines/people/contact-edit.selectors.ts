/** What a contact's card and form show, from the contact edit machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { RECOVERY_FIELDS, type RecoveryField } from '#shared/people/recovery';
import {
  OFFERED,
  outrankedReason,
  recoveryFieldsReason,
  type contactEditMachine,
  type RowAction,
} from './contact-edit.machine.ts';
import { gridRows } from './grid.ts';

type Snapshot = SnapshotFrom<typeof contactEditMachine>;

export const selectContact = (s: Snapshot) => s.context.contact;
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectLogin = (s: Snapshot) => s.context.login;
export const selectFieldErrors = (s: Snapshot) => s.context.errors;
export const selectEditError = (s: Snapshot) => s.context.error;

export const selectEditing = (s: Snapshot) => s.matches('editing') || s.matches('saving');
export const selectSaving = (s: Snapshot) =>
  s.matches('saving') || s.matches('makingUser') || s.matches('demoting') || s.matches('deleting');
export const selectConverting = (s: Snapshot) => s.matches('converting') || s.matches('makingUser');
export const selectConfirming = (s: Snapshot): 'demote' | 'delete' | null => {
  if (s.matches('confirmingDemote') || s.matches('demoting')) return 'demote';
  if (s.matches('confirmingDelete') || s.matches('deleting')) return 'delete';
  return null;
};
export const selectGone = (s: Snapshot) => s.matches('closed') || s.matches('deleted');
/**
 * A refused Make contact or Delete closes its dialog (and the dialog's notifications): the
 * reason stays on the contact's row until the next action.
 */
export const selectRowRefusal = (s: Snapshot) => (s.matches('viewing') ? s.context.error : null);

/** The grid of the contact becoming a user: each level, chosen, and whether it may be chosen. */
export const selectConvertGrid = (s: Snapshot) =>
  gridRows({ granter: s.context.granter, before: {} }, s.context.perms);

/** What the card offers (never the primary admin's login or deletion). */
export const selectCanEdit = (s: Snapshot) => s.can({ type: 'contact.edit.pressed' });
export const selectCanConvert = (s: Snapshot) => s.can({ type: 'user.convert.pressed' });
export const selectCanDemote = (s: Snapshot) => s.can({ type: 'user.demote.pressed' });
export const selectCanDelete = (s: Snapshot) => s.can({ type: 'contact.delete.pressed' });

/**
 * One action of the row: enabled, shown disabled with the reason (a login holding rights the
 * editor lacks), or not offered at all (null: no contacts manage, or never for this contact).
 */
export type RowOffer = { enabled: true } | { enabled: false; reason: string } | null;

function offer(s: Snapshot, action: RowAction): RowOffer {
  if (s.can({ type: action })) return { enabled: true };
  if (!s.matches('viewing') || !OFFERED[action](s.context)) return null;
  const reason = outrankedReason(s.context);
  return reason === null ? null : { enabled: false, reason };
}

/** Edit, Make user, Make contact and Permissions (one rule: both change the login), Delete. */
export const selectRowOffers = (s: Snapshot) => ({
  edit: offer(s, 'contact.edit.pressed'),
  convert: offer(s, 'user.convert.pressed'),
  demote: offer(s, 'user.demote.pressed'),
  delete: offer(s, 'contact.delete.pressed'),
});

/** Why the row's actions are disabled (shown once under them), or null. */
export const selectRowLockedReason = (s: Snapshot) =>
  s.matches('viewing') ? outrankedReason(s.context) : null;

/**
 * The form's fields the editor may not change, with the reason: a login's email and phone for
 * anyone but the login itself and the primary admin.
 */
export const selectLockedFields = (s: Snapshot): Partial<Record<RecoveryField, string>> => {
  const reason = recoveryFieldsReason(s.context);
  return reason === null ? {} : Object.fromEntries(RECOVERY_FIELDS.map((field) => [field, reason]));
};
