/**
 * Walks the whole API route table (src/server/session/endpoints.ts) with users of each kind and checks
 * that every endpoint answers as its declared access rule says: anonymous visitors get 401 where a
 * login is needed, users lacking every listed permission get 403, non-admins get 403 on site-admin
 * endpoints, and a non-fresh token gets 401 `Fresh Access Token Required` on sensitive actions.
 * Every route the app registers must have a rule, and every rule a route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/shared/constants.ts';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import { hasAnyPermission, hasPermission, type Perms } from '../../src/shared/permissions.ts';
import type { SessionUser } from '../../src/shared/session/types.ts';
import { ENDPOINT_ACCESS } from '../../src/server/session/endpoints.ts';
import type { AccessRule } from '../../src/server/session/rules.ts';
import type { CookieClient } from '../support/http-client.ts';
import { DEMO_USERS } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;

type Kind = 'anonymous' | (typeof DEMO_USERS)[number];
const KINDS: readonly Kind[] = ['anonymous', ...DEMO_USERS];

interface Visitor {
  kind: Kind;
  user: SessionUser | null;
  /** Cookies of a logged-in browser with a fresh access token. */
  cookies: Map<string, string>;
}

const visitors = new Map<Kind, Visitor>();
const endpoints = Object.entries(ENDPOINT_ACCESS) as [string, AccessRule][];

/** Endpoints that change the session itself: each call gets a login of its own. */
const SESSION_CHANGING = new Set(['POST /auth/refresh_token', 'DELETE /auth/tokens']);

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of KINDS) {
    const client = t.client();
    let user: SessionUser | null = null;
    if (kind !== 'anonymous') user = await logIn(client, kind);
    visitors.set(kind, { kind, user, cookies: new Map(client.cookies) });
  }
});
afterAll(() => t.close());

async function logIn(client: CookieClient, username: string): Promise<SessionUser> {
  const response = await client.post('/auth/tokens', {
    username,
    password: t.config.demoPassword,
    store_in_cookies: true,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SessionUser;
}

async function browserOf(visitor: Visitor, endpoint: string): Promise<CookieClient> {
  const client = t.client();
  if (visitor.user && SESSION_CHANGING.has(endpoint)) await logIn(client, visitor.kind);
  else for (const [name, value] of visitor.cookies) client.cookies.set(name, value);
  return client;
}

/** A concrete request for `METHOD /path/:param`: sample parameters and an empty JSON body. */
function call(client: CookieClient, endpoint: string) {
  const [method, pattern] = endpoint.split(' ');
  const path = pattern.replace(/:(\w+)(\{[^}]*\})?/g, 'sample');
  return client.request(method, path, method === 'GET' ? undefined : {});
}

type Outcome = 'allowed' | 'login' | 'denied' | 'fresh';

function expected(rule: AccessRule, user: SessionUser | null, fresh: boolean): Outcome {
  if (rule.kind === 'public' || rule.kind === 'demo') return 'allowed';
  if (!user) return 'login';
  if (rule.kind === 'siteAdmin' && !user.site_admin) return 'denied';
  if (rule.kind === 'actingAdmin' && !user.proxy) return 'denied';
  if (rule.kind === 'permission' && !hasAnyPermission(user.perms, rule.anyOf)) return 'denied';
  if (rule.fresh && !fresh) return 'fresh';
  return 'allowed';
}

const ACCESS_TITLES: readonly string[] = [
  SESSION_MESSAGES.notLoggedInTitle,
  SESSION_MESSAGES.accessTokenExpiredTitle,
  ERROR_TITLES.freshTokenRequired,
];

async function outcomeOf(response: Response): Promise<Outcome | `other ${number}`> {
  const body = (await response.json().catch(() => ({}))) as { title?: string };
  if (response.status === 401 && body.title === SESSION_MESSAGES.notLoggedInTitle) return 'login';
  if (response.status === 401 && body.title === ERROR_TITLES.freshTokenRequired) return 'fresh';
  if (response.status === 403 && body.title === ERROR_TITLES.accessDenied) return 'denied';
  if (response.status === 401 && ACCESS_TITLES.includes(body.title ?? '')) {
    return `other ${response.status}`;
  }
  // Anything else (200, 404 for a sample id, 422 for an empty body…) got past the access check.
  return response.status === 500 ? 'other 500' : 'allowed';
}

describe('the route table', () => {
  it('has a rule for every API route and a route for every rule', () => {
    const registered = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${API_BASE_PATH}/`))
        .map((r) => `${r.method} ${r.path.slice(API_BASE_PATH.length)}`),
    );
    expect([...registered].filter((e) => !(e in ENDPOINT_ACCESS))).toEqual([]);
    expect(Object.keys(ENDPOINT_ACCESS).filter((e) => !registered.has(e))).toEqual([]);
  });

  it('has the users it needs: admin, everything, view-only, no payments', () => {
    const perms = (kind: Kind) => visitors.get(kind)!.user!.perms as Perms;
    expect(visitors.get('admin')!.user!.site_admin).toBe(true);
    expect(hasPermission(perms('demo'), 'payments.manage')).toBe(true);
    expect(hasPermission(perms('viewer'), 'services.view')).toBe(true);
    expect(hasPermission(perms('viewer'), 'account.manage')).toBe(false);
    expect(hasPermission(perms('nobilling'), 'payments.view')).toBe(false);
    expect(hasPermission(perms('nobilling'), 'account.manage')).toBe(true);
  });
});

describe.each(KINDS)('as %s', (kind) => {
  it.each(endpoints)('%s answers as its rule says', async (endpoint, rule) => {
    const visitor = visitors.get(kind)!;
    const response = await call(await browserOf(visitor, endpoint), endpoint);
    expect(await outcomeOf(response)).toBe(expected(rule, visitor.user, true));
  });
});

describe('with a token that is no longer fresh', () => {
  const sensitive = endpoints.filter(([, rule]) => 'fresh' in rule && rule.fresh);

  it('there are sensitive endpoints', () => {
    expect(sensitive.map(([endpoint]) => endpoint)).toContain('POST /token/password_reset');
  });

  it.each(sensitive)('%s asks for the password again', async (endpoint, rule) => {
    for (const kind of DEMO_USERS) {
      const client = t.client();
      const user = await logIn(client, kind);
      expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
      const response = await call(client, endpoint);
      expect(await outcomeOf(response), `${kind}: ${endpoint}`).toBe(expected(rule, user, false));
    }
  });
});
