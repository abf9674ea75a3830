/**
 * `npm run bench:costly`: what one logged-in user gets out of the costly endpoints
 * (docs/api.md "Rate limits").
 *
 * The app runs in process (Hono's `app.request`) on a fresh database (embedded PGlite, or
 * DATABASE_URL's PostgreSQL), seeded with the demo data (logins, bills, zones, servers); the stand-in
 * host agent listens on a port of its own and checks every change with `nginx -t` when nginx is
 * installed. As the demo user, with 10 requests in flight at a time, it sends a burst of each
 * costly kind: invoice PDFs, receipt PDFs, zone exports, import previews of a 5,000-line zone file,
 * and vhost alias changes (each one `nginx -t`). Then a second and a third user of the same
 * customer send invoice PDFs in the window the first used (the customer's limit). For each burst it prints how many were answered 2xx, 4xx
 * other than 429, 429 and 5xx, and the requests per second answered. Each burst starts in a new
 * window of the app's clock, which otherwise stands still (as if the burst took no time).
 *
 * Options: --requests N (default 500 of each kind), --concurrency C (default 10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { BillsPage } from '../../src/shared/billing/schemas.ts';
import { ALL_PERMISSIONS, permissionColumns } from '../../src/server/session/accounts.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { LIMITS } from '../../src/server/session/rate-limit.ts';
import { SettableClock } from '../../src/server/clock.ts';
import { contacts, users } from '../../src/server/db/schema.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startHostAgent } from '../../src/server/managed/stand-in/server.ts';
import { DEMO_MANAGED_SERVER_IID } from '../../src/server/servers/demo-seed.ts';
import { CookieClient } from '../support/http-client.ts';
import { benchConfig, machineLine, startBenchApp } from './bench-app.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '10' },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const HOUR_MS = 3_600_000;

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-costly-'));
const agentEnv = {
  HOST_AGENT_DIR: path.join(dir, 'host-agent'),
  HOST_AGENT_API_KEY: 'bench-costly-host-agent-key'.padEnd(32, '-'),
};
const agent = await startHostAgent({
  config: benchConfig(agentEnv),
  logger: createLogger('error'),
  port: 0,
});
const clock = new SettableClock();
const bench = await startBenchApp({
  name: 'costly',
  postgres: 'from-env',
  clock,
  // Every seed step, the small address set (the demo bills need a demo address).
  seedOptions: { forceDemo: true, testing: true },
  env: { ...agentEnv, HOST_AGENT_URL: agent.url },
});

async function logIn(username: string, password: string): Promise<CookieClient> {
  const client = CookieClient.forApp(bench.app);
  const response = await client.post('/auth/tokens', {
    username,
    password,
    store_in_cookies: true,
  });
  if (response.status !== 200) throw new Error(`login as ${username}: ${response.status}`);
  return client;
}

/** Another user of the demo customer, with every permission, logged in. */
async function anotherUser(username: string): Promise<CookieClient> {
  const db = bench.database.db;
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
  const [contact] = await db
    .insert(contacts)
    .values({
      cid: demo.cid,
      firstName: 'Second',
      lastName: 'User',
      phone: '(801) 555-0100',
      email: `${username}@example.test`,
    })
    .returning({ contactId: contacts.contactId });
  await db.insert(users).values({
    username,
    passwordHash: await hashPassword(bench.config.demoPassword),
    cid: demo.cid,
    contactId: contact.contactId,
    primaryAdmin: false,
    ...permissionColumns(ALL_PERMISSIONS),
  });
  return logIn(username, bench.config.demoPassword);
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (response.status >= 300)
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Tally {
  ok: number;
  refused: number;
  limited: number;
  failed: number;
  seconds: number;
}

/** REQUESTS requests, CONCURRENCY in flight, in a new window of the app's clock (or the same). */
async function burst(
  send: (index: number) => Promise<Response>,
  window: 'new' | 'same' = 'new',
): Promise<Tally> {
  if (window === 'new') clock.advance(HOUR_MS);
  const tally: Tally = { ok: 0, refused: 0, limited: 0, failed: 0, seconds: 0 };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const index = next++;
        const response = await send(index);
        await response.arrayBuffer();
        if (response.status === 429) tally.limited += 1;
        else if (response.status < 300) tally.ok += 1;
        else if (response.status < 500) tally.refused += 1;
        else tally.failed += 1;
      }
    }),
  );
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

