/**
 * The activity log (issue 33 "Activity log", docs/activity.md): every change a customer's logins
 * make recorded once, with the login, the site admin acting as it, the address and the change in
 * words ("DNS record A www.example.com changed 192.0.2.1 → 192.0.2.2", "User jordan given …");
 * refused changes with their outcome and without the change; no secret in any entry; one customer
 * never seeing another's entries; GET /activity's visibility, filters, paging and CSV; the new
 * address email; the prune on the app's clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityAction, ActivityPage } from '../../src/shared/activity/rules.ts';
import { ACTIVITY } from '../../src/shared/activity/constants.ts';
import { SECOND_FACTOR } from '../../src/shared/session/constants.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import { SECOND_FACTOR_MESSAGES } from '../../src/shared/session/second-factor-messages.ts';
import type { DnsRecord, DnsZone } from '../../src/shared/dns/rules.ts';
import type { ServerRecord } from '../../src/shared/servers/rules.ts';
import { ACTIVITY_ACTIONS } from '../../src/server/activity/actions.ts';
import { ENDPOINT_ACCESS } from '../../src/server/session/endpoints.ts';
import { pruneActivityJob } from '../../src/server/activity/prune.ts';
import { RECURRING_JOBS, queueDueSlots } from '../../src/server/jobs/schedule.ts';
import { digest, randomToken } from '../../src/server/session/tokens.ts';
import {
  activityLog,
  contacts,
  dnsZones,
  emailOutbox,
  passwordResetTokens,
  refreshFamilies,
  secondFactors,
  servers,
  users,
} from '../../src/server/db/schema.ts';
import { STAND_IN_TASK_MS } from '../../src/server/hypervisor/stand-in/app.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startHostAgent, type RunningHostAgent } from '../../src/server/managed/stand-in/server.ts';
import { cardToken, useInProcessCardProvider } from '../support/billing.ts';
import { testConfig } from '../support/database.ts';
import { CookieClient } from '../support/http-client.ts';
import { createUser, fromAddress, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { codeAt, toDistinctCodes } from '../support/totp.ts';
import { selfSigned } from '../managed/certs.ts';

const STRONG = 'Quiet-Harbor-Lantern-42';
const NEW_STRONG = 'Copper-Meadow-Whistle-77';
/** The password the walk's change sets; the recovery link then sets NEW_STRONG. */
const MID_STRONG = 'Amber-Thicket-Falcon-63';
const DATABASE_PASSWORD = 'Walnut-Ember-Paddle-85';
const USER_PASSWORD = 'Silver-Canyon-Otter-19';
const BANK = {
  name: 'Pat Payer',
  routing: '987654321',
  account: '12345678',
  account_type: 'SAVINGS',
};
const ADDRESS = '198.51.100.7';

let t: TestApp;
/** The managed servers' host agent (stand-in), for the walk's managed server changes. */
let agent: RunningHostAgent;
const agentDir = mkdtempSync(path.join(os.tmpdir(), 'activity-agent-'));
let owner: Awaited<ReturnType<typeof createUser>>;
let client: CookieClient;
/** Every secret the walk sends: none may appear in any entry. */
const secrets = new Set<string>([
  STRONG,
  NEW_STRONG,
  MID_STRONG,
  USER_PASSWORD,
  DATABASE_PASSWORD,
  BANK.account,
  '4242424242424242',
]);

beforeAll(async () => {
  const env = {
    HOST_AGENT_DIR: agentDir,
    HOST_AGENT_API_KEY: 'activity-test-key-'.padEnd(32, 'x'),
  };
  agent = await startHostAgent({
    config: testConfig(env),
    logger: createLogger('error'),
    port: 0,
    now: () => new Date(),
  });
  t = await createTestApp({ env: { ...env, HOST_AGENT_URL: agent.url } });
  useInProcessCardProvider(t.config, t.database.db, t.logger);
  owner = await createUser(t, {
    password: STRONG,
    permissions: {
      account: 'manage',
      contacts: 'manage',
      services: 'manage',
      payments: 'manage',
      invoices: 'manage',
    },
  });
  client = fromOneAddress();
  await body(
    await client.post('/auth/tokens', {
      username: owner.username,
      password: STRONG,
      store_in_cookies: true,
    }),
    200,
  );
});
afterAll(async () => {
  await t.close();
  await agent.close();
  rmSync(agentDir, { recursive: true, force: true });
});

type Row = typeof activityLog.$inferSelect;

/** A browser whose every request comes from ADDRESS. */
function fromOneAddress(): CookieClient {
  return new CookieClient(async (url, init) =>
    t.app.request(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': ADDRESS },
    }),
  );
}

/** The site admin logged in from ADDRESS. */
async function adminFromOneAddress(): Promise<CookieClient> {
  const admin = fromOneAddress();
  await body(
    await admin.post('/auth/tokens', {
      username: 'admin',
      password: t.config.demoPassword,
      store_in_cookies: true,
    }),
    200,
  );
  return admin;
}

async function rowsOf(cid: number, after = 0): Promise<Row[]> {
  return t.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.cid, cid), gt(activityLog.id, after)))
    .orderBy(activityLog.id);
}

async function lastId(): Promise<number> {
  const rows = await t.database.db.select({ id: activityLog.id }).from(activityLog);
  return Math.max(0, ...rows.map((r) => r.id));
}

async function body<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const codeNow = (secret: string, offsetSteps = 0) => codeAt(t.clock, secret, offsetSteps);

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The entries' words, where a secret would be written, as JSON for looking for secrets: their text
 * columns. Not their ids, customer numbers, times or request ids (random UUIDs, checked to be
 * ids): a secret of 6 or 8 digits matches some of those digits by chance (a 6-digit code the
 * customer's number, or a run of a UUID's hex digits, about once in a million runs).
 */
function wordsOf(rows: Row[]): string {
  for (const row of rows) if (row.requestId !== null) expect(row.requestId).toMatch(REQUEST_ID);
  return JSON.stringify(
    rows.map(
      ({ id: _id, at: _at, cid: _cid, uid: _uid, requestId: _requestId, ...words }) => words,
    ),
  );
}

/** A site admin publishes an ignorable notice to the walk's customer, shown now; its id. */
async function publishNotice(title: string): Promise<number> {
  const admin = await login(t, 'admin');
  const now = t.clock.now().getTime();
  const notice = await body<{ id: number }>(
    await admin.post('/notices', {
      title,
      content: 'The network is **down** on Sunday.',
      ignorable: true,
      cid: owner.cid,
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
    }),
    201,
  );
  return notice.id;
}

/** A managed server of the walk's customer (its hosting on the stand-in host agent); its iid. */
async function addManagedServer(name: string): Promise<number> {
  const [row] = await t.database.db
    .insert(servers)
    .values({
      cid: owner.cid,
      name,
      cpus: 1,
      mem: 1024,
      disk: 10,
      managed: true,
      vmid: 800_000 + Math.floor(Math.random() * 90_000),
    })
    .returning({ iid: servers.iid });
  return row!.iid;
}

/**
 * The rest of a managed server's changes (portal.md §7), each recorded once as the server's change
 * (docs/activity.md: "Managed server web-1: …"); never with a password, key or certificate.
 */
