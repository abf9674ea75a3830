/**
 * POST /client_errors: the web app reports unexpected errors here so that they reach the server's
 * log. The endpoint is public, so what one client address can put in the log is bounded: its
 * reports are counted first (LIMITS.clientErrorsPerAddress, then 429), a body over
 * {@link CLIENT_ERROR_BODY_LIMIT_BYTES} is a 413, and of the reports accepted only a sample reaches
 * the log: the first LIMITS.clientErrorLogPerAddress.max of each window per address.
 */
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CLIENT_ERROR_BODY_LIMIT_BYTES } from '#shared/constants';
import { ClientErrorReportSchema } from '#shared/schemas/client-error';
import { clientAddress } from '../session/client-address.ts';
import { consume, LIMITS } from '../session/rate-limit.ts';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';

export function registerClientErrorRoutes(api: Hono<AppEnv>) {
  api.post(
    '/client_errors',
    async (c, next) => {
      await consume(c.var.deps.database.db, [[LIMITS.clientErrorsPerAddress, clientAddress(c)]]);
      await next();
    },
    bodyLimit({
      maxSize: CLIENT_ERROR_BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError(
          413,
          'Payload too large',
          `An error report is at most ${CLIENT_ERROR_BODY_LIMIT_BYTES / 1024} KiB.`,
        );
      },
    }),
    async (c) => {
      const report = await readJson(c, ClientErrorReportSchema);
      if (await inLogSample(c.var.deps.database.db, clientAddress(c))) {
        c.var.log.warn({ client_error: report }, 'client error');
      }
      return c.body(null, 204);
    },
  );
}

/** Whether this report is one of the address's first few of the window, the ones logged. */
async function inLogSample(db: Parameters<typeof consume>[0], address: string): Promise<boolean> {
  try {
    await consume(db, [[LIMITS.clientErrorLogPerAddress, address]]);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return false;
    throw error;
  }
}
