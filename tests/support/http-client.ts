/**
 * A browser-like client for API tests: it keeps the cookies the server sets (as a browser would
 * for this origin) and echoes the CSRF cookie in the CSRF header on state-changing requests.
 * Works over `app.request` (in process) or over real HTTP against a running server.
 */
import { API_BASE_PATH, CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '../../src/shared/constants.ts';

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Leave the CSRF header out (to test the refusal). */
  csrf?: boolean | string;
}

export class CookieClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly fetcher: Fetcher,
    /** Prefixed to paths: by default the API base path. */
    private readonly base: string = API_BASE_PATH,
  ) {}

  /** A client over an in-process Hono app. */
  static forApp(app: { request(url: string, init: RequestInit): Response | Promise<Response> }) {
    return new CookieClient(async (url, init) => app.request(url, init));
  }

  /** A client over HTTP, for a server listening at `origin` (http://host:port). */
  static forOrigin(origin: string) {
    return new CookieClient((url, init) =>
      fetch(`${origin}${url}`, { ...init, redirect: 'manual' }),
    );
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(`__Host-${name}`) ?? this.cookies.get(name);
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, decodeURIComponent(value));
    }
  }

  async request(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
    if (unsafe && options.csrf !== false) {
      if (!this.cookie(CSRF_COOKIE_NAME) && typeof options.csrf !== 'string') {
        await this.request('GET', '/csrf');
      }
      const token = typeof options.csrf === 'string' ? options.csrf : this.cookie(CSRF_COOKIE_NAME);
      if (token) headers[CSRF_HEADER_NAME] = token;
    }
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies]
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('; ');
    }
    const response = await this.fetcher(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    this.remember(response);
    return response;
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, undefined, options);
  post = (path: string, body?: unknown, options?: RequestOptions) =>
    this.request('POST', path, body ?? {}, options);
  put = (path: string, body?: unknown, options?: RequestOptions) =>
    this.request('PUT', path, body ?? {}, options);
  patch = (path: string, body?: unknown, options?: RequestOptions) =>
    this.request('PATCH', path, body ?? {}, options);
  delete = (path: string, options?: RequestOptions) =>
    this.request('DELETE', path, undefined, options);
}
