/**
 * The stand-in card provider: a separate Hono app on its own port and origin, standing in for a
 * real card processor (signup.md §2 "payment-card modal", §4 "Payment").
 *
 * Browser side (no credentials; only from an allowed parent page):
 * - `GET /form?origin=<parent origin>&account_name=<name>&scheme=dark|light`: the card form, in the
 *   framing page's colour scheme, framable only by that exact origin, which must be in
 *   CARD_PROVIDER_PARENT_ORIGINS.
 * - `GET /form.js`, `GET /form.css`: its script and style.
 * - `POST /tokens` (from the form's own script): checks and keeps the card, answers its token.
 *
 * Server side (`Authorization: Bearer <CARD_PROVIDER_API_KEY>`), used through the CardProcessor
 * interface of src/server/billing/processors:
 * - `GET /api/v1/tokens/{token}`: the card behind a token (never its number).
 * - `POST /api/v1/charges`: charges a token once per idempotency key.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { CARD_EXPIRY_CENTURY } from '#shared/constants';
import { CARD_FORM_SCHEME_PARAM, CARD_TOKEN_MESSAGE_TYPE } from '#shared/schemas/card-token';
import { cardProviderOrigins, type Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { CARD_RULES } from './card-rules.ts';
import { FORM_CSS, formPageHtml, formScript, refusedPageHtml } from './form-page.ts';
import { createCardStore, type StoredCard } from './store.ts';

export interface CardProviderDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** What the form's script and the token API answer for a card: what our page may see. */
export function publicCard(card: StoredCard) {
  return {
    token: card.token,
    fname: card.fname,
    lname: card.lname,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    last_four: card.last_four,
    brand: card.brand,
  };
}

const TokenRequestSchema = v.object({
  number: v.pipe(v.string(), v.maxLength(40)),
  expiry: v.pipe(v.string(), v.maxLength(10)),
  cvc: v.pipe(v.string(), v.maxLength(10)),
  name: v.pipe(v.string(), v.maxLength(200)),
  parent_origin: v.pipe(v.string(), v.maxLength(300)),
});

const ChargeRequestSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  amount_cents: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000_000)),
  currency: v.literal('usd'),
  description: v.pipe(v.string(), v.maxLength(500)),
  idempotency_key: v.pipe(v.string(), v.minLength(8), v.maxLength(200)),
});

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

