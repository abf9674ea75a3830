/**
 * The second factor (docs/session.md "Second factor", docs/api.md "Second factor"): an
 * authenticator app turned on from the account with a first code, ten single-use recovery codes,
 * a login that needs the code after the password, each code accepted once, wrong codes limited
 * like passwords (bursts included), turning it off with a fresh token and a code, the customer's
 * rule that every login needs one, and a site admin's reset. Codes are computed here from the
 * secret the API hands out (otplib), at the app's clock (`t.clock`): a new time step is the clock
 * moved by 30 s, never a wait. Runs on PGlite, and on PostgreSQL with DATABASE_URL
 * (tests/tools/with-postgres.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/shared/constants.ts';
import { SECOND_FACTOR } from '../../src/shared/session/constants.ts';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import { SECOND_FACTOR_MESSAGES } from '../../src/shared/session/second-factor-messages.ts';
import type {
  RecoveryCodesResponse,
  SecondFactorStatus,
  SecondFactorUsers,
  TotpSetup,
} from '../../src/shared/session/second-factor.ts';
import type { LoginResult } from '../../src/shared/session/types.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import {
  auditLog,
  contacts,
  recoveryCodes,
  secondFactors,
  users,
} from '../../src/server/db/schema.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { codeAt, toDistinctCodes } from '../support/totp.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorBody = { status: number; title: string; msg: string } & Record<string, unknown>;

const STEP_MS = SECOND_FACTOR.totpPeriodSeconds * 1000;

/** The authenticator app's code now, on the app's clock. */
const codeNow = (secret: string, offsetSteps = 0) => codeAt(t.clock, secret, offsetSteps);

/** The app's clock moved to the next time step: a new code. */
function nextStep() {
  t.clock.advance(STEP_MS);
}

const credentials = (username: string, password: string, otp?: string) => ({
  username,
  password,
  store_in_cookies: true,
  ...(otp === undefined ? {} : { otp }),
});

function tokenCookies(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((c) => /^(__Host-)?(access_token|refresh_token)=[^;]/.test(c));
}

/** A new login with its second factor on: the client (fresh), the secret and the recovery codes. */
async function withSecondFactor() {
  const account = await createUser(t);
  const client = await login(t, account.username, account.password);
  const start = await client.post('/auth/mfa/totp');
  expect(start.status).toBe(200);
  const setup = (await start.json()) as TotpSetup;
  const confirm = await client.post('/auth/mfa/totp/confirm', {
    code: await codeNow(setup.secret),
  });
  expect(confirm.status).toBe(200);
  const { recovery_codes } = (await confirm.json()) as RecoveryCodesResponse;
  nextStep();
  await toDistinctCodes(t.clock, setup.secret);
  return { ...account, client, secret: setup.secret, recoveryCodes: recovery_codes };
}

async function logInWithCode(username: string, password: string, otp: string) {
  return t.client().post('/auth/tokens', credentials(username, password, otp));
}

