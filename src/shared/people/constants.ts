/**
 * The people area's business constants (docs/people.md): authorized contacts' fields and the
 * optional emails.
 */

/** Title, position, company and address lines of an authorized contact. */
export const CONTACT_TEXT_MAX_LENGTH = 100;
export const CONTACT_COMMENTS_MAX_LENGTH = 2000;
/** Kinds of email a user can turn off; bills and security emails are not among them. */
export const OPTIONAL_EMAIL_KINDS = ['notices', 'reminders'] as const;
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];
/** An unsubscribe link in an optional email works this many days after it was sent. */
export const UNSUBSCRIBE_LINK_VALID_DAYS = 60;
