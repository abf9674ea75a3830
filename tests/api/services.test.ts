/**
 * Services (portal.md §3 "Service groups by class id", §7 "Services"; docs/servers.md): the
 * customer's services keyed by class id with `has_more` past the cap, its provisioning tasks with
 * the fields of §3, and the provider's action that moves a connectivity task through its statuses
 * until the connection is active, which the billing run then bills with the installation charges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerServices, provisioningTasks } from '../../src/server/db/schema.ts';
import { SERVICE_CLASS } from '../../src/shared/constants.ts';
import { SERVICES_LIST_MAX } from '../../src/shared/services/constants.ts';
import type { BillsPage } from '../../src/shared/billing/schemas.ts';
import type {
  ProvisioningTasksResponse,
  ServicesResponse,
} from '../../src/shared/services/rules.ts';
import { billedCustomer, billingTestApp, passOn } from '../support/billing.ts';
import { createUser, login } from '../support/session.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await billingTestApp('2030-01-15');
});
afterAll(() => t.close());

const GROUPS = ['1', '2', '17', '18', '19', '20', '21', '22', '23', '24'];

describe('GET /services', () => {
  it('answers every group of portal.md §3 keyed by class id, the customer’s services in theirs', async () => {
    const customer = await createUser(t, { permissions: { services: 'view' } });
    const other = await createUser(t, { permissions: { services: 'view' } });
    const rows = [
      { cid: customer.cid, serviceClassId: SERVICE_CLASS.email, displayId: `EM-${customer.cid}` },
      {
        cid: customer.cid,
        serviceClassId: SERVICE_CLASS.domains,
        displayId: `DOM-${customer.cid}`,
      },
      { cid: other.cid, serviceClassId: SERVICE_CLASS.email, displayId: `EM-${other.cid}` },
    ];
    await t.database.db.insert(customerServices).values(
      rows.map((r) => ({
        ...r,
        kind: 'subnet' as const,
        serviceActionType: 'new',
        status: 'active',
      })),
    );
    const client = await login(t, customer.username, customer.password);
    const body = (await (await client.get('/services')).json()) as ServicesResponse;
    expect(Object.keys(body.services).sort()).toEqual([...GROUPS].sort());
    expect(body.has_more).toBe(false);
    expect(body.services['21'].map((s) => s.display_id)).toEqual([`EM-${customer.cid}`]);
    expect(body.services['23'].map((s) => s.display_id)).toEqual([`DOM-${customer.cid}`]);
    expect(body.services['17']).toEqual([]);
  });

  it('sets has_more when the customer has more services than the cap', async () => {
    const customer = await createUser(t, { permissions: { services: 'view' } });
    await t.database.db.insert(customerServices).values(
      Array.from({ length: SERVICES_LIST_MAX + 1 }, (_, i) => ({
        cid: customer.cid,
        serviceClassId: SERVICE_CLASS.domains,
        kind: 'subnet' as const,
        displayId: `DOM-${customer.cid}-${i}`,
        serviceActionType: 'new',
      })),
    );
    const client = await login(t, customer.username, customer.password);
    const body = (await (await client.get('/services')).json()) as ServicesResponse;
    expect(body.has_more).toBe(true);
    expect(body.services['23']).toHaveLength(SERVICES_LIST_MAX);
  });
});

describe('provisioning tasks', () => {
  it('lists the tasks with their fields; the admin action moves one on until the connection is active and billed', async () => {
    const customer = await billedCustomer(t, { activatedOn: null });
    await t.database.db.insert(provisioningTasks).values({
      cid: customer.cid,
      orderId: customer.orderId,
      serviceClassId: SERVICE_CLASS.connectivityProvisioningTask,
      status: 'received',
      serviceDisplayId: `CON-${customer.orderId}`,
      creationDt: t.clock.now(),
    });
    const client = await customer.client();
    const { tasks } = (await (
      await client.get('/services/provisioning/tasks')
    ).json()) as ProvisioningTasksResponse;
    expect(tasks).toEqual([
      {
        id: expect.any(Number),
        status: 'received',
        service_display_id: `CON-${customer.orderId}`,
        creation_dt: t.clock.now().toISOString(),
        service_class_id: 14,
      },
    ]);
    const services = (await (await client.get('/services')).json()) as ServicesResponse;
    const connection = services.services['17'].find((s) => s.kind === 'connectivity');
    expect(connection).toMatchObject({ status: 'pending', activated_on: null });
    expect(connection?.connection?.monthly_price).toBeGreaterThan(0);

    const admin = await login(t, 'admin');
    expect((await client.post(`/admin/provisioning_tasks/${tasks[0].id}/advance`)).status).toBe(
      403,
    );
    const seen: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      const response = await admin.post(`/admin/provisioning_tasks/${tasks[0].id}/advance`);
      expect(response.status).toBe(200);
      seen.push(((await response.json()) as { task: { status: string } }).task.status);
    }
    expect(seen).toEqual(['scheduled', 'installing', 'complete']);
    expect((await admin.post(`/admin/provisioning_tasks/${tasks[0].id}/advance`)).status).toBe(409);
    expect((await admin.post('/admin/provisioning_tasks/99999999/advance')).status).toBe(404);

    const after = (await (await client.get('/services')).json()) as ServicesResponse;
    expect(after.services['17'].find((s) => s.kind === 'connectivity')).toMatchObject({
      status: 'active',
      activated_on: '2030-01-15',
    });
    await passOn(t, '2030-01-15');
    const bills = (await (await client.get('/billing/bills')).json()) as BillsPage;
    expect(bills.bills).toHaveLength(1);
  });
});
