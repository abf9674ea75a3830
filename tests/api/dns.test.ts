/**
 * The DNS panel's API (portal.md §3 "DNS zone", "DNS record", §4 "DNS paging", §5, §7, §8; issue
 * 14): zones with an integer TTL (3600 by default) and names a name server accepts, records of
 * every type checked as a name server would, the MX trailing-dot rule, 422 field errors (and a
 * `detail` on a refused record), paging bounds, aliases, the SOA serial bumped on every change,
 * zone files out and in, and one customer never reaching another's zones. A tree of names is one
 * account's (no zone or alias at, above or under another account's, the provider's names or a
 * public suffix, two racing claims settled), a zone never loses its apex NS records, and every
 * zone the file's customers hold is exported after each test and passes named-checkzone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ZONE_TTL } from '../../src/shared/dns/constants.ts';
import { DNS } from '../../src/shared/dns/constants.ts';
import type {
  DnsRecord,
  DnsZone,
  ImportPreview,
  RecordsPage,
  ZonesPage,
} from '../../src/shared/dns/rules.ts';
import { RECORD_TYPES } from '../../src/shared/dns/rules.ts';
import { DNS_MESSAGES } from '../../src/shared/dns/messages.ts';
import { settled } from '../../src/server/background.ts';
import { startDnsPublication } from '../../src/server/dns/jobs.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { checkZoneFile, exportChecker, namedCheckzone } from './dns-checkzone.ts';

/** The provider's own names besides its name servers (DNS_RESERVED_NAMES, as an operator types them). */
const RESERVED = ' portal.ridgeline-isp.example, Ridgeline-Mail.example. ';

let t: TestApp;
let alice: CookieClient;
let bob: CookieClient;
let viewer: CookieClient;
let checkExports: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp({ env: { DNS_RESERVED_NAMES: RESERVED } });
  checkExports = exportChecker(t);
  const a = await createUser(t, { permissions: { services: 'manage' } });
  const b = await createUser(t, { permissions: { services: 'manage' } });
  const v = await createUser(t, { permissions: { services: 'view' } });
  alice = await login(t, a.username, a.password);
  bob = await login(t, b.username, b.password);
  viewer = await login(t, v.username, v.password);
});
afterAll(() => t.close());

// Every export of every zone made here passes named-checkzone (bind9-utils).
afterEach(() => checkExports());

let zoneCounter = 0;
function uniqueZoneName() {
  zoneCounter += 1;
  return `zone${zoneCounter}-${Date.now().toString(36)}.example`;
}

