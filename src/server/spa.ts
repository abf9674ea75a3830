/**
 * Serves the built web app under the web base path: files from the build, and `index.html` (with
 * the public configuration embedded as JSON) for every other path, so client routing works on
 * reload and deep links.
 *
 * Built files are compressed once, at build time (`vite.config.ts` writes `.br` and `.gz` beside
 * each text file): a request gets the variant its `Accept-Encoding` prefers, with
 * `Vary: Accept-Encoding`, and hashed assets are cached for a year. `index.html` is never cached,
 * and it preloads (`modulepreload`) the chunks of the page it is opened on, so that they download
 * beside the entry instead of after it.
 *
 * A public page with a prerendered first screen (`src/shared/prerender.ts`: the signup, the
 * login, account help, the password generator, the 404) gets that markup in its body, filled with
 * the public configuration, its title and meta description, and its stylesheets inlined, so that
 * it paints from the document alone; the app's container stays hidden until the app replaces the
 * markup (`src/web/app/prerendered.ts`). A path no route has gets the 404's, and a page behind the
 * login, opened without the session hint cookie, the login's (the app sends the visitor there).
 * These documents are compressed once, when first asked for, like the built files.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_HINT_COOKIE_NAME, WEB_BASE_PATH } from '#shared/constants';
import { escapeHtml } from '#shared/html';
import {
  fillPrerendered,
  PRERENDERED_ELEMENT_ID,
  PRERENDERED_FILES,
  PRERENDERED_PAGES,
  type PrerenderedPage,
} from '#shared/prerender';
import { PUBLIC_CONFIG_ELEMENT_ID } from '#shared/public-config';
import { ROUTES } from '#shared/routes';
import { imageOrigins, publicConfig, type Config } from './config.ts';
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

/**
 * The pages' Content-Security-Policy: the origins the page may frame (the card provider's form)
 * and the image sources it may load beyond its own (the map's tile server, `imageOrigins`).
 */
export function contentSecurityPolicy(
  frameOrigins: readonly string[] = [],
  imageSources: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
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

/** Encodings built beside each compressible file, in order of preference at equal weight. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

interface PageModule {
  prefix: string;
  /** Vite's manifest key of the page's module: its chunks are preloaded. */
  module: string;
  /** The page's prerendered first screen, served when `prerenderedFor` the query holds. */
  prerendered?: PrerenderedPage;
  prerenderedFor?: (query: URLSearchParams) => boolean;
  /** The page is always light: the colour-scheme script (`theme-init.js`) is left out. */
  alwaysLight?: boolean;
  /** The page is drawn in the shell: its modules and stylesheets load (and are inlined) too. */
  inShell?: boolean;
}

/**
 * What a page in the shell loads besides its own module: the shell, the rest of Mantine's
 * stylesheets (`app/later-styles.ts`) and the session's actors. Their stylesheets are inlined in
 * this order, after the entry's, as the app loads them.
 */
export const SHELL_MODULES = [
  'app/mantine-styles-later.ts',
  'shell/Shell.tsx',
  'features/session/session-actors.ts',
] as const;

const shellPage = (prefix: string, module: string, prerendered: PrerenderedPage): PageModule => ({
  prefix,
  module,
  prerendered,
  inShell: true,
});

/** The page module each route path loads. */
export const PAGE_MODULES: readonly PageModule[] = [
  {
    prefix: '/signup/',
    module: 'features/signup/SignupPage.tsx',
    prerendered: 'signup',
    // Shown inline (signup.md §2 `displayInline`), the page draws no header: not the first screen
    // the build renders.
    prerenderedFor: (query) =>
      !query.getAll('displayInline').some((value) => value.trim() === 'true'),
    alwaysLight: true,
  },
  {
    ...shellPage('/login/', 'features/session/login/LoginPage.tsx', 'login'),
    // After a timeout the page shows a notice the build does not render.
    prerenderedFor: (query) => !query.getAll('timeout').includes('true'),
  },
  shellPage(
    '/username-recovery/',
    'features/session/recovery/UsernameRecoveryPage.tsx',
    'username-recovery',
  ),
  shellPage(
    '/password-recovery/',
    'features/session/recovery/PasswordRecoveryPage.tsx',
    'password-recovery',
  ),
  shellPage(
    '/password-update/',
    'features/session/recovery/PasswordUpdatePage.tsx',
    'password-update',
  ),
  shellPage(
    '/password-generator/',
    'features/password-generator/PasswordGeneratorPage.tsx',
    'password-generator',
  ),
];

