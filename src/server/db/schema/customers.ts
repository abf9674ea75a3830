/**
 * Customers and the people and places that belong to them. Kept general: the signup order creates
 * a customer, its contact, its user and its service address in one transaction
 * (src/server/session/accounts.ts `createCustomerAccount`), and the portal reads them back.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const CUSTOMER_KINDS = ['residential', 'business', 'internal'] as const;

/** An account holder. `internal` customers hold the provider's own staff logins. */
export const customers = pgTable('customers', {
  cid: integer('cid').primaryKey().generatedByDefaultAsIdentity({ startWith: 100_001 }),
  kind: text('kind', { enum: CUSTOMER_KINDS }).notNull().default('residential'),
  /** Business customers: the company name. */
  businessName: text('business_name').notNull().default(''),
  ...timestamps,
});

/** A person of a customer: the account owner, an authorized contact, or the person behind a user. */
export const contacts = pgTable(
  'contacts',
  {
    contactId: integer('contact_id').primaryKey().generatedByDefaultAsIdentity(),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    middleInitial: text('middle_initial').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    business: text('business').notNull().default(''),
    /** YYYY-MM-DD */
    dob: date('dob', { mode: 'string' }),
    /** (###) ###-#### */
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('contacts_cid_idx').on(t.cid),
    index('contacts_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * A login. Permissions are per category (portal.md §6): `<category>_view` and `<category>_manage`.
 */
export const users = pgTable(
  'users',
  {
    uid: integer('uid').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.contactId, { onDelete: 'cascade' }),
    accountView: boolean('account_view').notNull().default(false),
    accountManage: boolean('account_manage').notNull().default(false),
    adminView: boolean('admin_view').notNull().default(false),
    adminManage: boolean('admin_manage').notNull().default(false),
    contactsView: boolean('contacts_view').notNull().default(false),
    contactsManage: boolean('contacts_manage').notNull().default(false),
    invoicesView: boolean('invoices_view').notNull().default(false),
    invoicesManage: boolean('invoices_manage').notNull().default(false),
    paymentsView: boolean('payments_view').notNull().default(false),
    paymentsManage: boolean('payments_manage').notNull().default(false),
    servicesView: boolean('services_view').notNull().default(false),
    servicesManage: boolean('services_manage').notNull().default(false),
    /** Provider staff: the Admin tab, customer search and proxy. */
    siteAdmin: boolean('site_admin').notNull().default(false),
    /** The customer's main login (the one an admin proxies as). */
    primaryAdmin: boolean('primary_admin').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    ...timestamps,
  },
  (t) => [index('users_cid_idx').on(t.cid), index('users_contact_idx').on(t.contactId)],
);

/** Where a customer receives service. */
export const serviceAddresses = pgTable(
  'service_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    /** The name at the address. */
    fname: text('fname').notNull().default(''),
    lname: text('lname').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('service_addresses_cid_idx').on(t.cid)],
);

/**
 * A customer's billing settings and billing address (one row per customer). What the customer
 * owes is never stored here: it is computed from the ledger (src/server/billing/ledger.ts
 * `customerBalance`), and the account status is what the billing run last decided from it.
 */
export const ACCOUNT_STATUSES = ['active', 'overdue', 'suspended', 'terminated'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const customerBilling = pgTable('customer_billing', {
  cid: integer('cid')
    .primaryKey()
    .references(() => customers.cid, { onDelete: 'cascade' }),
  automatic: boolean('automatic').notNull().default(false),
  defaultPaymentAccountId: integer('default_payment_account_id'),
  /** Bills also go by post: each cycle bill carries the postal invoice fee (TERMS). */
  paperInvoice: boolean('paper_invoice').notNull().default(false),
  /** A term contract: never suspended or terminated by the billing run (only overdue). */
  contracted: boolean('contracted').notNull().default(false),
  accountStatus: text('account_status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
  /** YYYY-MM-DD: the business date the status was set. */
  accountStatusSince: date('account_status_since', { mode: 'string' }),
  /** The billing address; null line1 means none is on file. */
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2').notNull().default(''),
  addressCity: text('address_city').notNull().default(''),
  addressState: text('address_state').notNull().default(''),
  addressZipCode: text('address_zip_code').notNull().default(''),
  addressFname: text('address_fname').notNull().default(''),
  addressLname: text('address_lname').notNull().default(''),
  ...timestamps,
});