async function newZone(client = alice, body: Record<string, unknown> = {}): Promise<DnsZone> {
  const response = await client.post('/dns', { zone_name: uniqueZoneName(), ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { zone: DnsZone }).zone;
}

async function errorsOf(response: Response, status = 422) {
  expect(response.status).toBe(status);
  return (await response.json()) as {
    msg: string;
    detail?: string;
    errors?: Record<string, string>;
  };
}

async function addRecord(zone: DnsZone, type: string, body: Record<string, unknown>) {
  return alice.post(`/dns/${zone.zone_id}/records/${type}`, body);
}

async function created(zone: DnsZone, type: string, body: Record<string, unknown>) {
  const response = await addRecord(zone, type, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { record: DnsRecord & Record<string, unknown> }).record;
}

async function zoneNow(zone: DnsZone): Promise<DnsZone> {
  const page = (await (await alice.get('/dns?limit=100000')).json()) as ZonesPage;
  return page.zones.find((z) => z.zone_id === zone.zone_id)!;
}

describe('zones', () => {
  it('creates a zone with the default TTL 3600, its NS records and a read-only SOA', async () => {
    const zone = await newZone();
    expect(zone.ttl).toBe(DEFAULT_ZONE_TTL);
    expect(zone.soa.serial).toBeGreaterThanOrEqual(1);
    expect(zone.soa.hostmaster).toBe(`hostmaster.${zone.zone_name}.`);
    const records = (await (await alice.get(`/dns/${zone.zone_id}/records`)).json()) as RecordsPage;
    expect(records.records.map((r) => r.record_type)).toEqual(['NS', 'NS']);
    // DNS_PUBLISHER=none (the default): nothing serves it, and the zone says so.
    expect(zone.publication).toEqual({ state: 'off', error: null });
  });

  it('takes the TTL as an integer within the bounds, as a field error otherwise', async () => {
    for (const ttl of [3600.5, '3600', DNS.ttlMin - 1, DNS.ttlMax + 1, null]) {
      const body = await errorsOf(await alice.post('/dns', { zone_name: uniqueZoneName(), ttl }));
      expect(body.errors).toEqual({ ttl: DNS_MESSAGES.ttl });
    }
    expect((await newZone(alice, { ttl: DNS.ttlMin })).ttl).toBe(DNS.ttlMin);
  });

  it('accepts only domain names a name server accepts, IDN as punycode', async () => {
    const bad = [
      '',
      'localhost',
      'bad_name.example',
      '-lead.example',
      'trail-.example',
      'a..example',
      'example.123',
      'with space.example',
    ];
    for (const zone_name of bad) {
      const body = await errorsOf(await alice.post('/dns', { zone_name }));
      expect(Object.keys(body.errors!), zone_name).toEqual(['zone_name']);
    }
    const longLabel = await errorsOf(
      await alice.post('/dns', { zone_name: `${'a'.repeat(64)}.example` }),
    );
    expect(longLabel.errors).toEqual({ zone_name: DNS_MESSAGES.labelLength });
    const tooLong = `${Array.from({ length: 4 }, () => 'b'.repeat(63)).join('.')}.example`;
    const long = await errorsOf(await alice.post('/dns', { zone_name: tooLong }));
    expect(long.errors).toEqual({ zone_name: DNS_MESSAGES.nameLength });
    const idn = `bücher-${Date.now().toString(36)}.example`;
    const response = await alice.post('/dns', { zone_name: `${idn.toUpperCase()}.` });
    expect(response.status).toBe(201);
    const { zone } = (await response.json()) as { zone: DnsZone };
    expect(zone.zone_name).toMatch(/^xn--bcher-.*\.example$/);
  });

  it('keeps a zone name unique across the product, aliases included', async () => {
    const zone = await newZone(alice);
    const again = await errorsOf(await bob.post('/dns', { zone_name: zone.zone_name }));
    expect(again.errors).toEqual({ zone_name: DNS_MESSAGES.zoneNameOtherAccount });
    const mine = await errorsOf(await alice.post('/dns', { zone_name: zone.zone_name }));
    expect(mine.errors).toEqual({ zone_name: DNS_MESSAGES.zoneNameTaken });
    const aliasName = uniqueZoneName();
    expect(
      (await alice.post(`/dns/${zone.zone_id}/aliases`, { alias_name: aliasName })).status,
    ).toBe(201);
    const taken = await errorsOf(await bob.post('/dns', { zone_name: aliasName }));
    expect(taken.errors).toEqual({ zone_name: DNS_MESSAGES.zoneNameOtherAccount });
    const other = await newZone(bob);
    const aliasTaken = await errorsOf(
      await bob.post(`/dns/${other.zone_id}/aliases`, { alias_name: zone.zone_name }),
    );
    expect(aliasTaken.errors).toEqual({ alias_name: DNS_MESSAGES.zoneNameOtherAccount });
    const ownAlias = await errorsOf(
      await alice.post(`/dns/${zone.zone_id}/aliases`, { alias_name: zone.zone_name }),
    );
    expect(ownAlias.errors).toEqual({ alias_name: DNS_MESSAGES.zoneNameTaken });
  });

  it('changes the TTL (422 field errors on a bad one) and deletes a zone', async () => {
    const zone = await newZone();
    const bad = await errorsOf(await alice.put(`/dns/${zone.zone_id}`, { ttl: 'soon' }));
    expect(bad.errors).toEqual({ ttl: DNS_MESSAGES.ttl });
    const response = await alice.put(`/dns/${zone.zone_id}`, { ttl: 7200 });
    expect(response.status).toBe(200);
    const { zone: changed } = (await response.json()) as { zone: DnsZone };
    expect(changed.ttl).toBe(7200);
    expect(changed.soa.serial).toBe(zone.soa.serial + 1);
    expect((await alice.delete(`/dns/${zone.zone_id}`)).status).toBe(200);
    expect((await alice.get(`/dns/${zone.zone_id}/records`)).status).toBe(404);
    // Its name is free again.
    expect((await alice.post('/dns', { zone_name: zone.zone_name })).status).toBe(201);
  });

  it('lets a view-only user read and nothing more', async () => {
    expect((await viewer.get('/dns')).status).toBe(200);
    expect((await viewer.post('/dns', { zone_name: uniqueZoneName() })).status).toBe(403);
  });
});

describe('records', () => {
  let zone: DnsZone;
  beforeAll(async () => {
    zone = await newZone();
  });

  it('stores each type with its fields and bumps the serial on every change', async () => {
    const before = (await zoneNow(zone)).soa.serial;
    const a = await created(zone, 'A', { name: 'www', ipv4_address: '192.0.2.10' });
    expect(a).toMatchObject({ record_type: 'A', name: 'www', ttl: null, content: '192.0.2.10' });
    const aaaa = await created(zone, 'AAAA', {
      name: 'www',
      ipv6_address: '2001:DB8:0:0:0:0:0:1',
      ttl: 300,
    });
    expect(aaaa).toMatchObject({ ipv6_address: '2001:db8::1', ttl: 300 });
    const srv = await created(zone, 'SRV', {
      name: '_sip._tcp',
      priority: 10,
      weight: 5,
      port: 5060,
      target: 'sip.example.net.',
    });
    expect(srv.content).toBe('10 5 5060 sip.example.net.');
    const cname = await created(zone, 'CNAME', { name: 'blog', canonical_name: 'www' });
    expect(cname.content).toBe(`www.${zone.zone_name}.`);
    const ns = await created(zone, 'NS', { name: 'sub', nameserver: 'ns.example.net.' });
    expect(ns.content).toBe('ns.example.net.');
    const caa = await created(zone, 'CAA', { flags: 0, tag: 'issue', value: 'letsencrypt.org' });
    expect(caa.content).toBe('0 issue "letsencrypt.org"');
    const ptr = await created(zone, 'PTR', { name: '10', ptrdname: 'host.example.net.' });
    expect(ptr.content).toBe('host.example.net.');
    expect((await zoneNow(zone)).soa.serial).toBe(before + 7);
  });

  it('splits TXT text into 255-byte strings', async () => {
    const text = `${'x'.repeat(300)}"quoted"`;
    const txt = await created(zone, 'TXT', { name: 'long', text });
    expect(txt).toMatchObject({ text });
    expect(txt.content).toBe(`"${'x'.repeat(255)}" "${'x'.repeat(45)}\\"quoted\\""`);
    const tooLong = await errorsOf(
      await addRecord(zone, 'TXT', { text: 'y'.repeat(DNS.txtMaxBytes + 1) }),
    );
    expect(tooLong.errors).toEqual({ text: DNS_MESSAGES.text });
    expect((await errorsOf(await addRecord(zone, 'TXT', { text: '' }))).errors).toEqual({
      text: DNS_MESSAGES.text,
    });
  });

  it('refuses bad addresses, numbers, names and TTLs with field errors and a detail', async () => {
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['A', { ipv4_address: '256.1.1.1' }, { ipv4_address: DNS_MESSAGES.ipv4 }],
      ['A', { ipv4_address: '1.2.3' }, { ipv4_address: DNS_MESSAGES.ipv4 }],
      ['A', { ipv4_address: '01.2.3.4' }, { ipv4_address: DNS_MESSAGES.ipv4 }],
      ['AAAA', { ipv6_address: '2001:db8::g' }, { ipv6_address: DNS_MESSAGES.ipv6 }],
      ['AAAA', { ipv6_address: '1::2::3' }, { ipv6_address: DNS_MESSAGES.ipv6 }],
      ['AAAA', { ipv6_address: '192.0.2.1' }, { ipv6_address: DNS_MESSAGES.ipv6 }],
      [
        'SRV',
        { priority: 0, weight: 0, port: DNS.uint16Max + 1, target: 'a.example.' },
        { port: DNS_MESSAGES.uint16 },
      ],
      [
        'SRV',
        { priority: -1, weight: 0, port: 1, target: 'a.example.' },
        { priority: DNS_MESSAGES.uint16 },
      ],
      [
        'SRV',
        { priority: 1, weight: 1.5, port: 1, target: 'a.example.' },
        { weight: DNS_MESSAGES.uint16 },
      ],
      ['MX', { priority: 10, target: 'bad..name' }, { target: DNS_MESSAGES.labelLength }],
      [
        'CNAME',
        { name: 'x', canonical_name: 'bad_host!' },
        { canonical_name: DNS_MESSAGES.hostname },
      ],
      [
        'NS',
        { name: 'x', nameserver: `${'n'.repeat(64)}.example.` },
        { nameserver: DNS_MESSAGES.labelLength },
      ],
      ['A', { name: 'bad name', ipv4_address: '192.0.2.1' }, { name: DNS_MESSAGES.recordName }],
      [
        'A',
        { name: 'www.elsewhere.example.', ipv4_address: '192.0.2.1' },
        { name: DNS_MESSAGES.nameOutsideZone },
      ],
      ['A', { ipv4_address: '192.0.2.1', ttl: DNS.ttlMin - 1 }, { ttl: DNS_MESSAGES.ttl }],
      ['A', { ipv4_address: '192.0.2.1', ttl: 99.5 }, { ttl: DNS_MESSAGES.ttl }],
      ['CAA', { flags: 256, tag: 'issue', value: 'ca.example' }, { flags: DNS_MESSAGES.caaFlags }],
      ['CAA', { flags: 0, tag: 'nonsense', value: 'ca.example' }, { tag: DNS_MESSAGES.caaTag }],
    ];
    for (const [type, body, errors] of cases) {
      const answer = await errorsOf(await addRecord(zone, type, body));
      expect(answer.errors, `${type} ${JSON.stringify(body)}`).toEqual(errors);
      expect(typeof answer.msg).toBe('string');
    }
    const refused = await errorsOf(await addRecord(zone, 'A', { ipv4_address: 'nope' }));
    expect(refused.detail).toContain(DNS_MESSAGES.recordCreateFailed);
    expect(refused.detail).toContain(DNS_MESSAGES.ipv4);
    expect((await alice.post(`/dns/${zone.zone_id}/records/SOA`, {})).status).toBe(404);
  });

  it('keeps a CNAME alone at its name and away from the apex, and no two identical records', async () => {
    const atApex = await errorsOf(await addRecord(zone, 'CNAME', { canonical_name: 'www' }));
    expect(atApex.errors).toEqual({ name: DNS_MESSAGES.cnameAtApex });
    await created(zone, 'A', { name: 'mixed', ipv4_address: '192.0.2.20' });
    const beside = await errorsOf(
      await addRecord(zone, 'CNAME', { name: 'mixed', canonical_name: 'www' }),
    );
    expect(beside.errors).toEqual({ name: DNS_MESSAGES.cnameBesideOthers });
    await created(zone, 'CNAME', { name: 'alias', canonical_name: 'www' });
    const under = await errorsOf(await addRecord(zone, 'TXT', { name: 'alias', text: 'hello' }));
    expect(under.errors).toEqual({ name: DNS_MESSAGES.othersBesideCname });
    const twice = await errorsOf(
      await addRecord(zone, 'A', { name: 'mixed', ipv4_address: '192.0.2.20' }),
    );
    expect(twice.errors).toEqual({ ipv4_address: DNS_MESSAGES.duplicateRecord });
    // A change into an identical record is refused too, and the same record may keep its content.
    const other = await created(zone, 'A', { name: 'mixed', ipv4_address: '192.0.2.21' });
    const path = `/dns/${zone.zone_id}/records/A/${other.record_id}`;
    expect(
      (await errorsOf(await alice.put(path, { name: 'mixed', ipv4_address: '192.0.2.20' }))).errors,
    ).toEqual({
      ipv4_address: DNS_MESSAGES.duplicateRecord,
    });
    expect(
      (await alice.put(path, { name: 'mixed', ipv4_address: '192.0.2.21', ttl: 120 })).status,
    ).toBe(200);
  });

  it('adds the MX trailing dot on create unless @ or dotted, and always on update', async () => {
    const plain = await created(zone, 'MX', { priority: 10, target: 'mail.example.net' });
    expect(plain.target).toBe('mail.example.net.');
    expect(plain.content).toBe('10 mail.example.net.');
    const apex = await created(zone, 'MX', { priority: 20, target: '@' });
    expect(apex.target).toBe('@');
    expect(apex.content).toBe(`20 ${zone.zone_name}.`);
    const dotted = await created(zone, 'MX', { priority: 30, target: 'mx.example.org.' });
    expect(dotted.target).toBe('mx.example.org.');
    const update = (record: DnsRecord, target: string) =>
      alice.put(`/dns/${zone.zone_id}/records/MX/${record.record_id}`, {
        priority: (record as { priority: number }).priority,
        target,
      });
    const apexUpdated = await update(apex, '@');
    expect(apexUpdated.status).toBe(200);
    expect(((await apexUpdated.json()) as { record: { target: string } }).record.target).toBe(
      `${zone.zone_name}.`,
    );
    const renamed = await update(plain, 'mail2.example.net');
    expect(((await renamed.json()) as { record: { target: string } }).record.target).toBe(
      'mail2.example.net.',
    );
  });

  it('deletes a record, and answers 404 for records of another zone or type', async () => {
    const a = await created(zone, 'A', { name: 'gone', ipv4_address: '192.0.2.99' });
    const other = await newZone();
    expect((await alice.delete(`/dns/${other.zone_id}/records/A/${a.record_id}`)).status).toBe(404);
    expect((await alice.delete(`/dns/${zone.zone_id}/records/AAAA/${a.record_id}`)).status).toBe(
      404,
    );
    expect((await alice.delete(`/dns/${zone.zone_id}/records/A/${a.record_id}`)).status).toBe(200);
    expect((await alice.delete(`/dns/${zone.zone_id}/records/A/${a.record_id}`)).status).toBe(404);
  });
});

