import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'spa-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><!--app-config--></head><body>app</body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist, PRODUCT_NAME: 'Test Fiber' } });
  app = createApp(
    { config: t.config, database: t.database, logger: t.logger, clock: t.clock },
    { serveWeb: true },
  );
});
afterAll(() => t.close());

describe('the web app under /control/', () => {
  it('redirects / to /control/', async () => {
    const response = await app.request('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/control/');
  });

  it.each([
    '/control/',
    '/control/account/',
    '/control/signup/a,b?signupHash=x',
    '/control/no/such/page',
  ])('serves index.html with the public configuration for %s', async (url) => {
    const response = await app.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await response.text();
    expect(html).toContain('<script type="application/json" id="app-config">');
    expect(html).toContain('"productName":"Test Fiber"');
  });

  it('serves built files with long caching for hashed assets', async () => {
    const asset = await app.request('/control/assets/index-abc.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const icon = await app.request('/control/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers a missing asset with a 404 JSON, not the page', async () => {
    const response = await app.request('/control/assets/missing.js');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404 });
  });

  it('does not serve files outside the build', async () => {
    const response = await app.request('/control/..%2F..%2Fetc%2Fpasswd');
    expect(await response.text()).not.toContain('root:');
  });

  it('answers paths outside /control/ and the API with 404 JSON', async () => {
    const response = await app.request('/elsewhere');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });
});
