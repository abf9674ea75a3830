/**
 * Two real server processes' worth of servers (two HTTP servers, each with its own connection
 * pool) on one PostgreSQL: a login made on one works on the other, the refresh rotates across
 * them, and the rate limits count the attempts made on both. Nothing about a session lives in
 * a server process, and the generated signing key is the same for both.
 *
 * Uses the PostgreSQL of DATABASE_URL when set (a database of its own), else starts a throwaway
 * one (Debian's `postgresql` package must be installed; the test fails without it).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/shared/constants.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import type { SessionUser, UserProfile } from '../../src/shared/session/types.ts';
import { demoLoginsStep } from '../../src/server/session/demo-seed.ts';
import { LIMITS } from '../../src/server/session/rate-limit.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPostgres } from '../../src/server/db/client.ts';
import { appMeta } from '../../src/server/db/schema.ts';
import { SEED_STEPS } from '../../src/server/db/seed.ts';
import { startServer, type RunningServer } from '../../src/server/main.ts';
import { CookieClient } from '../support/http-client.ts';
import { ownPostgresDatabase, type TempPostgres } from '../support/postgres.ts';

let database: TempPostgres | undefined;
const servers: RunningServer[] = [];

/**
 * Migrates the database and records every seed step except the demo logins as done, so that the
 * servers only seed what this test uses (the address seed alone takes seconds).
 */
async function prepare(url: string) {
  const handle = openPostgres(url, 2);
  await handle.migrate();
  const others = SEED_STEPS.filter((step) => step.name !== demoLoginsStep.name);
  if (others.length > 0) {
    await handle.db
      .insert(appMeta)
      .values(others.map((s) => ({ key: `seed:${s.name}`, value: { version: s.version } })));
  }
  await handle.close();
}

function origin(server: RunningServer): string {
  return new URL(server.url).origin;
}

/** One browser (one cookie jar) that can talk to either server. */
function browser() {
  const jar = new Map<string, string>();
  const on = (server: RunningServer) => {
    const client = CookieClient.forOrigin(origin(server));
    // Share the jar between the two clients.
    Object.defineProperty(client, 'cookies', { value: jar });
    return client;
  };
  return { jar, on };
}

beforeAll(async () => {
  database = await ownPostgresDatabase('app_test_two');
  await prepare(database.url);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: database.url,
    DATA_DIR: '/nonexistent-two-instances',
  });
  // One after the other: the first creates the demo logins, the second finds them done.
  servers.push(await startServer(config));
  servers.push(await startServer(config));
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  database?.stop();
});

describe('two servers on one PostgreSQL', () => {
  it('run on their own ports against the same database', () => {
    const [a, b] = servers;
    expect(a.database.kind).toBe('postgres');
    expect(b.database.kind).toBe('postgres');
    expect(origin(a)).not.toBe(origin(b));
    expect(b.seed.ran).not.toContain(demoLoginsStep.name);
  });

  it('share sessions: log in on one, refresh and call on the other', async () => {
    const [a, b] = servers;
    const { on } = browser();
    const login = await on(a).post('/auth/tokens', {
      username: 'demo',
      password: a.config.demoPassword,
      store_in_cookies: true,
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as SessionUser).username).toBe('demo');

    const profile = await on(b).get('/user/profile');
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as UserProfile).info.first_name).toBe('Dana');

    const refreshed = await on(b).post('/auth/refresh_token', { store_in_cookies: true });
    expect(refreshed.status).toBe(200);
    expect((await on(a).get('/user/info')).status).toBe(200);

    // Logging out on one ends the session on both.
    expect((await on(a).delete('/auth/tokens')).status).toBe(200);
    const after = await on(b).get('/user/profile');
    expect(after.status).toBe(401);
  });

  it('share refresh-token re-use detection', async () => {
    const [a, b] = servers;
    const { jar, on } = browser();
    await on(a).post('/auth/tokens', {
      username: 'viewer',
      password: a.config.demoPassword,
      store_in_cookies: true,
    });
    const stolen = jar.get('refresh_token')!;
    expect((await on(a).post('/auth/refresh_token', {})).status).toBe(200);
    const thief = browser();
    thief.jar.set('refresh_token', stolen);
    expect((await thief.on(b).post('/auth/refresh_token', {})).status).toBe(401);
    expect((await on(a).get('/user/profile')).status).toBe(401);
  });

  it('count failed logins made on both towards one limit', async () => {
    const [a, b] = servers;
    const attempt = (server: RunningServer, password: string) =>
      browser()
        .on(server)
        .post('/auth/tokens', { username: 'nobilling', password, store_in_cookies: true });
    for (let i = 0; i < LIMITS.loginPerUsername.max; i += 1) {
      const response = await attempt(i % 2 === 0 ? a : b, 'wrong password, twice over');
      expect(response.status).toBe(401);
    }
    for (const server of [a, b]) {
      const limited = await attempt(server, server.config.demoPassword);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await limited.json()) as { msg: string }).msg).toBe(SESSION_MESSAGES.tooManyLogins);
    }
  });

  it('check at most the limit of passwords in a burst split over both, right password included', async () => {
    const [a, b] = servers;
    const BURST = 200;
    const rightAt = 120;
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        browser()
          .on(i % 2 === 0 ? a : b)
          .post('/auth/tokens', {
            username: 'admin',
            password: i === rightAt ? a.config.demoPassword : `wrong password ${i}`,
            store_in_cookies: true,
          }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    const failed = statuses.filter((s) => s === 401).length;
    const limited = statuses.filter((s) => s === 429).length;
    expect(failed).toBeLessThanOrEqual(LIMITS.loginPerUsername.max);
    expect([200, 429]).toContain(statuses[rightAt]);
    expect(failed + limited + (statuses[rightAt] === 200 ? 1 : 0)).toBe(BURST);
    // The burst's failures count on both: the attempts left in the window are exactly the rest.
    const attempt = (server: RunningServer, password: string) =>
      browser()
        .on(server)
        .post('/auth/tokens', { username: 'admin', password, store_in_cookies: true });
    for (let i = failed; i < LIMITS.loginPerUsername.max; i += 1) {
      expect((await attempt(i % 2 === 0 ? a : b, 'wrong again')).status).toBe(401);
    }
    for (const server of [a, b]) {
      expect((await attempt(server, server.config.demoPassword)).status).toBe(429);
    }
  });

  it('answer over real HTTP under the API base path', async () => {
    const response = await fetch(`${origin(servers[1])}${API_BASE_PATH}/health`);
    expect(response.status).toBe(200);
  });

  it('keep an idle connection open longer than a load balancer’s minute', async () => {
    // A server that closed it sooner could close it just as a client reuses it: a reset request.
    const agent = new http.Agent({ keepAlive: true });
    try {
      const header = await new Promise<string>((resolve, reject) => {
        http
          .get(`${origin(servers[0])}${API_BASE_PATH}/health`, { agent }, (response) => {
            response.resume();
            resolve(String(response.headers['keep-alive'] ?? ''));
          })
          .on('error', reject);
      });
      const seconds = Number(/timeout=(\d+)/.exec(header)?.[1]);
      expect(seconds).toBeGreaterThan(60);
    } finally {
      agent.destroy();
    }
  });
});
