/** The session's business constants (docs/session.md): the second factor and passkeys. */

/**
 * The second factor (docs/session.md "Second factor"): RFC 6238's defaults, which every
 * authenticator app uses (a 30-second step, 6 digits, HMAC-SHA-1), one step of clock drift either
 * way, and ten single-use recovery codes of ten characters (RFC 4648 base32 letters and digits:
 * 50 random bits each), shown as two groups of five.
 */
export const SECOND_FACTOR = {
  totpPeriodSeconds: 30,
  totpDigits: 6,
  totpAlgorithm: 'sha1',
  totpDriftSteps: 1,
  /** Bytes of a new TOTP secret (RFC 4226 recommends 160 bits). */
  totpSecretBytes: 20,
  recoveryCodeCount: 10,
  recoveryCodeLength: 10,
} as const;

/** Passkeys (WebAuthn) of a login (docs/session.md "Passkeys"). */
export const PASSKEYS = {
  /** How long a challenge the server handed out can be answered (it is used once). */
  challengeSeconds: 5 * 60,
  /** The most passkeys one login may register. */
  maxPerLogin: 10,
  /** The longest name a passkey may be given. */
  nameMaxLength: 60,
} as const;
