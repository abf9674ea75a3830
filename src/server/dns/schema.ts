/**
 * DNS zones, their records and aliases (portal.md §3; docs/dns.md). These tables are the truth;
 * a name server (PowerDNS) is told about every change by the publisher (src/server/dns/), which
 * works from `dns_publications` (one row per served name: a zone or an alias) and
 * `dns_dirty_rrsets` (each name and type changed since it was last published), both written in
 * the same transaction as the change.
 */
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../db/schema/customers.ts';

export const dnsZones = pgTable(
  'dns_zones',
  {
    zoneId: integer('zone_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 3001 }),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    /** Lowercase ASCII (punycode), no final dot; unique across the product with the aliases. */
    zoneName: text('zone_name').notNull(),
    ttl: integer('ttl').notNull(),
    /** The SOA serial: bumped by every change of the zone. */
    serial: bigint('serial', { mode: 'number' }).notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dns_zones_name_idx').on(t.zoneName), index('dns_zones_cid_idx').on(t.cid)],
);

export const dnsAliases = pgTable(
  'dns_aliases',
  {
    aliasId: integer('alias_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 4001 }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => dnsZones.zoneId, { onDelete: 'cascade' }),
    aliasName: text('alias_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dns_aliases_name_idx').on(t.aliasName),
    index('dns_aliases_zone_idx').on(t.zoneId),
  ],
);

export const dnsRecords = pgTable(
  'dns_records',
  {
    recordId: integer('record_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100001 }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => dnsZones.zoneId, { onDelete: 'cascade' }),
    recordType: text('record_type').notNull(),
    /** Where the type stands in the page's grouping (RECORD_TYPES), for paging in that order. */
    typeRank: smallint('type_rank').notNull(),
    /** `@` or relative to the zone, lowercase. */
    name: text('name').notNull(),
    /** Null: the zone's TTL. */
    ttl: integer('ttl'),
    /** The per-type fields as the customer entered them (after the MX dot rule). */
    fields: jsonb('fields').$type<Record<string, string | number>>().notNull(),
    /** Canonical rdata, absolute names: what is served, and what makes two records identical. */
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dns_records_identity_idx').on(t.zoneId, t.name, t.recordType, t.content),
    index('dns_records_page_idx').on(t.zoneId, t.typeRank, t.name, t.recordId),
  ],
);

/** A served name (zone or alias) whose publication is due or done, and how it went. */
export const dnsPublications = pgTable('dns_publications', {
  servedName: text('served_name').primaryKey(),
  /** Everything of the name must be compared with the name server (new zone, TTL, reconcile). */
  fullSync: boolean('full_sync').notNull().default(true),
  /** Bumped by every change, so that a publisher clears only what it saw. */
  version: integer('version').notNull().default(1),
  state: text('state').$type<'published' | 'pending' | 'failed'>().notNull().default('pending'),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** A publisher holds the name until then: no two work on one name at once. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /**
   * When the oldest change not yet published was committed (null once published): the DNS
   * publication lag of /metrics (docs/operations.md).
   */
  unpublishedSince: timestamp('unpublished_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A name and type of a served name changed since last published (its whole RRset is sent). */
export const dnsDirtyRrsets = pgTable(
  'dns_dirty_rrsets',
  {
    servedName: text('served_name').notNull(),
    /** `@` or relative to the zone. */
    name: text('name').notNull(),
    recordType: text('record_type').notNull(),
    /** Renewed on every change: a publisher deletes only the marks it read. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.servedName, t.name, t.recordType] })],
);
