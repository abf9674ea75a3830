/**
 * Walks every endpoint of the route table (src/server/session/endpoints.ts) with five kinds of user
 * (issue 13): anonymous, a viewer, the full customer, another customer's user, and a site admin
 * acting as the customer. Paths carry real ids of the customer's records (a contact, a bill, a
 * payment, a payment account, a notice meant only for them). Each answer is compared with the
 * endpoint's rule; on top, another customer's user never gets a 2xx for the customer's ids.
 * The counts are printed: `npx vitest run --project api tests/api/people-access-walk.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import { hasAnyPermission } from '../../src/shared/permissions.ts';
import type { SessionUser } from '../../src/shared/session/types.ts';
import { ALL_PERMISSIONS } from '../../src/server/session/accounts.ts';
import { ENDPOINT_ACCESS } from '../../src/server/session/endpoints.ts';
import type { AccessRule } from '../../src/server/session/rules.ts';
import {
  bills,
  contacts,
  notices,
  paymentAccounts,
  payments,
  users,
} from '../../src/server/db/schema.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const KINDS = ['anonymous', 'viewer', 'other customer', 'acting admin', 'full customer'] as const;
type Kind = (typeof KINDS)[number];
type Outcome = 'allowed' | 'login' | 'denied' | 'fresh';

let t: TestApp;
const sessions = new Map<Kind, { user: SessionUser | null; login: () => Promise<CookieClient> }>();
const ids: Record<string, number> = {};
const tally = { calls: 0, violations: 0, foreignIdCalls: 0 };
const byKind = new Map<Kind, Record<Outcome, number>>();

const endpoints = Object.entries(ENDPOINT_ACCESS) as [string, AccessRule][];

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
  const [contact] = await db
    .insert(contacts)
    .values({
      cid: demo.cid,
      firstName: 'Walk',
      lastName: 'Contact',
      email: 'w@x.example',
      phone: '(801) 555-0100',
    })
    .returning();
  const [bill] = await db
    .select()
    .from(bills)
    .where(eq(bills.cid, demo.cid))
    .orderBy(asc(bills.billId))
    .limit(1);
  const [payment] = await db.select().from(payments).where(eq(payments.cid, demo.cid)).limit(1);
  const [account] = await db
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.cid, demo.cid), isNull(paymentAccounts.removedAt)))
    .limit(1);
  const [notice] = await db
    .insert(notices)
    .values({
      title: 'Only for demo',
      content: 'x',
      contentHtml: '<p>x</p>',
      cid: demo.cid,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 86_400_000),
      createdBy: 'admin',
    })
    .returning();
  Object.assign(ids, {
    cid: demo.cid,
    contact: contact.contactId,
    bill: bill.billId,
    payment: payment.paymentId,
    account: account.paymentAccountId,
    notice: notice.id,
  });

  const other = await createUser(t, { permissions: ALL_PERMISSIONS });
  const logins: Record<Kind, (() => Promise<CookieClient>) | null> = {
    anonymous: null,
    viewer: () => login(t, 'viewer'),
    'full customer': () => login(t, 'demo'),
    'other customer': () => login(t, other.username, other.password),
    'acting admin': async () => {
      const admin = await login(t, 'admin');
      expect((await admin.post('/admin/proxy', { cid: demo.cid })).status).toBe(200);
      return admin;
    },
  };
  for (const kind of KINDS) {
    const make = logins[kind];
    if (!make) {
      sessions.set(kind, { user: null, login: async () => t.client() });
      continue;
    }
    const client = await make();
    const user = (await (await client.get('/user/profile')).json()) as SessionUser;
    const cookies = new Map(client.cookies);
    sessions.set(kind, {
      user,
      // Each call from a copy of one browser's cookies; the session-changing ones log in anew.
      login: async () => {
        const copy = t.client();
        for (const [k, v] of cookies) copy.cookies.set(k, v);
        return copy;
      },
    });
  }
});
afterAll(async () => {
  console.log(
    `endpoint walk: ${endpoints.length} endpoints, ${KINDS.length} kinds: ${tally.calls} calls, ` +
      `${tally.foreignIdCalls} with another customer's ids, ${tally.violations} violations`,
  );
  for (const [kind, counts] of byKind)
    console.log(`  ${kind.padEnd(15)} ${JSON.stringify(counts)}`);
  await t.close();
});

/** The customer's own record for each path parameter. */
function concretePath(endpoint: string): { path: string; foreign: boolean } {
  const [, pattern] = endpoint.split(' ');
  let foreign = false;
  const path = pattern.replace(/:(\w+)(\{[^}]*\})?/g, (_all, name: string) => {
    const id =
      name === 'contact_id'
        ? ids.contact
        : pattern.startsWith('/billing/bills')
          ? ids.bill
          : pattern.startsWith('/billing/payments/')
            ? ids.payment
            : pattern.startsWith('/billing/payment_accounts')
              ? ids.account
              : pattern.startsWith('/notices')
                ? ids.notice
                : undefined;
    if (id === undefined) return 'sample';
    foreign = true;
    return String(id);
  });
  if (pattern === '/user/authorized_contact' || pattern === '/user/authorized_users') {
    return { path: `${path}?contact_id=${ids.contact}`, foreign: true };
  }
  return { path, foreign };
}

