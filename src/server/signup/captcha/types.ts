/**
 * What the API needs of a captcha: a verdict on a token, and for self-hosted proof of work a
 * challenge for the widget. CAPTCHA_PROVIDER picks the implementation (index.ts); a hosted
 * captcha replaces the self-hosted one by configuration alone.
 */
import type { CaptchaProvider } from '#shared/signup/captcha';
import type { Executor } from '../../db/client.ts';

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
  /**
   * Checks a token without spending it yet: a request checks it before any costly work, and
   * spends it in its own transaction with {@link CaptchaCheck.spend}, so that a request that
   * rolls back leaves the token usable. A hosted captcha spends the token as it checks it.
   */
  check(token: string, context: { remoteIp?: string }): Promise<CaptchaCheck>;
}

export interface CaptchaCheck extends CaptchaVerdict {
  /** Spends a token that passed the check, in `tx`: not ok when it was spent meanwhile. */
  spend(tx: Executor): Promise<CaptchaVerdict>;
}
