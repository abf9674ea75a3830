/**
 * The DNS publisher loop without a name server (docs/dns.md "Publishing"): two instances passing at
 * once publish each name exactly once (the lease, `FOR UPDATE SKIP LOCKED`); a failure keeps the
 * change with its reason and the next pass after the pause delivers it; a change made while a
 * name is being published is not lost. A zone's state is the publisher's; `npm start` says when
 * nothing is published and how to turn publishing on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DnsZone, ZonesPage } from '../../src/shared/dns/rules.ts';
import { publishDue } from '../../src/server/dns/publication.ts';
import type { DnsPublisher, Rrset } from '../../src/server/dns/publisher.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { exportChecker } from './dns-checkzone.ts';

let t: TestApp;
let client: CookieClient;
let checkExports: () => Promise<void>;
beforeAll(async () => {
  // A publisher is configured (the tests pass their own to the loop): zones show its state.
  t = await createTestApp({ env: { DNS_PUBLISHER: 'powerdns', POWERDNS_API_KEY: 'unused' } });
  checkExports = exportChecker(t);
  const user = await createUser(t, { permissions: { services: 'manage' } });
  client = await login(t, user.username, user.password);
  // The seeded demo zones are published first, so that each test sees only its own names.
  await publishDue(t.database.db, recorder().publisher, t.config.dns, t.logger);
});
afterAll(() => t.close());
// Every export of every zone made here passes named-checkzone (bind9-utils).
afterEach(() => checkExports());

/** A publisher that records what it is asked, and can be told to fail or to wait. */
function recorder(options: { fail?: string; during?: () => Promise<void> } = {}) {
  const calls: { zone: string; kind: string; rrsets: Rrset[] }[] = [];
  const publisher: DnsPublisher = {
    kind: 'powerdns',
    async syncZone(zone, rrsets) {
      calls.push({ zone, kind: 'sync', rrsets });
      await options.during?.();
      if (options.fail) throw new Error(options.fail);
    },
    async replaceRrsets(zone, rrsets) {
      calls.push({ zone, kind: 'replace', rrsets });
      await options.during?.();
      if (options.fail) throw new Error(options.fail);
    },
    async deleteZone(zone) {
      calls.push({ zone, kind: 'delete', rrsets: [] });
    },
  };
  return { publisher, calls };
}

