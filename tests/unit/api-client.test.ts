import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../src/shared/messages.ts';
import { ApiFailure, createApiClient, csrfToken, holdsSession } from '../../src/web/api/client.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the web HTTP client', () => {
  let calls: Request[];
  beforeEach(() => {
    calls = [];
  });
  afterEach(() => vi.useRealTimers());

  function client(
    respond: (request: Request, attempt: number) => Promise<Response> | Response,
    timeoutMs = 1000,
  ) {
    return createApiClient({
      prefix: 'http://localhost/manage/api/v1.0',
      timeoutMs,
      retryDelayMs: 50,
      cookies: () => 'other=1; csrf_token=abc%20123',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        calls.push(request);
        return respond(request, calls.length);
      },
    });
  }

  it('sends JSON to the API base with the CSRF header from the cookie', async () => {
    const api = client(() => json({ ok: true }));
    await expect(api.post('/things', { a: 1 })).resolves.toEqual({ ok: true });
    expect(calls[0].url).toBe('http://localhost/manage/api/v1.0/things');
    expect(calls[0].headers.get('X-CSRF-Token')).toBe('abc 123');
    expect(calls[0].headers.get('content-type')).toMatch(/application\/json/);
    expect(await calls[0].json()).toEqual({ a: 1 });
  });

  it('prefers the __Host- CSRF cookie served over HTTPS', () => {
    expect(csrfToken('__Host-csrf_token=secure; csrf_token=plain')).toBe('secure');
  });

  it('retries a timed-out call once, then succeeds', async () => {
    const api = client(
      (request, attempt) =>
        attempt === 1
          ? new Promise<Response>((_, reject) =>
              request.signal.addEventListener('abort', () => reject(request.signal.reason)),
            )
          : json({ second: true }),
      100,
    );
    await expect(api.get('/slow')).resolves.toEqual({ second: true });
    expect(calls).toHaveLength(2);
  });

  it('gives the timeout message when the retry times out too', async () => {
    const api = client(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
      100,
    );
    const failure = await api.get('/slow').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).message).toBe(ERROR_MESSAGES.timeout);
    expect(calls).toHaveLength(2);
  });

  it('does not retry an HTTP error', async () => {
    const api = client(() => json({ status: 500, title: 'x', msg: 'Database is down' }, 500));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 500, message: 'Database is down' });
    expect(calls).toHaveLength(1);
  });

  it('takes the message from msg, else detail, else the no-JSON message', async () => {
    const fromMsg = client(() =>
      json(
        { status: 422, title: 'Validation failed', msg: 'Bad zip', errors: { zip: 'Bad zip' } },
        422,
      ),
    );
    const failure = (await fromMsg.post('/x', {}).catch((e: unknown) => e)) as ApiFailure;
    expect(failure.message).toBe('Bad zip');
    expect(failure.fieldErrors).toEqual({ zip: 'Bad zip' });
    expect(failure.title).toBe('Validation failed');

    const fromDetail = client(() => json({ detail: 'Record type not allowed' }, 400));
    await expect(fromDetail.get('/x')).rejects.toMatchObject({
      message: 'Record type not allowed',
    });

    const noJson = client(() => new Response('<html>oops</html>', { status: 500 }));
    await expect(noJson.get('/x')).rejects.toMatchObject({ message: ERROR_MESSAGES.noJsonBody });

    const proxy = client(() => new Response('Bad gateway', { status: 502 }));
    await expect(proxy.get('/x')).rejects.toMatchObject({ message: ERROR_MESSAGES.timeout });
  });

  it('adds the query, per-request headers, Accept and same-origin credentials, and sends PATCH as PATCH', async () => {
    const api = client(() => json({}));
    await api.get('/search', { searchParams: { q: 'a b', n: 2, ok: true, none: undefined } });
    await api.get('search', { searchParams: new URLSearchParams({ uid: 'x&y' }) });
    await api.patch('/me', { a: 1 }, { headers: { 'Idempotency-Key': 'k1' } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET http://localhost/manage/api/v1.0/search?q=a+b&n=2&ok=true',
      'GET http://localhost/manage/api/v1.0/search?uid=x%26y',
      'PATCH http://localhost/manage/api/v1.0/me',
    ]);
    expect(calls[0].headers.get('accept')).toBe('application/json');
    expect(calls[0].credentials).toBe('same-origin');
    expect(calls[2].headers.get('Idempotency-Key')).toBe('k1');
    expect(calls[2].headers.get('X-CSRF-Token')).toBe('abc 123');
  });

  it('a request may allow itself a longer timeout than the client’s', async () => {
    const api = client(
      () => new Promise<Response>((resolve) => setTimeout(() => resolve(json({ late: 1 })), 150)),
      50,
    );
    await expect(api.post('/slow', {}, { timeout: 1000 })).resolves.toEqual({ late: 1 });
    expect(calls).toHaveLength(1);
  });

  it('gives the timeout message for a network failure, without retrying it', async () => {
    const api = client(() => Promise.reject(new TypeError('fetch failed')));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 0,
      message: ERROR_MESSAGES.timeout,
    });
    expect(calls).toHaveLength(1);
  });

  it('does not retry a call its caller aborted', async () => {
    const api = client(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    const controller = new AbortController();
    const pending = api.get('/x', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(ApiFailure);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(1);
  });

  it('fetches a CSRF cookie before a write when it has none', async () => {
    let cookies = '';
    const api = createApiClient({
      prefix: 'http://localhost/manage/api/v1.0',
      cookies: () => cookies,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        calls.push(request);
        if (request.url.endsWith('/csrf')) cookies = 'csrf_token=fresh';
        return json({});
      },
    });
    await api.post('/things', {});
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'GET /manage/api/v1.0/csrf',
      'POST /manage/api/v1.0/things',
    ]);
    expect(calls[1].headers.get('X-CSRF-Token')).toBe('fresh');
  });

  it('answers 204 with undefined', async () => {
    const api = client(() => new Response(null, { status: 204 }));
    await expect(api.delete('/x')).resolves.toBeUndefined();
  });
});

describe('holdsSession', () => {
  it('is true only when the session hint cookie is there, with or without the __Host- prefix', () => {
    expect(holdsSession('')).toBe(false);
    expect(holdsSession('csrf_token=abc; theme=dark')).toBe(false);
    expect(holdsSession('not_has_session=1; has_session_x=1')).toBe(false);
    expect(holdsSession('csrf_token=abc; has_session=1')).toBe(true);
    expect(holdsSession('__Host-has_session=1;__Host-csrf_token=abc')).toBe(true);
    // A broken escape elsewhere does not matter.
    expect(holdsSession('x=%E0%A4%A; has_session=1')).toBe(true);
  });
});
