/**
 * Virtual servers and services at their limits (portal.md §3 "Server", "Service groups by class
 * id", §5 editor bounds, §7 "Servers", §9; docs/servers.md): the request schemas, the power
 * actions, the sort of GET /servers/all/{sortedColumn}/{sortUp}, the paths, and the messages.
 */
import { describe, expect, it } from 'vitest';
import {
  isPowerAction,
  isServerSortColumn,
  memGb,
  memMb,
  serverPath,
  serverSizeErrors,
  ServerCreateSchema,
  ServerUpdateSchema,
  sortedServersPath,
  sortServers,
  type ServerRecord,
  type ServerSortColumn,
} from '../../src/shared/servers/rules.ts';
import { advanceTaskPath, serviceGroupLabel } from '../../src/shared/services/rules.ts';
import {
  monthlyCostLabel,
  SERVER_MESSAGES,
  secondsSinceShutdownLabel,
  storageCannotShrink,
  unknownPowerAction,
} from '../../src/shared/servers/messages.ts';
import { issueMessages } from '../support/schema-messages.ts';

describe('memory is sent in MB, a whole number of GB times 1024 (portal.md §7)', () => {
  it('turns GB into MB and back at 1024 MB a GB', () => {
    expect(memMb(1)).toBe(1024);
    expect(memMb(16)).toBe(16_384);
    expect(memGb(2048)).toBe(2);
  });

  it('PUT /servers/{iid} takes 2048 MB (2 GB) and refuses 1536 MB (1.5 GB)', () => {
    expect(issueMessages(ServerUpdateSchema, { cpus: 2, mem: 2048, disk: 20 })).toEqual([]);
    expect(issueMessages(ServerUpdateSchema, { cpus: 2, mem: 1536, disk: 20 })).toEqual([
      SERVER_MESSAGES.memory,
    ]);
  });

  it('POST /servers/ takes 1 to 16 GB in MB and refuses a fraction of a GB', () => {
    expect(issueMessages(ServerCreateSchema, { cpus: 1, mem: 1024, disk: 8 })).toEqual([]);
    expect(issueMessages(ServerCreateSchema, { cpus: 8, mem: 16 * 1024, disk: 1024 })).toEqual([]);
    expect(issueMessages(ServerCreateSchema, { cpus: 1, mem: 1025, disk: 8 })).toEqual([
      SERVER_MESSAGES.memory,
    ]);
  });

  it('the editor refuses memory given as text rather than a number', () => {
    expect(serverSizeErrors({ cpus: 2, mem: '2048', disk: 20 })).toEqual({
      mem: SERVER_MESSAGES.memory,
    });
    expect(serverSizeErrors({ cpus: 2, mem: 2048, disk: 20 })).toEqual({});
  });
});

describe('power actions are start, stop and force_stop (portal.md §4, §7)', () => {
  it('knows the three and nothing else', () => {
    expect(['start', 'stop', 'force_stop'].every(isPowerAction)).toBe(true);
    expect(isPowerAction('restart')).toBe(false);
    expect(isPowerAction('')).toBe(false);
  });

  it('a refused action is named back with the three it could have been', () => {
    const message = unknownPowerAction('reboot');
    expect(message).toContain('reboot');
    for (const action of ['start', 'stop', 'force_stop']) expect(message).toContain(action);
  });
});