function pageCsp(frameAncestor: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestor}`,
  ].join('; ');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function jsonError(
  c: Context,
  status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422,
  title: string,
  msg: string,
  extra: object = {},
) {
  return c.json({ status, title, msg, ...extra }, status, SECURITY_HEADERS);
}

async function readBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<{ ok: true; value: v.InferOutput<S> } | { ok: false; response: Response }> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
    return {
      ok: false,
      response: jsonError(c, 415, 'Unsupported media type', 'Send JSON.'),
    };
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, response: jsonError(c, 400, 'Bad request', 'The body is not valid JSON.') };
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const field = v.getDotPath(parsed.issues[0]) ?? 'body';
    return {
      ok: false,
      response: jsonError(c, 422, 'Validation failed', `${field}: ${parsed.issues[0].message}`),
    };
  }
  return { ok: true, value: parsed.output };
}

export function createCardProviderApp(deps: CardProviderDeps) {
  const { config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const store = createCardStore(deps.db);
  const ownOrigins = cardProviderOrigins(config);
  const parentOrigins = config.cardProviderParentOrigins;
  const script = formScript();
  const app = new Hono();

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // Never the body: it may hold a card number.
    logger.info(
      {
        service: 'card-provider',
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  app.use(
    bodyLimit({
      maxSize: 16 * 1024,
      onError: (c) => jsonError(c, 413, 'Payload too large', 'The request body is too large.'),
    }),
  );

  app.get('/health', (c) => c.json({ status: 'ok', service: 'card-provider' }));

  app.get('/form', (c) => {
    const parentOrigin = c.req.query('origin') ?? '';
    if (!parentOrigins.includes(parentOrigin)) {
      return c.html(refusedPageHtml(), 400, {
        ...SECURITY_HEADERS,
        'Content-Security-Policy': pageCsp("'none'"),
      });
    }
    const accountName = (c.req.query('account_name') ?? '').slice(0, 100);
    // The framing page's colour scheme; anything else is the light one.
    const scheme = c.req.query(CARD_FORM_SCHEME_PARAM) === 'dark' ? 'dark' : 'light';
    return c.html(
      formPageHtml({
        parentOrigin,
        scheme,
        accountName,
        messageType: CARD_TOKEN_MESSAGE_TYPE,
        century: CARD_EXPIRY_CENTURY,
        productName: config.productName,
      }),
      200,
      { ...SECURITY_HEADERS, 'Content-Security-Policy': pageCsp(parentOrigin) },
    );
  });
  app.get('/form.js', (c) =>
    c.body(script, 200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    }),
  );
  app.get('/form.css', (c) =>
    c.body(FORM_CSS, 200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'no-cache',
    }),
  );

  app.post('/tokens', async (c) => {
    // Only the form's own script (same origin as the provider) may send card numbers here.
    const origin = c.req.header('origin') ?? '';
    if (!ownOrigins.includes(origin)) {
      return jsonError(c, 403, 'Forbidden', 'Cards can only be added from the card form.');
    }
    const body = await readBody(c, TokenRequestSchema);
    if (!body.ok) return body.response;
    if (!parentOrigins.includes(body.value.parent_origin)) {
      return jsonError(c, 403, 'Forbidden', 'This site may not add cards.');
    }
    const checked = CARD_RULES.checkCard(body.value, { now: now(), century: CARD_EXPIRY_CENTURY });
    if (!checked.ok) {
      return jsonError(c, 422, 'Validation failed', 'Please check the card details.', {
        errors: checked.errors,
      });
    }
    const card = await store.saveCard(checked.card, body.value.parent_origin);
    return c.json({ card: publicCard(card) }, 201, SECURITY_HEADERS);
  });

  const api = new Hono();
  api.use(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameSecret(given, config.cardProviderApiKey)) {
      return jsonError(c, 401, 'Unauthorized', 'A valid API key is required.');
    }
    await next();
  });
  api.get('/tokens/:token', async (c) => {
    const card = await store.findCard(c.req.param('token'));
    if (!card) return jsonError(c, 404, 'Not found', 'There is no card with that token.');
    return c.json(
      { card: { ...publicCard(card), parent_origin: card.parent_origin } },
      200,
      SECURITY_HEADERS,
    );
  });
  api.post('/charges', async (c) => {
    const body = await readBody(c, ChargeRequestSchema);
    if (!body.ok) return body.response;
    const outcome = await store.charge(body.value, now());
    if (outcome.kind === 'unknown_token') {
      return jsonError(c, 404, 'Not found', 'There is no card with that token.');
    }
    if (outcome.kind === 'key_reused') {
      return jsonError(
        c,
        409,
        'Idempotency key reused',
        'That idempotency key was used for a different charge.',
      );
    }
    return c.json({ charge: outcome.charge }, outcome.repeated ? 200 : 201, SECURITY_HEADERS);
  });
  app.route('/api/v1', api);

  app.notFound((c) =>
    jsonError(c, 404, 'Not found', `There is nothing at ${c.req.method} ${c.req.path}.`),
  );
  app.onError((error, c) => {
    logger.error({ err: error, service: 'card-provider' }, 'card provider error');
    return c.json(
      { status: 500, title: 'Internal server error', msg: 'The card provider failed.' },
      500,
      SECURITY_HEADERS,
    );
  });
  return app;
}

export type CardProviderApp = ReturnType<typeof createCardProviderApp>;
