import type { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { runnerOf } from '../jobs/registry.ts';
import { waitingJobs } from '../jobs/status.ts';

export function registerHealthRoutes(api: Hono<AppEnv>) {
  api.get('/health', async (c) => {
    const { database, config } = c.var.deps;
    const started = performance.now();
    const up = await database.ping();
    const latency = Math.round((performance.now() - started) * 10) / 10;
    const waiting = up ? await waitingJobs(database).catch(() => undefined) : undefined;
    const oldest = waiting?.length ? Math.max(...waiting.map((q) => q.oldestSeconds)) : 0;
    const body = {
      status: up ? 'ok' : 'degraded',
      version: config.version,
      database: {
        engine: database.kind,
        status: up ? 'up' : 'down',
        latency_ms: latency,
      },
      // docs/operations.md "What to watch": whether this instance runs jobs, and the backlog.
      jobs: {
        runner: runnerOf(database)?.running ? 'running' : 'stopped',
        waiting: waiting ? waiting.reduce((sum, q) => sum + q.count, 0) : null,
        oldest_waiting_seconds: waiting ? Math.round(oldest) : null,
      },
    };
    return c.json(body, up ? 200 : 503);
  });
}
