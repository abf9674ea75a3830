/**
 * Virtual servers (docs/servers.md): our table is the truth for what a customer owns and what it
 * costs, the hypervisor for power. Every look-up is by (cid, iid): another customer's server
 * answers like one that does not exist (404).
 *
 * One power action at a time: `power_task` is claimed with a conditional update (NULL → `claimed`)
 * before the hypervisor is called, then holds the hypervisor's task id until a read sees the task
 * ended and clears it (keeping its error, if any, in `power_error`). A second action meanwhile
 * answers 409, whichever instance it reaches.
 */
import { and, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { clockToday } from '../clock.ts';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { customerServices, servers } from '../db/schema.ts';
import { ApiError, conflict, notFound, validationFailed } from '../http/errors.ts';
import {
  hypervisorFor,
  HypervisorError,
  type Hypervisor,
  type PowerCall,
} from '../hypervisor/index.ts';
import { listedStates, type ListedStates } from '../hypervisor/list-cache.ts';
import { ERROR_MESSAGES } from '#shared/messages';
import { SERVER_MESSAGES, storageCannotShrink } from '#shared/servers/messages';
import { SERVICE_CLASS } from '#shared/constants';
import { SERVERS } from '#shared/servers/constants';
import {
  memGb,
  POWER_ACTION_STATES,
  serverMonthlyCost,
  type PowerStatus,
  type ServerCreate,
  type ServerPower,
  type ServerPowerAction,
  type ServerRecord,
  type ServerUpdate,
} from '#shared/servers/rules';

export type ServerRow = typeof servers.$inferSelect;
type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'logger'>;

const CLAIMED = 'claimed';
/** `power_action` while the hypervisor's create task runs. */
const CREATING = 'create';
/** A claim older than this never got its task id (the process died between): it is let go. */
const STALE_CLAIM_MS = 60_000;

const CALLS: Record<ServerPowerAction, PowerCall> = {
  start: 'start',
  stop: 'shutdown',
  force_stop: 'stop',
};

/** A hypervisor failure as an API answer: 503 when unreachable, 502 when it refused. */
export function hypervisorProblem(error: unknown): never {
  if (error instanceof HypervisorError) {
    if (error.unreachable)
      throw new ApiError(503, 'Service unavailable', SERVER_MESSAGES.hypervisorUnavailable);
    throw new ApiError(502, 'Bad gateway', SERVER_MESSAGES.hypervisorRefused, {
      detail: error.message,
    });
  }
  throw error;
}

async function withHypervisor<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return hypervisorProblem(error);
  }
}

export async function findServer(db: Executor, cid: number, iid: number): Promise<ServerRow> {
  const [row] = await db
    .select()
    .from(servers)
    .where(and(eq(servers.cid, cid), eq(servers.iid, iid)));
  if (!row) throw notFound(ERROR_MESSAGES.serverNotFound);
  return row;
}

/**
 * The server's power now: while its action's task runs, the action's in-between state; once the
 * task has ended, the hypervisor's state (and the task is cleared, its error kept, and
 * `power_action_at` stamped: the last power change). A list's shared copy of the hypervisor's
 * states (hypervisor/list-cache.ts) answers only for a server whose last power change is older
 * than the copy; any other is asked of the hypervisor.
 */
async function currentPower(
  deps: Deps,
  hv: Hypervisor,
  row: ServerRow,
  listed?: ListedStates,
): Promise<{ power: ServerPower; row: ServerRow }> {
  const { db } = deps.database;
  if (row.powerTask && row.powerAction) {
    const action = row.powerAction as ServerPowerAction | typeof CREATING;
    // A machine being created is stopped, but takes no action until its task has ended.
    const during = action === CREATING ? 'stopped' : POWER_ACTION_STATES[action].during;
    if (row.powerTask === CLAIMED) {
      const age = deps.clock.now().getTime() - (row.powerActionAt?.getTime() ?? 0);
      if (age < STALE_CLAIM_MS) return { power: during, row };
      const cleared = deps.clock.now();
      await db
        .update(servers)
        .set({ powerTask: null, powerAction: null, powerActionAt: cleared })
        .where(and(eq(servers.iid, row.iid), eq(servers.powerTask, CLAIMED)));
      row = { ...row, powerTask: null, powerAction: null, powerActionAt: cleared };
      listed = undefined;
    } else {
      const task = await hv.task(row.powerTask);
      if (task.status === 'running') return { power: during, row };
      const ok = task.exitstatus === 'OK';
      const [cleared] = await db
        .update(servers)
        .set({
          powerTask: null,
          powerAction: null,
          powerActionAt: deps.clock.now(),
          powerError: ok ? null : (task.exitstatus ?? SERVER_MESSAGES.powerFailed),
          ...(ok && action === 'start' ? { shutdownIssuedAt: null } : {}),
        })
        .where(and(eq(servers.iid, row.iid), eq(servers.powerTask, row.powerTask)))
        .returning();
      row = cleared ?? (await findServer(db, row.cid, row.iid));
      listed = undefined;
    }
  }
  const changedAt = row.powerActionAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const copied =
    listed && changedAt < listed.askedAt.getTime() ? listed.states.get(row.vmid) : undefined;
  const status = copied ?? (await hv.current(row.vmid)).status;
  return { power: status, row };
}