describe('turning the authenticator app on', () => {
  it('hands out a secret, its otpauth URL and QR code, and confirms with a first code', async () => {
    const { username, password, uid } = await createUser(t);
    const client = await login(t, username, password);
    expect(((await (await client.get('/auth/mfa')).json()) as SecondFactorStatus).totp).toBe('off');

    const start = await client.post('/auth/mfa/totp');
    expect(start.status).toBe(200);
    const setup = (await start.json()) as TotpSetup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes in base32
    const url = new URL(setup.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(setup.secret);
    expect(url.searchParams.get('issuer')).toBe(t.config.productName);
    expect(decodeURIComponent(url.pathname)).toContain(username);
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(((await (await client.get('/auth/mfa')).json()) as SecondFactorStatus).totp).toBe(
      'pending',
    );

    // Pending, the password alone still logs in.
    expect((await t.client().post('/auth/tokens', credentials(username, password))).status).toBe(
      200,
    );

    // A wrong first code does not turn it on; a malformed one is a 422.
    await toDistinctCodes(t.clock, setup.secret);
    const wrong = await client.post('/auth/mfa/totp/confirm', {
      code: await codeNow(setup.secret, 5),
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ErrorBody).title).toBe(
      SESSION_MESSAGES.secondFactorFailedTitle,
    );
    const malformed = await client.post('/auth/mfa/totp/confirm', { code: 'twelve' });
    expect(malformed.status).toBe(422);
    expect(((await malformed.json()) as ErrorBody).errors).toEqual({
      code: SECOND_FACTOR_MESSAGES.totpMalformed,
    });

    const confirm = await client.post('/auth/mfa/totp/confirm', {
      code: await codeNow(setup.secret),
    });
    expect(confirm.status).toBe(200);
    const { recovery_codes } = (await confirm.json()) as RecoveryCodesResponse;
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);

    const status = (await (await client.get('/auth/mfa')).json()) as SecondFactorStatus;
    expect(status).toMatchObject({ totp: 'on', recovery_codes_left: 10, required: false });

    // At rest: the secret sealed, the recovery codes as digests only.
    const [row] = await t.database.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.uid, uid));
    expect(row!.totpSecretSealed).not.toContain(setup.secret);
    expect(row!.confirmedAt).not.toBeNull();
    const stored = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.uid, uid));
    expect(stored).toHaveLength(10);
    for (const code of recovery_codes) {
      const bare = code.replace('-', '');
      expect(stored.some((r) => r.codeHash.includes(bare))).toBe(false);
    }

    // Once on, starting again is refused until it is turned off.
    const again = await client.post('/auth/mfa/totp');
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).msg).toBe(SECOND_FACTOR_MESSAGES.alreadyOn);
  });

  it('needs a fresh access token to start and to confirm', async () => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
    const start = await client.post('/auth/mfa/totp');
    expect(start.status).toBe(401);
    expect(((await start.json()) as ErrorBody).title).toBe(ERROR_TITLES.freshTokenRequired);
  });
});

