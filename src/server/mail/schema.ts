import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every email the product sends. Without SMTP_URL this is where mail stays (and, outside
 * production, the mailbox page reads it); with SMTP_URL it is the delivery record: a job of the
 * job runner (src/server/jobs, docs/operations.md) delivers each row, retried with backoff until
 * it is sent or too old. A row is sent at most once: a delivery first claims it for a lease
 * (`claimed_until`), sends it with its `message_id` (written with the row, before any send) and
 * records `sent_at` and the server's answer; another delivery of the same row while the claim
 * holds, or after `sent_at`, sends nothing.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last failed attempt's SMTP answer (or why it could not connect). */
    error: text('error'),
    /** The Message-ID header it is sent with, chosen when the row is written. */
    messageId: text('message_id'),
    /** Delivery attempts started. */
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** A delivery holds the row until then; a delivery that died lets it go when it passes. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The SMTP server's answer when it accepted the message. */
    response: text('response'),
    /** Given up (too old, or out of retries): `error` says the last answer. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
