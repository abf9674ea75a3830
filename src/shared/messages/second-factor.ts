/**
 * The second factor's words (docs/session.md "Second factor"): the account page's Security
 * section, the `/auth/mfa/…` answers and the login's code step. The titles a login answers with
 * are in SESSION_MESSAGES (messages.ts), which the session machine reads.
 */
import { SECOND_FACTOR } from '../constants.ts';

export const SECOND_FACTOR_MESSAGES = {
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

/** The Security section's and the code step's texts. */
export const SECOND_FACTOR_TEXT = {
  sectionTitle: 'Second factor',
  offIntro:
    'Protect your login with a second factor: after your password, a code from an authenticator app on your phone.',
  onIntro:
    'Your second factor is on: every login asks for a code of your authenticator app after the password.',
  requiredNote: 'Your account requires a second factor for every login.',
  turnOn: 'Set up an authenticator app',
  scanIntro:
    'Scan this QR code with your authenticator app, or type the key below into it. Then enter the code the app shows.',
  secretLabel: 'Key',
  confirm: 'Turn on',
  codeLabel: 'Code',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'Each code works once, in place of a code of your app, if you lose your phone. They are shown only now: save them.',
  download: 'Download the codes',
  saved: 'I have saved them',
  turnOff: 'Turn off',
  newCodes: 'New recovery codes',
  proofIntro: 'Enter a code of your authenticator app (or a recovery code) to confirm.',
  codesLeft: (left: number) => `${left} recovery code${left === 1 ? '' : 's'} left.`,
  requireLabel: 'Require a second factor for every login of this account',
  codeStepTitle: 'Second factor',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use the authenticator app instead',
  recoveryLabel: 'Recovery code',
  verify: 'Verify',
  lockedOut: 'Too many wrong codes. Wait a few minutes, then try again.',
  tryAgain: 'Try again',
  cancel: 'Cancel',
} as const;
