/**
 * CSRF protection of state-changing API requests, in two layers (OWASP CSRF cheat sheet, defence
 * in depth), each a 403 before any handler runs:
 *
 * - Where it comes from: a request whose `Origin` is not the site's own (the origin the request
 *   came to, TRUST_PROXY-aware, or PUBLIC_URL's) is refused, `Origin: null` included; without an
 *   `Origin`, one whose `Sec-Fetch-Site` says another site sent it (`cross-site`, `same-site`) is
 *   refused. Browsers send one or the other on every such request; a client that sends neither
 *   (curl, a script) is no browser a page can drive, and goes on to the token check.
 * - Double submit: every visitor holds a random CSRF cookie that scripts can read (set on the
 *   first API answer or page that lacks it); every state-changing request must echo it in the
 *   CSRF header. A page of another origin can neither read the cookie nor set the header, and
 *   SameSite=Strict keeps the other cookies off its requests anyway.
 *
 * The card provider never calls this API from the browser: its form posts the card token to our
 * page (postMessage), and our page sends it on from our own origin (docs/api.md "Payments").
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '#shared/constants';
import { ERROR_TITLES } from '#shared/messages';
import type { AppEnv } from '../context.ts';
import { readCookie, writeCookie } from './cookies.ts';
import { forbidden } from './errors.ts';
import { requestOwnOrigin } from './forwarded.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `Sec-Fetch-Site` values of a request another site's page made. */
const OTHER_SITE = new Set(['cross-site', 'same-site']);

const NOT_VERIFIED = 'This request could not be verified. Reload the page and try again.';
const OTHER_ORIGIN = 'This request came from another site, so it was refused.';

/** An origin as browsers write it (scheme, host, port unless the default), or null if none. */
function normalOrigin(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether the request comes from a page of another site: its `Origin` is not one of ours, or,
 * without one, its `Sec-Fetch-Site` names another site.
 */
function fromAnotherSite(c: Context<AppEnv>): boolean {
  const origin = c.req.header('origin');
  if (origin === undefined) {
    return OTHER_SITE.has(c.req.header('sec-fetch-site')?.trim().toLowerCase() ?? '');
  }
  const sent = normalOrigin(origin.trim());
  if (sent === null) return true;
  const { publicUrl } = c.var.deps.config;
  return sent !== requestOwnOrigin(c) && (!publicUrl || sent !== new URL(publicUrl).origin);
}

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
      if (fromAnotherSite(c)) throw forbidden(OTHER_ORIGIN, ERROR_TITLES.csrfFailed);
      const header = c.req.header(CSRF_HEADER_NAME);
      if (!cookie || !header || !sameToken(cookie, header)) {
        ensureCsrfCookie(c);
        throw forbidden(NOT_VERIFIED, ERROR_TITLES.csrfFailed);
      }
    }
    if (!cookie) ensureCsrfCookie(c);
    await next();
  };
}
