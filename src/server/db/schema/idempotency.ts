/**
 * Idempotency keys of state-changing requests that must happen once (POST /self_signup). The row
 * is inserted first inside the request's own transaction, so a concurrent request with the same
 * key waits on the unique key until that transaction ends, and then reads the stored answer; a
 * transaction that fails or whose process dies leaves no row, so the key can be used again.
 */
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The endpoint the key belongs to, e.g. `POST /self_signup`. */
    scope: text('scope').notNull(),
    /** The client's Idempotency-Key header. */
    key: text('key').notNull(),
    /** SHA-256 of the request body in canonical JSON: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The stored answer. */
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