function secondsSince(row: ServerRow, power: ServerPower, now: Date): number | null {
  if (!row.shutdownIssuedAt || power === 'running' || power === 'starting') return null;
  return Math.max(0, Math.floor((now.getTime() - row.shutdownIssuedAt.getTime()) / 1000));
}

export function serverRecord(row: ServerRow, power: ServerPower, now: Date): ServerRecord {
  return {
    iid: row.iid,
    name: row.name,
    power,
    time_since_shutdown_issued: secondsSince(row, power, now),
    cpus: row.cpus,
    mem: row.mem,
    mem_gb: memGb(row.mem),
    disk: row.disk,
    managed: row.managed,
    monthly_cost: serverMonthlyCost(row),
    last_error: row.powerError,
  };
}

export async function getServer(deps: Deps, cid: number, iid: number): Promise<ServerRecord> {
  const row = await findServer(deps.database.db, cid, iid);
  const hv = hypervisorFor(deps.config);
  const power = await withHypervisor(() => currentPower(deps, hv, row));
  return serverRecord(power.row, power.power, deps.clock.now());
}

export async function powerStatus(deps: Deps, cid: number, iid: number): Promise<PowerStatus> {
  const record = await getServer(deps, cid, iid);
  return {
    power: record.power,
    time_since_shutdown_issued: record.time_since_shutdown_issued,
    last_error: record.last_error,
  };
}

/**
 * Every server of a customer with its power: the hypervisor's list (a copy shared for a moment,
 * hypervisor/list-cache.ts), plus one call per running task and per server changed since the copy.
 */
export async function listServers(deps: Deps, cid: number): Promise<ServerRecord[]> {
  const rows = await customerServerRows(deps.database.db, cid);
  if (rows.length === 0) return [];
  const hv = hypervisorFor(deps.config);
  return withHypervisor(async () => {
    const listed = await listedStates(hv, deps.clock);
    const now = deps.clock.now();
    const records: ServerRecord[] = [];
    for (const row of rows) {
      const power = await currentPower(deps, hv, row, listed);
      records.push(serverRecord(power.row, power.power, now));
    }
    return records;
  });
}

const SERVER_COLUMNS = Object.entries(getTableColumns(servers));

/**
 * A customer's server rows by iid, read as one JSON value that the database builds: hundreds of
 * rows cost one value to read instead of every field of every row (the embedded database's
 * row-by-row reading was most of a 500-server list's time). Timestamps become dates as drizzle's.
 */
async function customerServerRows(db: Executor, cid: number): Promise<ServerRow[]> {
  const [answer] = await db
    .select({
      rows: sql<
        Record<string, unknown>[] | null
      >`json_agg(to_json(${servers}) order by ${servers.iid})`,
    })
    .from(servers)
    .where(eq(servers.cid, cid));
  return (answer?.rows ?? []).map((json) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of SERVER_COLUMNS) {
      const value = json[column.name] ?? null;
      row[key] =
        value !== null && column.columnType === 'PgTimestamp' ? new Date(value as string) : value;
    }
    return row as ServerRow;
  });
}

export async function countServers(deps: Deps, cid: number): Promise<number> {
  const [row] = await deps.database.db
    .select({ n: count() })
    .from(servers)
    .where(eq(servers.cid, cid));
  return row.n;
}

/** Starts, stops (in order) or force stops a server; 409 while another action runs. */
export async function runPowerAction(
  deps: Deps,
  cid: number,
  iid: number,
  action: ServerPowerAction,
): Promise<PowerStatus> {
  const { db } = deps.database;
  const hv = hypervisorFor(deps.config);
  const row = await findServer(db, cid, iid);
  const { power } = await withHypervisor(() => currentPower(deps, hv, row));
  if (power !== 'running' && power !== 'stopped') throw conflict(SERVER_MESSAGES.powerBusy);
  if (action === 'start' && power === 'running') throw conflict(SERVER_MESSAGES.alreadyRunning);
  if (action !== 'start' && power === 'stopped') throw conflict(SERVER_MESSAGES.alreadyStopped);
  const now = deps.clock.now();
  const [claimed] = await db
    .update(servers)
    .set({ powerTask: CLAIMED, powerAction: action, powerActionAt: now, powerError: null })
    .where(and(eq(servers.iid, iid), eq(servers.cid, cid), isNull(servers.powerTask)))
    .returning();
  if (!claimed) throw conflict(SERVER_MESSAGES.powerBusy);
  let upid: string;
  try {
    upid = await hv.power(claimed.vmid, CALLS[action]);
  } catch (error) {
    await db
      .update(servers)
      .set({ powerTask: null, powerAction: null })
      .where(and(eq(servers.iid, iid), eq(servers.powerTask, CLAIMED)));
    return hypervisorProblem(error);
  }
  const [started] = await db
    .update(servers)
    .set({
      powerTask: upid,
      ...(action === 'start' ? {} : { shutdownIssuedAt: now }),
      updatedAt: new Date(),
    })
    .where(eq(servers.iid, iid))
    .returning();
  const during = POWER_ACTION_STATES[action].during;
  return {
    power: during,
    time_since_shutdown_issued: secondsSince(started, during, now),
    last_error: null,
  };
}

