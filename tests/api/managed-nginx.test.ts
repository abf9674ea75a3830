/**
 * What the managed hosting endpoints say about the host agent's nginx check (docs/api.md "Managed
 * hosting", docs/managed-hosting.md): where no nginx checked a change's configuration the answer
 * says so (`checked: false` and the message), never a plain success as if checked; and a host agent
 * busy with as many changes as it takes answers 503 with Retry-After and a clear message, leaving
 * the server as it was. Two agents: one without nginx, one whose fake nginx waits to be told to go
 * on (one check at once, no queue), so that "busy" needs no timing.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { MANAGED } from '../../src/shared/managed/constants.ts';
import { servers } from '../../src/server/db/schema.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startHostAgent, type RunningHostAgent } from '../../src/server/managed/stand-in/server.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testConfig } from '../support/database.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'managed-nginx-'));
const KEY = 'managed-nginx-key-'.padEnd(32, 'x');
let vmid = 800_000 + Math.floor(Math.random() * 90_000);

const vhost = (domain: string) => ({
  domain,
  aliases: [],
  ssl_enabled: false,
  ssl_id: null,
  ssl_only: false,
});
const base = (iid: number) => `/managed_vm/${iid}`;

/** A test app whose managed endpoints reach `agent`, with one customer and its managed servers. */
async function appFor(agent: RunningHostAgent, serverCount: number) {
  const t = await createTestApp({ env: { HOST_AGENT_URL: agent.url, HOST_AGENT_API_KEY: KEY } });
  const user = await createUser(t, { permissions: { services: 'manage' } });
  const client = await login(t, user.username, user.password);
  const iids: number[] = [];
  for (let i = 0; i < serverCount; i += 1) {
    vmid += 1;
    const [row] = await t.database.db
      .insert(servers)
      .values({
        cid: user.cid,
        name: `vm${vmid}`,
        cpus: 1,
        mem: 1024,
        disk: 10,
        managed: true,
        vmid,
      })
      .returning({ iid: servers.iid });
    iids.push(row.iid);
  }
  return { t, client, iids };
}

let unchecked: { agent: RunningHostAgent; t: TestApp; client: CookieClient; iid: number };
let busy: {
  agent: RunningHostAgent;
  t: TestApp;
  client: CookieClient;
  iids: number[];
  goOn: () => void;
};

beforeAll(async () => {
  const logger = createLogger('error');
  // An agent without nginx, in development (the tests' mode).
  const bare = await startHostAgent({
    config: testConfig({
      NGINX_BINARY: path.join(root, 'no-such-nginx'),
      HOST_AGENT_DIR: path.join(root, 'bare'),
      HOST_AGENT_API_KEY: KEY,
    }),
    logger,
    port: 0,
  });
  const first = await appFor(bare, 1);
  unchecked = { agent: bare, t: first.t, client: first.client, iid: first.iids[0] };

  // An agent whose nginx -t waits for the `go` file: one check at once, nothing queued.
  const go = path.join(root, 'go');
  const binary = path.join(root, 'nginx');
  writeFileSync(binary, `#!/bin/sh\nwhile [ ! -e '${go}' ]; do sleep 0.01; done\n`);
  chmodSync(binary, 0o755);
  const held = await startHostAgent({
    config: testConfig({
      NGINX_BINARY: binary,
      HOST_AGENT_DIR: path.join(root, 'held'),
      HOST_AGENT_API_KEY: KEY,
      HOST_AGENT_NGINX_CHECKS: '1',
      HOST_AGENT_QUEUE_SIZE: '0',
    }),
    logger,
    port: 0,
  });
  const second = await appFor(held, 2);
  busy = { agent: held, ...second, goOn: () => writeFileSync(go, '') };
});
afterAll(async () => {
  busy.goOn();
  await Promise.all([unchecked.t.close(), busy.t.close()]);
  await Promise.all([unchecked.agent.close(), busy.agent.close()]);
  rmSync(root, { recursive: true, force: true });
});

describe('without nginx (development)', () => {
  it('a vhost change answers that its configuration was not checked', async () => {
    const { client, iid } = unchecked;
    const created = await client.post(`${base(iid)}/vhosts`, vhost('shop.example.com'));
    expect(created.status).toBe(201);
    const record = (await created.json()) as Record<string, unknown>;
    expect(record).toMatchObject({
      domain: 'shop.example.com',
      checked: false,
      warning: M.configurationNotChecked,
    });
    // The list holds the vhost, not what the answer said about the change.
    const list = (await (await client.get(`${base(iid)}/vhosts`)).json()) as {
      records: Record<string, unknown>[];
    };
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).not.toHaveProperty('warning');

    const aliases = await client.put(
      `${base(iid)}/vhosts/${String(record.vhost_id)}/domain_aliases`,
      {
        aliases: ['www.shop.example.com'],
      },
    );
    expect(aliases.status).toBe(200);
    expect(await aliases.json()).toMatchObject({
      aliases: ['www.shop.example.com'],
      checked: false,
      warning: M.configurationNotChecked,
    });

    // A delete says so too, where a checked one answers 204 with nothing.
    const deleted = await client.delete(`${base(iid)}/vhosts/${String(record.vhost_id)}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ checked: false, warning: M.configurationNotChecked });
  });

  it('a change that leaves the web configuration as it was has nothing to warn of', async () => {
    const { client, iid } = unchecked;
    const created = await client.post(`${base(iid)}/mysql_database`, {
      database_name: 'shop',
      username: 'shop',
      password: 'Quiet-Harbor-Lantern-42',
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({
      database_id: expect.any(Number) as unknown,
      database_name: 'shop',
      username: 'shop',
    });
  });

  it('the rules still refuse what they refuse', async () => {
    const { client, iid } = unchecked;
    const refused = await client.post(`${base(iid)}/vhosts`, vhost('old..test'));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { domain: M.hostName } });
  });
});

describe('a busy host agent', () => {
  it('answers 503 with Retry-After and a clear message beyond its checks and queue', async () => {
    const { client, iids, agent } = busy;
    const first = client.post(`${base(iids[0])}/vhosts`, vhost('one.example.com'));
    await vi.waitFor(() => expect(agent.agent.checks.running).toBe(1), { timeout: 15_000 });

    const refused = await client.post(`${base(iids[1])}/vhosts`, vhost('two.example.com'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(MANAGED.busyRetryAfterSeconds));
    expect(await refused.json()).toMatchObject({ status: 503, msg: M.agentBusy });
    // The refused change left its server as it was.
    const listed = (await (await client.get(`${base(iids[1])}/vhosts`)).json()) as {
      records: unknown[];
    };
    expect(listed.records).toEqual([]);

    busy.goOn();
    expect((await first).status).toBe(201);
    // With nginx the answer is the record alone: nothing says it was not checked.
    const again = await client.post(`${base(iids[1])}/vhosts`, vhost('two.example.com'));
    expect(again.status).toBe(201);
    expect(await again.json()).not.toHaveProperty('warning');
  });
});
