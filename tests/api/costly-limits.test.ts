/**
 * Costly calls are bounded per user and per customer (docs/api.md "Rate limits"): invoice and
 * receipt PDFs, zone exports and imports, and managed hosting changes (each has the host agent run
 * `nginx -t`). Bursts of requests sent at once, as one user with many in flight, get at most the
 * limit's number through and 429 with Retry-After for the rest; the customer's limit holds across
 * its users; another customer is untouched; the window passes on the app's clock (`t.clock`), no
 * real waiting. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set
 * (tests/tools/with-postgres.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/shared/constants.ts';
import { COSTLY_LIMIT_MESSAGES } from '../../src/shared/messages/portal.ts';
import type { BillsPage } from '../../src/shared/billing/schemas.ts';
import { ALL_PERMISSIONS, permissionColumns } from '../../src/server/session/accounts.ts';
import { ENDPOINT_ACCESS, ENDPOINT_LIMITS } from '../../src/server/session/endpoints.ts';
import { COSTLY_LIMITS } from '../../src/server/session/rate-limit.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { contacts, servers, users } from '../../src/server/db/schema.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startHostAgent, type RunningHostAgent } from '../../src/server/managed/stand-in/server.ts';
import {
  billedCustomer,
  noonOn,
  passOn,
  PASSWORD,
  useInProcessCardProvider,
} from '../support/billing.ts';
import { testConfig } from '../support/database.ts';
import type { CookieClient } from '../support/http-client.ts';
import { login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const MINUTE_MS = 60_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'costly-limits-'));
let t: TestApp;
let agent: RunningHostAgent;

beforeAll(async () => {
  const env = {
    HOST_AGENT_DIR: dir,
    HOST_AGENT_API_KEY: 'costly-limits-test-key-'.padEnd(32, 'x'),
  };
  agent = await startHostAgent({
    config: testConfig(env),
    logger: createLogger('error'),
    port: 0,
  });
  t = await createTestApp({
    now: noonOn('2030-01-15'),
    env: { ...env, HOST_AGENT_URL: agent.url },
  });
  useInProcessCardProvider(t.config, t.database.db, t.logger);
});
afterAll(async () => {
  await t.close();
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every test starts in a window of its own on the app's clock. */
beforeEach(() => t.clock.advance(60 * MINUTE_MS));

/** How many answers had each status. */
function tally(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Sends `count` requests at once; their answers in the order they were made. */
function burst(count: number, send: (i: number) => Promise<Response>): Promise<Response[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

/** A 429 in the shape of every API error, with Retry-After. */
async function expectTooMany(response: Response, message: string, retryAfter: number) {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe(String(retryAfter));
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ status: 429, title: 'Too many requests', msg: message });
}

let userCounter = 0;

/** Another user of customer `cid`, with every permission, logged in. */
async function addUser(cid: number): Promise<CookieClient> {
  userCounter += 1;
  const username = `costly${userCounter}-${Date.now().toString(36)}`;
  await t.database.db.transaction(async (tx) => {
    const [contact] = await tx
      .insert(contacts)
      .values({
        cid,
        firstName: 'Second',
        lastName: 'User',
        phone: '(801) 555-0100',
        email: `${username}@example.test`,
      })
      .returning({ contactId: contacts.contactId });
    await tx.insert(users).values({
      username,
      passwordHash: await hashPassword(PASSWORD),
      cid,
      contactId: contact.contactId,
      primaryAdmin: false,
      ...permissionColumns(ALL_PERMISSIONS),
    });
  });
  return login(t, username, PASSWORD);
}

