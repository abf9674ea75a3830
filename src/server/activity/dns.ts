/**
 * What the DNS panel's changes record (docs/activity.md "DNS"): each a database for the store's
 * call whose transaction writes the entry, the record's content before and after in words.
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { ACTIVITY_WORDS, fullDnsName } from '#shared/activity/messages';
import type { ImportPreview } from '#shared/dns/rules';
import type { AppEnv } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { dnsAliases, dnsRecords, dnsZones } from '../db/schema.ts';
import { recording } from './record.ts';

type ZoneRow = typeof dnsZones.$inferSelect;
type RecordRow = typeof dnsRecords.$inferSelect;

async function zoneRow(tx: Executor, zoneId: number): Promise<ZoneRow | undefined> {
  const [row] = await tx.select().from(dnsZones).where(eq(dnsZones.zoneId, zoneId));
  return row;
}

async function recordRow(tx: Executor, recordId: number): Promise<RecordRow | undefined> {
  const [row] = await tx.select().from(dnsRecords).where(eq(dnsRecords.recordId, recordId));
  return row;
}

export const dnsActivity = {
  zoneCreated: (c: Context<AppEnv>, db: Database) =>
    recording(c, db, {
      entry: (_tx, _before, result) => {
        const zone = result as ZoneRow;
        return {
          action: 'dns.zone.create',
          summary: ACTIVITY_WORDS.dnsZoneCreated(zone.zoneName, zone.ttl),
        };
      },
    }),

  zoneChanged: (c: Context<AppEnv>, db: Database, zoneId: number) =>
    recording(c, db, {
      before: (tx) => zoneRow(tx, zoneId),
      entry: async (tx, before) => {
        const after = await zoneRow(tx, zoneId);
        return {
          action: 'dns.zone.update',
          summary: ACTIVITY_WORDS.dnsZoneChanged(
            after?.zoneName ?? '',
            before?.ttl ?? 0,
            after?.ttl ?? 0,
          ),
        };
      },
    }),

  zoneDeleted: (c: Context<AppEnv>, db: Database, zoneId: number) =>
    recording(c, db, {
      before: (tx) => zoneRow(tx, zoneId),
      entry: (_tx, before) => ({
        action: 'dns.zone.delete',
        summary: ACTIVITY_WORDS.dnsZoneDeleted(before?.zoneName ?? String(zoneId)),
      }),
    }),

  recordAdded: (c: Context<AppEnv>, db: Database, zoneId: number) =>
    recording(c, db, {
      before: (tx) => zoneRow(tx, zoneId),
      entry: (_tx, zone, result) => {
        const row = result as RecordRow;
        return {
          action: 'dns.record.create',
          summary: ACTIVITY_WORDS.dnsRecordAdded(
            row.recordType,
            fullDnsName(row.name, zone?.zoneName ?? ''),
            row.content,
          ),
        };
      },
    }),

  recordChanged: (c: Context<AppEnv>, db: Database, zoneId: number, recordId: number) =>
    recording(c, db, {
      before: async (tx) => ({
        zone: await zoneRow(tx, zoneId),
        old: await recordRow(tx, recordId),
      }),
      entry: (_tx, before, result) => {
        const row = result as RecordRow;
        const zone = before?.zone?.zoneName ?? '';
        const oldName = before?.old ? fullDnsName(before.old.name, zone) : '';
        const newName = fullDnsName(row.name, zone);
        const name = oldName && oldName !== newName ? `${oldName} → ${newName}` : newName;
        return {
          action: 'dns.record.update',
          summary: ACTIVITY_WORDS.dnsRecordChanged(
            row.recordType,
            name,
            before?.old?.content ?? '',
            row.content,
          ),
        };
      },
    }),

  recordDeleted: (c: Context<AppEnv>, db: Database, zoneId: number, recordId: number) =>
    recording(c, db, {
      before: async (tx) => ({
        zone: await zoneRow(tx, zoneId),
        old: await recordRow(tx, recordId),
      }),
      entry: (_tx, before) => ({
        action: 'dns.record.delete',
        summary: ACTIVITY_WORDS.dnsRecordDeleted(
          before?.old?.recordType ?? '',
          fullDnsName(before?.old?.name ?? '@', before?.zone?.zoneName ?? ''),
          before?.old?.content ?? '',
        ),
      }),
    }),

  aliasAdded: (c: Context<AppEnv>, db: Database, zoneId: number) =>
    recording(c, db, {
      before: (tx) => zoneRow(tx, zoneId),
      entry: (_tx, zone, result) => ({
        action: 'dns.alias.create',
        summary: ACTIVITY_WORDS.dnsAliasAdded(
          (result as typeof dnsAliases.$inferSelect).aliasName,
          zone?.zoneName ?? '',
        ),
      }),
    }),

  aliasRemoved: (c: Context<AppEnv>, db: Database, zoneId: number, aliasId: number) =>
    recording(c, db, {
      before: async (tx) => {
        const [alias] = await tx
          .select()
          .from(dnsAliases)
          .where(and(eq(dnsAliases.aliasId, aliasId), eq(dnsAliases.zoneId, zoneId)));
        return { zone: await zoneRow(tx, zoneId), alias };
      },
      entry: (_tx, before) => ({
        action: 'dns.alias.delete',
        summary: ACTIVITY_WORDS.dnsAliasRemoved(
          before?.alias?.aliasName ?? String(aliasId),
          before?.zone?.zoneName ?? '',
        ),
      }),
    }),

  imported: (c: Context<AppEnv>, db: Database, zoneId: number) =>
    recording(c, db, {
      before: (tx) => zoneRow(tx, zoneId),
      entry: (_tx, zone, result) => {
        const preview = result as ImportPreview;
        if (!preview.applied) return null;
        return {
          action: 'dns.import',
          summary: ACTIVITY_WORDS.dnsImported(
            zone?.zoneName ?? '',
            preview.added.length,
            preview.changed.length,
            preview.removed.length,
          ),
        };
      },
    }),
};
