/**
 * Emails sent on a visitor's request: their links point at PUBLIC_URL or the configured listen
 * address, never at the request's Host header; and password and username recovery answer a known
 * account exactly as an unknown one, with the same database work before the answer (the email is
 * looked up and queued after it).
 */
import { desc, eq, getTableName, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE_PATH } from '../../src/shared/constants.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import type { MailboxResponse } from '../../src/shared/session/types.ts';
import { settled } from '../../src/server/background.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { CookieClient } from '../support/http-client.ts';
import { createUser, fromAddress } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  addressFacts,
  CHEAP_CAPTCHA_ENV,
  orderBody,
  postOrder,
  solveCaptcha,
} from './self-signup-support.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function app(env: Record<string, string> = {}) {
  const made = await createTestApp({ env: { ...CHEAP_CAPTCHA_ENV, ...env } });
  apps.push(made);
  return made;
}

/** A visitor whose every request names `evil.example` as its host, as a real server would see. */
function visitorFrom(t: TestApp, host = 'evil.example') {
  return new CookieClient((url, init) =>
    Promise.resolve(
      t.app.request(`http://${host}${url}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          Host: host,
          'X-Forwarded-Host': host,
          'X-Forwarded-Proto': 'https',
        },
      }),
    ),
  );
}

async function mailTo(t: TestApp, to: string) {
  await settled(t.database);
  const [mail] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return mail;
}

function linksIn(mail: { text: string; html: string }): string[] {
  return [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
}

describe('links in emails', () => {
  let plain: TestApp;
  let listening: TestApp;
  let published: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    plain = await app({ HOST: '0.0.0.0', DEMO: '1' });
    listening = await app({ HOST: '127.0.0.1', PORT: '4321' });
    published = await app({ PUBLIC_URL: 'https://portal.ridgeline.example/' });
    proxied = await app({ HOST: '0.0.0.0', DEMO: '1', TRUST_PROXY: 'true' });
  });

  const cases = () =>
    [
      ['the configured listen address (all interfaces: localhost)', plain, 'http://localhost:3000'],
      ['the configured listen address', listening, 'http://127.0.0.1:4321'],
      ['PUBLIC_URL', published, 'https://portal.ridgeline.example'],
      ['the listen address, behind a trusted proxy too', proxied, 'http://localhost:3000'],
    ] as const;

  it('a password link uses PUBLIC_URL or the listen address, never the Host header', async () => {
    for (const [, t, origin] of cases()) {
      const email = `link-${Date.now()}@mail.example`;
      const { username } = await createUser(t, { email });
      const response = await visitorFrom(t).post(
        '/token/password_recovery',
        { username },
        fromAddress('10.70.0.1'),
      );
      expect(response.status).toBe(200);
      const mail = await mailTo(t, email);
      expect(mail, 'the email was queued').toBeTruthy();
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
      expect(linksIn(mail)).toContainEqual(
        expect.stringMatching(new RegExp(`^${origin}/control/password-update/[A-Za-z0-9_-]+$`)),
      );
    }
  });

  it('a username reminder links to the login page at PUBLIC_URL or the listen address', async () => {
    for (const [, t, origin] of cases()) {
      const email = `names-${Date.now()}@mail.example`;
      await createUser(t, { email });
      const response = await visitorFrom(t).post(
        '/token/username_recovery',
        { email },
        fromAddress('10.70.0.2'),
      );
      expect(response.status).toBe(200);
      const mail = await mailTo(t, email);
      expect(mail, 'the email was queued').toBeTruthy();
      expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
      expect(linksIn(mail)).toContain(`${origin}/control/login/`);
    }
  });

  it('an order confirmation links to the login page at PUBLIC_URL or the listen address', async () => {
    for (const [, t, origin] of cases()) {
      const client = visitorFrom(t);
      const facts = await addressFacts(client, DEMO_ADDRESSES.utopiaOrderable);
      const body = {
        ...orderBody(facts, { payment: 'bank' }),
        recaptcha_token: await solveCaptcha(client),
      };
      const response = await postOrder(client, body);
      expect(response.status).toBe(201);
      const mail = await mailTo(t, body.customer.email);
      expect(mail, 'the confirmation was queued').toBeTruthy();
      expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
      expect(linksIn(mail)).toContain(`${origin}/control/login/`);
    }
  });
});

describe('recovery answers a known account as an unknown one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });

  const METHODS = ['select', 'insert', 'update', 'delete', 'execute', 'transaction'] as const;

  /** The database calls a request made before its answer came back: method and table. */
  async function workBeforeAnswer(path: string, body: unknown, address: string) {
    const client = t.client();
    await client.get('/csrf');
    await settled(t.database);
    const calls: string[] = [];
    const db = t.database.db as unknown as Record<string, (...args: unknown[]) => unknown>;
    const spies = METHODS.map((method) => {
      const original = db[method].bind(db);
      return vi.spyOn(db, method).mockImplementation((...args: unknown[]) => {
        const table = method === 'insert' || method === 'update' || method === 'delete';
        calls.push(table ? `${method} ${getTableName(args[0] as Table)}` : method);
        return original(...args);
      });
    });
    try {
      const response = await client.post(path, body, fromAddress(address));
      expect(response.status).toBe(200);
      // Taken the moment the answer arrived: whatever runs after it is not part of the answer.
      // (Less the rate limits' housekeeping, which removes old counters on 1% of hits.)
      const before = calls.filter((call) => call !== 'delete rate_limits');
      await response.text();
      return before;
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  async function mailCount() {
    await settled(t.database);
    const response = await t.client().get('/mailbox');
    return ((await response.json()) as MailboxResponse).messages.length;
  }

  it('password recovery: the same work before the answer; the email is queued after it', async () => {
    const { username } = await createUser(t);
    const start = await mailCount();
    const known = await workBeforeAnswer('/token/password_recovery', { username }, '10.71.0.1');
    expect(await mailCount()).toBe(start + 1);
    const unknown = await workBeforeAnswer(
      '/token/password_recovery',
      { username: 'nobody-by-this-name' },
      '10.71.0.2',
    );
    expect(await mailCount()).toBe(start + 1);
    expect(known).toEqual(unknown);
    expect(known.join()).not.toMatch(/email_outbox|password_reset_tokens|transaction/);
  });

  it('username recovery: the same work before the answer; the email is queued after it', async () => {
    const email = `known-${Date.now()}@mail.example`;
    await createUser(t, { email });
    const start = await mailCount();
    const known = await workBeforeAnswer('/token/username_recovery', { email }, '10.71.0.3');
    expect(await mailCount()).toBe(start + 1);
    const unknown = await workBeforeAnswer(
      '/token/username_recovery',
      { email: 'nobody-here@mail.example' },
      '10.71.0.4',
    );
    expect(await mailCount()).toBe(start + 1);
    expect(known).toEqual(unknown);
    expect(known.join()).not.toMatch(/email_outbox/);
  });

  it('the mailbox shows an email asked for just before', async () => {
    const email = `soon-${Date.now()}@mail.example`;
    const { username } = await createUser(t, { email });
    const client = t.client();
    expect(
      (await client.post('/token/password_recovery', { username }, fromAddress('10.71.0.5')))
        .status,
    ).toBe(200);
    const response = await fetchMailbox(t);
    expect(response.messages.some((m) => m.to === email)).toBe(true);
  });
});

async function fetchMailbox(t: TestApp): Promise<MailboxResponse> {
  const response = await t.app.request(`${API_BASE_PATH}/mailbox`);
  return (await response.json()) as MailboxResponse;
}