describe('paging (portal.md §4)', () => {
  it('pages records by 10 from an offset, grouped by type, show-all by the total', async () => {
    const zone = await newZone();
    for (let i = 0; i < 23; i += 1) {
      await created(zone, 'A', {
        name: `host${String(i).padStart(2, '0')}`,
        ipv4_address: '192.0.2.1',
      });
    }
    const page = async (query: string) =>
      (await (await alice.get(`/dns/${zone.zone_id}/records${query}`)).json()) as RecordsPage;
    const first = await page('');
    expect(first).toMatchObject({ total_records: 25, limit: 10, offset: 0 });
    expect(first.records).toHaveLength(10);
    expect(first.records[0]!.record_type).toBe('A');
    expect((await page('?offset=20')).records.map((r) => r.record_type)).toEqual([
      'A',
      'A',
      'A',
      'NS',
      'NS',
    ]);
    expect((await page('?offset=30')).records).toEqual([]);
    expect((await page('?limit=25')).records).toHaveLength(25);
    for (const query of [
      '?offset=-1',
      '?limit=0',
      '?limit=abc',
      '?offset=1.5',
      `?limit=${DNS.pageSizeMax + 1}`,
    ]) {
      expect((await alice.get(`/dns/${zone.zone_id}/records${query}`)).status, query).toBe(422);
      expect((await alice.get(`/dns${query}`)).status, query).toBe(422);
    }
  });

  it('pages zones by 10 with total_zones', async () => {
    const customer = await createUser(t, { permissions: { services: 'manage' } });
    const client = await login(t, customer.username, customer.password);
    for (let i = 0; i < 12; i += 1) await newZone(client);
    const first = (await (await client.get('/dns')).json()) as ZonesPage;
    expect(first.total_zones).toBe(12);
    expect(first.zones).toHaveLength(10);
    const second = (await (await client.get('/dns?offset=10')).json()) as ZonesPage;
    expect(second.zones).toHaveLength(2);
    const all = (await (await client.get('/dns?limit=12')).json()) as ZonesPage;
    expect(all.zones.map((z) => z.zone_id)).toEqual(
      [...first.zones, ...second.zones].map((z) => z.zone_id),
    );
  });
});

