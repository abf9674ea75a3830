/**
 * The web client and the token coordinator together: a 401 asks the coordinator, concurrent 401s
 * share one refresh, each request is retried once, and an ended session fails them all.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { SESSION_NOTICES } from '../../src/shared/session/messages.ts';
import type { SessionUser } from '../../src/shared/session/types.ts';
import { tokensWithCalls } from '../../machines/session/tokens.machine.ts';
import { DEMO_USER as demo } from '../../machines/session/samples.ts';
import { ApiFailure, createApiClient, type UnauthorizedHandler } from '../../src/web/api/client.ts';
import { relativeHref, safeRedirect } from '../../src/web/app/navigation.ts';
import { unauthorizedHandlerFor } from '../../src/web/features/session/session-actors.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(
  respond: (request: Request) => Promise<Response> | Response,
  onUnauthorized?: UnauthorizedHandler,
) {
  const calls: string[] = [];
  const api = createApiClient({
    prefix: 'http://localhost/manage/api/v1.0',
    cookies: () => 'csrf_token=t',
    onUnauthorized,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      calls.push(
        `${request.method} ${new URL(request.url).pathname.replace('/manage/api/v1.0', '')}`,
      );
      return respond(request);
    },
  });
  return { api, calls };
}

describe('the client asks about a 401', () => {
  it('sends the request again when told to retry', async () => {
    let refused = false;
    const handler = vi.fn<UnauthorizedHandler>(async () => 'retry');
    const { api, calls } = client(() => {
      if (refused) return json({ ok: true });
      refused = true;
      return json({ status: 401, title: 'Access token expired', msg: 'x' }, 401);
    }, handler);
    await expect(api.get('/user/info')).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['GET /user/info', 'GET /user/info']);
    expect(handler).toHaveBeenCalledWith(expect.any(ApiFailure), {
      retriedAfterRefresh: false,
      retriedAfterPassword: false,
    });
  });

  it('answers a file download renewed after a 401 with the file, not its JSON refusal', async () => {
    // An invoice's PDF asked for just as the access token runs out (issue 11: a download left to a
    // plain link came back refused and was cancelled).
    let refused = false;
    const { api, calls } = client(
      (request) => {
        if (refused) {
          expect(request.headers.get('accept')).toBe('*/*');
          return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
        }
        refused = true;
        return json({ status: 401, title: 'Access token expired', msg: 'x' }, 401);
      },
      async () => 'retry',
    );
    const file = await api.get<Blob>('/billing/bills/7/pdf', { as: 'blob' });
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.7');
    expect(calls).toEqual(['GET /billing/bills/7/pdf', 'GET /billing/bills/7/pdf']);
  });

  it('tells the handler what a request already went through', async () => {
    const attempts: unknown[] = [];
    const titles = ['Access token expired', ERROR_TITLES.freshTokenRequired];
    const { api } = client(
      () => {
        const title = titles.shift();
        return title ? json({ status: 401, title, msg: 'x' }, 401) : json({ msg: 'done' });
      },
      async (_failure, attempt) => {
        attempts.push(attempt);
        return 'retry';
      },
    );
    await expect(api.post('/token/password_reset', {})).resolves.toEqual({ msg: 'done' });
    expect(attempts).toEqual([
      { retriedAfterRefresh: false, retriedAfterPassword: false },
      { retriedAfterRefresh: true, retriedAfterPassword: false },
    ]);
  });

  it('fails with the handler’s answer, and never asks about the session calls themselves', async () => {
    const cancelled = new ApiFailure(401, SESSION_NOTICES.reauthCancelled);
    const handler = vi.fn<UnauthorizedHandler>(async () => cancelled);
    const { api } = client(
      () =>
        json(
          { status: 401, title: 'Login failed', msg: 'The username or password is incorrect.' },
          401,
        ),
      handler,
    );
    await expect(api.post('/token/password_reset', {})).rejects.toBe(cancelled);
    handler.mockClear();
    await expect(api.post('/auth/tokens', {}, { renewSession: false })).rejects.toMatchObject({
      status: 401,
      title: 'Login failed',
    });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('the client with the token coordinator', () => {
  function wire(refreshAnswer: () => Response) {
    let expired = true;
    const ended = vi.fn();
    // The client asks the coordinator, whose refresh goes through the same client.
    let ask: UnauthorizedHandler = async (failure) => failure;
    const { api, calls } = client(
      (request) => {
        if (new URL(request.url).pathname.endsWith('/auth/refresh_token')) {
          const answer = refreshAnswer();
          if (answer.ok) expired = false;
          return answer;
        }
        return expired
          ? json({ status: 401, title: 'Access token expired', msg: 'x' }, 401)
          : json({ path: new URL(request.url).pathname });
      },
      (failure, attempt) => ask(failure, attempt),
    );
    const tokens = createActor(
      tokensWithCalls({
        refreshToken: fromPromise(() =>
          api.post<SessionUser>('/auth/refresh_token', {}, { renewSession: false }),
        ),
      }).provide({ actions: { 'end session': ended } }),
    ).start();
    ask = unauthorizedHandlerFor(tokens);
    return { api, calls, ended };
  }

  it('three concurrent 401s cause exactly one refresh, then each request is retried once', async () => {
    const { api, calls } = wire(() => json(demo));
    const results = await Promise.all([
      api.get('/user/info'),
      api.get('/user/profile'),
      api.get('/perms/schema'),
    ]);
    expect(results.map((r) => (r as { path: string }).path)).toEqual([
      '/manage/api/v1.0/user/info',
      '/manage/api/v1.0/user/profile',
      '/manage/api/v1.0/perms/schema',
    ]);
    expect(calls.filter((c) => c === 'POST /auth/refresh_token')).toHaveLength(1);
    expect(calls.filter((c) => c === 'GET /user/info')).toHaveLength(2);
  });

  it('a refused refresh fails every waiting request with the timeout notice and ends the session', async () => {
    const { api, calls, ended } = wire(() =>
      json({ status: 401, title: 'Refresh failed', msg: 'Your session has ended.' }, 401),
    );
    const outcomes = await Promise.allSettled([api.get('/user/info'), api.get('/user/profile')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    for (const outcome of outcomes)
      expect((outcome as PromiseRejectedResult).reason.message).toBe(SESSION_NOTICES.timedOut);
    expect(calls.filter((c) => c === 'POST /auth/refresh_token')).toHaveLength(1);
    expect(ended).toHaveBeenCalledOnce();
  });
});

describe('navigation helpers', () => {
  it('keeps addresses relative to the web base path', () => {
    expect(relativeHref('/control/billing/', '?tab=bills')).toBe('/billing/?tab=bills');
    expect(relativeHref('/billing/', 'tab=bills')).toBe('/billing/?tab=bills');
    expect(relativeHref('/control')).toBe('/');
  });

  it('follows only redirects inside the app', () => {
    expect(safeRedirect('/admin/')).toBe('/admin/');
    expect(safeRedirect('/control/billing/?a=1')).toBe('/billing/?a=1');
    expect(safeRedirect('//evil.example/')).toBeNull();
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('/login/?redirect=/x')).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
});
