/**
 * Authorized contacts and users (portal.md §3, §5, §6, §7; issue 13): every field with the shared
 * rules, contacts made users and back, the rules of granting (no escalation, the primary admin,
 * someone keeps contacts manage), the audit log, sessions ended with the login, the admin_
 * variants, and two customers that never reach each other's contacts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADDRESS_TYPES, REMINDER_TYPES } from '../../src/shared/constants.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { PASSWORD_MESSAGES, USERNAME_MESSAGES } from '../../src/shared/messages/account.ts';
import { PEOPLE_FIELD_MESSAGES, PEOPLE_MESSAGES } from '../../src/shared/people/messages.ts';
import type {
  AuthorizedContact,
  AuthorizedContactList,
  AuthorizedUserRecord,
} from '../../src/shared/people/types.ts';
import {
  ALL_PERMISSIONS,
  permissionColumns,
  type PermissionGrant,
} from '../../src/server/session/accounts.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { auditLog, contacts, users } from '../../src/server/db/schema.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STRONG = 'Copper-Meadow-Violin-88';

const FULL_CONTACT = {
  name: 'Brenda Bookkeeper',
  title: 'Ms',
  position: 'Bookkeeper',
  cmp_name: 'Acme Widgets',
  email: 'brenda@acme.example',
  phone: '(801) 555-0101',
  mobile: '(801) 555-0102',
  fax: '(801) 555-0103',
  dob: '1980-02-03',
  line1: '12 Ledger Lane',
  line2: 'Suite 3',
  city: 'Provo',
  state: 'UT',
  zip_code: '84601',
  zip_ext: '1234',
  address_type: ADDRESS_TYPES.Home,
  reminder_type: REMINDER_TYPES.Fax,
  comments: 'Pays the bills on Fridays',
};

let seq = 0;
function uniqueName(prefix: string) {
  seq += 1;
  return `${prefix}${seq}x${Date.now().toString(36)}`;
}

/** A customer whose primary admin holds `permissions` (every right by default), logged in. */
async function customer(permissions: PermissionGrant = ALL_PERMISSIONS) {
  const owner = await createUser(t, { permissions });
  return { ...owner, client: await login(t, owner.username, owner.password) };
}

async function json<T>(response: Response, status: number): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

async function addContact(client: CookieClient, fields: Record<string, unknown> = {}) {
  return json<AuthorizedContact>(
    await client.post('/user/authorized_contacts', { ...FULL_CONTACT, ...fields }),
    201,
  );
}

async function addUser(
  client: CookieClient,
  perms: Record<string, unknown>,
  uid = uniqueName('u'),
) {
  const contact = await addContact(client, { email: `${uid}@acme.example` });
  const made = await json<AuthorizedContact>(
    await client.put(`/user/authorized_users/${contact.contact_id}`, {
      add_perms: true,
      uid,
      password: STRONG,
      perms,
    }),
    200,
  );
  return { contact: made, uid };
}

async function listOf(client: CookieClient) {
  return (await json<AuthorizedContactList>(await client.get('/user/authorized_contacts'), 200))
    .contacts;
}

async function contactCount() {
  return (await t.database.db.select().from(contacts)).length;
}

