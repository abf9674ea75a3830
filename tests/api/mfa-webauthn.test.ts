/**
 * Passkeys (docs/session.md "Passkeys", docs/api.md "Passkeys"): a login registers passkeys (each
 * named), lists, renames and removes them, and logs in with the password and a passkey's assertion
 * instead of a code. The authenticator is a software one written here with node:crypto (ES256 on
 * P-256, "none" attestation, WebAuthn Level 2 §6.1 authenticator data), so every check the server
 * makes can be made to fail: a wrong origin, a challenge used twice or too old, a counter that
 * does not move forward, another login's credential. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL (tests/tools/with-postgres.ts).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { and, desc, eq, like } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEYS } from '../../src/shared/session/constants.ts';
import { RATE_LIMITS } from '../../src/shared/constants.ts';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { PASSKEY_MESSAGES } from '../../src/shared/session/passkey-messages.ts';
import { SECOND_FACTOR_MESSAGES } from '../../src/shared/session/second-factor-messages.ts';
import type {
  PasskeyList,
  PasskeyRegistered,
  UserSecondFactors,
} from '../../src/shared/session/passkeys.ts';
import type { SecondFactorStatus, TotpSetup } from '../../src/shared/session/second-factor.ts';
import { activityLog, auditLog, passkeys } from '../../src/server/db/schema.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ORIGIN = 'https://portal.example.test';
const RP_ID = 'portal.example.test';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBAUTHN_ORIGINS: ORIGIN, WEBAUTHN_RP_ID: RP_ID } });
});
afterAll(() => t.close());

type ErrorBody = {
  status: number;
  title: string;
  msg: string;
  methods?: string[];
  webauthn?: PublicKeyCredentialRequestOptionsJSON;
  errors?: Record<string, string>;
};

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

function u32(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
}

/** A software authenticator: one P-256 key per credential, a signature counter each. */
class SoftAuthenticator {
  private readonly keys = new Map<string, { privateKey: KeyObject; counter: number }>();

  /** Answers a creation request as navigator.credentials.create would (attestation "none"). */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    { origin = ORIGIN, rpId = options.rp.id ?? RP_ID } = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credentialId = randomBytes(16);
    const id = b64url(credentialId);
    this.keys.set(id, { privateKey, counter: 0 });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      u32(0),
      Buffer.alloc(16), // AAGUID
      length,
      credentialId,
      Buffer.from(cose),
    ]);
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** Answers a request with a credential as navigator.credentials.get would. */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    credentialId: string,
    { origin = ORIGIN, counter }: { origin?: string; counter?: number } = {},
  ): AuthenticationResponseJSON {
    const key = this.keys.get(credentialId);
    if (!key) throw new Error('no such credential on this authenticator');
    key.counter = counter ?? key.counter + 1;
    const authData = Buffer.concat([
      sha256(options.rpId ?? RP_ID),
      Buffer.from([0x05]), // user present, user verified
      u32(key.counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      key.privateKey,
    );
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
    };
  }
}

const credentials = (username: string, password: string, extra: Record<string, unknown> = {}) => ({
  username,
  password,
  store_in_cookies: true,
  ...extra,
});

/** Registers a passkey for the logged-in client: its id on the authenticator and its row id. */
async function addPasskey(client: CookieClient, device: SoftAuthenticator, name: string) {
  const start = await client.post('/auth/mfa/webauthn/register/options', {});
  expect(start.status).toBe(200);
  const options = (await start.json()) as PublicKeyCredentialCreationOptionsJSON;
  const response = device.register(options);
  const verify = await client.post('/auth/mfa/webauthn/register/verify', { name, response });
  expect(verify.status).toBe(200);
  const body = (await verify.json()) as PasskeyRegistered;
  return { credentialId: response.id, id: body.passkey.id, body };
}

/** A new login with one passkey: its client (fresh), the authenticator and the credential. */
async function withPasskey(name = 'Laptop') {
  const account = await createUser(t);
  const client = await login(t, account.username, account.password);
  const device = new SoftAuthenticator();
  const passkey = await addPasskey(client, device, name);
  return { ...account, client, device, ...passkey };
}