let counter = 0;
async function newZone(): Promise<DnsZone> {
  counter += 1;
  const response = await client.post('/dns', {
    zone_name: `pub${counter}-${Date.now().toString(36)}.test`,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { zone: DnsZone }).zone;
}

async function publication(zone: DnsZone) {
  const page = (await (await client.get('/dns?limit=1000')).json()) as ZonesPage;
  return page.zones.find((z) => z.zone_id === zone.zone_id)!.publication;
}

describe('the publisher loop', () => {
  it('publishes each name once when two instances pass at the same time', async () => {
    const zones = await Promise.all([newZone(), newZone(), newZone(), newZone()]);
    const one = recorder();
    const two = recorder();
    await Promise.all([
      publishDue(t.database.db, one.publisher, t.config.dns, t.logger),
      publishDue(t.database.db, two.publisher, t.config.dns, t.logger),
    ]);
    const published = [...one.calls, ...two.calls].map((c) => c.zone).sort();
    expect(published).toEqual(zones.map((z) => z.zone_name).sort());
    for (const zone of zones)
      expect(await publication(zone)).toEqual({ state: 'published', error: null });
  });

  it('keeps a failed change with its reason and delivers it on a later pass', async () => {
    const zone = await newZone();
    const failing = recorder({ fail: 'PowerDNS is not reachable (ECONNREFUSED)' });
    await publishDue(t.database.db, failing.publisher, t.config.dns, t.logger);
    expect(await publication(zone)).toEqual({
      state: 'failed',
      error: 'PowerDNS is not reachable (ECONNREFUSED)',
    });
    // Not before its pause: then once more, successfully.
    const working = recorder();
    await publishDue(t.database.db, working.publisher, t.config.dns, t.logger);
    expect(working.calls).toEqual([]);
    await t.database.db.execute(sql`update dns_publications set next_attempt_at = now()`);
    await publishDue(t.database.db, working.publisher, t.config.dns, t.logger);
    expect(working.calls.map((c) => [c.zone, c.kind])).toEqual([[zone.zone_name, 'sync']]);
    expect(await publication(zone)).toEqual({ state: 'published', error: null });
  });

  it('sends a changed name and type whole, and does not lose a change made while it publishes', async () => {
    const zone = await newZone();
    await publishDue(t.database.db, recorder().publisher, t.config.dns, t.logger);
    await client.post(`/dns/${zone.zone_id}/records/A`, { name: 'www', ipv4_address: '192.0.2.1' });
    await client.post(`/dns/${zone.zone_id}/records/A`, { name: 'www', ipv4_address: '192.0.2.2' });
    let changedMeanwhile = false;
    const meanwhile = recorder({
      during: async () => {
        if (changedMeanwhile) return;
        changedMeanwhile = true;
        const response = await client.post(`/dns/${zone.zone_id}/records/TXT`, {
          name: 'late',
          text: 'made while publishing',
        });
        expect(response.status).toBe(201);
      },
    });
    await publishDue(t.database.db, meanwhile.publisher, t.config.dns, t.logger);
    const first = meanwhile.calls[0]!;
    expect(first.kind).toBe('replace');
    const www = first.rrsets.find((r) => r.name === `www.${zone.zone_name}.`)!;
    expect([...www.records].sort()).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(first.rrsets.find((r) => r.type === 'SOA')).toBeDefined();
    // The same pass took the late change up again once it saw it.
    expect(meanwhile.calls).toHaveLength(2);
    expect(meanwhile.calls[1]!.rrsets.map((r) => `${r.name} ${r.type}`)).toContain(
      `late.${zone.zone_name}. TXT`,
    );
    expect(await publication(zone)).toEqual({ state: 'published', error: null });
  });
});

describe('the publisher’s configuration', () => {
  it('refuses values that cannot work, naming the variable', async () => {
    const { ConfigError } = await import('../../src/server/config.ts');
    const { testConfig } = await import('../support/database.ts');
    const bad: [Record<string, string>, string][] = [
      [{ DNS_PUBLISHER: 'bind' }, 'DNS_PUBLISHER'],
      [{ DNS_PUBLISHER: 'powerdns' }, 'POWERDNS_API_KEY'],
      [{ POWERDNS_API_URL: 'ftp://x' }, 'POWERDNS_API_URL'],
      [{ DNS_NAMESERVERS: 'not a host' }, 'DNS_NAMESERVERS'],
      [{ DNS_PUBLISH_LEASE_SECONDS: '-5' }, 'DNS_PUBLISH_LEASE_SECONDS'],
      [{ DNS_PUBLISH_RETRY_SECONDS: 'x' }, 'DNS_PUBLISH_RETRY_SECONDS'],
      [{ DNS_RECONCILE_SECONDS: 'soon' }, 'DNS_RECONCILE_SECONDS'],
      [{ DNS_RESERVED_NAMES: 'ok.example,not a name' }, 'DNS_RESERVED_NAMES'],
      [{ DNS_RESERVED_NAMES: 'localhost' }, 'DNS_RESERVED_NAMES'],
    ];
    for (const [env, variable] of bad) {
      expect(() => testConfig(env), variable).toThrow(ConfigError);
      expect(() => testConfig(env), variable).toThrow(variable);
    }
    expect(testConfig().dns).toMatchObject({
      publisher: 'none',
      nameservers: ['ns1.ridgeline.example.', 'ns2.ridgeline.example.'],
    });
    // The provider's names: its name servers, their registered domain and the reserved list.
    const reserved = testConfig({
      DNS_NAMESERVERS: 'ns1.dns.ridgeline.co.uk,ns2.other-isp.example',
      DNS_RESERVED_NAMES: ' Portal.Ridgeline.example. ,, bücher.example',
    }).dns.reservedNames;
    expect([...reserved].sort()).toEqual(
      [
        'ns1.dns.ridgeline.co.uk',
        'ridgeline.co.uk',
        'ns2.other-isp.example',
        'other-isp.example',
        'portal.ridgeline.example',
        'xn--bcher-kva.example',
      ].sort(),
    );
  });

  it('makes npm start say that nothing is served with DNS_PUBLISHER=none, and how to serve it', async () => {
    const { dnsStartLine } = await import('../../src/server/dns/config.ts');
    const { testConfig } = await import('../support/database.ts');
    const { DNS_MESSAGES } = await import('../../src/shared/dns/messages.ts');
    const off = dnsStartLine(testConfig().dns);
    expect(off).toContain(DNS_MESSAGES.publicationOff);
    expect(off).toContain('DNS_PUBLISHER=powerdns');
    expect(off).toContain('POWERDNS_API_KEY');
    expect(off).toContain('npm run dev:dns');
    const on = dnsStartLine(
      testConfig({
        DNS_PUBLISHER: 'powerdns',
        POWERDNS_API_KEY: 'k',
        POWERDNS_API_URL: 'http://127.0.0.1:9',
      }).dns,
    );
    expect(on).toBe('DNS: published to PowerDNS at http://127.0.0.1:9');
  });
});
