/**
 * Headers every answer carries, set in one place (app.ts) after the handler or the error handler
 * has made the answer, so that errors carry them too:
 *
 * - API answers: `Cache-Control: no-store` (they hold personal data: the profile, account details,
 *   every portal answer; no browser or shared cache may keep them) and
 *   `X-Content-Type-Options: nosniff` (a JSON answer is never read as a script or a page);
 * - every answer over HTTPS: `Strict-Transport-Security`, so the browser never tries plain HTTP
 *   again. Over plain HTTP it is left out: browsers ignore it there, and a proxy that ends TLS
 *   tells us through X-Forwarded-Proto only when it is trusted (TRUST_PROXY).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { cameOverHttps } from './cookies.ts';

/** How long a browser keeps to HTTPS after an answer with HSTS: one year, in seconds. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

export function apiAnswerHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  };
}

export function strictTransportSecurity(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (cameOverHttps(c)) c.header('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
  };
}
