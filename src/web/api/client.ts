/**
 * The HTTP client of the web app, a small wrapper around `fetch`: same-origin credentials, JSON,
 * the CSRF header taken from the CSRF cookie, a timeout on each attempt and one retry 800 ms after
 * a timeout, and errors turned into the spec's messages (portal.md §8) as {@link ApiFailure}. A
 * 401 is handed to the unauthorized handler (the token coordinator,
 * machines/session/tokens.machine.ts), which decides: send it again, or give up.
 */
import { isApiErrorBody, type ApiErrorBody } from '#shared/api-error';
import {
  API_BASE_PATH,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  SESSION_HINT_COOKIE_NAME,
  TIMERS,
} from '#shared/first-load-constants';
import { ERROR_MESSAGES, ERROR_TITLES } from '#shared/messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How long one attempt may wait for the server's answer before it counts as timed out. */
export const REQUEST_TIMEOUT_MS = 15_000;

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

/** An attempt that got no answer in time, or no answer at all. */
class NoAnswer extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? 'timeout' : 'network error');
  }
}

/** An answer outside 2xx, with its body: parsed when it is JSON, else its text. */
class RefusedAnswer extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Turns anything a request can throw into an {@link ApiFailure} with the spec's message. */
export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (error instanceof NoAnswer) return new ApiFailure(0, ERROR_MESSAGES.timeout);
  if (error instanceof RefusedAnswer) {
    const { status, data } = error;
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

const isJsonType = (contentType: string | null) =>
  /\/(?:.*[.+-])?json$/i.test((contentType ?? '').split(';', 1)[0].trim());

async function refusal(response: Response): Promise<RefusedAnswer> {
  let data: unknown;
  try {
    const text = await response.text();
    data = text && isJsonType(response.headers.get('content-type')) ? JSON.parse(text) : text;
  } catch {
    data = undefined;
  }
  return new RefusedAnswer(response.status, data);
}

/**
 * One attempt: fails with {@link NoAnswer} when no answer came within `timeoutMs` (aborting the
 * request) or the network failed, and with the caller's reason when the caller aborted.
 */
function attempt(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  callerSignal: AbortSignal | null | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const controller = new AbortController();
    const abort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) abort();
    else callerSignal?.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(() => {
      controller.abort();
      reject(new NoAnswer(true));
    }, timeoutMs);
    fetcher(url, { ...init, signal: controller.signal })
      .then(resolve, () =>
        reject(callerSignal?.aborted ? callerSignal.reason : new NoAnswer(false)),
      )
      .finally(() => {
        clearTimeout(timer);
        callerSignal?.removeEventListener('abort', abort);
      });
  });
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', done);
      resolve();
    }, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
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

export interface RequestOptions {
  method?: string;
  /** Sent as the JSON body. */
  json?: unknown;
  /** Added to the URL's query; `undefined` values are left out. */
  searchParams?: URLSearchParams | Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How long each attempt may take, in ms (default: the client's). */
  timeout?: number;
  /**
   * false for the session calls themselves (login, refresh, re-authentication): their 401 is
   * the answer, not a reason to renew the session.
   */
  renewSession?: boolean;
  /** 'blob' answers the body as a file (a PDF, a zone file) instead of reading it as JSON. */
  as?: 'json' | 'blob';
}

type SendOptions = Omit<RequestOptions, 'renewSession'>;

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const prefix = (options.prefix ?? API_BASE_PATH).replace(/\/+$/, '');
  const fetcher: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));

  function urlOf(path: string, searchParams: SendOptions['searchParams']): string {
    const url = `${prefix}/${path.replace(/^\/+/, '')}`;
    const query = new URLSearchParams(
      searchParams instanceof URLSearchParams
        ? searchParams
        : Object.entries(searchParams ?? {}).flatMap(([key, value]) =>
            value === undefined ? [] : [[key, String(value)]],
          ),
    ).toString();
    return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
  }

  async function send<T>(path: string, requestOptions: SendOptions): Promise<T> {
    const { method = 'GET', json, searchParams, signal, timeout, as = 'json' } = requestOptions;
    const headers = new Headers({
      Accept: as === 'blob' ? '*/*' : 'application/json',
      ...requestOptions.headers,
    });
    if (json !== undefined && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    const token = csrfToken(options.cookies?.());
    if (token) headers.set(CSRF_HEADER_NAME, token);
    const init: RequestInit = {
      method: method.toUpperCase(),
      headers,
      credentials: 'same-origin',
      body: json === undefined ? undefined : JSON.stringify(json),
    };
    const url = urlOf(path, searchParams);
    const timeoutMs = timeout ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    try {
      let response: Response;
      try {
        response = await attempt(fetcher, url, init, timeoutMs, signal);
      } catch (error) {
        if (!(error instanceof NoAnswer && error.timedOut)) throw error;
        // One retry after a timeout, whatever the method.
        await wait(options.retryDelayMs ?? TIMERS.requestRetryDelayMs, signal);
        response = await attempt(fetcher, url, init, timeoutMs, signal);
      }
      if (!response.ok) throw await refusal(response);
      if (response.status === 204) return undefined as T;
      if (as === 'blob') return (await response.blob()) as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (error) {
      throw toApiFailure(error);
    }
  }

  async function sendChecked<T>(path: string, requestOptions: SendOptions): Promise<T> {
    const unsafe = !SAFE_METHODS.has((requestOptions.method ?? 'GET').toUpperCase());
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
    const { renewSession = true, ...sendOptions } = requestOptions;
    const attempt: UnauthorizedAttempt = {
      retriedAfterRefresh: false,
      retriedAfterPassword: false,
    };
    for (;;) {
      try {
        return await sendChecked<T>(path, sendOptions);
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
