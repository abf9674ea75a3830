/**
 * Optional emails (issue 13 "/unsubscribe/"): a notice emailed to its audience carries a signed,
 * single-purpose link that turns notice emails off for that one user without a login; a link
 * tampered with, of another kind or user, or expired does nothing; bills and security emails keep
 * coming; Account Home's preferences turn them back on.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_LINK_VALID_DAYS } from '../../src/shared/people/constants.ts';
import { EMAIL_KIND_LABELS, UNSUBSCRIBE_MESSAGES } from '../../src/shared/people/messages.ts';
import type { EmailPreferencesResponse } from '../../src/shared/people/email.ts';
import { settled } from '../../src/server/background.ts';
import { queueBillingMail } from '../../src/server/billing/mail.ts';
import { emailOptOuts, emailOutbox } from '../../src/server/db/schema.ts';
import { unsubscribeToken } from '../../src/server/mail/unsubscribe.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, fromAddress, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
let t: TestApp;
let admin: CookieClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, 'admin');
});
afterAll(() => t.close());

let address = 0;
const visitor = () => fromAddress(`10.88.0.${(address += 1)}`);

async function customer() {
  const owner = await createUser(t, { permissions: { account: 'manage' } });
  return { ...owner, email: `${owner.username}@example.test` };
}

async function mailsTo(to: string) {
  await settled(t.database);
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.id));
}

async function emailNotice(cid: number, title: string) {
  const now = Date.now();
  const response = await admin.post('/notices', {
    title,
    content: 'The network is **down** on Sunday.',
    cid,
    email: true,
    starts_at: new Date(now - HOUR).toISOString(),
    ends_at: new Date(now + 24 * HOUR).toISOString(),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

function tokenIn(text: string): string {
  const match = /\/control\/unsubscribe\/\?token=(\S+)/.exec(text);
  expect(match, text).not.toBeNull();
  return decodeURIComponent(match![1]);
}

async function unsubscribe(token: unknown) {
  return t.client().post('/unsubscribe', { token }, visitor());
}

describe('unsubscribe links', () => {
  it('come with an emailed notice and turn notice emails off for that user, without a login', async () => {
    const owner = await customer();
    await emailNotice(owner.cid, 'Planned maintenance');
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toContain('Planned maintenance');
    expect(mail.html).toContain('<strong>down</strong>');
    expect(mail.text).toContain(UNSUBSCRIBE_MESSAGES.footer);
    const token = tokenIn(mail.text);

    const response = await unsubscribe(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      msg: UNSUBSCRIBE_MESSAGES.done(EMAIL_KIND_LABELS.notices),
      kind: 'notices',
    });
    // Using it again changes nothing and still answers.
    expect((await unsubscribe(token)).status).toBe(200);

    const before = (await mailsTo(owner.email)).length;
    await emailNotice(owner.cid, 'Another notice');
    expect((await mailsTo(owner.email)).length).toBe(before);

    const client = await login(t, owner.username, owner.password);
    const prefs = (await (
      await client.get('/user/email_preferences')
    ).json()) as EmailPreferencesResponse;
    expect(prefs.preferences).toEqual({ notices: false, reminders: true });
  });

  it('keeps bills and security emails coming after notices were turned off', async () => {
    const owner = await customer();
    await unsubscribe(await unsubscribeToken(t, { kind: 'notices', uid: owner.uid }));
    const before = (await mailsTo(owner.email)).length;

    const recovery = await t
      .client()
      .post('/token/password_recovery', { username: owner.username }, visitor());
    expect(recovery.status).toBe(200);
    await queueBillingMail(t, t.database.db, owner.cid, {
      kind: 'bill_issued',
      billId: 1,
      totalCents: 7500,
      dueDate: '2026-12-01',
    });
    const mails = await mailsTo(owner.email);
    expect(mails.length).toBe(before + 2);
    expect(mails.some((m) => m.text.includes('/control/password-update/'))).toBe(true);
    expect(mails.some((m) => m.subject.includes('bill'))).toBe(true);
    expect(mails.every((m) => !m.text.includes('/unsubscribe/'))).toBe(true);
  });

  it('refuse a token tampered with, of another kind or user, expired, or malformed, and write nothing', async () => {
    const owner = await customer();
    const other = await customer();
    const token = await unsubscribeToken(t, { kind: 'notices', uid: owner.uid });
    const [kind, uid, expires, signature] = token.split('.');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const expired = await unsubscribeToken(
      t,
      { kind: 'notices', uid: owner.uid },
      Date.now() - UNSUBSCRIBE_LINK_VALID_DAYS * 24 * HOUR - 1000,
    );
    for (const bad of [
      `${kind}.${uid}.${expires}.${flipped}`,
      `reminders.${uid}.${expires}.${signature}`,
      `${kind}.${other.uid}.${expires}.${signature}`,
      `${kind}.${uid}.${Number(expires) + 86_400}.${signature}`,
      expired,
      `${kind}.${uid}.${expires}`,
      'x',
      `${token}.extra`,
    ]) {
      const response = await unsubscribe(bad);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(
        UNSUBSCRIBE_MESSAGES.linkInvalid,
      );
    }
    for (const bad of [undefined, 7, '', 'x'.repeat(600)])
      expect((await unsubscribe(bad)).status).toBe(422);
    const rows = await t.database.db
      .select()
      .from(emailOptOuts)
      .where(and(eq(emailOptOuts.uid, owner.uid)));
    expect(rows).toEqual([]);
    const otherRows = await t.database.db
      .select()
      .from(emailOptOuts)
      .where(eq(emailOptOuts.uid, other.uid));
    expect(otherRows).toEqual([]);
  });

  it('are turned back on from the preferences, and only the logged-in user’s own', async () => {
    const owner = await customer();
    await unsubscribe(await unsubscribeToken(t, { kind: 'notices', uid: owner.uid }));
    const client = await login(t, owner.username, owner.password);
    const put = await client.put('/user/email_preferences', { notices: true });
    expect(put.status).toBe(200);
    expect(((await put.json()) as EmailPreferencesResponse).preferences.notices).toBe(true);
    const before = (await mailsTo(owner.email)).length;
    await emailNotice(owner.cid, 'Back on');
    expect((await mailsTo(owner.email)).length).toBe(before + 1);

    expect((await client.put('/user/email_preferences', { bills: false })).status).toBe(422);
    expect((await client.put('/user/email_preferences', { notices: 'no' })).status).toBe(422);
    expect((await t.client().get('/user/email_preferences')).status).toBe(401);
  });
});
