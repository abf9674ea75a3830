/**
 * People (docs/people.md): what an authorized contact holds beyond the general contact row, the
 * kinds of email each user turned off, and the changes of a login's email address. (The notices'
 * tables are in src/server/notices/schema.ts.)
 */
import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { contacts, users } from '../db/schema/customers.ts';
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