function managedSteps(): Step[] {
  const base = () => `/managed_vm/${ids.managed}`;
  const change = (what: RegExp) => new RegExp(`^Managed server site-1: ${what.source}`);
  const shop = selfSigned(['shop.example.com', 'www.shop.example.com']);
  // The certificate's private key and body, by a line of each (an entry is compared as JSON).
  secrets.add(shop.key.split('\n')[1]!);
  secrets.add(shop.cert.split('\n')[1]!);
  return [
    {
      endpoint: 'POST /managed_vm/:iid/ssl_certs',
      call: async () => {
        const response = await client.post(`${base()}/ssl_certs`, {
          name: 'shop',
          cert: shop.cert,
          key: shop.key,
        });
        ids.cert = (await response.clone().json()).ssl_id;
        return response;
      },
      status: 201,
      summary: change(/SSL certificate shop added$/),
    },
    {
      endpoint: 'PUT /managed_vm/:iid/vhosts/:vhostId',
      call: () =>
        client.put(`${base()}/vhosts/${ids.vhost}`, {
          ssl_enabled: true,
          ssl_id: ids.cert,
          ssl_only: true,
        }),
      status: 200,
      summary: change(/Website shop\.example\.com SSL settings changed$/),
    },
    {
      endpoint: 'PUT /managed_vm/:iid/vhosts/:vhostId/domain_aliases',
      call: () =>
        client.put(`${base()}/vhosts/${ids.vhost}/domain_aliases`, {
          aliases: ['www.shop.example.com'],
        }),
      status: 200,
      summary: change(/Website shop\.example\.com domain aliases set to www\.shop\.example\.com$/),
    },
    {
      endpoint: 'PUT /managed_vm/:iid/mysql_database/:databaseId',
      call: () =>
        client.put(`${base()}/mysql_database/${ids.database}`, { password: DATABASE_PASSWORD }),
      status: 200,
      summary: change(/MySQL database shop password changed$/),
    },
    {
      endpoint: 'POST /managed_vm/:iid/ftp_users',
      call: async () => {
        const response = await client.post(`${base()}/ftp_users`, {
          username: 'shopftp',
          password: DATABASE_PASSWORD,
          vhost_id: ids.vhost,
        });
        ids.ftp = (await response.clone().json()).ftpId;
        return response;
      },
      status: 201,
      summary: change(/FTP user shopftp added$/),
    },
    {
      endpoint: 'PUT /managed_vm/:iid/ftp_users/:ftpId',
      call: () => client.put(`${base()}/ftp_users/${ids.ftp}`, { password: DATABASE_PASSWORD }),
      status: 200,
      summary: change(/FTP user shopftp password changed$/),
    },
    {
      endpoint: 'PUT /managed_vm/:iid/websites_user',
      call: () => client.put(`${base()}/websites_user`, { password: DATABASE_PASSWORD }),
      status: 204,
      summary: change(/Websites user password changed$/),
    },
    {
      endpoint: 'POST /managed_vm/:iid/php_settings',
      call: () => client.post(`${base()}/php_settings`, { key: 'memory_limit', value: '256M' }),
      status: 201,
      summary: change(/.*memory_limit/),
    },
    {
      endpoint: 'DELETE /managed_vm/:iid/php_settings/:phpKey',
      call: () => client.delete(`${base()}/php_settings/memory_limit`),
      status: 204,
      summary: change(/.*memory_limit/),
    },
    {
      endpoint: 'PUT /managed_vm/:iid/nginx',
      call: () => client.put(`${base()}/nginx`, { enable: false }),
      status: 200,
      summary: change(/.*(web server|nginx)/i),
    },
    {
      endpoint: 'PUT /managed_vm/:iid/nginx',
      call: () => client.put(`${base()}/nginx`, { enable: true }),
      status: 200,
      summary: change(/.*(web server|nginx)/i),
    },
    {
      endpoint: 'DELETE /managed_vm/:iid/ftp_users/:ftpId',
      call: () => client.delete(`${base()}/ftp_users/${ids.ftp}`),
      status: 204,
      summary: change(/FTP user shopftp removed$/),
    },
    {
      endpoint: 'DELETE /managed_vm/:iid/domain_redirects/:redirectId',
      call: () => client.delete(`${base()}/domain_redirects/${ids.redirect}`),
      status: 204,
      summary: change(/Redirect old-shop\.example\.com → https:\/\/shop\.example\.com\/ removed$/),
    },
    {
      endpoint: 'DELETE /managed_vm/:iid/vhosts/:vhostId',
      call: () => {
        // A new website may be deleted once its lock (60 s) has passed.
        t.clock.advance(61_000);
        return client.delete(`${base()}/vhosts/${ids.vhost}`);
      },
      status: 204,
      summary: change(/Website shop\.example\.com removed$/),
    },
    {
      endpoint: 'DELETE /managed_vm/:iid/ssl_certs/:certId',
      call: () => client.delete(`${base()}/ssl_certs/${ids.cert}`),
      status: 204,
      summary: change(/SSL certificate shop removed$/),
    },
    {
      endpoint: 'DELETE /managed_vm/:iid/mysql_database/:databaseId',
      call: () => client.delete(`${base()}/mysql_database/${ids.database}`),
      status: 204,
      summary: change(/MySQL database shop removed$/),
    },
  ];
}

/**
 * Adds a user through `path` as `client` (the owner, or an admin acting as the customer): a fresh
 * username of `prefix`, kept in `ids[uidKey]`, and the new contact's id in `ids[idKey]`.
 */
async function addUser(
  client: CookieClient,
  path: string,
  keys: { uidKey: string; idKey: string; prefix: string },
  user: { name: string; email: string; phone: string; perms: Record<string, unknown> },
): Promise<Response> {
  ids[keys.uidKey] = `${keys.prefix}${Date.now().toString(36)}`;
  const response = await client.post(path, {
    ...user,
    uid: ids[keys.uidKey],
    password: USER_PASSWORD,
  });
  ids[keys.idKey] = (await response.clone().json()).contact_id;
  return response;
}

/** A user `client` adds with USER_PASSWORD and `perms`: its username, a fresh one of `prefix`. */
async function newLogin(
  client: CookieClient,
  prefix: string,
  contact: { name: string; email: string; phone: string },
  perms: Record<string, unknown>,
): Promise<string> {
  const uid = `${prefix}${Date.now().toString(36)}`;
  await body(
    await client.post('/user/authorized_users', {
      ...contact,
      uid,
      password: USER_PASSWORD,
      perms,
    }),
    201,
  );
  return uid;
}

/** One step of the walk: the call it makes, what it must answer, the one entry it must write. */
interface Step {
  endpoint: keyof typeof ACTIVITY_ACTIONS;
  /** The action a success writes when it is not the endpoint's own (what a refusal names). */
  action?: ActivityAction;
  call: () => Promise<Response>;
  status: number;
  summary: string | RegExp;
  /** A refused call's entry (default: `ok`), with its reason. */
  refused?: RegExp;
  /** Whose entry it is when not the walk's owner acting alone. */
  as?: () => { cid: number; login: string; admin: string };
}

/** The endpoints the walk makes each change through, in order (ids filled as it goes). */
const ids: Record<string, number | string> = {};
const zoneName = `walk-${Date.now().toString(36)}.example`;