describe('sorting the servers list (docs/servers.md "List": ties by iid, nulls last)', () => {
  const server = (iid: number, fields: Partial<ServerRecord>): ServerRecord => ({
    iid,
    name: `vm-${iid}`,
    power: 'running',
    time_since_shutdown_issued: null,
    cpus: 1,
    mem: 1024,
    mem_gb: 1,
    disk: 10,
    managed: false,
    monthly_cost: 28,
    last_error: null,
    ...fields,
  });
  const order = (list: ServerRecord[], column: ServerSortColumn, ascending: boolean) =>
    sortServers(list, column, ascending).map((s) => s.iid);

  it('knows the columns of the list and refuses others', () => {
    expect(isServerSortColumn('monthly_cost')).toBe(true);
    expect(isServerSortColumn('time_since_shutdown_issued')).toBe(true);
    expect(isServerSortColumn('price')).toBe(false);
  });

  it('orders numbers by value, not by iid, both ways', () => {
    const list = [server(1, { cpus: 8 }), server(2, { cpus: 2 }), server(3, { cpus: 4 })];
    expect(order(list, 'cpus', true)).toEqual([2, 3, 1]);
    expect(order(list, 'cpus', false)).toEqual([1, 3, 2]);
  });

  it('orders costs with cents by value', () => {
    const list = [
      server(1, { monthly_cost: 96.5 }),
      server(2, { monthly_cost: 96 }),
      server(3, { monthly_cost: 28 }),
    ];
    expect(order(list, 'monthly_cost', true)).toEqual([3, 2, 1]);
  });

  it('orders text alphabetically, not by iid', () => {
    const list = [server(1, { power: 'stopped' }), server(2, { power: 'running' })];
    expect(order(list, 'power', true)).toEqual([2, 1]);
    expect(order(list, 'power', false)).toEqual([1, 2]);
  });

  it('orders the managed flag: unmanaged first when ascending', () => {
    const list = [server(1, { managed: true }), server(2, { managed: false })];
    expect(order(list, 'managed', true)).toEqual([2, 1]);
    expect(order(list, 'managed', false)).toEqual([1, 2]);
  });

  it('breaks ties by iid, ascending or descending with the column', () => {
    const list = [server(3, { cpus: 2 }), server(1, { cpus: 2 }), server(2, { cpus: 2 })];
    expect(order(list, 'cpus', true)).toEqual([1, 2, 3]);
    expect(order(list, 'cpus', false)).toEqual([3, 2, 1]);
  });

  it('puts nulls last either way, even the lowest iid', () => {
    const list = [
      server(1, { time_since_shutdown_issued: null }),
      server(2, { time_since_shutdown_issued: 60 }),
      server(3, { time_since_shutdown_issued: 5 }),
    ];
    expect(order(list, 'time_since_shutdown_issued', true)).toEqual([3, 2, 1]);
    expect(order(list, 'time_since_shutdown_issued', false)).toEqual([2, 3, 1]);
  });

  it('orders several nulls among themselves by iid, whatever order they came in', () => {
    const shutdown = (iid: number, seconds: number | null) =>
      server(iid, { time_since_shutdown_issued: seconds });
    for (const list of [
      [shutdown(4, null), shutdown(2, null), shutdown(3, 7)],
      [shutdown(2, null), shutdown(4, null), shutdown(3, 7)],
      [shutdown(3, 7), shutdown(4, null), shutdown(2, null)],
    ]) {
      expect(order(list, 'time_since_shutdown_issued', true)).toEqual([3, 2, 4]);
      expect(order(list, 'time_since_shutdown_issued', false)).toEqual([3, 4, 2]);
    }
  });
});

describe('paths of the servers and services calls (portal.md §7, docs/servers.md)', () => {
  it('a server, and its calls under it', () => {
    expect(serverPath(42)).toBe('/servers/42');
    expect(serverPath(42, '/power_status')).toBe('/servers/42/power_status');
  });

  it('the sorted list: column, then true for ascending or false for descending', () => {
    expect(sortedServersPath('monthly_cost', true)).toBe('/servers/all/monthly_cost/true');
    expect(sortedServersPath('name', false)).toBe('/servers/all/name/false');
  });

  it('the admin action that moves a provisioning task on', () => {
    expect(advanceTaskPath(12)).toBe('/admin/provisioning_tasks/12/advance');
  });
});

describe('service groups by class id (portal.md §3)', () => {
  it('labels each class as the spec names it', () => {
    expect(serviceGroupLabel(2)).toBe('Business Connectivity');
    expect(serviceGroupLabel(17)).toBe('Residential Connectivity');
    expect(serviceGroupLabel(24)).toBe('SSL Certificates');
    expect(serviceGroupLabel(1)).toBe('Voice Services');
  });

  it('still labels a class the spec does not name, by its id', () => {
    expect(serviceGroupLabel(99)).toContain('99');
  });
});

describe('what the server pages say', () => {
  it('storage can only grow, naming the current size (docs/servers.md "Editor")', () => {
    expect(storageCannotShrink(50)).toBe('Storage can only grow: it is 50 GB now');
  });

  it('the time since shutdown reads as a person writes it (formatElapsed)', () => {
    expect(secondsSinceShutdownLabel(45)).toBe('45 s since shutdown');
    expect(secondsSinceShutdownLabel(87_863)).toBe('1 day, 0 h since shutdown');
  });

  it('the cost is dollars per month (docs/servers.md "Money")', () => {
    expect(monthlyCostLabel('$96.50')).toContain('$96.50');
    expect(monthlyCostLabel('$96.50')).toMatch(/per month/);
  });
});
