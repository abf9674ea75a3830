/**
 * The HTTP client of the web app: same-origin credentials, JSON, the CSRF header taken from the
 * CSRF cookie, one retry 800 ms after a timeout, and errors turned into the spec's messages
 * (portal.md §8) as {@link ApiFailure}. A 401 is handed to the unauthorized handler (the token
 * coordinator, machines/session/tokens.machine.ts), which decides: send it again, or give up.
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance, type Options } from 'ky';
import { isApiErrorBody, type ApiErrorBody } from '#shared/api-error';
import {
  API_BASE_PATH,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  SESSION_HINT_COOKIE_NAME,
  TIMERS,
} from '#shared/constants';
import { ERROR_MESSAGES, ERROR_TITLES } from '#shared/messages';

const SAFE_METHODS = new Set(['get', 'head', 'options']);

export class ApiFailure extends Error {
  constructor(
    /** 0 when no response arrived. */
    readonly status: number,
    message: string,
    readonly body?: ApiErrorBody,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }

  get title(): string | undefined {
    return this.body?.title;
  }

  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
}

export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The CSRF cookie carries the `__Host-` prefix when the site is served over HTTPS. */
export function csrfToken(cookies?: string): string | undefined {
  return readCookie(`__Host-${CSRF_COOKIE_NAME}`, cookies) ?? readCookie(CSRF_COOKIE_NAME, cookies);
}

/**
 * Whether the browser holds a session: the server sets the session hint cookie (with the
 * `__Host-` prefix over HTTPS) beside the HttpOnly session cookies and clears it with them.
 */
export function holdsSession(cookies: string = document.cookie): boolean {
  return cookies
    .split(';')
    .map((part) => part.trim().split('=')[0])
    .some(
      (name) => name === SESSION_HINT_COOKIE_NAME || name === `__Host-${SESSION_HINT_COOKIE_NAME}`,
    );
}

/** Turns anything a request can throw into an {@link ApiFailure} with the spec's message. */
export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (isTimeoutError(error) || isNetworkError(error))
    return new ApiFailure(0, ERROR_MESSAGES.timeout);
  if (isHTTPError(error)) {
    const status = error.response.status;
    const data: unknown = error.data;
    if (isApiErrorBody(data)) return new ApiFailure(status, data.msg || data.detail || '', data);
    if (typeof data === 'object' && data !== null && 'detail' in data) {
      const detail = (data as { detail: unknown }).detail;
      if (typeof detail === 'string') return new ApiFailure(status, detail);
    }
    // A gateway that could not reach the server.
    if (status === 502 || status === 504) return new ApiFailure(status, ERROR_MESSAGES.timeout);
    return new ApiFailure(status, ERROR_MESSAGES.noJsonBody);
  }
  return new ApiFailure(0, ERROR_MESSAGES.noJsonBody);
}

/** What a refused request already went through: each remedy is tried once per request. */
export interface UnauthorizedAttempt {
  retriedAfterRefresh: boolean;
  retriedAfterPassword: boolean;
}

/**
 * Decides about a 401: 'retry' sends the request again; a failure ends it with that failure
 * (for example "the action was cancelled").
 */
export type UnauthorizedHandler = (
  failure: ApiFailure,
  attempt: UnauthorizedAttempt,
) => Promise<'retry' | ApiFailure>;

let sharedUnauthorizedHandler: UnauthorizedHandler | undefined;

/** Every client without its own handler asks this one (the app sets the token coordinator). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  sharedUnauthorizedHandler = handler;
}

export interface ApiClientOptions {
  prefix?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retryDelayMs?: number;
  cookies?: () => string;
  /** Overrides the shared unauthorized handler (tests). */
  onUnauthorized?: UnauthorizedHandler;
}

export type RequestOptions = Options & {
  /**
   * false for the session calls themselves (login, refresh, re-authentication): their 401 is
   * the answer, not a reason to renew the session.
   */
  renewSession?: boolean;
};

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const instance: KyInstance = ky.create({
    prefix: options.prefix ?? API_BASE_PATH,
    credentials: 'same-origin',
    timeout: options.timeoutMs ?? 15_000,
    fetch: options.fetch,
    retry: {
      limit: 1,
      methods: ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'],
      statusCodes: [],
      retryOnTimeout: true,
      delay: () => options.retryDelayMs ?? TIMERS.requestRetryDelayMs,
      shouldRetry: ({ error }) => isTimeoutError(error),
    },
    headers: { Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = csrfToken(options.cookies?.());
          if (token) request.headers.set(CSRF_HEADER_NAME, token);
        },
      ],
    },
  });

  async function send<T>(path: string, requestOptions: Options): Promise<T> {
    try {
      const response = await instance(path.replace(/^\//, ''), requestOptions);
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (error) {
      throw toApiFailure(error);
    }
  }

  async function sendChecked<T>(path: string, requestOptions: Options): Promise<T> {
    const unsafe = !SAFE_METHODS.has((requestOptions.method ?? 'get').toLowerCase());
    // A first visit through a page the server did not render (development) has no CSRF cookie yet.
    if (unsafe && !csrfToken(options.cookies?.())) await send('csrf', { method: 'get' });
    try {
      return await send<T>(path, requestOptions);
    } catch (error) {
      // The server hands out a new CSRF cookie with its refusal: one retry picks it up.
      if (unsafe && error instanceof ApiFailure && error.title === ERROR_TITLES.csrfFailed) {
        return send<T>(path, requestOptions);
      }
      throw error;
    }
  }

  async function request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const { renewSession = true, ...kyOptions } = requestOptions;
    const attempt: UnauthorizedAttempt = {
      retriedAfterRefresh: false,
      retriedAfterPassword: false,
    };
    for (;;) {
      try {
        return await sendChecked<T>(path, kyOptions);
      } catch (error) {
        const handler = options.onUnauthorized ?? sharedUnauthorizedHandler;
        if (!(error instanceof ApiFailure) || error.status !== 401 || !renewSession || !handler)
          throw error;
        const decision = await handler(error, { ...attempt });
        if (decision !== 'retry') throw decision;
        if (error.title === ERROR_TITLES.freshTokenRequired) attempt.retriedAfterPassword = true;
        else attempt.retriedAfterRefresh = true;
      }
    }
  }

  return {
    request,
    get: (path, o) => request(path, { ...o, method: 'get' }),
    post: (path, json, o) => request(path, { ...o, method: 'post', json }),
    put: (path, json, o) => request(path, { ...o, method: 'put', json }),
    patch: (path, json, o) => request(path, { ...o, method: 'patch', json }),
    delete: (path, o) => request(path, { ...o, method: 'delete' }),
  };
}
