/**
 * A login for a username that does not exist costs what a wrong password costs: one argon2id
 * verification each (src/server/auth/passwords.ts, `verifyAgainstDummy`). Counted, not timed: the
 * hashing library is wrapped so that the test sees every verification the server runs, with the
 * parameters of the hash it verified against.
 */
import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser } from '../support/session.ts';

const verified = vi.hoisted(() => ({ hashes: [] as string[] }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    verify: (hashed: string, password: string) => {
      verified.hashes.push(hashed);
      return argon2.verify(hashed, password);
    },
  };
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  verified.hashes.length = 0;
});

/** The argon2 parameters part of a PHC string: `$argon2id$v=19$m=…,t=…,p=…`. */
const parametersOf = (hashed: string) => hashed.split('$').slice(1, 4).join('$');

describe('a login for an unknown username', () => {
  it('verifies one argon2id hash, with the parameters of a real user’s, and is refused alike', async () => {
    const { username } = await createUser(t, { password: 'correct horse battery staple 9' });
    verified.hashes.length = 0;

    const wrong = await t.client().post('/auth/tokens', {
      username,
      password: 'not the password at all',
    });
    expect(wrong.status).toBe(401);
    expect(verified.hashes).toHaveLength(1);
    const realUsers = parametersOf(verified.hashes[0]!);
    verified.hashes.length = 0;

    const unknown = await t.client().post('/auth/tokens', {
      username: 'nobody-has-this-name',
      password: 'not the password at all',
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
    expect(verified.hashes).toHaveLength(1);
    expect(parametersOf(verified.hashes[0]!)).toBe(realUsers);
  });
});
