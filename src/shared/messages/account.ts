/**
 * Account setup, agreement and captcha messages of the signup (signup.md §5, §8): loaded with the second half of the wizard.
 * One of the message modules beside `../messages.ts` (see its header).
 */
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../constants.ts';
import type { ContactDetails } from './contacts.ts';

export const USERNAME_MESSAGES = {
  firstCharacter: 'Usernames must begin with a lowercase letter',
  tooShort: `Usernames must be at least ${USERNAME_MIN_LENGTH} characters long`,
  tooLong: `Usernames cannot be longer than ${USERNAME_MAX_LENGTH} characters`,
  characters: 'Usernames can only contain lowercase letters, numbers, dashes, and underscores',
  taken: 'That username is taken. Here are some suggestions',
  tooManyChecks: 'Too many username checks. Please wait a moment before trying again.',
} as const;

export const PASSWORD_MESSAGES = {
  help: `Enter a password from ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  mismatch: 'Passwords do not match.',
  scoreTooLow: 'Password score too low.',
  tooShort: 'Password too short.',
  tooLong: 'Password too long.',
  currentRequired: 'You must enter your current password',
  mustDiffer: 'New password must be different from current password.',
} as const;

export const AGREEMENT_MESSAGES = {
  tooltip: 'You must check I agree above to continue',
  hint: 'Please check "I agree" first',
} as const;

export const SIGNUP_MESSAGES = {
  success:
    "You have succeeded in creating an account and signing up for services. You'll receive an email with more details soon.",
  autoLoginFailed: 'Automatic login failed. Please login manually.',
} as const;

/** signup.md §8: the captcha failure default, with the configured phone and email. */
export function recaptchaFailureMessage({ phone, email }: ContactDetails): string {
  return `We're having difficulty processing your request. Please try again, or contact Customer Service at ${phone} or ${email}`;
}