/** The password alone: 401 Second Factor Required with the request the passkeys answer. */
async function passwordStep(username: string, password: string): Promise<ErrorBody> {
  const response = await t.client().post('/auth/tokens', credentials(username, password));
  expect(response.status).toBe(401);
  const body = (await response.json()) as ErrorBody;
  expect(body.title).toBe('Second Factor Required');
  return body;
}

describe('registering passkeys', () => {
  it('registers named passkeys with a fresh token, lists them, and refuses a bad answer', async () => {
    const { username, password, uid } = await createUser(t);
    const client = await login(t, username, password);
    const device = new SoftAuthenticator();

    const start = await client.post('/auth/mfa/webauthn/register/options', {});
    expect(start.status).toBe(200);
    const options = (await start.json()) as PublicKeyCredentialCreationOptionsJSON;
    expect(options.rp).toEqual({ id: RP_ID, name: t.config.productName });
    expect(options.user.name).toBe(username);
    expect(options.attestation).toBe('none');

    // Signed for another origin, or with another relying party's id: not accepted.
    for (const wrong of [
      device.register(options, { origin: 'https://evil.example' }),
      device.register(options, { rpId: 'evil.example' }),
    ]) {
      const again = (await (
        await client.post('/auth/mfa/webauthn/register/options', {})
      ).json()) as PublicKeyCredentialCreationOptionsJSON;
      const response = { ...wrong, response: { ...wrong.response } };
      // Re-sign nothing: only the challenge is the new one's, the origin or rp id stays wrong.
      const data = JSON.parse(
        Buffer.from(response.response.clientDataJSON, 'base64url').toString(),
      );
      response.response.clientDataJSON = b64url(
        Buffer.from(JSON.stringify({ ...data, challenge: again.challenge })),
      );
      const refused = await client.post('/auth/mfa/webauthn/register/verify', {
        name: 'Bad',
        response,
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()) as ErrorBody).toMatchObject({
        title: PASSKEY_MESSAGES.notVerifiedTitle,
        msg: PASSKEY_MESSAGES.notVerified,
      });
    }

    // The first challenge is still unused: a right answer to it registers the passkey.
    const response = device.register(options);
    const verify = await client.post('/auth/mfa/webauthn/register/verify', {
      name: '  Work laptop ',
      response,
    });
    expect(verify.status).toBe(200);
    const registered = (await verify.json()) as PasskeyRegistered;
    expect(registered.msg).toBe(PASSKEY_MESSAGES.registered);
    expect(registered.passkey).toMatchObject({ name: 'Work laptop', last_used_at: null });

    // The same answer again: its challenge was used.
    const replay = await client.post('/auth/mfa/webauthn/register/verify', {
      name: 'Again',
      response,
    });
    expect(replay.status).toBe(400);

    await addPasskey(client, device, 'Phone');
    const list = (await (await client.get('/auth/mfa/webauthn')).json()) as PasskeyList;
    expect(list.passkeys.map((p) => p.name)).toEqual(['Work laptop', 'Phone']);
    const status = (await (await client.get('/auth/mfa')).json()) as SecondFactorStatus;
    expect(status).toMatchObject({ totp: 'off', passkeys: 2 });
    const stored = await t.database.db.select().from(passkeys).where(eq(passkeys.uid, uid));
    expect(stored.map((row) => row.credentialId)).toContain(response.id);

    // A name is required and short; the answer must be complete.
    const bad = await client.post('/auth/mfa/webauthn/register/verify', {
      name: 'x'.repeat(PASSKEYS.nameMaxLength + 1),
      response: { id: 'abc' },
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).errors).toMatchObject({
      name: PASSKEY_MESSAGES.nameTooLong,
    });
  });

  it('needs a fresh access token to start', async () => {
    const { username, password } = await createUser(t);
    const client = await login(t, username, password);
    expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
    const start = await client.post('/auth/mfa/webauthn/register/options', {});
    expect(start.status).toBe(401);
    expect(((await start.json()) as ErrorBody).title).toBe(ERROR_TITLES.freshTokenRequired);
  });
});