describe('one customer never reaches another customer’s zones', () => {
  it('answers every endpoint on another customer’s ids like ids that do not exist', async () => {
    const zone = await newZone(alice);
    const record = await created(zone, 'A', { name: 'www', ipv4_address: '192.0.2.1' });
    const aliasAnswer = await alice.post(`/dns/${zone.zone_id}/aliases`, {
      alias_name: uniqueZoneName(),
    });
    const { alias } = (await aliasAnswer.json()) as { alias: { alias_id: number } };
    const z = zone.zone_id;
    const r = record.record_id;
    const calls: [string, string, unknown?][] = [
      ['PUT', `/dns/${z}`, { ttl: 600 }],
      ['DELETE', `/dns/${z}`],
      ['GET', `/dns/${z}/records`],
      ['POST', `/dns/${z}/records/A`, { name: 'evil', ipv4_address: '192.0.2.66' }],
      ['PUT', `/dns/${z}/records/A/${r}`, { name: 'www', ipv4_address: '192.0.2.66' }],
      ['DELETE', `/dns/${z}/records/A/${r}`],
      ['POST', `/dns/${z}/aliases`, { alias_name: uniqueZoneName() }],
      ['DELETE', `/dns/${z}/aliases/${alias.alias_id}`],
      ['GET', `/dns/${z}/export`],
      ['POST', `/dns/${z}/import`, { zone_file: '@ IN A 192.0.2.66\n', apply: true }],
    ];
    for (const [method, path, body] of calls) {
      const response = await bob.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(((await response.json()) as { msg: string }).msg).toBe(DNS_MESSAGES.zoneNotFound);
    }
    const listed = (await (await bob.get('/dns?limit=100000')).json()) as ZonesPage;
    expect(listed.zones.map((x) => x.zone_id)).not.toContain(z);
    const after = (await (await alice.get(`/dns/${z}/records`)).json()) as RecordsPage;
    expect(after.records.find((x) => x.record_id === r)).toMatchObject({ content: '192.0.2.1' });
    expect((await zoneNow(zone)).aliases).toHaveLength(1);
  });
});