describe('logging in with the second factor on', () => {
  it('answers 401 Second Factor Required and no tokens to the right password alone', async () => {
    const { username, password } = await withSecondFactor();
    const response = await t.client().post('/auth/tokens', credentials(username, password));
    expect(response.status).toBe(401);
    expect((await response.json()) as ErrorBody).toMatchObject({
      title: 'Second Factor Required',
      msg: SECOND_FACTOR_MESSAGES.required,
    });
    expect(tokenCookies(response)).toEqual([]);
    // A wrong password says nothing of the second factor.
    const wrong = await t.client().post('/auth/tokens', credentials(username, 'not the password!'));
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ErrorBody).title).toBe(SESSION_MESSAGES.loginFailedTitle);
  });

  it('logs in with the right code, and never accepts the same code twice', async () => {
    const { username, password, secret } = await withSecondFactor();
    const code = await codeNow(secret);
    const client = t.client();
    const response = await client.post('/auth/tokens', credentials(username, password, code));
    expect(response.status).toBe(200);
    expect(((await response.json()) as LoginResult).username).toBe(username);
    expect(tokenCookies(response)).toHaveLength(2);
    expect((await client.get('/user/profile')).status).toBe(200);

    const replay = await logInWithCode(username, password, code);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as ErrorBody).title).toBe(
      SESSION_MESSAGES.secondFactorFailedTitle,
    );
    expect(tokenCookies(replay)).toEqual([]);

    // Nor a code of an earlier step once a later one was used (one step of drift is allowed).
    nextStep();
    const earlier = await codeNow(secret, -1);
    expect((await logInWithCode(username, password, await codeNow(secret))).status).toBe(200);
    expect((await logInWithCode(username, password, earlier)).status).toBe(401);
    // A code two steps away is refused; the next step's code (drift) is accepted.
    expect((await logInWithCode(username, password, await codeNow(secret, 3))).status).toBe(401);
    expect((await logInWithCode(username, password, await codeNow(secret, 1))).status).toBe(200);
  });

  it('accepts the same code once when two logins send it at once', async () => {
    const { username, password, secret } = await withSecondFactor();
    const code = await codeNow(secret);
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () =>
        logInWithCode(username, password, code).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });

  it('takes each recovery code once, written in any case and with or without the hyphen', async () => {
    const { username, password, recoveryCodes: codes, client } = await withSecondFactor();
    const first = codes[0]!;
    const typed = ` ${first.toLowerCase().replace('-', ' ')} `;
    expect((await logInWithCode(username, password, typed)).status).toBe(200);
    const again = await logInWithCode(username, password, first);
    expect(again.status).toBe(401);
    expect(((await again.json()) as ErrorBody).title).toBe(
      SESSION_MESSAGES.secondFactorFailedTitle,
    );
    expect((await logInWithCode(username, password, codes[1]!)).status).toBe(200);
    const status = (await (await client.get('/auth/mfa')).json()) as SecondFactorStatus;
    expect(status.recovery_codes_left).toBe(8);
    // Another login's code is no code of this one.
    const other = await withSecondFactor();
    expect((await logInWithCode(username, password, other.recoveryCodes[0]!)).status).toBe(401);
  });

  it('refuses a burst of wrong codes past the limit, and then even the right code', async () => {
    const { username, password, secret, client } = await withSecondFactor();
    const max = RATE_LIMITS.secondFactorPerUser.max;
    // A far step's code, never one of the window's ('000000' could be, once in 500,000 runs).
    const wrong = await codeNow(secret, 5);
    // One after another, each with the right password: only the codes count.
    for (let i = 0; i < max; i += 1) {
      const response = await logInWithCode(username, password, wrong);
      expect(response.status).toBe(401);
    }
    const locked = await logInWithCode(username, password, await codeNow(secret));
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as ErrorBody).msg).toBe(SECOND_FACTOR_MESSAGES.tooManyCodes);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The limit is the login's, whatever the endpoint: turning the factor off is refused too.
    const off = await client.request('DELETE', '/auth/mfa/totp', { code: await codeNow(secret) });
    expect(off.status).toBe(429);
    const failures = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'second_factor_failed'), eq(auditLog.username, username)));
    expect(failures).toHaveLength(max);
  });

  it('checks at most the limit of a burst of wrong codes sent at once', async () => {
    const { client, secret } = await withSecondFactor();
    const burst = 40;
    // Wrong codes: none a code of the window (one of 100000 and on could be, once in 100,000 runs).
    const window = await Promise.all([-1, 0, 1].map((step) => codeNow(secret, step)));
    const wrong = Array.from({ length: burst + window.length }, (_, i) => String(100000 + i))
      .filter((code) => !window.includes(code))
      .slice(0, burst);
    const statuses = await Promise.all(
      wrong.map((code) =>
        client.request('POST', '/auth/mfa/recovery_codes', { code }).then((r) => r.status),
      ),
    );
    const max = RATE_LIMITS.secondFactorPerUser.max;
    expect(statuses.filter((s) => s === 401)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(burst - max);
  });
});

describe('a fresh access token with the second factor on', () => {
  it('takes the password and a code', async () => {
    const { username, password, secret, client } = await withSecondFactor();
    expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
    const alone = await client.post('/auth/access_token', credentials(username, password));
    expect(alone.status).toBe(401);
    expect(((await alone.json()) as ErrorBody).title).toBe(
      SESSION_MESSAGES.secondFactorRequiredTitle,
    );
    const wrong = await client.post(
      '/auth/access_token',
      credentials(username, password, await codeNow(secret, 4)),
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ErrorBody).title).toBe(
      SESSION_MESSAGES.secondFactorFailedTitle,
    );
    const right = await client.post(
      '/auth/access_token',
      credentials(username, password, await codeNow(secret)),
    );
    expect(right.status).toBe(200);
  });
});