describe('logging in with a passkey', () => {
  it('asks for it after the password and completes with its assertion, once', async () => {
    const { username, password, device, credentialId, id } = await withPasskey();
    const asked = await passwordStep(username, password);
    expect(asked.methods).toEqual(['passkey']);
    expect(asked.msg).toBe(PASSKEY_MESSAGES.passkeyPrompt);
    expect(asked.webauthn!.allowCredentials!.map((c) => c.id)).toEqual([credentialId]);

    const assertion = device.assert(asked.webauthn!, credentialId);
    const client = t.client();
    const done = await client.post(
      '/auth/tokens',
      credentials(username, password, { webauthn: assertion }),
    );
    expect(done.status).toBe(200);
    expect(((await done.json()) as { username: string }).username).toBe(username);
    expect((await client.get('/user/profile')).status).toBe(200);

    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'login'), eq(auditLog.username, username)))
      .orderBy(desc(auditLog.id));
    expect(entry!.detail).toEqual({ second_factor: 'passkey' });

    // The same assertion again: its challenge was used.
    const replay = await t
      .client()
      .post('/auth/tokens', credentials(username, password, { webauthn: assertion }));
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as ErrorBody).title).toBe(PASSKEY_MESSAGES.notVerifiedTitle);

    // The activity log names the factor of each login (issue 33: "logins, success and failure,
    // with the second factor used"); the password step alone is no login and writes nothing.
    const logins = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.login, username), eq(activityLog.action, 'login')))
      .orderBy(activityLog.id);
    expect(logins.map((r) => [r.outcome, r.summary, r.reason])).toEqual([
      // The login that added the passkey, before it had one.
      ['ok', 'Logged in with password', null],
      ['ok', 'Logged in with password and a passkey', null],
      [
        'refused',
        'Login: POST /auth/tokens',
        `${PASSKEY_MESSAGES.notVerifiedTitle}: ${PASSKEY_MESSAGES.notVerified}`,
      ],
    ]);

    // A wrong password says nothing of passkeys and hands out no challenge.
    const wrong = await t.client().post('/auth/tokens', credentials(username, 'not the password!'));
    const wrongBody = (await wrong.json()) as ErrorBody;
    expect(wrongBody.webauthn).toBeUndefined();
    expect(wrongBody.methods).toBeUndefined();
  });

  it('refuses another origin, an expired challenge and a counter that does not move forward', async () => {
    const { username, password, device, credentialId } = await withPasskey();
    const attempt = async (options: { origin?: string; counter?: number; wait?: number } = {}) => {
      const asked = await passwordStep(username, password);
      if (options.wait) t.clock.advance(options.wait);
      const assertion = device.assert(asked.webauthn!, credentialId, options);
      return t
        .client()
        .post('/auth/tokens', credentials(username, password, { webauthn: assertion }));
    };
    expect((await attempt({ origin: 'https://portal.example.test.evil.example' })).status).toBe(
      401,
    );
    expect((await attempt({ wait: PASSKEYS.challengeSeconds * 1000 + 1000 })).status).toBe(401);
    expect((await attempt({ counter: 5 })).status).toBe(200);
    // A cloned authenticator replaying an older or the same count.
    expect((await attempt({ counter: 5 })).status).toBe(401);
    expect((await attempt({ counter: 3 })).status).toBe(401);
    expect((await attempt({ counter: 6 })).status).toBe(200);
    // Two assertions with the same count at once (two challenges): one logs in. (A login of its
    // own, whose wrong tries above do not count against it.)
    const other = await withPasskey();
    const steps = [
      await passwordStep(other.username, other.password),
      await passwordStep(other.username, other.password),
    ];
    const racing = await Promise.all(
      steps.map((step) =>
        t.client().post(
          '/auth/tokens',
          credentials(other.username, other.password, {
            webauthn: other.device.assert(step.webauthn!, other.credentialId, { counter: 7 }),
          }),
        ),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('counts wrong assertions like codes: a burst gets at most the limit checked', async () => {
    const { username, password, device, credentialId } = await withPasskey();
    const { max } = RATE_LIMITS.secondFactorPerUser;
    // The password steps one after another (each gives its login unit back), then the burst.
    const asked: ErrorBody[] = [];
    for (let i = 0; i < max + 3; i += 1) asked.push(await passwordStep(username, password));
    const requests = await Promise.all(
      asked.map((step) => {
        const assertion = device.assert(step.webauthn!, credentialId, {
          origin: 'https://evil.example',
        });
        return t
          .client()
          .post('/auth/tokens', credentials(username, password, { webauthn: assertion }));
      }),
    );
    const statuses = requests.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it('takes a code or a passkey when the login has both', async () => {
    const { username, password, client, device, credentialId } = await withPasskey();
    const setup = (await (await client.post('/auth/mfa/totp')).json()) as TotpSetup;
    const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
    expect(
      (
        await client.post('/auth/mfa/totp/confirm', {
          code: await generate({ secret: setup.secret, epoch: epoch() }),
        })
      ).status,
    ).toBe(200);
    const asked = await passwordStep(username, password);
    expect(asked.methods).toEqual(['totp', 'passkey']);
    expect(asked.msg).toBe(SECOND_FACTOR_MESSAGES.required);
    // Two steps on: the confirming code's step (used) is out of the window, so a code equal to its
    // code by chance (about once in a million) cannot be taken for it and refused.
    t.clock.advance(60_000);
    const code = await generate({ secret: setup.secret, epoch: epoch() });
    expect(
      (await t.client().post('/auth/tokens', credentials(username, password, { otp: code })))
        .status,
    ).toBe(200);
    const again = await passwordStep(username, password);
    const assertion = device.assert(again.webauthn!, credentialId);
    expect(
      (
        await t
          .client()
          .post('/auth/tokens', credentials(username, password, { webauthn: assertion }))
      ).status,
    ).toBe(200);
  });

  it('refuses a code to a login that has passkeys only, and a malformed assertion', async () => {
    const { username, password } = await withPasskey();
    const code = await t
      .client()
      .post('/auth/tokens', credentials(username, password, { otp: '123456' }));
    expect(code.status).toBe(401);
    expect(((await code.json()) as ErrorBody).title).toBe('Code not accepted');
    const malformed = await t
      .client()
      .post(
        '/auth/tokens',
        credentials(username, password, { webauthn: { id: 'x', response: {} } }),
      );
    expect(malformed.status).toBe(422);
  });
});

describe('a fresh access token and an admin acting as the customer', () => {
  it('asks a login with a passkey for it again when the password is asked again', async () => {
    const { username, password, client, device, credentialId } = await withPasskey();
    const asked = await client.post('/auth/access_token', credentials(username, password));
    expect(asked.status).toBe(401);
    const body = (await asked.json()) as ErrorBody;
    expect(body).toMatchObject({ title: 'Second Factor Required', methods: ['passkey'] });
    const fresh = await client.post(
      '/auth/access_token',
      credentials(username, password, { webauthn: device.assert(body.webauthn!, credentialId) }),
    );
    expect(fresh.status).toBe(200);
  });

  it("lets a site admin acting as the customer neither add nor remove the login's passkeys", async () => {
    const { cid, id } = await withPasskey();
    const admin = await login(t, 'admin');
    expect((await admin.post('/admin/proxy', { cid })).status).toBe(200);
    // Fresh with the admin's own password, as the password prompt does while acting.
    expect(
      (await admin.post('/auth/access_token', credentials('admin', t.config.demoPassword))).status,
    ).toBe(200);
    const add = await admin.post('/auth/mfa/webauthn/register/options', {});
    expect(add.status).toBe(403);
    const remove = await admin.request('DELETE', `/auth/mfa/webauthn/${id}`, {});
    expect(remove.status).toBe(403);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.id, id))).toHaveLength(1);
  });
});

describe('two customers', () => {
  it("never lets one login's passkey stand in for another's, nor read or change it", async () => {
    const first = await withPasskey('First key');
    const second = await withPasskey('Second key');
    // The second login's challenge answered with the first login's credential.
    const asked = await passwordStep(second.username, second.password);
    const foreign = first.device.assert(asked.webauthn!, first.credentialId);
    const refused = await t
      .client()
      .post('/auth/tokens', credentials(second.username, second.password, { webauthn: foreign }));
    expect(refused.status).toBe(401);
    // The first login's challenge (from its own password step) is not the second login's either.
    const firstAsked = await passwordStep(first.username, first.password);
    const crossed = second.device.assert(firstAsked.webauthn!, second.credentialId);
    expect(
      (
        await t
          .client()
          .post(
            '/auth/tokens',
            credentials(second.username, second.password, { webauthn: crossed }),
          )
      ).status,
    ).toBe(401);

    const list = (await (await second.client.get('/auth/mfa/webauthn')).json()) as PasskeyList;
    expect(list.passkeys.map((p) => p.name)).toEqual(['Second key']);
    const rename = await second.client.request('PATCH', `/auth/mfa/webauthn/${first.id}`, {
      name: 'Mine now',
    });
    expect(rename.status).toBe(404);
    const remove = await second.client.request('DELETE', `/auth/mfa/webauthn/${first.id}`, {});
    expect(remove.status).toBe(404);
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, first.id));
    expect(row!.name).toBe('First key');
  });
});