/** A page behind the login opened by a visitor without a session: the app shows the login. */
const LOGIN_PAGE = PAGE_MODULES.find((page) => page.prerendered === 'login')!;
/** A path no route has: the 404 page, part of the entry (`index.html`'s chunk). */
const NOT_FOUND_PAGE: PageModule = {
  prefix: '',
  module: 'index.html',
  prerendered: 'not-found',
  inShell: true,
};

/** The first segment of each route's path (`/billing/…` → `billing`). */
const ROUTE_SEGMENTS = new Set(ROUTES.map((route) => route.path.split('/')[1] ?? ''));

/**
 * The route a path (relative to the web base path) belongs to, by its first segment: `unknown`
 * when no route starts so, `login` when every route that does needs a login.
 */
export function routeKind(relative: string): 'unknown' | 'login' | 'public' {
  const segment = relative.split('/')[1] ?? '';
  if (!ROUTE_SEGMENTS.has(segment)) return 'unknown';
  const routes = ROUTES.filter((route) => route.path.split('/')[1] === segment);
  return routes.every((route) => route.access.kind !== 'public') ? 'login' : 'public';
}

/** The page's title and meta description in the document's head. */
export function withPageHead(html: string, title: string, description: string): string {
  return html.replace(
    /<title>[^<]*<\/title>/,
    () =>
      `<title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}">`,
  );
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const THEME_SCRIPT = /<script src="[^"]*\/theme-init\.js"><\/script>\s*/;
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The page with its prerendered first screen: the markup in the body before the app's hidden
 * container, and each stylesheet inlined, its `<link>` kept but disabled (never fetched nor
 * applied) so that the app's loader, which looks for it, does not fetch it again.
 */
export function withPrerendered(
  html: string,
  markup: string,
  styles: ReadonlyMap<string, string>,
): string {
  let page = html;
  for (const [href, css] of styles) {
    if (/<\/style/i.test(css)) continue;
    const link = new RegExp(`<link rel="stylesheet"( crossorigin)? href="${escapeRegExp(href)}">`);
    page = page.replace(link, (tag) => `<style>${css}</style>${tag.replace(/>$/, ' disabled>')}`);
  }
  return page.replace(
    ROOT_ELEMENT,
    () => `<div id="${PRERENDERED_ELEMENT_ID}">${markup}</div><div id="root" hidden></div>`,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The weight (q) of each content coding a client accepts; `*` stands for the others. */
export function acceptedEncodings(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number.isFinite(Number(value)) ? Number(value) : 0;
    }
    weights.set(name, q);
  }
  return weights;
}

/** The precompressed variant to send: the highest weight wins, Brotli before gzip on a tie. */
export function chooseEncoding(
  header: string | undefined,
  available: readonly string[],
): (typeof PRECOMPRESSED)[number] | undefined {
  const weights = acceptedEncodings(header);
  let best: (typeof PRECOMPRESSED)[number] | undefined;
  let bestQ = 0;
  for (const variant of PRECOMPRESSED) {
    if (!available.includes(variant.encoding)) continue;
    const q = weights.get(variant.encoding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = variant;
      bestQ = q;
    }
  }
  return best;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The files a manifest entry loads before it runs: its chunk, its static imports and their CSS. */
export function chunkFiles(
  manifest: Record<string, ManifestChunk>,
  entry: string,
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file) || styles.has(chunk.file)) return;
    // A module of stylesheets only (`app/mantine-styles-later.ts`) is its stylesheet.
    if (chunk.file.endsWith('.css')) {
      styles.add(chunk.file);
      return;
    }
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The files of several modules, each once, in their order. */
function modulesFiles(
  manifest: Record<string, ManifestChunk>,
  modules: readonly string[],
): { scripts: string[]; styles: string[] } {
  const each = modules.map((module) => chunkFiles(manifest, module));
  return {
    scripts: [...new Set(each.flatMap((files) => files.scripts))],
    styles: [...new Set(each.flatMap((files) => files.styles))],
  };
}