function steps(): Step[] {
  return [
    {
      endpoint: 'PUT /user/info',
      call: async () => {
        const { info } = await body<{ info: Record<string, unknown> }>(
          await client.get('/user/info'),
          200,
        );
        return client.put('/user/info', { ...info, phone: '(801) 555-0199' });
      },
      status: 200,
      summary: 'Account details changed (phone)',
    },
    {
      endpoint: 'PUT /user/email_preferences',
      call: () => client.put('/user/email_preferences', { reminders: false }),
      status: 200,
      summary: 'Email preferences: reminder emails off',
    },
    {
      endpoint: 'POST /user/authorized_contacts',
      call: async () => {
        const response = await client.post('/user/authorized_contacts', {
          name: 'Brenda Bookkeeper',
          email: 'brenda@acme.example',
          phone: '(801) 555-0101',
        });
        ids.contact = (await response.clone().json()).contact_id;
        return response;
      },
      status: 201,
      summary: 'Contact Brenda Bookkeeper added',
    },
    {
      endpoint: 'PATCH /user/authorized_contacts/:contact_id',
      call: () =>
        client.patch(`/user/authorized_contacts/${ids.contact}`, { phone: '(801) 555-0111' }),
      status: 200,
      summary: 'Contact Brenda Bookkeeper changed (phone)',
    },
    {
      endpoint: 'POST /user/authorized_users',
      call: () =>
        addUser(
          client,
          '/user/authorized_users',
          { uidKey: 'username', idKey: 'user', prefix: 'jordan' },
          {
            name: 'Jordan Lee',
            email: 'jordan@acme.example',
            phone: '(801) 555-0102',
            perms: { account: { has_view: true, has_manage: false } },
          },
        ),
      status: 201,
      summary: /^User jordan\w+ added with account view$/,
    },
    {
      endpoint: 'PATCH /user/authorized_users/:contact_id',
      call: () =>
        client.patch(`/user/authorized_users/${ids.user}`, {
          perms: {
            account: { has_view: true, has_manage: false },
            payments: { has_view: true, has_manage: false },
          },
        }),
      status: 200,
      summary: /^User jordan\w+ given payments view$/,
    },
    {
      endpoint: 'PUT /user/authorized_users/:contact_id',
      call: () => client.put(`/user/authorized_users/${ids.user}`, { add_perms: false }),
      status: 200,
      summary: /^Login jordan\w+ removed \(the contact stays\)$/,
    },
    {
      endpoint: 'POST /user/authorized_users',
      call: () =>
        addUser(
          client,
          '/user/authorized_users',
          { uidKey: 'username2', idKey: 'user2', prefix: 'casey' },
          {
            name: 'Casey Park',
            email: 'casey@acme.example',
            phone: '(801) 555-0103',
            perms: { account: { has_view: true, has_manage: false } },
          },
        ),
      status: 201,
      summary: /^User casey\w+ added with account view$/,
    },
    {
      endpoint: 'DELETE /user/authorized_users/:contact_id',
      call: () => client.delete(`/user/authorized_users/${ids.user2}?uid=${ids.username2}`),
      status: 200,
      summary: /^User casey\w+ and the contact deleted$/,
    },
    {
      endpoint: 'POST /user/authorized_contacts',
      call: async () => {
        const response = await client.post('/user/authorized_contacts', {
          name: 'Dana Convert',
          email: 'dana@acme.example',
          phone: '(801) 555-0106',
        });
        ids.convert = (await response.clone().json()).contact_id;
        return response;
      },
      status: 201,
      summary: 'Contact Dana Convert added',
    },
    {
      // A login given to a contact: a user added (docs/activity.md), whatever a refusal names.
      endpoint: 'PUT /user/authorized_users/:contact_id',
      action: 'user.create',
      call: () =>
        client.put(`/user/authorized_users/${ids.convert}`, {
          add_perms: true,
          uid: `dana${Date.now().toString(36)}`,
          password: USER_PASSWORD,
          perms: { account: { has_view: true, has_manage: false } },
        }),
      status: 200,
      summary: /^User dana\w+ added with account view$/,
    },
    {
      endpoint: 'DELETE /user/authorized_contacts/:contact_id',
      call: () => client.delete(`/user/authorized_contacts/${ids.contact}`),
      status: 200,
      summary: 'Contact Brenda Bookkeeper removed',
    },
    {
      endpoint: 'POST /dns',
      call: async () => {
        const response = await client.post('/dns', { zone_name: zoneName });
        ids.zone = ((await response.clone().json()) as { zone: DnsZone }).zone.zone_id;
        return response;
      },
      status: 201,
      summary: `DNS zone ${zoneName} created (TTL 3600)`,
    },
    {
      endpoint: 'PUT /dns/:zone_id',
      call: () => client.put(`/dns/${ids.zone}`, { ttl: 7200 }),
      status: 200,
      summary: `DNS zone ${zoneName} TTL changed 3600 → 7200`,
    },
    {
      endpoint: 'POST /dns/:zone_id/records/:record_type',
      call: async () => {
        const response = await client.post(`/dns/${ids.zone}/records/A`, {
          name: 'www',
          ipv4_address: '192.0.2.1',
        });
        ids.record = ((await response.clone().json()) as { record: DnsRecord }).record.record_id;
        return response;
      },
      status: 201,
      summary: `DNS record A www.${zoneName} added 192.0.2.1`,
    },
    {
      endpoint: 'PUT /dns/:zone_id/records/:record_type/:record_id',
      call: () =>
        client.put(`/dns/${ids.zone}/records/A/${ids.record}`, {
          name: 'www',
          ipv4_address: '192.0.2.2',
        }),
      status: 200,
      summary: `DNS record A www.${zoneName} changed 192.0.2.1 → 192.0.2.2`,
    },
    {
      endpoint: 'DELETE /dns/:zone_id/records/:record_type/:record_id',
      call: () => client.delete(`/dns/${ids.zone}/records/A/${ids.record}`),
      status: 200,
      summary: `DNS record A www.${zoneName} deleted (was 192.0.2.2)`,
    },
    {
      endpoint: 'POST /dns/:zone_id/aliases',
      call: async () => {
        const response = await client.post(`/dns/${ids.zone}/aliases`, {
          alias_name: `alias-${zoneName}`,
        });
        ids.alias = (await response.clone().json()).alias.alias_id;
        return response;
      },
      status: 201,
      summary: `DNS alias alias-${zoneName} added to zone ${zoneName}`,
    },
    {
      endpoint: 'DELETE /dns/:zone_id/aliases/:alias_id',
      call: () => client.delete(`/dns/${ids.zone}/aliases/${ids.alias}`),
      status: 200,
      summary: `DNS alias alias-${zoneName} removed from zone ${zoneName}`,
    },
    {
      endpoint: 'POST /dns/:zone_id/import',
      call: () =>
        client.post(`/dns/${ids.zone}/import`, {
          zone_file: '@ IN A 192.0.2.66\n',
          apply: true,
        }),
      status: 200,
      summary: `DNS zone file imported into ${zoneName}: 1 added, 0 changed, 0 removed`,
    },
    {
      endpoint: 'DELETE /dns/:zone_id',
      call: () => client.delete(`/dns/${ids.zone}`),
      status: 200,
      summary: `DNS zone ${zoneName} deleted`,
    },
    {
      endpoint: 'POST /servers/',
      call: async () => {
        const response = await client.post('/servers/', {
          name: 'web-1',
          cpus: 2,
          mem: 4096,
          disk: 20,
        });
        ids.server = ((await response.clone().json()) as { server: ServerRecord }).server.iid;
        t.clock.advance(STAND_IN_TASK_MS.qmcreate);
        return response;
      },
      status: 201,
      summary: 'Server web-1 created',
    },
    {
      endpoint: 'PUT /servers/:iid',
      call: () => client.put(`/servers/${ids.server}`, { cpus: 4, mem: 4096, disk: 40 }),
      status: 200,
      summary: 'Server web-1 changed: CPUs 2 → 4, disk GB 20 → 40',
    },
    {
      endpoint: 'POST /servers/:iid/start',
      call: async () => {
        const response = await client.post(`/servers/${ids.server}/start`);
        t.clock.advance(STAND_IN_TASK_MS.qmstart);
        return response;
      },
      status: 202,
      summary: 'Server web-1 started',
    },
    {
      endpoint: 'POST /servers/:iid/stop',
      call: async () => {
        const response = await client.post(`/servers/${ids.server}/stop`);
        t.clock.advance(STAND_IN_TASK_MS.qmshutdown);
        return response;
      },
      status: 202,
      summary: 'Server web-1 stopped',
    },
    {
      endpoint: 'POST /servers/:iid/:newStatus',
      // start, stop and force_stop have their own routes: this one takes any other word, refused.
      call: () => client.post(`/servers/${ids.server}/reboot`),
      status: 422,
      summary: /^Server power: POST \/servers\/\d+\/reboot$/,
      refused: /^Validation failed: /,
    },
    {
      endpoint: 'POST /servers/:iid/start',
      call: async () => {
        const response = await client.post(`/servers/${ids.server}/start`);
        t.clock.advance(STAND_IN_TASK_MS.qmstart);
        return response;
      },
      status: 202,
      summary: 'Server web-1 started',
    },
    {
      endpoint: 'POST /servers/:iid/force_stop',
      call: async () => {
        const response = await client.post(`/servers/${ids.server}/force_stop`);
        t.clock.advance(STAND_IN_TASK_MS.qmstop);
        return response;
      },
      status: 202,
      summary: 'Server web-1 force stopped',
    },
    {
      endpoint: 'DELETE /servers/:iid',
      call: () => client.delete(`/servers/${ids.server}`),
      status: 200,
      summary: 'Server web-1 deleted',
    },
    {
      endpoint: 'POST /plesk_servers',
      call: async () => {
        ids.managed = await addManagedServer('site-1');
        return client.post('/plesk_servers', { iid: ids.managed });
      },
      status: 201,
      summary: 'Plesk licence added for server site-1',
    },
    {
      endpoint: 'POST /plesk_servers/delete',
      call: () => client.post('/plesk_servers/delete', { iid: ids.managed }),
      status: 200,
      summary: 'Plesk licence removed from server site-1',
    },
    {
      endpoint: 'POST /managed_vm/:iid/mysql_database',
      call: async () => {
        const response = await client.post(`/managed_vm/${ids.managed}/mysql_database`, {
          database_name: 'shop',
          username: 'shop_user',
          password: DATABASE_PASSWORD,
        });
        ids.database = (await response.clone().json()).database_id;
        return response;
      },
      status: 201,
      summary: 'Managed server site-1: MySQL database shop added for user shop_user',
    },
    {
      endpoint: 'POST /managed_vm/:iid/vhosts',
      call: async () => {
        const response = await client.post(`/managed_vm/${ids.managed}/vhosts`, {
          domain: 'shop.example.com',
          aliases: [],
          ssl_enabled: false,
          ssl_id: null,
          ssl_only: false,
        });
        ids.vhost = (await response.clone().json()).vhost_id;
        return response;
      },
      status: 201,
      summary: 'Managed server site-1: Website shop.example.com added',
    },
    {
      endpoint: 'POST /managed_vm/:iid/domain_redirects',
      call: async () => {
        const response = await client.post(`/managed_vm/${ids.managed}/domain_redirects`, {
          redirect_from: 'old-shop.example.com',
          redirect_to: 'https://shop.example.com/',
        });
        ids.redirect = (await response.clone().json()).redirect_id;
        return response;
      },
      status: 201,
      summary:
        'Managed server site-1: Redirect old-shop.example.com → https://shop.example.com/ added',
    },
    ...managedSteps(),
    {
      endpoint: 'POST /billing/address',
      call: () =>
        client.post('/billing/address', {
          fname: 'Pat',
          lname: 'Payer',
          line1: '1 Main St',
          line2: '',
          city: 'Provo',
          state: 'UT',
          zip_code: '84601',
          zip_ext: '',
          paper_invoice: true,
        }),
      status: 200,
      summary: 'Billing address changed; paper invoices on',
    },
    {
      endpoint: 'POST /billing/payment_accounts/card',
      call: async () => {
        const card = await cardToken(t);
        return client.post('/billing/payment_accounts/card', { token: card.token });
      },
      status: 201,
      summary: /^Payment method card ending 4242 added/,
    },
    {
      endpoint: 'POST /billing/payment_accounts/ach',
      call: async () => {
        const response = await client.post('/billing/payment_accounts/ach', BANK);
        ids.account = (await response.clone().json()).payment_account.payment_account_id;
        return response;
      },
      status: 201,
      summary: /^Payment method bank account ending 5678 added/,
    },
    {
      endpoint: 'PUT /billing/payment_accounts/:id',
      call: () => client.put(`/billing/payment_accounts/${ids.account}`, { make_default: true }),
      status: 200,
      summary: 'Payment method bank account ending 5678: made the default',
    },
    {
      endpoint: 'POST /billing/payments',
      call: () =>
        client.post(
          '/billing/payments',
          { amount: 50, payment_account_id: ids.account },
          { headers: { 'Idempotency-Key': `walk-${Date.now()}-payment-0001` } },
        ),
      status: 201,
      summary: 'Payment $50.00 by bank account ending 5678 (pending until the bank settles it)',
    },
    {
      endpoint: 'DELETE /billing/payment_accounts/:id',
      call: () => client.delete(`/billing/payment_accounts/${ids.account}`),
      status: 200,
      summary: 'Payment method bank account ending 5678 removed',
    },
    {
      endpoint: 'POST /auth/mfa/totp',
      call: async () => {
        const response = await client.post('/auth/mfa/totp');
        ids.secret = (await response.clone().json()).secret;
        secrets.add(String(ids.secret));
        return response;
      },
      status: 200,
      summary: 'Authenticator app setup started',
    },
    {
      endpoint: 'POST /auth/mfa/totp/confirm',
      call: async () => {
        const response = await client.post('/auth/mfa/totp/confirm', {
          code: await codeNow(String(ids.secret)),
        });
        const codes = (await response.clone().json()).recovery_codes as string[];
        for (const code of codes) secrets.add(code);
        ids.recovery = codes[0]!;
        ids.recovery2 = codes[1]!;
        return response;
      },
      status: 200,
      summary: 'Authenticator app turned on; ten recovery codes made',
    },
    {
      endpoint: 'POST /auth/mfa/recovery_codes',
      call: async () => {
        const response = await client.post('/auth/mfa/recovery_codes', { code: ids.recovery });
        const codes = (await response.clone().json()).recovery_codes as string[];
        for (const code of codes) secrets.add(code);
        ids.recovery = codes[0]!;
        return response;
      },
      status: 200,
      summary: 'Recovery codes made again; the old ones no longer work',
    },
    {
      endpoint: 'PUT /auth/mfa/policy',
      call: () => client.put('/auth/mfa/policy', { required: false }),
      status: 200,
      summary: 'A second factor is no longer required of every login',
    },
    {
      endpoint: 'DELETE /auth/mfa/totp',
      call: () => client.request('DELETE', '/auth/mfa/totp', { code: ids.recovery }),
      status: 200,
      summary: 'Authenticator app turned off; its recovery codes removed',
    },
    {
      endpoint: 'POST /notices/:id/ack',
      call: async () => {
        ids.notice = await publishNotice('Planned maintenance');
        return client.post(`/notices/${ids.notice}/ack`);
      },
      status: 200,
      summary: 'Notice “Planned maintenance” acknowledged',
    },
    {
      endpoint: 'DELETE /notices/:id',
      call: async () => client.delete(`/notices/${await publishNotice('New mail servers')}`),
      status: 200,
      summary: 'Notice “New mail servers” dismissed',
    },
    {
      endpoint: 'POST /auth/access_token',
      call: () =>
        client.post('/auth/access_token', {
          username: owner.username,
          password: STRONG,
          store_in_cookies: true,
        }),
      status: 200,
      summary: 'Password confirmed',
    },
    {
      endpoint: 'POST /token/password_reset',
      call: () =>
        client.post('/token/password_reset', { old_password: STRONG, new_password: MID_STRONG }),
      status: 200,
      summary: 'Password changed',
    },
    {
      endpoint: 'DELETE /auth/tokens',
      call: () => client.delete('/auth/tokens'),
      status: 200,
      summary: 'Logged out (session ended)',
    },
    {
      endpoint: 'POST /token/update_password/:url',
      call: async () => {
        // The link the recovery email holds (the request itself is recorded by its job).
        const token = randomToken();
        secrets.add(token);
        await t.database.db.insert(passwordResetTokens).values({
          tokenHash: digest(token),
          uid: owner.uid,
          expiresAt: new Date(Date.now() + 3_600_000),
        });
        return client.post(`/token/update_password/${token}`, {
          username: owner.username,
          password: NEW_STRONG,
        });
      },
      status: 200,
      summary: 'Password set with a recovery link',
    },
    {
      endpoint: 'POST /auth/tokens',
      call: () =>
        client.post('/auth/tokens', {
          username: owner.username,
          password: NEW_STRONG,
          store_in_cookies: true,
        }),
      status: 200,
      summary: 'Logged in with password',
    },
  ];
}