describe('the costly endpoints', () => {
  it('are every endpoint that renders a PDF, exports or imports a zone, or changes a managed server', () => {
    const expected = Object.keys(ENDPOINT_ACCESS).filter((endpoint) => {
      const [method, route] = endpoint.split(' ');
      return (
        route.endsWith('/pdf') ||
        route === '/dns/:zone_id/export' ||
        route === '/dns/:zone_id/import' ||
        (route.startsWith('/managed_vm/') && method !== 'GET')
      );
    });
    expect(expected).toHaveLength(22);
    expect(Object.keys(ENDPOINT_LIMITS).sort()).toEqual(expected.sort());
    for (const [endpoint, limit] of Object.entries(ENDPOINT_LIMITS)) {
      const kind = endpoint.endsWith('/pdf')
        ? COSTLY_LIMITS.pdf
        : endpoint.endsWith('/export')
          ? COSTLY_LIMITS.zoneExport
          : endpoint.endsWith('/import')
            ? COSTLY_LIMITS.zoneImport
            : COSTLY_LIMITS.hostingChange;
      expect(limit, endpoint).toBe(kind);
    }
  });

  it('each count every call of one user, whatever it answers, and refuse the one over the limit', async () => {
    const { cid } = await billedCustomer(t);
    const client = await addUser(cid);
    for (const [endpoint, limit] of Object.entries(ENDPOINT_LIMITS)) {
      t.clock.advance(MINUTE_MS);
      const [method, route] = endpoint.split(' ');
      // Ids of nothing: the answers are 404 or 422, and still count.
      const url = route.replace(/:[A-Za-z_]+/g, '987654');
      const send = () => client.request(method, url, method === 'GET' ? undefined : {});
      const first = await burst(limit!.perUser.max, send);
      expect(
        first.map((r) => r.status).filter((s) => s === 429),
        endpoint,
      ).toEqual([]);
      await expectTooMany(await send(), limit!.perUser.message, limit!.perUser.windowSeconds);
    }
    // About 700 requests over 22 endpoints: more than the default timeout on a loaded machine.
  }, 180_000);
});

describe('invoice and receipt PDFs', () => {
  const perUser = RATE_LIMITS.pdfsPerUser;
  const perCustomer = RATE_LIMITS.pdfsPerCustomer;
  const message = COSTLY_LIMIT_MESSAGES.pdfs;

  it('refuses a burst of one user over its limit with 429 and Retry-After, counts its customer across users, leaves another customer alone, and allows again once the window has passed', async () => {
    expect(perCustomer.max).toBe(2 * perUser.max);
    const a = await billedCustomer(t, { activatedOn: '2030-01-15' });
    const b = await billedCustomer(t, { activatedOn: '2030-01-15' });
    await passOn(t, '2030-01-15');
    t.clock.advance(60 * MINUTE_MS);
    const a1 = await a.client();
    const a2 = await addUser(a.cid);
    const a3 = await addUser(a.cid);
    const b1 = await b.client();
    const billOf = async (client: CookieClient) => {
      const page = (await (await client.get('/billing/bills')).json()) as BillsPage;
      return `/billing/bills/${page.bills[0].bill_id}/pdf`;
    };
    const aPdf = await billOf(a1);
    const bPdf = await billOf(b1);

    // One user, 100 requests in flight: the limit's number of PDFs, 429 for every other.
    const first = await burst(100, () => a1.get(aPdf));
    expect(tally(first.map((r) => r.status))).toEqual({ 200: perUser.max, 429: 100 - perUser.max });
    const ok = first.find((r) => r.status === 200)!;
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    await expectTooMany(
      first.find((r) => r.status === 429)!,
      message,
      perUser.windowSeconds,
    );

    // A second user of the customer has a limit of its own, up to the customer's.
    const second = await burst(100, () => a2.get(aPdf));
    expect(tally(second.map((r) => r.status))).toEqual({
      200: perCustomer.max - perUser.max,
      429: 100 - (perCustomer.max - perUser.max),
    });
    // A third user of it has made no call yet, and the customer's limit refuses it.
    await expectTooMany(await a3.get(aPdf), message, perCustomer.windowSeconds);
    // Another customer is not touched.
    expect((await b1.get(bPdf)).status).toBe(200);

    // Within the window, still refused: Retry-After counts down on the app's clock...
    t.clock.advance((perUser.windowSeconds - 1) * 1000);
    await expectTooMany(await a1.get(aPdf), message, 1);
    // ...and once it has passed, allowed again.
    t.clock.advance(1000);
    expect((await a1.get(aPdf)).status).toBe(200);
    expect((await a3.get(aPdf)).status).toBe(200);
  });

  it('counts receipts with invoices', async () => {
    const a = await billedCustomer(t, { activatedOn: '2030-01-15' });
    await passOn(t, '2030-01-15');
    t.clock.advance(60 * MINUTE_MS);
    const client = await a.client();
    const page = (await (await client.get('/billing/bills')).json()) as BillsPage;
    const bill = `/billing/bills/${page.bills[0].bill_id}/pdf`;
    const statuses = (await burst(perUser.max, () => client.get(bill))).map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    await expectTooMany(
      await client.get('/billing/payments/987654/pdf'),
      message,
      perUser.windowSeconds,
    );
  });
});

