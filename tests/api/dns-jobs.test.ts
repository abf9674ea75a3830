/**
 * DNS publication on the job runner (issue 31; docs/dns.md "Publishing", docs/operations.md): a
 * change queues its `dns.publish` job in its own transaction (a refused one, or another
 * customer's, queues none) and nothing publishes until the jobs run; a failed publication is
 * retried with its configured backoff and dead-lettered, its reason kept on the zone; a name is
 * never published by two runs at once and a change made during a publication is published after
 * it; the reconcile is one job per DNS_RECONCILE_SECONDS slot across instances; /metrics shows
 * the publication lag. The job runner is driven (`settled`, `drain`); a recording publisher
 * stands in for PowerDNS.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsZone, ZonesPage } from '../../src/shared/dns/rules.ts';
import { settled } from '../../src/server/background.ts';
import { startDnsPublication } from '../../src/server/dns/jobs.ts';
import { publishName } from '../../src/server/dns/publication.ts';
import type { DnsPublisher, Rrset } from '../../src/server/dns/publisher.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { queueDueSlots } from '../../src/server/jobs/schedule.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import type { CookieClient } from '../support/http-client.ts';
import { testConfig } from '../support/database.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A publisher that records what it is asked, and can be told to fail or to act meanwhile. */
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

const ENV = {
  DNS_PUBLISHER: 'powerdns',
  POWERDNS_API_KEY: 'unused',
  // One retry, an hour after the first run: the policy comes from here.
  DNS_PUBLISH_RETRY_SECONDS: '3600',
  DNS_PUBLISH_LEASE_SECONDS: '30',
  DNS_RECONCILE_SECONDS: '300',
};

let t: TestApp;
let alice: CookieClient;
let bob: CookieClient;
const published = recorder();

