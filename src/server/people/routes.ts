/**
 * Authorized contacts and users (portal.md §7 "Contacts and users", docs/people.md). The
 * `admin_` variants are the same calls made by a site admin acting for the customer: they are
 * open only to a proxied session, and the admin may grant any right. Every query is scoped by
 * the session's customer: another customer's contact id is a 404 like one that does not exist.
 */
import type { Context, Hono } from 'hono';
import { PEOPLE_FIELD_MESSAGES, PEOPLE_MESSAGES } from '#shared/people/messages';
import { parseRecordId } from '#shared/billing/schemas';
import {
  ContactPatchSchema,
  ContactQuerySchema,
  ContactSchema,
  ConvertUserSchema,
  DeleteUserQuerySchema,
  NewUserSchema,
  UserPermsSchema,
  UserQuerySchema,
  contactAddressErrors,
  type Contact,
} from '#shared/people/schemas';
import type { AuthorizedContact, AuthorizedContactList } from '#shared/people/types';
import { peopleActivity } from '../activity/people.ts';
import { permsOf } from '../session/accounts.ts';
import { requireSession } from '../session/session.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { conflict, notFound, validationFailed } from '../http/errors.ts';
import { parseWith, readJson, readQuery } from '../http/validate.ts';
import {
  contactInput,
  contactView,
  deleteContactRow,
  findContact,
  findContactByUsername,
  insertContact,
  listContacts,
  updateContact,
  userRecord,
  type ContactRecord,
} from './store.ts';
import { checkLoginContactChange, noteEmailChange } from './recovery-change.ts';
import { changePerms, checkNewLogin, granterOf, grantLogin, removeLogin } from './users.ts';

/** The address rule, on top of the schema (its fields named in a 422). */
function checkAddress(contact: Contact): Contact {
  const errors = contactAddressErrors(contact);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return contact;
}

function pathContactId(c: Context<AppEnv>): number {
  const id = parseRecordId(c.req.param('contact_id') ?? '');
  if (id === null) throw notFound(PEOPLE_MESSAGES.contactNotFound);
  return id;
}

async function contactOr404(
  db: Executor,
  cid: number,
  contactId: number,
  lock = false,
): Promise<ContactRecord> {
  const record = await findContact(db, cid, contactId, { lock });
  if (!record) throw notFound(PEOPLE_MESSAGES.contactNotFound);
  return record;
}

async function viewOf(db: Executor, cid: number, contactId: number): Promise<AuthorizedContact> {
  return contactView(await contactOr404(db, cid, contactId));
}