describe('managed hosting changes (each runs nginx -t)', () => {
  const perUser = RATE_LIMITS.hostingChangesPerUser;
  const message = COSTLY_LIMIT_MESSAGES.hostingChanges;

  it('refuses alias changes of one user over its limit with 429; the others reach the host agent', async () => {
    const a = await billedCustomer(t);
    const b = await billedCustomer(t);
    const [client, other] = [await a.client(), await b.client()];
    const addServer = async (cid: number, vmid: number) => {
      const [row] = await t.database.db
        .insert(servers)
        .values({ cid, name: `vm${vmid}`, cpus: 1, mem: 1024, disk: 10, managed: true, vmid })
        .returning({ iid: servers.iid });
      return `/managed_vm/${row.iid}`;
    };
    const base = await addServer(a.cid, 880_000 + Math.floor(Math.random() * 9_000));
    const otherBase = await addServer(b.cid, 890_000 + Math.floor(Math.random() * 9_000));
    const vhost = { aliases: [], ssl_enabled: false, ssl_id: null, ssl_only: false };
    const created = await client.post(`${base}/vhosts`, { domain: 'shop.example.com', ...vhost });
    expect(created.status).toBe(201);
    const { vhost_id: vhostId } = (await created.json()) as { vhost_id: number };
    t.clock.advance(60 * MINUTE_MS);

    const changes = await burst(40, (i) =>
      client.put(`${base}/vhosts/${vhostId}/domain_aliases`, {
        aliases: [`www${i}.shop.example.com`],
      }),
    );
    const statuses = changes.map((r) => r.status);
    const counts = tally(statuses);
    expect(counts[429]).toBe(40 - perUser.max);
    // The rest reached the host agent: made, or refused by it as busy with the others (503).
    expect((counts[200] ?? 0) + (counts[503] ?? 0)).toBe(perUser.max);
    await expectTooMany(changes[statuses.indexOf(429)], message, perUser.windowSeconds);
    // The alias the host agent holds is one of the changes it was sent, not a refused one.
    const [live] = (
      (await (await client.get(`${base}/vhosts`)).json()) as { records: { aliases: string[] }[] }
    ).records;
    const accepted = statuses.flatMap((s, i) => (s === 200 ? [`www${i}.shop.example.com`] : []));
    expect(accepted).toContain(live.aliases[0]);

    // Another customer's changes go on.
    const theirs = await other.post(`${otherBase}/vhosts`, { domain: 'b.example.com', ...vhost });
    expect(theirs.status).toBe(201);

    t.clock.advance(perUser.windowSeconds * 1000);
    const again = await client.put(`${base}/vhosts/${vhostId}/domain_aliases`, {
      aliases: ['again.shop.example.com'],
    });
    expect(again.status).toBe(200);
  });
});

describe('zone exports and imports', () => {
  it('refuses previews and exports of one user over their limits', async () => {
    const a = await billedCustomer(t);
    const client = await a.client();
    const created = await client.post('/dns', { zone_name: `costly-${Date.now()}.example` });
    expect(created.status).toBe(201);
    const { zone } = (await created.json()) as { zone: { zone_id: number } };
    t.clock.advance(60 * MINUTE_MS);

    const file = Array.from({ length: 200 }, (_, i) => `host${i} IN A 192.0.2.${i % 250}`);
    const imports = await burst(40, () =>
      client.post(`/dns/${zone.zone_id}/import`, { zone_file: file.join('\n'), apply: false }),
    );
    const perImport = RATE_LIMITS.zoneImportsPerUser;
    expect(tally(imports.map((r) => r.status))).toEqual({
      200: perImport.max,
      429: 40 - perImport.max,
    });
    await expectTooMany(
      imports.find((r) => r.status === 429)!,
      COSTLY_LIMIT_MESSAGES.zoneImports,
      perImport.windowSeconds,
    );

    const perExport = RATE_LIMITS.zoneExportsPerUser;
    const exports = await burst(100, () => client.get(`/dns/${zone.zone_id}/export`));
    expect(tally(exports.map((r) => r.status))).toEqual({
      200: perExport.max,
      429: 100 - perExport.max,
    });
    await expectTooMany(
      exports.find((r) => r.status === 429)!,
      COSTLY_LIMIT_MESSAGES.zoneExports,
      perExport.windowSeconds,
    );
  });
});