describe('turning the second factor off and making new recovery codes', () => {
  it('needs a fresh access token and a current code', async () => {
    const { username, password, secret, client } = await withSecondFactor();
    expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
    const stale = await client.request('DELETE', '/auth/mfa/totp', { code: await codeNow(secret) });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as ErrorBody).title).toBe(ERROR_TITLES.freshTokenRequired);

    expect(
      (
        await client.post(
          '/auth/access_token',
          credentials(username, password, await codeNow(secret)),
        )
      ).status,
    ).toBe(200);
    nextStep();
    const noCode = await client.request('DELETE', '/auth/mfa/totp', {});
    expect(noCode.status).toBe(422);
    const wrong = await client.request('DELETE', '/auth/mfa/totp', {
      code: await codeNow(secret, 4),
    });
    expect(wrong.status).toBe(401);
    // Still on.
    expect((await t.client().post('/auth/tokens', credentials(username, password))).status).toBe(
      401,
    );
    const off = await client.request('DELETE', '/auth/mfa/totp', { code: await codeNow(secret) });
    expect(off.status).toBe(200);
    expect((await t.client().post('/auth/tokens', credentials(username, password))).status).toBe(
      200,
    );
    const gone = await client.request('DELETE', '/auth/mfa/totp', { code: '123456' });
    expect(gone.status).toBe(409);
  });

  it('makes new recovery codes only with a fresh access token and a current code', async () => {
    const { username, password, secret, recoveryCodes: old, client } = await withSecondFactor();
    expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
    const stale = await client.post('/auth/mfa/recovery_codes', { code: old[0]! });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as ErrorBody).title).toBe(ERROR_TITLES.freshTokenRequired);
    expect(
      (
        await client.post(
          '/auth/access_token',
          credentials(username, password, await codeNow(secret)),
        )
      ).status,
    ).toBe(200);
    expect((await client.post('/auth/mfa/recovery_codes', {})).status).toBe(422);
    // The code the re-authentication just used is used up: the factor is asked for again.
    const reused = await client.post('/auth/mfa/recovery_codes', { code: await codeNow(secret) });
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as ErrorBody).title).toBe(
      SESSION_MESSAGES.secondFactorFailedTitle,
    );
    const status = (await (await client.get('/auth/mfa')).json()) as SecondFactorStatus;
    expect(status.recovery_codes_left).toBe(10);
    // An unused recovery code is the factor too.
    expect((await client.post('/auth/mfa/recovery_codes', { code: old[0]! })).status).toBe(200);
  });

  it('makes ten new recovery codes with a code, and the old ones stop working', async () => {
    const { username, password, secret, recoveryCodes: old, client } = await withSecondFactor();
    const made = await client.post('/auth/mfa/recovery_codes', { code: await codeNow(secret) });
    expect(made.status).toBe(200);
    const { recovery_codes } = (await made.json()) as RecoveryCodesResponse;
    expect(recovery_codes).toHaveLength(10);
    expect(recovery_codes.some((code) => old.includes(code))).toBe(false);
    expect((await logInWithCode(username, password, old[0]!)).status).toBe(401);
    expect((await logInWithCode(username, password, recovery_codes[0]!)).status).toBe(200);
  });
});

