/**
 * The second factor's messages (docs/session.md "Second factor"): the `/auth/mfa/…` answers and
 * the code rules' words, which the session's machines read on every page. The pages' own texts
 * are in second-factor-text.ts; the titles a login answers with are in SESSION_MESSAGES
 * (messages.ts).
 */
import { SECOND_FACTOR } from './constants.ts';

export const SECOND_FACTOR_MESSAGES = {
  /** 401 Second Factor Required (SESSION_MESSAGES.secondFactorRequiredTitle). */
  required: `Enter the ${SECOND_FACTOR.totpDigits}-digit code from your authenticator app, or one of your recovery codes.`,
  /** 401 Second Factor Setup Required. */
  setupRequired:
    'Your account requires a second factor for every login. Add this account to your authenticator app, then enter the code it shows.',
  /** 401 Code not accepted. */
  failed: 'The code is incorrect, or it has already been used.',
  tooManyCodes: 'Too many wrong codes. Please wait before trying again.',
  codeRequired: 'Enter the code',
  codeMalformed: `Enter the ${SECOND_FACTOR.totpDigits}-digit code of your authenticator app, or a recovery code`,
  totpMalformed: `Enter the ${SECOND_FACTOR.totpDigits}-digit code your authenticator app shows`,
  policyRequired: 'required must be true or false',
  verifiedByRequired: 'Say how the user was verified (the support ticket)',
  verifiedByTooLong: 'Keep the verification note under 500 characters',
  alreadyOn: 'A second factor is already on for this login. Turn it off first to set up another.',
  notPending: 'Start setting up the authenticator app first.',
  notOn: 'No second factor is on for this login.',
  primaryAdminOnlyTitle: 'Primary admin only',
  primaryAdminOnly: "Only the account's primary admin can change this rule.",
  turnedOn: 'Your second factor is on. Keep your recovery codes somewhere safe.',
  turnedOff: 'Your second factor is off.',
  newCodes: 'New recovery codes are ready: the old ones no longer work.',
  policyOn: 'Every login of this account now needs a second factor.',
  policyOff: 'Logins of this account no longer need a second factor.',
  resetDone: "The user's second factor was removed and their sessions ended.",
  userNotFound: 'There is no user with that number.',
} as const;
