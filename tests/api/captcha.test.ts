/**
 * The captcha behind the availability contact list: self-hosted altcha proof of work (challenge,
 * solve, verify once) and a hosted reCAPTCHA selected by configuration alone.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { recaptchaFailureMessage } from '../../src/shared/messages/account.ts';
import { SERVICEABILITY_MESSAGES } from '../../src/shared/signup/messages.ts';
import {
  CAPTCHA_CHALLENGE_PATH,
  CAPTCHA_CONFIG_PATH,
  type CaptchaPublicConfig,
} from '../../src/shared/signup/captcha.ts';
import { SERVICEABILITY_PATHS as PATHS } from '../../src/shared/signup/serviceability.ts';
import { ALTCHA_ALGORITHM, altchaKeySecret } from '../../src/server/signup/captcha/altcha.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-altcha';

const contact = {
  name: 'Casey Neighbor',
  address: '350 S 200 E, Salt Lake City, UT 84111',
  email: 'casey@example.com',
  phone: '(801) 555-0177',
};

async function json<T>(response: Response, status: number): Promise<T> {
  const body = (await response.json()) as T;
  if (response.status !== status) console.error(body);
  expect(response.status).toBe(status);
  return body;
}

function tokenOf(challenge: Challenge, solution: object) {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('altcha (self-hosted proof of work)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ALTCHA_MAX_COUNTER: '20', ALTCHA_COST: '10', CAPTCHA_SECRET: SECRET },
    });
  });
  afterAll(() => t.close());

  const failure = () => ({
    status: 403,
    title: SERVICEABILITY_MESSAGES.captchaFailedTitle,
    msg: recaptchaFailureMessage({ phone: t.config.contactPhone, email: t.config.contactEmail }),
  });

  async function solvedToken(): Promise<string> {
    const response = await t.client().get(CAPTCHA_CHALLENGE_PATH);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = await json<Challenge>(response, 200);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return tokenOf(challenge, solution as object);
  }

  async function contactsNamed(name: string) {
    return rowsOf<{ email: string }>(
      await t.database.db.execute(
        sql`select email from availability_contacts where name = ${name}`,
      ),
    );
  }

  it('tells the page to show the altcha widget with the challenge path', async () => {
    expect(await json<CaptchaPublicConfig>(await t.client().get(CAPTCHA_CONFIG_PATH), 200)).toEqual(
      {
        provider: 'altcha',
        site_key: '',
        challenge_path: CAPTCHA_CHALLENGE_PATH,
      },
    );
  });

  it('hands out signed, expiring PBKDF2 challenges', async () => {
    const challenge = await json<Challenge>(await t.client().get(CAPTCHA_CHALLENGE_PATH), 200);
    expect(challenge.parameters).toMatchObject({ algorithm: ALTCHA_ALGORITHM, cost: 10 });
    expect(challenge.signature).toEqual(expect.any(String));
    const expiresAt = challenge.parameters.expiresAt as number;
    expect(expiresAt * 1000).toBeGreaterThan(Date.now() + 60_000);
  });

  it('adds a contact with a solved challenge, once per token', async () => {
    const token = await solvedToken();
    const added = await json<{ contact_id: number; msg: string }>(
      await t.client().post(PATHS.availability, { ...contact, recaptcha_token: token }),
      201,
    );
    expect(added.msg).toBe(SERVICEABILITY_MESSAGES.availabilityContactAdded);
    expect(await contactsNamed(contact.name)).toEqual([{ email: contact.email }]);
    const replay = await json(
      await t.client().post(PATHS.availability, { ...contact, recaptcha_token: token }),
      403,
    );
    expect(replay).toEqual(failure());
    expect(await contactsNamed(contact.name)).toHaveLength(1);
  });

  it('refuses garbage, a wrong solution and an expired challenge with the default message', async () => {
    const challenge = await json<Challenge>(await t.client().get(CAPTCHA_CHALLENGE_PATH), 200);
    const solution = await solveChallenge({ challenge, deriveKey });
    const derivedKey = solution?.derivedKey ?? '';
    const flipped = `${derivedKey.slice(0, -1)}${derivedKey.endsWith('0') ? '1' : '0'}`;
    const wrong = tokenOf(challenge, { ...solution, derivedKey: flipped });
    const expired = await createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost: 10,
      counter: 3,
      deriveKey,
      hmacSignatureSecret: SECRET,
      hmacKeySignatureSecret: altchaKeySecret(SECRET),
      expiresAt: new Date(Date.now() - 1000),
    });
    const expiredSolution = await solveChallenge({ challenge: expired, deriveKey });
    for (const token of [
      'not a token',
      Buffer.from('{"challenge":1}').toString('base64'),
      wrong,
      tokenOf(expired, expiredSolution as object),
    ]) {
      const body = await json(
        await t.client().post(PATHS.availability, { ...contact, recaptcha_token: token }),
        403,
      );
      expect(body).toEqual(failure());
    }
  });

  it('refuses a challenge signed with another secret', async () => {
    const forged = await createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost: 10,
      counter: 3,
      deriveKey,
      hmacSignatureSecret: `${SECRET}-forged`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const solution = await solveChallenge({ challenge: forged, deriveKey });
    await json(
      await t.client().post(PATHS.availability, {
        ...contact,
        recaptcha_token: tokenOf(forged, solution as object),
      }),
      403,
    );
  });

  it('checks the fields before the captcha, so a refused form does not spend the token', async () => {
    const token = await solvedToken();
    const invalid = await json<{ errors: Record<string, string> }>(
      await t.client().post(PATHS.availability, {
        name: ' ',
        phone: '555',
        email: 'x',
        recaptcha_token: token,
      }),
      422,
    );
    expect(invalid.errors).toEqual({
      name: FIELD_MESSAGES.approvalName,
      address: FIELD_MESSAGES.address,
      email: FIELD_MESSAGES.email,
      phone: FIELD_MESSAGES.phone,
    });
    await json(
      await t
        .client()
        .post(PATHS.availability, { ...contact, name: 'Second Try', recaptcha_token: token }),
      201,
    );
  });

  it('needs a token', async () => {
    const missing = await json<{ errors: Record<string, string> }>(
      await t.client().post(PATHS.availability, contact),
      422,
    );
    expect(Object.keys(missing.errors)).toEqual(['recaptcha_token']);
  });
});

describe('reCAPTCHA (hosted), chosen by configuration', () => {
  let t: TestApp;
  let server: Server;
  const seen: URLSearchParams[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        const success = form.get('secret') === 'hosted-secret' && form.get('response') === 'good';
        response.setHeader('Content-Type', 'application/json');
        response.end(
          JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input'] }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      env: {
        CAPTCHA_PROVIDER: 'recaptcha',
        CAPTCHA_SECRET: 'hosted-secret',
        RECAPTCHA_SITE_KEY: 'site-key-123',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('tells the page to show reCAPTCHA with the site key, and serves no challenge', async () => {
    expect(await json<CaptchaPublicConfig>(await t.client().get(CAPTCHA_CONFIG_PATH), 200)).toEqual(
      {
        provider: 'recaptcha',
        site_key: 'site-key-123',
        challenge_path: CAPTCHA_CHALLENGE_PATH,
      },
    );
    await json(await t.client().get(CAPTCHA_CHALLENGE_PATH), 404);
  });

  it('asks the verification endpoint about each token', async () => {
    await json(
      await t.client().post(PATHS.availability, { ...contact, recaptcha_token: 'good' }),
      201,
    );
    const refused = await json<{ msg: string }>(
      await t.client().post(PATHS.availability, { ...contact, recaptcha_token: 'bad' }),
      403,
    );
    expect(refused.msg).toBe(
      recaptchaFailureMessage({ phone: t.config.contactPhone, email: t.config.contactEmail }),
    );
    expect(seen.map((form) => form.get('response'))).toEqual(['good', 'bad']);
  });
});
