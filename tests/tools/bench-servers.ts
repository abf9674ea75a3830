/**
 * `npm run bench:servers`: the servers list and the power polling, measured.
 *
 * 1. `GET /servers/all/{column}/{dir}` for a customer with 500 servers (`--servers`): p50 and p95
 *    over `--requests` calls for each column of the sort, both directions (one hypervisor list call
 *    per request, on the stand-in reached in process).
 * 2. The requests the server page makes while one server starts: the page's own power machine and
 *    poll (machines/servers/power.machine.ts with src/web/features/servers/api.ts) against the API,
 *    the stand-in's start stretched to `--start-seconds` (default 30) of real time, every request
 *    counted: the total, and per minute (polling backs off to one request every 5 s).
 *
 * Embedded PGlite by default; with DATABASE_URL, a throwaway database on that PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { createActor, waitFor } from 'xstate';
import { SERVER_SORT_COLUMNS } from '../../src/shared/servers/rules.ts';
import { createCustomerAccount } from '../../src/server/session/accounts.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { AUTH_SEED_STEPS } from '../../src/server/session/demo-seed.ts';
import { hypervisorVms, servers } from '../../src/server/db/schema.ts';
import { useInProcessStandIn } from '../../src/server/hypervisor/index.ts';
import { powerMachine } from '../../machines/servers/power.machine.ts';
import { serversApi } from '../../src/web/features/servers/api.ts';
import type { ApiClient } from '../../src/web/api/client.ts';
import { CookieClient } from '../support/http-client.ts';
import { latency, machineLine, ms, startBenchApp } from './bench-app.ts';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '500' },
    requests: { type: 'string', default: '20' },
    'start-seconds': { type: 'string', default: '30' },
  },
});
const COUNT = Number(values.servers);
const REQUESTS = Number(values.requests);
const START_SECONDS = Number(values['start-seconds']);

const bench = await startBenchApp({
  name: 'servers',
  steps: AUTH_SEED_STEPS,
  postgres: 'from-env',
  // The stand-in's start (3 s) stretched to START_SECONDS.
  env: { HYPERVISOR_TASK_SCALE: String(START_SECONDS / 3) },
});
const { db } = bench.database;
await useInProcessStandIn(bench.config, db, bench.logger);

const password = 'Quiet-Harbor-Lantern-42';
const { cid } = await db.transaction((tx) =>
  createCustomerAccount(tx, {
    contact: {
      firstName: 'Bench',
      lastName: 'Servers',
      phone: '(801) 555-0000',
      email: 'b@x.test',
    },
    user: {
      username: 'benchservers',
      passwordHash: '',
      permissions: { services: 'manage' },
    },
    serviceAddress: { line1: '1 Test Street', city: 'Provo', state: 'UT', zipCode: '84601' },
  }),
);
const { users } = await import('../../src/server/db/schema.ts');
const { eq } = await import('drizzle-orm');
await db
  .update(users)
  .set({ passwordHash: await hashPassword(password) })
  .where(eq(users.cid, cid));

const rows = Array.from({ length: COUNT }, (_, i) => ({
  cid,
  name: `vm-${String(i).padStart(4, '0')}`,
  cpus: 1 + (i % 8),
  mem: 1024 * (1 + (i % 16)),
  disk: 8 + ((i * 37) % 1000),
  managed: i % 5 === 0,
  vmid: 1000 + i,
}));
await db.insert(servers).values(rows);
await db.insert(hypervisorVms).values(
  rows.map((r, i) => ({
    vmid: r.vmid,
    node: bench.config.hypervisor.node,
    name: r.name,
    cores: r.cpus,
    memory: r.mem,
    diskGb: r.disk,
    status: i % 2 === 0 ? ('running' as const) : ('stopped' as const),
  })),
);

const client = CookieClient.forApp(bench.app);
const login = await client.post('/auth/tokens', {
  username: 'benchservers',
  password,
  store_in_cookies: true,
});
if (login.status !== 200) throw new Error(`login failed: ${login.status}`);

console.log(`${machineLine()}; ${bench.engine}; ${COUNT} servers of one customer`);
console.log('GET /servers/all/{column}/{dir}, ms:');
const all: number[] = [];
for (const column of SERVER_SORT_COLUMNS) {
  for (const up of [true, false]) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      const response = await client.get(`/servers/all/${column}/${up}`);
      const body = (await response.json()) as { servers: unknown[] };
      times.push(performance.now() - started);
      if (response.status !== 200 || body.servers.length !== COUNT) throw new Error('bad answer');
    }
    all.push(...times);
    const l = latency(times);
    console.log(
      `  ${column.padEnd(27)} ${up ? 'asc ' : 'desc'}  p50 ${ms(l.p50)}  p95 ${ms(l.p95)}`,
    );
  }
}
const total = latency(all);
console.log(`  all ${total.count} requests: p50 ${ms(total.p50)}, p95 ${ms(total.p95)}`);

// The page while one server starts: count every request it sends.
const sent: string[] = [];
async function request(path: string, method = 'GET', json?: unknown): Promise<unknown> {
  sent.push(`${method} ${path}`);
  const response = await client.request(method, path, json);
  if (!response.ok) throw new Error(`${response.status} on ${path}`);
  return response.json();
}
const api = {
  get: (path: string) => request(path),
  post: (path: string, json?: unknown) => request(path, 'POST', json ?? {}),
  put: (path: string, json?: unknown) => request(path, 'PUT', json ?? {}),
  delete: (path: string) => request(path, 'DELETE'),
} as unknown as ApiClient;
const calls = serversApi(api);
const reloads: Promise<unknown>[] = [];
const [stopped] = await db.select().from(servers).where(eq(servers.vmid, 1001));
const power = createActor(
  powerMachine.provide({
    actors: calls.powerActors,
    actions: {
      'reload the server': () => {
        reloads.push(calls.list({ column: 'iid', ascending: true }));
      },
    },
  }),
  { input: { iid: stopped.iid } },
);
power.start();
await waitFor(power, (s) => s.matches('stopped'));
const started = performance.now();
power.send({ type: 'server.start.pressed' });
await waitFor(power, (s) => s.matches('running') || s.matches('failed'), {
  timeout: (START_SECONDS + 60) * 1000,
});
const seconds = (performance.now() - started) / 1000;
power.stop();
await Promise.all(reloads);
const polls = sent.filter((r) => r.endsWith('/power_status')).length;
console.log(
  `A start of ${seconds.toFixed(1)} s: ${sent.length} requests in all (${polls} power status polls, ` +
    `${(sent.length / (seconds / 60)).toFixed(1)} per minute); ends ${power.getSnapshot().value as string}`,
);
await bench.close();
