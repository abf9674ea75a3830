/**
 * Killing the server in the middle of an order leaves nothing partial, and the same request can
 * then be retried with the same Idempotency-Key and succeeds exactly once.
 *
 * A real server process on a throwaway PostgreSQL (Debian's `postgresql`; or a database of its own
 * on DATABASE_URL when set) places a Lehi Fiber order that books an installation slot and pays by
 * bank account. With ORDER_TEST_PAUSE_DIR the order placement stops inside its transaction, after
 * every write and just before commit; the test then kills the process with SIGKILL and checks
 * that no customer, user, order, payment account, booking, email or idempotency key exists and
 * the slot has its room back. A second server process on the same database then takes the retry.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import type { SignupOrderResponse } from '../../src/shared/signup/order.ts';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/client.ts';
import {
  customers,
  emailOutbox,
  idempotencyKeys,
  installationBookings,
  installationSlots,
  orders,
  paymentAccounts,
  users,
} from '../../src/server/db/schema.ts';
import { CookieClient } from '../support/http-client.ts';
import { exited, serverInstances } from '../support/instances.ts';
import { ownPostgresDatabase, type TempPostgres } from '../support/postgres.ts';
import {
  addressFacts,
  CHEAP_CAPTCHA_ENV,
  countRows,
  fetchInstallationSlots,
  newKey,
  orderBody,
  postOrder,
  solveCaptcha,
  uniqueUsername,
} from './self-signup-support.ts';

const TIMEOUT_MS = 180_000;

let database: TempPostgres | undefined;
let db: DatabaseHandle;

const instances = serverInstances({
  name: 'order-crash',
  databaseUrl: () => database!.url,
  env: () => ({ SEED_ADDRESSES: '100', ...CHEAP_CAPTCHA_ENV }),
});
const startServerProcess = (env: Record<string, string>) => instances.start(env);

async function snapshot(slotId: string) {
  const [slot] = await db.db
    .select({ booked: installationSlots.booked })
    .from(installationSlots)
    .where(eq(installationSlots.id, slotId));
  const countOf = (table: PgTable) => countRows(db.db, table);
  return {
    customers: await countOf(customers),
    users: await countOf(users),
    orders: await countOf(orders),
    paymentAccounts: await countOf(paymentAccounts),
    bookings: await countOf(installationBookings),
    mail: await countOf(emailOutbox),
    keys: await countOf(idempotencyKeys),
    slotBooked: slot.booked,
  };
}

beforeAll(async () => {
  database = await ownPostgresDatabase('app_test_crash');
  db = openPostgres(database.url, 2);
}, TIMEOUT_MS);

afterAll(async () => {
  await instances.stopAll();
  await db?.close();
  database?.stop();
}, TIMEOUT_MS);

describe('a server killed in the middle of an order', () => {
  it(
    'leaves nothing partial, and a retry with the same key then succeeds exactly once',
    async () => {
      const pauseDir = instances.folder('pause');
      const first = await startServerProcess({ ORDER_TEST_PAUSE_DIR: pauseDir });

      const lehi = DEMO_ADDRESSES.lehiOntInstall;
      const client = CookieClient.forOrigin(first.origin);
      const facts = await addressFacts(client, lehi);
      const slot = (await fetchInstallationSlots(client, lehi, 'basic')).availableTimes[0];
      const username = uniqueUsername('crash');
      const body = {
        ...orderBody(facts, { payment: 'bank', username, slotId: slot.resourceId }),
        recaptcha_token: await solveCaptcha(client),
      };
      const key = newKey();
      const before = await snapshot(slot.resourceId);

      // The order runs until it pauses inside its transaction, just before commit.
      const pending = postOrder(client, body, key).then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      );
      const deadline = Date.now() + 60_000;
      while (!existsSync(path.join(pauseDir, 'paused'))) {
        if (Date.now() > deadline) throw new Error(`never paused:\n${first.output()}`);
        await sleep(20);
      }
      // Inside the transaction every row is written but none is visible outside it.
      expect(await snapshot(slot.resourceId)).toEqual(before);
      first.child.kill('SIGKILL');
      await exited(first.child);
      const outcome = await pending;
      expect('error' in outcome).toBe(true);

      // Nothing of the order survives: no customer, user, order, payment account, booking,
      // email or key, and the slot has its room back.
      const afterCrash = await snapshot(slot.resourceId);
      expect(afterCrash).toEqual(before);
      expect(await db.db.select().from(users).where(eq(users.username, username))).toEqual([]);
      expect(
        await db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
      ).toEqual([]);

      // Another server process takes the retry with the same key: placed once.
      const second = await startServerProcess({});
      const retryClient = CookieClient.forOrigin(second.origin);
      const retry = await postOrder(retryClient, body, key);
      const placed = (await retry.json()) as SignupOrderResponse;
      expect(retry.status, JSON.stringify(placed)).toBe(201);
      expect(placed.username).toBe(username);
      const again = await postOrder(retryClient, body, key);
      expect(again.status).toBe(201);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await again.json()).toEqual(placed);

      const afterRetry = await snapshot(slot.resourceId);
      expect(afterRetry).toEqual({
        customers: before.customers + 1,
        users: before.users + 1,
        orders: before.orders + 1,
        paymentAccounts: before.paymentAccounts + 1,
        bookings: before.bookings + 1,
        mail: before.mail + 1,
        keys: before.keys + 1,
        slotBooked: before.slotBooked + 1,
      });
      expect(await db.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(
        1,
      );
    },
    TIMEOUT_MS,
  );
});
