/**
 * The DNS panel's store (docs/dns.md): zones, records and aliases of one customer, read and
 * changed under the rules of src/shared/dns/rules.ts plus those that need the other records (a CNAME
 * alone at its name, no two identical records, a zone never without NS records at its apex, a tree
 * of names held by one account: src/shared/dns/claims.ts). Every change runs in one transaction that locks the zone row, bumps its SOA serial and marks what the
 * publisher must send (publication.ts `markChanged`), so nothing committed is ever left unsent.
 */
import { and, asc, count, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { nameClaimError, namesAbove } from '#shared/dns/claims';
import {
  checkRecord,
  checkZoneName,
  isRecordType,
  RECORD_FIELDS,
  RECORD_TYPES,
  soaContent,
  type DnsRecord,
  type DnsZone,
  type RecordType,
  type RecordsPage,
  type ZonesPage,
} from '#shared/dns/rules';
import { DNS_MESSAGES } from '#shared/dns/messages';
import type { Database, Executor } from '../db/client.ts';
import { dnsAliases, dnsPublications, dnsRecords, dnsZones } from '../db/schema.ts';
import { ApiError, notFound, validationFailed } from '../http/errors.ts';
import type { DnsConfig } from './config.ts';
import { markChanged, type RrsetKey } from './publication.ts';

export type ZoneRow = typeof dnsZones.$inferSelect;
export type RecordRow = typeof dnsRecords.$inferSelect;

export interface Page {
  limit: number;
  offset: number;
}

export function typeRank(type: RecordType): number {
  return RECORD_TYPES.indexOf(type);
}

export function recordOf(row: RecordRow): DnsRecord {
  return {
    record_id: row.recordId,
    record_type: row.recordType,
    name: row.name,
    ttl: row.ttl,
    content: row.content,
    ...row.fields,
  } as DnsRecord;
}

async function zoneAnswer(db: Executor, row: ZoneRow, dns: DnsConfig): Promise<DnsZone> {
  const [aliases, [publication]] = await Promise.all([
    db
      .select()
      .from(dnsAliases)
      .where(eq(dnsAliases.zoneId, row.zoneId))
      .orderBy(asc(dnsAliases.aliasName)),
    db.select().from(dnsPublications).where(eq(dnsPublications.servedName, row.zoneName)),
  ]);
  return zoneRecord(row, aliases, publication, dns);
}

function zoneRecord(
  row: ZoneRow,
  aliases: (typeof dnsAliases.$inferSelect)[],
  publication: typeof dnsPublications.$inferSelect | undefined,
  dns: DnsConfig,
): DnsZone {
  const primary = dns.nameservers[0]!;
  const [, hostmaster, , refresh, retry, expire, minimum] = soaContent(
    primary,
    row.zoneName,
    row.serial,
  ).split(' ');
  return {
    zone_id: row.zoneId,
    zone_name: row.zoneName,
    ttl: row.ttl,
    aliases: aliases.map((a) => ({ alias_id: a.aliasId, alias_name: a.aliasName })),
    soa: {
      primary,
      hostmaster: hostmaster!,
      serial: row.serial,
      refresh: Number(refresh),
      retry: Number(retry),
      expire: Number(expire),
      minimum: Number(minimum),
    },
    // With DNS_PUBLISHER=none nothing serves the zone, whatever its marks say.
    publication:
      dns.publisher === 'none'
        ? { state: 'off', error: null }
        : { state: publication?.state ?? 'published', error: publication?.error ?? null },
    created_at: row.createdAt.toISOString(),
  };
}

export async function listZones(
  db: Database,
  cid: number,
  page: Page,
  dns: DnsConfig,
): Promise<ZonesPage> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(dnsZones)
      .where(eq(dnsZones.cid, cid))
      .orderBy(asc(dnsZones.zoneName), asc(dnsZones.zoneId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(dnsZones).where(eq(dnsZones.cid, cid)),
  ]);
  const ids = rows.map((row) => row.zoneId);
  const names = rows.map((row) => row.zoneName);
  const [aliases, publications] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select()
          .from(dnsAliases)
          .where(inArray(dnsAliases.zoneId, ids))
          .orderBy(asc(dnsAliases.aliasName)),
    names.length === 0
      ? []
      : db.select().from(dnsPublications).where(inArray(dnsPublications.servedName, names)),
  ]);
  return {
    total_zones: total,
    zones: rows.map((row) =>
      zoneRecord(
        row,
        aliases.filter((a) => a.zoneId === row.zoneId),
        publications.find((p) => p.servedName === row.zoneName),
        dns,
      ),
    ),
    ...page,
  };
}

