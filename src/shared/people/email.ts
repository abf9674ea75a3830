/**
 * Optional emails (issue 13 "/unsubscribe/"; docs/people.md "Optional emails"): notices and
 * reminders carry a signed link that turns that kind off for the user without a login; bills and
 * security emails always go out. Account Home turns them back on.
 */
import * as v from 'valibot';
import { OPTIONAL_EMAIL_KINDS, type OptionalEmailKind } from './constants.ts';
import { UNSUBSCRIBE_MESSAGES } from './messages.ts';

/** POST /unsubscribe: the token of the link. */
export const UnsubscribeSchema = v.object({
  token: v.pipe(
    v.string(UNSUBSCRIBE_MESSAGES.linkInvalid),
    v.minLength(1, UNSUBSCRIBE_MESSAGES.linkInvalid),
    v.maxLength(512, UNSUBSCRIBE_MESSAGES.linkInvalid),
  ),
});

/** Which optional emails the user receives: true, it is sent. */
export type EmailPreferences = Record<OptionalEmailKind, boolean>;

/** GET and PUT /user/email_preferences. */
export interface EmailPreferencesResponse {
  preferences: EmailPreferences;
}

/** PUT /user/email_preferences: any of the kinds, on or off. */
export const EmailPreferencesSchema = v.strictObject(
  Object.fromEntries(
    OPTIONAL_EMAIL_KINDS.map((kind) => [
      kind,
      v.optional(v.boolean(UNSUBSCRIBE_MESSAGES.preference)),
    ]),
  ) as Record<OptionalEmailKind, v.OptionalSchema<v.BooleanSchema<string>, undefined>>,
  UNSUBSCRIBE_MESSAGES.preference,
);

/** POST /unsubscribe's answer. */
export interface UnsubscribeResponse {
  msg: string;
  kind: OptionalEmailKind;
}
