/**
 * The shared rules of servers and services, held to portal.md: the cost of §9, the editor bounds
 * of §5, the provisioning tasks of §4, and the poll backoff of docs/servers.md.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  powerPollDelay,
  ServerCreateSchema,
  serverMonthlyCost,
  serverNameError,
  serverSizeErrors,
  sortServers,
  type ServerRecord,
} from '../../src/shared/servers/rules.ts';
import { createErrors, createRequest } from '../../machines/servers/create.machine.ts';
import { pendingItems, type ProvisioningTask } from '../../src/shared/services/rules.ts';

describe('serverMonthlyCost (portal.md §9)', () => {
  it('is 8 per CPU, 15 per GB of memory (stored in MB), 0.5 per GB of storage', () => {
    expect(serverMonthlyCost({ cpus: 1, mem: 1024, disk: 10 })).toBe(28);
    expect(serverMonthlyCost({ cpus: 8, mem: 16 * 1024, disk: 1024 })).toBe(816);
    expect(serverMonthlyCost({ cpus: 2, mem: 4096, disk: 41 })).toBe(96.5);
  });
});

describe('serverSizeErrors (portal.md §5)', () => {
  it('accepts CPU 1-8, memory 1-16 GB, storage 8-1024 GB and refuses one past each', () => {
    expect(serverSizeErrors({ cpus: 1, mem: 1024, disk: 8 })).toEqual({});
    expect(serverSizeErrors({ cpus: 8, mem: 16384, disk: 1024 })).toEqual({});
    expect(Object.keys(serverSizeErrors({ cpus: 0, mem: 0, disk: 7 })).sort()).toEqual([
      'cpus',
      'disk',
      'mem',
    ]);
    expect(Object.keys(serverSizeErrors({ cpus: 9, mem: 17 * 1024, disk: 1025 })).sort()).toEqual([
      'cpus',
      'disk',
      'mem',
    ]);
    expect(serverSizeErrors({ cpus: 2, mem: 1500, disk: 20 }).mem).toBeDefined();
  });
});

describe('a server name: one host name label (docs/servers.md "Names")', () => {
  const NAMES = [
    ['web-1', true],
    ['9lives', true],
    [' Web-2 ', true],
    [`w${'a'.repeat(62)}`, true],
    [`w${'a'.repeat(63)}`, false],
    ['', false],
    ['web-', false],
    ['-web', false],
    ['web_1', false],
    ['web.example.com', false],
    ['wéb', false],
    ['web 2', false],
  ] as const;

  it.each(NAMES)('%j is a name: %s', (name, valid) => {
    expect(serverNameError(name) === undefined).toBe(valid);
  });

  it.each(NAMES)('the new server form and POST /servers/ agree on %j', (name, valid) => {
    const size = { cpus: 1, memGb: 1, disk: 10 };
    expect(createErrors({ name, ...size }).name === undefined).toBe(valid);
    const parsed = v.safeParse(ServerCreateSchema, createRequest({ name, ...size }));
    expect(parsed.success).toBe(valid);
    // What the form sends is the name as the server keeps it.
    if (parsed.success) expect(parsed.output.name).toBe(createRequest({ name, ...size }).name);
  });
});

describe('pendingItems (portal.md §4)', () => {
  const task = (status: string, id: string, classId = 14): ProvisioningTask => ({
    id: 1,
    status,
    service_display_id: id,
    creation_dt: '2030-01-01T00:00:00.000Z',
    service_class_id: classId,
  });

  it('ignores complete, error and received; upper-cases class-14 statuses', () => {
    const items = pendingItems(
      [task('complete', 'A'), task('error', 'B'), task('received', 'C'), task('scheduled', 'D')],
      [],
    );
    expect(items.map((i) => [i.display_id, i.status])).toEqual([['D', 'SCHEDULED']]);
  });

  it('leaves out class-14 tasks already listed, and lists other classes as they are', () => {
    const items = pendingItems(
      [task('installing', 'CON-1'), task('pending', 'X-1', 20)],
      ['CON-1'],
    );
    expect(items.map((i) => [i.display_id, i.status])).toEqual([['X-1', 'pending']]);
  });
});

describe('powerPollDelay', () => {
  it('waits 1 s first, then 1.5 times longer each time, never over 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(powerPollDelay)).toEqual([
      1000, 1500, 2250, 3375, 5000, 5000, 5000,
    ]);
  });
});

describe('sortServers', () => {
  const server = (iid: number, name: string, seconds: number | null) =>
    ({ iid, name, time_since_shutdown_issued: seconds }) as ServerRecord;
  it('sorts both ways with nulls last and ties by iid', () => {
    const list = [server(3, 'b', null), server(1, 'a', 5), server(2, 'a', 9)];
    expect(sortServers(list, 'name', true).map((s) => s.iid)).toEqual([1, 2, 3]);
    expect(sortServers(list, 'name', false).map((s) => s.iid)).toEqual([3, 2, 1]);
    expect(sortServers(list, 'time_since_shutdown_issued', true).map((s) => s.iid)).toEqual([
      1, 2, 3,
    ]);
    expect(sortServers(list, 'time_since_shutdown_issued', false).map((s) => s.iid)).toEqual([
      2, 1, 3,
    ]);
  });
});
