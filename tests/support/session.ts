/**
 * Helpers for tests that need logged-in visitors: logging a client in, and making users with
 * chosen permissions directly in the test database.
 */
import { expect } from 'vitest';
import type { SessionUser } from '../../src/shared/session/types.ts';
import { createCustomerAccount, type PermissionGrant } from '../../src/server/session/accounts.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import type { CookieClient, RequestOptions } from './http-client.ts';
import type { TestApp } from './test-app.ts';

export const DEMO_USERS = ['admin', 'demo', 'viewer', 'nobilling'] as const;

export async function login(
  t: TestApp,
  username: string,
  password = t.config.demoPassword,
  options: RequestOptions = {},
): Promise<CookieClient> {
  const client = t.client();
  const response = await client.post(
    '/auth/tokens',
    { username, password, store_in_cookies: true },
    options,
  );
  expect(response.status, `login as ${username}`).toBe(200);
  const body = (await response.json()) as SessionUser;
  expect(body.username).toBe(username);
  return client;
}

let counter = 0;

/** A new customer with one user; its password is `password`. */
export async function createUser(
  t: TestApp,
  options: {
    username?: string;
    password?: string;
    permissions?: PermissionGrant;
    email?: string;
  } = {},
) {
  counter += 1;
  const username = options.username ?? `user${counter}-${Date.now().toString(36)}`;
  const password = options.password ?? 'Quiet-Harbor-Lantern-42';
  const passwordHash = await hashPassword(password);
  const ids = await t.database.db.transaction((tx) =>
    createCustomerAccount(tx, {
      contact: {
        firstName: 'Test',
        lastName: 'Person',
        phone: '(801) 555-0000',
        email: options.email ?? `${username}@example.test`,
      },
      user: { username, passwordHash, permissions: options.permissions ?? { account: 'manage' } },
      serviceAddress: { line1: '1 Test Street', city: 'Provo', state: 'UT', zipCode: '84601' },
    }),
  );
  return { ...ids, username, password };
}

/** A client address of its own, so that per-address limits of one test do not touch another. */
export function fromAddress(address: string): RequestOptions {
  return { headers: { 'X-Forwarded-For': address } };
}
