/**
 * Two server processes on one PostgreSQL and a local PowerDNS, and one of them killed (SIGKILL)
 * in the middle of publishing a zone (issue 31): its request to PowerDNS's API is held by a proxy
 * in this process when it is killed. A change is made while it is down. The other process,
 * started while the killed one's lease still holds, publishes the zone once that lease has run
 * out (not before), one request at a time, and PowerDNS ends up serving the zone exactly as
 * stored.
 *
 * The servers are real processes (tests/api/order-crash-server.ts, started as `npm start` starts
 * one) with a short lease and intervals. Uses the PostgreSQL of DATABASE_URL (a database of its
 * own) or a throwaway one.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerAccount } from '../../src/server/session/accounts.ts';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/client.ts';
import { appMeta, dnsPublications, dnsZones } from '../../src/server/db/schema.ts';
import { SEED_STEPS } from '../../src/server/db/seed.ts';
import { startLocalPowerDns, type LocalPowerDns } from '../../src/server/dns/local-powerdns.ts';
import { rrsetsOf } from '../../src/server/dns/publication.ts';
import { createRecord, createZone } from '../../src/server/dns/store.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { testConfig } from '../support/database.ts';
import { exited, serverInstances, within } from '../support/instances.ts';
import { freePort, ownPostgresDatabase, type TempPostgres } from '../support/postgres.ts';

const TIMEOUT_MS = 180_000;
/** The lease of a publication. */
const LEASE_SECONDS = 15;

let database: TempPostgres | undefined;
let db: DatabaseHandle;
let pdns: LocalPowerDns;
let proxy: Server;
let proxyUrl: string;

/** What the proxy saw of the zone under test: each request, when it came and whether it ended. */
const seen: { method: string; at: number; done: boolean }[] = [];
let zoneUnderTest = '';
/** While set, the proxy holds the zone's requests unanswered and resolves `reached`. */
let hold: { reached: Promise<void>; reach: () => void } | undefined;
let inFlight = 0;
let mostInFlight = 0;

function holdNext() {
  let reach = () => undefined as void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  hold = { reached, reach };
  return hold;
}

