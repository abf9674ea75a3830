import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_ACCESS } from '../../src/server/session/endpoints.ts';
import { PUBLIC, type AccessRule } from '../../src/server/session/rules.ts';
import { createLogger } from '../../src/server/logger.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.ts';

const logLines: Record<string, unknown>[] = [];
const logSink = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    callback();
  },
});

let t: TestApp;
const testRules = ENDPOINT_ACCESS as Record<string, AccessRule>;

beforeAll(async () => {
  t = await createTestApp({ logger: createLogger('info', logSink) });
  // Every endpoint needs an access rule (a route without one is refused). The table is shared by
  // every test file of this worker (modules are not isolated), so the rule goes again in afterAll.
  testRules['GET /__test/explode'] = PUBLIC;
  t.app.get('/manage/api/v1.0/__test/explode', () => {
    throw new Error('kaboom in a handler');
  });
});
afterAll(async () => {
  delete testRules['GET /__test/explode'];
  await t.close();
});

async function expectJsonError(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status, title: expect.any(String), msg: expect.any(String) });
  expect(JSON.stringify(body)).not.toMatch(/at .+\.ts:\d+/);
  return body;
}

describe('health', () => {
  it('reports the database and the build version', async () => {
    const response = await t.api('/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: t.config.version,
      database: { status: 'up', engine: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    });
  });
});

describe('errors are JSON and 4xx for bad requests', () => {
  it('answers an unknown route with 404', async () => {
    const body = await expectJsonError(await t.api('/no/such/thing'), 404);
    expect(body.msg).toContain('/manage/api/v1.0/no/such/thing');
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const response = await t.api('/health', { method: 'DELETE' });
    await expectJsonError(response, 405);
    expect(response.headers.get('allow')).toContain('GET');
  });

  it('answers malformed JSON with 400', async () => {
    const body = await expectJsonError(
      await t.client().post('/client_errors', '{"message": "oops",'),
      400,
    );
    expect(body.msg).toBe('The request body is not valid JSON.');
  });

  it('answers a body that is not JSON with 415', async () => {
    await expectJsonError(
      await t.client().post('/client_errors', 'message=hi', {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
      415,
    );
  });

  it('answers a body over the size limit with 413', async () => {
    const huge = JSON.stringify({ message: 'x'.repeat(1_100_000), url: '/' });
    await expectJsonError(await t.client().post('/client_errors', huge), 413);
  });

  it('answers input that fails the schema with 422 and field errors', async () => {
    const body = await expectJsonError(
      await t.client().post('/client_errors', { message: '', url: 42, extra: true }),
      422,
    );
    expect(body.errors).toMatchObject({ message: 'message is required', url: 'url must be text' });
  });

  it('answers text no database can hold (NUL, a lone surrogate) with 422 on its fields', async () => {
    const body = await expectJsonError(
      await t.client().post('/client_errors', {
        message: 'before\u0000after',
        url: '/control/\ud800',
        extra: { nested: ['fine', 'half \udc00'] },
      }),
      422,
    );
    expect(body.errors).toEqual({
      message: FIELD_MESSAGES.unacceptableCharacter,
      url: FIELD_MESSAGES.unacceptableCharacter,
      'extra.nested.1': FIELD_MESSAGES.unacceptableCharacter,
    });
    // A whole surrogate pair is ordinary text.
    const emoji = await t.client().post('/client_errors', { message: 'ok 🙂', url: '/control/' });
    expect(emoji.status).toBe(204);
  });

  it('accepts a valid report', async () => {
    const response = await t.client().post('/client_errors', {
      message: 'TypeError: x is undefined',
      url: '/control/account/',
    });
    expect(response.status).toBe(204);
    expect(logLines.some((l) => l.msg === 'client error')).toBe(true);
  });
});

describe('CSRF protection', () => {
  it('hands every visitor a CSRF cookie that scripts can read', async () => {
    const response = await t.api('/csrf');
    expect(response.status).toBe(204);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('csrf_token='));
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('refuses a state-changing request without the CSRF header with 403', async () => {
    const client = t.client();
    await client.get('/csrf');
    const response = await client.post(
      '/client_errors',
      { message: 'x', url: '/' },
      { csrf: false },
    );
    const body = await expectJsonError(response, 403);
    expect(body.title).toBe('CSRF check failed');
  });

  it('refuses a CSRF header that does not match the cookie with 403', async () => {
    const client = t.client();
    await client.get('/csrf');
    const response = await client.post(
      '/client_errors',
      { message: 'x', url: '/' },
      { csrf: 'forged-token' },
    );
    await expectJsonError(response, 403);
  });

  it('gives a fresh cookie with the refusal when the visitor had none', async () => {
    const response = await t.api('/client_errors', jsonRequest('POST', { message: 'x', url: '/' }));
    await expectJsonError(response, 403);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('csrf_token='))).toBe(true);
  });

  it('marks the cookie Secure with the __Host- prefix over HTTPS', async () => {
    const response = await t.app.request('https://portal.example/manage/api/v1.0/csrf');
    const cookie = response.headers.getSetCookie()[0];
    expect(cookie).toMatch(/^__Host-csrf_token=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
  });
});

describe('unexpected exceptions', () => {
  it('answer 500 JSON with a request id, and the log holds the stack', async () => {
    const response = await t.api('/__test/explode');
    const body = await expectJsonError(response, 500);
    expect(body.request_id).toEqual(expect.any(String));
    expect(body.msg).toContain(String(body.request_id));
    expect(JSON.stringify(body)).not.toContain('kaboom');
    const logged = logLines.find((l) => l.msg === 'unexpected error');
    expect(logged?.req_id).toBe(body.request_id);
    expect(JSON.stringify(logged)).toContain('kaboom in a handler');
    expect((logged?.err as { stack?: string }).stack).toMatch(/foundation\.test\.ts/);
  });
});

describe('request log', () => {
  it('writes one line per request with id, route, status and duration', async () => {
    const response = await t.api('/health');
    const id = response.headers.get('x-request-id');
    const line = logLines.find((l) => l.msg === 'request' && l.req_id === id);
    expect(line).toMatchObject({ route: '/manage/api/v1.0/health', status: 200, method: 'GET' });
    expect(line?.ms).toEqual(expect.any(Number));
  });
});
