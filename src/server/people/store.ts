/**
 * Authorized contacts and their users, read and written for one customer at a time: every query
 * here is scoped by `cid`, so no id of another customer's contact ever matches (docs/people.md).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Contact } from '#shared/people/schemas';
import type { AuthorizedContact, AuthorizedUserRecord } from '#shared/people/types';
import {
  displayName,
  formatAddress,
  permsOf,
  type ContactRow,
  type UserRow,
} from '../session/accounts.ts';
import type { Executor } from '../db/client.ts';
import { contactDetails, contacts, users } from '../db/schema.ts';

type DetailsRow = typeof contactDetails.$inferSelect;

export interface ContactRecord {
  contact: ContactRow;
  details: DetailsRow | null;
  user: UserRow | null;
}

/** "Ada Mae Lovelace" → first "Ada Mae", last "Lovelace"; one word is a first name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0], lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

export function contactView(record: ContactRecord): AuthorizedContact {
  const { contact, details: d, user } = record;
  return {
    contact_id: contact.contactId,
    cntid: contact.cid,
    name: displayName(contact),
    title: d?.title ?? '',
    position: d?.position ?? '',
    cmp_name: contact.business,
    email: contact.email,
    phone: contact.phone,
    mobile: d?.mobile ?? '',
    fax: d?.fax ?? '',
    dob: contact.dob ?? '',
    line1: d?.line1 ?? '',
    line2: d?.line2 ?? '',
    city: d?.city ?? '',
    state: d?.state ?? '',
    zip_code: d?.zipCode ?? '',
    zip_ext: d?.zipExt ?? '',
    address_type: d?.addressType ?? 1,
    reminder_type: d?.reminderType ?? 1,
    comments: d?.comments ?? '',
    user: user
      ? { uid: user.username, perms: permsOf(user), primary_admin: user.primaryAdmin }
      : null,
  };
}

/** The fields of a contact as the API takes them (for merging a PATCH onto). */
export function contactInput(view: AuthorizedContact): Contact {
  const { contact_id: _id, cntid: _cntid, user: _user, ...fields } = view;
  return fields;
}

export async function listContacts(db: Executor, cid: number): Promise<ContactRecord[]> {
  const rows = await db
    .select({ contact: contacts, details: contactDetails, user: users })
    .from(contacts)
    .leftJoin(contactDetails, eq(contactDetails.contactId, contacts.contactId))
    .leftJoin(users, eq(users.contactId, contacts.contactId))
    .where(eq(contacts.cid, cid))
    .orderBy(asc(contacts.contactId));
  return rows;
}

/** One contact of this customer, or undefined (another customer's id included). */
export async function findContact(
  db: Executor,
  cid: number,
  contactId: number,
  options: { lock?: boolean } = {},
): Promise<ContactRecord | undefined> {
  const query = db
    .select({ contact: contacts, details: contactDetails, user: users })
    .from(contacts)
    .leftJoin(contactDetails, eq(contactDetails.contactId, contacts.contactId))
    .leftJoin(users, eq(users.contactId, contacts.contactId))
    .where(and(eq(contacts.cid, cid), eq(contacts.contactId, contactId)));
  const [row] = options.lock ? await query.for('update', { of: contacts }) : await query;
  return row;
}

export async function findContactByUsername(db: Executor, cid: number, username: string) {
  const [row] = await db
    .select({ contactId: users.contactId })
    .from(users)
    .where(and(eq(users.cid, cid), eq(users.username, username)));
  return row ? findContact(db, cid, row.contactId) : undefined;
}

/** The customer's users (for the rule that someone keeps contacts manage). */
export async function usersOf(db: Executor, cid: number): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.cid, cid)).for('update');
}

function detailsValues(input: Contact) {
  return {
    title: input.title,
    position: input.position,
    mobile: input.mobile,
    fax: input.fax,
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
    zipExt: input.zip_ext,
    addressType: input.address_type,
    reminderType: input.reminder_type,
    comments: input.comments,
  };
}

export async function insertContact(db: Executor, cid: number, input: Contact): Promise<number> {
  const [row] = await db
    .insert(contacts)
    .values({
      cid,
      ...splitName(input.name),
      business: input.cmp_name,
      dob: input.dob || null,
      phone: input.phone,
      email: input.email,
    })
    .returning({ contactId: contacts.contactId });
  await db.insert(contactDetails).values({ contactId: row.contactId, ...detailsValues(input) });
  return row.contactId;
}

export async function updateContact(db: Executor, record: ContactRecord, input: Contact) {
  const nameChanged = input.name !== displayName(record.contact);
  await db
    .update(contacts)
    .set({
      ...(nameChanged ? { ...splitName(input.name), middleInitial: '' } : {}),
      business: input.cmp_name,
      dob: input.dob || null,
      phone: input.phone,
      email: input.email,
      updatedAt: new Date(),
    })
    .where(eq(contacts.contactId, record.contact.contactId));
  const values = { ...detailsValues(input), updatedAt: new Date() };
  await db
    .insert(contactDetails)
    .values({ contactId: record.contact.contactId, ...values })
    .onConflictDoUpdate({ target: contactDetails.contactId, set: values });
}

export async function deleteContactRow(db: Executor, contactId: number) {
  await db.delete(contacts).where(eq(contacts.contactId, contactId));
}

/** GET /user/authorized_users: the user as billing, the login directory and the portal hold it. */
export function userRecord(record: ContactRecord & { user: UserRow }): AuthorizedUserRecord {
  const view = contactView(record);
  const { user } = record;
  const address = view.line1
    ? formatAddress({
        line1: view.line1,
        line2: view.line2,
        city: view.city,
        state: view.state,
        zip_code: view.zip_ext ? `${view.zip_code}-${view.zip_ext}` : view.zip_code,
      })
    : '';
  return {
    billing: {
      contact_id: view.contact_id,
      cntid: view.cntid,
      name: view.name,
      cmp_name: view.cmp_name,
      email: view.email,
      phone: view.phone,
      reminder_type: view.reminder_type,
      address_type: view.address_type,
      formatted_address: address,
    },
    ldap: {
      uid: user.username,
      cn: view.name,
      mail: view.email,
      login_enabled: true,
      password_changed_at: user.passwordChangedAt.toISOString(),
    },
    db: {
      uid: user.username,
      perms: permsOf(user),
      primary_admin: user.primaryAdmin,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    },
  };
}

/** Whether a username is taken anywhere in the product (compared as stored: lowercase). */
export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return row !== undefined;
}
