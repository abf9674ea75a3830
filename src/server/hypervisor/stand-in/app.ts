/**
 * The stand-in hypervisor: a Hono app on its own port that answers the part of Proxmox VE's API
 * the portal uses (docs/servers.md "Hypervisor"), keeping its machines and tasks in its own tables
 * (src/server/hypervisor/schema.ts). Tasks run for a few seconds of its clock and end `OK` or with an
 * error; their effect on the machine is applied when they are first seen ended (no timers, so a
 * moved test clock finishes them at once and two processes agree).
 *
 * Every call needs `Authorization: PVEAPIToken=<HYPERVISOR_TOKEN>`.
 *
 * - `GET /api2/json/cluster/nextid`
 * - `GET /api2/json/nodes/{node}/qemu`, `POST /api2/json/nodes/{node}/qemu` (vmid, name, cores,
 *   memory, scsi0 `storage:GB`)
 * - `GET|POST /api2/json/nodes/{node}/qemu/{vmid}/status/current|start|shutdown|stop`
 * - `PUT /api2/json/nodes/{node}/qemu/{vmid}/config` (cores, memory), `PUT …/resize` (disk, size
 *   `NG` or `+NG`: never smaller), `DELETE …/{vmid}` (stopped machines only)
 * - `GET /api2/json/nodes/{node}/tasks/{upid}/status`
 * - Stand-in only: `POST …/qemu/{vmid}/standin/fail-next` (error): the next task there fails.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lte, max } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Database } from '../../db/client.ts';
import { hypervisorTasks, hypervisorVms } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';

/** How long each kind of task runs, in ms of the stand-in's clock. */
export const STAND_IN_TASK_MS: Record<string, number> = {
  qmstart: 3000,
  qmshutdown: 4000,
  qmstop: 1000,
  qmcreate: 2000,
  qmdestroy: 1000,
};

export interface StandInDeps {
  db: Database;
  logger: Logger;
  /** The API token it accepts (`USER@REALM!TOKENID=SECRET`). */
  token: string;
  /** The clock tasks run on (tests move it). */
  now?: () => Date;
  /** Task durations are multiplied by this (browser tests run them faster). */
  taskScale?: number;
}

type Vm = typeof hypervisorVms.$inferSelect;

class ProxmoxFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');

