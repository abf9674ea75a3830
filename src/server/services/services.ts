/**
 * A customer's services (docs/servers.md "Services"): GET /services groups them by service class
 * (portal.md §3), at most SERVICES_LIST_MAX with `has_more` beyond; connectivity services carry
 * what /connection/{display_id} shows, as their bills charge it (connections.ts). Provisioning tasks are listed as
 * they are; the provider's admin action moves a connectivity task on through its statuses, and
 * its last step activates the order's services (the billing run then bills the activation:
 * docs/billing.md).
 */
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { PROVISIONING_TASK_STATUSES, SERVICES_LIST_MAX } from '#shared/services/constants';
import { SERVER_MESSAGES } from '#shared/servers/messages';
import {
  SERVICE_GROUP_IDS,
  connectionSummary,
  type ConnectionDetails,
  type ProvisioningTask,
  type ServiceRecord,
  type ServicesResponse,
} from '#shared/services/rules';
import { formatAddress, serviceAddressOf } from '../session/accounts.ts';
import { clockToday, type Clock } from '../clock.ts';
import type { Executor } from '../db/client.ts';
import { customerServices, orders, provisioningTasks } from '../db/schema.ts';
import { conflict, notFound } from '../http/errors.ts';
import { billedCart } from '../billing/cycle.ts';
import { billedConnection, contractMonth } from './connections.ts';

type ServiceRow = typeof customerServices.$inferSelect;

interface StoredOrder {
  connectivity?: { install_details?: { date?: string; display_time?: string } | null };
}

/**
 * The connection of each connectivity service among `rows` (by service id), as its bills charge
 * it in the contract month of `today` (connections.ts), at the customer's service address.
 */
async function connections(
  db: Executor,
  cid: number,
  rows: ServiceRow[],
  today: string,
): Promise<Map<number, ConnectionDetails>> {
  const connected = rows.filter((r) => r.kind === 'connectivity' && r.orderId !== null);
  const result = new Map<number, ConnectionDetails>();
  if (connected.length === 0) return result;
  const [found, serviceAddress] = await Promise.all([
    db
      .select({
        orderId: orders.orderId,
        cartItems: orders.cartItems,
        cartTotals: orders.cartTotals,
        connectivityOrder: orders.connectivityOrder,
      })
      .from(orders)
      .where(
        and(
          eq(orders.cid, cid),
          inArray(orders.orderId, [...new Set(connected.map((r) => r.orderId!))]),
        ),
      ),
    serviceAddressOf(db, cid),
  ]);
  const byOrder = new Map(found.map((o) => [o.orderId, o]));
  const address = serviceAddress ? formatAddress(serviceAddress) : null;
  for (const row of connected) {
    const order = byOrder.get(row.orderId!);
    if (!order) continue;
    const month = contractMonth(row.activatedOn, today);
    const billed = billedConnection(billedCart(order.cartItems, order.cartTotals), month);
    const install = (order.connectivityOrder as StoredOrder).connectivity?.install_details;
    result.set(row.id, {
      ...billed,
      address,
      summary: connectionSummary(billed.speed, serviceAddress?.line1 ?? null),
      installation: install?.date ? `${install.date}, ${install.display_time ?? ''}`.trim() : null,
      month,
      order_id: order.orderId,
    });
  }
  return result;
}

function record(row: ServiceRow, connection?: ConnectionDetails): ServiceRecord {
  const details = row.details as { iid?: number; monthly_cost?: number };
  return {
    id: row.id,
    display_id: row.displayId,
    service_class_id: row.serviceClassId,
    kind: row.kind,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    activated_on: row.activatedOn,
    ...(connection ? { connection } : {}),
    ...(row.kind === 'server' && details.iid !== undefined
      ? { server: { iid: details.iid, monthly_cost: details.monthly_cost ?? 0 } }
      : {}),
  };
}

export async function listServices(
  db: Executor,
  cid: number,
  today: string,
): Promise<ServicesResponse> {
  const rows = await db
    .select()
    .from(customerServices)
    .where(and(eq(customerServices.cid, cid), ne(customerServices.status, 'cancelled')))
    .orderBy(asc(customerServices.id))
    .limit(SERVICES_LIST_MAX + 1);
  const shown = rows.slice(0, SERVICES_LIST_MAX);
  const connected = await connections(db, cid, shown, today);
  const services: Record<string, ServiceRecord[]> = {};
  for (const id of SERVICE_GROUP_IDS) services[String(id)] = [];
  for (const row of shown) {
    const connection = connected.get(row.id);
    (services[String(row.serviceClassId)] ??= []).push(record(row, connection));
  }
  return { services, has_more: rows.length > SERVICES_LIST_MAX };
}

function taskRecord(row: typeof provisioningTasks.$inferSelect): ProvisioningTask {
  return {
    id: row.id,
    status: row.status,
    service_display_id: row.serviceDisplayId,
    creation_dt: row.creationDt.toISOString(),
    service_class_id: row.serviceClassId,
  };
}

export async function listTasks(db: Executor, cid: number): Promise<ProvisioningTask[]> {
  const rows = await db
    .select()
    .from(provisioningTasks)
    .where(eq(provisioningTasks.cid, cid))
    .orderBy(desc(provisioningTasks.creationDt), desc(provisioningTasks.id))
    .limit(SERVICES_LIST_MAX);
  return rows.map(taskRecord);
}

/**
 * Moves a provisioning task to its next status (received → scheduled → installing → complete);
 * on complete, the order's pending services become active today.
 */
export async function advanceTask(
  db: Executor,
  clock: Clock,
  taskId: number,
): Promise<ProvisioningTask> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select()
      .from(provisioningTasks)
      .where(eq(provisioningTasks.id, taskId))
      .for('update');
    if (!task) throw notFound(SERVER_MESSAGES.taskNotFound);
    const at = (PROVISIONING_TASK_STATUSES as readonly string[]).indexOf(task.status);
    if (at < 0 || at === PROVISIONING_TASK_STATUSES.length - 1) {
      throw conflict(SERVER_MESSAGES.taskFinished);
    }
    const next = PROVISIONING_TASK_STATUSES[at + 1];
    const [moved] = await tx
      .update(provisioningTasks)
      .set({ status: next })
      .where(eq(provisioningTasks.id, taskId))
      .returning();
    if (next === 'complete' && task.orderId !== null) {
      await tx
        .update(customerServices)
        .set({ status: 'active', activatedOn: clockToday(clock) })
        .where(
          and(eq(customerServices.orderId, task.orderId), eq(customerServices.status, 'pending')),
        );
    }
    return taskRecord(moved);
  });
}