/** A site admin's changes: acting as the walk's customer, and a second factor's reset. */
function adminSteps(admin: CookieClient, support: CookieClient): Step[] {
  const acting = () => ({ cid: owner.cid, login: owner.username, admin: 'admin' });
  return [
    {
      endpoint: 'POST /user/admin_authorized_contacts',
      call: async () => {
        const response = await admin.post('/user/admin_authorized_contacts', {
          name: 'Sam Support',
          email: 'sam@acme.example',
          phone: '(801) 555-0131',
        });
        ids.adminContact = (await response.clone().json()).contact_id;
        return response;
      },
      status: 201,
      summary: 'Contact Sam Support added',
      as: acting,
    },
    {
      endpoint: 'PATCH /user/admin_authorized_contacts/:contact_id',
      call: () =>
        admin.patch(`/user/admin_authorized_contacts/${ids.adminContact}`, {
          phone: '(801) 555-0132',
        }),
      status: 200,
      summary: 'Contact Sam Support changed (phone)',
      as: acting,
    },
    {
      endpoint: 'DELETE /user/admin_authorized_contacts/:contact_id',
      call: () => admin.delete(`/user/admin_authorized_contacts/${ids.adminContact}`),
      status: 200,
      summary: 'Contact Sam Support removed',
      as: acting,
    },
    {
      endpoint: 'POST /user/admin_authorized_users',
      call: () =>
        addUser(
          admin,
          '/user/admin_authorized_users',
          { uidKey: 'adminUsername', idKey: 'adminUser', prefix: 'riley' },
          {
            name: 'Riley Ross',
            email: 'riley@acme.example',
            phone: '(801) 555-0133',
            perms: { account: { has_view: true, has_manage: false } },
          },
        ),
      status: 201,
      summary: /^User riley\w+ added with account view$/,
      as: acting,
    },
    {
      endpoint: 'PATCH /user/admin_authorized_users/:contact_id',
      call: () =>
        admin.patch(`/user/admin_authorized_users/${ids.adminUser}`, {
          perms: {
            account: { has_view: true, has_manage: false },
            services: { has_view: true, has_manage: false },
          },
        }),
      status: 200,
      summary: /^User riley\w+ given services view$/,
      as: acting,
    },
    {
      endpoint: 'PUT /user/admin_authorized_users/:contact_id',
      call: () => admin.put(`/user/admin_authorized_users/${ids.adminUser}`, { add_perms: false }),
      status: 200,
      summary: /^Login riley\w+ removed \(the contact stays\)$/,
      as: acting,
    },
    {
      endpoint: 'POST /user/admin_authorized_users',
      call: () =>
        addUser(
          admin,
          '/user/admin_authorized_users',
          { uidKey: 'adminUsername', idKey: 'adminUser', prefix: 'quinn' },
          {
            name: 'Quinn Ross',
            email: 'quinn@acme.example',
            phone: '(801) 555-0134',
            perms: { invoices: { has_view: true, has_manage: false } },
          },
        ),
      status: 201,
      summary: /^User quinn\w+ added with invoices view$/,
      as: acting,
    },
    {
      endpoint: 'DELETE /user/admin_authorized_users/:contact_id',
      call: () =>
        admin.delete(`/user/admin_authorized_users/${ids.adminUser}?uid=${ids.adminUsername}`),
      status: 200,
      summary: /^User quinn\w+ and the contact deleted$/,
      as: acting,
    },
    {
      endpoint: 'DELETE /admin/users/:username/second_factor',
      call: async () => {
        // Another customer's login with an authenticator app, reset after the support check.
        const member = await createUser(t);
        ids.memberCid = member.cid;
        ids.memberUsername = member.username;
        const browser = await login(t, member.username, member.password);
        const { secret } = await body<{ secret: string }>(
          await browser.post('/auth/mfa/totp'),
          200,
        );
        await body(
          await browser.post('/auth/mfa/totp/confirm', { code: await codeNow(secret) }),
          200,
        );
        return support.request('DELETE', `/admin/users/${member.username}/second_factor`, {
          verified_by: 'Ticket 5150: called back on the phone on file',
        });
      },
      status: 200,
      summary: /^Every second factor of user\S+ removed by support; its sessions ended$/,
      as: () => ({
        cid: Number(ids.memberCid),
        login: String(ids.memberUsername),
        admin: 'admin',
      }),
    },
  ];
}

