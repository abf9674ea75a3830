/**
 * The captcha of a running app: made once per configuration and database from CAPTCHA_PROVIDER.
 * Routes call {@link requireCaptcha} with the body's `recaptcha_token`; on failure it throws the
 * 403 whose msg is signup.md §8's default message with the configured phone and email. Tests may
 * put another verifier in place with {@link useCaptchaVerifier}.
 */
import { recaptchaFailureMessage } from '#shared/messages/account';
import { SERVICEABILITY_MESSAGES } from '#shared/signup/messages';
import type { CaptchaPublicConfig } from '#shared/signup/captcha';
import { CAPTCHA_CHALLENGE_PATH } from '#shared/signup/captcha';
import type { AppDeps } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { createAltchaVerifier } from './altcha.ts';
import { createRecaptchaVerifier } from './recaptcha.ts';
import type { CaptchaVerifier } from './types.ts';

export type { CaptchaVerdict, CaptchaVerifier } from './types.ts';

const verifiers = new WeakMap<Database, CaptchaVerifier>();

export function createCaptchaVerifier(deps: Pick<AppDeps, 'config' | 'database'>): CaptchaVerifier {
  const { captcha } = deps.config;
  switch (captcha.provider) {
    case 'recaptcha':
      return createRecaptchaVerifier(captcha);
    case 'altcha':
      return createAltchaVerifier(captcha, deps.database.db);
  }
}

export function captchaFor(deps: Pick<AppDeps, 'config' | 'database'>): CaptchaVerifier {
  let verifier = verifiers.get(deps.database.db);
  if (!verifier) {
    verifier = createCaptchaVerifier(deps);
    verifiers.set(deps.database.db, verifier);
  }
  return verifier;
}

/** Makes `verifier` the captcha of the app on this database (tests). */
export function useCaptchaVerifier(
  deps: Pick<AppDeps, 'database'>,
  verifier: CaptchaVerifier,
): void {
  verifiers.set(deps.database.db, verifier);
}

export function captchaFailed(deps: Pick<AppDeps, 'config'>): ApiError {
  return new ApiError(
    403,
    SERVICEABILITY_MESSAGES.captchaFailedTitle,
    recaptchaFailureMessage({
      phone: deps.config.contactPhone,
      email: deps.config.contactEmail,
    }),
  );
}

/** Verifies the token or throws the captcha failure (403, signup.md §8 default message). */
export async function requireCaptcha(
  deps: AppDeps,
  token: string | undefined,
  remoteIp?: string,
): Promise<void> {
  if (!token) throw captchaFailed(deps);
  const verdict = await captchaFor(deps).verify(token, { remoteIp });
  if (!verdict.ok) {
    deps.logger.info({ reason: verdict.reason }, 'captcha refused');
    throw captchaFailed(deps);
  }
}

export function captchaPublicConfig(deps: Pick<AppDeps, 'config'>): CaptchaPublicConfig {
  const { captcha } = deps.config;
  return {
    provider: captcha.provider,
    site_key: captcha.provider === 'recaptcha' ? captcha.siteKey : '',
    challenge_path: CAPTCHA_CHALLENGE_PATH,
  };
}
