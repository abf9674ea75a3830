/**
 * Installation capacity. Windows are the weekly pattern per provider and installation type (how
 * many crews can start a job in a window); slots are the pattern made concrete for a date, created
 * when someone asks for that date. A slot offered has room left, and booking takes that room with
 * a conditional update, so a slot offered is a slot that can be booked until someone else does.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const installationWindows = pgTable(
  'installation_windows',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    installType: text('install_type', { enum: ['basic', 'advanced'] }).notNull(),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: integer('weekday').notNull(),
    /** HH:mm in the service time zone. */
    startTime: text('start_time').notNull(),
    /** Minutes. */
    duration: integer('duration').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    uniqueIndex('installation_windows_key_idx').on(
      t.provider,
      t.installType,
      t.weekday,
      t.startTime,
    ),
  ],
);

export const installationSlots = pgTable(
  'installation_slots',
  {
    /** `provider:install_type:YYYY-MM-DD:HH:mm`: the resourceId the page sends back. */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    installType: text('install_type', { enum: ['basic', 'advanced'] }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    duration: integer('duration').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    index('installation_slots_lookup_idx').on(t.provider, t.installType, t.date),
    check(
      'installation_slots_capacity_check',
      sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`,
    ),
  ],
);

/** One booked installation: the order placement creates it with bookInstallationSlot. */
export const installationBookings = pgTable(
  'installation_bookings',
  {
    id: serial('id').primaryKey(),
    slotId: text('slot_id')
      .notNull()
      .references(() => installationSlots.id),
    addressId: integer('address_id').notNull(),
    /** Free text of the order placement (an order id, say). */
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('installation_bookings_slot_idx').on(t.slotId)],
);
