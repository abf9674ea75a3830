/** What an account's own details record (docs/activity.md "Account"): the fields changed, by name. */
import type { contacts } from '../db/schema.ts';

type ContactRow = typeof contacts.$inferSelect;

const FIELDS: readonly [keyof ContactRow, string][] = [
  ['firstName', 'first name'],
  ['middleInitial', 'middle initial'],
  ['lastName', 'last name'],
  ['business', 'business'],
  ['dob', 'date of birth'],
  ['phone', 'phone'],
  ['email', 'email'],
];

/** The names of the fields whose values differ (the values themselves are not recorded). */
export function changedFields(before: ContactRow | undefined, after: ContactRow): string[] {
  return FIELDS.filter(([key]) => String(before?.[key] ?? '') !== String(after[key] ?? '')).map(
    ([, words]) => words,
  );
}