const SESSION_CHANGING: ReadonlySet<string> = new Set([
  'POST /auth/refresh_token',
  'DELETE /auth/tokens',
  'POST /admin/proxy',
]);

/** A proxied session's token is never fresh (src/server/session/proxy.ts): sensitive actions ask again. */
function expected(rule: AccessRule, user: SessionUser | null): Outcome {
  if (rule.kind === 'public' || rule.kind === 'demo') return 'allowed';
  if (!user) return 'login';
  if (rule.kind === 'siteAdmin' && !user.site_admin) return 'denied';
  if (rule.kind === 'actingAdmin' && !user.proxy) return 'denied';
  if (rule.kind === 'permission' && !hasAnyPermission(user.perms, rule.anyOf)) return 'denied';
  if (rule.fresh && user.proxy) return 'fresh';
  return 'allowed';
}

async function outcomeOf(response: Response): Promise<Outcome | `other ${number}`> {
  const body = (await response.json().catch(() => ({}))) as { title?: string };
  if (response.status === 401 && body.title === SESSION_MESSAGES.notLoggedInTitle) return 'login';
  if (response.status === 401 && body.title === ERROR_TITLES.freshTokenRequired) return 'fresh';
  if (response.status === 403 && body.title === ERROR_TITLES.accessDenied) return 'denied';
  const accessTitles: readonly string[] = [
    SESSION_MESSAGES.notLoggedInTitle,
    SESSION_MESSAGES.accessTokenExpiredTitle,
    ERROR_TITLES.freshTokenRequired,
  ];
  if (
    response.status >= 500 ||
    (response.status === 401 && accessTitles.includes(body.title ?? ''))
  ) {
    return `other ${response.status}`;
  }
  return 'allowed';
}

describe.each(KINDS)('as %s', (kind) => {
  // Logging out, refreshing and starting a proxy would change the one session each kind walks
  // with: tests/api/permissions.test.ts and auth-proxy.test.ts cover them with sessions of their own.
  const walked = endpoints.filter(([e]) => kind === 'anonymous' || !SESSION_CHANGING.has(e));
  it.each(walked)('%s answers as its rule says', async (endpoint, rule) => {
    const session = sessions.get(kind)!;
    const client = await session.login();
    const { path, foreign } = concretePath(endpoint);
    const method = endpoint.split(' ')[0];
    const response = await client.request(method, path, method === 'GET' ? undefined : {});
    const status = response.status;
    const outcome = await outcomeOf(response);
    const want = expected(rule, session.user);
    tally.calls += 1;
    const counts = byKind.get(kind) ?? { allowed: 0, login: 0, denied: 0, fresh: 0 };
    if (outcome in counts) counts[outcome as Outcome] += 1;
    byKind.set(kind, counts);
    let ok = outcome === want;
    if (kind === 'other customer' && foreign) {
      tally.foreignIdCalls += 1;
      // The customer's ids are nothing of theirs: never a success.
      if (status >= 200 && status < 300) ok = false;
    }
    if (!ok) tally.violations += 1;
    expect({
      outcome,
      status: kind === 'other customer' && foreign ? status >= 300 : true,
    }).toEqual({
      outcome: want,
      status: true,
    });
  });
});