try {
  const demo = await logIn('demo', bench.config.demoPassword);
  const bills = await json<BillsPage>(await demo.get('/billing/bills'), 'bills');
  const payments = await json<{ payments: { payment_id: number }[] }>(
    await demo.get('/billing/payments'),
    'payments',
  );
  const zones = await json<{ zones: { zone_id: number; zone_name: string }[] }>(
    await demo.get('/dns'),
    'zones',
  );
  const bill = bills.bills[0].bill_id;
  const payment = payments.payments[0].payment_id;
  const zone = zones.zones[0];
  const managed = `/managed_vm/${DEMO_MANAGED_SERVER_IID}`;
  const vhost = await json<{ vhost_id: number }>(
    await demo.post(`${managed}/vhosts`, {
      domain: 'bench.example.com',
      aliases: [],
      ssl_enabled: false,
      ssl_id: null,
      ssl_only: false,
    }),
    'vhost',
  );
  const zoneFile = Array.from(
    { length: 5_000 },
    (_, i) => `host${i} IN A 198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  ).join('\n');

  const rows: [string, Tally, string][] = [];
  const limitText = (kind: keyof typeof LIMITS, customer: keyof typeof LIMITS) =>
    `limits ${LIMITS[kind].max} per user, ${LIMITS[customer].max} per customer, per ${LIMITS[kind].windowSeconds} s`;
  rows.push([
    'invoice PDFs',
    await burst(() => demo.get(`/billing/bills/${bill}/pdf`)),
    limitText('pdfsPerUser', 'pdfsPerCustomer'),
  ]);
  rows.push([
    'receipt PDFs',
    await burst(() => demo.get(`/billing/payments/${payment}/pdf`)),
    'the same limits',
  ]);
  rows.push([
    'zone exports',
    await burst(() => demo.get(`/dns/${zone.zone_id}/export`)),
    limitText('zoneExportsPerUser', 'zoneExportsPerCustomer'),
  ]);
  rows.push([
    'import previews (5,000 lines)',
    await burst(() =>
      demo.post(`/dns/${zone.zone_id}/import`, { zone_file: zoneFile, apply: false }),
    ),
    limitText('zoneImportsPerUser', 'zoneImportsPerCustomer'),
  ]);
  rows.push([
    'alias changes (nginx -t)',
    await burst((i) =>
      demo.put(`${managed}/vhosts/${vhost.vhost_id}/domain_aliases`, {
        aliases: [`www${i}.bench.example.com`],
      }),
    ),
    limitText('hostingChangesPerUser', 'hostingChangesPerCustomer'),
  ]);
  // The customer's limit: the demo user takes its share of a new window, then a second and a
  // third user of the same customer ask in the same window.
  const second = await anotherUser('demo-second');
  const third = await anotherUser('demo-third');
  await burst(() => demo.get(`/billing/bills/${bill}/pdf`));
  rows.push([
    'invoice PDFs, 2nd user',
    await burst(() => second.get(`/billing/bills/${bill}/pdf`), 'same'),
    'same customer, same window, after the first user took its limit',
  ]);
  rows.push([
    'invoice PDFs, 3rd user',
    await burst(() => third.get(`/billing/bills/${bill}/pdf`), 'same'),
    'same customer, same window, after the first two',
  ]);

  console.log(
    `One user, ${REQUESTS} requests of each kind, ${CONCURRENCY} in flight (in process, ${bench.engine}):`,
  );
  for (const [name, tally, note] of rows) {
    const perSecond = (REQUESTS / tally.seconds).toFixed(0);
    console.log(
      `  ${name.padEnd(30)} 2xx ${String(tally.ok).padStart(4)}   4xx ${String(tally.refused).padStart(4)}   429 ${String(tally.limited).padStart(4)}   5xx ${String(tally.failed).padStart(4)}   ${perSecond.padStart(5)} answers/s   ${note}`,
    );
  }
  console.log(machineLine());
} finally {
  await agent.close();
  await bench.close();
  rmSync(dir, { recursive: true, force: true });
}