describe('authorized contacts', () => {
  it('keeps every field of a contact and lists it with the owner', async () => {
    const { client, cid, contactId } = await customer();
    const added = await addContact(client);
    expect(added).toMatchObject({ ...FULL_CONTACT, cntid: cid, user: null });
    const list = await listOf(client);
    expect(list.map((c) => c.contact_id)).toEqual([contactId, added.contact_id]);
    expect(list[0].user).toMatchObject({ primary_admin: true });
    const one = await json<AuthorizedContact>(
      await client.get(`/user/authorized_contact?contact_id=${added.contact_id}`),
      200,
    );
    expect(one).toEqual(added);
  });

  it('refuses bad fields by name, with the shared messages, and writes nothing', async () => {
    const { client } = await customer();
    const before = await contactCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '801-555-0101' }, 'phone', FIELD_MESSAGES.phone],
      [{ email: 'not-an-email' }, 'email', FIELD_MESSAGES.email],
      [{ zip_code: '8460' }, 'zip_code', FIELD_MESSAGES.zip],
      [{ zip_ext: '12' }, 'zip_ext', PEOPLE_FIELD_MESSAGES.zipExt],
      [{ state: 'XX' }, 'state', FIELD_MESSAGES.state],
      [{ fax: '555' }, 'fax', PEOPLE_FIELD_MESSAGES.fax],
      [{ name: '' }, 'name', PEOPLE_FIELD_MESSAGES.name],
      [{ dob: '2999-01-01' }, 'dob', FIELD_MESSAGES.dateOfBirth],
      [{ address_type: 3 }, 'address_type', PEOPLE_FIELD_MESSAGES.addressType],
      [{ reminder_type: 5 }, 'reminder_type', PEOPLE_FIELD_MESSAGES.reminderType],
      [{ city: '' }, 'city', PEOPLE_FIELD_MESSAGES.addressIncomplete],
    ];
    for (const [fields, field, message] of cases) {
      const response = await client.post('/user/authorized_contacts', {
        ...FULL_CONTACT,
        ...fields,
      });
      const body = await json<{ errors: Record<string, string> }>(response, 422);
      expect(body.errors[field], field).toBe(message);
    }
    expect(await contactCount()).toBe(before);
  });

  it('takes a contact with only a name, an email and a phone', async () => {
    const { client } = await customer();
    const added = await addContact(client, {
      ...Object.fromEntries(Object.keys(FULL_CONTACT).map((k) => [k, undefined])),
      name: 'Ian Tech',
      email: 'ian@acme.example',
      phone: '(801) 555-0199',
    });
    expect(added).toMatchObject({ name: 'Ian Tech', line1: '', address_type: 1, reminder_type: 1 });
  });

  it('changes the fields a PATCH names, checks the result whole, and deletes', async () => {
    const { client } = await customer();
    const added = await addContact(client);
    const path = `/user/authorized_contacts/${added.contact_id}`;
    const patched = await json<AuthorizedContact>(
      await client.patch(path, { position: 'Controller', phone: '(801) 555-0111' }),
      200,
    );
    expect(patched).toMatchObject({
      ...FULL_CONTACT,
      position: 'Controller',
      phone: '(801) 555-0111',
    });
    const bad = await json<{ errors: Record<string, string> }>(
      await client.patch(path, { zip_code: '' }),
      422,
    );
    expect(bad.errors.zip_code).toBe(PEOPLE_FIELD_MESSAGES.addressIncomplete);
    expect((await listOf(client)).find((c) => c.contact_id === added.contact_id)).toEqual(patched);
    await json(await client.delete(path), 200);
    expect(
      (await client.get(`/user/authorized_contact?contact_id=${added.contact_id}`)).status,
    ).toBe(404);
  });
});