/** Makes each step's call and checks the one entry it wrote. */
async function walk(list: Step[]) {
  for (const step of list) {
    const whose = step.as?.() ?? { cid: owner.cid, login: owner.username, admin: null };
    const before = await lastId();
    const response = await step.call();
    expect(response.status, `${step.endpoint}: ${await response.clone().text()}`).toBe(step.status);
    const after = step.as?.() ?? whose;
    // A step's own setup (another login's login and authenticator app) is not a site admin's.
    const rows = (await rowsOf(after.cid, before)).filter((r) => !step.as || r.actingAdmin);
    expect(rows.length, `${step.endpoint} wrote ${JSON.stringify(rows)}`).toBe(1);
    const [row] = rows;
    expect(row!.action, step.endpoint).toBe(step.action ?? ACTIVITY_ACTIONS[step.endpoint]);
    expect(row!.login).toBe(after.login);
    expect(row!.actingAdmin).toBe(after.admin);
    expect(row!.address).toBe(ADDRESS);
    expect(row!.outcome).toBe(step.refused ? 'refused' : 'ok');
    if (step.refused) expect(row!.reason).toMatch(step.refused);
    if (typeof step.summary === 'string') expect(row!.summary).toBe(step.summary);
    else expect(row!.summary).toMatch(step.summary);
  }
}

/**
 * The endpoints that change something but write no entry, as docs/activity.md "Not recorded"
 * lists them: nothing of a customer's changes, or no login is behind the call.
 */
const NOT_RECORDED = [
  // Client error reports, a session's renewal, the passkeys' single-use challenges.
  'POST /client_errors',
  'POST /auth/refresh_token',
  'POST /auth/mfa/webauthn/register/options',
  'POST /auth/mfa/webauthn/authenticate/options',
  // Recovery requests answer alike for any name: their job records them (docs/activity.md).
  'POST /token/username_recovery',
  'POST /token/password_recovery',
  // The public signup and its serviceability checks: no customer's login yet.
  'POST /self_signup',
  'POST /self_signup/address/suggestions',
  'POST /self_signup/address/details',
  'POST /self_signup/address/validate',
  'POST /connectivity_clots/renter',
  'POST /connectivity_clots/availability',
  // A site admin's own work, not acting as a customer: notices, provisioning tasks, dead jobs.
  'POST /notices',
  'POST /notices/preview',
  'PUT /notices/:id',
  'POST /notices/:id/withdraw',
  'POST /admin/provisioning_tasks/:id/advance',
  'POST /admin/jobs/:kind/dead/:id/retry',
  // An emailed link, no login.
  'POST /unsubscribe',
];

