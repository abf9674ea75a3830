/**
 * Headers every answer carries: API answers are never stored by a cache (they hold personal data:
 * profile, account details, every portal answer) and never sniffed into another content type;
 * over HTTPS every answer pins the site to HTTPS (HSTS). Whether a request came over HTTPS is
 * its own URL, or X-Forwarded-Proto only behind a trusted proxy (TRUST_PROXY), and then only the
 * entry that proxy added (the last one), as with X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_ACCESS } from '../../src/server/session/endpoints.ts';
import { login } from '../support/session.ts';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

function expectApiHeaders(response: Response, what: string) {
  expect(response.headers.get('cache-control'), `${what}: Cache-Control`).toBe('no-store');
  expect(response.headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
}

describe('answers with personal data are never stored', () => {
  it('GET /user/profile and GET /user/info answer Cache-Control: no-store', async () => {
    const client = await login(t, 'demo');
    for (const path of ['/user/profile', '/user/info']) {
      const response = await client.get(path);
      expect(response.status).toBe(200);
      expectApiHeaders(response, path);
    }
  });

  it('error answers carry no-store and nosniff too', async () => {
    const answers: [string, Response][] = [
      ['404 unknown route', await t.api('/no/such/thing')],
      ['405 wrong method', await t.api('/health', { method: 'DELETE' })],
      ['401 not logged in', await t.api('/user/profile')],
      ['403 CSRF', await t.api('/client_errors', jsonRequest('POST', { message: 'x', url: '/' }))],
      [
        '400 malformed JSON',
        await t.client().post('/auth/tokens', '{not json', {
          headers: { 'Content-Type': 'application/json' },
        }),
      ],
      ['422 schema', await t.client().post('/auth/tokens', { username: 1 })],
    ];
    for (const [what, response] of answers) {
      expect(response.status, what).toBeGreaterThanOrEqual(400);
      expectApiHeaders(response, what);
    }
  });
});

describe('every API endpoint', () => {
  const endpoints = Object.keys(ENDPOINT_ACCESS);

  it.each(endpoints)('%s answers no-store and nosniff', async (endpoint) => {
    const [method, pattern] = endpoint.split(' ');
    const path = pattern.replace(/:[A-Za-z]+/g, 'x');
    // Logged in (as the site admin for admin endpoints) and as an anonymous visitor.
    const user = await login(t, pattern.startsWith('/admin/') ? 'admin' : 'demo');
    const withBody = method !== 'GET' && method !== 'DELETE';
    for (const client of [user, t.client()]) {
      const response = await client.request(method, path, withBody ? {} : undefined);
      expect(response.status, endpoint).toBeLessThan(500);
      expectApiHeaders(response, endpoint);
    }
  });
});

describe('HSTS', () => {
  it('is sent over HTTPS only', async () => {
    const secure = await t.app.request('https://portal.example/manage/api/v1.0/health');
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const redirect = await t.app.request('https://portal.example/');
    expect(redirect.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const plain = await t.app.request('http://portal.example/manage/api/v1.0/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('follows X-Forwarded-Proto only behind a trusted proxy', async () => {
    const headers = { 'X-Forwarded-Proto': 'https' };
    const untrusted = await t.api('/health', { headers });
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
    const trusted = await proxied.api('/health', { headers });
    expect(trusted.headers.get('strict-transport-security')).toMatch(/^max-age=/);
  });
});

describe('X-Forwarded-Proto', () => {
  async function csrfCookie(app: TestApp, proto: string) {
    const response = await app.api('/csrf', { headers: { 'X-Forwarded-Proto': proto } });
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    return cookies[0];
  }

  it('is ignored without TRUST_PROXY: cookies stay plain', async () => {
    const cookie = await csrfCookie(t, 'https');
    expect(cookie).toMatch(/^csrf_token=/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('with TRUST_PROXY, marks cookies Secure with the __Host- prefix', async () => {
    const cookie = await csrfCookie(proxied, 'https');
    expect(cookie).toMatch(/^__Host-csrf_token=/);
    expect(cookie).toMatch(/Secure/);
  });

  it('with TRUST_PROXY, counts only the last hop (the one the proxy added)', async () => {
    // A client claiming https before the proxy's own "http" is still plain HTTP.
    const spoofed = await csrfCookie(proxied, 'https, http');
    expect(spoofed).toMatch(/^csrf_token=/);
    expect(spoofed).not.toMatch(/Secure/);
    const secure = await csrfCookie(proxied, 'http, https');
    expect(secure).toMatch(/^__Host-csrf_token=/);
    expect(secure).toMatch(/Secure/);
  });
});

describe('GET /csrf', () => {
  it('sets exactly one csrf_token cookie', async () => {
    const response = await t.api('/csrf');
    expect(response.status).toBe(204);
    const cookies = response.headers
      .getSetCookie()
      .filter((cookie) => /^(__Host-)?csrf_token=/.test(cookie));
    expect(cookies).toHaveLength(1);
  });

  it('sets none when the visitor already holds one', async () => {
    const client = t.client();
    await client.get('/csrf');
    const again = await client.get('/csrf');
    expect(again.headers.getSetCookie()).toEqual([]);
  });
});

describe('the card form origin behind a trusted proxy', () => {
  it('takes the scheme and host the proxy added (the last entries), not the first', async () => {
    const response = await proxied.api('/billing/payment_account_url?account_name=Ann', {
      headers: {
        'X-Forwarded-Proto': 'https, http',
        'X-Forwarded-Host': 'evil.example, localhost:3000',
      },
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(decodeURIComponent(url)).toContain('http://localhost:3000');
    expect(url).not.toContain('evil.example');
  });
});
