import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/** The JSON body of every error the API sends. */
export interface ApiErrorBody {
  status: number;
  title: string;
  msg: string;
  detail?: string;
  /** Field errors, keyed by field path (for example `customer.email`). */
  errors?: Record<string, string>;
  /** Present on 500 answers so that a report can be matched with the log. */
  request_id?: string;
  /**
   * 401 `Second Factor Setup Required`: the authenticator account to add before the login's code
   * (docs/session.md "Second factor").
   */
  setup?: { secret: string; otpauth_url: string; qr_code: string };
  /**
   * 401 `Second Factor Required`: the factors the login has, either of which completes it
   * (`totp`: a code or a recovery code; `passkey`: an assertion, docs/session.md "Passkeys").
   */
  methods?: ('totp' | 'passkey')[];
  /** With `methods` naming `passkey`: the request the login's passkeys answer (single use). */
  webauthn?: PublicKeyCredentialRequestOptionsJSON;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.status === 'number' && typeof candidate.msg === 'string';
}

/** What the page says of a failure that carries no words of its own (a bare 502, say). */
export const FAILURE_WITHOUT_WORDS = 'Something went wrong.';

/**
 * The words of a failure (the web client throws errors whose message is the server's `msg`; a
 * thrown string is its own words), or null when it has none: each caller says what shows then.
 */
export function failureMessage(error: unknown): string | null {
  if (typeof error === 'string') return error || null;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}
