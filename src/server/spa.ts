/**
 * Serves the built web app under the web base path: files from the build, and `index.html` (with
 * the public configuration embedded as JSON) for every other path, so client routing works on
 * reload and deep links.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { WEB_BASE_PATH } from '#shared/constants';
import { PUBLIC_CONFIG_ELEMENT_ID } from '#shared/public-config';
import { publicConfig, type Config } from './config.ts';
import type { AppEnv } from './context.ts';
import { ensureCsrfCookie } from './http/csrf.ts';
import { ApiError } from './http/errors.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

/** Origins the page may frame (the card provider's form). Capabilities extend it. */
export function contentSecurityPolicy(frameOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    `frame-src ${frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'"}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function renderIndexHtml(template: string, config: Config): string {
  const block = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${escapeJsonForHtml(publicConfig(config))}</script>`;
  return template.replace('<!--app-config-->', block);
}

export function registerSpa(
  app: Hono<AppEnv>,
  config: Config,
  frameOrigins: readonly string[] = [],
) {
  const root = config.webDistDir;
  let indexHtml: string | undefined;
  const csp = contentSecurityPolicy(frameOrigins);

  async function sendIndex(c: Context<AppEnv>) {
    if (indexHtml === undefined) {
      try {
        indexHtml = renderIndexHtml(await readFile(path.join(root, 'index.html'), 'utf8'), config);
      } catch {
        throw new ApiError(
          503,
          'Web app not built',
          'The web app has not been built yet. Run "npm run build" and try again.',
        );
      }
    }
    ensureCsrfCookie(c);
    return c.html(indexHtml, 200, {
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  }

  app.get(WEB_BASE_PATH, (c) => c.redirect(`${WEB_BASE_PATH}/`, 301));
  app.on(['GET', 'HEAD'], `${WEB_BASE_PATH}/*`, async (c) => {
    const relative = decodeURIComponent(c.req.path.slice(WEB_BASE_PATH.length));
    const file = path.normalize(path.join(root, relative));
    if (
      file.startsWith(root + path.sep) &&
      path.extname(file) &&
      path.basename(file) !== 'index.html'
    ) {
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) {
        const immutable = relative.startsWith('/assets/');
        return c.body(await readFile(file), 200, {
          'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        });
      }
      if (relative.startsWith('/assets/')) {
        throw new ApiError(404, 'Not found', 'That file does not exist.');
      }
    }
    return sendIndex(c);
  });
}
