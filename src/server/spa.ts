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
 * A page with a prerendered first screen (the signup's, `src/shared/prerender.ts`) gets that
 * markup in its body, filled with the public configuration, and its stylesheets inlined, so that
 * it paints from the document alone; the app's container stays hidden until the app replaces the
 * markup (`src/web/app/prerendered.ts`).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { WEB_BASE_PATH } from '#shared/constants';
import { fillPrerendered, PRERENDERED_ELEMENT_ID, PRERENDERED_FILES } from '#shared/prerender';
import { PUBLIC_CONFIG_ELEMENT_ID } from '#shared/public-config';
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
  prerendered?: keyof typeof PRERENDERED_FILES;
  prerenderedFor?: (query: URLSearchParams) => boolean;
  /** The page is always light: the colour-scheme script (`theme-init.js`) is left out. */
  alwaysLight?: boolean;
}

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
  { prefix: '/login/', module: 'features/login/LoginPage.tsx' },
];

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
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return { scripts: [...scripts], styles: [...styles] };
}

/** `<link>`s that fetch a page's chunks beside the entry; the entry's own are left to Vite. */
export function preloadLinks(
  manifest: Record<string, ManifestChunk>,
  pageModule: string,
  base: string,
): string {
  const entry = chunkFiles(manifest, 'index.html');
  const page = chunkFiles(manifest, pageModule);
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
  // Built files do not change while the server runs: each found file is looked up once.
  const found = new Map<string, BuiltFile>();
  const csp = contentSecurityPolicy(frameOrigins, imageOrigins(config));

  async function pageHtml(relative: string, query: URLSearchParams): Promise<string> {
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
    const page = PAGE_MODULES.find(({ prefix }) => `${relative}/`.startsWith(prefix));
    if (!page || !manifest?.[page.module]) return template;
    const markup =
      page.prerendered && page.prerenderedFor?.(query) !== false
        ? await prerenderedMarkup(page.prerendered)
        : null;
    const key = `${page.module}${markup === null ? '' : ' prerendered'}`;
    let html = pages.get(key);
    if (html === undefined) {
      html = template.replace(
        '</head>',
        `${preloadLinks(manifest, page.module, WEB_BASE_PATH)}</head>`,
      );
      if (page.alwaysLight) html = html.replace(THEME_SCRIPT, '');
      if (markup !== null) html = withPrerendered(html, markup, await pageStyles(page.module));
      pages.set(key, html);
    }
    return html;
  }

  /** The build's prerendered markup with this server's public configuration; null if absent. */
  async function prerenderedMarkup(name: keyof typeof PRERENDERED_FILES): Promise<string | null> {
    if (!prerendered.has(name)) {
      const markup = await readFile(path.join(root, PRERENDERED_FILES[name]), 'utf8').catch(
        () => null,
      );
      prerendered.set(name, markup === null ? null : fillPrerendered(markup, publicConfig(config)));
    }
    return prerendered.get(name) ?? null;
  }

  /** The stylesheets a page needs before it paints (the entry's and its own), by their `href`. */
  async function pageStyles(module: string): Promise<Map<string, string>> {
    const styles = new Map<string, string>();
    if (!manifest) return styles;
    const files = new Set([
      ...chunkFiles(manifest, 'index.html').styles,
      ...chunkFiles(manifest, module).styles,
    ]);
    for (const file of files) {
      const css = await readFile(path.join(root, file), 'utf8').catch(() => undefined);
      if (css !== undefined) styles.set(`${WEB_BASE_PATH}/${file}`, css);
    }
    return styles;
  }

  async function sendIndex(c: Context<AppEnv>, relative: string, status: 200 | 404 = 200) {
    const html = await pageHtml(relative, new URL(c.req.url).searchParams);
    ensureCsrfCookie(c);
    return c.html(html, status, {
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
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
