/**
 * Pages of a zone's records (portal.md §4 "DNS paging": limit 10 and an offset, grouped by type)
 * stay true after every change, whichever instance made it: a change made through the API, and one
 * committed by another instance (its transaction changes the records and bumps the zone's serial,
 * as every change does), show on the next page read, with the new total. One customer's pages
 * never show another's records. The zone file follows the same order with absolute names.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsZone, RecordsPage } from '../../src/shared/dns/rules.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let alice: CookieClient;
let bob: CookieClient;
beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t, { permissions: { services: 'manage' } });
  const b = await createUser(t, { permissions: { services: 'manage' } });
  alice = await login(t, a.username, a.password);
  bob = await login(t, b.username, b.password);
});
afterAll(() => t.close());

async function newZone(client: CookieClient, name: string): Promise<DnsZone> {
  const response = await client.post('/dns', { zone_name: name });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { zone: DnsZone }).zone;
}

async function addA(client: CookieClient, zone: DnsZone, name: string) {
  const response = await client.post(`/dns/${zone.zone_id}/records/A`, {
    name,
    ipv4_address: '192.0.2.1',
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function page(client: CookieClient, zone: DnsZone, offset: number) {
  const response = await client.get(`/dns/${zone.zone_id}/records?offset=${offset}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as RecordsPage;
  return {
    total: body.total_records,
    names: body.records.map((r) => `${r.name} ${r.record_type}`),
  };
}

const hosts = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `host${String(from + i).padStart(2, '0')} A`);

describe('record pages after changes', () => {
  it('shows a change made here or by another instance on the next page read, for its customer only', async () => {
    const zone = await newZone(alice, 'pages-alice.example');
    for (let i = 0; i < 12; i += 1) await addA(alice, zone, `host${String(i).padStart(2, '0')}`);
    // A records by name, then the zone's two NS records.
    expect(await page(alice, zone, 0)).toEqual({ total: 14, names: hosts(0, 9) });
    expect(await page(alice, zone, 10)).toEqual({
      total: 14,
      names: [...hosts(10, 11), '@ NS', '@ NS'],
    });

    // Through the API: the page at the same offset moves by one.
    await addA(alice, zone, 'host05b');
    expect(await page(alice, zone, 10)).toEqual({
      total: 15,
      names: [...hosts(9, 11), '@ NS', '@ NS'],
    });

    // Another instance's change: records and the zone's serial in one transaction.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`delete from dns_records where zone_id = ${zone.zone_id} and name in ('host00', 'host01')`,
      );
      await tx.execute(
        sql`update dns_zones set serial = serial + 1 where zone_id = ${zone.zone_id}`,
      );
    });
    expect(await page(alice, zone, 0)).toEqual({
      total: 13,
      names: [...hosts(2, 5), 'host05b A', ...hosts(6, 10)],
    });
    expect(await page(alice, zone, 10)).toEqual({ total: 13, names: ['host11 A', '@ NS', '@ NS'] });
    expect(await page(alice, zone, 13)).toEqual({ total: 13, names: [] });

    // Another customer: its own zone's pages only, and none of alice's.
    const other = await newZone(bob, 'pages-bob.example');
    await addA(bob, other, 'host99');
    expect(await page(bob, other, 0)).toEqual({ total: 3, names: ['host99 A', '@ NS', '@ NS'] });
    for (const offset of [0, 10]) {
      expect((await bob.get(`/dns/${zone.zone_id}/records?offset=${offset}`)).status).toBe(404);
    }
    expect(await page(alice, zone, 10)).toEqual({ total: 13, names: ['host11 A', '@ NS', '@ NS'] });
  });

  it('exports the records in the page order with absolute names and the zone TTL', async () => {
    const zone = await newZone(alice, 'export-order.example');
    await addA(alice, zone, 'b');
    await addA(alice, zone, 'a');
    const created = await alice.post(`/dns/${zone.zone_id}/records/TXT`, {
      name: '@',
      ttl: 300,
      text: 'hello',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const text = await (await alice.get(`/dns/${zone.zone_id}/export`)).text();
    const records = text
      .split('\n')
      .filter((line) => line && !line.startsWith(';') && !line.startsWith('$'))
      .filter((line) => !line.includes('\tSOA\t'))
      .map((line) => line.split('\t').slice(0, 4).join(' '));
    expect(records).toEqual([
      'a.export-order.example. 3600 IN A',
      'b.export-order.example. 3600 IN A',
      'export-order.example. 3600 IN NS',
      'export-order.example. 3600 IN NS',
      'export-order.example. 300 IN TXT',
    ]);
    expect(text.endsWith('\n')).toBe(true);
  });
});
