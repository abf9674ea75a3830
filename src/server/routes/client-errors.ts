import type { Hono } from 'hono';
import { ClientErrorReportSchema } from '#shared/schemas/client-error';
import type { AppEnv } from '../context.ts';
import { readJson } from '../http/validate.ts';

/** The web app reports unexpected errors here so that they reach the server's log. */
export function registerClientErrorRoutes(api: Hono<AppEnv>) {
  api.post('/client_errors', async (c) => {
    const report = await readJson(c, ClientErrorReportSchema);
    c.var.log.warn({ client_error: report }, 'client error');
    return c.body(null, 204);
  });
}
