/**
 * Rate limits hold against bursts: many attempts sent at once, not one after the other. Each
 * attempt is counted before its password is checked, so however many arrive together, at most the
 * limit's number of passwords are checked in a window and every other attempt answers 429. Runs on
 * PGlite, and on PostgreSQL when DATABASE_URL is set (tests/tools/with-postgres.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import { LIMITS } from '../../src/server/session/rate-limit.ts';
import { auditLog } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser, fromAddress, login } from '../support/session.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BURST = 200;

const credentials = (username: string, password: string) => ({
  username,
  password,
  store_in_cookies: true,
});

/** How many answers had each status. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function auditCount(event: string, username: string) {
  const rows = await t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.event, event), eq(auditLog.username, username)));
  return rows.length;
}

/** Sends every request at once; the statuses in the order the requests were made. */
async function burst(count: number, send: (i: number) => Promise<Response>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  return responses.map((r) => r.status);
}

describe('a burst of logins', () => {
  it(`checks at most ${LIMITS.loginPerUsername.max} passwords of one username, from many addresses`, async () => {
    const { username, password } = await createUser(t);
    const statuses = await burst(BURST, (i) =>
      t
        .client()
        .post(
          '/auth/tokens',
          credentials(username, 'wrong password!'),
          fromAddress(`10.60.${i >> 8}.${i & 255}`),
        ),
    );
    const counts = tally(statuses);
    expect(counts[401]).toBe(LIMITS.loginPerUsername.max);
    expect(counts[429]).toBe(BURST - LIMITS.loginPerUsername.max);
    expect(await auditCount('login_failed', username)).toBe(LIMITS.loginPerUsername.max);
    // The limit is reached: the right password is not even checked.
    const after = await t
      .client()
      .post('/auth/tokens', credentials(username, password), fromAddress('10.61.0.1'));
    expect(after.status).toBe(429);
    expect((await after.json()) as { msg: string }).toMatchObject({
      msg: SESSION_MESSAGES.tooManyLogins,
    });
  });

  it('never logs in with the right password once the wrong ones in the burst reached the limit', async () => {
    const { username, password } = await createUser(t);
    const wrong = 39;
    const statuses = await burst(wrong + 1, (i) =>
      t
        .client()
        .post(
          '/auth/tokens',
          credentials(username, i === wrong ? password : `wrong password ${i}`),
          fromAddress(`10.62.0.${i}`),
        ),
    );
    const counts = tally(statuses);
    // Five wrong passwords at most are checked; the right one only while the limit is not reached.
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMITS.loginPerUsername.max);
    expect([200, 429]).toContain(statuses[wrong]);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(
      LIMITS.loginPerUsername.max + 1,
    );
    // Whatever happened in the burst, the limit is now reached.
    const after = await t
      .client()
      .post('/auth/tokens', credentials(username, password), fromAddress('10.62.1.1'));
    expect(after.status).toBe(429);
  });

  it(`checks at most ${LIMITS.loginPerAddress.max} passwords from one client address, whatever the usernames`, async () => {
    const address = fromAddress('10.63.0.1');
    const statuses = await burst(BURST, (i) =>
      t.client().post('/auth/tokens', credentials(`burst-${i}`, 'wrong password!'), address),
    );
    const counts = tally(statuses);
    expect(counts[401]).toBe(LIMITS.loginPerAddress.max);
    expect(counts[429]).toBe(BURST - LIMITS.loginPerAddress.max);
    // Refused attempts used up nothing elsewhere: the usernames can still log in from other addresses.
    const other = await t
      .client()
      .post('/auth/tokens', credentials('burst-199', 'wrong password!'), fromAddress('10.63.0.2'));
    expect(other.status).toBe(401);
  });

  it('gives a correct login its attempt back, for the username and the address', async () => {
    const { username, password } = await createUser(t);
    const address = fromAddress('10.64.0.1');
    for (let i = 0; i < LIMITS.loginPerUsername.max - 1; i += 1) {
      const response = await t
        .client()
        .post('/auth/tokens', credentials(username, 'wrong password!'), address);
      expect(response.status).toBe(401);
    }
    // Right passwords do not use up the limit (while one is being checked it holds a unit, so
    // these are made one after the other).
    for (let i = 0; i < 10; i += 1) {
      const response = await t
        .client()
        .post('/auth/tokens', credentials(username, password), address);
      expect(response.status).toBe(200);
    }
    const last = await t
      .client()
      .post('/auth/tokens', credentials(username, 'wrong password!'), address);
    expect(last.status).toBe(401);
    const limited = await t.client().post('/auth/tokens', credentials(username, password), address);
    expect(limited.status).toBe(429);
  });
});

describe('a burst of re-authentications', () => {
  it(`checks at most ${LIMITS.reauthPerUser.max} passwords at /auth/access_token`, async () => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    const statuses = await burst(BURST, () =>
      client.post('/auth/access_token', credentials(username, 'nope nope nope')),
    );
    const counts = tally(statuses);
    expect(counts[401]).toBe(LIMITS.reauthPerUser.max);
    expect(counts[429]).toBe(BURST - LIMITS.reauthPerUser.max);
    expect(await auditCount('reauth_failed', username)).toBe(LIMITS.reauthPerUser.max);
    const right = await client.post('/auth/access_token', credentials(username, password));
    expect(right.status).toBe(429);
  });

  it(`checks at most ${LIMITS.reauthPerUser.max} current passwords at /token/password_reset`, async () => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    const statuses = await burst(BURST, () =>
      client.post('/token/password_reset', {
        old_password: 'not the current one',
        new_password: 'Sturdy-Copper-Kettle-93',
      }),
    );
    const counts = tally(statuses);
    expect(counts[422]).toBe(LIMITS.reauthPerUser.max);
    expect(counts[429]).toBe(BURST - LIMITS.reauthPerUser.max);
    const right = await client.post('/token/password_reset', {
      old_password: password,
      new_password: 'Sturdy-Copper-Kettle-93',
    });
    expect(right.status).toBe(429);
  });
});
