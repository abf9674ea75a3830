/** The task the password workers run: the shared rules for a new password. */
import { newPasswordProblems, type NewPasswordInput } from '#shared/password';

export function checkNewPassword(input: NewPasswordInput) {
  return newPasswordProblems(input);
}
