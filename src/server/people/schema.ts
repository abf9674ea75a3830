/**
 * People and notices (docs/people.md): what an authorized contact holds beyond the general
 * contact row, notices from the provider and who acknowledged or ignored them, the kinds of
 * email each user turned off, and the changes of a login's email address.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { contacts, customers, users } from '../db/schema/customers.ts';
import { emailOutbox } from '../mail/schema.ts';

/** The authorized-contact fields of a contact (portal.md §3); one row per contact that has them. */
export const contactDetails = pgTable('contact_details', {
  contactId: integer('contact_id')
    .primaryKey()
    .references(() => contacts.contactId, { onDelete: 'cascade' }),
  title: text('title').notNull().default(''),
  position: text('position').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  fax: text('fax').notNull().default(''),
  line1: text('line1').notNull().default(''),
  line2: text('line2').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  zipExt: text('zip_ext').notNull().default(''),
  /** Business=1, Home=2. */
  addressType: smallint('address_type').notNull().default(1),
  /** E-Mail=1, Snail Mail=2, Fax=3, CC Auto=4. */
  reminderType: smallint('reminder_type').notNull().default(1),
  comments: text('comments').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/** Kinds of email a user turned off (OPTIONAL_EMAIL_KINDS); no row means the email is sent. */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.kind] })],
);

/**
 * A change of a login's email address (docs/people.md "A login's recovery"): the address before
 * and after, when by the server's clock, who made it, and the notice sent to the old address.
 * For a while after it, password links go to the old address (recovery.ts).
 */
export const recoveryEmailChanges = pgTable(
  'recovery_email_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    /** The user who changed it, or the site admin acting. */
    changedBy: text('changed_by').notNull(),
    noticeMailId: integer('notice_mail_id').references(() => emailOutbox.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('recovery_email_changes_uid_idx').on(t.uid, t.changedAt)],
);
