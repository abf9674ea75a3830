/**
 * The captcha contract. Two flows carry a captcha token (signup.md §7): the order
 * (POST /self_signup) and the availability contact (POST /connectivity_clots/availability). The
 * token travels in the body as `recaptcha_token` whatever captcha is configured.
 *
 * - `altcha` (default, self-hosted proof of work): the page shows the `altcha` widget (package
 *   `altcha` 3) with its `challenge` attribute set to the API base + {@link CAPTCHA_CHALLENGE_PATH};
 *   the widget's payload (the value of its hidden `altcha` form field, or the `payload` of its
 *   `verified` event) is the token. Each token is accepted once and expires with its challenge.
 * - `recaptcha` (hosted): the page runs Google reCAPTCHA with `site_key`; its response token is
 *   the token.
 */
export const CAPTCHA_TOKEN_FIELD = 'recaptcha_token';
export const CAPTCHA_CHALLENGE_PATH = '/captcha/challenge';
/** GET: {@link CaptchaPublicConfig}, which captcha the page should show. */
export const CAPTCHA_CONFIG_PATH = '/captcha/config';

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** What the page needs to show the configured captcha. */
export interface CaptchaPublicConfig {
  provider: CaptchaProvider;
  /** reCAPTCHA site key; empty for altcha. */
  site_key: string;
  /** Path of the altcha challenge, relative to the API base path. */
  challenge_path: string;
}
