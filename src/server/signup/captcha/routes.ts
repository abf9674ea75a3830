/**
 * The captcha's endpoints: which captcha the page should show, and (self-hosted proof of work)
 * a fresh challenge for the `altcha` widget. docs/api.md "Captcha".
 */
import type { Hono } from 'hono';
import { CAPTCHA_CHALLENGE_PATH, CAPTCHA_CONFIG_PATH } from '#shared/signup/captcha';
import { captchaFor, captchaPublicConfig } from './index.ts';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../http/errors.ts';

export function registerCaptchaRoutes(api: Hono<AppEnv>) {
  api.get(CAPTCHA_CONFIG_PATH, (c) => c.json(captchaPublicConfig(c.var.deps)));

  api.get(CAPTCHA_CHALLENGE_PATH, async (c) => {
    const verifier = captchaFor(c.var.deps);
    if (!verifier.challenge) throw notFound('This captcha serves its own challenges.');
    c.header('Cache-Control', 'no-store');
    return c.json(await verifier.challenge());
  });
}