describe('zone files', () => {
  it('exports the zone with its SOA and every record, and imports a file after a preview', async () => {
    const zone = await newZone();
    await created(zone, 'A', { name: 'www', ipv4_address: '192.0.2.1' });
    await created(zone, 'TXT', { name: 'old', text: 'bye' });
    const exported = await alice.get(`/dns/${zone.zone_id}/export`);
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain(`$ORIGIN ${zone.zone_name}.`);
    expect(text).toMatch(/\tSOA\t/);
    expect(text).toContain(`www.${zone.zone_name}.\t3600\tIN\tA\t192.0.2.1`);
    const file = [
      `$ORIGIN ${zone.zone_name}.`,
      '$TTL 1h',
      '@  IN SOA ns1 hostmaster ( 1 2 3 4 5 ) ; ignored',
      '@  IN NS ns1.ridgeline.example.',
      '   IN NS ns2.ridgeline.example.',
      'www 300 IN A 192.0.2.1',
      'mail IN MX 10 mx.example.net.',
      'txt IN TXT "two " "strings"',
    ].join('\n');
    const preview = await alice.post(`/dns/${zone.zone_id}/import`, { zone_file: file });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const diff = (await preview.json()) as ImportPreview;
    expect(diff.applied).toBe(false);
    expect(diff.added.map((c) => `${c.name} ${c.record_type}`).sort()).toEqual([
      'mail MX',
      'txt TXT',
    ]);
    expect(diff.changed.map((c) => c.to[0]!.ttl)).toEqual([300]);
    expect(diff.removed.map((c) => c.name)).toEqual(['old']);
    const unchanged = (await (
      await alice.get(`/dns/${zone.zone_id}/records`)
    ).json()) as RecordsPage;
    expect(unchanged.total_records).toBe(4);
    const applied = await alice.post(`/dns/${zone.zone_id}/import`, {
      zone_file: file,
      apply: true,
    });
    expect(((await applied.json()) as ImportPreview).applied).toBe(true);
    const after = (await (await alice.get(`/dns/${zone.zone_id}/records`)).json()) as RecordsPage;
    expect(after.records.map((r) => `${r.name} ${r.record_type} ${r.content}`).sort()).toEqual(
      [
        '@ NS ns1.ridgeline.example.',
        '@ NS ns2.ridgeline.example.',
        'www A 192.0.2.1',
        'mail MX 10 mx.example.net.',
        'txt TXT "two strings"',
      ].sort(),
    );
    // The same file again changes nothing.
    const again = (await (
      await alice.post(`/dns/${zone.zone_id}/import`, { zone_file: file })
    ).json()) as ImportPreview;
    expect([again.added, again.changed, again.removed]).toEqual([[], [], []]);
  });

  it('checks every export with named-checkzone, and says which package provides it when missing', async () => {
    expect(namedCheckzone()).toMatch(/\/named-checkzone$/);
    expect(() => namedCheckzone(['/nonexistent/named-checkzone'])).toThrow(/bind9-utils/);
    const zone = await newZone();
    const text = await (await alice.get(`/dns/${zone.zone_id}/export`)).text();
    expect(await checkZoneFile(zone.zone_name, text)).toBeNull();
    const withoutNs = text
      .split('\n')
      .filter((line) => !/\tNS\t/.test(line))
      .join('\n');
    expect(await checkZoneFile(zone.zone_name, withoutNs)).toMatch(/has no NS records/);
  });

  it('answers errors by line number and changes nothing', async () => {
    const zone = await newZone();
    const file = [
      'www IN A 192.0.2.1',
      'bad IN A 999.1.1.1',
      '@ IN CNAME www',
      'x IN HINFO "a" "b"',
      'www IN A 192.0.2.1',
    ].join('\n');
    const body = await errorsOf(
      await alice.post(`/dns/${zone.zone_id}/import`, { zone_file: file, apply: true }),
    );
    expect(body.msg).toBe(DNS_MESSAGES.importFailed);
    expect(body.errors).toEqual({
      'line 2': DNS_MESSAGES.importRecordError('ipv4_address', DNS_MESSAGES.ipv4),
      'line 3': DNS_MESSAGES.importRecordError('name', DNS_MESSAGES.cnameAtApex),
      'line 4': DNS_MESSAGES.importUnknownType('HINFO'),
      'line 5': DNS_MESSAGES.duplicateRecord,
    });
    const records = (await (await alice.get(`/dns/${zone.zone_id}/records`)).json()) as RecordsPage;
    expect(records.total_records).toBe(2);
  });
});