/** What a server's service line keeps: its size and monthly cost (billed by the billing run). */
export function serviceDetails(
  row: Pick<ServerRow, 'iid' | 'name' | 'cpus' | 'mem' | 'disk' | 'managed'>,
) {
  return {
    iid: row.iid,
    name: row.name,
    cpus: row.cpus,
    mem: row.mem,
    disk: row.disk,
    managed: row.managed,
    monthly_cost: serverMonthlyCost(row),
    currency: SERVERS.costCurrency,
    period: SERVERS.costPeriod,
  };
}

export function serverDisplayId(iid: number): string {
  return `VM-${iid}`;
}

/**
 * Creates a server: the machine on the hypervisor first (a refusal leaves nothing behind), then
 * its row and its monthly service line (hosting class, billed from today) in one transaction; the
 * machine is destroyed again if that fails. The hypervisor is never called inside a transaction
 * (on PGlite the stand-in shares the one connection).
 */
export async function createServer(
  deps: Deps,
  cid: number,
  input: ServerCreate,
): Promise<ServerRecord> {
  const hv = hypervisorFor(deps.config);
  const now = deps.clock.now();
  const vmid = await withHypervisor(() => hv.nextVmid());
  const name = input.name ?? `server-${vmid}`;
  const upid = await withHypervisor(() =>
    hv.create({ vmid, name, cores: input.cpus, memory: input.mem, diskGb: input.disk }),
  );
  try {
    const row = await deps.database.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(servers)
        .values({
          cid,
          name,
          cpus: input.cpus,
          mem: input.mem,
          disk: input.disk,
          managed: input.managed,
          vmid,
          powerAction: CREATING,
          powerTask: upid,
          powerActionAt: now,
        })
        .returning();
      await tx.insert(customerServices).values({
        cid,
        serviceClassId: SERVICE_CLASS.hosting,
        kind: 'server',
        displayId: serverDisplayId(inserted.iid),
        serviceActionType: 'new',
        status: 'active',
        activatedOn: clockToday(deps.clock),
        details: serviceDetails(inserted),
        createdAt: now,
      });
      return inserted;
    });
    return serverRecord(row, 'stopped', now);
  } catch (error) {
    await hv.destroy(vmid).catch((cleanup: unknown) => {
      deps.logger.error({ err: cleanup, vmid }, 'could not destroy the machine of a failed create');
    });
    throw error;
  }
}

/**
 * Changes cpus, memory and storage (never smaller): the hypervisor first, then the row and the
 * service line's cost.
 */
export async function updateServer(
  deps: Deps,
  cid: number,
  iid: number,
  input: ServerUpdate,
): Promise<ServerRecord> {
  const { db } = deps.database;
  const hv = hypervisorFor(deps.config);
  const row = await findServer(db, cid, iid);
  if (input.disk < row.disk) {
    throw validationFailed({ disk: storageCannotShrink(row.disk) });
  }
  await withHypervisor(async () => {
    await hv.configure(row.vmid, { cores: input.cpus, memory: input.mem });
    if (input.disk > row.disk) await hv.resizeDisk(row.vmid, input.disk);
  });
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(servers)
      .set({ cpus: input.cpus, mem: input.mem, disk: input.disk, updatedAt: new Date() })
      .where(and(eq(servers.iid, iid), eq(servers.cid, cid), sql`${servers.disk} <= ${input.disk}`))
      .returning();
    if (!updated) throw validationFailed({ disk: storageCannotShrink(row.disk) });
    await tx
      .update(customerServices)
      .set({ details: serviceDetails(updated) })
      .where(
        and(eq(customerServices.cid, cid), eq(customerServices.displayId, serverDisplayId(iid))),
      );
  });
  return getServer(deps, cid, iid);
}

/**
 * Deletes a stopped server with no action under way: the machine (the hypervisor refuses a
 * running one), then its row (and Plesk licence) and its service line.
 */
export async function deleteServer(deps: Deps, cid: number, iid: number): Promise<void> {
  const { db } = deps.database;
  const hv = hypervisorFor(deps.config);
  const row = await findServer(db, cid, iid);
  const current = await withHypervisor(() => currentPower(deps, hv, row));
  if (current.power !== 'stopped' || current.row.powerTask !== null) {
    throw conflict(SERVER_MESSAGES.deleteRunning);
  }
  await withHypervisor(() => hv.destroy(row.vmid));
  await db.transaction(async (tx) => {
    await tx.delete(servers).where(and(eq(servers.iid, iid), eq(servers.cid, cid)));
    // The service line stays, cancelled: its bills keep pointing at it and billing stops.
    await tx
      .update(customerServices)
      .set({ status: 'cancelled' })
      .where(
        and(eq(customerServices.cid, cid), eq(customerServices.displayId, serverDisplayId(iid))),
      );
  });
}
