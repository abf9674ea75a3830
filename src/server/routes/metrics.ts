/**
 * `GET /metrics`: Prometheus' text format, for each instance (scrape every instance, not the load
 * balancer). HTTP requests by method, route pattern (never the raw path) and status, and their
 * latency; jobs by queue and state, the waiting jobs' age, the runs of this process; the email
 * outbox's backlog; the PostgreSQL pool in use; Node's own process metrics.
 *
 * With METRICS_TOKEN it asks for `Authorization: Bearer <token>` (401 otherwise); without one it
 * answers in development only, and is not there (404) in production and tests.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppDeps, AppEnv } from '../context.ts';
import { runnerOf } from '../jobs/registry.ts';
import { jobCounts, outboxState, waitingJobs } from '../jobs/status.ts';
import { onDnsPublished } from '../dns/jobs.ts';
import { publicationState } from '../dns/publication.ts';
import { latestPassProgress } from '../billing/jobs.ts';

/** Where Prometheus scrapes, outside the API's base path. */
export const METRICS_PATH = '/metrics';

/** The route pattern that answered (`/manage/api/v1.0/bills/:id`), or `unmatched`. */
function routeOf(c: Context<AppEnv>): string {
  const handler = c.req.matchedRoutes.findLast((route) => route.method !== 'ALL');
  return handler?.path ?? 'unmatched';
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether the request may read the metrics: 'yes', 'no' (401) or 'absent' (404). */
function admitted(c: Context<AppEnv>, deps: AppDeps): 'yes' | 'no' | 'absent' {
  const token = deps.config.metricsToken;
  if (token === undefined) return deps.config.mode === 'development' ? 'yes' : 'absent';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
  if (!match?.[1]) return 'no';
  return timingSafeEqual(digest(match[1]), digest(token)) ? 'yes' : 'no';
}

function newMetrics(deps: AppDeps) {
  const registry = new Registry();
  const registers = [registry];
  /** A gauge of this registry: its name, what it shows, and its labels if any. */
  const gauge = <L extends string = string>(name: string, help: string, labelNames: L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  const { database } = deps;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const jobs = gauge(
    'jobs',
    'Jobs in the job table, by queue (job kind, or kind.dead) and state.',
    ['queue', 'state'],
  );
  const oldestWaiting = gauge(
    'jobs_oldest_waiting_seconds',
    'Age of the oldest job waiting for a run or a retry, by queue.',
    ['queue'],
  );
  const runnerRunning = gauge('job_runner_running', '1 when this instance runs jobs.');
  const runs = gauge(
    'job_runs',
    'Jobs this instance has run since it started, by queue and outcome.',
    ['queue', 'outcome'],
  );
  const unsent = gauge('mail_outbox_unsent', 'Emails neither sent nor given up.');
  const oldestUnsent = gauge(
    'mail_outbox_oldest_unsent_seconds',
    'Age of the oldest email neither sent nor given up (0 when none).',
  );
  const failed = gauge(
    'mail_outbox_failed_last_week',
    'Emails of the last 7 days that were given up.',
  );
  // DNS publication (docs/operations.md), unless DNS_PUBLISHER=none (nothing is published).
  const dns =
    deps.config.dns.publisher === 'none'
      ? undefined
      : {
          lag: gauge(
            'dns_publication_lag_seconds',
            'Age of the oldest DNS change not yet published (0 when none).',
          ),
          waiting: gauge(
            'dns_publications_waiting',
            'Served names (zones, aliases) with a change not yet published, by state.',
            ['state'],
          ),
          published: new Histogram({
            name: 'dns_publication_seconds',
            help: "Time from a DNS change's commit to its publication by this instance.",
            buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
            registers,
          }),
        };
  if (dns) onDnsPublished(database, (seconds) => dns.published.observe(seconds));
  const passCustomers = gauge(
    'billing_pass_customers',
    'The latest billing pass (its billing date): customers done and in total.',
    ['date', 'state'],
  );
  const passRunning = gauge(
    'billing_pass_running',
    '1 while the latest billing pass has customers left to do.',
  );
  const pool = database.poolUse
    ? {
        connections: gauge(
          'db_pool_connections',
          'PostgreSQL connections of this instance, by state (idle or busy).',
          ['state'],
        ),
        waiting: gauge(
          'db_pool_waiting',
          'Queries of this instance waiting for a PostgreSQL connection.',
        ),
      }
    : undefined;

  /** Reads what the gauges show: the pool first (as it was before this scrape's queries). */
  async function refresh() {
    const use = database.poolUse?.();
    if (pool && use) {
      pool.connections.set({ state: 'idle' }, use.idle);
      pool.connections.set({ state: 'busy' }, use.total - use.idle);
      pool.waiting.set(use.waiting);
    }
    const runner = runnerOf(database);
    runnerRunning.set(runner?.running ? 1 : 0);
    runs.reset();
    for (const [queue, tally] of runner?.runs() ?? []) {
      runs.set({ queue, outcome: 'completed' }, tally.completed);
      runs.set({ queue, outcome: 'failed' }, tally.failed);
    }
    const counts = await jobCounts(database);
    jobs.reset();
    for (const row of counts) jobs.set({ queue: row.queue, state: row.state }, row.count);
    const waiting = await waitingJobs(database);
    oldestWaiting.reset();
    for (const row of waiting) oldestWaiting.set({ queue: row.queue }, row.oldestSeconds);
    const outbox = await outboxState(database);
    unsent.set(outbox.unsent);
    oldestUnsent.set(outbox.oldestUnsentSeconds);
    failed.set(outbox.failedLastWeek);
    if (dns) {
      const publication = await publicationState(database.db);
      dns.lag.set(publication.oldestUnpublishedSeconds);
      dns.waiting.set({ state: 'pending' }, publication.pending);
      dns.waiting.set({ state: 'failed' }, publication.failed);
    }
    const pass = await latestPassProgress(database.db);
    passCustomers.reset();
    if (pass) {
      passCustomers.set({ date: pass.key, state: 'done' }, pass.done);
      passCustomers.set({ date: pass.key, state: 'total' }, pass.total);
    }
    passRunning.set(pass && pass.done < pass.total ? 1 : 0);
  }

  let processMetrics = false;
  return {
    requests,
    latency,
    /** The text to answer; Node's process metrics are collected from the first scrape on. */
    text: async () => {
      if (!processMetrics) collectDefaultMetrics({ register: registry });
      processMetrics = true;
      await refresh();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}

/**
 * Counts every request of `app` (install before any route) and serves {@link METRICS_PATH}.
 */
export function installMetrics(app: Hono<AppEnv>, deps: AppDeps): void {
  const metrics = newMetrics(deps);
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const route = routeOf(c);
    if (route === METRICS_PATH) return;
    const method = c.req.method;
    metrics.requests.inc({ method, route, status: String(c.res.status) });
    metrics.latency.observe({ method, route }, (performance.now() - started) / 1000);
  });
  app.get(METRICS_PATH, async (c) => {
    const admission = admitted(c, deps);
    if (admission === 'absent') {
      return c.json(
        { status: 404, title: 'Not found', msg: `There is nothing at GET ${METRICS_PATH}.` },
        404,
      );
    }
    if (admission === 'no') {
      return c.json(
        {
          status: 401,
          title: 'Not authorized',
          msg: 'The metrics need the bearer token configured as METRICS_TOKEN.',
        },
        401,
        { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      );
    }
    return c.body(await metrics.text(), 200, {
      'Content-Type': metrics.contentType,
      'Cache-Control': 'no-store',
    });
  });
}
