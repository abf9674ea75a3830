/**
 * Virtual servers (portal.md §3 "Server", §5 editor bounds, §7 "Servers", §9 limits and costs):
 * the one home of the bounds and the cost rule, the request schemas the server checks and the
 * editor shows, and the records the endpoints answer (docs/servers.md).
 */
import * as v from 'valibot';
import { DATABASE_ID_MAX } from '../constants.ts';
import { SERVER_EDITOR } from './constants.ts';
import { SERVERS } from './constants.ts';
import { isHostLabel, normaliseHostName } from '../host-names.ts';
import { SERVER_MESSAGES } from './messages.ts';

const { cpus: CPUS, memoryGb: MEMORY, storageGb: STORAGE, mbPerGb } = SERVER_EDITOR;

/** What the hypervisor reports, plus the in-between states while one of our actions runs. */
export const SERVER_POWER_STATES = [
  'running',
  'stopped',
  'starting',
  'stopping',
  'force_stopping',
] as const;
export type ServerPower = (typeof SERVER_POWER_STATES)[number];

export type ServerPowerAction = (typeof SERVERS.powerActions)[number];

export function isPowerAction(value: string): value is ServerPowerAction {
  return (SERVERS.powerActions as readonly string[]).includes(value);
}

/** The state an action runs in, and the state it ends in. */
export const POWER_ACTION_STATES: Record<
  ServerPowerAction,
  { during: ServerPower; target: 'running' | 'stopped' }
> = {
  start: { during: 'starting', target: 'running' },
  stop: { during: 'stopping', target: 'stopped' },
  force_stop: { during: 'force_stopping', target: 'stopped' },
};

export interface ServerRecord {
  iid: number;
  name: string;
  power: ServerPower;
  /** Seconds since the last stop or force stop was issued; null while running or never. */
  time_since_shutdown_issued: number | null;
  cpus: number;
  /** Memory in MB. */
  mem: number;
  mem_gb: number;
  /** Storage in GB. */
  disk: number;
  managed: boolean;
  /** US dollars per month (SERVERS.costCurrency, costPeriod). */
  monthly_cost: number;
  /** The last power action's error, until the next action; null when it went well. */
  last_error: string | null;
}

export interface PowerStatus {
  power: ServerPower;
  time_since_shutdown_issued: number | null;
  last_error: string | null;
}

export interface ServerSize {
  cpus: number;
  /** MB. */
  mem: number;
  /** GB. */
  disk: number;
}

/** The placeholder the editor shows when there is no server (portal.md §3). */
export const PLACEHOLDER_SERVER: ServerSize = { ...SERVER_EDITOR.placeholder };

export function memGb(memMb: number): number {
  return memMb / mbPerGb;
}

export function memMb(gb: number): number {
  return gb * mbPerGb;
}

/**
 * A server's monthly cost in US dollars (portal.md §9): 8 per CPU, 15 per GB of memory, 0.5 per
 * GB of storage. Whole cents always (0.5 per GB).
 */
export function serverMonthlyCost(size: ServerSize): number {
  const cents =
    size.cpus * CPUS.costEach * 100 +
    memGb(size.mem) * MEMORY.costEach * 100 +
    size.disk * STORAGE.costEach * 100;
  return Math.round(cents) / 100;
}