function registerChanges(api: Hono<AppEnv>, prefix: '' | 'admin_') {
  const asSiteAdmin = prefix === 'admin_';
  const contactsPath = `/user/${prefix}authorized_contacts`;
  const usersPath = `/user/${prefix}authorized_users`;

  api.post(contactsPath, async (c) => {
    const session = await requireSession(c);
    const body = checkAddress(await readJson(c, ContactSchema));
    const { db } = c.var.deps.database;
    const contactId = await db.transaction(async (tx) => {
      const id = await insertContact(tx, session.user.cid, body);
      await peopleActivity.contactAdded(tx, c, body.name);
      return id;
    });
    return c.json(await viewOf(db, session.user.cid, contactId), 201);
  });

  api.patch(`${contactsPath}/:contact_id`, async (c) => {
    const session = await requireSession(c);
    const contactId = pathContactId(c);
    const patch = await readJson(c, ContactPatchSchema);
    const granter = granterOf(session, asSiteAdmin);
    const { db } = c.var.deps.database;
    const deliver = await db.transaction(async (tx) => {
      const record = await contactOr404(tx, session.user.cid, contactId, true);
      const merged = { ...contactInput(contactView(record)), ...patch };
      const next = checkAddress(parseWith(ContactSchema, merged));
      let notice: () => void = () => undefined;
      // A login's contact (docs/people.md "A login's recovery").
      if (record.user) {
        const before = record.contact;
        const changed = checkLoginContactChange(session, granter, record.user, before, next);
        if (changed.includes('email')) {
          notice = await noteEmailChange(c, tx, record.user, {
            oldEmail: before.email,
            newEmail: next.email,
            by: granter.actor,
          });
        }
      }
      await updateContact(tx, record, next);
      const was = contactInput(contactView(record)) as Record<string, unknown>;
      const fields = Object.keys(patch).filter(
        (key) => was[key] !== (next as Record<string, unknown>)[key],
      );
      await peopleActivity.contactChanged(tx, c, contactView(record).name, fields);
      return notice;
    });
    deliver();
    return c.json(await viewOf(db, session.user.cid, contactId));
  });

  api.delete(`${contactsPath}/:contact_id`, async (c) => {
    const session = await requireSession(c);
    const contactId = pathContactId(c);
    const granter = granterOf(session, asSiteAdmin);
    await c.var.deps.database.db.transaction(async (tx) => {
      const record = await contactOr404(tx, session.user.cid, contactId, true);
      if (record.user) await removeLogin(c, tx, granter, record.user, 'deleted');
      await deleteContactRow(tx, contactId);
      await peopleActivity.contactRemoved(tx, c, contactView(record).name);
    });
    return c.json({ msg: PEOPLE_MESSAGES.contactDeleted });
  });

  api.post(usersPath, async (c) => {
    const session = await requireSession(c);
    const { uid, password, perms, ...fields } = await readJson(c, NewUserSchema);
    const contact = checkAddress(fields);
    const granter = granterOf(session, asSiteAdmin);
    const { db } = c.var.deps.database;
    const login = { uid, password, perms };
    const hash = await checkNewLogin(db, login, [contact.name, contact.email]);
    const contactId = await db.transaction(async (tx) => {
      const id = await insertContact(tx, session.user.cid, contact);
      const record = await contactOr404(tx, session.user.cid, id, true);
      await grantLogin(c, tx, granter, record, login, hash);
      await peopleActivity.userAdded(tx, c, login.uid, login.perms);
      return id;
    });
    return c.json(await viewOf(db, session.user.cid, contactId), 201);
  });

  api.put(`${usersPath}/:contact_id`, async (c) => {
    const session = await requireSession(c);
    const contactId = pathContactId(c);
    const body = await readJson(c, ConvertUserSchema);
    const granter = granterOf(session, asSiteAdmin);
    const { db } = c.var.deps.database;
    if (body.add_perms) {
      const first = await contactOr404(db, session.user.cid, contactId);
      if (first.user) throw conflict(PEOPLE_MESSAGES.alreadyUser);
      const view = contactView(first);
      const hash = await checkNewLogin(db, body, [view.name, view.email]);
      await db.transaction(async (tx) => {
        const record = await contactOr404(tx, session.user.cid, contactId, true);
        await grantLogin(c, tx, granter, record, body, hash);
        await peopleActivity.userAdded(tx, c, body.uid, body.perms);
      });
    } else {
      await db.transaction(async (tx) => {
        const record = await contactOr404(tx, session.user.cid, contactId, true);
        if (!record.user) throw conflict(PEOPLE_MESSAGES.notUser);
        await removeLogin(c, tx, granter, record.user, 'removed');
        await peopleActivity.loginRemoved(tx, c, record.user.username);
      });
    }
    return c.json(await viewOf(db, session.user.cid, contactId));
  });

  api.patch(`${usersPath}/:contact_id`, async (c) => {
    const session = await requireSession(c);
    const contactId = pathContactId(c);
    const body = await readJson(c, UserPermsSchema);
    const granter = granterOf(session, asSiteAdmin);
    const { db } = c.var.deps.database;
    await db.transaction(async (tx) => {
      const record = await contactOr404(tx, session.user.cid, contactId, true);
      if (!record.user) throw conflict(PEOPLE_MESSAGES.notUser);
      await changePerms(c, tx, granter, record.user, body.perms);
      const after = await contactOr404(tx, session.user.cid, contactId);
      await peopleActivity.userRights(
        tx,
        c,
        record.user.username,
        permsOf(record.user),
        after.user ? permsOf(after.user) : {},
      );
    });
    return c.json(await viewOf(db, session.user.cid, contactId));
  });

  api.delete(`${usersPath}/:contact_id`, async (c) => {
    const session = await requireSession(c);
    const contactId = pathContactId(c);
    const { uid } = readQuery(c, DeleteUserQuerySchema);
    const granter = granterOf(session, asSiteAdmin);
    await c.var.deps.database.db.transaction(async (tx) => {
      const record = await contactOr404(tx, session.user.cid, contactId, true);
      if (!record.user) throw conflict(PEOPLE_MESSAGES.notUser);
      if (record.user.username !== uid) throw conflict(PEOPLE_MESSAGES.uidMismatch);
      await removeLogin(c, tx, granter, record.user, 'deleted');
      await deleteContactRow(tx, contactId);
      await peopleActivity.userDeleted(tx, c, record.user.username);
    });
    return c.json({ msg: PEOPLE_MESSAGES.userDeleted });
  });
}

export function registerPeopleRoutes(api: Hono<AppEnv>) {
  api.get('/user/authorized_contacts', async (c) => {
    const session = await requireSession(c);
    const rows = await listContacts(c.var.deps.database.db, session.user.cid);
    return c.json({ contacts: rows.map(contactView) } satisfies AuthorizedContactList);
  });

  api.get('/user/authorized_contact', async (c) => {
    const session = await requireSession(c);
    const { contact_id } = readQuery(c, ContactQuerySchema);
    return c.json(await viewOf(c.var.deps.database.db, session.user.cid, contact_id));
  });

  api.get('/user/authorized_users', async (c) => {
    const session = await requireSession(c);
    const query = readQuery(c, UserQuerySchema);
    const { db } = c.var.deps.database;
    const cid = session.user.cid;
    let record: ContactRecord | undefined;
    if (query.contact_id !== undefined) record = await findContact(db, cid, query.contact_id);
    else if (query.uid !== undefined) record = await findContactByUsername(db, cid, query.uid);
    else throw validationFailed({ contact_id: PEOPLE_FIELD_MESSAGES.userLookup });
    if (query.uid !== undefined && record?.user && record.user.username !== query.uid) {
      record = undefined;
    }
    if (!record?.user) throw notFound(PEOPLE_MESSAGES.userNotFound);
    return c.json(userRecord({ ...record, user: record.user }));
  });

  registerChanges(api, '');
  registerChanges(api, 'admin_');
}
