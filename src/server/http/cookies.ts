/**
 * The product's cookies. Over HTTPS (or with COOKIE_SECURE=always) they are Secure and carry the
 * `__Host-` prefix, which pins them to this host and path `/`; they are always SameSite=Strict.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context.ts';
import { trustedForwarded } from './forwarded.ts';

/**
 * Whether the browser reached us over HTTPS: the request's own scheme, or behind a trusted proxy
 * (TRUST_PROXY) the X-Forwarded-Proto entry that proxy added (the last one). Without TRUST_PROXY
 * the header is ignored: anyone can send it.
 */
export function cameOverHttps(c: Context<AppEnv>): boolean {
  const forwarded = trustedForwarded(c, 'x-forwarded-proto');
  if (forwarded !== undefined) return forwarded.toLowerCase() === 'https';
  return new URL(c.req.url).protocol === 'https:';
}

export function isSecureRequest(c: Context<AppEnv>): boolean {
  const mode = c.var.deps.config.cookieSecure;
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  return cameOverHttps(c);
}

/** The name a cookie has on this request: `__Host-<base>` when secure, else `<base>`. */
export function cookieName(c: Context<AppEnv>, base: string): string {
  return isSecureRequest(c) ? `__Host-${base}` : base;
}

export function readCookie(c: Context<AppEnv>, base: string): string | undefined {
  return getCookie(c, cookieName(c, base)) || undefined;
}

export interface AppCookieOptions {
  httpOnly: boolean;
  /** Seconds; a session cookie when absent. */
  maxAge?: number;
}

export function writeCookie(
  c: Context<AppEnv>,
  base: string,
  value: string,
  options: AppCookieOptions,
) {
  setCookie(c, cookieName(c, base), value, {
    path: '/',
    secure: isSecureRequest(c),
    httpOnly: options.httpOnly,
    sameSite: 'Strict',
    maxAge: options.maxAge,
  });
}

export function clearCookie(c: Context<AppEnv>, base: string) {
  // cookieName already carries the `__Host-` prefix: hono's `prefix` option would add a second one.
  deleteCookie(c, cookieName(c, base), {
    path: '/',
    secure: isSecureRequest(c),
    sameSite: 'Strict',
    httpOnly: true,
  });
}
