import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The customer-facing activity log (docs/activity.md): every change a customer's logins make, and
 * every change a site admin makes while acting as the customer, written in the transaction of the
 * change; security events (logins, password and second-factor changes, recoveries, logouts) too.
 * `login` is the identity used, `actingAdmin` the site admin behind it. Never a secret.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    cid: integer('cid').notNull(),
    uid: integer('uid'),
    login: text('login').notNull(),
    actingAdmin: text('acting_admin'),
    address: text('address').notNull(),
    /** What kind of change: `dns.record.update`, `server.power`, `login`, … (docs/activity.md). */
    action: text('action').notNull(),
    /** The change in words, with its target: "DNS record A www.example.com changed …". */
    summary: text('summary').notNull(),
    /** `ok`, `refused` (permission, validation, conflict, limit) or `failed`. */
    outcome: text('outcome').notNull(),
    /** Why a change was refused or failed, in the words its answer gave. */
    reason: text('reason'),
    requestId: text('request_id'),
  },
  (t) => [
    index('activity_log_cid_at_idx').on(t.cid, t.at),
    index('activity_log_at_idx').on(t.at),
    index('activity_log_uid_address_idx').on(t.uid, t.address),
  ],
);
