import type { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ensureCsrfCookie } from '../http/csrf.ts';

/** Hands the visitor a CSRF cookie before its first state-changing request. */
export function registerCsrfRoutes(api: Hono<AppEnv>) {
  api.get('/csrf', (c) => {
    ensureCsrfCookie(c);
    return c.body(null, 204);
  });
}
