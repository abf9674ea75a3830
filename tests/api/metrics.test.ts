/**
 * GET /metrics (docs/operations.md "What to watch"): Prometheus' text format with requests and
 * their latency by route pattern (never the raw path), jobs by queue and state and the oldest
 * waiting job's age, the email outbox's backlog; open in development, and outside it only with
 * the bearer token of METRICS_TOKEN (404 without one configured, 401 without the right one).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/shared/constants.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { queueMailRows } from '../../src/server/mail/outbox.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function app(env: Record<string, string>) {
  const made = await createTestApp({ env });
  apps.push(made);
  return made;
}

const TOKEN = 'metrics-token-of-24-characters-or-more';
const PRODUCTION = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://portal.example',
};

function metrics(t: TestApp, headers: Record<string, string> = {}) {
  return Promise.resolve(t.app.request('/metrics', { headers }));
}

/** The value of the sample `name{labels}` in the text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => have.includes(label))) return Number(match[3]);
  }
  return undefined;
}

describe('in development', () => {
  it('answers without a token, with requests by route pattern, jobs and the outbox', async () => {
    const t = await app({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9' });
    expect((await t.api('/health')).status).toBe(200);
    expect((await t.api('/health')).status).toBe(200);
    // A route with a parameter, refused before its handler (not logged in).
    expect((await t.api('/billing/bills/918273')).status).toBe(401);
    expect((await t.api('/no/such/route/5551234')).status).toBe(404);
    await queueMailRows(t, t.database.db, [
      { to: 'waiting@example.test', subject: 'Waiting', text: 'W', html: '<p>W</p>' },
    ]);
    await t.database.executeSql(
      `update ${JOB_SCHEMA}.job set created_on = now() - interval '5 minutes'
        where name = 'mail.deliver'`,
    );

    const response = await metrics(t);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: `${API_BASE_PATH}/health`,
        status: '200',
      }),
    ).toBe(2);
    expect(
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: `${API_BASE_PATH}/billing/bills/:id`,
        status: '401',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(1);
    // The raw paths are in no name or label. (Not looked for in the values: durations and
    // memory sizes hold dozens of random digits, which spelled 918273 about once in 10,000 runs.)
    const namesAndLabels = text
      .split('\n')
      .map((line) => (line.startsWith('#') ? line : line.replace(/ \S+$/, '')))
      .join('\n');
    expect(namesAndLabels).toContain('http_requests_total{');
    expect(namesAndLabels).not.toContain('918273');
    expect(namesAndLabels).not.toContain('5551234');
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: `${API_BASE_PATH}/health`,
      }),
    ).toBe(2);
    expect(sample(text, 'jobs', { queue: 'mail.deliver', state: 'created' })).toBe(1);
    const age = sample(text, 'jobs_oldest_waiting_seconds', { queue: 'mail.deliver' });
    expect(age).toBeGreaterThanOrEqual(300);
    expect(age).toBeLessThan(360);
    expect(sample(text, 'job_runner_running')).toBe(0);
    expect(sample(text, 'mail_outbox_unsent')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mail_outbox_failed_last_week')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting')).toBe(0);
    }
  });
});

describe('in production', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const t = await app(PRODUCTION);
    expect((await metrics(t)).status).toBe(404);
    expect((await metrics(t, { Authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });

  it('asks for its bearer token, and answers with it', async () => {
    const t = await app({ ...PRODUCTION, METRICS_TOKEN: TOKEN });
    const wrong: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong-token-of-24-characters-or-more' },
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { Authorization: TOKEN },
    ];
    for (const headers of wrong) {
      const refused = await metrics(t, headers);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await refused.text()).not.toContain('http_requests_total');
    }
    const accepted = await metrics(t, { Authorization: `Bearer ${TOKEN}` });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain('# TYPE http_requests_total counter');
  });
});

describe('in tests', () => {
  it('is not there without METRICS_TOKEN either', async () => {
    const t = await app({});
    expect((await metrics(t)).status).toBe(404);
  });
});
