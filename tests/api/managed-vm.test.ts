/**
 * Managed hosting endpoints (portal.md §7 "Managed VM", issue 16): every validation rule answers
 * 422 with field errors, secrets are never returned, and every endpoint answers only for a managed
 * server of the caller's customer. The stand-in host agent runs on its own port with nginx -t.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/shared/constants.ts';
import { MANAGED } from '../../src/shared/managed/constants.ts';
import { MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { PASSWORD_MESSAGES } from '../../src/shared/messages/account.ts';
import { ENDPOINT_ACCESS } from '../../src/server/session/endpoints.ts';
import { servers } from '../../src/server/db/schema.ts';
import { startHostAgent, type RunningHostAgent } from '../../src/server/managed/stand-in/server.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testConfig } from '../support/database.ts';
import { encrypted, makeCa, selfSigned } from '../managed/certs.ts';

const STRONG = 'Quiet-Harbor-Lantern-42';
const STRONG_2 = 'Copper-Meadow-Whistle-77';
const WEAK = 'password1234';

let t: TestApp;
let agent: RunningHostAgent;
/** How far the agent's clock is ahead of the real time. */
let agentAheadMs = 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'managed-api-'));
let a: CookieClient;
let b: CookieClient;
let viewer: CookieClient;
/** Customer A's managed server, A's unmanaged server, B's managed server. */
let serverA: number;
let plainA: number;
let serverB: number;
/** The view-only user's customer's managed server. */
let viewerServer: number;
let vmid = 900_000 + Math.floor(Math.random() * 90_000);

async function addServer(cid: number, managed: boolean): Promise<number> {
  vmid += 1;
  const [row] = await t.database.db
    .insert(servers)
    .values({ cid, name: `vm${vmid}`, cpus: 1, mem: 1024, disk: 10, managed, vmid })
    .returning({ iid: servers.iid });
  return row.iid;
}

