import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Security-relevant events, and every request made while a site admin acts as a customer.
 * `actor` is the person who really acted (the admin while proxying); `username` the identity used.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** login, login_failed, logout, refresh_reuse, reauth, password_changed, … or request. */
    event: text('event').notNull(),
    actor: text('actor'),
    username: text('username'),
    cid: integer('cid'),
    method: text('method'),
    path: text('path'),
    status: integer('status'),
    requestId: text('request_id'),
    clientAddress: text('client_address'),
    detail: jsonb('detail'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_actor_idx').on(t.actor)],
);
