/**
 * Exactly-once order placement under concurrency (PGlite by default; PostgreSQL with
 * DATABASE_URL, e.g. `npx tsx tests/tools/with-postgres.ts npx vitest run --project api
 * tests/api/order-concurrency.test.ts`):
 * - 50 identical submissions at once with one Idempotency-Key create one customer and one order,
 *   and every one of them answers the same 201;
 * - two orders with different keys and the same username: one is placed, the other is told the
 *   username is taken;
 * - two orders racing for the last place of an installation slot: one is placed, the other gets
 *   the 409 and leaves nothing behind.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICEABILITY_MESSAGES } from '../../src/shared/signup/messages.ts';
import { USERNAME_MESSAGES } from '../../src/shared/messages/account.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import type { SignupOrderResponse } from '../../src/shared/signup/order.ts';
import {
  customers,
  idempotencyKeys,
  installationBookings,
  installationSlots,
  orders,
  paymentAccounts,
  users,
} from '../../src/server/db/schema.ts';
import type { TestApp } from '../support/test-app.ts';
import type { FakeCardProcessor } from './self-signup-support.ts';
import {
  addressFacts,
  countRows,
  createOrderTestApp,
  fetchInstallationSlots,
  newKey,
  orderBody,
  postOrder,
  solveCaptcha,
  uniqueUsername,
} from './self-signup-support.ts';

let t: TestApp;
let cards: FakeCardProcessor;

beforeAll(async () => {
  ({ t, cards } = await createOrderTestApp());
});
afterAll(() => t.close());

function countOf(table: PgTable) {
  return countRows(t.database.db, table);
}

describe('concurrent submissions', () => {
  it('50 identical submissions with one key place one order and all answer the same 201', async () => {
    const client = t.client();
    const facts = await addressFacts(client, DEMO_ADDRESSES.utopiaOrderable);
    const username = uniqueUsername('fifty');
    const body = {
      ...orderBody(facts, { card: cards.addCard(), username, router: true }),
      recaptcha_token: await solveCaptcha(client),
    };
    const key = newKey();
    const customersBefore = await countOf(customers);
    const ordersBefore = await countOf(orders);

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => postOrder(t.client(), body, key)),
    );
    const statuses = responses.map((response) => response.status);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    if (statuses.some((status) => status !== 201)) console.error(bodies.slice(0, 3));
    expect(statuses).toEqual(Array(50).fill(201));
    const first = bodies[0] as SignupOrderResponse;
    for (const answer of bodies) expect(answer).toEqual(first);
    expect(responses.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(
      49,
    );

    expect((await countOf(customers)) - customersBefore).toBe(1);
    expect((await countOf(orders)) - ordersBefore).toBe(1);
    const { db } = t.database;
    expect(await db.select().from(users).where(eq(users.username, username))).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    expect(
      await db.select().from(paymentAccounts).where(eq(paymentAccounts.cid, first.cid)),
    ).toHaveLength(1);
    expect(
      await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
    ).toHaveLength(1);
    // Each submission checks the password's strength and hashes it before it reaches the key:
    // 50 of them take a while on a small, busy machine.
  }, 120_000);

  it('two keys with one username: one order is placed, the other hears the username is taken', async () => {
    const client = t.client();
    const facts = await addressFacts(client, DEMO_ADDRESSES.utopiaOrderable);
    const username = uniqueUsername('twin');
    const bodies = await Promise.all(
      [0, 1].map(async () => ({
        ...orderBody(facts, { card: cards.addCard(), username }),
        recaptcha_token: await solveCaptcha(client),
      })),
    );
    const responses = await Promise.all(bodies.map((body) => postOrder(t.client(), body)));
    const answers = await Promise.all(
      responses.map((r) => r.json() as Promise<Record<string, unknown>>),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422]);
    const refused = answers[responses.findIndex((r) => r.status === 422)];
    expect(refused.errors).toEqual({ 'customer.uid': USERNAME_MESSAGES.taken });
    expect(
      await t.database.db.select().from(users).where(eq(users.username, username)),
    ).toHaveLength(1);
  });

  it('two orders for the last place in a slot: one is placed, the other gets 409 and writes nothing', async () => {
    const lehi = DEMO_ADDRESSES.lehiOntInstall;
    const client = t.client();
    const facts = await addressFacts(client, lehi);
    const slots = await fetchInstallationSlots(client, lehi, 'basic');
    const slot = slots.availableTimes.at(-1)!;
    const { db } = t.database;
    await db
      .update(installationSlots)
      .set({ booked: sql`${installationSlots.capacity} - 1` })
      .where(eq(installationSlots.id, slot.resourceId));
    const names = [uniqueUsername('slot-a'), uniqueUsername('slot-b')];
    const bodies = await Promise.all(
      names.map(async (username) => ({
        ...orderBody(facts, { card: cards.addCard(), username, slotId: slot.resourceId }),
        recaptcha_token: await solveCaptcha(client),
      })),
    );
    const bookingsBefore = await countOf(installationBookings);
    const responses = await Promise.all(bodies.map((body) => postOrder(t.client(), body)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = responses.findIndex((r) => r.status === 409);
    const answer = (await responses[loser].json()) as Record<string, unknown>;
    expect(answer.msg).toBe(SERVICEABILITY_MESSAGES.slotTaken);
    expect(await db.select().from(users).where(eq(users.username, names[loser]))).toHaveLength(0);
    expect((await countOf(installationBookings)) - bookingsBefore).toBe(1);
    const [row] = await db
      .select()
      .from(installationSlots)
      .where(eq(installationSlots.id, slot.resourceId));
    expect(row.booked).toBe(row.capacity);
  });
});