/** Forwards PowerDNS's API, except the zone's requests while `hold` is set. */
async function forward(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const mine =
    zoneUnderTest !== '' && decodeURIComponent(request.url ?? '').includes(zoneUnderTest);
  const entry = { method: request.method ?? '', at: Date.now(), done: false };
  if (mine) seen.push(entry);
  if (mine && hold) {
    hold.reach();
    return; // never answered: the instance is killed while it waits
  }
  if (mine) mostInFlight = Math.max(mostInFlight, (inFlight += 1));
  try {
    const answer = await fetch(`${pdns.apiUrl}${request.url}`, {
      method: request.method,
      headers: { 'X-API-Key': pdns.apiKey, 'Content-Type': 'application/json' },
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    response.writeHead(answer.status, { 'Content-Type': 'application/json' });
    response.end(body);
  } finally {
    if (mine) {
      inFlight -= 1;
      entry.done = true;
    }
  }
}

const DNS_ENV = () => ({
  DNS_PUBLISHER: 'powerdns',
  POWERDNS_API_URL: proxyUrl,
  POWERDNS_API_KEY: pdns.apiKey,
  DNS_PUBLISH_LEASE_SECONDS: String(LEASE_SECONDS),
  DNS_PUBLISH_RETRY_SECONDS: '1',
  DNS_RECONCILE_SECONDS: '0',
  JOB_POLL_SECONDS: '1',
  JOB_MAINTENANCE_SECONDS: '1',
});

const instances = serverInstances({
  name: 'dns-kill',
  databaseUrl: () => database!.url,
  env: DNS_ENV,
});

beforeAll(async () => {
  const dir = instances.folder('pdns');
  pdns = await startLocalPowerDns({ dir, noCache: true });
  proxy = createServer((request, response) => {
    forward(request, response).catch(() => response.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${port}`;
  database = await ownPostgresDatabase('app_test_dns_kill');
  db = openPostgres(database.url, 2);
  await db.migrate();
  // The servers seed nothing: this test brings its own customer and zone.
  await db.db
    .insert(appMeta)
    .values(SEED_STEPS.map((s) => ({ key: `seed:${s.name}`, value: { version: s.version } })));
}, TIMEOUT_MS);

afterAll(async () => {
  await instances.stopAll();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await db?.close();
  await pdns?.stop();
  database?.stop();
}, TIMEOUT_MS);

describe('an instance killed while publishing a zone', () => {
  it(
    'has the other instance publish it after the lease, as stored, one request at a time',
    async () => {
      const config = testConfig(DNS_ENV());
      const { cid } = await db.db.transaction((tx) =>
        createCustomerAccount(tx, {
          contact: {
            firstName: 'Kill',
            lastName: 'Test',
            phone: '(801) 555-0000',
            email: 'kill@example.test',
          },
          user: { username: `kill-${Date.now()}`, passwordHash: 'x', permissions: {} },
          serviceAddress: { line1: '1 Test Street', city: 'Provo', state: 'UT', zipCode: '84601' },
        }),
      );
      const a = await instances.start();
      const held = holdNext();
      zoneUnderTest = `killed-${Date.now().toString(36)}.test`;
      // The change's transaction queues its publication; instance A runs it (its poll).
      const zone = await createZone(
        db.db,
        cid,
        { zone_name: zoneUnderTest, ttl: 3600 },
        config.dns,
      );
      await within(held.reached, 60_000, 'instance A reaching PowerDNS');
      const [claimed] = await db.db
        .select()
        .from(dnsPublications)
        .where(eq(dnsPublications.servedName, zoneUnderTest));
      expect(claimed!.leaseUntil).toBeInstanceOf(Date);
      const leaseEnd = claimed!.leaseUntil!.getTime();

      a.child.kill('SIGKILL');
      await exited(a.child);
      expect(a.child.signalCode).toBe('SIGKILL');
      hold = undefined;
      const killedAt = seen.length;
      // A change while no instance runs: published with the rest.
      await createRecord(db.db, cid, zone.zoneId, 'A', {
        name: 'www',
        ttl: null,
        ipv4_address: '192.0.2.1',
      });
      await createRecord(db.db, cid, zone.zoneId, 'TXT', {
        name: '@',
        ttl: null,
        text: 'after the kill',
      });

      const b = await instances.start();
      let state = claimed!.state;
      for (let i = 0; i < 600 && state !== 'published'; i += 1) {
        await sleep(100);
        const [now] = await db.db
          .select()
          .from(dnsPublications)
          .where(eq(dnsPublications.servedName, zoneUnderTest));
        state = now!.state;
      }
      expect(state).toBe('published');

      // B sent nothing of the zone before A's lease ran out, and one request at a time.
      const fromB = seen.slice(killedAt);
      expect(fromB.length).toBeGreaterThan(0);
      expect(Math.min(...fromB.map((r) => r.at))).toBeGreaterThanOrEqual(leaseEnd - 50);
      expect(mostInFlight).toBe(1);

      // PowerDNS serves the zone exactly as stored.
      const [row] = await db.db.select().from(dnsZones).where(eq(dnsZones.zoneId, zone.zoneId));
      const stored = await rrsetsOf(db.db, row!, zoneUnderTest, config.dns.nameservers[0]!);
      const answer = await fetch(
        `${pdns.apiUrl}/api/v1/servers/localhost/zones/${zoneUnderTest}.`,
        { headers: { 'X-API-Key': pdns.apiKey } },
      );
      expect(answer.status).toBe(200);
      const served = (await answer.json()) as {
        rrsets: { name: string; type: string; ttl: number; records: { content: string }[] }[];
      };
      const shape = (sets: { name: string; type: string; ttl: number; records: string[] }[]) =>
        sets
          .filter((s) => s.records.length > 0)
          .map((s) => `${s.name} ${s.type} ${s.ttl} ${[...s.records].sort().join(' | ')}`)
          .sort();
      expect(
        shape(served.rrsets.map((s) => ({ ...s, records: s.records.map((r) => r.content) }))),
      ).toEqual(shape(stored));
      expect(shape(stored).join('\n')).toContain('"after the kill"');
      expect(b.child.exitCode).toBeNull();
      b.child.kill('SIGTERM');
      await exited(b.child);
    },
    TIMEOUT_MS,
  );

  it(
    'has the other instance run a reconcile killed mid-transaction after its lease, once, bringing back drift',
    async () => {
      // Drift behind our back: a record PowerDNS serves and our tables do not hold.
      const drift = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zoneUnderTest}.`, {
        method: 'PATCH',
        headers: { 'X-API-Key': pdns.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          rrsets: [
            {
              name: `extra.${zoneUnderTest}.`,
              type: 'A',
              ttl: 60,
              changetype: 'REPLACE',
              records: [{ content: '203.0.113.9', disabled: false }],
            },
          ],
        }),
      });
      expect(drift.status).toBe(204);
      // The reconcile's update waits on these rows while this transaction holds them.
      const locker = new pg.Client({ connectionString: database!.url });
      await locker.connect();
      await locker.query('begin');
      await locker.query('select served_name from dns_publications for update');
      const reconcile = { DNS_RECONCILE_SECONDS: '3600' };
      try {
        const a = await instances.start(reconcile);
        // A's reconcile of this hour's slot is running and waits inside its transaction.
        let job: { id: string; started_on: Date } | undefined;
        for (let i = 0; i < 600 && !job; i += 1) {
          const { rows } = await db.executeSql(
            `select j.id, j.started_on from ${JOB_SCHEMA}.job j
              where j.name = 'dns.reconcile' and j.state = 'active'
                and exists (select 1 from pg_stat_activity
                  where wait_event_type = 'Lock' and query like '%full_sync = true%')`,
          );
          job = rows[0] as { id: string; started_on: Date } | undefined;
          if (!job) await sleep(100);
        }
        expect(job).toBeDefined();
        a.child.kill('SIGKILL');
        await exited(a.child);
        expect(a.child.signalCode).toBe('SIGKILL');
      } finally {
        await locker.query('commit');
        await locker.end();
      }
      const [{ id, started_on: startedOn }] = (
        await db.executeSql(
          `select id, started_on from ${JOB_SCHEMA}.job where name = 'dns.reconcile'`,
        )
      ).rows as { id: string; started_on: Date }[];

      const b = await instances.start(reconcile);
      let done: { retry_count: number; completed_on: Date } | undefined;
      for (let i = 0; i < 600 && !done; i += 1) {
        const { rows } = await db.executeSql(
          `select retry_count, completed_on from ${JOB_SCHEMA}.job
            where id = $1 and state = 'completed'
           union all select retry_count, completed_on from ${JOB_SCHEMA}.archive
            where id = $1 and state = 'completed'`,
          [id],
        );
        done = rows[0] as { retry_count: number; completed_on: Date } | undefined;
        if (!done) await sleep(100);
      }
      // Run by B once A's lease had run out: its second run, and the only reconcile of the slot.
      expect(done?.retry_count).toBe(1);
      expect(new Date(done!.completed_on).getTime()).toBeGreaterThanOrEqual(
        new Date(startedOn).getTime() + LEASE_SECONDS * 1000,
      );
      const { rows: slots } = await db.executeSql(
        `select id from ${JOB_SCHEMA}.job where name = 'dns.reconcile'
         union all select id from ${JOB_SCHEMA}.archive where name = 'dns.reconcile'`,
      );
      expect(slots).toHaveLength(1);

      // The whole comparison it queued removed the drift: PowerDNS serves what is stored.
      const [row] = await db.db.select().from(dnsZones).where(eq(dnsZones.zoneName, zoneUnderTest));
      const stored = shape(await rrsetsOf(db.db, row!, zoneUnderTest, 'ns1.ridgeline.example.'));
      let served: string[] = [];
      for (let i = 0; i < 600; i += 1) {
        served = shape(await servedRrsets());
        if (JSON.stringify(served) === JSON.stringify(stored)) break;
        await sleep(100);
      }
      expect(served).toEqual(stored);
      expect(b.child.exitCode).toBeNull();
    },
    TIMEOUT_MS,
  );
});

/** The zone under test as PowerDNS serves it. */
async function servedRrsets() {
  const answer = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zoneUnderTest}.`, {
    headers: { 'X-API-Key': pdns.apiKey },
  });
  const served = (await answer.json()) as {
    rrsets: { name: string; type: string; ttl: number; records: { content: string }[] }[];
  };
  return served.rrsets.map((s) => ({ ...s, records: s.records.map((r) => r.content) }));
}

/** RRsets as comparable lines. */
function shape(sets: { name: string; type: string; ttl: number; records: string[] }[]) {
  return sets
    .filter((s) => s.records.length > 0)
    .map((s) => `${s.name} ${s.type} ${s.ttl} ${[...s.records].sort().join(' | ')}`)
    .sort();
}