/** The customer's zone, or a 404 (another customer's zone answers as one that does not exist). */
export async function zoneOf(db: Executor, cid: number, zoneId: number, lock = false) {
  const query = db
    .select()
    .from(dnsZones)
    .where(and(eq(dnsZones.zoneId, zoneId), eq(dnsZones.cid, cid)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(DNS_MESSAGES.zoneNotFound);
  return row;
}

/**
 * Serialises name claims across zones and aliases (both tables), on both databases: one lock for
 * every name, held to the end of the claiming transaction, so that the check below and the
 * insert after it are one step (two accounts racing for `example.com` and `www.example.com`:
 * the second waits, then sees the first). A lock per registered domain would not do: a name and
 * one under it can have different registered domains (`amazonaws.com`, `x.s3.amazonaws.com`).
 */
async function lockNames(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(72113053)`);
}

/**
 * A name `cid` may claim for a zone or an alias (src/shared/dns/claims.ts `nameClaimError`: no
 * public suffix, none of the provider's names, nothing at, above or under another account's
 * zone or alias, not twice), or a 422 on `field`. Takes the claims lock first.
 */
async function requireClaimable(
  tx: Executor,
  cid: number,
  name: string,
  field: string,
  reserved: readonly string[],
) {
  await lockNames(tx);
  // Names are letters, digits, hyphens and dots: nothing a LIKE pattern reads as a wildcard.
  const atOrAbove = [name, ...namesAbove(name)];
  const under = `%.${name}`;
  const zones = await tx
    .select({ name: dnsZones.zoneName, cid: dnsZones.cid })
    .from(dnsZones)
    .where(or(inArray(dnsZones.zoneName, atOrAbove), like(dnsZones.zoneName, under)));
  const aliases = await tx
    .select({ name: dnsAliases.aliasName, cid: dnsZones.cid })
    .from(dnsAliases)
    .innerJoin(dnsZones, eq(dnsZones.zoneId, dnsAliases.zoneId))
    .where(or(inArray(dnsAliases.aliasName, atOrAbove), like(dnsAliases.aliasName, under)));
  const holders = [...zones, ...aliases].map((h) => ({ name: h.name, mine: h.cid === cid }));
  const error = nameClaimError(name, reserved, holders);
  if (error) throw validationFailed({ [field]: error });
}

async function bump(tx: Executor, zone: ZoneRow): Promise<ZoneRow> {
  const [row] = await tx
    .update(dnsZones)
    .set({ serial: sql`${dnsZones.serial} + 1`, updatedAt: new Date() })
    .where(eq(dnsZones.zoneId, zone.zoneId))
    .returning();
  return row!;
}

async function servedNames(tx: Executor, zone: ZoneRow): Promise<string[]> {
  const aliases = await tx
    .select({ name: dnsAliases.aliasName })
    .from(dnsAliases)
    .where(eq(dnsAliases.zoneId, zone.zoneId));
  return [zone.zoneName, ...aliases.map((a) => a.name)];
}

/** After a change of `rrsets` (or of everything, `full`): serial bumped, publication marked. */
async function changed(tx: Executor, zone: ZoneRow, rrsets: RrsetKey[], full = false) {
  const row = await bump(tx, zone);
  await markChanged(tx, await servedNames(tx, zone), rrsets, full);
  return row;
}

export async function createZone(
  db: Database,
  cid: number,
  input: { zone_name: string; ttl: number },
  dns: DnsConfig,
): Promise<ZoneRow> {
  const name = checkZoneName(input.zone_name);
  if (!name.ok) throw validationFailed({ zone_name: name.error });
  return db.transaction(async (tx) => {
    await requireClaimable(tx, cid, name.name, 'zone_name', dns.reservedNames);
    const [zone] = await tx
      .insert(dnsZones)
      .values({ cid, zoneName: name.name, ttl: input.ttl })
      .returning();
    for (const nameserver of dns.nameservers) {
      await tx.insert(dnsRecords).values({
        zoneId: zone!.zoneId,
        recordType: 'NS',
        typeRank: typeRank('NS'),
        name: '@',
        ttl: null,
        fields: { nameserver },
        content: nameserver,
      });
    }
    await markChanged(tx, [zone!.zoneName], [], true);
    return zone!;
  });
}

export async function updateZone(db: Database, cid: number, zoneId: number, ttl: number) {
  return db.transaction(async (tx) => {
    const zone = await zoneOf(tx, cid, zoneId, true);
    await tx.update(dnsZones).set({ ttl }).where(eq(dnsZones.zoneId, zoneId));
    return changed(tx, zone, [], true);
  });
}

export async function deleteZone(db: Database, cid: number, zoneId: number) {
  await db.transaction(async (tx) => {
    const zone = await zoneOf(tx, cid, zoneId, true);
    const names = await servedNames(tx, zone);
    await tx.delete(dnsZones).where(eq(dnsZones.zoneId, zoneId));
    // The publisher finds no zone behind these names and deletes them from the name server.
    await markChanged(tx, names, [], true);
  });
}

export async function addAlias(
  db: Database,
  cid: number,
  zoneId: number,
  aliasName: string,
  dns: DnsConfig,
) {
  const name = checkZoneName(aliasName);
  if (!name.ok) throw validationFailed({ alias_name: name.error });
  return db.transaction(async (tx) => {
    const zone = await zoneOf(tx, cid, zoneId, true);
    await requireClaimable(tx, cid, name.name, 'alias_name', dns.reservedNames);
    const [alias] = await tx
      .insert(dnsAliases)
      .values({ zoneId, aliasName: name.name })
      .returning();
    await bump(tx, zone);
    await markChanged(tx, [name.name], [], true);
    return alias!;
  });
}

export async function deleteAlias(db: Database, cid: number, zoneId: number, aliasId: number) {
  await db.transaction(async (tx) => {
    const zone = await zoneOf(tx, cid, zoneId, true);
    const [alias] = await tx
      .delete(dnsAliases)
      .where(and(eq(dnsAliases.aliasId, aliasId), eq(dnsAliases.zoneId, zoneId)))
      .returning();
    if (!alias) throw notFound(DNS_MESSAGES.aliasNotFound);
    await bump(tx, zone);
    await markChanged(tx, [alias.aliasName], [], true);
  });
}

export async function zoneWithDetails(db: Executor, zone: ZoneRow, dns: DnsConfig) {
  return zoneAnswer(db, zone, dns);
}

/**
 * The order of a zone's records as the page shows them (type, name, id): every record's key, read
 * in one statement together with the zone's serial. Every change of a zone's records bumps that
 * serial in its transaction, so a list whose serial is the zone row's serial is the zone's order
 * now, in whichever instance it was read. A few zones are kept (the most recently read).
 */
interface RecordOrder {
  serial: number;
  keys: { typeRank: number; name: string; recordId: number }[];
}

const RECORD_ORDERS_KEPT = 8;
const recordOrders = new Map<number, RecordOrder>();

async function recordOrder(db: Database, zone: ZoneRow): Promise<RecordOrder> {
  const kept = recordOrders.get(zone.zoneId);
  recordOrders.delete(zone.zoneId);
  if (kept && kept.serial === zone.serial) {
    recordOrders.set(zone.zoneId, kept);
    return kept;
  }
  const rows = await db
    .select({
      typeRank: dnsRecords.typeRank,
      name: dnsRecords.name,
      recordId: dnsRecords.recordId,
      serial: sql<number>`(select ${dnsZones.serial} from ${dnsZones} where ${dnsZones.zoneId} = ${zone.zoneId})`,
    })
    .from(dnsRecords)
    .where(eq(dnsRecords.zoneId, zone.zoneId))
    .orderBy(asc(dnsRecords.typeRank), asc(dnsRecords.name), asc(dnsRecords.recordId));
  const order: RecordOrder = {
    // No rows, no serial read with them: such an order is not kept.
    serial: rows.length > 0 ? Number(rows[0]!.serial) : Number.NaN,
    keys: rows.map(({ typeRank, name, recordId }) => ({ typeRank, name, recordId })),
  };
  // Kept only when it is the order of the zone row read for this request.
  if (order.serial === zone.serial) {
    recordOrders.set(zone.zoneId, order);
    if (recordOrders.size > RECORD_ORDERS_KEPT) {
      recordOrders.delete(recordOrders.keys().next().value!);
    }
  }
  return order;
}

/**
 * A page of a zone's records at any offset in the time of the first: the total and the key at the
 * offset come from the zone's record order (above), the page's rows from the page index
 * (`dns_records_page_idx`) starting at that key, so no page counts or skips the zone's records.
 */
export async function listRecords(db: Database, zone: ZoneRow, page: Page): Promise<RecordsPage> {
  const { keys } = await recordOrder(db, zone);
  const first = keys[page.offset];
  const rows = first
    ? await db
        .select()
        .from(dnsRecords)
        .where(
          and(
            eq(dnsRecords.zoneId, zone.zoneId),
            sql`(${dnsRecords.typeRank}, ${dnsRecords.name}, ${dnsRecords.recordId}) >= (${first.typeRank}, ${first.name}, ${first.recordId})`,
          ),
        )
        .orderBy(asc(dnsRecords.typeRank), asc(dnsRecords.name), asc(dnsRecords.recordId))
        .limit(page.limit)
    : [];
  return { total_records: keys.length, records: rows.map(recordOf), ...page };
}

/** The rules that need the zone's other records; `except` is the record being changed. */
async function checkBeside(
  tx: Executor,
  zoneId: number,
  type: RecordType,
  name: string,
  content: string,
  except: number | null,
) {
  const others = await tx
    .select({ id: dnsRecords.recordId, type: dnsRecords.recordType, content: dnsRecords.content })
    .from(dnsRecords)
    .where(
      and(
        eq(dnsRecords.zoneId, zoneId),
        eq(dnsRecords.name, name),
        except === null ? undefined : ne(dnsRecords.recordId, except),
      ),
    );
  if (type === 'CNAME' && others.length > 0) {
    const message = others.some((o) => o.type === 'CNAME' && o.content === content)
      ? DNS_MESSAGES.duplicateRecord
      : DNS_MESSAGES.cnameBesideOthers;
    return { name: message };
  }
  if (others.some((o) => o.type === 'CNAME')) return { name: DNS_MESSAGES.othersBesideCname };
  if (others.some((o) => o.type === type && o.content === content)) {
    return { [RECORD_FIELDS[type][0] as string]: DNS_MESSAGES.duplicateRecord };
  }
  return null;
}

/** A 422 with field errors and, for the page's error notice (portal.md §8), a `detail`. */
function refused(errors: Record<string, string>, detail: string) {
  const msg = Object.values(errors)[0]!;
  return new ApiError(422, 'Validation failed', msg, { errors, detail: `${detail} ${msg}` });
}

export interface RecordBody {
  name: string;
  ttl: number | null;
  [field: string]: unknown;
}

function fieldsOf(type: RecordType, body: RecordBody): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  for (const field of RECORD_FIELDS[type]) fields[field as string] = body[field] as string | number;
  return fields;
}

/**
 * A record as the zone would hold it, checked on its own and beside the zone's other records
 * (`recordId`: the record being updated; null for a new one), or refused with field errors.
 */
async function checkedRecord(
  tx: Executor,
  zoneName: string,
  zoneId: number,
  type: RecordType,
  body: RecordBody,
  recordId: number | null,
) {
  const mode = recordId === null ? 'create' : 'update';
  const failed =
    recordId === null ? DNS_MESSAGES.recordCreateFailed : DNS_MESSAGES.recordUpdateFailed;
  const check = checkRecord(
    type,
    { name: body.name, ttl: body.ttl, fields: fieldsOf(type, body) },
    zoneName,
    mode,
  );
  if (!check.ok) throw refused(check.errors, failed);
  const beside = await checkBeside(tx, zoneId, type, check.name, check.content, recordId);
  if (beside) throw refused(beside, failed);
  return check;
}

export async function createRecord(
  db: Database,
  cid: number,
  zoneId: number,
  type: RecordType,
  body: RecordBody,
): Promise<RecordRow> {
  return db.transaction(async (tx) => {
    const zone = await zoneOf(tx, cid, zoneId, true);
    const check = await checkedRecord(tx, zone.zoneName, zoneId, type, body, null);
    const [row] = await tx
      .insert(dnsRecords)
      .values({
        zoneId,
        recordType: type,
        typeRank: typeRank(type),
        name: check.name,
        ttl: check.ttl,
        fields: check.fields,
        content: check.content,
      })
      .returning();
    await changed(tx, zone, [{ name: check.name, type }]);
    return row!;
  });
}

/**
 * True when the record `recordId` is the zone's only NS record at its apex: removing it, or moving
 * it away from `@`, would leave a zone no name server can be delegated to (named-checkzone: "has
 * no NS records").
 */
async function lastApexNameserver(tx: Executor, old: RecordRow): Promise<boolean> {
  if (old.recordType !== 'NS' || old.name !== '@') return false;
  const [{ others }] = await tx
    .select({ others: count() })
    .from(dnsRecords)
    .where(
      and(
        eq(dnsRecords.zoneId, old.zoneId),
        eq(dnsRecords.recordType, 'NS'),
        eq(dnsRecords.name, '@'),
        ne(dnsRecords.recordId, old.recordId),
      ),
    );
  return others === 0;
}

async function recordOfZone(tx: Executor, zoneId: number, type: string, recordId: number) {
  const [row] = await tx
    .select()
    .from(dnsRecords)
    .where(
      and(
        eq(dnsRecords.recordId, recordId),
        eq(dnsRecords.zoneId, zoneId),
        eq(dnsRecords.recordType, type),
      ),
    );
  if (!row) throw notFound(DNS_MESSAGES.recordNotFound);
  return row;
}

export async function updateRecord(
  db: Database,
  cid: number,
  zoneId: number,
  type: RecordType,
  recordId: number,
  body: RecordBody,
): Promise<RecordRow> {
  return db.transaction(async (tx) => {
    const zone = await zoneOf(tx, cid, zoneId, true);
    const old = await recordOfZone(tx, zoneId, type, recordId);
    const check = await checkedRecord(tx, zone.zoneName, zoneId, type, body, recordId);
    if (check.name !== '@' && (await lastApexNameserver(tx, old))) {
      throw refused({ name: DNS_MESSAGES.lastApexNameserver }, DNS_MESSAGES.recordUpdateFailed);
    }
    const [row] = await tx
      .update(dnsRecords)
      .set({ name: check.name, ttl: check.ttl, fields: check.fields, content: check.content })
      .where(eq(dnsRecords.recordId, recordId))
      .returning();
    await changed(tx, zone, [
      { name: old.name, type },
      { name: check.name, type },
    ]);
    return row!;
  });
}

export async function deleteRecord(
  db: Database,
  cid: number,
  zoneId: number,
  type: RecordType,
  recordId: number,
) {
  await db.transaction(async (tx) => {
    const zone = await zoneOf(tx, cid, zoneId, true);
    const old = await recordOfZone(tx, zoneId, type, recordId);
    if (await lastApexNameserver(tx, old)) {
      const msg = DNS_MESSAGES.lastApexNameserver;
      throw new ApiError(422, 'Validation failed', msg, {
        detail: `${DNS_MESSAGES.recordDeleteFailed} ${msg}`,
      });
    }
    await tx.delete(dnsRecords).where(eq(dnsRecords.recordId, recordId));
    await changed(tx, zone, [{ name: old.name, type }]);
  });
}

/** A record type of a path, or a 404. */
export function pathType(value: string): RecordType {
  const upper = value.toUpperCase();
  if (!isRecordType(upper)) throw notFound(DNS_MESSAGES.recordTypeUnknown);
  return upper;
}
