/**
 * Who may move a login's recovery (docs/people.md "A login's recovery"): the email address and
 * phone number of a login are changed only by that login or by the primary admin, with a fresh
 * access token; a changed email sends a notice to the old address; for 24 hours after a change
 * a password link goes to the address on file before it, and to the new one only once the notice
 * has gone; and nobody changes anything of a login holding rights they do not hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, like, not } from 'drizzle-orm';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import { PEOPLE_MESSAGES } from '../../src/shared/people/messages.ts';
import type { AuthorizedContact } from '../../src/shared/people/types.ts';
import { ALL_PERMISSIONS, type PermissionGrant } from '../../src/server/session/accounts.ts';
import { settled } from '../../src/server/background.ts';
import { contacts, emailOutbox, users } from '../../src/server/db/schema.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, fromAddress, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STRONG = 'Copper-Meadow-Violin-88';
const HOUR = 3_600_000;

let seq = 0;
function unique(prefix: string) {
  seq += 1;
  return `${prefix}${seq}x${Date.now().toString(36)}`;
}

/** A customer whose primary admin holds `permissions` (every right by default), logged in. */
async function customer(permissions: PermissionGrant = ALL_PERMISSIONS) {
  const owner = await createUser(t, { permissions });
  return {
    ...owner,
    email: `${owner.username}@example.test`,
    client: await login(t, owner.username, owner.password),
  };
}

async function json<T>(response: Response, status: number): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

interface ErrorBody {
  status: number;
  title: string;
  msg: string;
}

/** A second login of the customer, made by its primary admin; logged in (fresh). */
async function addLogin(owner: CookieClient, perms: Record<string, unknown>) {
  const uid = unique('u');
  const email = `${uid}@acme.example`;
  const contact = await json<AuthorizedContact>(
    await owner.post('/user/authorized_users', {
      name: 'Lena Login',
      email,
      phone: '(801) 555-0101',
      position: 'Clerk',
      uid,
      password: STRONG,
      perms,
    }),
    201,
  );
  return { contact, uid, email, client: await login(t, uid, STRONG) };
}

async function addPlainContact(client: CookieClient) {
  return json<AuthorizedContact>(
    await client.post('/user/authorized_contacts', {
      name: 'Paul Plain',
      email: `${unique('p')}@acme.example`,
      phone: '(801) 555-0199',
    }),
    201,
  );
}

async function contactRow(contactId: number) {
  const [row] = await t.database.db
    .select()
    .from(contacts)
    .where(eq(contacts.contactId, contactId));
  return row;
}

/** The mail sent to an address (case-insensitively), oldest first, once queued work is done. */
async function mailTo(address: string) {
  await settled(t.database);
  const rows = await t.database.db.select().from(emailOutbox).orderBy(emailOutbox.id);
  return rows.filter((r) => r.to.toLowerCase() === address.toLowerCase());
}

const isPasswordLink = (mail: { text: string }) => mail.text.includes('/password-update/');

async function passwordLinksTo(address: string) {
  return (await mailTo(address)).filter(isPasswordLink);
}

let addressSeq = 0;
/** Asks for a password link for a username, from an address of its own. */
async function askForPasswordLink(username: string) {
  addressSeq += 1;
  const response = await t
    .client()
    .post('/token/password_recovery', { username }, fromAddress(`198.51.100.${addressSeq}`));
  expect(response.status).toBe(200);
  await settled(t.database);
}

/** Makes the access token of a logged-in client not fresh (as after a refresh). */
async function notFresh(client: CookieClient) {
  expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
}

async function expectFreshTokenRequired(response: Promise<Response>) {
  const body = await json<ErrorBody>(await response, 401);
  expect(body.title).toBe(ERROR_TITLES.freshTokenRequired);
  expect(body.msg).toBe(SESSION_MESSAGES.freshTokenRequired);
}

