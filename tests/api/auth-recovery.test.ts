/**
 * Changing and recovering passwords, recovering usernames, the email outbox and the mailbox API.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../src/shared/messages/account.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import type { MailboxResponse } from '../../src/shared/session/types.ts';
import { LIMITS } from '../../src/server/session/rate-limit.ts';
import { emailOutbox, passwordResetTokens, refreshFamilies } from '../../src/server/db/schema.ts';
import { settled } from '../../src/server/background.ts';
import { JOB_HANDLERS } from '../../src/server/jobs/handlers.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { createApp } from '../../src/server/app.ts';
import { testConfig } from '../support/database.ts';
import { CookieClient } from '../support/http-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser, fromAddress, login } from '../support/session.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function errorOf(response: Response) {
  return (await response.json()) as {
    status: number;
    title: string;
    msg: string;
    errors?: Record<string, string>;
  };
}

async function mailbox(): Promise<MailboxResponse['messages']> {
  const response = await t.client().get('/mailbox');
  expect(response.status).toBe(200);
  return ((await response.json()) as MailboxResponse).messages;
}

const STRONG = 'Granite-Orchard-Velvet-58';

describe('POST /token/password_reset (logged in)', () => {
  it('changes the password and ends the other sessions of the user', async () => {
    const { username, password } = await createUser(t);
    const other = await login(t, username, password);
    const client = await login(t, username, password);
    const response = await client.post('/token/password_reset', {
      old_password: password,
      new_password: STRONG,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ msg: SESSION_MESSAGES.passwordChanged });
    expect((await client.get('/user/profile')).status).toBe(200);
    expect((await other.get('/user/profile')).status).toBe(401);
    await login(t, username, STRONG);
    const old = await t.client().post('/auth/tokens', {
      username,
      password,
      store_in_cookies: true,
    });
    expect(old.status).toBe(401);
  });

  it.each([
    [
      'an empty current password',
      { old_password: '', new_password: STRONG },
      { old_password: PASSWORD_MESSAGES.currentRequired },
    ],
    [
      'a short new password',
      { old_password: 'x', new_password: 'short' },
      { new_password: PASSWORD_MESSAGES.tooShort },
    ],
    [
      'a long new password',
      { old_password: 'x', new_password: 'a'.repeat(128) },
      { new_password: PASSWORD_MESSAGES.tooLong },
    ],
    [
      'the same password again',
      { old_password: 'Quiet-Harbor-Lantern-42', new_password: 'Quiet-Harbor-Lantern-42' },
      { new_password: PASSWORD_MESSAGES.mustDiffer },
    ],
    [
      'a weak new password',
      { old_password: 'Quiet-Harbor-Lantern-42', new_password: 'password1234' },
      { new_password: PASSWORD_MESSAGES.scoreTooLow },
    ],
    [
      'a wrong current password',
      { old_password: 'not my password', new_password: STRONG },
      { old_password: SESSION_MESSAGES.currentPasswordWrong },
    ],
  ])('answers 422 for %s', async (_name, body, errors) => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    const response = await client.post('/token/password_reset', body);
    expect(response.status).toBe(422);
    expect((await errorOf(response)).errors).toEqual(errors);
    // Nothing changed: the old password still works.
    await login(t, username, password);
  });

  it('needs a fresh token', async () => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    await client.post('/auth/refresh_token', {});
    const response = await client.post('/token/password_reset', {
      old_password: password,
      new_password: STRONG,
    });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).title).toBe('Fresh Access Token Required');
  });

  it('needs the CSRF header', async () => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    const response = await client.post(
      '/token/password_reset',
      { old_password: password, new_password: STRONG },
      { csrf: false },
    );
    expect(response.status).toBe(403);
  });
});

describe('POST /token/username_recovery', () => {
  it('emails the usernames of a known address and answers the same for an unknown one', async () => {
    const email = 'twins@example.test';
    const first = await createUser(t, { email });
    const second = await createUser(t, { email });
    const known = await t
      .client()
      .post('/token/username_recovery', { email: 'Twins@Example.test' }, fromAddress('10.9.0.1'));
    const unknown = await t
      .client()
      .post('/token/username_recovery', { email: 'nobody@example.test' }, fromAddress('10.9.0.1'));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const messages = await mailbox();
    const mail = messages.find((m) => m.to === 'Twins@Example.test');
    expect(mail?.text).toContain(first.username);
    expect(mail?.text).toContain(second.username);
    expect(messages.some((m) => m.to === 'nobody@example.test')).toBe(false);
  });

  it('answers 422 for an invalid email', async () => {
    const response = await t.client().post('/token/username_recovery', { email: 'nope' });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).errors).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('limits requests for one email address', async () => {
    const email = 'often@example.test';
    for (let i = 0; i < LIMITS.recoveryPerTarget.max; i += 1) {
      const response = await t
        .client()
        .post('/token/username_recovery', { email }, fromAddress(`10.9.1.${i}`));
      expect(response.status).toBe(200);
    }
    const limited = await t
      .client()
      .post('/token/username_recovery', { email }, fromAddress('10.9.1.99'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await errorOf(limited)).msg).toBe(SESSION_MESSAGES.tooManyRecoveries);
  });

  it('limits requests from one client address', async () => {
    const address = fromAddress('10.9.2.1');
    for (let i = 0; i < LIMITS.recoveryPerAddress.max; i += 1) {
      const response = await t
        .client()
        .post('/token/username_recovery', { email: `x${i}@example.test` }, address);
      expect(response.status).toBe(200);
    }
    const limited = await t
      .client()
      .post('/token/username_recovery', { email: 'y@example.test' }, address);
    expect(limited.status).toBe(429);
  });
});

describe('password recovery by emailed link', () => {
  async function requestLink(username: string, address: string) {
    const response = await t
      .client()
      .post('/token/password_recovery', { username }, fromAddress(address));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ msg: SESSION_MESSAGES.passwordRecoverySent });
    const mail = (await mailbox()).find((m) => m.text.includes(`username ${username}.`));
    const match = mail?.text.match(/\/control\/password-update\/([A-Za-z0-9_-]+)/);
    expect(match, 'the email holds a link').toBeTruthy();
    return match![1];
  }

  it('sets a new password once, logs out every session, and the link stops working', async () => {
    const { username, password, uid } = await createUser(t);
    const session = await login(t, username, password);
    const token = await requestLink(username, '10.8.0.1');
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.uid, uid));
    expect(stored.tokenHash).not.toContain(token);
    const minutes = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);

    const response = await t
      .client()
      .post(`/token/update_password/${token}`, { username, password: STRONG });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ msg: SESSION_MESSAGES.passwordUpdated });
    await login(t, username, STRONG);
    expect((await session.get('/user/profile')).status).toBe(401);
    const live = await t.database.db
      .select()
      .from(refreshFamilies)
      .where(eq(refreshFamilies.revokedReason, 'password_reset'));
    expect(live.length).toBeGreaterThan(0);

    const again = await t
      .client()
      .post(`/token/update_password/${token}`, { username, password: 'Other-Strong-Words-12' });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).title).toBe(SESSION_MESSAGES.linkExpiredTitle);
  });

  it('answers the same for an unknown username and sends nothing', async () => {
    const before = (await mailbox()).length;
    const response = await t
      .client()
      .post('/token/password_recovery', { username: 'no-such-user' }, fromAddress('10.8.0.2'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ msg: SESSION_MESSAGES.passwordRecoverySent });
    expect((await mailbox()).length).toBe(before);
  });

  it('refuses an unknown or expired link with 400 Link expired', async () => {
    const unknown = await t
      .client()
      .post('/token/update_password/not-a-real-link', { username: 'demo', password: STRONG });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).title).toBe(SESSION_MESSAGES.linkExpiredTitle);

    const { username, uid } = await createUser(t);
    const token = await requestLink(username, '10.8.0.3');
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.uid, uid));
    const expired = await t
      .client()
      .post(`/token/update_password/${token}`, { username, password: STRONG });
    expect(expired.status).toBe(400);
  });

  it('answers 422 for a weak password, the current password, or another username', async () => {
    const { username, password } = await createUser(t);
    const token = await requestLink(username, '10.8.0.4');
    const post = (body: unknown) =>
      t.client().post(`/token/update_password/${token}`, body, fromAddress('10.8.0.4'));
    const weak = await post({ username, password: 'password1234' });
    expect(weak.status).toBe(422);
    expect((await errorOf(weak)).errors).toEqual({ password: PASSWORD_MESSAGES.scoreTooLow });
    const short = await post({ username, password: 'short' });
    expect((await errorOf(short)).errors).toEqual({ password: PASSWORD_MESSAGES.tooShort });
    const same = await post({ username, password });
    expect((await errorOf(same)).errors).toEqual({ password: PASSWORD_MESSAGES.mustDiffer });
    const other = await post({ username: 'demo', password: STRONG });
    expect((await errorOf(other)).errors).toEqual({ username: SESSION_MESSAGES.usernameMismatch });
    // The link still works after those refusals.
    expect((await post({ username, password: STRONG })).status).toBe(200);
  });

  it('limits recovery requests for one username', async () => {
    const { username } = await createUser(t);
    for (let i = 0; i < LIMITS.recoveryPerTarget.max; i += 1) {
      const response = await t
        .client()
        .post('/token/password_recovery', { username }, fromAddress(`10.8.1.${i}`));
      expect(response.status).toBe(200);
    }
    const limited = await t
      .client()
      .post('/token/password_recovery', { username }, fromAddress('10.8.1.99'));
    expect(limited.status).toBe(429);
  });
});

describe('a recovery job run again', () => {
  /** The data the request queued its job with, once that job has run. */
  async function jobData(kind: string, field: string, value: string) {
    await settled(t.database);
    const { rows } = await t.database.executeSql(
      `select data, state::text as state from ${JOB_SCHEMA}.job
        where name = $1 and data->>'${field}' = $2`,
      [kind, value],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('completed');
    return rows[0]!.data as Record<string, string>;
  }

  const mailsTo = async (to: string) =>
    t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

  it('sends nothing twice: a run after the first committed (an instance killed before it marked the job done) sends no second link or reminder', async () => {
    const email = `again-${Date.now()}@example.test`;
    const { username, uid } = await createUser(t, { email });
    await t.client().post('/token/password_recovery', { username }, fromAddress('10.7.0.1'));
    await t.client().post('/token/username_recovery', { email }, fromAddress('10.7.0.2'));
    const link = await jobData('recovery.password', 'username', username);
    const reminder = await jobData('recovery.username', 'email', email);
    expect(link.runKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(reminder.runKey).not.toBe(link.runKey);
    expect(await mailsTo(email)).toHaveLength(2);
    const tokens = () =>
      t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.uid, uid));
    expect(await tokens()).toHaveLength(1);

    // Both jobs again, with the data they ran with: a retry after a kill.
    await JOB_HANDLERS['recovery.password'](t as never, link as never);
    await JOB_HANDLERS['recovery.username'](t as never, reminder as never);
    await settled(t.database);
    expect(await mailsTo(email)).toHaveLength(2);
    expect(await tokens()).toHaveLength(1);
    // A new request is a new run: it sends a new link.
    await t.client().post('/token/password_recovery', { username }, fromAddress('10.7.0.3'));
    await settled(t.database);
    expect(await mailsTo(email)).toHaveLength(3);
    expect(await tokens()).toHaveLength(2);
  });
});

describe('GET /mailbox', () => {
  it('lists the outbox newest first', async () => {
    const messages = await mailbox();
    expect(messages.length).toBeGreaterThan(1);
    expect(messages[0].id).toBeGreaterThan(messages[1].id);
    expect(messages[0]).toMatchObject({
      to: expect.any(String),
      subject: expect.any(String),
      html: expect.stringContaining('<'),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('does not exist in production', async () => {
    // The same app and database with the production switch on.
    const production = createApp({ ...t, config: { ...t.config, production: true } });
    const response = await CookieClient.forApp(production).get('/mailbox');
    expect(response.status).toBe(404);
  });

  it('does not exist when the server serves no demo data (DEMO=0)', async () => {
    const withoutDemo = createApp({ ...t, config: testConfig({ DEMO: '0' }) });
    const response = await CookieClient.forApp(withoutDemo).get('/mailbox');
    expect(response.status).toBe(404);
  });
});
