/**
 * Demo data of managed hosting: the `demo` login's customer has one managed server
 * ({@link DEMO_MANAGED_SERVER_IID}), so that /servers/4001/manage opens on a fresh demo database.
 * Its sites live on the host agent, which starts empty.
 */
import { eq } from 'drizzle-orm';
import { servers, users } from '../db/schema.ts';
import type { SeedStep } from '../db/seed-step.ts';

/** Below the servers' generated ids (5001 up): it never collides with a server made later. */
export const DEMO_MANAGED_SERVER_IID = 4001;
/** The demo server's hypervisor id. */
const DEMO_MANAGED_SERVER_VMID = 904_001;

export const demoManagedServerStep: SeedStep = {
  name: 'demo-managed-server',
  version: 1,
  demoOnly: true,
  async run({ db }) {
    const [demo] = await db
      .select({ cid: users.cid })
      .from(users)
      .where(eq(users.username, 'demo'));
    if (!demo) return;
    await db
      .insert(servers)
      .values({
        iid: DEMO_MANAGED_SERVER_IID,
        cid: demo.cid,
        name: 'Managed web host',
        cpus: 2,
        mem: 2048,
        disk: 40,
        managed: true,
        vmid: DEMO_MANAGED_SERVER_VMID,
      })
      .onConflictDoNothing();
  },
};

export const MANAGED_SEED_STEPS: SeedStep[] = [demoManagedServerStep];