describe('contacts made users', () => {
  it('makes a contact a user who logs in with only the rights given, and back', async () => {
    const { client } = await customer();
    const { contact, uid } = await addUser(client, { payments: { has_view: true } });
    expect(contact.user).toMatchObject({
      uid,
      primary_admin: false,
      perms: { payments: { has_view: true, has_manage: false }, services: { has_view: false } },
    });
    const bookkeeper = await login(t, uid, STRONG);
    expect((await bookkeeper.get('/billing/bills')).status).toBe(200);
    expect((await bookkeeper.get('/user/authorized_contacts')).status).toBe(403);

    const record = await json<AuthorizedUserRecord>(
      await client.get(`/user/authorized_users?contact_id=${contact.contact_id}`),
      200,
    );
    expect(record.billing).toMatchObject({
      contact_id: contact.contact_id,
      name: FULL_CONTACT.name,
      reminder_type: REMINDER_TYPES.Fax,
    });
    expect(record.billing.formatted_address).toContain('84601-1234');
    expect(record.ldap).toMatchObject({ uid, mail: contact.email, login_enabled: true });
    expect(record.db).toMatchObject({ uid, primary_admin: false });
    expect(await json(await client.get(`/user/authorized_users?uid=${uid}`), 200)).toEqual(record);

    // Made a contact again: the session ends at once and the contact stays.
    const back = await json<AuthorizedContact>(
      await client.put(`/user/authorized_users/${contact.contact_id}`, { add_perms: false }),
      200,
    );
    expect(back.user).toBeNull();
    expect((await bookkeeper.get('/user/profile')).status).toBe(401);
    expect((await bookkeeper.post('/auth/refresh_token', {})).status).toBe(401);
  });

  it('treats manage as view too', async () => {
    const { client } = await customer();
    const { contact } = await addUser(client, { services: { has_manage: true } });
    expect(contact.user?.perms.services).toEqual({ has_view: true, has_manage: true });
  });

  it('creates a contact and its user in one call', async () => {
    const { client } = await customer();
    const uid = uniqueName('it');
    const made = await json<AuthorizedContact>(
      await client.post('/user/authorized_users', {
        ...FULL_CONTACT,
        uid,
        password: STRONG,
        perms: { services: { has_view: true, has_manage: true } },
      }),
      201,
    );
    expect(made.user).toMatchObject({ uid });
    await login(t, uid, STRONG);
  });

  it('holds the username and password rules, and usernames are unique in the product', async () => {
    const { client } = await customer();
    const contact = await addContact(client);
    const path = `/user/authorized_users/${contact.contact_id}`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ uid: 'Bad' }, 'uid', USERNAME_MESSAGES.firstCharacter],
      [{ uid: 'ab' }, 'uid', USERNAME_MESSAGES.tooShort],
      [{ uid: `a${'b'.repeat(48)}` }, 'uid', USERNAME_MESSAGES.tooLong],
      [{ uid: 'bad.name' }, 'uid', USERNAME_MESSAGES.characters],
      [{ uid: 'demo' }, 'uid', PEOPLE_MESSAGES.usernameTaken],
      [{ password: 'short' }, 'password', PASSWORD_MESSAGES.tooShort],
      [{ password: 'aaaaaaaaaaaaaaaa' }, 'password', PASSWORD_MESSAGES.scoreTooLow],
    ];
    for (const [fields, field, message] of cases) {
      const body = await json<{ errors: Record<string, string> }>(
        await client.put(path, {
          add_perms: true,
          uid: uniqueName('n'),
          password: STRONG,
          ...fields,
        }),
        422,
      );
      expect(body.errors[field], JSON.stringify(fields)).toBe(message);
    }
    const after = await listOf(client);
    expect(after.find((c) => c.contact_id === contact.contact_id)?.user).toBeNull();
  });

  it('refuses to make a user of a user, or a contact of a contact', async () => {
    const { client } = await customer();
    const { contact } = await addUser(client, {});
    const path = `/user/authorized_users/${contact.contact_id}`;
    const again = await client.put(path, {
      add_perms: true,
      uid: uniqueName('z'),
      password: STRONG,
    });
    expect((await json<{ msg: string }>(again, 409)).msg).toBe(PEOPLE_MESSAGES.alreadyUser);
    await json(await client.put(path, { add_perms: false }), 200);
    const twice = await client.put(path, { add_perms: false });
    expect((await json<{ msg: string }>(twice, 409)).msg).toBe(PEOPLE_MESSAGES.notUser);
  });

  it('deletes a user with its contact when the uid matches, ending its sessions', async () => {
    const { client } = await customer();
    const { contact, uid } = await addUser(client, { account: { has_view: true } });
    const session = await login(t, uid, STRONG);
    const path = `/user/authorized_users/${contact.contact_id}`;
    expect((await json<{ msg: string }>(await client.delete(`${path}?uid=other`), 409)).msg).toBe(
      PEOPLE_MESSAGES.uidMismatch,
    );
    await json(await client.delete(`${path}?uid=${uid}`), 200);
    expect((await session.get('/user/profile')).status).toBe(401);
    expect((await listOf(client)).some((c) => c.contact_id === contact.contact_id)).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, uid));
    expect(row).toBeUndefined();
  });
});

