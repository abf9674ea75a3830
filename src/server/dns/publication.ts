/**
 * Getting every committed DNS change to the name server (docs/dns.md "Publishing"). A change marks,
 * in its own transaction, each served name it touches (`dns_publications`: the zone and its
 * aliases) and each name and type it changed (`dns_dirty_rrsets`). The publisher loop of every
 * server process claims due names with a lease (`FOR UPDATE SKIP LOCKED`: no two processes work
 * on one name), sends the whole RRsets from our tables (or the whole zone when marked so), and
 * clears only the marks it read; a failure is kept with its reason and retried with a growing
 * pause. Every `reconcileSeconds` each name is compared whole with the name server, which
 * brings back anything that drifted there.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { absoluteName, soaContent } from '#shared/dns';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import { rowsOf } from '../serviceability/addresses.ts';
import { dnsAliases, dnsDirtyRrsets, dnsPublications, dnsRecords, dnsZones } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { DnsConfig } from './config.ts';
import { publisherFor, ZoneMissing, type DnsPublisher, type Rrset } from './publisher.ts';

export interface RrsetKey {
  name: string;
  type: string;
}

/** Marks `served` names (a zone and its aliases) and the changed RRsets, in the caller's transaction. */
export async function markChanged(
  tx: Executor,
  served: string[],
  rrsets: RrsetKey[],
  full: boolean,
): Promise<void> {
  for (const servedName of served) {
    await tx
      .insert(dnsPublications)
      .values({ servedName, fullSync: full, state: 'pending' })
      .onConflictDoUpdate({
        target: dnsPublications.servedName,
        set: {
          version: sql`${dnsPublications.version} + 1`,
          fullSync: full ? true : sql`${dnsPublications.fullSync}`,
          state: 'pending',
          error: null,
          attempts: 0,
          nextAttemptAt: sql`now()`,
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

/** Publishes one claimed name; true when the name server has what our tables hold. */
async function publishOne(
  db: Executor,
  publisher: DnsPublisher,
  config: DnsConfig,
  item: Claim,
): Promise<void> {
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
  await db.transaction(async (tx) => {
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
        error = null, attempts = 0, lease_until = null, updated_at = now()
      where served_name = ${name}`);
  });
}

async function failed(db: Executor, config: DnsConfig, item: Claim, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  const pauseMs = Math.min(config.publishIntervalMs * 2 ** item.attempts, 30_000);
  await db.execute(sql`update dns_publications set
      state = 'failed', error = ${reason.slice(0, 500)}, attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${pauseMs / 1000}),
      lease_until = null, updated_at = now()
    where served_name = ${item.served_name}`);
}

/** One pass: every due name published or its failure recorded. Gives how many were handled. */
export async function publishDue(
  db: Executor,
  publisher: DnsPublisher,
  config: DnsConfig,
  logger: Logger,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const claims = await claim(db, 20, 60);
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

/** Asks for a whole comparison of every served name with the name server. */
export async function markAllForReconcile(db: Executor): Promise<void> {
  await db.update(dnsPublications).set({ fullSync: true, version: sql`version + 1` });
}

const kicks = new WeakMap<DatabaseHandle, () => void>();

/** After a committed change: this process's publisher looks at once (others on their next pass). */
export function kickDnsPublisher(database: DatabaseHandle): void {
  kicks.get(database)?.();
}

export interface DnsPublisherLoop {
  /** Resolves when no pass is running and none is due (tests wait on it). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The publisher loop of a server process: a pass on every kick and every `publishIntervalMs`,
 * never two at once in one process; a whole reconcile every `reconcileSeconds`. Without a
 * publisher (DNS_PUBLISHER=none) there is no loop.
 */
export function startDnsPublisher(deps: {
  config: { dns: DnsConfig };
  database: DatabaseHandle;
  logger: Logger;
  clock?: Clock;
  publisher?: DnsPublisher;
}): DnsPublisherLoop {
  const { config, database, logger } = deps;
  // DNS_PUBLISHER=none: nothing is sent and nothing is marked published; the marks wait, so
  // that once a publisher is configured every zone is sent.
  if (!deps.publisher && config.dns.publisher === 'none') {
    return { idle: async () => undefined, stop: async () => undefined };
  }
  const publisher = deps.publisher ?? publisherFor(config.dns);
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = publishDue(database.db, publisher, config.dns, logger)
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, 'DNS publisher pass failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  kicks.set(database, pass);
  const timer = setInterval(pass, config.dns.publishIntervalMs);
  timer.unref();
  const reconcile =
    config.dns.reconcileSeconds > 0
      ? setInterval(() => {
          markAllForReconcile(database.db).then(pass, (error: unknown) =>
            logger.error({ err: error }, 'DNS reconcile mark failed'),
          );
        }, config.dns.reconcileSeconds * 1000)
      : undefined;
  reconcile?.unref();
  pass();
  return {
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (reconcile) clearInterval(reconcile);
      if (kicks.get(database) === pass) kicks.delete(database);
      while (running) await running;
    },
  };
}