describe('the attack of the probe', () => {
  it('a contacts-manage user cannot move the primary admin’s recovery email', async () => {
    const owner = await customer();
    const manager = await addLogin(owner.client, { contacts: { has_manage: true } });
    const before = await contactRow(owner.contactId);

    // Accepted with 200 before: the email of the primary admin's contact changed.
    const refused = await json<ErrorBody>(
      await manager.client.patch(`/user/authorized_contacts/${owner.contactId}`, {
        email: 'mallory@evil.example',
      }),
      403,
    );
    expect(refused.msg).toMatch(/^You cannot change a user who holds rights/);
    expect(await contactRow(owner.contactId)).toEqual(before);

    // Not through any other field either, nor the admin_ variant, nor by deleting the login.
    for (const fields of [{ phone: '(801) 555-0666' }, { position: 'Puppet' }]) {
      await json<ErrorBody>(
        await manager.client.patch(`/user/authorized_contacts/${owner.contactId}`, fields),
        403,
      );
    }
    expect(
      (
        await manager.client.patch(`/user/admin_authorized_contacts/${owner.contactId}`, {
          email: 'mallory@evil.example',
        })
      ).status,
    ).toBe(403);
    expect(await contactRow(owner.contactId)).toEqual(before);

    // The recovery mail still goes only to the real address.
    await askForPasswordLink(owner.username);
    expect(await passwordLinksTo(owner.email)).toHaveLength(1);
    expect(await mailTo('mallory@evil.example')).toEqual([]);
  });

  it('a user with every right but not primary admin cannot move another login’s email', async () => {
    const owner = await customer();
    const deputy = await addLogin(owner.client, { admin: { has_manage: true } });
    const clerk = await addLogin(owner.client, { payments: { has_view: true } });
    for (const target of [owner.contactId, clerk.contact.contact_id]) {
      for (const fields of [{ email: 'mallory@evil.example' }, { phone: '(801) 555-0666' }]) {
        const refused = await json<ErrorBody>(
          await deputy.client.patch(`/user/authorized_contacts/${target}`, fields),
          403,
        );
        expect(refused.msg).toBe(PEOPLE_MESSAGES.recoveryFields);
      }
    }
    expect((await contactRow(clerk.contact.contact_id)).email).toBe(clerk.email);
    // The rest of the clerk's contact is the deputy's to change.
    const changed = await json<AuthorizedContact>(
      await deputy.client.patch(`/user/authorized_contacts/${clerk.contact.contact_id}`, {
        position: 'Senior clerk',
      }),
      200,
    );
    expect(changed).toMatchObject({ position: 'Senior clerk', email: clerk.email });
  });
});

describe('a login changes its own email', () => {
  it('needs a fresh token through PUT /user/info, and the old address is told', async () => {
    const owner = await customer();
    await notFresh(owner.client);
    const info = {
      first_name: 'Test',
      last_name: 'Person',
      phone: '(801) 555-0000',
      email: owner.email,
    };
    const newEmail = `${unique('new')}@example.test`;
    // Other fields need no fresh token.
    await json(await owner.client.put('/user/info', { ...info, business: 'Renamed' }), 200);
    await expectFreshTokenRequired(owner.client.put('/user/info', { ...info, email: newEmail }));
    await expectFreshTokenRequired(
      owner.client.put('/user/info', { ...info, phone: '(801) 555-0001' }),
    );
    expect((await contactRow(owner.contactId)).email).toBe(owner.email);
    expect((await contactRow(owner.contactId)).phone).toBe('(801) 555-0000');

    // The password prompt's call, then the same request again.
    await json(
      await owner.client.post('/auth/access_token', {
        username: owner.username,
        password: owner.password,
        store_in_cookies: true,
      }),
      200,
    );
    await json(await owner.client.put('/user/info', { ...info, email: newEmail }), 200);
    expect((await contactRow(owner.contactId)).email).toBe(newEmail);
    const notices = await mailTo(owner.email);
    expect(notices).toHaveLength(1);
    expect(isPasswordLink(notices[0])).toBe(false);
    expect(notices[0].text).toContain(owner.username);
    expect(await mailTo(newEmail)).toEqual([]);
  });

  it('needs a fresh token through its own contact too', async () => {
    const owner = await customer();
    const manager = await addLogin(owner.client, { contacts: { has_manage: true } });
    await notFresh(manager.client);
    const path = `/user/authorized_contacts/${manager.contact.contact_id}`;
    const newEmail = `${unique('own')}@example.test`;
    await expectFreshTokenRequired(manager.client.patch(path, { email: newEmail }));
    expect((await contactRow(manager.contact.contact_id)).email).toBe(manager.email);
    await json(await manager.client.patch(path, { position: 'Head clerk' }), 200);

    const fresh = await login(t, manager.uid, STRONG);
    await json(await fresh.patch(path, { email: newEmail }), 200);
    expect((await contactRow(manager.contact.contact_id)).email).toBe(newEmail);
    expect(await mailTo(manager.email)).toHaveLength(1);
  });

  it('a change of letter case only is no change of address', async () => {
    const owner = await customer();
    await notFresh(owner.client);
    await json(
      await owner.client.put('/user/info', {
        first_name: 'Test',
        last_name: 'Person',
        phone: '(801) 555-0000',
        email: owner.email.toUpperCase(),
      }),
      200,
    );
    expect(await mailTo(owner.email)).toEqual([]);
  });
});