/** A name of its own for one test: `<word>-<n>-<time>.example`. */
function fresh(word: string) {
  zoneCounter += 1;
  return `${word}-${zoneCounter}-${Date.now().toString(36)}.example`;
}

async function zoneNamesOf(client: CookieClient) {
  const page = (await (await client.get('/dns?limit=100000')).json()) as ZonesPage;
  return page.zones.flatMap((z) => [z.zone_name, ...z.aliases.map((a) => a.alias_name)]);
}

describe('a tree of names belongs to one account (portal.md §3, §7 "DNS")', () => {
  it('refuses a zone or alias at, under or above another account’s zone or alias, naming no one', async () => {
    const theirs = await newZone(alice, { zone_name: fresh('owned') });
    const theirAlias = fresh('owned-alias');
    expect(
      (await alice.post(`/dns/${theirs.zone_id}/aliases`, { alias_name: theirAlias })).status,
    ).toBe(201);
    const parent = fresh('parent');
    await newZone(alice, { zone_name: `shop.${parent}` });
    const own = await newZone(bob);
    const attempts: [string, Record<string, string>, string][] = [
      ['/dns', { zone_name: `www.${theirs.zone_name}` }, 'zone_name'],
      ['/dns', { zone_name: `a.b.${theirs.zone_name}.` }, 'zone_name'],
      ['/dns', { zone_name: `WWW.${theirAlias}` }, 'zone_name'],
      ['/dns', { zone_name: parent }, 'zone_name'],
      [`/dns/${own.zone_id}/aliases`, { alias_name: `mail.${theirs.zone_name}` }, 'alias_name'],
      [`/dns/${own.zone_id}/aliases`, { alias_name: `mail.${theirAlias}` }, 'alias_name'],
      [`/dns/${own.zone_id}/aliases`, { alias_name: parent }, 'alias_name'],
    ];
    for (const [path, body, field] of attempts) {
      const refused = await errorsOf(await bob.post(path, body));
      expect(refused.errors, `${path} ${JSON.stringify(body)}`).toEqual({
        [field]: DNS_MESSAGES.zoneNameOtherAccount,
      });
      // It says whose it is not: neither the other account's zone nor its name.
      expect(JSON.stringify(refused)).not.toContain(theirs.zone_name);
    }
    const bobsNames = await zoneNamesOf(bob);
    for (const [, body] of attempts) {
      const name = (body.zone_name ?? body.alias_name)!.toLowerCase().replace(/\.$/, '');
      expect(bobsNames).not.toContain(name);
    }
    // One account may nest its own names, and a sibling of another account's name is free.
    expect((await alice.post('/dns', { zone_name: `www.${theirs.zone_name}` })).status).toBe(201);
    expect((await bob.post('/dns', { zone_name: `blog.${parent}` })).status).toBe(201);
  });

  it('refuses the provider’s names: its name servers, their domain and DNS_RESERVED_NAMES', async () => {
    const own = await newZone(bob);
    const names = [
      'ns1.ridgeline.example',
      'NS2.ridgeline.example.',
      'ridgeline.example',
      'www.ridgeline.example',
      'portal.ridgeline-isp.example',
      'x.portal.ridgeline-isp.example',
      'ridgeline-isp.example',
      'ridgeline-mail.example',
      'smtp.ridgeline-mail.example',
    ];
    for (const zone_name of names) {
      const zone = await errorsOf(await bob.post('/dns', { zone_name }));
      expect(zone.errors, zone_name).toEqual({ zone_name: DNS_MESSAGES.zoneNameReserved });
      const alias = await errorsOf(
        await bob.post(`/dns/${own.zone_id}/aliases`, { alias_name: zone_name }),
      );
      expect(alias.errors, zone_name).toEqual({ alias_name: DNS_MESSAGES.zoneNameReserved });
    }
    expect(await zoneNamesOf(bob)).not.toContain('ns1.ridgeline.example');
  });

  it('refuses public suffixes (ICANN and private sections) and takes a domain under one', async () => {
    const own = await newZone(bob);
    for (const zone_name of ['co.uk', 'CO.UK.', 'github.io', 's3.amazonaws.com', '公司.cn']) {
      const zone = await errorsOf(await bob.post('/dns', { zone_name }));
      expect(zone.errors, zone_name).toEqual({ zone_name: DNS_MESSAGES.zoneNamePublicSuffix });
      const alias = await errorsOf(
        await bob.post(`/dns/${own.zone_id}/aliases`, { alias_name: zone_name }),
      );
      expect(alias.errors, zone_name).toEqual({ alias_name: DNS_MESSAGES.zoneNamePublicSuffix });
    }
    const tag = `psl-${Date.now().toString(36)}`;
    expect((await bob.post('/dns', { zone_name: `${tag}.co.uk` })).status).toBe(201);
    expect(
      (await bob.post(`/dns/${own.zone_id}/aliases`, { alias_name: `${tag}.github.io` })).status,
    ).toBe(201);
  });

  it('gives a name to one of two accounts claiming it at the same time', async () => {
    for (let round = 0; round < 6; round += 1) {
      const name = fresh('race');
      // Alternately the same name, and a name and one under it, from two accounts at once.
      const other = round % 2 === 0 ? name : `www.${name}`;
      const own = round % 2 === 0 ? null : await newZone(bob);
      const answers = await Promise.all([
        alice.post('/dns', { zone_name: name }),
        own
          ? bob.post(`/dns/${own.zone_id}/aliases`, { alias_name: other })
          : bob.post('/dns', { zone_name: other }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, 422]);
      const loser = answers.find((a) => a.status === 422)!;
      expect(Object.values(((await loser.json()) as { errors: object }).errors)).toEqual([
        DNS_MESSAGES.zoneNameOtherAccount,
      ]);
      const held = [...(await zoneNamesOf(alice)), ...(await zoneNamesOf(bob))];
      expect(held.filter((n) => n === name || n === other)).toHaveLength(1);
    }
  });

  it('keeps another account’s names out of imports, and a zone’s name out of its update', async () => {
    const theirs = await newZone(alice);
    const own = await newZone(bob);
    const file = [`$ORIGIN ${theirs.zone_name}.`, 'www 300 IN A 192.0.2.66'].join('\n');
    const refused = await errorsOf(
      await bob.post(`/dns/${own.zone_id}/import`, { zone_file: file, apply: true }),
    );
    expect(refused.errors).toEqual({
      'line 2': DNS_MESSAGES.importRecordError('name', DNS_MESSAGES.nameOutsideZone),
    });
    // A zone is not renamed: its update takes the TTL only.
    const renamed = await bob.put(`/dns/${own.zone_id}`, {
      ttl: 600,
      zone_name: `www.${theirs.zone_name}`,
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { zone: DnsZone }).zone.zone_name).toBe(own.zone_name);
  });
});

describe('a zone keeps its name servers', () => {
  async function apexNs(zone: DnsZone) {
    const page = (await (
      await alice.get(`/dns/${zone.zone_id}/records?limit=1000`)
    ).json()) as RecordsPage;
    return page.records.filter((r) => r.record_type === 'NS' && r.name === '@');
  }

  it('edits the apex NS set but refuses to delete or move away its last record', async () => {
    const zone = await newZone();
    const [first, second] = await apexNs(zone);
    expect((await alice.delete(`/dns/${zone.zone_id}/records/NS/${first!.record_id}`)).status).toBe(
      200,
    );
    const serial = (await zoneNow(zone)).soa.serial;
    const last = `/dns/${zone.zone_id}/records/NS/${second!.record_id}`;
    const refused = await errorsOf(await alice.delete(last));
    expect(refused.msg).toBe(DNS_MESSAGES.lastApexNameserver);
    expect(refused.detail).toBe(
      `${DNS_MESSAGES.recordDeleteFailed} ${DNS_MESSAGES.lastApexNameserver}`,
    );
    const moved = await errorsOf(
      await alice.put(last, { name: 'sub', nameserver: 'ns.example.net.' }),
    );
    expect(moved.errors).toEqual({ name: DNS_MESSAGES.lastApexNameserver });
    expect((await apexNs(zone)).map((r) => r.content)).toEqual([second!.content]);
    expect((await zoneNow(zone)).soa.serial).toBe(serial);
    // Changed in place, or replaced once another is there: the set is edited, never emptied.
    expect((await alice.put(last, { name: '@', nameserver: 'ns-a.example.net.' })).status).toBe(
      200,
    );
    await created(zone, 'NS', { nameserver: 'ns-b.example.net.' });
    expect((await alice.delete(last)).status).toBe(200);
    expect((await apexNs(zone)).map((r) => r.content)).toEqual(['ns-b.example.net.']);
  });

  it('keeps the apex NS records through an import of a file without them', async () => {
    const zone = await newZone();
    const before = (await apexNs(zone)).map((r) => r.content).sort();
    const file = 'www 300 IN A 192.0.2.1\n';
    const preview = (await (
      await alice.post(`/dns/${zone.zone_id}/import`, { zone_file: file })
    ).json()) as ImportPreview;
    expect(preview.removed).toEqual([]);
    const applied = await alice.post(`/dns/${zone.zone_id}/import`, {
      zone_file: file,
      apply: true,
    });
    expect(applied.status).toBe(200);
    expect((await apexNs(zone)).map((r) => r.content).sort()).toEqual(before);
    const records = (await (await alice.get(`/dns/${zone.zone_id}/records`)).json()) as RecordsPage;
    expect(records.records.map((r) => `${r.name} ${r.record_type}`).sort()).toEqual([
      '@ NS',
      '@ NS',
      'www A',
    ]);
    // A file with its own apex NS set replaces it.
    const own = '@ IN NS ns-own.example.net.\nwww 300 IN A 192.0.2.1\n';
    const replaced = await alice.post(`/dns/${zone.zone_id}/import`, {
      zone_file: own,
      apply: true,
    });
    expect(replaced.status).toBe(200);
    expect((await apexNs(zone)).map((r) => r.content)).toEqual(['ns-own.example.net.']);
  });
});

describe('publication while DNS publishing is off', () => {
  it('says a zone is not served, never "published", and keeps it waiting for a publisher', async () => {
    const zone = await newZone();
    // `npm start` with DNS_PUBLISHER=none (the default) has started, and the jobs have run.
    await startDnsPublication({ config: t.config, database: t.database, logger: t.logger });
    await settled(t.database);
    expect((await zoneNow(zone)).publication).toEqual({ state: 'off', error: null });
    const changed = await alice.put(`/dns/${zone.zone_id}`, { ttl: 600 });
    expect(((await changed.json()) as { zone: DnsZone }).zone.publication).toEqual({
      state: 'off',
      error: null,
    });
    const marks = await t.database.db.execute(
      sql`select state from dns_publications where served_name = ${zone.zone_name}`,
    );
    expect(rowsOf<{ state: string }>(marks)).toEqual([{ state: 'pending' }]);
  });
});

describe('demo data', () => {
  it('gives the demo customer three zones, one with 250 records of every type, and another customer one', async () => {
    const demo = await login(t, 'demo');
    const zones = (await (await demo.get('/dns')).json()) as ZonesPage;
    expect(zones.total_zones).toBe(3);
    const large = zones.zones.find((z) => z.zone_name === 'ridgeline-demo.example')!;
    const page = (await (await demo.get(`/dns/${large.zone_id}/records`)).json()) as RecordsPage;
    expect(page.total_records).toBeGreaterThanOrEqual(250);
    const all = (await (
      await demo.get(`/dns/${large.zone_id}/records?limit=${page.total_records}`)
    ).json()) as RecordsPage;
    expect(new Set(all.records.map((r) => r.record_type))).toEqual(new Set(RECORD_TYPES));
    const other = await login(t, 'nobilling');
    const theirs = (await (await other.get('/dns')).json()) as ZonesPage;
    expect(theirs.zones.map((z) => z.zone_name)).toEqual(['nobilling-home.example']);
  });
});
