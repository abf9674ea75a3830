/**
 * Google reCAPTCHA (hosted): the page runs the reCAPTCHA widget with RECAPTCHA_SITE_KEY and the
 * server asks the verification endpoint about the token with CAPTCHA_SECRET. Google spends a
 * token on its first verification.
 */
import type { CaptchaConfig } from '../../config.ts';
import type { CaptchaCheck, CaptchaVerdict, CaptchaVerifier } from './types.ts';

export function createRecaptchaVerifier(
  config: CaptchaConfig,
  fetcher: typeof fetch = fetch,
): CaptchaVerifier {
  const verifier: CaptchaVerifier = {
    provider: 'recaptcha',
    async check(token, context): Promise<CaptchaCheck> {
      // Google spends the token now: there is nothing left to spend later.
      const verdict = await verifier.verify(token, context);
      return { ...verdict, spend: () => Promise.resolve(verdict) };
    },
    async verify(token, { remoteIp }): Promise<CaptchaVerdict> {
      const body = new URLSearchParams({ secret: config.secret ?? '', response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const response = await fetcher(config.verifyUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return { ok: false, reason: `verification answered ${response.status}` };
        const result = (await response.json()) as { success?: boolean; 'error-codes'?: string[] };
        return result.success === true
          ? { ok: true }
          : { ok: false, reason: (result['error-codes'] ?? ['rejected']).join(', ') };
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : 'unreachable' };
      }
    },
  };
  return verifier;
}
