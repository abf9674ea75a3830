/**
 * Getting every committed DNS change to the name server (docs/dns.md "Publishing"). A change marks,
 * in its own transaction, each served name it touches (`dns_publications`: the zone and its
 * aliases) and each name and type it changed (`dns_dirty_rrsets`), and queues a `dns.publish` job
 * per name in that same transaction (dns/jobs.ts runs it): the job exists exactly when the change
 * was committed, and the route nudges this instance's job runner after the commit, so nothing
 * waits for a poll. A run claims its name with a lease (no two runs work on one name at once),
 * sends the whole RRsets from our tables (or the whole zone when marked so), clears only the
 * marks it read, and publishes again if a change came meanwhile; a failure is kept with its
 * reason and the job retried with a growing pause. A reconcile marks every name for a whole
 * comparison with the name server, which brings back anything that drifted there.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { absoluteName, soaContent } from '#shared/dns/rules';
import type { Database, DatabaseHandle, Executor } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { dnsAliases, dnsDirtyRrsets, dnsPublications, dnsRecords, dnsZones } from '../db/schema.ts';
import { executorDb } from '../jobs/enqueue.ts';
import { JOB_SCHEMA } from '../jobs/queues.ts';
import { nudgeJobs } from '../jobs/registry.ts';
import type { Logger } from '../logger.ts';
import type { DnsConfig } from './config.ts';
import { ZoneMissing, type DnsPublisher, type Rrset } from './publisher.ts';

export interface RrsetKey {
  name: string;
  type: string;
}

/** pg-boss's insert statement only: never started, it holds no connection of its own. */
const statements = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('jobs are queued through an executor')) },
  schema: JOB_SCHEMA,
  migrate: false,
  supervise: false,
  schedule: false,
});

/**
 * Queues a `dns.publish` job per served name on `tx` (the change's transaction). Its retries,
 * lease and maximum age are its queue's (set from the configuration by dns/jobs.ts).
 */
export async function queuePublications(
  tx: Executor,
  served: readonly string[],
  startAfter?: Date,
): Promise<void> {
  if (served.length === 0) return;
  await statements.insert(
    served.map((servedName) => ({
      name: 'dns.publish',
      data: { servedName },
      startAfter: startAfter?.toISOString(),
    })),
    { db: executorDb(tx) },
  );
}

/**
 * Marks `served` names (a zone and its aliases) and the changed RRsets, and queues their
 * publication (unless `queue` is false: the demo data's), in the caller's transaction.
 */
export async function markChanged(
  tx: Executor,
  served: string[],
  rrsets: RrsetKey[],
  full: boolean,
  queue = true,
): Promise<void> {
  for (const servedName of served) {
    await tx
      .insert(dnsPublications)
      .values({ servedName, fullSync: full, state: 'pending', unpublishedSince: sql`now()` })
      .onConflictDoUpdate({
        target: dnsPublications.servedName,
        set: {
          version: sql`${dnsPublications.version} + 1`,
          fullSync: full ? true : sql`${dnsPublications.fullSync}`,
          state: 'pending',
          error: null,
          attempts: 0,
          nextAttemptAt: sql`now()`,
          unpublishedSince: sql`coalesce(${dnsPublications.unpublishedSince}, now())`,
          updatedAt: new Date(),
        },
      });
    if (full) continue;
    for (const { name, type } of rrsets) {
      await tx
        .insert(dnsDirtyRrsets)
        .values({ servedName, name, recordType: type })
        .onConflictDoUpdate({
          target: [dnsDirtyRrsets.servedName, dnsDirtyRrsets.name, dnsDirtyRrsets.recordType],
          set: { seq: sql`nextval(pg_get_serial_sequence('dns_dirty_rrsets', 'seq'))` },
        });
    }
  }
  if (queue) await queuePublications(tx, served);
}

/** The zone behind a served name (itself or the zone it is an alias of), or null. */
async function zoneBehind(db: Executor, servedName: string) {
  const [zone] = await db.select().from(dnsZones).where(eq(dnsZones.zoneName, servedName));
  if (zone) return zone;
  const [row] = await db
    .select({ zone: dnsZones })
    .from(dnsAliases)
    .innerJoin(dnsZones, eq(dnsZones.zoneId, dnsAliases.zoneId))
    .where(eq(dnsAliases.aliasName, servedName));
  return row?.zone ?? null;
}

type ZoneRow = typeof dnsZones.$inferSelect;

/**
 * The RRsets of `zone` served under `servedName` from our records: of the given names and types,
 * or all of them; the SOA always (its serial is the zone's). An RRset's TTL is the lowest of its
 * records' (a record without one has the zone's).
 */
