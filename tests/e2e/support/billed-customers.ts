/**
 * Customers of their own for browser tests that change what a customer has (pay, add or remove a
 * payment method, turn autopay on and off): the e2e server seeds `billed-01` … `billed-NN`, each
 * made the way the demo's customers are (src/server/billing/accounts.ts: an order with its cart,
 * the connectivity service activated 5 days ago, a bank account as the default payment method,
 * autopay off), and one billing pass issues their activation bill, open and not yet due. They log
 * in with the demo password.
 *
 * A test claims one with {@link claimBilledCustomer}: a file created exclusively in the run's
 * output folder, so that no two tests (in any worker) ever share a customer.
 */
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { max } from 'drizzle-orm';
import { addDays } from '../../../src/shared/signup/dates.ts';
import { WHITELISTED_ROUTING_NUMBERS } from '../../../src/shared/constants.ts';
import { ALL_PERMISSIONS } from '../../../src/server/session/accounts.ts';
import { hashPassword } from '../../../src/server/session/passwords.ts';
import { createBilledCustomer, cartFor } from '../../../src/server/billing/accounts.ts';
import { runBillingPass } from '../../../src/server/billing/run.ts';
import { clockToday, systemClock } from '../../../src/server/clock.ts';
import type { Config } from '../../../src/server/config.ts';
import type { DatabaseHandle } from '../../../src/server/db/client.ts';
import { customerServices, hypervisorVms, servers } from '../../../src/server/db/schema.ts';
import { addDemoServer } from '../../../src/server/servers/demo-seed.ts';
import { SERVICES_LIST_MAX } from '../../../src/shared/services/constants.ts';
import type { Logger } from '../../../src/server/logger.ts';
import { bankCipherFor } from '../../../src/server/billing/processors/index.ts';
import { BILLED_CUSTOMERS, claimsFolder } from './billed-pool.ts';

export { BILLED_CUSTOMERS };

export const billedUsername = (n: number) => `billed-${String(n).padStart(2, '0')}`;

/**
 * Each billed customer also has a managed server of its own (empty on the host agent), for walks
 * of the managed server view that must not share one: below the servers' generated ids (5001 up).
 */
export const billedManagedServerIid = (username: string) =>
  1000 + Number(/(\d+)$/.exec(username)?.[1] ?? '0');

/**
 * Each billed customer also has three plain (not managed) virtual servers of its own, for the
 * walks of the servers pages (tests/e2e/paths/mappings/server-*.ts, servers-list.ts): `web`
 * running (2 CPUs, 4 GB, 40 GB: the server editor's registration), `backup` stopped an hour ago,
 * and `flaky`, stopped, whose first task on the stand-in hypervisor ends in the error "start
 * failed" (its `fail-next`). They have no service line, so they add nothing to the customer's
 * bills.
 */
export const billedServers = (username: string) => {
  const n = Number(/(\d+)$/.exec(username)?.[1] ?? '0');
  return { web: 2000 + n, backup: 3000 + n, flaky: 4100 + n };
};

/** The task error of the `flaky` server's first start. */
export const FLAKY_START_ERROR = 'start failed';

/**
 * A customer with more services than `GET /services` lists (SERVICES_LIST_MAX + 1 static IPs
 * beside its connectivity), so that the services page shows "Not all products were fetched".
 */
export const MANY_SERVICES_USERNAME = 'many-services';

