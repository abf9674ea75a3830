/**
 * Every public page's prerendered first screen (issue 34): the server sends each route its own
 * markup with its title and meta description, a page behind the login opened without a session
 * the login's, a path no route has the 404's; compressed like the built files.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDER_STAND_INS, PRERENDERED_FILES } from '../../src/shared/prerender.ts';
import { createApp } from '../../src/server/app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ENTRY_CSS = '.entry{color:red}';
const LATER_CSS = '.later{color:green}';
const SHELL_CSS = '.shell{color:blue}';
const markup = (heading: string) =>
  `<header><a href="${PRERENDER_STAND_INS.mainSiteUrl}">${PRERENDER_STAND_INS.productName}</a></header>` +
  `<main id="main"><h1>${heading}</h1><input readonly="" value=""/></main>`;

let t: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'spa-public-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><title>Customer portal</title><script src="/control/theme-init.js"></script>' +
      '<!--app-config--><link rel="stylesheet" crossorigin href="/control/assets/index-abc.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc.css'), ENTRY_CSS);
  writeFileSync(path.join(dist, 'assets', 'later-abc.css'), LATER_CSS);
  writeFileSync(path.join(dist, 'assets', 'Shell-abc.css'), SHELL_CSS);
  mkdirSync(path.join(dist, '.vite', 'prerendered'), { recursive: true });
  writeFileSync(path.join(dist, PRERENDERED_FILES.login), markup('Log in'));
  writeFileSync(path.join(dist, PRERENDERED_FILES['not-found']), markup('Page not found'));
  writeFileSync(
    path.join(dist, PRERENDERED_FILES['password-update']),
    markup('Set a new password'),
  );
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/main-abc.js', isEntry: true, css: ['assets/index-abc.css'] },
      'app/mantine-styles-later.ts': { file: 'assets/later-abc.css' },
      'shell/Shell.tsx': { file: 'assets/Shell-abc.js', css: ['assets/Shell-abc.css'] },
      'features/session/session-actors.ts': { file: 'assets/session-actors-abc.js' },
      'features/session/login/LoginPage.tsx': { file: 'assets/LoginPage-abc.js' },
      'features/session/recovery/PasswordUpdatePage.tsx': {
        file: 'assets/PasswordUpdatePage-abc.js',
      },
    }),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist, PRODUCT_NAME: 'Test <Fiber>' } });
  app = createApp(
    { config: t.config, database: t.database, logger: t.logger, clock: t.clock },
    { serveWeb: true },
  );
});
afterAll(() => t.close());

const page = async (url: string, headers: Record<string, string> = {}) =>
  (await app.request(url, { headers })).text();
const heading = (html: string) => /<div id="prerendered">.*?<h1>([^<]*)<\/h1>/s.exec(html)?.[1];

describe('the public pages from the document', () => {
  it('sends the login its own markup, title and description, filled, with the shell styles inline', async () => {
    const html = await page('/control/login/');
    expect(heading(html)).toBe('Log in');
    expect(html).toContain('<title>Log in | Test &lt;Fiber&gt;</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}">/);
    expect(html).not.toContain('prerender-stand-in');
    expect(html).toContain('<div id="root" hidden></div>');
    // The entry's, the later Mantine sheets and the shell's, in that order, none fetched again.
    const order = [ENTRY_CSS, LATER_CSS, SHELL_CSS].map((css) => html.indexOf(`<style>${css}`));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/control/assets/later-abc.css" disabled>',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/control/assets/LoginPage-abc.js">',
    );
    // The login follows the visitor's colour scheme.
    expect(html).toContain('theme-init.js');
  });

  it('gives each page its own description', async () => {
    const description = (html: string) =>
      /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
    const login = description(await page('/control/login/'));
    const update = description(await page('/control/password-update/abc123/'));
    const missing = description(await page('/control/no-such-page/'));
    expect(new Set([login, update, missing]).size).toBe(3);
  });

  it("sends a page behind the login the login's markup without a session, and none with one", async () => {
    for (const url of ['/control/account/', '/control/billing/', '/control/services/servers/']) {
      expect(heading(await page(url)), url).toBe('Log in');
      for (const cookie of ['has_session=1', '__Host-has_session=1']) {
        const html = await page(url, { Cookie: cookie });
        expect(html, `${url} ${cookie}`).not.toContain('id="prerendered"');
        expect(html, `${url} ${cookie}`).toContain('<div id="root"></div>');
      }
    }
  });

  it("sends a path no route has the 404's markup, and a route's own path never", async () => {
    for (const url of ['/control/no-such-page/', '/control/nothing/here/at/all']) {
      expect(heading(await page(url)), url).toBe('Page not found');
    }
    expect(heading(await page('/control/password-update/abc123/'))).toBe('Set a new password');
    expect(await page('/control/password-update/abc123/')).not.toContain('Page not found');
  });

  it('leaves out the markup after a session timeout, whose notice the build does not draw', async () => {
    expect(heading(await page('/control/login/?redirect=%2Faccount%2F'))).toBe('Log in');
    const html = await page('/control/login/?timeout=true');
    expect(html).not.toContain('id="prerendered"');
  });

  it('compresses the page for a client that accepts it, the same document', async () => {
    const plain = await page('/control/login/');
    const br = await app.request('/control/login/', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await app.request('/control/login/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
  });
});