export async function rrsetsOf(
  db: Executor,
  zone: ZoneRow,
  servedName: string,
  primary: string,
  only?: RrsetKey[],
): Promise<Rrset[]> {
  const where =
    only === undefined
      ? eq(dnsRecords.zoneId, zone.zoneId)
      : and(
          eq(dnsRecords.zoneId, zone.zoneId),
          inArray(
            dnsRecords.name,
            only.map((k) => k.name),
          ),
        );
  const rows =
    only !== undefined && only.length === 0
      ? []
      : await db
          .select({
            name: dnsRecords.name,
            type: dnsRecords.recordType,
            ttl: dnsRecords.ttl,
            content: dnsRecords.content,
          })
          .from(dnsRecords)
          .where(where)
          .orderBy(asc(dnsRecords.recordId));
  const sets = new Map<string, Rrset>();
  for (const key of only ?? []) {
    sets.set(`${key.name} ${key.type}`, {
      name: absoluteName(key.name, servedName),
      type: key.type,
      ttl: zone.ttl,
      records: [],
    });
  }
  for (const row of rows) {
    const key = `${row.name} ${row.type}`;
    if (only !== undefined && !sets.has(key)) continue;
    const set = sets.get(key) ?? {
      name: absoluteName(row.name, servedName),
      type: row.type,
      ttl: Number.POSITIVE_INFINITY,
      records: [],
    };
    if (set.records.length === 0) set.ttl = Number.POSITIVE_INFINITY;
    set.ttl = Math.min(set.ttl, row.ttl ?? zone.ttl);
    set.records.push(row.content);
    sets.set(key, set);
  }
  for (const set of sets.values()) if (!Number.isFinite(set.ttl)) set.ttl = zone.ttl;
  return [
    {
      name: `${servedName}.`,
      type: 'SOA',
      ttl: zone.ttl,
      records: [soaContent(primary, servedName, zone.serial)],
    },
    ...sets.values(),
  ];
}

interface Claim {
  served_name: string;
  version: number;
  full_sync: boolean;
  attempts: number;
}

/** Takes up to `limit` due names for this process for `leaseSeconds`. */
async function claim(db: Executor, limit: number, leaseSeconds: number): Promise<Claim[]> {
  const result = await db.execute(sql`
    update dns_publications set lease_until = now() + make_interval(secs => ${leaseSeconds})
    where served_name in (
      select served_name from dns_publications
      where (state <> 'published' or full_sync)
        and next_attempt_at <= now()
        and (lease_until is null or lease_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning served_name, version, full_sync, attempts`);
  return rowsOf<Claim>(result);
}

/**
 * Takes `servedName` for `leaseSeconds` if it has something to publish and no other run holds it:
 * the claim, when the other run's lease ends, or null (nothing to publish).
 */
async function claimName(
  db: Executor,
  servedName: string,
  leaseSeconds: number,
): Promise<Claim | { heldUntil: Date } | null> {
  const [taken] = rowsOf<Claim>(
    await db.execute(sql`
      update dns_publications set lease_until = now() + make_interval(secs => ${leaseSeconds})
      where served_name = ${servedName}
        and (state <> 'published' or full_sync)
        and (lease_until is null or lease_until < now())
      returning served_name, version, full_sync, attempts`),
  );
  if (taken) return taken;
  const [held] = rowsOf<{ lease_until: string | Date }>(
    await db.execute(sql`
      select lease_until from dns_publications
      where served_name = ${servedName} and (state <> 'published' or full_sync)
        and lease_until >= now()`),
  );
  return held ? { heldUntil: new Date(held.lease_until) } : null;
}

/**
 * Publishes one claimed name. Gives the seconds from its oldest change's commit to now when the
 * name ended published (no change came meanwhile), else null.
 */
async function publishOne(
  db: Executor,
  publisher: DnsPublisher,
  config: DnsConfig,
  item: Claim,
): Promise<number | null> {
  const primary = config.nameservers[0]!;
  const name = item.served_name;
  const zone = await zoneBehind(db, name);
  let dirty: { name: string; recordType: string; seq: number }[] = [];
  if (!zone) {
    await publisher.deleteZone(name);
  } else if (item.full_sync) {
    await publisher.syncZone(name, await rrsetsOf(db, zone, name, primary));
  } else {
    dirty = await db
      .select({
        name: dnsDirtyRrsets.name,
        recordType: dnsDirtyRrsets.recordType,
        seq: dnsDirtyRrsets.seq,
      })
      .from(dnsDirtyRrsets)
      .where(eq(dnsDirtyRrsets.servedName, name));
    const keys = dirty.map((d) => ({ name: d.name, type: d.recordType }));
    try {
      await publisher.replaceRrsets(name, await rrsetsOf(db, zone, name, primary, keys));
    } catch (error) {
      if (!(error instanceof ZoneMissing)) throw error;
      await publisher.syncZone(name, await rrsetsOf(db, zone, name, primary));
    }
  }
  return db.transaction(async (tx) => {
    for (const d of dirty) {
      await tx
        .delete(dnsDirtyRrsets)
        .where(
          and(
            eq(dnsDirtyRrsets.servedName, name),
            eq(dnsDirtyRrsets.name, d.name),
            eq(dnsDirtyRrsets.recordType, d.recordType),
            eq(dnsDirtyRrsets.seq, d.seq),
          ),
        );
    }
    if (item.full_sync) {
      // A whole sync covered every mark made before it was read.
      await tx.execute(sql`delete from dns_dirty_rrsets where served_name = ${name}
        and not exists (select 1 from dns_publications p where p.served_name = ${name}
          and p.version <> ${item.version})`);
    }
    const [before] = rowsOf<{ version: number; lag: number | null }>(
      await tx.execute(sql`select version,
          extract(epoch from clock_timestamp() - unpublished_since)::float8 as lag
        from dns_publications where served_name = ${name} for update`),
    );
    if (!zone) {
      await tx
        .delete(dnsPublications)
        .where(
          and(eq(dnsPublications.servedName, name), eq(dnsPublications.version, item.version)),
        );
    }
    await tx.execute(sql`update dns_publications set
        state = case when version = ${item.version} then 'published' else 'pending' end,
        full_sync = full_sync and version <> ${item.version},
        unpublished_since = case when version = ${item.version} then null
          else unpublished_since end,
        error = null, attempts = 0, lease_until = null, updated_at = now()
      where served_name = ${name}`);
    return before?.version === item.version && before.lag !== null ? Number(before.lag) : null;
  });
}

