/**
 * The servers list's power states stay true to the hypervisor (issue 34; docs/servers.md "Power
 * states in lists"): the list may share one hypervisor list call for a moment, but a server whose
 * power changed since that call — started here, or by another instance whose request saw its task
 * end — is shown as the hypervisor has it now, and a change made outside the portal shows once the
 * shared call is older than its maximum age. Two customers: each list holds only its own servers.
 * The stand-in's tasks are scaled to a tenth (a start takes 300 ms on the test clock), shorter
 * than the shared call's life.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerRecord } from '../../src/shared/servers/rules.ts';
import { hypervisorVms, servers as serversTable } from '../../src/server/db/schema.ts';
import { LIST_MAX_AGE_MS } from '../../src/server/hypervisor/list-cache.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let alice: CookieClient;
let bob: CookieClient;

beforeAll(async () => {
  t = await createTestApp({
    now: '2030-03-10T17:00:00Z',
    env: { HYPERVISOR_TASK_SCALE: '0.1' },
  });
  const a = await createUser(t, { permissions: { services: 'manage' } });
  const b = await createUser(t, { permissions: { services: 'manage' } });
  alice = await login(t, a.username, a.password);
  bob = await login(t, b.username, b.password);
});
afterAll(() => t.close());

async function create(client: CookieClient, name: string): Promise<ServerRecord> {
  const response = await client.post('/servers/', { cpus: 1, mem: 1024, disk: 10, name });
  expect(response.status, await response.clone().text()).toBe(201);
  t.clock.advance(1000); // the create task (2 s scaled to 200 ms) has ended
  return ((await response.json()) as { server: ServerRecord }).server;
}

async function listed(client: CookieClient): Promise<Record<string, string>> {
  const response = await client.get('/servers/all/name/true');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { servers: ServerRecord[] };
  return Object.fromEntries(body.servers.map((s) => [s.name, s.power]));
}

describe('power states in the servers list', () => {
  it('shows each server as the hypervisor has it now, to its own customer only', async () => {
    const web = await create(alice, 'web');
    const db = await create(alice, 'db');
    const bobs = await create(bob, 'bobs');
    // Their create tasks seen ended, then time passes: the lists' shared call is later.
    for (const [client, server] of [
      [alice, web],
      [alice, db],
      [bob, bobs],
    ] as const) {
      const response = await client.get(`/servers/${server.iid}/power_status`);
      expect(((await response.json()) as { power: string }).power).toBe('stopped');
    }
    t.clock.advance(1);
    expect(await listed(alice)).toEqual({ db: 'stopped', web: 'stopped' });
    expect(await listed(bob)).toEqual({ bobs: 'stopped' });

    // Started and its task seen ended (by any instance's request) well within the shared call's
    // life: the list shows it running, not the state the shared call saw.
    expect((await alice.post(`/servers/${web.iid}/start`)).status).toBe(202);
    expect(await listed(alice)).toEqual({ db: 'stopped', web: 'starting' });
    t.clock.advance(400);
    const status = await alice.get(`/servers/${web.iid}/power_status`);
    expect(((await status.json()) as { power: string }).power).toBe('running');
    expect(await listed(alice)).toEqual({ db: 'stopped', web: 'running' });
    expect(await listed(bob)).toEqual({ bobs: 'stopped' });
    expect((await bob.get(`/servers/${web.iid}/power_status`)).status).toBe(404);

    // Changed outside the portal (web shut down from inside, db started from the hypervisor's
    // console): shown once the shared call is older than its maximum age.
    const vmidOf = async (iid: number) => {
      const [row] = await t.database.db
        .select({ vmid: serversTable.vmid })
        .from(serversTable)
        .where(eq(serversTable.iid, iid));
      return row!.vmid;
    };
    const setStatus = async (iid: number, status: 'running' | 'stopped') =>
      t.database.db
        .update(hypervisorVms)
        .set({ status })
        .where(eq(hypervisorVms.vmid, await vmidOf(iid)));
    await setStatus(web.iid, 'stopped');
    await setStatus(db.iid, 'running');
    t.clock.advance(LIST_MAX_AGE_MS);
    expect(await listed(alice)).toEqual({ db: 'running', web: 'stopped' });
  });
});
