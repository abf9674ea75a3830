import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRERENDER_STAND_INS,
  PRERENDERED_FILES,
  phoneDigits,
  unfilledStandIns,
} from '../../src/shared/prerender.ts';
import { createApp } from '../../src/server/app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const MAIN_CHUNK = `export const main = ${JSON.stringify('x'.repeat(4000))};\n`;
const ENTRY_CSS = '.entry{color:red}';
const PAGE_CSS = '.page{color:blue}';
/** What the build renders: the first screen with the configuration's stand-ins. */
const PRERENDERED =
  `<header><a href="${PRERENDER_STAND_INS.mainSiteUrl}" aria-label="${PRERENDER_STAND_INS.productName} home">` +
  `${PRERENDER_STAND_INS.productName}</a> Questions? Call ` +
  `<a href="tel:${phoneDigits(PRERENDER_STAND_INS.salesPhone)}">${PRERENDER_STAND_INS.salesPhone}</a></header>` +
  '<main><h1>Get fiber at your address</h1><input readonly="" value=""/></main>';

let t: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'spa-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><script src="/control/theme-init.js"></script><!--app-config-->' +
      '<link rel="stylesheet" crossorigin href="/control/assets/index-abc.css"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc.css'), ENTRY_CSS);
  writeFileSync(path.join(dist, 'assets', 'SignupPage-abc.css'), PAGE_CSS);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  // A built chunk with the variants the build writes beside it.
  writeFileSync(path.join(dist, 'assets', 'main-abc.js'), MAIN_CHUNK);
  writeFileSync(path.join(dist, 'assets', 'main-abc.js.gz'), gzipSync(MAIN_CHUNK));
  writeFileSync(path.join(dist, 'assets', 'main-abc.js.br'), brotliCompressSync(MAIN_CHUNK));
  mkdirSync(path.join(dist, '.vite', 'prerendered'), { recursive: true });
  writeFileSync(path.join(dist, PRERENDERED_FILES.signup), PRERENDERED);
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/main-abc.js',
        isEntry: true,
        imports: ['_shared.js'],
        css: ['assets/index-abc.css'],
      },
      '_shared.js': { file: 'assets/shared-abc.js' },
      'features/signup/SignupPage.tsx': {
        file: 'assets/SignupPage-abc.js',
        imports: ['_shared.js', '_Stack.js'],
        css: ['assets/SignupPage-abc.css'],
      },
      '_Stack.js': { file: 'assets/Stack-abc.js' },
    }),
  );
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({
    env: {
      WEB_DIST_DIR: dist,
      PRODUCT_NAME: 'Test Fiber',
      SALES_PHONE: '(435) 555-0123',
      MAIN_SITE_URL: 'https://www.example.test/',
    },
  });
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

  it('sends the Brotli file built beside a chunk to a client that accepts it, cached for a year', async () => {
    const response = await app.request('/control/assets/main-abc.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toBe(MAIN_CHUNK);
    expect(response.headers.get('content-length')).toBe(String(body.length));
  });

  it('sends the gzip file to a client without Brotli, and the plain file to one with neither', async () => {
    const gzip = await app.request('/control/assets/main-abc.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(MAIN_CHUNK);

    const preferred = await app.request('/control/assets/main-abc.js', {
      headers: { 'Accept-Encoding': 'br;q=0.5, gzip' },
    });
    expect(preferred.headers.get('content-encoding')).toBe('gzip');

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await app.request('/control/assets/main-abc.js', {
        headers: accept ? { 'Accept-Encoding': accept } : {},
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await plain.text()).toBe(MAIN_CHUNK);
    }
  });

  it('never caches index.html', async () => {
    for (const url of ['/control/', '/control/signup/', '/control/no/such/page']) {
      const response = await app.request(url, { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("preloads the signup page's chunks and stylesheet in the page opened on /control/signup/", async () => {
    const html = await (await app.request('/control/signup/')).text();
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/control/assets/SignupPage-abc.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/control/assets/Stack-abc.js">',
    );
    const inline = await (await app.request('/control/signup/?displayInline=true')).text();
    expect(inline).toContain(
      '<link rel="stylesheet" crossorigin href="/control/assets/SignupPage-abc.css">',
    );
    // The entry's own chunks are Vite's to load.
    expect(html).not.toContain('href="/control/assets/shared-abc.js"');
    const elsewhere = await (await app.request('/control/account/')).text();
    expect(elsewhere).not.toContain('SignupPage-abc.js');
  });

  it('answers a path with a broken escape with the 404 page, and such an asset with a 404 JSON', async () => {
    const page = await app.request('/control/%E0%A4%A');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<script type="application/json" id="app-config">');

    const asset = await app.request('/control/assets/%E0%A4%A.js');
    expect(asset.status).toBe(404);
    expect(asset.headers.get('content-type')).toMatch(/application\/json/);
    expect(await asset.json()).toMatchObject({ status: 404 });
  });

  it.each(['%E0%A4%A', '%', '%ZZ', '%ED%A0%80', '%00', '%2e%2e%2f'])(
    'never answers 500 to the broken escape %s anywhere under the web app',
    async (escape) => {
      const urls = [
        `/control/${escape}`,
        `/control/signup/${escape}`,
        `/control/signup/?signupHash=${escape}`,
        `/control/assets/${escape}`,
        `/control/assets/index-abc.js?v=${escape}`,
        `/control/favicon.svg${escape}`,
        `/control/${escape}/favicon.svg`,
      ];
      for (const url of urls) {
        const response = await app.request(url);
        expect(response.status, url).toBeLessThan(500);
        expect(response.headers.get('content-type') ?? '', url).toMatch(
          /text\/html|application\/json|text\/javascript|image\/svg/,
        );
      }
    },
  );

  it("serves the signup's prerendered first screen with the configuration, its styles inline and no colour-scheme script", async () => {
    const html = await (await app.request('/control/signup/')).text();
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toContain('<div id="prerendered"><header><a href="https://www.example.test/"');
    expect(body).toContain('aria-label="Test Fiber home">Test Fiber</a>');
    expect(body).toContain('<a href="tel:4355550123">(435) 555-0123</a>');
    expect(body).toContain('<h1>Get fiber at your address</h1><input readonly="" value=""/>');
    expect(body).toContain('</main></div><div id="root" hidden></div>');
    expect(unfilledStandIns(html)).toEqual([]);
    // Painted from the document alone: the stylesheets are in it, their links never fetched.
    expect(html).toContain(
      `<style>${ENTRY_CSS}</style><link rel="stylesheet" crossorigin href="/control/assets/index-abc.css" disabled>`,
    );
    expect(html).toContain(
      `<style>${PAGE_CSS}</style><link rel="stylesheet" crossorigin href="/control/assets/SignupPage-abc.css" disabled>`,
    );
    expect(html).not.toContain('theme-init.js');
    // Any path and query of the signup route but the inline view.
    for (const url of ['/control/signup/voice,phone/', '/control/signup/?signupHash=abc']) {
      expect(await (await app.request(url)).text()).toBe(html);
    }
  });

  it('serves no prerendered markup on portal routes or the inline signup view', async () => {
    for (const url of [
      '/control/',
      '/control/login/',
      '/control/account/',
      '/control/no/such/page',
      '/control/signup/?displayInline=true',
    ]) {
      const html = await (await app.request(url)).text();
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('id="prerendered"');
      expect(html, url).not.toContain('Get fiber at your address');
      expect(html, url).toContain(
        '<link rel="stylesheet" crossorigin href="/control/assets/index-abc.css">',
      );
    }
    const login = await (await app.request('/control/login/')).text();
    expect(login).toContain('theme-init.js');
  });

  it('serves every visitor the same prerendered page: nothing of a session or a visitor in it', async () => {
    const anonymous = await (await app.request('/control/signup/')).text();
    const cookies = await (
      await app.request('/control/signup/', {
        headers: {
          Cookie: 'has_session=1; refresh_token=visitor-token-123; csrf_token=visitor-csrf-456',
          'User-Agent': 'visitor-agent-789',
        },
      })
    ).text();
    expect(cookies).toBe(anonymous);
    for (const text of ['visitor-token-123', 'visitor-csrf-456', 'visitor-agent-789']) {
      expect(anonymous).not.toContain(text);
    }
  });
});