beforeAll(async () => {
  const env = {
    HOST_AGENT_DIR: dir,
    HOST_AGENT_API_KEY: 'managed-test-key-'.padEnd(32, 'x'),
  };
  agent = await startHostAgent({
    config: testConfig(env),
    logger: (await import('../../src/server/logger.ts')).createLogger('error'),
    port: 0,
    now: () => new Date(Date.now() + agentAheadMs),
  });
  t = await createTestApp({ env: { ...env, HOST_AGENT_URL: agent.url } });
  const userA = await createUser(t, { permissions: { services: 'manage' } });
  const userB = await createUser(t, { permissions: { services: 'manage' } });
  const userView = await createUser(t, { permissions: { services: 'view' } });
  a = await login(t, userA.username, userA.password);
  b = await login(t, userB.username, userB.password);
  viewer = await login(t, userView.username, userView.password);
  serverA = await addServer(userA.cid, true);
  plainA = await addServer(userA.cid, false);
  serverB = await addServer(userB.cid, true);
  viewerServer = await addServer(userView.cid, true);
});
// Each test starts a new minute on the app's clock: the hosting-change rate limits (docs/api.md
// "Rate limits") count a test's requests, not the whole file's.
const nextWindow = () => t.clock.advance(RATE_LIMITS.hostingChangesPerUser.windowSeconds * 1000);
beforeEach(nextWindow);
afterAll(async () => {
  await t.close();
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

const base = (iid: number) => `/managed_vm/${iid}`;

async function body(response: Response) {
  return (await response.json()) as Record<string, unknown> & {
    errors?: Record<string, string>;
    msg?: string;
    records?: Record<string, unknown>[];
  };
}

async function expectFieldError(response: Response, field: string, message: string) {
  expect(response.status).toBe(422);
  const answer = await body(response);
  expect(answer.errors?.[field], JSON.stringify(answer)).toBe(message);
}

const vhost = (domain: string, extra: Record<string, unknown> = {}) => ({
  domain,
  aliases: [],
  ssl_enabled: false,
  ssl_id: null,
  ssl_only: false,
  ...extra,
});

describe('SSL certificates', () => {
  const shop = selfSigned(['shop.example.com', 'www.shop.example.com']);
  const other = selfSigned(['other.example.com']);

  it('accepts a certificate and its key, and never returns the key', async () => {
    const created = await a.post(`${base(serverA)}/ssl_certs`, { name: 'shop', ...shop, ca: '' });
    expect(created.status).toBe(201);
    const record = await body(created);
    expect(record).toMatchObject({
      name: 'shop',
      names: ['shop.example.com', 'www.shop.example.com'],
    });
    const list = await a.get(`${base(serverA)}/ssl_certs`);
    const text = await list.text();
    expect(text).toContain('shop.example.com');
    expect(text).not.toContain('PRIVATE KEY');
    expect(text).not.toContain('BEGIN CERTIFICATE');
  });

  it('refuses a key that does not match the certificate', async () => {
    const response = await a.post(`${base(serverA)}/ssl_certs`, {
      name: 'mismatch',
      cert: shop.cert,
      key: other.key,
    });
    await expectFieldError(response, 'key', M.keyMismatch);
  });

  it('refuses an encrypted key with a clear message', async () => {
    const response = await a.post(`${base(serverA)}/ssl_certs`, {
      name: 'locked',
      cert: shop.cert,
      key: encrypted(shop.key),
    });
    await expectFieldError(response, 'key', M.keyEncrypted);
  });

  it('refuses text that is not PEM, and a certificate that does not parse', async () => {
    await expectFieldError(
      await a.post(`${base(serverA)}/ssl_certs`, { name: 'x', cert: 'hello', key: shop.key }),
      'cert',
      M.certificatePem,
    );
    const broken = shop.cert.replace(/(-----BEGIN CERTIFICATE-----\n)(....)/, '$1AAAA');
    await expectFieldError(
      await a.post(`${base(serverA)}/ssl_certs`, { name: 'x', cert: broken, key: shop.key }),
      'cert',
      M.certificateUnreadable,
    );
    await expectFieldError(
      await a.post(`${base(serverA)}/ssl_certs`, { name: 'x', cert: shop.cert, key: 'secret' }),
      'key',
      M.keyPem,
    );
  });

  it('refuses a key nginx would refuse (RSA under 2048 bits)', async () => {
    const small = selfSigned(['small.example.com'], { keyKind: 'rsa1024' });
    await expectFieldError(
      await a.post(`${base(serverA)}/ssl_certs`, { name: 'small', ...small }),
      'key',
      M.keyType,
    );
  });

  it('refuses an expired certificate', async () => {
    const short = selfSigned(['soon.example.com'], { days: 1 });
    agentAheadMs = 2 * 86_400_000;
    try {
      await expectFieldError(
        await a.post(`${base(serverA)}/ssl_certs`, { name: 'soon', ...short }),
        'cert',
        M.certificateExpired,
      );
    } finally {
      agentAheadMs = 0;
    }
  });

  it('accepts a CA chain that issued the certificate and refuses one that did not', async () => {
    const ca = makeCa();
    const leaf = ca.issue(['chain.example.com']);
    expect(
      (await a.post(`${base(serverA)}/ssl_certs`, { name: 'chain', ...leaf, ca: ca.cert })).status,
    ).toBe(201);
    await expectFieldError(
      await a.post(`${base(serverA)}/ssl_certs`, {
        name: 'chain2',
        ...leaf,
        ca: makeCa('Other').cert,
      }),
      'ca',
      M.chainDoesNotIssue,
    );
    await expectFieldError(
      await a.post(`${base(serverA)}/ssl_certs`, { name: 'chain3', ...leaf, ca: 'not pem' }),
      'ca',
      M.chainPem,
    );
  });

  it('refuses a bad name', async () => {
    await expectFieldError(
      await a.post(`${base(serverA)}/ssl_certs`, { name: '', ...shop }),
      'name',
      M.certificateName,
    );
  });
});

describe('vhosts', () => {
  let shopCert: number;
  let otherServerCert: number;

  beforeAll(async () => {
    const certs = (await body(await a.get(`${base(serverA)}/ssl_certs`))).records!;
    shopCert = certs.find((c) => c.name === 'shop')!.ssl_id as number;
    const bCert = selfSigned(['shop.example.com', 'www.shop.example.com']);
    const bAnswer = await b.post(`${base(serverB)}/ssl_certs`, { name: 'b', ...bCert });
    expect(bAnswer.status).toBe(201);
    otherServerCert = (await body(bAnswer)).ssl_id as number;
  });

  it('refuses a host name that is not one', async () => {
    for (const bad of [
      'old..test',
      'no_underscore.example.com',
      '-a.example.com',
      'localhost',
      'a b.example.com',
      '1.2.3.4',
      `${'a'.repeat(64)}.com`,
    ]) {
      await expectFieldError(
        await a.post(`${base(serverA)}/vhosts`, vhost(bad)),
        'domain',
        M.hostName,
      );
    }
    await expectFieldError(
      await a.post(`${base(serverA)}/vhosts`, vhost('ok.example.com', { aliases: ['bad..alias'] })),
      'aliases.0',
      M.hostName,
    );
  });

  it('refuses a certificate of another server and one that does not cover the names', async () => {
    await expectFieldError(
      await a.post(
        `${base(serverA)}/vhosts`,
        vhost('shop.example.com', { ssl_enabled: true, ssl_id: otherServerCert }),
      ),
      'ssl_id',
      M.certificateMissing,
    );
    await expectFieldError(
      await a.post(
        `${base(serverA)}/vhosts`,
        vhost('blog.example.com', { ssl_enabled: true, ssl_id: shopCert }),
      ),
      'ssl_id',
      M.certificateDoesNotCover('blog.example.com'),
    );
    await expectFieldError(
      await a.post(`${base(serverA)}/vhosts`, vhost('shop.example.com', { ssl_only: true })),
      'ssl_only',
      M.sslOnlyNeedsSsl,
    );
    await expectFieldError(
      await a.post(`${base(serverA)}/vhosts`, vhost('shop.example.com', { ssl_enabled: true })),
      'ssl_id',
      M.sslNeedsCertificate,
    );
  });

  let shopVhost: number;

  it('creates a vhost using the certificate with ssl_only; blanks removed from aliases', async () => {
    const created = await a.post(
      `${base(serverA)}/vhosts`,
      vhost(' Shop.Example.com', {
        aliases: ['', ' www.shop.example.com ', '  '],
        ssl_enabled: true,
        ssl_id: shopCert,
        ssl_only: true,
      }),
    );
    expect(created.status).toBe(201);
    const record = await body(created);
    expect(record).toMatchObject({
      domain: 'shop.example.com',
      vhost: 'shop.example.com',
      aliases: ['www.shop.example.com'],
      ssl_only: true,
    });
    shopVhost = record.vhost_id as number;
    const preview = await body(await a.get(`${base(serverA)}/configuration`));
    const text = JSON.stringify(preview);
    expect(text).toContain('server_name shop.example.com www.shop.example.com;');
    expect(text).not.toContain('PRIVATE KEY');
  });

  it('keeps host names unique across the server', async () => {
    await expectFieldError(
      await a.post(`${base(serverA)}/vhosts`, vhost('www.shop.example.com')),
      'domain',
      M.hostNameTaken,
    );
    const blog = await body(await a.post(`${base(serverA)}/vhosts`, vhost('blog.example.com')));
    await expectFieldError(
      await a.put(`${base(serverA)}/vhosts/${blog.vhost_id as number}/domain_aliases`, {
        aliases: ['shop.example.com'],
      }),
      'aliases.0',
      M.hostNameTaken,
    );
    await expectFieldError(
      await a.post(`${base(serverA)}/domain_redirects`, {
        redirect_from: 'blog.example.com',
        redirect_to: 'https://x.example.com/',
      }),
      'redirect_from',
      M.hostNameTaken,
    );
    // Another server may use the same names.
    expect((await b.post(`${base(serverB)}/vhosts`, vhost('blog.example.com'))).status).toBe(201);
  });

  it('checks aliases against the certificate of an SSL vhost', async () => {
    await expectFieldError(
      await a.put(`${base(serverA)}/vhosts/${shopVhost}/domain_aliases`, {
        aliases: ['www.shop.example.com', 'm.shop.example.com'],
      }),
      'aliases.1',
      M.certificateDoesNotCover('m.shop.example.com'),
    );
    const ok = await a.put(`${base(serverA)}/vhosts/${shopVhost}/domain_aliases`, {
      aliases: [' ', 'WWW.shop.example.com'],
    });
    expect(ok.status).toBe(200);
    expect((await body(ok)).aliases).toEqual(['www.shop.example.com']);
  });

  it('updates ssl_only, and refuses deleting a certificate in use', async () => {
    const updated = await a.put(`${base(serverA)}/vhosts/${shopVhost}`, {
      ssl_enabled: true,
      ssl_id: shopCert,
      ssl_only: false,
    });
    expect(updated.status).toBe(200);
    expect((await body(updated)).ssl_only).toBe(false);
    const refused = await a.delete(`${base(serverA)}/ssl_certs/${shopCert}`);
    expect(refused.status).toBe(409);
    expect((await body(refused)).msg).toBe(M.certificateInUse);
    expect((await a.delete(`${base(serverA)}/vhosts/99999`)).status).toBe(404);
  });
});

describe('MySQL databases', () => {
  it('checks names and users within MySQL limits, reserved and taken ones', async () => {
    const post = (extra: Record<string, unknown>) =>
      a.post(`${base(serverA)}/mysql_database`, {
        database_name: 'shop',
        username: 'shop_user',
        password: STRONG,
        ...extra,
      });
    await expectFieldError(
      await post({ database_name: 'd'.repeat(MANAGED.databaseNameMaxLength + 1) }),
      'database_name',
      M.databaseName,
    );
    await expectFieldError(
      await post({ database_name: 'shop-db' }),
      'database_name',
      M.databaseName,
    );
    await expectFieldError(
      await post({ database_name: 'mysql' }),
      'database_name',
      M.databaseNameReserved,
    );
    await expectFieldError(
      await post({ username: 'u'.repeat(MANAGED.databaseUserMaxLength + 1) }),
      'username',
      M.databaseUser,
    );
    await expectFieldError(await post({ username: 'root' }), 'username', M.databaseUserReserved);
    await expectFieldError(
      await post({ password: WEAK }),
      'password',
      PASSWORD_MESSAGES.scoreTooLow,
    );
    await expectFieldError(
      await post({ password: 'short' }),
      'password',
      PASSWORD_MESSAGES.tooShort,
    );
    const made = await post({
      database_name: 'd'.repeat(MANAGED.databaseNameMaxLength),
      username: 'u'.repeat(MANAGED.databaseUserMaxLength),
    });
    expect(made.status).toBe(201);
    await expectFieldError(
      await post({ database_name: 'd'.repeat(MANAGED.databaseNameMaxLength), username: 'other' }),
      'database_name',
      M.databaseNameTaken,
    );
    await expectFieldError(
      await post({ database_name: 'other', username: 'u'.repeat(MANAGED.databaseUserMaxLength) }),
      'username',
      M.databaseUserTaken,
    );
  });

  it('changes a password by the password rules and never returns one', async () => {
    const made = await body(
      await a.post(`${base(serverA)}/mysql_database`, {
        database_name: 'blog',
        username: 'blog',
        password: STRONG,
      }),
    );
    const id = made.database_id as number;
    expect(JSON.stringify(made)).not.toContain(STRONG);
    await expectFieldError(
      await a.put(`${base(serverA)}/mysql_database/${id}`, { password: WEAK }),
      'password',
      PASSWORD_MESSAGES.scoreTooLow,
    );
    expect(
      (await a.put(`${base(serverA)}/mysql_database/${id}`, { password: STRONG_2 })).status,
    ).toBe(200);
    const list = await a.get(`${base(serverA)}/mysql_database`);
    const text = await list.text();
    expect(text).toContain('"database_name":"blog"');
    expect(text).not.toContain(STRONG);
    expect(text).not.toContain(STRONG_2);
    expect(text).not.toMatch(/password|scrypt/i);
    expect((await a.delete(`${base(serverA)}/mysql_database/${id}`)).status).toBe(204);
    expect((await a.delete(`${base(serverA)}/mysql_database/${id}`)).status).toBe(404);
  });
});

describe('FTP users', () => {
  it('checks user names, the vhost and the password, and never returns the password', async () => {
    await expectFieldError(
      await a.post(`${base(serverA)}/ftp_users`, { username: 'Ab', password: STRONG }),
      'username',
      M.ftpUser,
    );
    await expectFieldError(
      await a.post(`${base(serverA)}/ftp_users`, {
        username: 'web1',
        password: STRONG,
        vhost_id: 99999,
      }),
      'vhost_id',
      M.vhostMissing,
    );
    await expectFieldError(
      await a.post(`${base(serverA)}/ftp_users`, { username: 'web1', password: WEAK }),
      'password',
      PASSWORD_MESSAGES.scoreTooLow,
    );
    const made = await a.post(`${base(serverA)}/ftp_users`, { username: 'web1', password: STRONG });
    expect(made.status).toBe(201);
    const id = (await body(made)).ftpId as number;
    await expectFieldError(
      await a.post(`${base(serverA)}/ftp_users`, { username: 'web1', password: STRONG }),
      'username',
      M.ftpUserTaken,
    );
    expect((await a.put(`${base(serverA)}/ftp_users/${id}`, { password: STRONG_2 })).status).toBe(
      200,
    );
    const text = await (await a.get(`${base(serverA)}/ftp_users`)).text();
    expect(text).toContain('web1');
    expect(text).not.toMatch(/password|scrypt/i);
    expect((await a.delete(`${base(serverA)}/ftp_users/${id}`)).status).toBe(204);
  });
});

describe('domain redirects', () => {
  const post = (from: string, to: string) =>
    a.post(`${base(serverA)}/domain_redirects`, { redirect_from: from, redirect_to: to });

  it('wants absolute http(s) targets nginx can return as they are', async () => {
    for (const bad of [
      '/relative',
      'ftp://x.example.com/',
      'javascript:alert(1)',
      'https://x.example.com/$host',
      'https://x.example.com/a b',
      'https://x.example.com/";',
      'https://bad..host/',
    ]) {
      await expectFieldError(await post('from.example.com', bad), 'redirect_to', M.redirectTarget);
    }
    await expectFieldError(
      await post('not a host', 'https://x.example.com/'),
      'redirect_from',
      M.hostName,
    );
  });

  it('refuses loops', async () => {
    await expectFieldError(
      await post('self.example.com', 'https://self.example.com/'),
      'redirect_to',
      M.redirectLoop,
    );
    const first = await post('one.example.com', 'https://two.example.com/x');
    expect(first.status).toBe(201);
    await expectFieldError(
      await post('two.example.com', 'http://one.example.com/'),
      'redirect_to',
      M.redirectLoop,
    );
    const id = (await body(first)).redirect_id as number;
    expect((await a.delete(`${base(serverA)}/domain_redirects/${id}`)).status).toBe(204);
    expect((await post('two.example.com', 'http://one.example.com/')).status).toBe(201);
  });
});

describe('PHP settings', () => {
  it('takes allow-listed directives with typed values, replaces by key and deletes by key', async () => {
    const post = (key: string, value: unknown) =>
      a.post(`${base(serverA)}/php_settings`, { key, value });
    await expectFieldError(await post('disable_functions', ''), 'key', M.phpKey);
    await expectFieldError(await post('__proto__', '1'), 'key', M.phpKey);
    await expectFieldError(
      await post('memory_limit', '128 M'),
      'value',
      M.phpValue('a size such as 64M, 512K or 1G'),
    );
    await expectFieldError(
      await post('memory_limit', '128M"; evil'),
      'value',
      M.phpValue('a size such as 64M, 512K or 1G'),
    );
    await expectFieldError(
      await post('max_execution_time', '-5'),
      'value',
      M.phpValue('a whole number'),
    );
    await expectFieldError(await post('display_errors', 'yes'), 'value', M.phpValue('On or Off'));
    await expectFieldError(
      await post('date.timezone', 'Mars/Olympus'),
      'value',
      M.phpValue('a time zone such as America/Denver'),
    );
    expect((await post('memory_limit', '128M')).status).toBe(201);
    expect((await post('memory_limit', '-1')).status).toBe(201);
    expect((await post('max_execution_time', 60)).status).toBe(201);
    expect((await post('date.timezone', 'America/Denver')).status).toBe(201);
    const list = (await body(await a.get(`${base(serverA)}/php_settings`))).records;
    expect(list).toEqual([
      { key: 'memory_limit', value: '-1' },
      { key: 'max_execution_time', value: '60' },
      { key: 'date.timezone', value: 'America/Denver' },
    ]);
    expect((await a.delete(`${base(serverA)}/php_settings/memory_limit`)).status).toBe(204);
    expect((await a.delete(`${base(serverA)}/php_settings/memory_limit`)).status).toBe(404);
    expect((await a.delete(`${base(serverA)}/php_settings/not_a_setting`)).status).toBe(404);
  });
});

describe('nginx and the websites user', () => {
  it('switches nginx off and on', async () => {
    expect(await body(await a.get(`${base(serverA)}/nginx`))).toEqual({ status: 'on' });
    expect(await body(await a.put(`${base(serverA)}/nginx`, { enable: false }))).toEqual({
      status: 'off',
    });
    expect(await body(await a.get(`${base(serverA)}/nginx`))).toEqual({ status: 'off' });
    expect(await body(await a.put(`${base(serverA)}/nginx`, { enable: true }))).toEqual({
      status: 'on',
    });
    expect((await a.put(`${base(serverA)}/nginx`, { enable: 'yes' })).status).toBe(422);
  });

  it('changes the websites user password by the password rules', async () => {
    await expectFieldError(
      await a.put(`${base(serverA)}/websites_user`, { password: WEAK }),
      'password',
      PASSWORD_MESSAGES.scoreTooLow,
    );
    await expectFieldError(
      await a.put(`${base(serverA)}/websites_user`, { password: 'x'.repeat(128) }),
      'password',
      PASSWORD_MESSAGES.tooLong,
    );
    expect((await a.put(`${base(serverA)}/websites_user`, { password: STRONG })).status).toBe(204);
  });
});

describe('whose server', () => {
  const managedEndpoints = Object.keys(ENDPOINT_ACCESS).filter((e) => e.includes(' /managed_vm/'));

  /** A plausible request for an endpoint on server `iid`, with ids that exist on A's server. */
  async function call(client: CookieClient, endpoint: string, iid: number) {
    const [method, pattern] = endpoint.split(' ');
    const path = pattern
      .replace(':iid', String(iid))
      .replace(/:(certId|databaseId|vhostId|ftpId|redirectId)/, '1')
      .replace(':phpKey', 'max_execution_time');
    const sample: Record<string, unknown> = {
      password: STRONG,
      enable: false,
      aliases: [],
      ssl_enabled: false,
      ssl_only: false,
      key: 'memory_limit',
      value: '64M',
      redirect_from: 'b-was-here.example.com',
      redirect_to: 'https://example.com/',
      domain: 'b-was-here.example.com',
      database_name: 'bwashere',
      username: 'bwashere',
      name: 'b',
      cert: 'x',
    };
    return client.request(method, path, method === 'GET' ? undefined : sample);
  }

  it('lists every managed endpoint of portal.md §7', () => {
    expect(managedEndpoints).toHaveLength(26);
  });

  it('answers 404 "Server not found" to another customer on every endpoint, and changes nothing', async () => {
    const before = await Promise.all(
      ['vhosts', 'php_settings', 'nginx', 'configuration'].map(async (p) =>
        (await a.get(`${base(serverA)}/${p}`)).text(),
      ),
    );
    for (const endpoint of managedEndpoints) {
      nextWindow();
      for (const iid of [serverA, plainA, 987_654]) {
        const response = await call(b, endpoint, iid);
        expect(response.status, `${endpoint} on ${iid}`).toBe(404);
        expect((await body(response)).msg).toBe(M.serverNotFound);
      }
    }
    // A's own unmanaged server has no managed hosting either.
    expect((await a.get(`${base(plainA)}/vhosts`)).status).toBe(404);
    const after = await Promise.all(
      ['vhosts', 'php_settings', 'nginx', 'configuration'].map(async (p) =>
        (await a.get(`${base(serverA)}/${p}`)).text(),
      ),
    );
    expect(after).toEqual(before);
  });

  it('lets services view read and not change', async () => {
    expect((await viewer.get(`${base(viewerServer)}/vhosts`)).status).toBe(200);
    expect((await viewer.post(`${base(viewerServer)}/vhosts`, vhost('v.example.com'))).status).toBe(
      403,
    );
  });

  it('answers 404 for ids that are not ids', async () => {
    expect((await a.get('/managed_vm/abc/vhosts')).status).toBe(404);
    expect((await a.delete(`${base(serverA)}/vhosts/abc`)).status).toBe(404);
    expect((await a.delete(`${base(serverA)}/vhosts/99999999999`)).status).toBe(404);
  });
});
