/**
 * The activity log (issue 33 "Activity log", docs/activity.md): every change recorded once, with
 * its login, the site admin acting as it, its address and its words; refused changes with their
 * outcome and without the change; GET /activity's visibility, filters, paging and CSV.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage } from '../../src/shared/activity.ts';
import type { DnsRecord, DnsZone } from '../../src/shared/dns.ts';
import { activityLog } from '../../src/server/db/schema.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, fromAddress, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function entriesOf(cid: number) {
  return t.database.db.select().from(activityLog).where(eq(activityLog.cid, cid));
}

async function page(client: CookieClient, query = ''): Promise<ActivityPage> {
  const response = await client.get(`/activity${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ActivityPage;
}

describe('DNS changes', () => {
  it('records a record change with its name and its content before and after, once', async () => {
    const owner = await createUser(t, { permissions: { services: 'manage', account: 'manage' } });
    const client = await login(t, owner.username, owner.password, fromAddress('198.51.100.7'));
    const zoneName = `act-${Date.now().toString(36)}.example`;
    const zone = (
      (await (await client.post('/dns', { zone_name: zoneName })).json()) as { zone: DnsZone }
    ).zone;
    const created = await client.post(`/dns/${zone.zone_id}/records/A`, {
      name: 'www',
      ipv4_address: '192.0.2.1',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const record = ((await created.json()) as { record: DnsRecord }).record;
    const changed = await client.put(`/dns/${zone.zone_id}/records/A/${record.record_id}`, {
      name: 'www',
      ipv4_address: '192.0.2.2',
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const entries = (await page(client)).entries.map((e: ActivityEntry) => e.summary);
    expect(entries.filter((s) => s.startsWith('DNS record A'))).toEqual([
      `DNS record A www.${zoneName} changed 192.0.2.1 → 192.0.2.2`,
      `DNS record A www.${zoneName} added 192.0.2.1`,
    ]);
    expect((await entriesOf(owner.cid)).length).toBeGreaterThan(0);
  });
});
