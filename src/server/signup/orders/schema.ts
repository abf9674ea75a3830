/**
 * What a signup order creates besides the customer, its contact, user and addresses
 * (customers.ts): the order with its cart snapshot and totals, the payment account, the ordered
 * services and the connectivity provisioning task. All written in one transaction by
 * src/server/signup/orders/place-order.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from '../../db/schema/customers.ts';

/**
 * A way a customer pays: a card (only the processor's token and what it shows) or a bank account
 * (the account number encrypted with AES-256-GCM; only its last four digits in clear).
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    paymentAccountId: integer('payment_account_id').primaryKey().generatedByDefaultAsIdentity(),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    /** `CC` (card) or `ACH` (bank account). */
    method: text('method', { enum: ['CC', 'ACH'] }).notNull(),
    /** Name on the card or the bank account. */
    accountName: text('account_name').notNull(),
    lastFour: text('last_four').notNull(),
    cardToken: text('card_token'),
    cardBrand: text('card_brand'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    bankRouting: text('bank_routing'),
    /** CHECKING or SAVINGS. */
    bankAccountType: text('bank_account_type'),
    /** AES-256-GCM ciphertext of the account number (never in clear). */
    bankAccountEncrypted: text('bank_account_encrypted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Removed by the customer (DELETE /billing/payment_accounts/{id}): hidden and never charged
     * again, but kept so that past payments and unfinished charge attempts still name it.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_accounts_cid_idx').on(t.cid),
    check(
      'payment_accounts_method_ck',
      sql`(${t.method} = 'CC' and ${t.cardToken} is not null) or (${t.method} = 'ACH' and ${t.bankAccountEncrypted} is not null)`,
    ),
  ],
);

/** A placed signup order. */
export const orders = pgTable(
  'orders',
  {
    orderId: integer('order_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 500_001 }),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The Idempotency-Key it was placed with (one order per key). */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull().default('received'),
    addressId: integer('address_id').notNull(),
    /** The serviceability class of the address (which provider, which rules). */
    serviceabilityClassId: integer('serviceability_class_id').notNull(),
    provider: text('provider').notNull(),
    /** The connectivity order as placed (signup.md §3), without secrets. */
    connectivityOrder: jsonb('connectivity_order').notNull(),
    /** The cart the server built from the offering: its items (CartItem[]). */
    cartItems: jsonb('cart_items').notNull(),
    /** Its totals (CartTotals) and what other providers bill separately. */
    cartTotals: jsonb('cart_totals').notNull(),
    dueTodayCents: integer('due_today_cents').notNull(),
    dueLaterCents: integer('due_later_cents').notNull(),
    /** The first month's recurring total of the main provider. */
    firstMonthCents: integer('first_month_cents').notNull(),
    paymentAccountId: integer('payment_account_id').references(
      () => paymentAccounts.paymentAccountId,
    ),
    autoPay: boolean('auto_pay').notNull(),
    attribution: text('attribution'),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
    signupHash: text('signup_hash'),
    /** The installation booked (installation_bookings.id), if any. */
    installationBookingId: integer('installation_booking_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_key_idx').on(t.idempotencyKey),
    index('orders_cid_idx').on(t.cid),
  ],
);

export const SERVICE_KINDS = [
  'connectivity',
  'router',
  'mesh',
  'voice_contact',
  'static_ip',
  'subnet',
  // A virtual server's monthly line (src/server/servers/): hosting class, details.iid.
  'server',
] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** A service a customer has or has ordered. */
export const customerServices = pgTable(
  'customer_services',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.orderId, { onDelete: 'cascade' }),
    /** Residential connectivity (17) for connectivity, router and mesh; voice services (1). */
    serviceClassId: integer('service_class_id').notNull(),
    kind: text('kind', { enum: SERVICE_KINDS }).notNull(),
    /** e.g. "RC-500001-1". */
    displayId: text('display_id').notNull(),
    serviceActionType: text('service_action_type').notNull(),
    status: text('status').notNull().default('pending'),
    /** speed_id, router_model, mesh quantity and type, external ids, install details, … */
    details: jsonb('details').notNull().default({}),
    /**
     * YYYY-MM-DD (business date) the service was activated: a connectivity service bills from
     * its activation (src/server/billing/cycle.ts); null while pending.
     */
    activatedOn: date('activated_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_services_cid_idx').on(t.cid),
    uniqueIndex('customer_services_display_id_idx').on(t.displayId),
  ],
);

/** Work for the provisioning team; connectivity tasks use service class 14 (portal.md §3). */
export const provisioningTasks = pgTable(
  'provisioning_tasks',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.orderId, { onDelete: 'cascade' }),
    serviceClassId: integer('service_class_id').notNull(),
    /** received, pending, scheduled, …, complete or error. */
    status: text('status').notNull().default('received'),
    serviceDisplayId: text('service_display_id').notNull(),
    details: jsonb('details').notNull().default({}),
    creationDt: timestamp('creation_dt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provisioning_tasks_cid_idx').on(t.cid)],
);
