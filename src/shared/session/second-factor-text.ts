/**
 * The second factor's page texts (docs/session.md "Second factor"): the account page's section
 * and the login's code step. Apart from SECOND_FACTOR_MESSAGES (second-factor.ts), which the
 * session's machines read on every page, so that these load only with the pages that show them.
 */
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
  recoveryStepIntro: 'Enter one of your recovery codes. Each works once.',
  verify: 'Verify',
  lockedOut: 'Too many wrong codes. Wait a few minutes, then try again.',
  tryAgain: 'Try again',
  cancel: 'Cancel',
} as const;
