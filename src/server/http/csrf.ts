/**
 * Double-submit CSRF protection. Every visitor holds a random CSRF cookie that scripts can read
 * (set on the first API answer or page that lacks it); every state-changing API request must echo
 * it in the CSRF header, else 403. A page of another origin can neither read the cookie nor set
 * the header, and SameSite=Strict keeps the other cookies off its requests anyway.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '#shared/constants';
import { ERROR_TITLES } from '#shared/messages';
import type { AppEnv } from '../context.ts';
import { readCookie, writeCookie } from './cookies.ts';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Makes sure the visitor holds a CSRF cookie; returns its value. The middleware and a route (GET
 * /csrf, a page) may both ask on one request: the cookie is set once, the first time.
 */
export function ensureCsrfCookie(c: Context<AppEnv>): string {
  const existing = c.var.csrfToken ?? readCookie(c, CSRF_COOKIE_NAME);
  if (existing) return existing;
  const token = newCsrfToken();
  writeCookie(c, CSRF_COOKIE_NAME, token, { httpOnly: false });
  c.set('csrfToken', token);
  return token;
}

export function csrfProtection(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookie = readCookie(c, CSRF_COOKIE_NAME);
    // Only a request that reaches a handler is checked: others end in a clearer 404 or 405.
    const reachesHandler = c.req.matchedRoutes.some((route) => route.method !== 'ALL');
    if (reachesHandler && !SAFE_METHODS.has(c.req.method)) {
      const header = c.req.header(CSRF_HEADER_NAME);
      if (!cookie || !header || !sameToken(cookie, header)) {
        ensureCsrfCookie(c);
        throw forbidden(
          'This request could not be verified. Reload the page and try again.',
          ERROR_TITLES.csrfFailed,
        );
      }
    }
    if (!cookie) ensureCsrfCookie(c);
    await next();
  };
}
