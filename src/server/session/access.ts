/**
 * Access control for every API endpoint, in one place. Each endpoint has a rule in
 * {@link ENDPOINT_ACCESS} (endpoints.ts); one middleware, installed before every route, finds the
 * rule of the route a request reaches and enforces it before the handler runs:
 *
 * - `public`: anyone;
 * - `login`: a valid access token (401 `Not logged in` / `Access token expired`);
 * - `permission`: logged in and any one of the permissions holds (portal.md §6; 403 otherwise);
 * - `siteAdmin`: logged in as a site admin (403 otherwise);
 * - `actingAdmin`: a site admin acting as a customer (a proxied session; 403 otherwise);
 * - `demo`: anyone while the server serves demo data (never in production: config.ts
 *   `decideDemo`); 404 otherwise;
 * - `fresh: true` on top: the access token must be fresh (401 `Fresh Access Token Required`).
 *
 * A costly endpoint (ENDPOINT_LIMITS) is then counted against the caller's and its customer's rate
 * limits (429 with Retry-After over either), still before its handler runs.
 *
 * While a site admin acts as a customer, every request is written to the audit log with the
 * admin's username. A route without a rule is refused with a 500: nothing is open by mistake.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { API_BASE_PATH } from '#shared/constants';
import { ERROR_MESSAGES, ERROR_TITLES } from '#shared/messages';
import { SESSION_MESSAGES } from '#shared/session/messages';
import { hasAnyPermission } from '#shared/permissions';
import { servesDemo } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { ApiError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { findUser } from './accounts.ts';
import { audit } from './audit.ts';
import { ENDPOINT_ACCESS, ENDPOINT_LIMITS } from './endpoints.ts';
import { consume, giveBack, type CostlyLimit } from './rate-limit.ts';
import type { AccessRule, EndpointKey } from './rules.ts';
import { proxyAdminOfRequest, requireSession, type Session } from './session.ts';

function handlerRoute(c: Context<AppEnv>): EndpointKey | undefined {
  const route = c.req.matchedRoutes.find((r) => r.method !== 'ALL');
  if (!route) return undefined;
  const path = route.path.startsWith(API_BASE_PATH)
    ? route.path.slice(API_BASE_PATH.length)
    : route.path;
  return `${route.method} ${path}` as EndpointKey;
}

export async function enforce(c: Context<AppEnv>, rule: AccessRule): Promise<void> {
  if (rule.kind === 'public') return;
  if (rule.kind === 'demo') {
    if (!servesDemo(c.var.deps.config))
      throw notFound(`There is nothing at ${c.req.method} ${c.req.path}.`);
    return;
  }
  const session = await requireSession(c);
  if (rule.kind === 'siteAdmin' && !session.user.siteAdmin) {
    throw forbidden(ERROR_MESSAGES.accessDenied, ERROR_TITLES.accessDenied);
  }
  if (rule.kind === 'actingAdmin' && !session.proxy) {
    throw forbidden(ERROR_MESSAGES.accessDenied, ERROR_TITLES.accessDenied);
  }
  if (rule.kind === 'permission' && !hasAnyPermission(session.perms, rule.anyOf)) {
    throw forbidden(ERROR_MESSAGES.accessDenied, ERROR_TITLES.accessDenied);
  }
  if (rule.fresh) requireFresh(session);
}

/**
 * 401 `Fresh Access Token Required` unless the access token is fresh: the rule's `fresh`, and the
 * answer of a handler whose change needs it only sometimes (a login's email: docs/people.md).
 */
export function requireFresh(session: Pick<Session, 'fresh'>): void {
  if (!session.fresh) {
    throw unauthorized(ERROR_TITLES.freshTokenRequired, SESSION_MESSAGES.freshTokenRequired);
  }
}

/**
 * Counts a costly call against the caller's and its customer's limits (ENDPOINT_LIMITS), in the
 * database and before the handler runs, on the app's clock: a call over either limit is refused
 * with 429 and Retry-After, however many arrive at once and on however many instances.
 */
async function countCostlyCall(c: Context<AppEnv>, limit: CostlyLimit): Promise<void> {
  const session = await requireSession(c);
  const { database, clock } = c.var.deps;
  const now = clock.now();
  // The user's counter first: a call its user may not make never touches the customer's counter,
  // so that one user's refused burst cannot crowd out another user's calls.
  const user = await consume(database.db, [[limit.perUser, String(session.user.uid)]], now);
  try {
    await consume(database.db, [[limit.perCustomer, String(session.user.cid)]], now);
  } catch (error) {
    await giveBack(database.db, user);
    throw error;
  }
}

export function accessControl(
  rules: Readonly<Record<string, AccessRule>> = ENDPOINT_ACCESS,
  limits: Readonly<Record<string, CostlyLimit | undefined>> = ENDPOINT_LIMITS,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const endpoint = handlerRoute(c);
    if (!endpoint) return next();
    const rule = rules[endpoint];
    if (!rule) throw new Error(`No access rule for ${endpoint}: add it to ENDPOINT_ACCESS`);
    // Who is proxying, from the token alone (a public endpoint must not fail on a bad cookie).
    const admin = await proxyAdminOfRequest(c).catch(() => undefined);
    let status = 500;
    try {
      await enforce(c, rule);
      const limit = limits[endpoint];
      if (limit) await countCostlyCall(c, limit);
      await next();
      status = c.res.status;
    } catch (error) {
      if (error instanceof ApiError) status = error.status;
      throw error;
    } finally {
      if (admin) await auditProxiedRequest(c, admin, status);
    }
  };
}

async function auditProxiedRequest(c: Context<AppEnv>, admin: string, status: number) {
  try {
    // The identity used: the session when the rule loaded it, else the token's user.
    const { token, session } = c.var.auth;
    const user =
      session?.user ??
      (token.state === 'valid'
        ? await findUser(c.var.deps.database.db, Number(token.claims.sub))
        : undefined);
    await audit(c, {
      event: 'request',
      actor: admin,
      username: user?.username ?? null,
      cid: user?.cid ?? null,
      status,
    });
  } catch (error) {
    c.var.log.error({ err: error, admin }, 'could not write the audit log for a proxied request');
  }
}

/** The first API module: enforces every endpoint's access rule before its handler runs. */
export function registerAccessControl(api: Hono<AppEnv>) {
  api.use('*', accessControl());
}