/** Makes `publisher` the one this app's jobs publish with (as an instance's start does). */
async function publishWith(publisher: DnsPublisher) {
  await startDnsPublication({
    config: t.config,
    database: t.database,
    logger: t.logger,
    publisher,
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  await publishWith(published.publisher);
  // The demo zones waiting since the seed, queued by the start: published first.
  await settled(t.database);
  const a = await createUser(t, { permissions: { services: 'manage' } });
  const b = await createUser(t, { permissions: { services: 'manage' } });
  alice = await login(t, a.username, a.password);
  bob = await login(t, b.username, b.password);
});
afterAll(() => t.close());

let counter = 0;
async function newZone(client = alice): Promise<DnsZone> {
  counter += 1;
  const response = await client.post('/dns', {
    zone_name: `jobs${counter}-${Date.now().toString(36)}.test`,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { zone: DnsZone }).zone;
}

interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  expire_seconds: number;
  start_after: Date;
}

/** The `dns.publish` jobs (and dead letters) of a served name, oldest first. */
async function jobsOf(servedName: string, queue = 'dns.publish'): Promise<JobRow[]> {
  const { rows } = await t.database.executeSql(
    `select id, name, state::text as state, retry_count, retry_limit,
            extract(epoch from expire_in)::int as expire_seconds, start_after
       from ${JOB_SCHEMA}.job where name = $1 and data->>'servedName' = $2
      order by created_on, id`,
    [queue, servedName],
  );
  return rows as unknown as JobRow[];
}

async function publication(zone: DnsZone, client = alice) {
  const page = (await (await client.get('/dns?limit=1000')).json()) as ZonesPage;
  return page.zones.find((z) => z.zone_id === zone.zone_id)!.publication;
}

describe('publication at commit', () => {
  it('queues a job with the change, none for a refused change or another customer, and publishes when it runs', async () => {
    const zone = await newZone();
    // Queued by the change's transaction; nothing publishes on a timer.
    expect((await jobsOf(zone.zone_name)).map((j) => j.state)).toEqual(['created']);
    expect(published.calls.filter((c) => c.zone === zone.zone_name)).toEqual([]);
    expect(await publication(zone)).toEqual({ state: 'pending', error: null });

    const refused = await alice.post(`/dns/${zone.zone_id}/records/A`, {
      name: 'www',
      ipv4_address: '192.0.2.300',
    });
    expect(refused.status).toBe(422);
    // Another customer's request on this zone: not found, and nothing queued.
    const theirs = await bob.put(`/dns/${zone.zone_id}`, { ttl: 600 });
    expect(theirs.status).toBe(404);
    expect(await jobsOf(zone.zone_name)).toHaveLength(1);

    await settled(t.database);
    expect(published.calls.filter((c) => c.zone === zone.zone_name).map((c) => c.kind)).toEqual([
      'sync',
    ]);
    expect((await jobsOf(zone.zone_name)).map((j) => j.state)).toEqual(['completed']);
    expect(await publication(zone)).toEqual({ state: 'published', error: null });

    // A record's change: its own job, sending that name and type.
    const record = await alice.post(`/dns/${zone.zone_id}/records/A`, {
      name: 'www',
      ipv4_address: '192.0.2.10',
    });
    expect(record.status).toBe(201);
    expect((await jobsOf(zone.zone_name)).map((j) => j.state)).toEqual(['completed', 'created']);
    await settled(t.database);
    const last = published.calls.at(-1)!;
    expect([last.zone, last.kind]).toEqual([zone.zone_name, 'replace']);
    expect(last.rrsets.find((r) => r.name === `www.${zone.zone_name}.`)?.records).toEqual([
      '192.0.2.10',
    ]);
  });

  it('retries a failed publication after its configured pause, then dead-letters it with the reason kept', async () => {
    const failing = recorder({ fail: 'PowerDNS answered 500: database locked' });
    await publishWith(failing.publisher);
    try {
      const zone = await newZone();
      await settled(t.database);
      const [first] = await jobsOf(zone.zone_name);
      // DNS_PUBLISH_RETRY_SECONDS=3600: one retry, an hour or more later; the lease of the
      // configuration (DNS_PUBLISH_LEASE_SECONDS).
      expect(first).toMatchObject({ state: 'retry', retry_limit: 1, expire_seconds: 30 });
      const wait = new Date(first!.start_after).getTime() - Date.now();
      expect(wait).toBeGreaterThan(3500_000);
      expect(await publication(zone)).toEqual({
        state: 'failed',
        error: 'PowerDNS answered 500: database locked',
      });
      // Not due yet: nothing runs.
      expect(await t.jobs.drain()).toBe(0);
      // The retry, without its pause: it fails again and goes to the dead-letter queue.
      await t.jobs.drain({ ignoreBackoff: true });
      expect((await jobsOf(zone.zone_name)).map((j) => j.state)).toEqual(['failed']);
      expect(await jobsOf(zone.zone_name, 'dns.publish.dead')).toHaveLength(1);
      expect(failing.calls.filter((c) => c.zone === zone.zone_name)).toHaveLength(2);
      expect((await publication(zone)).state).toBe('failed');

      // The next start of an instance (or the next reconcile) queues it again.
      await publishWith(published.publisher);
      await settled(t.database);
      expect(await publication(zone)).toEqual({ state: 'published', error: null });
    } finally {
      await publishWith(published.publisher);
    }
  });

  it('never publishes a name twice at once, and publishes a change made meanwhile after', async () => {
    const zone = await newZone();
    await settled(t.database);
    let meanwhile: { otherCalls: number; heldUntil: Date } | undefined;
    const during = async () => {
      if (meanwhile) return;
      const late = await alice.post(`/dns/${zone.zone_id}/records/TXT`, {
        name: 'late',
        text: 'made while publishing',
      });
      expect(late.status).toBe(201);
      // Another instance runs that change's job now: the name is held by this run.
      const other = recorder();
      await publishName(t.database.db, other.publisher, t.config.dns, zone.zone_name);
      const [row] = rowsOf<{ lease_until: string }>(
        await t.database.db.execute(
          sql`select lease_until from dns_publications where served_name = ${zone.zone_name}`,
        ),
      );
      meanwhile = { otherCalls: other.calls.length, heldUntil: new Date(row!.lease_until) };
    };
    const hooked = recorder({ during });
    await publishWith(hooked.publisher);
    try {
      const record = await alice.post(`/dns/${zone.zone_id}/records/A`, {
        name: 'www',
        ipv4_address: '192.0.2.20',
      });
      expect(record.status).toBe(201);
      await settled(t.database);
    } finally {
      await publishWith(published.publisher);
    }
    expect(meanwhile?.otherCalls).toBe(0);
    // The run that held the name published the late change once it was done with the first.
    expect(hooked.calls.map((c) => c.kind)).toEqual(['replace', 'replace']);
    expect(hooked.calls[1]!.rrsets.map((r) => `${r.name} ${r.type}`)).toContain(
      `late.${zone.zone_name}. TXT`,
    );
    expect(await publication(zone)).toEqual({ state: 'published', error: null });
    // In case the holder dies, a job waits for the end of its lease.
    const waiting = (await jobsOf(zone.zone_name)).filter((j) => j.state === 'created');
    expect(waiting).toHaveLength(1);
    expect(new Date(waiting[0]!.start_after).getTime()).toBeGreaterThanOrEqual(
      meanwhile!.heldUntil.getTime() - 1000,
    );
  });
});

describe('the reconcile', () => {
  it('is one job per DNS_RECONCILE_SECONDS across instances, and publishes every name whole', async () => {
    const zone = await newZone();
    await settled(t.database);
    const deps = { config: t.config, database: t.database, clock: t.clock };
    const slotJobs = async () =>
      (
        await t.database.executeSql(
          `select id from ${JOB_SCHEMA}.job where name = 'dns.reconcile'
           union all select id from ${JOB_SCHEMA}.archive where name = 'dns.reconcile'`,
        )
      ).rows.length;
    const before = await slotJobs();
    // Two instances look at once: one job for the slot.
    await Promise.all([queueDueSlots(deps), queueDueSlots(deps)]);
    expect(await slotJobs()).toBe(before + 1);
    expect(await queueDueSlots(deps)).not.toContain('dns.reconcile');

    const calls = published.calls.length;
    await settled(t.database);
    const whole = published.calls.slice(calls);
    expect(whole.find((c) => c.zone === zone.zone_name)?.kind).toBe('sync');
    expect(await publication(zone)).toEqual({ state: 'published', error: null });

    // The next slot, DNS_RECONCILE_SECONDS later by the app's clock: another job.
    t.clock.advance(300_000);
    expect(await queueDueSlots(deps)).toContain('dns.reconcile');
    expect(await slotJobs()).toBe(before + 2);
    await settled(t.database);

    // Not with DNS_RECONCILE_SECONDS=0, nor with DNS_PUBLISHER=none.
    for (const env of [{ ...ENV, DNS_RECONCILE_SECONDS: '0' }, { DNS_RECONCILE_SECONDS: '300' }]) {
      t.clock.advance(300_000);
      const off = { ...deps, config: testConfig(env) };
      expect(await queueDueSlots(off)).not.toContain('dns.reconcile');
    }
  });
});

describe('the publication lag in /metrics', () => {
  it('shows the oldest unpublished change’s age and the commit-to-published seconds', async () => {
    const dev = await createTestApp({ env: { ...ENV, NODE_ENV: 'development' } });
    try {
      const own = recorder();
      await startDnsPublication({
        config: dev.config,
        database: dev.database,
        logger: dev.logger,
        publisher: own.publisher,
      });
      await settled(dev.database);
      // The demo zones, published at the start.
      const started = await (await dev.app.request('/metrics')).text();
      const count = sample(started, 'dns_publication_seconds_count')!;
      const buckets = (le: string) => sample(started, 'dns_publication_seconds_bucket', { le })!;
      const user = await createUser(dev, { permissions: { services: 'manage' } });
      const client = await login(dev, user.username, user.password);
      const response = await client.post('/dns', { zone_name: `lag-${Date.now()}.test` });
      expect(response.status).toBe(201);
      const { zone } = (await response.json()) as { zone: DnsZone };
      // Committed two minutes ago, not published yet.
      await dev.database.db.execute(sql`update dns_publications
        set unpublished_since = now() - interval '2 minutes' where served_name = ${zone.zone_name}`);
      const waiting = await (await dev.app.request('/metrics')).text();
      expect(sample(waiting, 'dns_publication_lag_seconds')).toBeGreaterThanOrEqual(120);
      expect(sample(waiting, 'dns_publications_waiting', { state: 'pending' })).toBe(1);
      expect(sample(waiting, 'dns_publication_seconds_count')).toBe(count);

      await settled(dev.database);
      const done = await (await dev.app.request('/metrics')).text();
      expect(sample(done, 'dns_publication_lag_seconds')).toBe(0);
      expect(sample(done, 'dns_publications_waiting', { state: 'pending' })).toBe(0);
      expect(sample(done, 'dns_publication_seconds_count')).toBe(count + 1);
      expect(
        sample(done, 'dns_publication_seconds_sum')! -
          sample(started, 'dns_publication_seconds_sum')!,
      ).toBeGreaterThanOrEqual(120);
      expect(sample(done, 'dns_publication_seconds_bucket', { le: '60' })).toBe(buckets('60'));
      expect(sample(done, 'dns_publication_seconds_bucket', { le: '300' })).toBe(
        buckets('300') + 1,
      );
    } finally {
      await dev.close();
    }
  });
});

/** The value of the sample `name{labels}` in Prometheus' text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => have.includes(label))) return Number(match[3]);
  }
  return undefined;
}