async function failed(db: Executor, config: DnsConfig, item: Claim, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  const pauseMs = Math.min(config.retrySeconds * 1000 * 2 ** item.attempts, 30_000);
  await db.execute(sql`update dns_publications set
      state = 'failed', error = ${reason.slice(0, 500)}, attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${pauseMs / 1000}),
      lease_until = null, updated_at = now()
    where served_name = ${item.served_name}`);
}

/**
 * Publishes `servedName` as stored (a `dns.publish` job's run), again as long as changes came
 * while it published. Resolves with the commit-to-published seconds of each publication that
 * ended published. When another run (of another instance) holds the name, that run publishes
 * again what came meanwhile; in case it dies, a job is queued for when its lease ends. Throws
 * when the name server failed: the failure is kept on the name, and the job retried.
 */
export async function publishName(
  db: Database,
  publisher: DnsPublisher,
  config: DnsConfig,
  servedName: string,
): Promise<number[]> {
  const lags: number[] = [];
  for (;;) {
    const item = await claimName(db, servedName, config.leaseSeconds);
    if (item === null) return lags;
    if ('heldUntil' in item) {
      await queuePublications(db, [servedName], item.heldUntil);
      return lags;
    }
    try {
      const lag = await publishOne(db, publisher, config, item);
      if (lag !== null) lags.push(lag);
    } catch (error) {
      await failed(db, config, item, error);
      throw error;
    }
  }
}

/**
 * One sweep: every due name published or its failure recorded (the publication of every
 * waiting name at once, without jobs: tests and tools). Gives how many were handled.
 */
export async function publishDue(
  db: Executor,
  publisher: DnsPublisher,
  config: DnsConfig,
  logger: Logger,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const claims = await claim(db, 20, config.leaseSeconds);
    if (claims.length === 0) return handled;
    for (const item of claims) {
      try {
        await publishOne(db, publisher, config, item);
      } catch (error) {
        logger.warn({ err: error, zone: item.served_name }, 'DNS publication failed');
        await failed(db, config, item, error);
      }
      handled += 1;
    }
  }
}

/**
 * Asks for a whole comparison of every served name with the name server, and queues each one's
 * publication, in one transaction (the `dns.reconcile` job). Gives how many names.
 */
export async function markAllForReconcile(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const names = rowsOf<{ served_name: string }>(
      await tx.execute(sql`update dns_publications
        set full_sync = true, version = version + 1 returning served_name`),
    );
    await queuePublications(
      tx,
      names.map((n) => n.served_name),
    );
    return names.length;
  });
}

/**
 * Queues the publication of every name waiting for one (an instance's start: marks made while
 * DNS_PUBLISHER was none, by the demo data, or whose jobs ran out of retries). Gives how many.
 */
export async function queueWaitingPublications(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const names = rowsOf<{ served_name: string }>(
      await tx.execute(sql`select served_name from dns_publications
        where state <> 'published' or full_sync`),
    );
    await queuePublications(
      tx,
      names.map((n) => n.served_name),
    );
    return names.length;
  });
}

/** After a committed change: this instance's job runner looks at the publication jobs at once. */
export function kickDnsPublisher(database: DatabaseHandle): void {
  nudgeJobs(database, 'dns.publish');
}

export interface PublicationState {
  /** Served names with a change waiting for its publication, by state (pending or failed). */
  pending: number;
  failed: number;
  /** Seconds since the oldest change not yet published was committed; 0 when there is none. */
  oldestUnpublishedSeconds: number;
}

/** The publication lag, read from the marks (/metrics). */
export async function publicationState(db: Executor): Promise<PublicationState> {
  const [row] = rowsOf<{ pending: number; failed: number; oldest: number }>(
    await db.execute(sql`select
        count(*) filter (where state = 'pending')::int as pending,
        count(*) filter (where state = 'failed')::int as failed,
        coalesce(extract(epoch from now() - min(unpublished_since)), 0)::float8 as oldest
      from dns_publications where state <> 'published'`),
  );
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestUnpublishedSeconds: Number(row?.oldest ?? 0),
  };
}
