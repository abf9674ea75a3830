/**
 * Whose items a change reaches (portal.md §7 "Managed VM": PUT /mysql_database/{id},
 * PUT /ftp_users/{id}, PUT /vhosts/{id}, PUT /vhosts/{id}/domain_aliases and their DELETEs, POST
 * /ftp_users with vhost_id; docs/managed-hosting.md): two customers, each with a managed server.
 * The second customer names the first one's databases, FTP users and vhosts, through its own
 * server and through the first one's: every such call is refused (404 "This item does not exist on
 * this server", 404 "Server not found", 422 on `vhost_id`), and nothing of the first customer's
 * changes (its lists, and its passwords as the host agent keeps them).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/shared/constants.ts';
import { MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { servers } from '../../src/server/db/schema.ts';
import { startHostAgent, type RunningHostAgent } from '../../src/server/managed/stand-in/server.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testConfig } from '../support/database.ts';
import { selfSigned } from '../managed/certs.ts';

const STRONG = 'Quiet-Harbor-Lantern-42';
const OTHER = 'Copper-Meadow-Whistle-77';

let t: TestApp;
let agent: RunningHostAgent;
const dir = mkdtempSync(path.join(os.tmpdir(), 'managed-owners-'));
let a: CookieClient;
let b: CookieClient;
let serverA: number;
let serverB: number;
/** A's items, made before the tests. */
const ids = { database: 0, ftp: 0, vhost: 0, cert: 0 };
let vmid = 800_000 + Math.floor(Math.random() * 90_000);

async function addServer(cid: number): Promise<number> {
  vmid += 1;
  const [row] = await t.database.db
    .insert(servers)
    .values({ cid, name: `vm${vmid}`, cpus: 1, mem: 1024, disk: 10, managed: true, vmid })
    .returning({ iid: servers.iid });
  return row.iid;
}

const base = (iid: number) => `/managed_vm/${iid}`;

async function created(response: Response, id: string): Promise<number> {
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as Record<string, number>)[id];
}

/** A's server as the host agent keeps it: its items and their password hashes. */
function storedState(): string {
  return readFileSync(path.join(dir, String(serverA), 'state.json'), 'utf8');
}

/** What A sees of its server. */
async function listsOfA(): Promise<string[]> {
  return Promise.all(
    ['mysql_database', 'ftp_users', 'vhosts', 'ssl_certs'].map(async (list) =>
      (await a.get(`${base(serverA)}/${list}`)).text(),
    ),
  );
}

beforeAll(async () => {
  const env = {
    HOST_AGENT_DIR: dir,
    HOST_AGENT_API_KEY: 'managed-owners-key-'.padEnd(32, 'x'),
  };
  agent = await startHostAgent({
    config: testConfig(env),
    logger: (await import('../../src/server/logger.ts')).createLogger('error'),
    port: 0,
  });
  t = await createTestApp({ env: { ...env, HOST_AGENT_URL: agent.url } });
  const userA = await createUser(t, { permissions: { services: 'manage' } });
  const userB = await createUser(t, { permissions: { services: 'manage' } });
  a = await login(t, userA.username, userA.password);
  b = await login(t, userB.username, userB.password);
  serverA = await addServer(userA.cid);
  serverB = await addServer(userB.cid);
  const shop = selfSigned(['shop.example.com']);
  ids.cert = await created(
    await a.post(`${base(serverA)}/ssl_certs`, { name: 'shop', cert: shop.cert, key: shop.key }),
    'ssl_id',
  );
  ids.vhost = await created(
    await a.post(`${base(serverA)}/vhosts`, { domain: 'shop.example.com', aliases: [] }),
    'vhost_id',
  );
  ids.database = await created(
    await a.post(`${base(serverA)}/mysql_database`, {
      database_name: 'shop',
      username: 'shop_user',
      password: STRONG,
    }),
    'database_id',
  );
  ids.ftp = await created(
    await a.post(`${base(serverA)}/ftp_users`, {
      username: 'webftp',
      password: STRONG,
      vhost_id: ids.vhost,
    }),
    'ftpId',
  );
  // B's server has items of its own.
  await created(
    await b.post(`${base(serverB)}/vhosts`, { domain: 'blog.example.com', aliases: [] }),
    'vhost_id',
  );
});
// Each test starts a new window of the hosting-change rate limits (docs/api.md "Rate limits").
beforeEach(() => t.clock.advance(RATE_LIMITS.hostingChangesPerUser.windowSeconds * 1000));
afterAll(async () => {
  await t.close();
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every change of portal.md §7 that names one of A's items by its id, with a body that passes. */
function changesOfAItems(iid: number) {
  const ssl = { ssl_enabled: true, ssl_id: ids.cert, ssl_only: true };
  return [
    ['PUT', `${base(iid)}/mysql_database/${ids.database}`, { password: OTHER }],
    ['PUT', `${base(iid)}/ftp_users/${ids.ftp}`, { password: OTHER }],
    ['PUT', `${base(iid)}/vhosts/${ids.vhost}`, ssl],
    ['PUT', `${base(iid)}/vhosts/${ids.vhost}/domain_aliases`, { aliases: ['b.example.com'] }],
    ['DELETE', `${base(iid)}/ftp_users/${ids.ftp}`, undefined],
    ['DELETE', `${base(iid)}/mysql_database/${ids.database}`, undefined],
    ['DELETE', `${base(iid)}/vhosts/${ids.vhost}`, undefined],
  ] as const;
}

describe("a second customer and the first one's items", () => {
  it("cannot change or delete them through its own server: 404, and A's server is as it was", async () => {
    const lists = await listsOfA();
    const stored = storedState();
    for (const [method, url, body] of changesOfAItems(serverB)) {
      const response = await b.request(method, url, body);
      const answer = (await response.json()) as { msg?: string };
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(answer.msg, `${method} ${url}`).toBe(M.itemMissing);
    }
    expect(await listsOfA()).toEqual(lists);
    expect(storedState()).toBe(stored);
  });

  it("cannot change or delete them through A's server: 404 Server not found, nothing changes", async () => {
    const lists = await listsOfA();
    const stored = storedState();
    for (const [method, url, body] of changesOfAItems(serverA)) {
      const response = await b.request(method, url, body);
      const answer = (await response.json()) as { msg?: string };
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(answer.msg, `${method} ${url}`).toBe(M.serverNotFound);
    }
    expect(await listsOfA()).toEqual(lists);
    expect(storedState()).toBe(stored);
  });

  it("cannot put an FTP user of its own in A's vhost: 422 on vhost_id, no user made", async () => {
    const response = await b.post(`${base(serverB)}/ftp_users`, {
      username: 'intruder',
      password: STRONG,
      vhost_id: ids.vhost,
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors?: Record<string, string> }).errors).toEqual({
      vhost_id: M.vhostMissing,
    });
    expect(await (await b.get(`${base(serverB)}/ftp_users`)).json()).toEqual({ records: [] });
  });

  it('A itself changes them: the same calls go through (the refusals above are about whose)', async () => {
    const stored = storedState();
    for (const [method, url, body] of changesOfAItems(serverA).slice(0, 3)) {
      const response = await a.request(method, url, body);
      expect(response.status, `${method} ${url}: ${await response.text()}`).toBe(200);
    }
    expect(storedState()).not.toBe(stored);
  });
});