/** Seeds the billed customers (in the e2e server, after the first start's seed). */
export async function seedBilledCustomers(deps: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
}): Promise<void> {
  const { db } = deps.database;
  const today = clockToday(systemClock);
  const order = await cartFor(db, { productName: deps.config.productName, today });
  const cipher = await bankCipherFor({ config: deps.config });
  const passwordHash = await hashPassword(deps.config.demoPassword);
  const plain: (typeof servers.$inferInsert)[] = [];
  await db.transaction(async (tx) => {
    for (let n = 1; n <= BILLED_CUSTOMERS + 1; n += 1) {
      const username = n > BILLED_CUSTOMERS ? MANY_SERVICES_USERNAME : billedUsername(n);
      const customer = await createBilledCustomer(tx, {
        username,
        passwordHash,
        firstName: 'Bill',
        lastName: 'Payer',
        email: `${username}@ridgeline.example`,
        permissions: ALL_PERMISSIONS,
        order,
        activatedOn: addDays(today, -5),
        orderedAt: new Date(`${addDays(today, -20)}T12:00:00Z`),
        paymentAccount: {
          method: 'ACH',
          account: `0001234${String(n).padStart(5, '0')}`,
          routing: WHITELISTED_ROUTING_NUMBERS[0],
          cipher,
        },
      });
      if (username === MANY_SERVICES_USERNAME) {
        await tx.insert(customerServices).values(
          Array.from({ length: SERVICES_LIST_MAX + 1 }, (_, i) => ({
            cid: customer.cid,
            serviceClassId: 17,
            kind: 'static_ip' as const,
            displayId: `IP-${customer.cid}-${i + 1}`,
            serviceActionType: 'new',
            status: 'active',
          })),
        );
        continue;
      }
      await addDemoServer(
        tx,
        deps.config,
        customer.cid,
        {
          iid: billedManagedServerIid(username),
          name: 'Managed web host',
          cpus: 2,
          mem: 2048,
          disk: 40,
          managed: true,
          running: true,
        },
        systemClock.now(),
        today,
      );
      const iids = billedServers(username);
      const now = systemClock.now();
      plain.push(
        { iid: iids.web, cid: customer.cid, name: 'web', cpus: 2, mem: 4096, disk: 40, vmid: 0 },
        {
          iid: iids.backup,
          cid: customer.cid,
          name: 'backup',
          cpus: 1,
          mem: 2048,
          disk: 200,
          vmid: 0,
          shutdownIssuedAt: new Date(now.getTime() - 3_600_000),
        },
        {
          iid: iids.flaky,
          cid: customer.cid,
          name: 'flaky',
          cpus: 1,
          mem: 1024,
          disk: 10,
          vmid: 0,
          shutdownIssuedAt: new Date(now.getTime() - 3_600_000),
        },
      );
    }
    // The plain servers in two statements, with machines on the stand-in after the others'.
    const [ours] = await tx.select({ top: max(servers.vmid) }).from(servers);
    const [theirs] = await tx.select({ top: max(hypervisorVms.vmid) }).from(hypervisorVms);
    const first = Math.max(99, ours?.top ?? 0, theirs?.top ?? 0) + 1;
    plain.forEach((row, i) => (row.vmid = first + i));
    await tx.insert(servers).values(plain);
    if (deps.config.hypervisor.kind === 'standin') {
      await tx.insert(hypervisorVms).values(
        plain.map((row) => ({
          vmid: row.vmid,
          node: deps.config.hypervisor.node,
          name: row.name,
          cores: row.cpus,
          memory: row.mem,
          diskGb: row.disk,
          status: row.name === 'web' ? ('running' as const) : ('stopped' as const),
          failNext: row.name === 'flaky' ? FLAKY_START_ERROR : null,
        })),
      );
    }
  });
  await runBillingPass({ ...deps, clock: systemClock }, { today });
}

/** Claims a billed customer no other test of this run has: returns its username. */
export function claimBilledCustomer(): string {
  const dir = claimsFolder();
  mkdirSync(dir, { recursive: true });
  for (let n = 1; n <= BILLED_CUSTOMERS; n += 1) {
    try {
      closeSync(openSync(path.join(dir, String(n)), 'wx'));
      return billedUsername(n);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(
    `every billed customer is taken: raise E2E_BILLED_CUSTOMERS (${BILLED_CUSTOMERS})`,
  );
}
