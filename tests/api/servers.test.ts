/**
 * Virtual servers (portal.md §3 "Server", §5, §7 "Servers", §9; docs/servers.md): create within
 * the bounds with the cost of §9 as a monthly service line, edit (mem GB×1024, disk never
 * shrinks), power actions on the stand-in hypervisor (tasks of a few seconds on the test clock,
 * one at a time: 409), seconds since shutdown, delete only when stopped, sorting by every column
 * both ways (422 for others), the count, Plesk licences of managed servers, and two customers who
 * never reach each other's servers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingPass } from '../../src/server/billing/run.ts';
import {
  billLines,
  bills,
  hypervisorVms,
  servers as serversTable,
} from '../../src/server/db/schema.ts';
import { STAND_IN_TASK_MS } from '../../src/server/hypervisor/stand-in/app.ts';
import { ERROR_MESSAGES } from '../../src/shared/messages.ts';
import { SERVER_MESSAGES, storageCannotShrink } from '../../src/shared/servers/messages.ts';
import type { PleskLicence, PowerStatus, ServerRecord } from '../../src/shared/servers/rules.ts';
import type { ServicesResponse } from '../../src/shared/services/rules.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let alice: CookieClient;
let bob: CookieClient;

beforeAll(async () => {
  t = await createTestApp({ now: '2030-03-10T17:00:00Z' });
  const a = await createUser(t, { permissions: { services: 'manage' } });
  const b = await createUser(t, { permissions: { services: 'manage' } });
  alice = await login(t, a.username, a.password);
  bob = await login(t, b.username, b.password);
});
afterAll(() => t.close());

const SMALL = { cpus: 2, mem: 4 * 1024, disk: 20 };

async function create(client: CookieClient, body: Record<string, unknown> = SMALL) {
  const response = await client.post('/servers/', body);
  expect(response.status, await response.clone().text()).toBe(201);
  // The hypervisor's create task runs a few seconds; power actions wait for it (409 meanwhile).
  t.clock.advance(STAND_IN_TASK_MS.qmcreate);
  return ((await response.json()) as { server: ServerRecord }).server;
}

async function power(client: CookieClient, iid: number): Promise<PowerStatus> {
  const response = await client.get(`/servers/${iid}/power_status`);
  expect(response.status).toBe(200);
  return (await response.json()) as PowerStatus;
}

async function started(client: CookieClient, iid: number) {
  expect((await client.post(`/servers/${iid}/start`)).status).toBe(202);
  t.clock.advance(STAND_IN_TASK_MS.qmstart);
  expect((await power(client, iid)).power).toBe('running');
}

describe('POST /servers/', () => {
  it('creates a stopped server within the bounds, its cost a monthly service line', async () => {
    const server = await create(alice, { ...SMALL, name: 'web-1' });
    // 2 CPUs × 8 + 4 GB × 15 + 20 GB × 0.5 (portal.md §9).
    expect(server).toMatchObject({
      name: 'web-1',
      power: 'stopped',
      cpus: 2,
      mem: 4096,
      mem_gb: 4,
      disk: 20,
      managed: false,
      monthly_cost: 86,
      time_since_shutdown_issued: null,
    });
    const services = (await (await alice.get('/services')).json()) as ServicesResponse;
    expect(services.services['20']).toContainEqual(
      expect.objectContaining({
        display_id: `VM-${server.iid}`,
        kind: 'server',
        status: 'active',
        activated_on: '2030-03-10',
        server: { iid: server.iid, monthly_cost: 86 },
      }),
    );
  });

  it('accepts the bounds themselves: 1 to 8 CPUs, 1 to 16 GB, 8 to 1024 GB', async () => {
    const low = await create(alice, { cpus: 1, mem: 1024, disk: 8 });
    expect(low.monthly_cost).toBe(8 + 15 + 4);
    const high = await create(alice, { cpus: 8, mem: 16 * 1024, disk: 1024, managed: true });
    expect(high).toMatchObject({ monthly_cost: 64 + 240 + 512, managed: true });
  });

  it.each([
    [{ ...SMALL, cpus: 0 }, 'cpus', SERVER_MESSAGES.cpus],
    [{ ...SMALL, cpus: 9 }, 'cpus', SERVER_MESSAGES.cpus],
    [{ ...SMALL, cpus: 1.5 }, 'cpus', SERVER_MESSAGES.cpus],
    [{ ...SMALL, cpus: '2' }, 'cpus', SERVER_MESSAGES.cpus],
    [{ ...SMALL, mem: 512 }, 'mem', SERVER_MESSAGES.memory],
    [{ ...SMALL, mem: 17 * 1024 }, 'mem', SERVER_MESSAGES.memory],
    [{ ...SMALL, mem: 1500 }, 'mem', SERVER_MESSAGES.memory],
    [{ ...SMALL, disk: 7 }, 'disk', SERVER_MESSAGES.storage],
    [{ ...SMALL, disk: 1025 }, 'disk', SERVER_MESSAGES.storage],
    [{ ...SMALL, name: 'no spaces' }, 'name', SERVER_MESSAGES.name],
    [{ ...SMALL, managed: 'yes' }, 'managed', SERVER_MESSAGES.managed],
  ])('refuses %j with 422 on %s, writing nothing', async (body, field, message) => {
    const before = await t.database.db.$count(serversTable);
    const machines = await t.database.db.$count(hypervisorVms);
    const response = await alice.post('/servers/', body);
    expect(response.status).toBe(422);
    const error = (await response.json()) as { errors: Record<string, string> };
    expect(error.errors[field]).toBe(message);
    expect(await t.database.db.$count(serversTable)).toBe(before);
    expect(await t.database.db.$count(hypervisorVms)).toBe(machines);
  });

  // A server's name is one host name label (docs/servers.md "Names"): letters, digits and
  // dashes, no dash at either end, 1 to 63 characters.
  it.each([
    'web-',
    '-web',
    'web_1',
    'web.example.com',
    'wéb',
    '',
    '   ',
    `w${'a'.repeat(63)}`,
    12,
    null,
  ])('refuses the name %j with 422 on name, creating nothing', async (name) => {
    const before = await t.database.db.$count(serversTable);
    const machines = await t.database.db.$count(hypervisorVms);
    const response = await alice.post('/servers/', { ...SMALL, name });
    expect(response.status).toBe(422);
    const error = (await response.json()) as { errors: Record<string, string> };
    expect(error.errors).toEqual({ name: SERVER_MESSAGES.name });
    expect(await t.database.db.$count(serversTable)).toBe(before);
    expect(await t.database.db.$count(hypervisorVms)).toBe(machines);
  });

  it('keeps a typed name as a host name is read: blanks around it dropped, lowercase', async () => {
    const longest = `w${'a'.repeat(62)}`;
    expect((await create(alice, { ...SMALL, name: ' Web-2 ' })).name).toBe('web-2');
    expect((await create(alice, { ...SMALL, name: '9lives' })).name).toBe('9lives');
    expect((await create(alice, { ...SMALL, name: longest })).name).toBe(longest);
  });
});

describe('PUT /servers/{iid}', () => {
  it('changes CPUs, memory (GB × 1024) and storage; the cost follows', async () => {
    const server = await create(alice);
    const response = await alice.put(`/servers/${server.iid}`, { cpus: 4, mem: 8192, disk: 40 });
    expect(response.status).toBe(200);
    const { server: saved } = (await response.json()) as { server: ServerRecord };
    expect(saved).toMatchObject({
      cpus: 4,
      mem: 8192,
      mem_gb: 8,
      disk: 40,
      monthly_cost: 32 + 120 + 20,
    });
    const [row] = await t.database.db
      .select()
      .from(serversTable)
      .where(eq(serversTable.iid, server.iid));
    const [vm] = await t.database.db
      .select()
      .from(hypervisorVms)
      .where(eq(hypervisorVms.vmid, row.vmid));
    expect(vm).toMatchObject({ cores: 4, memory: 8192, diskGb: 40 });
    const services = (await (await alice.get('/services')).json()) as ServicesResponse;
    const line = services.services['20'].find((s) => s.display_id === `VM-${server.iid}`);
    expect(line?.server?.monthly_cost).toBe(172);
  });

  it('never shrinks the storage (422), and refuses values out of bounds', async () => {
    const server = await create(alice, { ...SMALL, disk: 50 });
    const shrink = await alice.put(`/servers/${server.iid}`, { cpus: 2, mem: 4096, disk: 49 });
    expect(shrink.status).toBe(422);
    expect(((await shrink.json()) as { errors: { disk: string } }).errors.disk).toBe(
      storageCannotShrink(50),
    );
    const bad = await alice.put(`/servers/${server.iid}`, { cpus: 2, mem: 4, disk: 50 });
    expect(bad.status).toBe(422);
    const missing = await alice.put(`/servers/${server.iid}`, { cpus: 2 });
    expect(missing.status).toBe(422);
    expect(
      (await (await alice.get(`/servers/${server.iid}`)).json()) as { server: ServerRecord },
    ).toMatchObject({
      server: { disk: 50, mem: 4096 },
    });
  });
});

describe('power actions', () => {
  it('starts (a few seconds), stops in order, and counts seconds since the shutdown', async () => {
    const { iid } = await create(alice);
    const start = await alice.post(`/servers/${iid}/start`);
    expect(start.status).toBe(202);
    expect(await start.json()).toMatchObject({ power: 'starting' });
    expect((await power(alice, iid)).power).toBe('starting');
    t.clock.advance(STAND_IN_TASK_MS.qmstart);
    expect(await power(alice, iid)).toEqual({
      power: 'running',
      time_since_shutdown_issued: null,
      last_error: null,
    });
    expect((await alice.post(`/servers/${iid}/stop`)).status).toBe(202);
    expect((await power(alice, iid)).power).toBe('stopping');
    t.clock.advance(STAND_IN_TASK_MS.qmshutdown);
    expect(await power(alice, iid)).toMatchObject({
      power: 'stopped',
      time_since_shutdown_issued: 4,
    });
    t.clock.advance(90_000);
    expect((await power(alice, iid)).time_since_shutdown_issued).toBe(94);
    const { server } = (await (await alice.get(`/servers/${iid}`)).json()) as {
      server: ServerRecord;
    };
    expect(server.time_since_shutdown_issued).toBe(94);
    await started(alice, iid);
    expect((await power(alice, iid)).time_since_shutdown_issued).toBeNull();
  });

  it('force stops by pulling the plug (the hypervisor stop), faster than a shutdown', async () => {
    const { iid } = await create(alice);
    await started(alice, iid);
    expect((await alice.post(`/servers/${iid}/force_stop`)).status).toBe(202);
    expect((await power(alice, iid)).power).toBe('force_stopping');
    t.clock.advance(STAND_IN_TASK_MS.qmstop);
    expect((await power(alice, iid)).power).toBe('stopped');
  });

  it('answers 409 to a power action while another runs, and to pointless ones', async () => {
    const creating = await alice.post('/servers/', SMALL);
    const { server } = (await creating.json()) as { server: ServerRecord };
    expect((await alice.post(`/servers/${server.iid}/start`)).status).toBe(409);
    expect((await alice.delete(`/servers/${server.iid}`)).status).toBe(409);
    t.clock.advance(STAND_IN_TASK_MS.qmcreate);
    const { iid } = server;
    const [a, b] = await Promise.all([
      alice.post(`/servers/${iid}/start`),
      alice.post(`/servers/${iid}/start`),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const busy = await alice.post(`/servers/${iid}/force_stop`);
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { msg: string }).msg).toBe(SERVER_MESSAGES.powerBusy);
    t.clock.advance(STAND_IN_TASK_MS.qmstart);
    const again = await alice.post(`/servers/${iid}/start`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { msg: string }).msg).toBe(SERVER_MESSAGES.alreadyRunning);
  });

  it('sets a documented status through /{newStatus} and refuses others with 422', async () => {
    const { iid } = await create(alice);
    const unknown = await alice.post(`/servers/${iid}/reboot`);
    expect(unknown.status).toBe(422);
    const stopped = await alice.post(`/servers/${iid}/stop`);
    expect(stopped.status).toBe(409);
    expect(((await stopped.json()) as { msg: string }).msg).toBe(SERVER_MESSAGES.alreadyStopped);
  });

  it('reports a task that ended with an error, until the next action', async () => {
    const { iid } = await create(alice);
    const [row] = await t.database.db.select().from(serversTable).where(eq(serversTable.iid, iid));
    await t.database.db
      .update(hypervisorVms)
      .set({ failNext: 'start failed: QEMU exited with code 1' })
      .where(eq(hypervisorVms.vmid, row.vmid));
    expect((await alice.post(`/servers/${iid}/start`)).status).toBe(202);
    t.clock.advance(STAND_IN_TASK_MS.qmstart);
    expect(await power(alice, iid)).toMatchObject({
      power: 'stopped',
      last_error: 'start failed: QEMU exited with code 1',
    });
    await started(alice, iid);
    expect((await power(alice, iid)).last_error).toBeNull();
  });
});

describe('DELETE /servers/{iid}', () => {
  it('deletes only stopped servers, with their service line', async () => {
    const { iid } = await create(alice);
    await started(alice, iid);
    const refused = await alice.delete(`/servers/${iid}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { msg: string }).msg).toBe(SERVER_MESSAGES.deleteRunning);
    await alice.post(`/servers/${iid}/force_stop`);
    expect((await alice.delete(`/servers/${iid}`)).status).toBe(409);
    t.clock.advance(STAND_IN_TASK_MS.qmstop);
    expect((await alice.delete(`/servers/${iid}`)).status).toBe(200);
    const gone = await alice.get(`/servers/${iid}`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { msg: string }).msg).toBe(ERROR_MESSAGES.serverNotFound);
    const services = (await (await alice.get('/services')).json()) as ServicesResponse;
    expect(services.services['20'].map((s) => s.display_id)).not.toContain(`VM-${iid}`);
  });
});

describe('billing', () => {
  it('bills a server every month at the cost of portal.md §9 until it is deleted', async () => {
    const carol = await createUser(t, { permissions: { services: 'manage' } });
    const client = await login(t, carol.username, carol.password);
    // 2 CPUs × 8 + 4 GB × 15 + 80 GB × 0.5 = 116 a month.
    const { iid } = await create(client, { cpus: 2, mem: 4 * 1024, disk: 80, name: 'billed-1' });
    const linesOf = async () =>
      t.database.db
        .select({
          period: bills.periodStart,
          description: billLines.description,
          cents: billLines.amountCents,
        })
        .from(bills)
        .innerJoin(billLines, eq(billLines.billId, bills.billId))
        .where(eq(bills.cid, carol.cid))
        .orderBy(bills.periodStart);
    await runBillingPass(t, { today: '2030-03-10' });
    expect(await linesOf()).toEqual([
      {
        period: '2030-03-10',
        description: 'Virtual server billed-1 (2 CPU, 4 GB memory, 80 GB storage)',
        cents: 116_00,
      },
    ]);
    // A pass on the same day, or before the next month, bills nothing more.
    await runBillingPass(t, { today: '2030-04-09' });
    expect(await linesOf()).toHaveLength(1);
    await runBillingPass(t, { today: '2030-04-10' });
    expect((await linesOf()).map((line) => line.period)).toEqual(['2030-03-10', '2030-04-10']);
    expect((await client.delete(`/servers/${iid}`)).status).toBe(200);
    await runBillingPass(t, { today: '2030-05-10' });
    expect(await linesOf()).toHaveLength(2);
  });
});

describe('lists', () => {
  it('sorts by every column, both ways, and refuses unknown columns with 422', async () => {
    const carol = await createUser(t, { permissions: { services: 'manage' } });
    const client = await login(t, carol.username, carol.password);
    const made = [
      await create(client, { name: 'bravo', cpus: 4, mem: 2048, disk: 100 }),
      await create(client, { name: 'alpha', cpus: 1, mem: 8192, disk: 10, managed: true }),
      await create(client, { name: 'charlie', cpus: 8, mem: 1024, disk: 30 }),
    ];
    await started(client, made[2].iid);
    const names = async (column: string, up: boolean) => {
      const response = await client.get(`/servers/all/${column}/${up}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { servers: ServerRecord[] }).servers.map((s) => s.name);
    };
    const expectations: Record<string, string[]> = {
      iid: ['bravo', 'alpha', 'charlie'],
      name: ['alpha', 'bravo', 'charlie'],
      cpus: ['alpha', 'bravo', 'charlie'],
      mem: ['charlie', 'bravo', 'alpha'],
      disk: ['alpha', 'charlie', 'bravo'],
      // bravo 32+30+50=112, alpha 8+120+5=133, charlie 64+15+15=94
      monthly_cost: ['charlie', 'bravo', 'alpha'],
      power: ['charlie', 'bravo', 'alpha'],
      managed: ['bravo', 'charlie', 'alpha'],
    };
    for (const [column, ascending] of Object.entries(expectations)) {
      expect(await names(column, true), column).toEqual(ascending);
      expect(await names(column, false), column).toEqual([...ascending].reverse());
    }
    expect((await client.get('/servers/all/password/true')).status).toBe(422);
    expect((await client.get('/servers/all/name/sideways')).status).toBe(422);
    const count = (await (await client.get('/servers/all/count')).json()) as { count: number };
    expect(count).toEqual({ count: 3 });
    const list = (await (await client.get('/servers')).json()) as { servers: ServerRecord[] };
    expect(list.servers.map((s) => s.power)).toEqual(['stopped', 'stopped', 'running']);
  });
});

describe('Plesk licences', () => {
  it('licences managed servers only, once each; lists and deletes them', async () => {
    const plain = await create(alice);
    const managed = await create(alice, { ...SMALL, managed: true });
    expect((await alice.post('/plesk_servers', { iid: plain.iid })).status).toBe(422);
    const made = await alice.post('/plesk_servers', { iid: managed.iid });
    expect(made.status).toBe(201);
    const { plesk_server } = (await made.json()) as { plesk_server: PleskLicence };
    expect(plesk_server).toMatchObject({
      iid: managed.iid,
      licence_key: expect.stringMatching(/^PLSK\./),
    });
    expect((await alice.post('/plesk_servers', { iid: managed.iid })).status).toBe(409);
    const list = (await (await alice.get('/plesk_servers')).json()) as {
      plesk_servers: PleskLicence[];
    };
    expect(list.plesk_servers.map((p) => p.iid)).toContain(managed.iid);
    expect((await alice.post('/plesk_servers', { iid: 'x' })).status).toBe(422);
    expect((await alice.post('/plesk_servers/delete', { iid: managed.iid })).status).toBe(200);
    expect((await alice.post('/plesk_servers/delete', { iid: managed.iid })).status).toBe(404);
  });
});

describe('two customers', () => {
  it("never reach each other's servers, on any endpoint", async () => {
    const mine = await create(alice, { ...SMALL, managed: true });
    expect((await alice.post('/plesk_servers', { iid: mine.iid })).status).toBe(201);
    const calls: [string, string, unknown?][] = [
      ['GET', `/servers/${mine.iid}`],
      ['PUT', `/servers/${mine.iid}`, { cpus: 1, mem: 1024, disk: 100 }],
      ['GET', `/servers/${mine.iid}/power_status`],
      ['POST', `/servers/${mine.iid}/start`, {}],
      ['POST', `/servers/${mine.iid}/stop`, {}],
      ['POST', `/servers/${mine.iid}/force_stop`, {}],
      ['POST', `/servers/${mine.iid}/start`, {}],
      ['DELETE', `/servers/${mine.iid}`],
      ['POST', '/plesk_servers', { iid: mine.iid }],
      ['POST', '/plesk_servers/delete', { iid: mine.iid }],
    ];
    for (const [method, path, body] of calls) {
      const response = await bob.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const lists = ['/servers', '/servers/all/iid/true'];
    for (const path of lists) {
      const { servers } = (await (await bob.get(path)).json()) as { servers: ServerRecord[] };
      expect(servers.map((s) => s.iid)).not.toContain(mine.iid);
    }
    const plesk = (await (await bob.get('/plesk_servers')).json()) as {
      plesk_servers: PleskLicence[];
    };
    expect(plesk.plesk_servers).toEqual([]);
    const services = (await (await bob.get('/services')).json()) as ServicesResponse;
    expect(services.services['20'].map((s) => s.display_id)).not.toContain(`VM-${mine.iid}`);
    const { server } = (await (await alice.get(`/servers/${mine.iid}`)).json()) as {
      server: ServerRecord;
    };
    expect(server).toMatchObject({ cpus: 2, power: 'stopped' });
  });

  it("cannot delete or resize another customer's server: 404, and nothing changes", async () => {
    const mine = await create(alice, { ...SMALL, name: 'kept' });
    const [row] = await t.database.db
      .select()
      .from(serversTable)
      .where(eq(serversTable.iid, mine.iid));
    // Stopped and idle: the owner could delete it, and grow it, right now.
    const resize = await bob.put(`/servers/${mine.iid}`, { cpus: 8, mem: 16 * 1024, disk: 500 });
    expect(resize.status).toBe(404);
    expect(((await resize.json()) as { msg: string }).msg).toBe(ERROR_MESSAGES.serverNotFound);
    const remove = await bob.delete(`/servers/${mine.iid}`);
    expect(remove.status).toBe(404);
    expect(((await remove.json()) as { msg: string }).msg).toBe(ERROR_MESSAGES.serverNotFound);
    const [after] = await t.database.db
      .select()
      .from(serversTable)
      .where(eq(serversTable.iid, mine.iid));
    expect(after).toMatchObject({ cid: row.cid, cpus: 2, mem: 4096, disk: 20, name: 'kept' });
    const [vm] = await t.database.db
      .select()
      .from(hypervisorVms)
      .where(eq(hypervisorVms.vmid, row.vmid));
    expect(vm).toMatchObject({ cores: 2, memory: 4096, diskGb: 20 });
    const services = (await (await alice.get('/services')).json()) as ServicesResponse;
    expect(services.services['20']).toContainEqual(
      expect.objectContaining({
        display_id: `VM-${mine.iid}`,
        status: 'active',
        server: { iid: mine.iid, monthly_cost: 86 },
      }),
    );
    // The owner still can.
    expect((await alice.delete(`/servers/${mine.iid}`)).status).toBe(200);
  });

  it('lets a view-only user read but not change', async () => {
    const viewer = await createUser(t, { permissions: { services: 'view' } });
    const client = await login(t, viewer.username, viewer.password);
    expect((await client.get('/servers')).status).toBe(200);
    expect((await client.post('/servers/', SMALL)).status).toBe(403);
  });
});
