/** The pages' CSP lets the browser load the configured map tile server's images (issue 11). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const imgSrc = (csp: string) => csp.split('; ').find((part) => part.startsWith('img-src '));
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('the pages served with a map tile URL', () => {
  it.each([
    [{}, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    [
      { MAP_TILE_URL: 'http://127.0.0.1:4650/{z}/{x}/{y}.png' },
      'http://127.0.0.1:4650/{z}/{x}/{y}.png',
      'http://127.0.0.1:4650',
    ],
    [
      { MAP_TILE_URL: 'https://{s}.tiles.example.net/roadmap/{z}/{x}/{y}.png' },
      'https://{s}.tiles.example.net/roadmap/{z}/{x}/{y}.png',
      'https://*.tiles.example.net',
    ],
  ])('with %j hand the page its template and allow its images', async (env, template, source) => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'map-tiles-spa-'));
    writeFileSync(path.join(dist, 'index.html'), '<html><head><!--app-config--></head></html>');
    const t = await createTestApp({ env: { ...env, WEB_DIST_DIR: dist } });
    apps.push(t);
    const app = createApp(
      { config: t.config, database: t.database, logger: t.logger, clock: t.clock },
      { serveWeb: true },
    );
    const response = await app.request('/control/signup/');
    expect(response.status).toBe(200);
    expect(imgSrc(response.headers.get('content-security-policy') ?? '')).toBe(
      `img-src 'self' data: blob: ${source}`,
    );
    expect(await response.text()).toContain(`"tileUrl":"${template}"`);
  });
});
