import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every email the product sends. Without SMTP_URL this is where mail stays (and, outside
 * production, the mailbox page reads it); with SMTP_URL it is the delivery record.
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
    error: text('error'),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);
