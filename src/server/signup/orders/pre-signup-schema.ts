/**
 * Pre-signup links: a sales tool (or the demo seed) prepares a signup for someone, and the link
 * /control/signup/?signupHash=<hash> opens the wizard prefilled with it
 * (GET /self_signup/pre_signup/{signupHash}).
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { addresses } from '../serviceability/address-schema.ts';

export const preSignups = pgTable(
  'pre_signups',
  {
    /** Random, URL-safe; the link's secret. */
    hash: text('hash').primaryKey(),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id),
    /** { fname, lname, email, phone } */
    customer: jsonb('customer').notNull(),
    /** { speed_id, router, mesh_quantity, voice } */
    services: jsonb('services').notNull(),
    /** Who made it: a sales username, or `seed`. */
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this the link answers 404; null: it does not expire. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The last order placed with it; a link that is not reusable then answers 404. */
    orderId: integer('order_id'),
    /** Demo links stay usable after an order. */
    reusable: boolean('reusable').notNull().default(false),
  },
  (t) => [index('pre_signups_address_idx').on(t.addressId)],
);