describe('the rules of granting', () => {
  /** A customer's second user who manages contacts and sees payments, but nothing more. */
  async function limitedManager() {
    const owner = await customer();
    const { uid } = await addUser(owner.client, {
      contacts: { has_manage: true },
      payments: { has_view: true },
    });
    return { owner, manager: await login(t, uid, STRONG) };
  }

  it('refuses a right the granter does not hold, before writing anything', async () => {
    const { manager } = await limitedManager();
    const contact = await addContact(manager);
    const path = `/user/authorized_users/${contact.contact_id}`;
    for (const perms of [
      { payments: { has_manage: true } },
      { services: { has_view: true } },
      { admin: { has_view: true } },
    ]) {
      const refused = await client403(
        manager.put(path, { add_perms: true, uid: uniqueName('e'), password: STRONG, perms }),
      );
      expect(refused).toMatch(/^You cannot grant/);
    }
    expect(
      (await listOf(manager)).find((c) => c.contact_id === contact.contact_id)?.user,
    ).toBeNull();
    await json(
      await manager.put(path, {
        add_perms: true,
        uid: uniqueName('ok'),
        password: STRONG,
        perms: { payments: { has_view: true }, contacts: { has_view: true } },
      }),
      200,
    );
  });

  it('refuses to take away a right the granter does not hold, or to raise their own', async () => {
    const { owner, manager } = await limitedManager();
    const { contact } = await addUser(owner.client, { services: { has_view: true } });
    const refused = await client403(
      manager.patch(`/user/authorized_users/${contact.contact_id}`, { perms: {} }),
    );
    expect(refused).toContain('Services');
    const mine = (await listOf(manager)).find(
      (c) => c.user && c.user.perms.contacts.has_manage && !c.user.primary_admin,
    )!;
    const raise = await client403(
      manager.patch(`/user/authorized_users/${mine.contact_id}`, {
        perms: { contacts: { has_manage: true }, payments: { has_manage: true } },
      }),
    );
    expect(raise).toContain('Payments');
  });

  it('never demotes or deletes the primary admin', async () => {
    const { client, contactId } = await customer();
    const { uid } = await addUser(client, { contacts: { has_manage: true } });
    const other = await login(t, uid, STRONG);
    for (const [, response] of [
      [
        'owner',
        client.patch(`/user/authorized_users/${contactId}`, {
          perms: { contacts: { has_manage: true } },
        }),
      ],
      ['owner', client.put(`/user/authorized_users/${contactId}`, { add_perms: false })],
      ['other', other.put(`/user/authorized_users/${contactId}`, { add_perms: false })],
      ['other', other.delete(`/user/authorized_contacts/${contactId}`)],
    ] as const) {
      const body = await json<{ msg: string }>(await response, 409);
      expect(body.msg).toBe(PEOPLE_MESSAGES.primaryAdmin);
    }
    const owner = (await listOf(client)).find((c) => c.contact_id === contactId)!;
    expect(owner.user?.perms.admin.has_manage).toBe(true);
  });

  it('keeps someone with contacts manage', async () => {
    // The primary admin only sees contacts; one other user manages them.
    const owner = await customer({ account: 'manage', contacts: 'view' });
    const uid = uniqueName('mgr');
    const [contact] = await t.database.db
      .insert(contacts)
      .values({
        cid: owner.cid,
        firstName: 'Mia',
        lastName: 'Manager',
        email: 'mia@x.example',
        phone: '(801) 555-0123',
      })
      .returning();
    await t.database.db.insert(users).values({
      username: uid,
      passwordHash: await hashPassword(STRONG),
      cid: owner.cid,
      contactId: contact.contactId,
      ...permissionColumns({ contacts: 'manage' }),
    });
    const manager = await login(t, uid, STRONG);
    const path = `/user/authorized_users/${contact.contactId}`;
    for (const response of [
      manager.patch(path, { perms: { contacts: { has_view: true } } }),
      manager.put(path, { add_perms: false }),
      manager.delete(`${path}?uid=${uid}`),
    ]) {
      expect((await json<{ msg: string }>(await response, 409)).msg).toBe(
        PEOPLE_MESSAGES.lastContactsManager,
      );
    }
    // With a second manager, the first may step down.
    await addUser(manager, { contacts: { has_manage: true } });
    await json(await manager.patch(path, { perms: { contacts: { has_view: true } } }), 200);
  });

  it('writes every change of rights to the audit log with who made it', async () => {
    const { client, username } = await customer();
    const { contact, uid } = await addUser(client, { payments: { has_view: true } });
    await json(
      await client.patch(`/user/authorized_users/${contact.contact_id}`, {
        perms: { payments: { has_manage: true } },
      }),
      200,
    );
    await json(
      await client.put(`/user/authorized_users/${contact.contact_id}`, { add_perms: false }),
      200,
    );
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'permissions_changed'), eq(auditLog.username, uid)));
    expect(rows.map((r) => [r.actor, (r.detail as { change: string }).change])).toEqual([
      [username, 'granted'],
      [username, 'changed'],
      [username, 'removed'],
    ]);
    expect((rows[1].detail as { after: { payments: unknown } }).after.payments).toEqual({
      has_view: true,
      has_manage: true,
    });
  });
});

async function client403(response: Promise<Response>): Promise<string> {
  const body = await json<{ msg: string; title: string }>(await response, 403);
  expect(body.title).toBe('Cannot grant');
  return body.msg;
}

describe('the admin_ variants', () => {
  it('are for a site admin acting as the customer, who may grant any right', async () => {
    const owner = await customer({ account: 'manage', contacts: 'manage' });
    const contact = await addContact(owner.client);
    const path = `/user/admin_authorized_users/${contact.contact_id}`;
    const body = {
      add_perms: true,
      uid: uniqueName('adm'),
      password: STRONG,
      perms: { services: { has_manage: true } },
    };
    expect((await owner.client.put(path, body)).status).toBe(403);

    const admin = await login(t, 'admin');
    await json(await admin.post('/admin/proxy', { cid: owner.cid }), 200);
    const made = await json<AuthorizedContact>(await admin.put(path, body), 200);
    expect(made.user?.perms.services.has_manage).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'permissions_changed'), eq(auditLog.username, body.uid)));
    expect(row.actor).toBe('admin');
    // The primary admin rule holds for the admin too.
    const own = await admin.put(`/user/admin_authorized_users/${owner.contactId}`, {
      add_perms: false,
    });
    expect((await json<{ msg: string }>(own, 409)).msg).toBe(PEOPLE_MESSAGES.primaryAdmin);
  });
});

