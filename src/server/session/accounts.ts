/**
 * Customers, their contacts, users and service addresses: creating them (the demo seed now, the
 * signup order later, both in one transaction) and reading what the session endpoints show.
 */
import { asc, eq } from 'drizzle-orm';
import { PERMISSION_CATEGORIES, type PermissionCategory } from '#shared/constants';
import type { Perms } from '#shared/permissions';
import type { BillingAddress, ContactInfo, PostalAddress } from '#shared/session/types';
import type { Executor } from '../db/client.ts';
import {
  contacts,
  customerBilling,
  customers,
  serviceAddresses,
  users,
  type CUSTOMER_KINDS,
} from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
type UserPermissionColumns = Pick<
  UserRow,
  `${PermissionCategory}${'View' | 'Manage'}` & keyof UserRow
>;

/** Flags for each category, as in {@link Perms}; categories left out are all false. */
export type PermissionGrant = Partial<Record<PermissionCategory, 'view' | 'manage'>>;

export const ALL_PERMISSIONS: PermissionGrant = Object.fromEntries(
  PERMISSION_CATEGORIES.map((category) => [category, 'manage']),
);

export function permissionColumns(grant: PermissionGrant): UserPermissionColumns {
  const columns: Record<string, boolean> = {};
  for (const category of PERMISSION_CATEGORIES) {
    const level = grant[category];
    columns[`${category}View`] = level === 'view' || level === 'manage';
    columns[`${category}Manage`] = level === 'manage';
  }
  return columns as unknown as UserPermissionColumns;
}

export function permsOf(user: UserRow): Required<Perms> {
  const row = user as unknown as Record<string, boolean>;
  return Object.fromEntries(
    PERMISSION_CATEGORIES.map((category) => [
      category,
      { has_view: row[`${category}View`], has_manage: row[`${category}Manage`] },
    ]),
  ) as Required<Perms>;
}

export interface NewContact {
  firstName: string;
  middleInitial?: string;
  lastName: string;
  business?: string;
  /** YYYY-MM-DD */
  dob?: string | null;
  phone: string;
  email: string;
}

export interface NewAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zipCode: string;
  fname?: string;
  lname?: string;
}

export interface NewCustomerAccount {
  kind?: (typeof CUSTOMER_KINDS)[number];
  businessName?: string;
  contact: NewContact;
  user: {
    username: string;
    passwordHash: string;
    permissions: PermissionGrant;
    siteAdmin?: boolean;
    primaryAdmin?: boolean;
  };
  serviceAddress?: NewAddress;
  billing?: {
    automatic?: boolean;
    paperInvoice?: boolean;
    contracted?: boolean;
    /** Left out: the billing address is the service address. Null: none on file. */
    address?: NewAddress | null;
  };
}

/**
 * Creates a customer with its owner contact, a login, a service address and a billing record.
 * Pass a transaction so that a failure leaves nothing half-written.
 */
export async function createCustomerAccount(tx: Executor, input: NewCustomerAccount) {
  const [customer] = await tx
    .insert(customers)
    .values({ kind: input.kind ?? 'residential', businessName: input.businessName ?? '' })
    .returning({ cid: customers.cid });
  const [contact] = await tx
    .insert(contacts)
    .values({
      cid: customer.cid,
      firstName: input.contact.firstName,
      middleInitial: input.contact.middleInitial ?? '',
      lastName: input.contact.lastName,
      business: input.contact.business ?? input.businessName ?? '',
      dob: input.contact.dob ?? null,
      phone: input.contact.phone,
      email: input.contact.email,
    })
    .returning({ contactId: contacts.contactId });
  const [user] = await tx
    .insert(users)
    .values({
      username: input.user.username,
      passwordHash: input.user.passwordHash,
      cid: customer.cid,
      contactId: contact.contactId,
      siteAdmin: input.user.siteAdmin ?? false,
      primaryAdmin: input.user.primaryAdmin ?? true,
      ...permissionColumns(input.user.permissions),
    })
    .returning({ uid: users.uid });
  const service = input.serviceAddress;
  if (service) {
    await tx.insert(serviceAddresses).values({
      cid: customer.cid,
      line1: service.line1,
      line2: service.line2 ?? '',
      city: service.city,
      state: service.state,
      zipCode: service.zipCode,
      fname: service.fname ?? input.contact.firstName,
      lname: service.lname ?? input.contact.lastName,
    });
  }
  const billing = input.billing ?? {};
  const billTo =
    billing.address === undefined
      ? service && {
          ...service,
          fname: service.fname ?? input.contact.firstName,
          lname: service.lname ?? input.contact.lastName,
        }
      : billing.address;
  await tx.insert(customerBilling).values({
    cid: customer.cid,
    automatic: billing.automatic ?? false,
    paperInvoice: billing.paperInvoice ?? false,
    contracted: billing.contracted ?? false,
    addressLine1: billTo?.line1 ?? null,
    addressLine2: billTo?.line2 ?? '',
    addressCity: billTo?.city ?? '',
    addressState: billTo?.state ?? '',
    addressZipCode: billTo?.zipCode ?? '',
    addressFname: billTo?.fname ?? '',
    addressLname: billTo?.lname ?? '',
  });
  return { cid: customer.cid, contactId: contact.contactId, uid: user.uid };
}

export async function findUserByUsername(db: Executor, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  return user;
}

export async function findUser(db: Executor, uid: number) {
  const [user] = await db.select().from(users).where(eq(users.uid, uid));
  return user;
}

export function displayName(contact: ContactRow): string {
  const initial = contact.middleInitial ? ` ${contact.middleInitial}.` : '';
  const person = `${contact.firstName}${initial} ${contact.lastName}`.trim();
  return person || contact.business;
}

export function contactInfo(contact: ContactRow): ContactInfo {
  return {
    name: displayName(contact),
    first_name: contact.firstName,
    middle_initial: contact.middleInitial,
    last_name: contact.lastName,
    business: contact.business,
    dob: contact.dob ?? '',
    phone: contact.phone,
    email: contact.email,
  };
}

export async function contactOf(db: Executor, contactId: number): Promise<ContactRow> {
  const [contact] = await db.select().from(contacts).where(eq(contacts.contactId, contactId));
  return contact;
}

export async function serviceAddressOf(db: Executor, cid: number): Promise<PostalAddress | null> {
  const [address] = await db
    .select()
    .from(serviceAddresses)
    .where(eq(serviceAddresses.cid, cid))
    .orderBy(asc(serviceAddresses.id))
    .limit(1);
  if (!address) return null;
  return {
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    zip_code: address.zipCode,
    fname: address.fname,
    lname: address.lname,
  };
}

export function formatAddress(address: Omit<PostalAddress, 'fname' | 'lname'>): string {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${address.state} ${address.zip_code}`;
}

export function billingAddressOf(
  billing: typeof customerBilling.$inferSelect,
): BillingAddress | null {
  if (!billing.addressLine1) return null;
  const address = {
    line1: billing.addressLine1,
    line2: billing.addressLine2,
    city: billing.addressCity,
    state: billing.addressState,
    zip_code: billing.addressZipCode,
    fname: billing.addressFname,
    lname: billing.addressLname,
  };
  return { ...address, formatted_address: formatAddress(address) };
}
