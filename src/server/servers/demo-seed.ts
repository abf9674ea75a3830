/**
 * Demo servers and services (demo data only): `demo` has four servers (one running, one stopped
 * for a day, one managed with a Plesk licence, one large), services of several classes and a
 * connectivity provisioning task under way (a pending connectivity item); `viewer` has a server
 * of its own. With the stand-in hypervisor, the machines are written into its store too.
 */
import { eq, inArray, max } from 'drizzle-orm';
import { SERVICE_CLASS } from '#shared/constants';
import { systemClock, clockToday } from '../clock.ts';
import type { Executor } from '../db/client.ts';
import {
  customerServices,
  hypervisorVms,
  pleskLicences,
  provisioningTasks,
  servers,
  users,
} from '../db/schema.ts';
import type { Config } from '../config.ts';
import type { SeedContext, SeedStep } from '../db/seed-step.ts';
import { serviceDetails } from './servers.ts';

/**
 * The demo customer's managed server has a fixed id, below the generated ones (5001 up), so that
 * /control/servers/4001/manage opens on a fresh demo database.
 */
export const DEMO_MANAGED_SERVER_IID = 4001;

export interface DemoServer {
  /** A fixed id; generated when absent. */
  iid?: number;
  name: string;
  cpus: number;
  mem: number;
  disk: number;
  managed?: boolean;
  running?: boolean;
  stoppedHoursAgo?: number;
}

const DEMO_SERVERS: Record<string, DemoServer[]> = {
  demo: [
    { name: 'web-1', cpus: 2, mem: 4096, disk: 40, running: true },
    { name: 'backup', cpus: 1, mem: 2048, disk: 200, stoppedHoursAgo: 24 },
    {
      iid: DEMO_MANAGED_SERVER_IID,
      name: 'sites',
      cpus: 2,
      mem: 4096,
      disk: 80,
      managed: true,
      running: true,
    },
    { name: 'db-large', cpus: 8, mem: 16384, disk: 1024, running: true },
  ],
  viewer: [{ name: 'viewer-vm', cpus: 1, mem: 1024, disk: 20, running: true }],
};

/** Services of classes other than connectivity (email, domains, SSL). */
const DEMO_SERVICES = [
  { classId: SERVICE_CLASS.email, prefix: 'EML' },
  { classId: SERVICE_CLASS.domains, prefix: 'DOM' },
  { classId: SERVICE_CLASS.sslCertificates, prefix: 'SSL' },
];

async function cidOf(db: Executor, username: string): Promise<number | undefined> {
  const [row] = await db.select({ cid: users.cid }).from(users).where(eq(users.username, username));
  return row?.cid;
}

/**
 * One server of a customer as `POST /servers/` leaves it (the row, its machine on the stand-in
 * hypervisor, its monthly service line, a Plesk licence when managed), for demo and test data.
 */
export async function addDemoServer(
  tx: Executor,
  config: Config,
  cid: number,
  spec: DemoServer,
  now: Date,
  today: string,
): Promise<void> {
  const [ours] = await tx.select({ top: max(servers.vmid) }).from(servers);
  const [theirs] = await tx.select({ top: max(hypervisorVms.vmid) }).from(hypervisorVms);
  const vmid = Math.max(99, ours?.top ?? 0, theirs?.top ?? 0) + 1;
  const [row] = await tx
    .insert(servers)
    .values({
      ...(spec.iid === undefined ? {} : { iid: spec.iid }),
      cid,
      name: spec.name,
      cpus: spec.cpus,
      mem: spec.mem,
      disk: spec.disk,
      managed: spec.managed ?? false,
      vmid,
      shutdownIssuedAt:
        spec.stoppedHoursAgo === undefined
          ? null
          : new Date(now.getTime() - spec.stoppedHoursAgo * 3_600_000),
    })
    .returning();
  if (config.hypervisor.kind === 'standin') {
    await tx.insert(hypervisorVms).values({
      vmid,
      node: config.hypervisor.node,
      name: spec.name,
      cores: spec.cpus,
      memory: spec.mem,
      diskGb: spec.disk,
      status: spec.running ? 'running' : 'stopped',
    });
  }
  await tx.insert(customerServices).values({
    cid,
    serviceClassId: SERVICE_CLASS.hosting,
    kind: 'server',
    displayId: `VM-${row.iid}`,
    serviceActionType: 'new',
    status: 'active',
    activatedOn: today,
    details: serviceDetails(row),
  });
  if (spec.managed) {
    await tx.insert(pleskLicences).values({ cid, iid: row.iid, licenceKey: `PLSK.DEMO${row.iid}` });
  }
}

export async function seedServersDemo({ db, config, clock }: SeedContext): Promise<void> {
  const now = (clock ?? systemClock).now();
  const today = clockToday(clock ?? systemClock);
  await db.transaction(async (tx) => {
    for (const [username, list] of Object.entries(DEMO_SERVERS)) {
      const cid = await cidOf(tx, username);
      if (cid === undefined) continue;
      const [existing] = await tx
        .select({ iid: servers.iid })
        .from(servers)
        .where(eq(servers.cid, cid));
      if (existing) continue;
      for (const spec of list) await addDemoServer(tx, config, cid, spec, now, today);
      if (username !== 'demo') continue;
      const ids = DEMO_SERVICES.map((s) => `${s.prefix}-${cid}`);
      const present = await tx
        .select({ id: customerServices.displayId })
        .from(customerServices)
        .where(inArray(customerServices.displayId, ids));
      if (present.length === 0) {
        await tx.insert(customerServices).values(
          DEMO_SERVICES.map((s) => ({
            cid,
            serviceClassId: s.classId,
            kind: 'subnet' as const,
            displayId: `${s.prefix}-${cid}`,
            serviceActionType: 'new',
            status: 'active',
            activatedOn: today,
          })),
        );
        // A second line being installed: a pending connectivity item (portal.md §4).
        await tx.insert(provisioningTasks).values({
          cid,
          serviceClassId: SERVICE_CLASS.connectivityProvisioningTask,
          status: 'scheduled',
          serviceDisplayId: `CON-${cid}-2`,
          creationDt: now,
        });
      }
    }
  });
}

const serversDemoStep: SeedStep = {
  name: 'servers-demo',
  version: 1,
  demoOnly: true,
  run: seedServersDemo,
};

export const SERVERS_SEED_STEPS: SeedStep[] = [serversDemoStep];