/** `<link>`s that fetch a page's chunks beside the entry; the entry's own are left to Vite. */
export function preloadLinks(
  manifest: Record<string, ManifestChunk>,
  pageModules: string | readonly string[],
  base: string,
): string {
  const entry = chunkFiles(manifest, 'index.html');
  const page = modulesFiles(
    manifest,
    typeof pageModules === 'string' ? [pageModules] : pageModules,
  );
  const scripts = page.scripts.filter((file) => !entry.scripts.includes(file));
  const styles = page.styles.filter((file) => !entry.styles.includes(file));
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="${base}/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${base}/${file}">`),
  ].join('');
}

/** `decodeURIComponent` that answers undefined for a broken escape instead of throwing. */
function decodePath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

interface BuiltFile {
  path: string;
  size: number;
  /** Precompressed variants beside it (`br`, `gzip`), with their sizes. */
  variants: Map<string, number>;
}

export function registerSpa(
  app: Hono<AppEnv>,
  config: Config,
  frameOrigins: readonly string[] = [],
) {
  const root = config.webDistDir;
  let template: string | undefined;
  let manifest: Record<string, ManifestChunk> | undefined;
  const pages = new Map<string, string>();
  const prerendered = new Map<string, string | null>();
  const encoded = new Map<string, Buffer>();
  // Built files do not change while the server runs: each found file is looked up once.
  const found = new Map<string, BuiltFile>();
  const csp = contentSecurityPolicy(frameOrigins, imageOrigins(config));

  async function pageHtml(
    relative: string,
    query: URLSearchParams,
    session: boolean,
  ): Promise<{ key: string; html: string }> {
    if (template === undefined) {
      try {
        template = renderIndexHtml(await readFile(path.join(root, 'index.html'), 'utf8'), config);
      } catch {
        throw new ApiError(
          503,
          'Web app not built',
          'The web app has not been built yet. Run "npm run build" and try again.',
        );
      }
      try {
        manifest = JSON.parse(
          await readFile(path.join(root, '.vite', 'manifest.json'), 'utf8'),
        ) as Record<string, ManifestChunk>;
      } catch {
        manifest = undefined;
      }
    }
    let page = PAGE_MODULES.find(({ prefix }) => `${relative}/`.startsWith(prefix));
    if (!page) {
      const kind = routeKind(relative);
      if (kind === 'unknown') page = NOT_FOUND_PAGE;
      else if (kind === 'login' && !session) page = LOGIN_PAGE;
    }
    if (!page || !manifest?.[page.module]) return { key: '', html: template };
    const name =
      page.prerendered && page.prerenderedFor?.(query) !== false ? page.prerendered : undefined;
    const markup = name ? await prerenderedMarkup(name) : null;
    const key = `${page.module}${markup === null ? '' : ` ${name}`}`;
    let html = pages.get(key);
    if (html === undefined) {
      const modules = page.inShell ? [...SHELL_MODULES, page.module] : [page.module];
      html = template.replace(
        '</head>',
        `${preloadLinks(manifest, modules, WEB_BASE_PATH)}</head>`,
      );
      if (page.alwaysLight) html = html.replace(THEME_SCRIPT, '');
      if (markup !== null && name) {
        const { title, description } = PRERENDERED_PAGES[name];
        html = withPageHead(html, `${title} | ${config.productName}`, description);
        html = withPrerendered(html, markup, await pageStyles(modules));
      }
      pages.set(key, html);
    }
    return { key, html };
  }

  /** A page's document compressed for the client (once per page and encoding). */
  async function encodedPage(
    key: string,
    html: string,
    acceptEncoding: string | undefined,
  ): Promise<{ encoding: string; body: Buffer } | undefined> {
    const variant = chooseEncoding(acceptEncoding, ['br', 'gzip']);
    if (!variant) return undefined;
    const cacheKey = `${key}\n${variant.encoding}`;
    let body = encoded.get(cacheKey);
    if (body === undefined) {
      const source = Buffer.from(html);
      body =
        variant.encoding === 'br'
          ? await brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            })
          : await gzip(source, { level: 9 });
      encoded.set(cacheKey, body);
    }
    return { encoding: variant.encoding, body };
  }

  /** The build's prerendered markup with this server's public configuration; null if absent. */
  async function prerenderedMarkup(name: PrerenderedPage): Promise<string | null> {
    if (!prerendered.has(name)) {
      const markup = await readFile(path.join(root, PRERENDERED_FILES[name]), 'utf8').catch(
        () => null,
      );
      prerendered.set(name, markup === null ? null : fillPrerendered(markup, publicConfig(config)));
    }
    return prerendered.get(name) ?? null;
  }

  /** The stylesheets a page needs before it paints (the entry's and its own), by their `href`. */
  async function pageStyles(modules: readonly string[]): Promise<Map<string, string>> {
    const styles = new Map<string, string>();
    if (!manifest) return styles;
    const files = new Set([
      ...chunkFiles(manifest, 'index.html').styles,
      ...modulesFiles(manifest, modules).styles,
    ]);
    for (const file of files) {
      const css = await readFile(path.join(root, file), 'utf8').catch(() => undefined);
      if (css !== undefined) styles.set(`${WEB_BASE_PATH}/${file}`, css);
    }
    return styles;
  }

  async function sendIndex(c: Context<AppEnv>, relative: string, status: 200 | 404 = 200) {
    const session =
      getCookie(c, SESSION_HINT_COOKIE_NAME) !== undefined ||
      getCookie(c, `__Host-${SESSION_HINT_COOKIE_NAME}`) !== undefined;
    const { key, html } = await pageHtml(relative, new URL(c.req.url).searchParams, session);
    ensureCsrfCookie(c);
    const headers: Record<string, string> = {
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      // The document depends on the session hint cookie (a page behind the login) and the encoding.
      Vary: 'Accept-Encoding, Cookie',
    };
    const encoded = await encodedPage(key, html, c.req.header('Accept-Encoding'));
    if (!encoded) return c.html(html, status, headers);
    return c.body(new Uint8Array(encoded.body), status, {
      ...headers,
      'Content-Type': 'text/html; charset=UTF-8',
      'Content-Encoding': encoded.encoding,
      'Content-Length': String(encoded.body.length),
    });
  }

  async function lookUp(file: string): Promise<BuiltFile | undefined> {
    const known = found.get(file);
    if (known) return known;
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const variants = new Map<string, number>();
    for (const { encoding, suffix } of PRECOMPRESSED) {
      const variant = await stat(file + suffix).catch(() => undefined);
      if (variant?.isFile()) variants.set(encoding, variant.size);
    }
    const built = { path: file, size: info.size, variants };
    found.set(file, built);
    return built;
  }

  app.get(WEB_BASE_PATH, (c) => c.redirect(`${WEB_BASE_PATH}/`, 301));
  app.on(['GET', 'HEAD'], `${WEB_BASE_PATH}/*`, async (c) => {
    const raw = c.req.path.slice(WEB_BASE_PATH.length);
    const isAsset = raw.startsWith('/assets/');
    const relative = decodePath(raw);
    if (relative === undefined) {
      // A broken escape names no file and no page.
      if (isAsset) throw new ApiError(404, 'Not found', 'That file does not exist.');
      return sendIndex(c, '/', 404);
    }
    const file = path.normalize(path.join(root, relative));
    if (
      file.startsWith(root + path.sep) &&
      path.extname(file) &&
      path.basename(file) !== 'index.html'
    ) {
      const built = await lookUp(file);
      if (built) {
        const variant = chooseEncoding(c.req.header('Accept-Encoding'), [...built.variants.keys()]);
        const headers: Record<string, string> = {
          'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Cache-Control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        };
        if (built.variants.size > 0) headers.Vary = 'Accept-Encoding';
        if (variant) headers['Content-Encoding'] = variant.encoding;
        const body = await readFile(variant ? file + variant.suffix : file);
        headers['Content-Length'] = String(body.length);
        return c.body(body, 200, headers);
      }
      if (isAsset) {
        throw new ApiError(404, 'Not found', 'That file does not exist.');
      }
    }
    return sendIndex(c, relative);
  });
}