describe('renaming and removing', () => {
  it('renames; removes one of two with a fresh token; the last only with its assertion', async () => {
    const { cid, username, password, client, device, credentialId, id } = await withPasskey();
    const second = await addPasskey(client, device, 'Phone');
    expect((await client.request('PATCH', `/auth/mfa/webauthn/${id}`, { name: ' ' })).status).toBe(
      422,
    );
    const renamed = await client.request('PATCH', `/auth/mfa/webauthn/${id}`, { name: 'Desk' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as ErrorBody).msg).toBe(PASSKEY_MESSAGES.renamed);

    const removed = await client.request('DELETE', `/auth/mfa/webauthn/${second.id}`, {});
    expect(removed.status).toBe(200);

    // The last factor: the passkey itself is asked for (left out, like a code: 422), with the
    // request to answer; a wrong answer is refused and the passkey stays.
    const last = await client.request('DELETE', `/auth/mfa/webauthn/${id}`, {});
    expect(last.status).toBe(422);
    const asked = (await last.json()) as ErrorBody;
    expect(asked).toMatchObject({
      msg: PASSKEY_MESSAGES.lastFactorProof,
      errors: { webauthn: PASSKEY_MESSAGES.lastFactorProof },
      methods: ['passkey'],
    });
    const forged = device.assert(asked.webauthn!, credentialId, { origin: 'https://evil.example' });
    const refused = await client.request('DELETE', `/auth/mfa/webauthn/${id}`, {
      webauthn: forged,
    });
    expect(refused.status).toBe(401);
    const again = (await (
      await client.request('DELETE', `/auth/mfa/webauthn/${id}`, {})
    ).json()) as ErrorBody;
    const proof = device.assert(again.webauthn!, credentialId);
    expect(
      (await client.request('DELETE', `/auth/mfa/webauthn/${id}`, { webauthn: proof })).status,
    ).toBe(200);
    expect(
      ((await (await client.get('/auth/mfa/webauthn')).json()) as PasskeyList).passkeys,
    ).toEqual([]);
    // The activity log has each change once, by the passkey's name, and each refusal
    // (docs/activity.md).
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.cid, cid), like(activityLog.action, 'mfa.passkey.%')))
      .orderBy(activityLog.id);
    expect(logged.filter((r) => r.outcome === 'ok').map((r) => r.summary)).toEqual([
      'Passkey “Laptop” added',
      'Passkey “Phone” added',
      'Passkey “Laptop” renamed “Desk”',
      'Passkey “Phone” removed',
      'Passkey “Desk” removed',
    ]);
    expect(logged.filter((r) => r.outcome === 'refused').map((r) => r.action)).toEqual([
      'mfa.passkey.rename',
      'mfa.passkey.remove',
      'mfa.passkey.remove',
      'mfa.passkey.remove',
    ]);
    // The password alone logs in again.
    expect((await t.client().post('/auth/tokens', credentials(username, password))).status).toBe(
      200,
    );
  });

  it('asks for the last passkey itself even when the authenticator app stays on', async () => {
    // Issue 33: "removing the last passkey needs a fresh access token and the factor itself",
    // like turning the app off needs its code whatever passkeys the login has.
    const { client, device, credentialId, id } = await withPasskey();
    const setup = (await (await client.post('/auth/mfa/totp')).json()) as TotpSetup;
    const epoch = Math.floor(t.clock.now().getTime() / 1000);
    expect(
      (
        await client.post('/auth/mfa/totp/confirm', {
          code: await generate({ secret: setup.secret, epoch }),
        })
      ).status,
    ).toBe(200);
    const bare = await client.request('DELETE', `/auth/mfa/webauthn/${id}`, {});
    expect(bare.status).toBe(422);
    const asked = (await bare.json()) as ErrorBody;
    expect(asked).toMatchObject({
      errors: { webauthn: PASSKEY_MESSAGES.lastFactorProof },
      methods: ['passkey'],
    });
    expect(
      ((await (await client.get('/auth/mfa/webauthn')).json()) as PasskeyList).passkeys,
    ).toHaveLength(1);
    // The authenticate pair's first half hands out a request of its own (docs/api.md "Passkeys"):
    // its answer is what the removal takes.
    const options = await client.post('/auth/mfa/webauthn/authenticate/options', {});
    expect(options.status).toBe(200);
    const request = (await options.json()) as PublicKeyCredentialRequestOptionsJSON;
    expect(request.allowCredentials!.map((c) => c.id)).toEqual([credentialId]);
    const proof = device.assert(request, credentialId);
    expect(
      (await client.request('DELETE', `/auth/mfa/webauthn/${id}`, { webauthn: proof })).status,
    ).toBe(200);
    // The app is still on.
    expect(((await (await client.get('/auth/mfa')).json()) as SecondFactorStatus).totp).toBe('on');
  });

  it('needs a fresh access token to remove one', async () => {
    const { client, device, id } = await withPasskey();
    await addPasskey(client, device, 'Spare');
    expect((await client.post('/auth/refresh_token', {})).status).toBe(200);
    const stale = await client.request('DELETE', `/auth/mfa/webauthn/${id}`, {});
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as ErrorBody).title).toBe(ERROR_TITLES.freshTokenRequired);
  });
});

describe("a site admin's view and reset", () => {
  it("shows a login's factors to a site admin only, and the reset removes its passkeys", async () => {
    const { username, password, uid } = await withPasskey('Travel key');
    const admin = await login(t, 'admin');
    const path = `/admin/users/${username}/second_factor`;
    const seen = await admin.get(path);
    expect(seen.status).toBe(200);
    const factors = (await seen.json()) as UserSecondFactors;
    expect(factors).toMatchObject({ username, totp: 'off', recovery_codes_left: 0 });
    expect(factors.passkeys.map((p) => p.name)).toEqual(['Travel key']);

    const other = await createUser(t);
    const customerAdmin = await login(t, other.username, other.password);
    expect((await customerAdmin.get(path)).status).toBe(403);

    const reset = await admin.request('DELETE', path, { verified_by: 'Ticket 88: called back' });
    expect(reset.status).toBe(200);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.uid, uid))).toEqual([]);
    expect((await t.client().post('/auth/tokens', credentials(username, password))).status).toBe(
      200,
    );
    expect((await admin.get('/admin/users/nobody-here/second_factor')).status).toBe(404);
  });
});
