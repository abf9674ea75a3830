/**
 * The stand-in hypervisor on its own (docs/servers.md "Hypervisor"), driven through the
 * Proxmox-shaped client the server uses: tasks that run a few seconds of its clock and end OK or
 * with an error, status/current, one task at a time per machine, disks that only grow, destroy of
 * stopped machines only, its token, and the process on its own port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxmoxHypervisor } from '../../src/server/hypervisor/proxmox.ts';
import {
  createStandInHypervisorApp,
  STAND_IN_TASK_MS,
} from '../../src/server/hypervisor/stand-in/app.ts';
import { startStandInHypervisor } from '../../src/server/hypervisor/stand-in/server.ts';
import { HypervisorError, type Hypervisor } from '../../src/server/hypervisor/types.ts';
import { SettableClock } from '../../src/server/clock.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let hv: Hypervisor;
let app: ReturnType<typeof createStandInHypervisorApp>;
const clock = new SettableClock('2030-05-01T10:00:00Z');
const TOKEN = 'root@pam!test=0123456789abcdef';
const URL_BASE = 'http://hypervisor.test';

beforeAll(async () => {
  t = await createTestApp();
  app = createStandInHypervisorApp({
    db: t.database.db,
    logger: t.logger,
    token: TOKEN,
    now: () => clock.now(),
  });
  hv = createProxmoxHypervisor({
    apiUrl: URL_BASE,
    token: TOKEN,
    node: 'pve',
    timeoutMs: 5000,
    fetch: async (input, init) => app.request(input, init),
  });
});
afterAll(() => t.close());

async function newVm(): Promise<number> {
  const vmid = await hv.nextVmid();
  const upid = await hv.create({ vmid, name: `test-${vmid}`, cores: 2, memory: 2048, diskGb: 20 });
  expect(upid).toMatch(
    new RegExp(`^UPID:pve:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:qmcreate:${vmid}:`),
  );
  clock.advance(STAND_IN_TASK_MS.qmcreate);
  expect(await hv.task(upid)).toEqual({ status: 'stopped', exitstatus: 'OK' });
  return vmid;
}

async function finish(upid: string, type: keyof typeof STAND_IN_TASK_MS) {
  clock.advance(STAND_IN_TASK_MS[type]);
  return hv.task(upid);
}

describe('the stand-in hypervisor', () => {
  it('creates stopped machines with the next free vmid', async () => {
    const a = await newVm();
    const b = await newVm();
    expect(b).toBe(a + 1);
    expect(await hv.current(a)).toEqual({ vmid: a, status: 'stopped' });
    expect((await hv.list()).map((vm) => vm.vmid)).toEqual(expect.arrayContaining([a, b]));
  });

  it('starts a machine in a task of a few seconds: running only once the task ended OK', async () => {
    const vmid = await newVm();
    const upid = await hv.power(vmid, 'start');
    expect(await hv.task(upid)).toEqual({ status: 'running' });
    expect((await hv.current(vmid)).status).toBe('stopped');
    clock.advance(STAND_IN_TASK_MS.qmstart - 1);
    expect(await hv.task(upid)).toEqual({ status: 'running' });
    clock.advance(1);
    expect(await hv.task(upid)).toEqual({ status: 'stopped', exitstatus: 'OK' });
    expect((await hv.current(vmid)).status).toBe('running');
    expect(STAND_IN_TASK_MS.qmstart).toBeGreaterThanOrEqual(2000);
  });

  it('shuts down in order (slower) and stops by pulling the plug (faster)', async () => {
    const vmid = await newVm();
    await finish(await hv.power(vmid, 'start'), 'qmstart');
    await finish(await hv.power(vmid, 'shutdown'), 'qmshutdown');
    expect((await hv.current(vmid)).status).toBe('stopped');
    await finish(await hv.power(vmid, 'start'), 'qmstart');
    expect(await finish(await hv.power(vmid, 'stop'), 'qmstop')).toMatchObject({
      exitstatus: 'OK',
    });
    expect((await hv.current(vmid)).status).toBe('stopped');
    expect(STAND_IN_TASK_MS.qmstop).toBeLessThan(STAND_IN_TASK_MS.qmshutdown);
  });

  it('ends a start of a running machine, or a stop of a stopped one, with an error', async () => {
    const vmid = await newVm();
    expect(await finish(await hv.power(vmid, 'shutdown'), 'qmshutdown')).toEqual({
      status: 'stopped',
      exitstatus: `VM ${vmid} not running`,
    });
    await finish(await hv.power(vmid, 'start'), 'qmstart');
    expect(await finish(await hv.power(vmid, 'start'), 'qmstart')).toEqual({
      status: 'stopped',
      exitstatus: `VM ${vmid} already running`,
    });
  });

  it('runs one task at a time on a machine (the others are refused: locked)', async () => {
    const vmid = await newVm();
    const upid = await hv.power(vmid, 'start');
    const second = await hv.power(vmid, 'stop').catch((error: unknown) => error);
    expect(second).toBeInstanceOf(HypervisorError);
    expect((second as HypervisorError).status).toBe(500);
    expect((second as HypervisorError).message).toContain("can't lock file");
    await finish(upid, 'qmstart');
  });

  it('fails the next task when told to (a test control of the stand-in only)', async () => {
    const vmid = await newVm();
    const response = await app.request(
      `${URL_BASE}/api2/json/nodes/pve/qemu/${vmid}/standin/fail-next`,
      {
        method: 'POST',
        headers: {
          Authorization: `PVEAPIToken=${TOKEN}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'error=start failed: timeout waiting on systemd',
      },
    );
    expect(response.status).toBe(200);
    const failed = await finish(await hv.power(vmid, 'start'), 'qmstart');
    expect(failed).toEqual({
      status: 'stopped',
      exitstatus: 'start failed: timeout waiting on systemd',
    });
    expect((await hv.current(vmid)).status).toBe('stopped');
    expect(await finish(await hv.power(vmid, 'start'), 'qmstart')).toMatchObject({
      exitstatus: 'OK',
    });
  });

  it('grows disks and never shrinks them; sets cores and memory', async () => {
    const vmid = await newVm();
    await hv.resizeDisk(vmid, 40);
    const shrink = await hv.resizeDisk(vmid, 30).catch((error: unknown) => error);
    expect(shrink).toBeInstanceOf(HypervisorError);
    expect((shrink as Error).message).toBe('shrinking disks is not supported');
    await hv.configure(vmid, { cores: 4, memory: 8192 });
    const response = await app.request(
      `${URL_BASE}/api2/json/nodes/pve/qemu/${vmid}/status/current`,
      {
        headers: { Authorization: `PVEAPIToken=${TOKEN}` },
      },
    );
    const { data } = (await response.json()) as {
      data: { cpus: number; maxmem: number; maxdisk: number };
    };
    expect(data).toMatchObject({ cpus: 4, maxmem: 8192 * 1024 ** 2, maxdisk: 40 * 1024 ** 3 });
  });

  it('destroys stopped machines only', async () => {
    const vmid = await newVm();
    await finish(await hv.power(vmid, 'start'), 'qmstart');
    const refused = await hv.destroy(vmid).catch((error: unknown) => error);
    expect((refused as Error).message).toBe(`VM ${vmid} is running - destroy failed`);
    await finish(await hv.power(vmid, 'stop'), 'qmstop');
    await finish(await hv.destroy(vmid), 'qmdestroy');
    const gone = await hv.current(vmid).catch((error: unknown) => error);
    expect((gone as HypervisorError).status).toBe(500);
    expect((gone as Error).message).toContain('does not exist');
  });

  it('refuses calls without its token', async () => {
    const other = createProxmoxHypervisor({
      apiUrl: URL_BASE,
      token: 'root@pam!test=wrong',
      node: 'pve',
      timeoutMs: 5000,
      fetch: async (input, init) => app.request(input, init),
    });
    const error = await other.list().catch((e: unknown) => e);
    expect((error as HypervisorError).status).toBe(401);
  });

  it('runs as its own process on its own port, reached over HTTP', async () => {
    const running = await startStandInHypervisor({
      config: { ...t.config, hypervisor: { ...t.config.hypervisor, port: 0, token: TOKEN } },
      db: t.database.db,
      logger: t.logger,
    });
    try {
      const remote = createProxmoxHypervisor({
        apiUrl: running!.url,
        token: TOKEN,
        node: 'pve',
        timeoutMs: 5000,
      });
      expect(await remote.nextVmid()).toBeGreaterThanOrEqual(100);
    } finally {
      await running!.close();
    }
    const unreachable = createProxmoxHypervisor({
      apiUrl: running!.url,
      token: TOKEN,
      node: 'pve',
      timeoutMs: 2000,
    });
    const error = await unreachable.nextVmid().catch((e: unknown) => e);
    expect((error as HypervisorError).unreachable).toBe(true);
  });
});
