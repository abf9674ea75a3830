/**
 * The address look-up and serviceability data. One row per postal address (the suggestion
 * universe); addresses inside a provider's service area carry their serviceability class and
 * status. A building's street address without a unit is a postal row only: its units are the
 * serviceable rows, which is what gives "several matches".
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ADDRESS_STATUSES } from '../../../shared/signup/serviceability.ts';

/** A serviceability class: which provider serves an address and what its signup must ask. */
export const serviceClasses = pgTable('service_classes', {
  id: integer('id').primaryKey(),
  provider: text('provider').notNull(),
  name: text('name').notNull(),
  ownerDataRequired: boolean('owner_data_required').notNull(),
  rentersAllowed: boolean('renters_allowed').notNull(),
  tribalQuestionRequired: boolean('tribal_question_required').notNull(),
  cityAccountRequired: boolean('city_account_required').notNull(),
  installationScheduling: boolean('installation_scheduling').notNull(),
  activationDate: boolean('activation_date').notNull(),
  installationFeeWaived: boolean('installation_fee_waived').notNull(),
  installationFeeWaivedForTribalMembers: boolean(
    'installation_fee_waived_for_tribal_members',
  ).notNull(),
});

export const addresses = pgTable(
  'addresses',
  {
    /** `addr_id` of the look-up and `address_id` of serviceability alike. */
    id: integer('id').primaryKey(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    formatted: text('formatted').notNull(),
    /**
     * Suggestion keys (normalizeAddressText): house number first ("245 e center st orem ut
     * 84057") and street first ("e center st 245 orem ut 84057"). Searched by prefix through
     * btree text_pattern_ops indexes (docs/api.md explains the choice).
     */
    searchKey: text('search_key').notNull(),
    streetKey: text('street_key').notNull(),
    /** Normalised line 1, for matching a typed address to serviceable ones. */
    streetNorm: text('street_norm').notNull(),
    /** Normalised line 2 ("apt 4"); empty when none. */
    unitNorm: text('unit_norm').notNull().default(''),
    /** Where the fiber drop attaches to the home. */
    dropLatitude: doublePrecision('drop_latitude').notNull(),
    dropLongitude: doublePrecision('drop_longitude').notNull(),
    /** Null outside every service area (and for a building's own row). */
    serviceClassId: integer('service_class_id').references(() => serviceClasses.id),
    status: text('status', { enum: ADDRESS_STATUSES }),
    needsOntInstall: boolean('needs_ont_install').notNull().default(false),
    /** One of the well-known demo addresses (src/shared/signup/demo-addresses.ts). */
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    index('addresses_search_key_idx').using('btree', t.searchKey.op('text_pattern_ops')),
    index('addresses_street_key_idx').using('btree', t.streetKey.op('text_pattern_ops')),
    index('addresses_street_norm_idx').on(t.streetNorm),
  ],
);

/** A renter's own contact, noted for the provider's landlord approval. */
export const renterContacts = pgTable(
  'renter_contacts',
  {
    id: serial('id').primaryKey(),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('renter_contacts_address_idx').on(t.addressId)],
);

/** People who asked to hear when service reaches an address that is not served yet. */
export const availabilityContacts = pgTable(
  'availability_contacts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('availability_contacts_email_idx').on(sql`lower(${t.email})`)],
);
