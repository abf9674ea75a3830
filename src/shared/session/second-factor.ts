/**
 * The second factor's shared rules and contract (docs/session.md "Second factor", docs/api.md
 * "Second factor"): what a typed code is, how a recovery code is written, and the bodies of the
 * `/auth/mfa/…` endpoints. Client and server both read codes with {@link readSecondFactorCode}.
 */
import { SECOND_FACTOR } from './constants.ts';

/** The letters and digits of a recovery code (RFC 4648 base32). */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export type SecondFactorCode =
  /** A code of the authenticator app: its 6 digits. */
  | { kind: 'totp'; code: string }
  /** A recovery code: its 10 characters, upper case, without the hyphen. */
  | { kind: 'recovery'; code: string };

const TOTP_PATTERN = new RegExp(`^\\d{${SECOND_FACTOR.totpDigits}}$`);
const RECOVERY_PATTERN = new RegExp(
  `^[${RECOVERY_CODE_ALPHABET}]{${SECOND_FACTOR.recoveryCodeLength}}$`,
);

/**
 * What a typed code is: spaces and hyphens are ignored and letters may be of either case
 * ("123 456", "abcde-fghij"); null when it is neither an authenticator code nor a recovery code.
 */
export function readSecondFactorCode(typed: string): SecondFactorCode | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (TOTP_PATTERN.test(code)) return { kind: 'totp', code };
  if (RECOVERY_PATTERN.test(code)) return { kind: 'recovery', code };
  return null;
}

/** A recovery code as shown: two groups of five, `ABCDE-FGHIJ`. */
export function formatRecoveryCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

/** The recovery codes as the downloadable text file holds them, one a line. */
export function recoveryCodesFile(username: string, codes: readonly string[]): string {
  return [
    `Recovery codes for ${username}`,
    'Each code works once, in place of a code of your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** A new authenticator account (POST /auth/mfa/totp, and a login asked to set one up). */
export interface TotpSetup {
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
  /** The `otpauth://totp/…` URL the QR code holds. */
  otpauth_url: string;
  /** The QR code of `otpauth_url`: an SVG image as a `data:` URL. */
  qr_code: string;
}

/** POST /auth/mfa/totp/confirm and POST /auth/mfa/recovery_codes. */
export interface RecoveryCodesResponse {
  /** Each code once, formatted `ABCDE-FGHIJ`: shown now and never again. */
  recovery_codes: string[];
}

/** GET /auth/mfa: the caller's own second factor and the customer's rule. */
export interface SecondFactorStatus {
  /** `pending`: started and not yet confirmed by a code. */
  totp: 'off' | 'pending' | 'on';
  /** Recovery codes not used yet. */
  recovery_codes_left: number;
  /** The customer requires a second factor for every login. */
  required: boolean;
  /** The caller may change that rule (the customer's primary admin). */
  can_require: boolean;
  /** Passkeys registered (docs/session.md "Passkeys"): each is a second factor too. */
  passkeys: number;
}

/** GET /auth/mfa/users: the customer's logins and whether each has a second factor (primary admin). */
export interface SecondFactorUsers {
  users: { username: string; second_factor: boolean }[];
}
