/**
 * The session API: login, cookies, CSRF, refresh rotation and re-use, re-authentication, fresh
 * tokens, logout, rate limits, and the profile endpoints.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERROR_TITLES, FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import { PERMISSION_CATEGORIES, SESSION_HINT_COOKIE_NAME } from '../../src/shared/constants.ts';
import type { SessionUser, UserInfoResponse, UserProfile } from '../../src/shared/session/types.ts';
import { LIMITS } from '../../src/server/session/rate-limit.ts';
import { auditLog, refreshFamilies } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser, fromAddress, login } from '../support/session.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const credentials = (username: string, password: string) => ({
  username,
  password,
  store_in_cookies: true,
});

async function errorOf(response: Response) {
  return (await response.json()) as { status: number; title: string; msg: string } & Record<
    string,
    unknown
  >;
}

describe('POST /auth/tokens (login)', () => {
  it('logs in and sets HttpOnly, SameSite=Strict token cookies', async () => {
    const client = t.client();
    const response = await client.post('/auth/tokens', credentials('demo', t.config.demoPassword));
    expect(response.status).toBe(200);
    const body = (await response.json()) as SessionUser;
    expect(body).toMatchObject({
      username: 'demo',
      cid: expect.any(Number),
      site_admin: false,
      primary_admin: true,
      proxy: null,
    });
    for (const category of PERMISSION_CATEGORIES) {
      expect(body.perms[category]).toEqual({ has_view: true, has_manage: true });
    }
    const cookies = response.headers.getSetCookie();
    for (const name of ['access_token', 'refresh_token']) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\//);
    }
    expect((await client.get('/user/profile')).status).toBe(200);
  });

  it('uses the __Host- prefix and Secure over HTTPS', async () => {
    const https = await createTestApp({ env: { COOKIE_SECURE: 'always' } });
    try {
      const client = https.client();
      const response = await client.post(
        '/auth/tokens',
        credentials('demo', https.config.demoPassword),
      );
      expect(response.status).toBe(200);
      const cookies = response.headers.getSetCookie();
      const access = cookies.find((c) => c.startsWith('__Host-access_token='));
      expect(access).toMatch(/Secure/);
      expect(access).toMatch(/HttpOnly/);
      expect((await client.get('/user/profile')).status).toBe(200);
      const logout = await client.delete('/auth/tokens');
      expect(logout.headers.getSetCookie()).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^__Host-access_token=; Max-Age=0/),
          expect.stringMatching(/^__Host-refresh_token=; Max-Age=0/),
        ]),
      );
      expect(client.cookie('access_token')).toBeUndefined();
    } finally {
      await https.close();
    }
  });

  it('takes the username in any case (usernames are lowercase)', async () => {
    const response = await t
      .client()
      .post('/auth/tokens', credentials(' Demo ', t.config.demoPassword));
    expect(response.status).toBe(200);
    expect(((await response.json()) as SessionUser).username).toBe('demo');
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await t
      .client()
      .post('/auth/tokens', credentials('viewer', 'not the password'), fromAddress('10.1.0.1'));
    const unknown = await t
      .client()
      .post(
        '/auth/tokens',
        credentials('nobody-here', 'not the password'),
        fromAddress('10.1.0.1'),
      );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await errorOf(wrong);
    const b = await errorOf(unknown);
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      title: SESSION_MESSAGES.loginFailedTitle,
      msg: SESSION_MESSAGES.loginFailed,
    });
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('access_token='))).toBe(false);
  });

  it('refuses without the CSRF header, or with a wrong one (403)', async () => {
    const client = t.client();
    const missing = await client.post('/auth/tokens', credentials('demo', t.config.demoPassword), {
      csrf: false,
    });
    expect(missing.status).toBe(403);
    expect((await errorOf(missing)).title).toBe(ERROR_TITLES.csrfFailed);
    const wrong = await client.post('/auth/tokens', credentials('demo', t.config.demoPassword), {
      csrf: 'not-the-cookie',
    });
    expect(wrong.status).toBe(403);
    expect(client.cookie('access_token')).toBeUndefined();
  });

  it('answers bad input with 422 field errors', async () => {
    const response = await t.client().post('/auth/tokens', { username: '', password: 5 });
    expect(response.status).toBe(422);
    const body = await errorOf(response);
    expect(body.errors).toMatchObject({
      username: expect.any(String),
      password: expect.any(String),
    });
  });

  it('names each field left out by its own message', async () => {
    const response = await t.client().post('/auth/tokens', {});
    expect(response.status).toBe(422);
    expect((await errorOf(response)).errors).toEqual({
      username: FIELD_MESSAGES.required,
      password: FIELD_MESSAGES.required,
    });
  });

  it('limits failed logins per username, across addresses, with 429 and Retry-After', async () => {
    const { username, password } = await createUser(t);
    for (let i = 0; i < LIMITS.loginPerUsername.max; i += 1) {
      const response = await t
        .client()
        .post('/auth/tokens', credentials(username, 'wrong password!'), fromAddress(`10.4.0.${i}`));
      expect(response.status).toBe(401);
    }
    const limited = await t
      .client()
      .post('/auth/tokens', credentials(username, password), fromAddress('10.4.1.1'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toMatchObject({
      title: SESSION_MESSAGES.tooManyRequestsTitle,
      msg: SESSION_MESSAGES.tooManyLogins,
    });
  });

  it('limits failed logins per client address, whatever the usernames', async () => {
    const address = fromAddress('10.5.0.1');
    for (let i = 0; i < LIMITS.loginPerAddress.max; i += 1) {
      const response = await t
        .client()
        .post('/auth/tokens', credentials(`someone-${i}`, 'wrong password!'), address);
      expect(response.status).toBe(401);
    }
    const limited = await t
      .client()
      .post('/auth/tokens', credentials('demo', t.config.demoPassword), address);
    expect(limited.status).toBe(429);
    // Another address is not affected.
    expect(
      (
        await t
          .client()
          .post('/auth/tokens', credentials('demo', t.config.demoPassword), fromAddress('10.5.0.2'))
      ).status,
    ).toBe(200);
  });

  it('records logins and failures in the audit log', async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.event, 'login'));
    expect(rows.some((r) => r.username === 'demo')).toBe(true);
  });
});

describe('logged-in endpoints without a session', () => {
  it.each(['/user/profile', '/user/info', '/perms/schema'])(
    '%s answers 401 Not logged in',
    async (path) => {
      const response = await t.client().get(path);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).title).toBe(SESSION_MESSAGES.notLoggedInTitle);
    },
  );

  it('treats a forged access token as not logged in', async () => {
    const client = t.client();
    client.cookies.set(
      'access_token',
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwiZmFtIjoieCIsImZyZXNoIjp0cnVlfQ.AAAA',
    );
    const response = await client.get('/user/profile');
    expect(response.status).toBe(401);
    expect((await errorOf(response)).title).toBe(SESSION_MESSAGES.notLoggedInTitle);
  });
});

describe('POST /auth/refresh_token', () => {
  it('rotates the refresh token and issues a non-fresh access token', async () => {
    const client = await login(t, 'demo');
    const firstRefresh = client.cookie('refresh_token');
    const response = await client.post('/auth/refresh_token', { store_in_cookies: true });
    expect(response.status).toBe(200);
    expect(((await response.json()) as SessionUser).username).toBe('demo');
    expect(client.cookie('refresh_token')).not.toBe(firstRefresh);
    // Non-fresh now: a sensitive action asks for the password again.
    const sensitive = await client.post('/token/password_reset', {
      old_password: t.config.demoPassword,
      new_password: 'Another-Long-Passphrase-77',
    });
    expect(sensitive.status).toBe(401);
    expect((await errorOf(sensitive)).title).toBe(ERROR_TITLES.freshTokenRequired);
  });

  it('revokes the whole family when an old refresh token is used again', async () => {
    const client = await login(t, 'viewer');
    const stolen = client.cookie('refresh_token')!;
    expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
    const attacker = t.client();
    attacker.cookies.set('refresh_token', stolen);
    const replay = await attacker.post('/auth/refresh_token', {});
    expect(replay.status).toBe(401);
    expect((await errorOf(replay)).title).toBe(SESSION_MESSAGES.refreshFailedTitle);
    // The legitimate browser is logged out too: its access token and refresh token are dead.
    expect((await client.get('/user/profile')).status).toBe(401);
    const again = await client.post('/auth/refresh_token', {});
    expect(again.status).toBe(401);
    const reuse = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'refresh_reuse'));
    expect(reuse.some((r) => r.username === 'viewer')).toBe(true);
  });

  it('answers 401 Refresh failed without a refresh cookie or with a made-up one', async () => {
    const none = await t.client().post('/auth/refresh_token', {});
    expect(none.status).toBe(401);
    expect((await errorOf(none)).title).toBe(SESSION_MESSAGES.refreshFailedTitle);
    const client = t.client();
    client.cookies.set('refresh_token', 'made-up');
    expect((await client.post('/auth/refresh_token', {})).status).toBe(401);
  });

  it('needs the CSRF header', async () => {
    const client = await login(t, 'demo');
    const response = await client.post('/auth/refresh_token', {}, { csrf: false });
    expect(response.status).toBe(403);
  });

  it('makes session cookies (no Max-Age) when store_in_cookies is false', async () => {
    const client = await login(t, 'demo');
    const response = await client.post('/auth/refresh_token', { store_in_cookies: false });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
    expect(cookie).not.toMatch(/Max-Age/);
  });
});

describe('the session hint cookie', () => {
  const hintOf = (response: Response) =>
    response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_HINT_COOKIE_NAME}=`));

  it('is set beside the session cookies, readable by scripts, and lives as long as they do', async () => {
    const client = t.client();
    const response = await client.post('/auth/tokens', credentials('demo', t.config.demoPassword));
    expect(response.status).toBe(200);
    const hint = hintOf(response);
    expect(hint).toBeDefined();
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/SameSite=Strict/);
    expect(hint).toMatch(/Path=\//);
    const refresh = response.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
    expect(hint?.match(/Max-Age=\d+/)?.[0]).toBe(refresh?.match(/Max-Age=\d+/)?.[0]);
    // A renewal sets it again with the new cookies.
    const renewed = await client.post('/auth/refresh_token', { store_in_cookies: true });
    expect(renewed.status).toBe(200);
    expect(hintOf(renewed)).toBeDefined();
    expect(client.cookie(SESSION_HINT_COOKIE_NAME)).toBeDefined();
  });

  it('is cleared with the session cookies on logout and on a failed renewal', async () => {
    const client = await login(t, 'demo');
    expect(client.cookie(SESSION_HINT_COOKIE_NAME)).toBeDefined();
    const logout = await client.delete('/auth/tokens');
    expect(hintOf(logout)).toMatch(/Max-Age=0/);
    expect(client.cookie(SESSION_HINT_COOKIE_NAME)).toBeUndefined();

    const stale = t.client();
    stale.cookies.set('refresh_token', 'made-up');
    stale.cookies.set(SESSION_HINT_COOKIE_NAME, '1');
    const refused = await stale.post('/auth/refresh_token', {});
    expect(refused.status).toBe(401);
    expect(hintOf(refused)).toMatch(/Max-Age=0/);
    expect(stale.cookie(SESSION_HINT_COOKIE_NAME)).toBeUndefined();
  });
});

describe('token lifetimes', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({
      env: { ACCESS_TOKEN_TTL_SECONDS: '1', REFRESH_TOKEN_TTL_SECONDS: '3' },
    });
  });
  afterAll(() => short.close());
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('answers 401 Access token expired once the access token has expired; refresh renews it', async () => {
    const client = await login(short, 'demo');
    await wait(2_100);
    const expired = await client.get('/user/profile');
    expect(expired.status).toBe(401);
    expect((await errorOf(expired)).title).toBe(SESSION_MESSAGES.accessTokenExpiredTitle);
    expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
    expect((await client.get('/user/profile')).status).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const client = await login(short, 'viewer');
    await wait(3_100);
    const response = await client.post('/auth/refresh_token', {});
    expect(response.status).toBe(401);
    expect((await errorOf(response)).title).toBe(SESSION_MESSAGES.refreshFailedTitle);
  });
});

describe('POST /auth/access_token (re-authentication)', () => {
  it('issues a fresh token after the password is entered again', async () => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    await client.post('/auth/refresh_token', {});
    const stale = await client.post('/token/password_reset', {
      old_password: password,
      new_password: 'Sturdy-Copper-Kettle-93',
    });
    expect((await errorOf(stale)).title).toBe(ERROR_TITLES.freshTokenRequired);
    const reauth = await client.post('/auth/access_token', credentials(username, password));
    expect(reauth.status).toBe(200);
    expect(((await reauth.json()) as SessionUser).username).toBe(username);
    const retried = await client.post('/token/password_reset', {
      old_password: password,
      new_password: 'Sturdy-Copper-Kettle-93',
    });
    expect(retried.status).toBe(200);
  });

  it('answers a wrong password with 401 Re-authentication failed, then rate-limits', async () => {
    const { username } = await createUser(t);
    const client = await login(t, username, 'Quiet-Harbor-Lantern-42');
    for (let i = 0; i < LIMITS.reauthPerUser.max; i += 1) {
      const response = await client.post(
        '/auth/access_token',
        credentials(username, 'nope nope nope'),
      );
      expect(response.status).toBe(401);
      expect((await errorOf(response)).title).toBe(SESSION_MESSAGES.reauthFailedTitle);
    }
    const limited = await client.post(
      '/auth/access_token',
      credentials(username, 'Quiet-Harbor-Lantern-42'),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it("refuses another user's credentials", async () => {
    const client = await login(t, 'viewer');
    const response = await client.post(
      '/auth/access_token',
      credentials('demo', t.config.demoPassword),
    );
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({
      title: SESSION_MESSAGES.reauthFailedTitle,
      msg: SESSION_MESSAGES.reauthWrongUser,
    });
  });

  it('needs a session', async () => {
    const response = await t.client().post('/auth/access_token', credentials('demo', 'x'));
    expect(response.status).toBe(401);
    expect((await errorOf(response)).title).toBe(SESSION_MESSAGES.notLoggedInTitle);
  });
});

describe('DELETE /auth/tokens (logout)', () => {
  it('clears the cookies and revokes the family', async () => {
    const client = await login(t, 'demo');
    const refresh = client.cookie('refresh_token')!;
    const response = await client.delete('/auth/tokens');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      proxy_logout: false,
      title: ERROR_TITLES.accessDenied,
      msg: ERROR_TITLES.logoutComplete,
    });
    expect(client.cookie('access_token')).toBeUndefined();
    const replay = t.client();
    replay.cookies.set('refresh_token', refresh);
    expect((await replay.post('/auth/refresh_token', {})).status).toBe(401);
    const families = await t.database.db
      .select()
      .from(refreshFamilies)
      .where(eq(refreshFamilies.revokedReason, 'logout'));
    expect(families.length).toBeGreaterThan(0);
  });

  it('still ends the session once the access token has expired (by the refresh cookie)', async () => {
    const client = await login(t, 'demo');
    const refresh = client.cookie('refresh_token')!;
    client.cookies.delete('access_token');
    expect((await client.delete('/auth/tokens')).status).toBe(200);
    const replay = t.client();
    replay.cookies.set('refresh_token', refresh);
    expect((await replay.post('/auth/refresh_token', {})).status).toBe(401);
  });

  it('answers the same for a visitor who is not logged in', async () => {
    const response = await t.client().delete('/auth/tokens');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { proxy_logout: boolean }).proxy_logout).toBe(false);
  });

  it('needs the CSRF header', async () => {
    const client = await login(t, 'demo');
    expect((await client.delete('/auth/tokens', { csrf: false })).status).toBe(403);
    expect((await client.get('/user/profile')).status).toBe(200);
  });
});

describe('profile and account information', () => {
  it('GET /user/profile shows the user, name and service address', async () => {
    const client = await login(t, 'demo');
    const profile = (await (await client.get('/user/profile')).json()) as UserProfile;
    expect(profile).toMatchObject({
      username: 'demo',
      logged_in: true,
      proxy: null,
      info: { first_name: 'Dana', last_name: 'Demo', name: 'Dana R. Demo' },
      service_address: { line1: '1200 Fiber Way', city: 'Orem', state: 'UT', zip_code: '84057' },
    });
  });

  it('GET /user/info carries billing with its billing address', async () => {
    const client = await login(t, 'viewer');
    const info = (await (await client.get('/user/info')).json()) as UserInfoResponse;
    expect(info.billing).toMatchObject({
      // Month 4 of 1 Gbps with the router, paid automatically on its due date.
      amount_due: 57.73,
      automatic: true,
      payment_type: 'AUTOMATIC',
      billing_address: {
        line1: '45 Canyon Road',
        formatted_address: '45 Canyon Road, Lehi, UT 84043',
      },
    });
  });

  it('PUT /user/info saves valid contact information', async () => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    const response = await client.put('/user/info', {
      first_name: 'Ada',
      middle_initial: 'b',
      last_name: 'Lovelace',
      phone: '(801) 555-1234',
      email: 'ada@example.test',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: 'Ada B. Lovelace',
      email: 'ada@example.test',
    });
    const profile = (await (await client.get('/user/profile')).json()) as UserProfile;
    expect(profile.info.phone).toBe('(801) 555-1234');
  });

  it('PUT /user/info answers 422 with the spec messages and changes nothing', async () => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    const response = await client.put('/user/info', {
      first_name: '',
      middle_initial: '12',
      last_name: 'L0velace',
      phone: '555',
      email: 'nope',
    });
    expect(response.status).toBe(422);
    const body = await errorOf(response);
    expect(body.errors).toEqual({
      first_name: 'Please enter a valid first name',
      middle_initial: 'Please enter a valid initial',
      last_name: 'Please enter a valid last name',
      phone: 'Please enter a valid phone number',
      email: 'Please enter a valid email address',
    });
    const profile = (await (await client.get('/user/profile')).json()) as UserProfile;
    expect(profile.info.first_name).toBe('Test');
  });

  it('PUT /user/info needs account manage (viewer gets 403)', async () => {
    const client = await login(t, 'viewer');
    const response = await client.put('/user/info', {
      first_name: 'Vic',
      last_name: 'Viewer',
      phone: '(801) 555-0177',
      email: 'viewer@ridgeline.example',
    });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({
      title: ERROR_TITLES.accessDenied,
      msg: ERROR_MESSAGES.accessDenied,
    });
  });

  it('GET /user/info needs account view; admin manage passes every check', async () => {
    const servicesOnly = await createUser(t, { permissions: { services: 'manage' } });
    const denied = await login(t, servicesOnly.username, servicesOnly.password);
    const response = await denied.get('/user/info');
    expect(response.status).toBe(403);
    expect((await errorOf(response)).msg).toBe(ERROR_MESSAGES.accessDenied);
    // Still logged in: the profile needs no permission.
    expect((await denied.get('/user/profile')).status).toBe(200);

    const adminOnly = await createUser(t, { permissions: { admin: 'manage' } });
    const allowed = await login(t, adminOnly.username, adminOnly.password);
    expect((await allowed.get('/user/info')).status).toBe(200);
  });

  it('GET /perms/schema lists the six categories', async () => {
    const client = await login(t, 'viewer');
    const body = (await (await client.get('/perms/schema')).json()) as {
      categories: { name: string; label: string; description: string }[];
    };
    expect(body.categories.map((c) => c.name)).toEqual([...PERMISSION_CATEGORIES]);
    expect(body.categories.every((c) => c.label && c.description)).toBe(true);
  });
});

describe('GET /passgen/15', () => {
  it('returns 15 words from the EFF large list, different each time', async () => {
    const first = (await (await t.client().get('/passgen/15')).json()) as { words: string[] };
    const second = (await (await t.client().get('/passgen/15')).json()) as { words: string[] };
    expect(first.words).toHaveLength(15);
    expect(first.words.every((w) => /^[a-z-]+$/.test(w))).toBe(true);
    expect(first.words).not.toEqual(second.words);
  });

  it('answers 422 for a silly count', async () => {
    expect((await t.client().get('/passgen/0')).status).toBe(422);
    expect((await t.client().get('/passgen/5000')).status).toBe(422);
  });
});
