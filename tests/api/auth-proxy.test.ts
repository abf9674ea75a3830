/**
 * A site admin finds a customer, acts as them (every request audited with the admin's name), and
 * returns to the admin session at logout.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import type {
  AdminCustomersResponse,
  ProxyLogoutResult,
  SessionUser,
  UserProfile,
} from '../../src/shared/session/types.ts';
import { auditLog } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { login } from '../support/session.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function search(q: string) {
  const admin = await login(t, 'admin');
  const response = await admin.get(`/admin/customers?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as AdminCustomersResponse).customers;
}

async function demoCid() {
  const [demo] = await search('demo@ridgeline');
  return demo.cid;
}

describe('GET /admin/customers', () => {
  it('finds customers by name, username, email, address or number', async () => {
    const [byName] = await search('Dana');
    expect(byName).toMatchObject({
      name: 'Dana R. Demo',
      username: 'demo',
      email: 'demo@ridgeline.example',
      service_address: { line1: '1200 Fiber Way', city: 'Orem' },
    });
    expect((await search('nobilling')).map((c) => c.username)).toEqual(['nobilling']);
    expect((await search('Canyon Road')).map((c) => c.username)).toEqual(['viewer']);
    expect((await search(String(byName.cid))).map((c) => c.cid)).toEqual([byName.cid]);
    expect(await search('zzz-no-such-customer')).toEqual([]);
  });

  it('lists customers but not the staff accounts', async () => {
    const all = await search('');
    expect(all.map((c) => c.username)).toEqual(
      expect.arrayContaining(['demo', 'viewer', 'nobilling']),
    );
    expect(all.some((c) => c.username === 'admin')).toBe(false);
  });

  it('treats search wildcards as text', async () => {
    expect(await search('%')).toEqual([]);
  });

  it('is for site admins only', async () => {
    const demo = await login(t, 'demo');
    const denied = await demo.get('/admin/customers?q=x');
    expect(denied.status).toBe(403);
    expect((await denied.json()) as { title: string }).toMatchObject({
      title: ERROR_TITLES.accessDenied,
    });
    expect((await t.client().get('/admin/customers')).status).toBe(401);
  });
});

describe('acting as a customer', () => {
  it('proxies, audits every request with the admin, and restores the admin at logout', async () => {
    const cid = await demoCid();
    const admin = await login(t, 'admin');
    const started = await admin.post('/admin/proxy', { cid });
    expect(started.status).toBe(200);
    expect((await started.json()) as SessionUser).toMatchObject({
      username: 'demo',
      cid,
      site_admin: false,
      proxy: { admin_username: 'admin' },
    });

    const profile = (await (await admin.get('/user/profile')).json()) as UserProfile;
    expect(profile).toMatchObject({ username: 'demo', proxy: { admin_username: 'admin' } });
    expect((await admin.get('/user/info')).status).toBe(200);
    // While acting as a customer the admin has the customer's rights, not the admin's.
    expect((await admin.get('/admin/customers')).status).toBe(403);
    // Refreshing keeps the proxy.
    const refreshed = await admin.post('/auth/refresh_token', {});
    expect(((await refreshed.json()) as SessionUser).proxy).toEqual({ admin_username: 'admin' });
    // Re-authentication takes the admin's own password.
    const reauth = await admin.post('/auth/access_token', {
      username: 'demo',
      password: t.config.demoPassword,
    });
    expect(reauth.status).toBe(200);

    const requests = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'request'), eq(auditLog.actor, 'admin')));
    const seen = requests.map((r) => `${r.method} ${r.path} ${r.status}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'GET /manage/api/v1.0/user/profile 200',
        'GET /manage/api/v1.0/user/info 200',
        'GET /manage/api/v1.0/admin/customers 403',
        'POST /manage/api/v1.0/auth/refresh_token 200',
      ]),
    );
    expect(requests.every((r) => r.username === 'demo' && r.cid === cid)).toBe(true);

    const proxyRefresh = admin.cookie('refresh_token')!;
    const logout = await admin.delete('/auth/tokens');
    expect(logout.status).toBe(200);
    expect((await logout.json()) as ProxyLogoutResult).toMatchObject({
      proxy_logout: true,
      username: 'admin',
      site_admin: true,
      proxy: null,
    });
    const back = (await (await admin.get('/user/profile')).json()) as UserProfile;
    expect(back).toMatchObject({ username: 'admin', proxy: null, site_admin: true });
    // The proxy session is over.
    const replay = t.client();
    replay.cookies.set('refresh_token', proxyRefresh);
    expect((await replay.post('/auth/refresh_token', {})).status).toBe(401);
    // A second logout ends the admin's own session.
    const final = await admin.delete('/auth/tokens');
    expect(((await final.json()) as { proxy_logout: boolean }).proxy_logout).toBe(false);
    expect((await admin.get('/user/profile')).status).toBe(401);

    const events = await t.database.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(eq(auditLog.actor, 'admin'));
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['proxy_start', 'proxy_end']),
    );
  });

  it("refuses an old admin refresh token replayed during the proxy (the admin's family ends)", async () => {
    const cid = await demoCid();
    const admin = await login(t, 'admin');
    const adminRefresh = admin.cookie('refresh_token')!;
    expect((await admin.post('/admin/proxy', { cid })).status).toBe(200);
    const thief = t.client();
    thief.cookies.set('refresh_token', adminRefresh);
    const replay = await thief.post('/auth/refresh_token', {});
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { title: string }).title).toBe(
      SESSION_MESSAGES.refreshFailedTitle,
    );
    // The admin's session cannot be restored any more: logout ends everything.
    const logout = await admin.delete('/auth/tokens');
    expect(((await logout.json()) as { proxy_logout: boolean }).proxy_logout).toBe(false);
    expect((await admin.get('/user/profile')).status).toBe(401);
  });

  it('answers 422 for a bad customer number and 404 for an unknown one', async () => {
    const admin = await login(t, 'admin');
    const bad = await admin.post('/admin/proxy', { cid: 'abc' });
    expect(bad.status).toBe(422);
    const unknown = await admin.post('/admin/proxy', { cid: 999_999_999 });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { msg: string }).msg).toBe(SESSION_MESSAGES.customerNotFound);
    // Still the admin, not proxying.
    expect(((await (await admin.get('/user/profile')).json()) as UserProfile).proxy).toBeNull();
  });

  it('is for site admins only', async () => {
    const demo = await login(t, 'demo');
    expect((await demo.post('/admin/proxy', { cid: await demoCid() })).status).toBe(403);
  });
});