/** A second, non-primary login of the customer `cid`. */
async function secondLogin(cid: number) {
  const username = `second-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const password = 'Quiet-Harbor-Lantern-42';
  const [contact] = await t.database.db
    .insert(contacts)
    .values({ cid, firstName: 'Second', lastName: 'Login', email: `${username}@example.test` })
    .returning();
  await t.database.db.insert(users).values({
    username,
    passwordHash: await hashPassword(password),
    cid,
    contactId: contact!.contactId,
    accountView: true,
  });
  return { username, password };
}

describe("the customer's rule: a second factor for every login", () => {
  it('is set by the primary admin only, and a login without one sets it up after the password', async () => {
    const owner = await createUser(t);
    const admin = await login(t, owner.username, owner.password);
    const member = await secondLogin(owner.cid);
    const memberClient = await login(t, member.username, member.password);

    const refused = await memberClient.put('/auth/mfa/policy', { required: true });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).title).toBe(
      SECOND_FACTOR_MESSAGES.primaryAdminOnlyTitle,
    );
    expect((await admin.put('/auth/mfa/policy', { required: 'yes' })).status).toBe(422);
    expect((await admin.put('/auth/mfa/policy', { required: true })).status).toBe(200);
    const status = (await (await memberClient.get('/auth/mfa')).json()) as SecondFactorStatus;
    expect(status).toMatchObject({ required: true, totp: 'off', can_require: false });

    // The password alone: 401 with the authenticator account to add, the same one each time.
    const first = await t
      .client()
      .post('/auth/tokens', credentials(member.username, member.password));
    expect(first.status).toBe(401);
    const body = (await first.json()) as ErrorBody & { setup: TotpSetup };
    expect(body.title).toBe('Second Factor Setup Required');
    expect(tokenCookies(first)).toEqual([]);
    expect(new URL(body.setup.otpauth_url).searchParams.get('secret')).toBe(body.setup.secret);
    const second = await t
      .client()
      .post('/auth/tokens', credentials(member.username, member.password));
    expect(((await second.json()) as { setup: TotpSetup }).setup.secret).toBe(body.setup.secret);
    await toDistinctCodes(t.clock, body.setup.secret);

    // A wrong code sets nothing up; the right one logs in and answers the recovery codes once.
    const wrong = await logInWithCode(
      member.username,
      member.password,
      await codeNow(body.setup.secret, 4),
    );
    expect(wrong.status).toBe(401);
    const client = t.client();
    const done = await client.post(
      '/auth/tokens',
      credentials(member.username, member.password, await codeNow(body.setup.secret)),
    );
    expect(done.status).toBe(200);
    const result = (await done.json()) as LoginResult;
    expect(result.username).toBe(member.username);
    expect(result.recovery_codes).toHaveLength(10);
    expect(tokenCookies(done)).toHaveLength(2);

    // From now on the factor is on, like any other.
    nextStep();
    const next = await t
      .client()
      .post('/auth/tokens', credentials(member.username, member.password));
    expect(((await next.json()) as ErrorBody).title).toBe('Second Factor Required');
    expect(
      (await logInWithCode(member.username, member.password, await codeNow(body.setup.secret)))
        .status,
    ).toBe(200);

    // The admin sees who has one.
    const listed = (await (await admin.get('/auth/mfa/users')).json()) as SecondFactorUsers;
    expect(listed.users).toEqual(
      expect.arrayContaining([
        { username: owner.username, second_factor: false },
        { username: member.username, second_factor: true },
      ]),
    );
    expect((await memberClient.get('/auth/mfa/users')).status).toBe(403);
  });
});

describe("a site admin's reset", () => {
  it('removes a login’s factor after the support check, audited, and ends its sessions', async () => {
    const { username, password, client } = await withSecondFactor();
    const admin = await login(t, 'admin');
    const path = `/admin/users/${username}/second_factor`;
    expect((await admin.request('DELETE', path, {})).status).toBe(422);
    expect(
      (
        await admin.request('DELETE', '/admin/users/nobody-here/second_factor', {
          verified_by: 'ticket 1',
        })
      ).status,
    ).toBe(404);
    const reset = await admin.request('DELETE', path, {
      verified_by: 'Ticket 4711: called back on the phone on file',
    });
    expect(reset.status).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'second_factor_reset'), eq(auditLog.username, username)));
    expect(entry).toMatchObject({
      actor: 'admin',
      detail: { verified_by: 'Ticket 4711: called back on the phone on file' },
    });
    expect((await client.get('/user/profile')).status).toBe(401);
    expect((await t.client().post('/auth/tokens', credentials(username, password))).status).toBe(
      200,
    );
    expect((await admin.request('DELETE', path, { verified_by: 'again' })).status).toBe(409);
  });

  it("lets no customer's admin reset or read another customer's logins' factors", async () => {
    const first = await withSecondFactor();
    const other = await createUser(t);
    const otherAdmin: CookieClient = await login(t, other.username, other.password);
    const reset = await otherAdmin.request(
      'DELETE',
      `/admin/users/${first.username}/second_factor`,
      {
        verified_by: 'I say so',
      },
    );
    expect(reset.status).toBe(403);
    expect(((await reset.json()) as ErrorBody).title).toBe(ERROR_TITLES.accessDenied);
    const listed = (await (await otherAdmin.get('/auth/mfa/users')).json()) as SecondFactorUsers;
    expect(listed.users.map((u) => u.username)).toEqual([other.username]);
    // The first login's factor is untouched.
    expect(
      (await t.client().post('/auth/tokens', credentials(first.username, first.password))).status,
    ).toBe(401);
  });
});
