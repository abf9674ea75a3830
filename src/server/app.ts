/**
 * The HTTP application: API under the API base path, the built web app under the web base path,
 * and JSON errors everywhere.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_BASE_PATH, API_BODY_LIMIT_BYTES, WEB_BASE_PATH } from '#shared/constants';
import type { ApiErrorBody } from '#shared/api-error';
import type { AppDeps, AppEnv } from './context.ts';
import { csrfProtection } from './http/csrf.ts';
import { ApiError } from './http/errors.ts';
import { apiAnswerHeaders, strictTransportSecurity } from './http/security-headers.ts';
import { API_MODULES } from './routes/index.ts';
import { installMetrics } from './routes/metrics.ts';
import { registerSpa } from './spa.ts';

export interface CreateAppOptions {
  /** Serve the built web app too (the API tests leave it out). */
  serveWeb?: boolean;
  frameOrigins?: readonly string[];
}

function errorResponse(body: ApiErrorBody, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('deps', deps);
    c.set('log', deps.logger.child({ req_id: c.var.requestId }));
    await next();
    c.var.log.info(
      {
        method: c.req.method,
        route: c.req.routePath,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  // After the answer is made (errors included): HSTS over HTTPS, no-store and nosniff on the API.
  app.use(strictTransportSecurity());
  installMetrics(app, deps);
  app.use(`${API_BASE_PATH}/*`, apiAnswerHeaders());
  // API answers are compressed per response; the web app's files are compressed at build time
  // (src/server/spa.ts sends the precompressed variants) and must not be compressed again.
  app.use(`${API_BASE_PATH}/*`, compress());
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        errorResponse(
          {
            status: 405,
            title: 'Method not allowed',
            msg: `${c.req.method} is not allowed here. Allowed: ${methods.join(', ')}.`,
          },
          { Allow: methods.join(', ') },
        ),
    }),
  );

  app.get('/', (c) => c.redirect(`${WEB_BASE_PATH}/`, 302));

  const api = new Hono<AppEnv>();
  api.use(
    bodyLimit({
      maxSize: API_BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError(
          413,
          'Payload too large',
          `The request body is larger than ${API_BODY_LIMIT_BYTES / 1024} KiB.`,
        );
      },
    }),
  );
  api.use(csrfProtection());
  for (const register of API_MODULES) register(api, deps);
  app.route(API_BASE_PATH, api);

  if (options.serveWeb) registerSpa(app, deps.config, options.frameOrigins);

  app.notFound((c) =>
    errorResponse({
      status: 404,
      title: 'Not found',
      msg: `There is nothing at ${c.req.method} ${c.req.path}.`,
    }),
  );

  // c.json keeps the headers a handler already set (a fresh CSRF cookie, for example).
  const jsonError = (
    c: Context<AppEnv>,
    body: ApiErrorBody,
    headers: Record<string, string> = {},
  ) => c.json(body, body.status as ContentfulStatusCode, headers);

  app.onError((error, c) => {
    if (error instanceof ApiError) return jsonError(c, error.toBody(), error.headers);
    if (error instanceof HTTPException) {
      const status = error.status;
      return jsonError(c, {
        status,
        title: status === 413 ? 'Payload too large' : 'Request failed',
        msg: error.message || 'The request could not be processed.',
      });
    }
    const id = c.var.requestId;
    (c.var.log ?? deps.logger).error({ err: error, req_id: id }, 'unexpected error');
    return jsonError(c, {
      status: 500,
      title: 'Internal server error',
      msg: `Something went wrong on our side. Please try again; if it keeps happening, quote reference ${id}.`,
      request_id: id,
    });
  });

  return app;
}
