/** Username rules (portal.md §5, signup.md §5), used by the signup form, the portal and the server. */
import * as v from 'valibot';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants.ts';
import { USERNAME_MESSAGES } from '../messages/account.ts';

/**
 * A valid username: starts with a lowercase letter, 3 to 48 characters, only lowercase letters,
 * digits, dashes and underscores. Every broken rule reports its own message, in this order.
 */
export const UsernameSchema = v.pipe(
  v.string(USERNAME_MESSAGES.firstCharacter),
  v.regex(/^[a-z]/, USERNAME_MESSAGES.firstCharacter),
  v.minLength(USERNAME_MIN_LENGTH, USERNAME_MESSAGES.tooShort),
  v.maxLength(USERNAME_MAX_LENGTH, USERNAME_MESSAGES.tooLong),
  v.regex(/^[a-z0-9_-]*$/, USERNAME_MESSAGES.characters),
);

/** The first broken rule's message, or undefined when the username is valid. */
export function usernameError(username: string): string | undefined {
  const result = v.safeParse(UsernameSchema, username);
  return result.success ? undefined : result.issues[0].message;
}