describe('two customers', () => {
  it('never see or change each other’s contacts or users through any id', async () => {
    const a = await customer();
    const b = await customer();
    const { contact, uid } = await addUser(a.client, { payments: { has_view: true } });
    const plain = await addContact(a.client);
    const before = await listOf(a.client);
    const attempts: [string, string, unknown?][] = [];
    for (const id of [contact.contact_id, plain.contact_id, a.contactId]) {
      attempts.push(
        ['GET', `/user/authorized_contact?contact_id=${id}`],
        ['GET', `/user/authorized_users?contact_id=${id}`],
        ['PATCH', `/user/authorized_contacts/${id}`, { name: 'Mallory' }],
        ['DELETE', `/user/authorized_contacts/${id}`],
        ['PUT', `/user/authorized_users/${id}`, { add_perms: false }],
        [
          'PUT',
          `/user/authorized_users/${id}`,
          { add_perms: true, uid: uniqueName('m'), password: STRONG },
        ],
        ['PATCH', `/user/authorized_users/${id}`, { perms: {} }],
        ['DELETE', `/user/authorized_users/${id}?uid=${uid}`],
      );
    }
    attempts.push(
      ['GET', `/user/authorized_users?uid=${uid}`],
      ['GET', `/user/authorized_users?uid=${a.username}`],
    );
    for (const [method, path, body] of attempts) {
      const response = await b.client.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await listOf(b.client)).map((c) => c.contact_id)).toEqual([b.contactId]);
    expect(await listOf(a.client)).toEqual(before);
    await login(t, uid, STRONG);

    // The same through the admin_ variants while acting as the other customer.
    const admin = await login(t, 'admin');
    await json(await admin.post('/admin/proxy', { cid: b.cid }), 200);
    for (const [method, path] of [
      ['PATCH', `/user/admin_authorized_contacts/${plain.contact_id}`],
      ['DELETE', `/user/admin_authorized_contacts/${plain.contact_id}`],
      ['PUT', `/user/admin_authorized_users/${contact.contact_id}`],
      ['PATCH', `/user/admin_authorized_users/${contact.contact_id}`],
      ['DELETE', `/user/admin_authorized_users/${contact.contact_id}?uid=${uid}`],
    ] as const) {
      const body =
        method === 'DELETE'
          ? undefined
          : method === 'PUT'
            ? { add_perms: false }
            : method === 'PATCH' && path.includes('users')
              ? { perms: {} }
              : { name: 'Mallory' };
      expect((await admin.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(await listOf(a.client)).toEqual(before);
  });
});

describe('PUT /user/info', () => {
  it('updates the logged-in user’s name, business, phone, email and date of birth', async () => {
    const { client } = await customer();
    const info = {
      first_name: 'Grace',
      middle_initial: 'b',
      last_name: 'Hopper',
      business: 'Cobol Works',
      phone: '(801) 555-0144',
      email: 'grace@cobol.example',
      dob: '1906-12-09',
    };
    const saved = await json<Record<string, string>>(await client.put('/user/info', info), 200);
    expect(saved).toMatchObject({ ...info, middle_initial: 'B', name: 'Grace B. Hopper' });
    const read = await json<{ info: Record<string, string> }>(await client.get('/user/info'), 200);
    expect(read.info).toEqual(saved);
  });

  it('checks every field again on the server', async () => {
    const { client } = await customer();
    const good = {
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '(801) 555-0144',
      email: 'g@x.example',
    };
    for (const [fields, field, message] of [
      [{ phone: '5550144' }, 'phone', FIELD_MESSAGES.phone],
      [{ email: 'nope' }, 'email', FIELD_MESSAGES.email],
      [{ dob: '1800-01-01' }, 'dob', FIELD_MESSAGES.dateOfBirth],
      [{ first_name: '' }, 'first_name', FIELD_MESSAGES.firstName],
    ] as const) {
      const body = await json<{ errors: Record<string, string> }>(
        await client.put('/user/info', { ...good, ...fields }),
        422,
      );
      expect(body.errors[field]).toBe(message);
    }
  });

  it('needs account manage', async () => {
    const viewer = await customer({ account: 'view' });
    expect((await viewer.client.put('/user/info', {})).status).toBe(403);
  });
});