describe('the primary admin', () => {
  it('changes another login’s email with a fresh token; the old address is told', async () => {
    const owner = await customer();
    const clerk = await addLogin(owner.client, { payments: { has_view: true } });
    const path = `/user/authorized_contacts/${clerk.contact.contact_id}`;
    const newEmail = `${unique('moved')}@example.test`;
    await notFresh(owner.client);
    await expectFreshTokenRequired(owner.client.patch(path, { email: newEmail }));
    expect((await contactRow(clerk.contact.contact_id)).email).toBe(clerk.email);

    const fresh = await login(t, owner.username, owner.password);
    const changed = await json<AuthorizedContact>(
      await fresh.patch(path, { email: newEmail, phone: '(801) 555-0102' }),
      200,
    );
    expect(changed).toMatchObject({ email: newEmail, phone: '(801) 555-0102' });
    const notices = await mailTo(clerk.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain(clerk.uid);
  });

  it('a site admin acting as the customer proves who they are first', async () => {
    const owner = await customer();
    const admin = await login(t, 'admin');
    await json(await admin.post('/admin/proxy', { cid: owner.cid }), 200);
    const path = `/user/admin_authorized_contacts/${owner.contactId}`;
    const newEmail = `${unique('adm')}@example.test`;
    await expectFreshTokenRequired(admin.patch(path, { email: newEmail }));
    expect((await contactRow(owner.contactId)).email).toBe(owner.email);
    await json(
      await admin.post('/auth/access_token', {
        username: 'admin',
        password: t.config.demoPassword,
        store_in_cookies: true,
      }),
      200,
    );
    await json(await admin.patch(path, { email: newEmail }), 200);
    expect(await mailTo(owner.email)).toHaveLength(1);
  });
});

describe('a contacts-manage user', () => {
  it('edits the other fields of a login it outranks, and a plain contact’s email', async () => {
    const owner = await customer();
    const manager = await addLogin(owner.client, {
      contacts: { has_manage: true },
      payments: { has_view: true },
    });
    const clerk = await addLogin(owner.client, { payments: { has_view: true } });
    await notFresh(manager.client);
    const changed = await json<AuthorizedContact>(
      await manager.client.patch(`/user/authorized_contacts/${clerk.contact.contact_id}`, {
        name: 'Lena Ledger',
        position: 'Bookkeeper',
        mobile: '(801) 555-0177',
        line1: '1 Main St',
        city: 'Provo',
        state: 'UT',
        zip_code: '84601',
        comments: 'Prefers mornings',
      }),
      200,
    );
    expect(changed).toMatchObject({
      name: 'Lena Ledger',
      position: 'Bookkeeper',
      email: clerk.email,
      phone: '(801) 555-0101',
    });
    // The clerk's email and phone are not the manager's to change.
    for (const fields of [{ email: 'other@acme.example' }, { phone: '(801) 555-0666' }]) {
      const refused = await json<ErrorBody>(
        await manager.client.patch(`/user/authorized_contacts/${clerk.contact.contact_id}`, fields),
        403,
      );
      expect(refused.msg).toBe(PEOPLE_MESSAGES.recoveryFields);
    }
    expect(await contactRow(clerk.contact.contact_id)).toMatchObject({
      email: clerk.email,
      phone: '(801) 555-0101',
    });

    const plain = await addPlainContact(manager.client);
    const moved = await json<AuthorizedContact>(
      await manager.client.patch(`/user/authorized_contacts/${plain.contact_id}`, {
        email: 'paul@elsewhere.example',
        phone: '(801) 555-0198',
      }),
      200,
    );
    expect(moved).toMatchObject({ email: 'paul@elsewhere.example', phone: '(801) 555-0198' });
    expect(await mailTo(plain.email)).toEqual([]);
  });

  it('changes nothing of a login holding rights it does not hold', async () => {
    const owner = await customer();
    const manager = await addLogin(owner.client, { contacts: { has_manage: true } });
    const engineer = await addLogin(owner.client, {
      services: { has_view: true },
      contacts: { has_view: true },
    });
    const path = `/user/authorized_contacts/${engineer.contact.contact_id}`;
    const before = await contactRow(engineer.contact.contact_id);
    for (const fields of [{ position: 'Intern' }, { name: 'Someone Else' }, { comments: 'x' }]) {
      const refused = await json<ErrorBody>(await manager.client.patch(path, fields), 403);
      expect(refused.title).toBe(PEOPLE_MESSAGES.cannotChangeTitle);
      expect(refused.msg).toBe(PEOPLE_MESSAGES.cannotChange(['Services']));
    }
    expect(await contactRow(engineer.contact.contact_id)).toEqual(before);
    // Nor its rights in a category the manager holds.
    const perms = await json<ErrorBody>(
      await manager.client.patch(`/user/authorized_users/${engineer.contact.contact_id}`, {
        perms: { services: { has_view: true } },
      }),
      403,
    );
    expect(perms.msg).toBe(PEOPLE_MESSAGES.cannotChange(['Services']));
    const [row] = await t.database.db.select().from(users).where(eq(users.username, engineer.uid));
    expect(row.contactsView).toBe(true);
  });
});

describe('a password link within 24 hours of an email change', () => {
  /** The owner moves their own email (fresh); the notice to the old address is queued. */
  async function moved() {
    const owner = await customer();
    const newEmail = `${unique('later')}@example.test`;
    await json(
      await owner.client.put('/user/info', {
        first_name: 'Test',
        last_name: 'Person',
        phone: '(801) 555-0000',
        email: newEmail,
      }),
      200,
    );
    return { ...owner, newEmail };
  }

  async function noticeDelivered(oldEmail: string) {
    await t.database.db
      .update(emailOutbox)
      .set({ sentAt: t.clock.now() })
      .where(
        and(
          eq(emailOutbox.to, oldEmail),
          isNull(emailOutbox.sentAt),
          not(like(emailOutbox.text, '%/password-update/%')),
        ),
      );
  }

  it('goes to the old address, to the new one once the notice has gone, and after 24 h to the new one only', async () => {
    const owner = await moved();
    t.clock.advance(HOUR);
    await askForPasswordLink(owner.username);
    expect(await passwordLinksTo(owner.email)).toHaveLength(1);
    expect(await passwordLinksTo(owner.newEmail)).toHaveLength(0);

    await noticeDelivered(owner.email);
    await askForPasswordLink(owner.username);
    expect(await passwordLinksTo(owner.email)).toHaveLength(2);
    expect(await passwordLinksTo(owner.newEmail)).toHaveLength(1);

    t.clock.advance(23 * HOUR + 60_000);
    await askForPasswordLink(owner.username);
    expect(await passwordLinksTo(owner.email)).toHaveLength(2);
    expect(await passwordLinksTo(owner.newEmail)).toHaveLength(2);
  });

  it('never goes to an address in between, nor to the new one while a notice is undelivered', async () => {
    const owner = await moved();
    const third = `${unique('third')}@example.test`;
    await json(
      await owner.client.put('/user/info', {
        first_name: 'Test',
        last_name: 'Person',
        phone: '(801) 555-0000',
        email: third,
      }),
      200,
    );
    // Two notices: to the first address, then to the second.
    expect(await mailTo(owner.email)).toHaveLength(1);
    expect(await mailTo(owner.newEmail)).toHaveLength(1);
    await noticeDelivered(owner.email);
    await askForPasswordLink(owner.username);
    expect(await passwordLinksTo(owner.email)).toHaveLength(1);
    expect(await passwordLinksTo(owner.newEmail)).toHaveLength(0);
    expect(await passwordLinksTo(third)).toHaveLength(0);

    await noticeDelivered(owner.newEmail);
    await askForPasswordLink(owner.username);
    expect(await passwordLinksTo(owner.email)).toHaveLength(2);
    expect(await passwordLinksTo(owner.newEmail)).toHaveLength(0);
    expect(await passwordLinksTo(third)).toHaveLength(1);
  });
});

describe('two customers', () => {
  it('never reach each other’s contacts’ email or phone', async () => {
    const a = await customer();
    const b = await customer();
    const clerk = await addLogin(a.client, { payments: { has_view: true } });
    const plain = await addPlainContact(a.client);
    const ids = [a.contactId, clerk.contact.contact_id, plain.contact_id];
    const before = await Promise.all(ids.map(contactRow));
    for (const id of ids) {
      for (const fields of [{ email: 'mallory@evil.example' }, { phone: '(801) 555-0666' }]) {
        const response = await b.client.patch(`/user/authorized_contacts/${id}`, fields);
        expect(response.status, `PATCH ${id}`).toBe(404);
      }
    }
    const admin = await login(t, 'admin');
    await json(await admin.post('/admin/proxy', { cid: b.cid }), 200);
    await json(
      await admin.post('/auth/access_token', {
        username: 'admin',
        password: t.config.demoPassword,
        store_in_cookies: true,
      }),
      200,
    );
    for (const id of ids) {
      const response = await admin.patch(`/user/admin_authorized_contacts/${id}`, {
        email: 'mallory@evil.example',
      });
      expect(response.status, `admin_ PATCH ${id}`).toBe(404);
    }
    expect(await Promise.all(ids.map(contactRow))).toEqual(before);
    expect(await mailTo('mallory@evil.example')).toEqual([]);
    expect(await mailTo(a.email)).toEqual([]);
  });
});
