/**
 * The passkeys' messages (docs/session.md "Passkeys"): the `/auth/mfa/webauthn/…` answers, the
 * request rules' words and the texts of the account page's Passkeys part and the login's passkey
 * step.
 */
import { PASSKEYS } from './constants.ts';

export const PASSKEY_MESSAGES = {
  nameRequired: 'Give the passkey a name',
  nameTooLong: `Keep the name under ${PASSKEYS.nameMaxLength + 1} characters`,
  responseRequired: "Send the browser's answer to the passkey request",
  responseMalformed: "The browser's answer to the passkey request is not complete",
  /** 400: the challenge is unknown, used already or too old, or the answer does not verify. */
  notVerifiedTitle: 'Passkey not accepted',
  notVerified: 'The passkey could not be verified. Please try again.',
  alreadyRegistered: 'This passkey is registered already.',
  tooMany: `A login can have up to ${PASSKEYS.maxPerLogin} passkeys. Remove one first.`,
  notFound: 'There is no such passkey.',
  /** 422 answered to the removal of the login's last passkey sent without its assertion. */
  lastFactorProof: 'This is your last passkey: confirm with it to remove it.',
  registered: 'Your passkey is ready.',
  renamed: 'The passkey was renamed.',
  removed: 'The passkey was removed.',
  /** The login's step and the account page. */
  usePasskey: 'Use a passkey',
  usePasskeyInstead: 'Use a passkey instead',
  useCodeInstead: 'Use a code instead',
  passkeyPrompt: 'Use your passkey to finish logging in.',
  passkeyCancelled: 'The passkey was not used. Try again, or use a code instead.',
  unsupported: 'This browser cannot use passkeys.',
} as const;