export function createStandInHypervisorApp(deps: StandInDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const scale = deps.taskScale ?? 1;
  const expected = Buffer.from(`PVEAPIToken=${deps.token}`);
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof ProxmoxFailure) {
      c.status(error.status as 400);
      return c.json({ data: null, message: error.message });
    }
    deps.logger.error({ err: error }, 'stand-in hypervisor failed');
    return c.json({ data: null, message: 'internal error' }, 500);
  });

  app.use('/api2/json/*', async (c, next) => {
    const given = Buffer.from(c.req.header('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return c.json({ data: null, message: 'authentication failure' }, 401);
    }
    await next();
  });

  async function form(c: Context): Promise<Record<string, string>> {
    const body = await c.req.parseBody();
    return Object.fromEntries(
      Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }

  function whole(value: string | undefined, name: string, min: number, max: number): number {
    if (value === undefined || !/^\d{1,9}$/.test(value)) {
      throw new ProxmoxFailure(400, `parameter verification failed: ${name}`);
    }
    const n = Number(value);
    if (n < min || n > max) throw new ProxmoxFailure(400, `parameter verification failed: ${name}`);
    return n;
  }

  /** Applies every ended, unapplied task of a machine, in order; answers the machine. */
  async function settle(node: string, vmid: number): Promise<Vm | undefined> {
    const ended = await db
      .select()
      .from(hypervisorTasks)
      .where(
        and(
          eq(hypervisorTasks.vmid, vmid),
          isNull(hypervisorTasks.appliedAt),
          lte(hypervisorTasks.endsAt, now()),
        ),
      )
      .orderBy(hypervisorTasks.endsAt);
    for (const task of ended) {
      const [claimed] = await db
        .update(hypervisorTasks)
        .set({ appliedAt: now() })
        .where(and(eq(hypervisorTasks.upid, task.upid), isNull(hypervisorTasks.appliedAt)))
        .returning();
      if (!claimed || claimed.exitstatus !== 'OK') continue;
      if (task.type === 'qmstart') {
        await db
          .update(hypervisorVms)
          .set({ status: 'running' })
          .where(eq(hypervisorVms.vmid, vmid));
      } else if (task.type === 'qmshutdown' || task.type === 'qmstop') {
        await db
          .update(hypervisorVms)
          .set({ status: 'stopped' })
          .where(eq(hypervisorVms.vmid, vmid));
      } else if (task.type === 'qmdestroy') {
        await db.delete(hypervisorVms).where(eq(hypervisorVms.vmid, vmid));
      }
    }
    const [vm] = await db
      .select()
      .from(hypervisorVms)
      .where(and(eq(hypervisorVms.vmid, vmid), eq(hypervisorVms.node, node)));
    return vm;
  }

  async function existing(c: Context): Promise<Vm> {
    const vmid = whole(c.req.param('vmid'), 'vmid', 100, 999_999_999);
    const vm = await settle(c.req.param('node')!, vmid);
    if (!vm)
      throw new ProxmoxFailure(
        500,
        `Configuration file 'nodes/${c.req.param('node')}/qemu-server/${vmid}.conf' does not exist`,
      );
    return vm;
  }

  async function runningTask(vmid: number) {
    const [task] = await db
      .select()
      .from(hypervisorTasks)
      .where(and(eq(hypervisorTasks.vmid, vmid), isNull(hypervisorTasks.appliedAt)));
    return task;
  }

  /** Starts a task on a machine: refused while another runs there (Proxmox's lock). */
  async function startTask(vm: Vm, type: string, error: string | null): Promise<string> {
    if (await runningTask(vm.vmid)) {
      throw new ProxmoxFailure(
        500,
        `can't lock file '/var/lock/qemu-server/lock-${vm.vmid}.conf' - got timeout`,
      );
    }
    const started = now();
    const upid = `UPID:${vm.node}:${hex(process.pid)}:${randomBytes(4).toString('hex').toUpperCase()}:${hex(Math.floor(started.getTime() / 1000))}:${type}:${vm.vmid}:root@pam:`;
    const exitstatus = vm.failNext ?? error ?? 'OK';
    if (vm.failNext) {
      await db.update(hypervisorVms).set({ failNext: null }).where(eq(hypervisorVms.vmid, vm.vmid));
    }
    await db.insert(hypervisorTasks).values({
      upid,
      node: vm.node,
      vmid: vm.vmid,
      type,
      startedAt: started,
      endsAt: new Date(started.getTime() + Math.round((STAND_IN_TASK_MS[type] ?? 1000) * scale)),
      exitstatus,
    });
    return upid;
  }

  const base = '/api2/json';

  app.get(`${base}/cluster/nextid`, async (c) => {
    const [row] = await db.select({ top: max(hypervisorVms.vmid) }).from(hypervisorVms);
    return c.json({ data: String(Math.max(100, (row?.top ?? 99) + 1)) });
  });

  app.get(`${base}/nodes/:node/qemu`, async (c) => {
    const node = c.req.param('node');
    const pending = await db
      .select({ vmid: hypervisorTasks.vmid })
      .from(hypervisorTasks)
      .where(and(isNull(hypervisorTasks.appliedAt), lte(hypervisorTasks.endsAt, now())));
    for (const { vmid } of new Map(pending.map((p) => [p.vmid, p])).values()) {
      await settle(node, vmid);
    }
    const vms = await db.select().from(hypervisorVms).where(eq(hypervisorVms.node, node));
    return c.json({
      data: vms.map((vm) => ({
        vmid: vm.vmid,
        name: vm.name,
        status: vm.status,
        cpus: vm.cores,
        maxmem: vm.memory * 1024 * 1024,
        maxdisk: vm.diskGb * 1024 ** 3,
      })),
    });
  });

  app.post(`${base}/nodes/:node/qemu`, async (c) => {
    const body = await form(c);
    const vmid = whole(body.vmid, 'vmid', 100, 999_999_999);
    const disk = /^[\w-]+:(\d{1,6})$/.exec(body.scsi0 ?? '');
    if (!disk) throw new ProxmoxFailure(400, 'parameter verification failed: scsi0');
    const spec = {
      vmid,
      node: c.req.param('node'),
      name: body.name ?? `vm${vmid}`,
      cores: whole(body.cores, 'cores', 1, 128),
      memory: whole(body.memory, 'memory', 16, 4_194_304),
      diskGb: Number(disk[1]),
    };
    const inserted = await db.insert(hypervisorVms).values(spec).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new ProxmoxFailure(500, `VM ${vmid} already exists`);
    return c.json({ data: await startTask(inserted[0], 'qmcreate', null) });
  });

  app.get(`${base}/nodes/:node/qemu/:vmid/status/current`, async (c) => {
    const vm = await existing(c);
    return c.json({
      data: {
        vmid: vm.vmid,
        name: vm.name,
        status: vm.status,
        qmpstatus: vm.status,
        cpus: vm.cores,
        maxmem: vm.memory * 1024 * 1024,
        maxdisk: vm.diskGb * 1024 ** 3,
      },
    });
  });

  const POWER: Record<string, { type: string; needs: 'running' | 'stopped' }> = {
    start: { type: 'qmstart', needs: 'stopped' },
    shutdown: { type: 'qmshutdown', needs: 'running' },
    stop: { type: 'qmstop', needs: 'running' },
  };
  app.post(`${base}/nodes/:node/qemu/:vmid/status/:call`, async (c) => {
    const power = POWER[c.req.param('call')];
    if (!power) throw new ProxmoxFailure(501, `Method 'POST ${c.req.path}' not implemented`);
    const vm = await existing(c);
    // Like Proxmox, a start of a running machine (a stop of a stopped one) is a task that fails.
    const error =
      vm.status === power.needs
        ? null
        : vm.status === 'running'
          ? `VM ${vm.vmid} already running`
          : `VM ${vm.vmid} not running`;
    return c.json({ data: await startTask(vm, power.type, error) });
  });

  app.put(`${base}/nodes/:node/qemu/:vmid/config`, async (c) => {
    const vm = await existing(c);
    const body = await form(c);
    await db
      .update(hypervisorVms)
      .set({
        cores: body.cores === undefined ? vm.cores : whole(body.cores, 'cores', 1, 128),
        memory: body.memory === undefined ? vm.memory : whole(body.memory, 'memory', 16, 4_194_304),
      })
      .where(eq(hypervisorVms.vmid, vm.vmid));
    return c.json({ data: null });
  });

  app.put(`${base}/nodes/:node/qemu/:vmid/resize`, async (c) => {
    const vm = await existing(c);
    const body = await form(c);
    const size = /^(\+?)(\d{1,6})G$/.exec(body.size ?? '');
    if (body.disk !== 'scsi0' || !size) {
      throw new ProxmoxFailure(400, 'parameter verification failed: size');
    }
    const target = size[1] ? vm.diskGb + Number(size[2]) : Number(size[2]);
    if (target < vm.diskGb) throw new ProxmoxFailure(500, 'shrinking disks is not supported');
    await db.update(hypervisorVms).set({ diskGb: target }).where(eq(hypervisorVms.vmid, vm.vmid));
    return c.json({ data: null });
  });

  app.delete(`${base}/nodes/:node/qemu/:vmid`, async (c) => {
    const vm = await existing(c);
    if (vm.status === 'running') {
      throw new ProxmoxFailure(500, `VM ${vm.vmid} is running - destroy failed`);
    }
    return c.json({ data: await startTask(vm, 'qmdestroy', null) });
  });

  app.get(`${base}/nodes/:node/tasks/:upid/status`, async (c) => {
    const [task] = await db
      .select()
      .from(hypervisorTasks)
      .where(eq(hypervisorTasks.upid, c.req.param('upid')));
    if (!task) throw new ProxmoxFailure(400, 'unable to parse worker upid');
    const ended = task.endsAt.getTime() <= now().getTime();
    if (ended) await settle(task.node, task.vmid);
    return c.json({
      data: {
        upid: task.upid,
        node: task.node,
        type: task.type,
        id: String(task.vmid),
        starttime: Math.floor(task.startedAt.getTime() / 1000),
        status: ended ? 'stopped' : 'running',
        ...(ended ? { exitstatus: task.exitstatus } : {}),
      },
    });
  });

  app.post(`${base}/nodes/:node/qemu/:vmid/standin/fail-next`, async (c) => {
    const vm = await existing(c);
    const body = await form(c);
    await db
      .update(hypervisorVms)
      .set({ failNext: body.error || 'task failed' })
      .where(eq(hypervisorVms.vmid, vm.vmid));
    return c.json({ data: null });
  });

  app.notFound((c) => c.json({ data: null, message: 'no such method' }, 501));
  return app;
}
