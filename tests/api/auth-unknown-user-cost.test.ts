/**
 * A login for a username that does not exist costs what a wrong password costs: one argon2id
 * verification each, against a hash of the same parameters (src/server/session/passwords.ts,
 * `verifyAgainstDummy`). Counted, not timed: every verification the server runs is published on
 * its diagnostics channel with the parameters of the hash it verified against.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_VERIFY_CHANNEL,
  type PasswordVerification,
} from '../../src/server/session/passwords.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser } from '../support/session.ts';

let t: TestApp;
const verified: string[] = [];
const record = (message: unknown) => verified.push((message as PasswordVerification).parameters);

beforeAll(async () => {
  t = await createTestApp();
  subscribe(PASSWORD_VERIFY_CHANNEL, record);
});
afterAll(async () => {
  unsubscribe(PASSWORD_VERIFY_CHANNEL, record);
  await t.close();
});

describe('a login for an unknown username', () => {
  it('verifies one argon2id hash, with the parameters of a real user’s, and is refused alike', async () => {
    const { username } = await createUser(t, { password: 'correct horse battery staple 9' });
    verified.length = 0;

    const wrong = await t.client().post('/auth/tokens', {
      username,
      password: 'not the password at all',
    });
    expect(wrong.status).toBe(401);
    expect(verified).toHaveLength(1);
    const realUsers = verified[0]!;
    expect(realUsers).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    verified.length = 0;

    const unknown = await t.client().post('/auth/tokens', {
      username: 'nobody-has-this-name',
      password: 'not the password at all',
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
    expect(verified).toEqual([realUsers]);
  });
});
