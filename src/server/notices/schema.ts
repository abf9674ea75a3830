/**
 * Notices (docs/people.md "Notices"): notices from the provider, and who acknowledged or ignored
 * them.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers, users } from '../db/schema/customers.ts';

/** A notice from the provider: to every customer (cid null) or to one. */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    /** Markdown as written. */
    content: text('content').notNull(),
    /** The Markdown rendered and sanitised when written (src/server/notices/markdown.ts). */
    contentHtml: text('content_html').notNull(),
    ignorable: boolean('ignorable').notNull().default(false),
    cid: integer('cid').references(() => customers.cid, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a site admin withdrew it (the server's clock) and who: a withdrawn notice is shown to
     * nobody from then on; one that had started also ends then (`ends_at`).
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: text('withdrawn_by'),
  },
  (t) => [
    index('notices_period_idx').on(t.startsAt, t.endsAt),
    check('notices_period_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** What one user did with a notice: acknowledged it, or ignored (dismissed) an ignorable one. */
export const noticeStates = pgTable(
  'notice_states',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    /** Who pressed the button: the user, or the site admin acting as them. */
    actor: text('actor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.uid] }), index('notice_states_uid_idx').on(t.uid)],
);
