/**
 * What the API needs of a captcha: a verdict on a token, and for self-hosted proof of work a
 * challenge for the widget. CAPTCHA_PROVIDER picks the implementation (index.ts); a hosted
 * captcha replaces the self-hosted one by configuration alone.
 */
import type { CaptchaProvider } from '#shared/signup/captcha';

export interface CaptchaVerdict {
  ok: boolean;
  /** Why it failed, for the log (never shown to the visitor). */
  reason?: string;
}

export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  /** A new challenge for the page's widget; undefined for hosted captchas (they serve their own). */
  challenge?(): Promise<unknown>;
  /** Checks a token (`recaptcha_token`) once: a token that passed is spent. */
  verify(token: string, context: { remoteIp?: string }): Promise<CaptchaVerdict>;
}