function within(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Field errors of a size against the editor's bounds (portal.md §5); empty when within them. */
export function serverSizeErrors(size: {
  cpus: unknown;
  mem: unknown;
  disk: unknown;
}): Partial<Record<keyof ServerSize, string>> {
  const errors: Partial<Record<keyof ServerSize, string>> = {};
  if (!within(size.cpus, CPUS.min, CPUS.max)) errors.cpus = SERVER_MESSAGES.cpus;
  if (typeof size.mem !== 'number' || !within(size.mem / mbPerGb, MEMORY.min, MEMORY.max)) {
    errors.mem = SERVER_MESSAGES.memory;
  }
  if (!within(size.disk, STORAGE.min, STORAGE.max)) errors.disk = SERVER_MESSAGES.storage;
  return errors;
}

const whole = (message: string, min: number, max: number) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

const CpusSchema = whole(SERVER_MESSAGES.cpus, CPUS.min, CPUS.max);
const MemSchema = v.pipe(
  whole(SERVER_MESSAGES.memory, MEMORY.min * mbPerGb, MEMORY.max * mbPerGb),
  v.check((mb) => mb % mbPerGb === 0, SERVER_MESSAGES.memory),
);
const DiskSchema = whole(SERVER_MESSAGES.storage, STORAGE.min, STORAGE.max);

/** PUT /servers/{iid}: cpus, mem (GB times 1024), disk as numbers. */
export const ServerUpdateSchema = v.strictObject({
  cpus: CpusSchema,
  mem: MemSchema,
  disk: DiskSchema,
});
export type ServerUpdate = v.InferOutput<typeof ServerUpdateSchema>;

/**
 * A server's name as typed: blanks around it dropped, lowercased (the host name's reading), then
 * one host name label (docs/servers.md "Names"); the error, or undefined when it is one.
 */
export function serverNameError(typed: string): string | undefined {
  return isHostLabel(normaliseHostName(typed)) ? undefined : SERVER_MESSAGES.name;
}

const NameSchema = v.pipe(
  v.string(SERVER_MESSAGES.name),
  v.check((typed) => serverNameError(typed) === undefined, SERVER_MESSAGES.name),
  v.transform(normaliseHostName),
);

/** POST /servers/: a size within the bounds, a name (server-{vmid} without one), the managed flag. */
export const ServerCreateSchema = v.strictObject({
  name: v.optional(NameSchema),
  cpus: CpusSchema,
  mem: MemSchema,
  disk: DiskSchema,
  managed: v.optional(v.boolean(SERVER_MESSAGES.managed), false),
});
export type ServerCreate = v.InferOutput<typeof ServerCreateSchema>;

/** Columns GET /servers/all/{sortedColumn}/{sortUp} sorts by. */
export const SERVER_SORT_COLUMNS = [
  'iid',
  'name',
  'power',
  'cpus',
  'mem',
  'disk',
  'managed',
  'monthly_cost',
  'time_since_shutdown_issued',
] as const;
export type ServerSortColumn = (typeof SERVER_SORT_COLUMNS)[number];

export function isServerSortColumn(value: string): value is ServerSortColumn {
  return (SERVER_SORT_COLUMNS as readonly string[]).includes(value);
}

/** Orders servers by a column (nulls last either way), then by iid, ascending or descending. */
export function sortServers(
  servers: readonly ServerRecord[],
  column: ServerSortColumn,
  ascending: boolean,
): ServerRecord[] {
  const sign = ascending ? 1 : -1;
  return [...servers].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    let order = 0;
    if (typeof x === 'string' && typeof y === 'string') order = x.localeCompare(y);
    else if (x !== null && y !== null) order = Number(x) - Number(y);
    return order !== 0 ? order * sign : (a.iid - b.iid) * sign;
  });
}

/** POST /plesk_servers and /plesk_servers/delete: which managed server. */
export const PleskRequestSchema = v.strictObject({
  iid: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(DATABASE_ID_MAX)),
});

/** A Plesk licence of a managed server (docs/servers.md "Plesk licences"). */
export interface PleskLicence {
  id: number;
  iid: number;
  licence_key: string;
  created_at: string;
}

export const SERVERS_PATHS = {
  servers: '/servers',
  create: '/servers/',
  count: '/servers/all/count',
  plesk: '/plesk_servers',
  pleskDelete: '/plesk_servers/delete',
} as const;

export function serverPath(iid: number, tail = ''): string {
  return `/servers/${iid}${tail}`;
}

export function sortedServersPath(column: ServerSortColumn, ascending: boolean): string {
  return `/servers/all/${column}/${ascending}`;
}

/**
 * The delay before the `attempt`-th power status poll after an action (0-based): the first after
 * SERVERS.pollFirstMs, each next one SERVERS.pollFactor times longer, never over pollMaxMs.
 */
export function powerPollDelay(attempt: number): number {
  return Math.min(
    SERVERS.pollMaxMs,
    Math.round(SERVERS.pollFirstMs * SERVERS.pollFactor ** attempt),
  );
}