describe('every change, recorded once', () => {
  it('covers every endpoint that changes something, but those docs/activity.md lists as not recorded', () => {
    const changing = Object.keys(ENDPOINT_ACCESS).filter((key) => !key.startsWith('GET '));
    const unrecorded = changing.filter((key) => !(key in ACTIVITY_ACTIONS));
    expect(unrecorded.sort()).toEqual([...NOT_RECORDED].sort());
    // And no action is kept for an endpoint that no longer exists.
    const stale = Object.keys(ACTIVITY_ACTIONS).filter((key) => !(key in ENDPOINT_ACCESS));
    expect(stale).toEqual([]);
  });

  it('writes one entry per change with its login, address, action and words', async () => {
    await walk(steps());
  });

  it('writes one entry per change a site admin makes, naming the admin', async () => {
    const admin = await adminFromOneAddress();
    await body(await admin.post('/admin/proxy', { cid: owner.cid }), 200);
    const support = await adminFromOneAddress();
    await walk(adminSteps(admin, support));
  });

  it('holds no secret in any entry: passwords, codes, the authenticator key, account numbers', async () => {
    const rows = await t.database.db.select().from(activityLog);
    const text = wordsOf(rows);
    expect(secrets.size).toBeGreaterThan(10);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('refused and failed changes', () => {
  it('records a refused permission and a refused payment with their reasons, and not the change', async () => {
    const viewer = await createUser(t, { permissions: { account: 'view', services: 'view' } });
    const browser = await login(t, viewer.username, viewer.password);
    const before = await lastId();
    const refused = await browser.post('/dns', { zone_name: `refused-${zoneName}` });
    expect(refused.status).toBe(403);
    const [entry, ...more] = await rowsOf(viewer.cid, before);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'dns.zone.create',
      login: viewer.username,
      outcome: 'refused',
    });
    expect(entry!.reason).toMatch(/^Access denied/);

    const payer = await login(t, owner.username, NEW_STRONG);
    const afterDns = await lastId();
    const bad = await payer.post(
      '/billing/payments',
      { amount: 0, payment_account_id: 1 },
      { headers: { 'Idempotency-Key': `walk-${Date.now()}-payment-0002` } },
    );
    expect(bad.status).toBe(422);
    const [payment, ...others] = await rowsOf(owner.cid, afterDns);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({ action: 'billing.payment', outcome: 'refused' });
    expect(payment!.reason).toMatch(/^Validation failed: /);
  });

  it('records a refused login given to a contact as a user added, and a refused login removal as a rights change (docs/activity.md)', async () => {
    const manager = await createUser(t, { permissions: { account: 'manage', contacts: 'manage' } });
    const managing = await login(t, manager.username, manager.password);
    const contact = await body<{ contact_id: number }>(
      await managing.post('/user/authorized_contacts', {
        name: 'Robin Refused',
        email: 'robin.refused@example.test',
        phone: '(801) 555-0107',
      }),
      201,
    );
    const viewerName = await newLogin(
      managing,
      'viewer',
      { name: 'Vic Viewer', email: 'vic.viewer@example.test', phone: '(801) 555-0108' },
      { contacts: { has_view: true, has_manage: false } },
    );
    const viewing = await login(t, viewerName, USER_PASSWORD);
    const giveLogin = (password: string) => ({
      add_perms: true,
      uid: `robin${Date.now().toString(36)}`,
      password,
      perms: { account: { has_view: true, has_manage: false } },
    });
    const before = await lastId();
    const path = `/user/authorized_users/${contact.contact_id}`;
    // Without the right (refused before the handler), with a weak password, and a login removed
    // from a contact that has none.
    expect((await viewing.put(path, giveLogin(USER_PASSWORD))).status).toBe(403);
    expect((await managing.put(path, giveLogin('short'))).status).toBe(422);
    expect((await managing.put(path, { add_perms: false })).status).toBe(409);
    const rows = await rowsOf(manager.cid, before);
    expect(rows.map((row) => [row.login, row.action, row.outcome, row.summary])).toEqual([
      [viewerName, 'user.create', 'refused', `User added: PUT ${path}`],
      [manager.username, 'user.create', 'refused', `User added: PUT ${path}`],
      [manager.username, 'user.update', 'refused', `User rights changed: PUT ${path}`],
    ]);
  });

  it('records a wrong password for the login it names, and nothing for an unknown username', async () => {
    const before = await lastId();
    const wrong = await t.client().post('/auth/tokens', {
      username: owner.username,
      password: 'Not-The-Password-000',
    });
    expect(wrong.status).toBe(401);
    const unknown = await t.client().post('/auth/tokens', {
      username: 'nobody-such-login-here',
      password: 'Not-The-Password-000',
    });
    expect(unknown.status).toBe(401);
    const rows = await t.database.db.select().from(activityLog).where(gt(activityLog.id, before));
    expect(rows.map((r) => [r.login, r.action, r.outcome])).toEqual([
      [owner.username, 'login', 'refused'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Not-The-Password-000');
  });

  it('records a refused recovery link by its route, never its token, whatever bytes the path holds', async () => {
    const someone = await createUser(t, { permissions: { account: 'manage' } });
    const browser = await login(t, someone.username, someone.password);
    const token = 'Secret-Recovery-Token-0123456789';
    for (const path of [`/token/update_password/${token}`, `/token/update_password/%00${token}`]) {
      const before = await lastId();
      const refused = await browser.post(path, { password: 'short' });
      expect(refused.status, path).toBeGreaterThanOrEqual(400);
      expect(refused.status, path).toBeLessThan(500);
      const [entry, ...more] = await rowsOf(someone.cid, before);
      expect(more, path).toEqual([]);
      expect(entry, path).toMatchObject({ action: 'password.recover', outcome: 'refused' });
      expect(entry!.summary, path).toMatch(/: POST \/token\/update_password\/:url$/);
      expect(JSON.stringify(entry), path).not.toContain(token);
    }
  });
});

describe('logins with a second factor', () => {
  it('names the factor each login and confirmation used, and records a wrong code as refused', async () => {
    const user = await createUser(t);
    const browser = await login(t, user.username, user.password);
    const { secret } = await body<{ secret: string }>(await browser.post('/auth/mfa/totp'), 200);
    const { recovery_codes: codes } = await body<{ recovery_codes: string[] }>(
      await browser.post('/auth/mfa/totp/confirm', { code: await codeNow(secret) }),
      200,
    );
    // The next time step, or a later one where the codes around it differ: a code equal to the
    // used one's would be refused. The wrong code is a far step's, none of the window's.
    t.clock.advance(SECOND_FACTOR.totpPeriodSeconds * 1000);
    await toDistinctCodes(t.clock, secret);
    const wrong = await codeNow(secret, 5);
    const before = await lastId();
    const send = (otp?: string) =>
      t.client().post('/auth/tokens', {
        username: user.username,
        password: user.password,
        ...(otp === undefined ? {} : { otp }),
      });
    // The password alone is a step of the login, not a login: nothing is written.
    expect((await send()).status).toBe(401);
    expect((await send(wrong)).status).toBe(401);
    const code = await codeNow(secret);
    expect((await send(code)).status).toBe(200);
    expect((await send(codes[0]!)).status).toBe(200);
    expect(
      (
        await browser.post('/auth/access_token', {
          username: user.username,
          password: user.password,
          otp: codes[1]!,
        })
      ).status,
    ).toBe(200);
    const rows = await rowsOf(user.cid, before);
    expect(rows.map((r) => [r.action, r.outcome, r.summary, r.reason])).toEqual([
      [
        'login',
        'refused',
        'Login: POST /auth/tokens',
        `${SESSION_MESSAGES.secondFactorFailedTitle}: ${SECOND_FACTOR_MESSAGES.failed}`,
      ],
      ['login', 'ok', 'Logged in with password and an authenticator code', null],
      ['login', 'ok', 'Logged in with password and a recovery code', null],
      ['session.confirm', 'ok', 'Password and a recovery code confirmed', null],
    ]);
    // Never the code itself.
    const text = wordsOf(rows);
    for (const secretText of [code, codes[0]!, codes[1]!, secret]) {
      expect(text).not.toContain(secretText);
    }
  });
});

describe('recovery requests', () => {
  it('records a password and a username recovery request for a known login in its customer’s log, answering alike for an unknown one', async () => {
    const email = `recover-${Date.now()}@example.test`;
    const known = await createUser(t, { email });
    const other = await createUser(t);
    const before = await lastId();
    const anonymous = fromAddress('203.0.113.40');
    const forKnown = await t
      .client()
      .post('/token/password_recovery', { username: known.username }, anonymous);
    const forUnknown = await t
      .client()
      .post('/token/password_recovery', { username: 'nobody-such-login-here' }, anonymous);
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(200);
    expect(await forKnown.json()).toEqual(await forUnknown.json());
    const byEmail = await t
      .client()
      .post(
        '/token/username_recovery',
        { email: `recover-${Date.now() + 1}@nowhere.test` },
        anonymous,
      );
    const byKnownEmail = await t.client().post('/token/username_recovery', { email }, anonymous);
    expect(byKnownEmail.status).toBe(200);
    expect(await byKnownEmail.json()).toEqual(await byEmail.json());
    // Nothing is written while answering: the job, after the answer, records it.
    expect(await rowsOf(known.cid, before)).toEqual([]);
    await t.jobs.drain();
    const rows = await rowsOf(known.cid, before);
    expect(rows.map((r) => [r.login, r.action, r.summary, r.address, r.outcome])).toEqual([
      [known.username, 'recovery.request', 'Password recovery requested', '203.0.113.40', 'ok'],
      [known.username, 'recovery.request', 'Username recovery requested', '203.0.113.40', 'ok'],
    ]);
    expect(await rowsOf(other.cid, before)).toEqual([]);
    const all = await t.database.db.select().from(activityLog).where(gt(activityLog.id, before));
    expect(all.map((r) => r.cid)).toEqual([known.cid, known.cid]);
  });
});

describe('a site admin acting as the customer', () => {
  it('is named on each change it makes, beside the login it acts as', async () => {
    const customer = await createUser(t, { permissions: { account: 'manage' } });
    const admin = await login(t, 'admin');
    await body(await admin.post('/admin/proxy', { cid: customer.cid }), 200);
    const before = await lastId();
    await body(await admin.put('/user/email_preferences', { notices: false }), 200);
    await body(
      await admin.post('/user/admin_authorized_contacts', {
        name: 'Casey Support',
        email: 'casey@example.test',
        phone: '(801) 555-0123',
      }),
      201,
    );
    const rows = await rowsOf(customer.cid, before);
    expect(rows.map((r) => [r.action, r.login, r.actingAdmin, r.summary])).toEqual([
      [
        'account.email_preferences',
        customer.username,
        'admin',
        'Email preferences: notice emails off',
      ],
      ['contact.create', customer.username, 'admin', 'Contact Casey Support added'],
    ]);
    const started = await rowsOf(customer.cid);
    expect(started.find((r) => r.action === 'proxy.start')).toMatchObject({
      actingAdmin: 'admin',
      login: customer.username,
    });
  });
});

describe('GET /activity', () => {
  it('shows a customer its own entries only, a site admin any customer’s', async () => {
    const other = await createUser(t, { permissions: { account: 'manage', services: 'manage' } });
    const otherClient = await login(t, other.username, other.password);
    await body(await otherClient.post('/dns', { zone_name: `other-${zoneName}` }), 201);
    const mine = await login(t, owner.username, NEW_STRONG);
    const own = await body<ActivityPage>(await mine.get('/activity?limit=100'), 200);
    expect(own.entries.length).toBeGreaterThan(30);
    expect(own.entries.every((e) => e.login === owner.username)).toBe(true);
    expect(own.entries.some((e) => e.summary.includes(`other-${zoneName}`))).toBe(false);
    const theirs = await body<ActivityPage>(await otherClient.get('/activity'), 200);
    expect(theirs.entries.map((e) => e.login)).not.toContain(owner.username);
    // Another customer's number is refused, not answered.
    expect((await otherClient.get(`/activity?cid=${owner.cid}`)).status).toBe(403);
    const admin = await login(t, 'admin');
    const seen = await body<ActivityPage>(await admin.get(`/activity?cid=${other.cid}`), 200);
    expect(seen.entries.map((e) => e.summary)).toContain(
      `DNS zone other-${zoneName} created (TTL 3600)`,
    );
    expect((await admin.get('/activity')).status).toBe(422);
  });

  it('shows a user who is not the primary admin only their own entries', async () => {
    const mine = await login(t, owner.username, NEW_STRONG);
    const login2 = await newLogin(
      mine,
      'casey',
      { name: 'Casey Viewer', email: 'casey@acme.example', phone: '(801) 555-0104' },
      { account: { has_view: true, has_manage: false } },
    );
    const casey = await login(t, login2, USER_PASSWORD);
    const page = await body<ActivityPage>(await casey.get('/activity'), 200);
    expect(page.entries.map((e) => e.login)).toEqual([login2]);
    const all = await body<ActivityPage>(await mine.get(`/activity?login=${login2}`), 200);
    expect(all.entries.map((e) => e.action)).toEqual(['login']);
    // Another login's name as a filter shows nothing of it to a user who sees their own only.
    const peek = await body<ActivityPage>(
      await casey.get(`/activity?login=${owner.username}`),
      200,
    );
    expect(peek.entries).toEqual([]);
  });

  it('refuses a user without account view, and shows a site admin acting as the customer every login', async () => {
    const login3 = `avery${Date.now().toString(36)}`;
    const mine = await login(t, owner.username, NEW_STRONG);
    await body(
      await mine.post('/user/authorized_users', {
        name: 'Avery Billing',
        email: 'avery@acme.example',
        phone: '(801) 555-0105',
        uid: login3,
        password: USER_PASSWORD,
        perms: { payments: { has_view: true, has_manage: false } },
      }),
      201,
    );
    const avery = await login(t, login3, USER_PASSWORD);
    const refused = await avery.get('/activity');
    expect(refused.status).toBe(403);
    expect((await avery.get('/activity?format=csv')).status).toBe(403);

    const admin = await login(t, 'admin');
    await body(await admin.post('/admin/proxy', { cid: owner.cid }), 200);
    const seen = await body<ActivityPage>(
      await admin.get('/activity?action=sessions&limit=100'),
      200,
    );
    const logins = seen.entries.map((e) => e.login);
    expect(logins).toContain(owner.username);
    expect(logins).toContain(login3);
  });

  it('pages 25 by default, filters by action group and dates, and refuses bad queries', async () => {
    const mine = await login(t, owner.username, NEW_STRONG);
    const first = await body<ActivityPage>(await mine.get('/activity'), 200);
    expect(first.limit).toBe(ACTIVITY.pageSize);
    expect(first.entries).toHaveLength(25);
    expect(first.total).toBeGreaterThan(25);
    const second = await body<ActivityPage>(await mine.get('/activity?offset=25'), 200);
    expect(second.entries[0]!.id).toBeLessThan(first.entries[24]!.id);
    const dns = await body<ActivityPage>(await mine.get('/activity?action=dns&limit=100'), 200);
    expect(new Set(dns.entries.map((e) => e.action.split('.')[0]))).toEqual(new Set(['dns']));
    expect(dns.entries).toHaveLength(9);
    // A group takes every action of its label: logins, logouts and confirmations alike.
    const sessions = await body<ActivityPage>(
      await mine.get('/activity?action=sessions&limit=100'),
      200,
    );
    expect(new Set(sessions.entries.map((e) => e.action))).toEqual(
      new Set(['login', 'logout', 'session.confirm']),
    );
    const today = t.clock.now().toISOString().slice(0, 10);
    const dated = await body<ActivityPage>(
      await mine.get(`/activity?from=${today}&to=${today}`),
      200,
    );
    expect(dated.total).toBe(first.total);
    const old = await body<ActivityPage>(await mine.get('/activity?to=2000-01-01'), 200);
    expect(old.total).toBe(0);
    for (const bad of [
      'limit=0',
      `limit=${ACTIVITY.pageSizeMax + 1}`,
      'offset=-1',
      'action=dns.nothing',
      'from=2026-02-30',
      'from=2026-03-02&to=2026-03-01',
      'format=xml',
    ]) {
      const response = await mine.get(`/activity?${bad}`);
      expect(response.status, bad).toBe(422);
    }
  });

  it('exports the filtered entries as CSV', async () => {
    const mine = await login(t, owner.username, NEW_STRONG);
    const response = await mine.get('/activity?format=csv&action=servers');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Login,Acting site admin,Address,Action,What,Outcome,Reason');
    const what = [
      'Plesk licence removed from server site-1,Done,',
      'Plesk licence added for server site-1,Done,',
      'Server web-1 deleted,Done,',
      'Server web-1 force stopped,Done,',
      'Server web-1 started,Done,',
      // A quote inside a quoted field is doubled (RFC 4180).
      `Server power: POST /servers/${ids.server}/reboot,Refused,"Validation failed: Unknown power action ""reboot""`,
      'Server web-1 stopped,Done,',
      'Server web-1 started,Done,',
      // A field with a comma is quoted (RFC 4180).
      '"Server web-1 changed: CPUs 2 → 4, disk GB 20 → 40",Done,',
      'Server web-1 created,Done,',
    ];
    expect(lines).toHaveLength(what.length + 1);
    lines.slice(1).forEach((line, i) => {
      expect(line).toContain(`,${owner.username},,${ADDRESS},`);
      expect(line).toContain(`,${what[i]}`);
    });
  });
});

describe('a login from a new address', () => {
  it('sends one email per address the login has not used before', async () => {
    const user = await createUser(t, { email: `newaddr-${Date.now()}@example.test` });
    const mails = async () =>
      (await t.database.db.select().from(emailOutbox)).filter(
        (m) => m.to === `${user.username}@example.test` || m.subject.startsWith('A new login'),
      );
    const before = (await mails()).length;
    await login(t, user.username, user.password, fromAddress('203.0.113.1'));
    await login(t, user.username, user.password, fromAddress('203.0.113.1'));
    expect((await mails()).length, 'the first login and the same address again').toBe(before);
    await login(t, user.username, user.password, fromAddress('203.0.113.2'));
    await login(t, user.username, user.password, fromAddress('203.0.113.2'));
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('203.0.113.2');
  });
});

describe('an entry that cannot be written', () => {
  /** Runs `during` while the activity log refuses every entry of `action`. */
  async function refusing(action: string, during: () => Promise<void>) {
    await t.database.executeSql(
      `alter table activity_log add constraint refuse_for_test check (action <> '${action}') not valid`,
    );
    try {
      await during();
    } finally {
      await t.database.executeSql('alter table activity_log drop constraint refuse_for_test');
    }
  }
  const familiesOf = (uid: number) =>
    t.database.db.select().from(refreshFamilies).where(eq(refreshFamilies.uid, uid));

  it('takes the change with it: a login, a logout, an authenticator setup, a proxy start', async () => {
    const user = await createUser(t, { permissions: { account: 'manage' } });
    await refusing('login', async () => {
      const response = await t.client().post('/auth/tokens', {
        username: user.username,
        password: user.password,
        store_in_cookies: true,
      });
      expect(response.status).toBe(500);
      expect(await familiesOf(user.uid), 'no session started').toEqual([]);
    });

    const browser = await login(t, user.username, user.password);
    await refusing('mfa.totp.start', async () => {
      expect((await browser.post('/auth/mfa/totp')).status).toBe(500);
      const factors = await t.database.db
        .select()
        .from(secondFactors)
        .where(eq(secondFactors.uid, user.uid));
      expect(factors, 'no secret stored').toEqual([]);
    });

    const admin = await login(t, 'admin');
    await refusing('proxy.start', async () => {
      expect((await admin.post('/admin/proxy', { cid: user.cid })).status).toBe(500);
      const proxies = (await familiesOf(user.uid)).filter((f) => f.proxyAdminUid !== null);
      expect(proxies, 'no proxy session started').toEqual([]);
    });

    await refusing('logout', async () => {
      expect((await browser.delete('/auth/tokens')).status).toBe(500);
      const live = (await familiesOf(user.uid)).filter((f) => f.revokedAt === null);
      expect(live, 'the session still live').toHaveLength(1);
    });
    expect((await browser.get('/user/profile')).status).toBe(200);
  });

  it('takes the change with it: a DNS zone, a contact, a user’s rights', async () => {
    const user = await createUser(t, {
      permissions: { account: 'manage', contacts: 'manage', services: 'manage' },
    });
    const browser = await login(t, user.username, user.password);
    const zone = `rollback-${Date.now().toString(36)}.example`;
    await refusing('dns.zone.create', async () => {
      expect((await browser.post('/dns', { zone_name: zone })).status).toBe(500);
      const zones = await t.database.db.select().from(dnsZones).where(eq(dnsZones.zoneName, zone));
      expect(zones, 'no zone created').toEqual([]);
    });
    await refusing('contact.create', async () => {
      const response = await browser.post('/user/authorized_contacts', {
        name: 'Rolled Back',
        email: 'rolled@acme.example',
        phone: '(801) 555-0190',
      });
      expect(response.status).toBe(500);
      const made = await t.database.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.cid, user.cid), eq(contacts.email, 'rolled@acme.example')));
      expect(made, 'no contact added').toEqual([]);
    });
    const added = await body<{ contact_id: number }>(
      await browser.post('/user/authorized_users', {
        name: 'Robin Rights',
        email: 'robin@acme.example',
        phone: '(801) 555-0191',
        uid: `robin${Date.now().toString(36)}`,
        password: USER_PASSWORD,
        perms: { account: { has_view: true, has_manage: false } },
      }),
      201,
    );
    await refusing('user.update', async () => {
      const response = await browser.patch(`/user/authorized_users/${added.contact_id}`, {
        perms: {
          account: { has_view: true, has_manage: false },
          services: { has_view: true, has_manage: false },
        },
      });
      expect(response.status).toBe(500);
      const [row] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.contactId, added.contact_id));
      expect(row!.servicesView, 'the rights as they were').toBe(false);
    });
  });
});

