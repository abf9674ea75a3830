/**
 * The passkeys' contract (docs/api.md "Passkeys"): the answers of the `/auth/mfa/webauthn/…`
 * endpoints. The WebAuthn options and the browser's answers are the JSON forms
 * `@simplewebauthn/browser` and `@simplewebauthn/server` exchange.
 */

/** One registered passkey, as listed. */
export interface Passkey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** GET /auth/mfa/webauthn. */
export interface PasskeyList {
  passkeys: Passkey[];
}

/** POST /auth/mfa/webauthn/register/verify. */
export interface PasskeyRegistered {
  msg: string;
  passkey: Passkey;
}

/** GET /admin/users/:username/second_factor (a site admin, before a reset). */
export interface UserSecondFactors {
  username: string;
  /** The customer's account number. */
  cid: number;
  primary_admin: boolean;
  totp: 'off' | 'pending' | 'on';
  recovery_codes_left: number;
  passkeys: Passkey[];
}
