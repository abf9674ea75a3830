/**
 * The DNS panel against a real PowerDNS on loopback (issue 14 "Done when"; docs/dns.md
 * "Publishing"): a record created, changed and deleted through the API is answered, changed and
 * gone in `dig` once its publication job has run; PowerDNS stopped during ten edits and started
 * again converges with nothing lost once the jobs are retried; drift made behind our back is
 * brought back by a reconcile; every exported zone passes `named-checkzone`; PowerDNS's own
 * export of a zone imports as "no change". The job runner is driven (`settled`, `drain`).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DnsRecord, DnsZone, ImportPreview, ZonesPage } from '../../src/shared/dns/rules.ts';
import { startLocalPowerDns, type LocalPowerDns } from '../../src/server/dns/local-powerdns.ts';
import { settled } from '../../src/server/background.ts';
import { startDnsPublication } from '../../src/server/dns/jobs.ts';
import { markAllForReconcile } from '../../src/server/dns/publication.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { exportChecker } from './dns-checkzone.ts';

const run = promisify(execFile);

let dir: string;
let pdns: LocalPowerDns;
let t: TestApp;
let client: CookieClient;
let checkExports: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dns-powerdns-'));
  pdns = await startLocalPowerDns({ dir: path.join(dir, 'pdns'), noCache: true });
  t = await createTestApp({
    env: {
      DNS_PUBLISHER: 'powerdns',
      POWERDNS_API_URL: pdns.apiUrl,
      POWERDNS_API_KEY: pdns.apiKey,
      DNS_RECONCILE_SECONDS: '0',
    },
  });
  checkExports = exportChecker(t);
  await startDnsPublication({ config: t.config, database: t.database, logger: t.logger });
  const user = await createUser(t, { permissions: { services: 'manage' } });
  client = await login(t, user.username, user.password);
});
// Every export of every zone made here passes named-checkzone (bind9-utils).
afterEach(() => checkExports());
afterAll(async () => {
  await t?.close();
  await pdns?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function dig(name: string, type: string): Promise<string[]> {
  const { stdout } = await run('dig', [
    '+short',
    '+tries=1',
    '+time=1',
    '@127.0.0.1',
    '-p',
    String(pdns.dnsPort),
    name,
    type,
  ]);
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .sort();
}

/** Waits until `dig` answers `expected`; gives how long it took in ms. */
async function answered(name: string, type: string, expected: string[], withinMs: number) {
  const started = performance.now();
  let last: string[] = [];
  while (performance.now() - started < withinMs) {
    last = await dig(name, type);
    if (JSON.stringify(last) === JSON.stringify([...expected].sort())) {
      return performance.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${name} ${type}: dig answered ${JSON.stringify(last)}, not ${expected}`);
}

let counter = 0;
async function newZone(): Promise<DnsZone> {
  counter += 1;
  const response = await client.post('/dns', {
    zone_name: `pdns${counter}-${Date.now().toString(36)}.test`,
  });
  expect(response.status).toBe(201);
  await settled(t.database);
  return ((await response.json()) as { zone: DnsZone }).zone;
}

async function zoneState(zone: DnsZone) {
  const page = (await (await client.get('/dns?limit=1000')).json()) as ZonesPage;
  return page.zones.find((z) => z.zone_id === zone.zone_id)!;
}

describe('publishing to PowerDNS', () => {
  it('answers a created, changed and deleted record in dig within a second', async () => {
    const zone = await newZone();
    const host = `www.${zone.zone_name}`;
    const create = await client.post(`/dns/${zone.zone_id}/records/A`, {
      name: 'www',
      ipv4_address: '192.0.2.1',
    });
    expect(create.status).toBe(201);
    const { record } = (await create.json()) as { record: DnsRecord };
    await settled(t.database);
    expect(await answered(host, 'A', ['192.0.2.1'], 1000)).toBeLessThan(1000);
    const change = await client.put(`/dns/${zone.zone_id}/records/A/${record.record_id}`, {
      name: 'www',
      ipv4_address: '192.0.2.2',
    });
    expect(change.status).toBe(200);
    await settled(t.database);
    expect(await answered(host, 'A', ['192.0.2.2'], 1000)).toBeLessThan(1000);
    expect((await client.delete(`/dns/${zone.zone_id}/records/A/${record.record_id}`)).status).toBe(
      200,
    );
    await settled(t.database);
    expect(await answered(host, 'A', [], 1000)).toBeLessThan(1000);
    const state = await zoneState(zone);
    expect(state.publication).toEqual({ state: 'published', error: null });
    const [soa] = await dig(zone.zone_name, 'SOA');
    expect(soa!.split(' ')[2]).toBe(String(state.soa.serial));
  });

  it('loses nothing while PowerDNS is down: ten edits converge once it is back', async () => {
    const zone = await newZone();
    await answered(
      zone.zone_name,
      'NS',
      ['ns1.ridgeline.example.', 'ns2.ridgeline.example.'],
      3000,
    );
    await pdns.stop();
    for (let i = 1; i <= 10; i += 1) {
      const response = await client.post(`/dns/${zone.zone_id}/records/A`, {
        name: `h${i}`,
        ipv4_address: `192.0.2.${i}`,
      });
      expect(response.status).toBe(201);
    }
    // Each edit's job ran and failed: it waits for its retry.
    await settled(t.database);
    const failed = await zoneState(zone);
    expect(failed.publication.state).toBe('failed');
    expect(failed.publication.error).toMatch(/PowerDNS is not reachable/);
    await pdns.start();
    // The retries, without their pause.
    await t.jobs.drain({ ignoreBackoff: true });
    for (let i = 1; i <= 10; i += 1) {
      await answered(`h${i}.${zone.zone_name}`, 'A', [`192.0.2.${i}`], 1000);
    }
    expect((await zoneState(zone)).publication.state).toBe('published');
  });

  it('brings back drift made behind its back with a reconcile', async () => {
    const zone = await newZone();
    await client.post(`/dns/${zone.zone_id}/records/TXT`, { name: 'note', text: 'ours' });
    await settled(t.database);
    await answered(`note.${zone.zone_name}`, 'TXT', ['"ours"'], 2000);
    const patch = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone.zone_name}.`, {
      method: 'PATCH',
      headers: { 'X-API-Key': pdns.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        rrsets: [
          {
            name: `note.${zone.zone_name}.`,
            type: 'TXT',
            ttl: 60,
            changetype: 'REPLACE',
            records: [{ content: '"theirs"', disabled: false }],
          },
          {
            name: `extra.${zone.zone_name}.`,
            type: 'A',
            ttl: 60,
            changetype: 'REPLACE',
            records: [{ content: '203.0.113.9', disabled: false }],
          },
        ],
      }),
    });
    expect(patch.status).toBe(204);
    await answered(`note.${zone.zone_name}`, 'TXT', ['"theirs"'], 1000);
    await markAllForReconcile(t.database.db);
    await settled(t.database);
    await answered(`note.${zone.zone_name}`, 'TXT', ['"ours"'], 3000);
    await answered(`extra.${zone.zone_name}`, 'A', [], 3000);
  });

  it('serves an alias with the zone’s records, and removes a deleted zone', async () => {
    const zone = await newZone();
    const alias = `alias${Date.now().toString(36)}.test`;
    await client.post(`/dns/${zone.zone_id}/records/A`, { name: 'www', ipv4_address: '192.0.2.7' });
    expect((await client.post(`/dns/${zone.zone_id}/aliases`, { alias_name: alias })).status).toBe(
      201,
    );
    await settled(t.database);
    await answered(`www.${alias}`, 'A', ['192.0.2.7'], 3000);
    expect((await client.delete(`/dns/${zone.zone_id}`)).status).toBe(200);
    await settled(t.database);
    const gone = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone.zone_name}.`, {
      headers: { 'X-API-Key': pdns.apiKey },
    });
    await answered(`www.${alias}`, 'A', [], 3000);
    expect([404, 422]).toContain(gone.status);
  });
});

describe('zone files against the real tools', () => {
  it('exports zones that named-checkzone accepts, and imports PowerDNS’s own export unchanged', async () => {
    const zone = await newZone();
    const records: [string, Record<string, unknown>][] = [
      ['A', { name: 'www', ipv4_address: '192.0.2.1' }],
      ['A', { name: 'ns-in', ipv4_address: '192.0.2.53' }],
      ['AAAA', { name: 'www', ipv6_address: '2001:db8::1' }],
      ['CNAME', { name: 'blog', canonical_name: 'www' }],
      ['MX', { priority: 10, target: 'mail.example.net' }],
      ['MX', { priority: 20, target: '@' }],
      ['TXT', { text: `v=spf1 -all ${'x'.repeat(300)} "q" \\ ünï` }],
      ['SRV', { name: '_sip._tcp', priority: 1, weight: 2, port: 5060, target: 'www' }],
      ['NS', { name: 'sub', nameserver: 'ns-in' }],
      ['CAA', { flags: 0, tag: 'issue', value: 'letsencrypt.org' }],
      ['PTR', { name: '1', ptrdname: 'host.example.net.' }],
    ];
    for (const [type, body] of records) {
      const response = await client.post(`/dns/${zone.zone_id}/records/${type}`, body);
      expect(response.status, `${type}: ${await response.clone().text()}`).toBe(201);
    }
    const exported = await (await client.get(`/dns/${zone.zone_id}/export`)).text();
    const file = path.join(dir, `${zone.zone_name}.zone`);
    writeFileSync(file, exported);
    const check = await run('named-checkzone', [zone.zone_name, file]).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(check.stdout, check.stderr).toMatch(/OK/);

    await settled(t.database);
    await answered(`www.${zone.zone_name}`, 'AAAA', ['2001:db8::1'], 3000);
    const theirs = await fetch(
      `${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone.zone_name}./export`,
      { headers: { 'X-API-Key': pdns.apiKey } },
    );
    expect(theirs.status).toBe(200);
    const preview = await client.post(`/dns/${zone.zone_id}/import`, {
      zone_file: await theirs.text(),
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const diff = (await preview.json()) as ImportPreview;
    expect([diff.added, diff.changed, diff.removed]).toEqual([[], [], []]);
  });
});