describe('retention', () => {
  it('prunes entries past ACTIVITY_RETENTION_DAYS (400 by default) in its job, on the app’s clock', async () => {
    const deps = { config: t.config, database: t.database, logger: t.logger, clock: t.clock };
    expect(t.config.activityRetentionDays).toBe(ACTIVITY.retentionDays);
    const before = (await rowsOf(owner.cid)).length;
    expect(before).toBeGreaterThan(0);
    expect(await pruneActivityJob(deps)).toBe(0);
    t.clock.advance((ACTIVITY.retentionDays - 1) * 86_400_000);
    expect(await pruneActivityJob(deps)).toBe(0);
    // A shorter configured period takes them at once.
    const short = { ...deps, config: { ...t.config, activityRetentionDays: 30 } };
    const other = await createUser(t);
    await login(t, other.username, other.password);
    expect(await pruneActivityJob(short)).toBeGreaterThanOrEqual(before);
    expect(await rowsOf(owner.cid)).toEqual([]);
    expect(await rowsOf(other.cid)).toHaveLength(1);
    // The recurring job the runner queues each day does it: queued for the day, run, gone.
    t.clock.advance(ACTIVITY.retentionDays * 86_400_000 + 1);
    const prune = RECURRING_JOBS.filter((job) => job.kind === 'activity.prune');
    expect(await queueDueSlots(t, new Map(), prune)).toEqual(['activity.prune']);
    await t.jobs.drain();
    expect(await rowsOf(other.cid)).toEqual([]);
  });
});
