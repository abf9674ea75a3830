import type { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export function registerHealthRoutes(api: Hono<AppEnv>) {
  api.get('/health', async (c) => {
    const { database, config } = c.var.deps;
    const started = performance.now();
    const up = await database.ping();
    const body = {
      status: up ? 'ok' : 'degraded',
      version: config.version,
      database: {
        engine: database.kind,
        status: up ? 'up' : 'down',
        latency_ms: Math.round((performance.now() - started) * 10) / 10,
      },
    };
    return c.json(body, up ? 200 : 503);
  });
}
