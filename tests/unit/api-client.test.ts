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
