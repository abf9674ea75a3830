/**
 * The hook a test passes in the app's deps (`deps.orderHooks`, src/server/signup/orders/hooks.ts) runs
 * once for each order placed, inside its transaction, after every write and before commit: an
 * order the hook refuses leaves nothing behind, and the same request then places it once.
 * tests/api/order-crash.test.ts uses the same hook to kill a real server before commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import type { SignupOrderResponse } from '../../src/shared/signup/order.ts';
import type { TestApp } from '../support/test-app.ts';
import type { FakeCardProcessor } from './self-signup-support.ts';
import {
  addressFacts,
  createOrderTestApp,
  newKey,
  orderBody,
  orderTableCounts,
  postOrder,
  solveCaptcha,
  uniqueAddress,
  uniqueUsername,
} from './self-signup-support.ts';

let t: TestApp;
let cards: FakeCardProcessor;
/** What the hook does next: refuse the order, or let it commit. */
let refuse = false;
let calls = 0;

beforeAll(async () => {
  ({ t, cards } = await createOrderTestApp({
    orderHooks: {
      beforeCommit() {
        calls += 1;
        return refuse ? Promise.reject(new Error('refused before commit')) : Promise.resolve();
      },
    },
  }));
});
afterAll(() => t.close());

describe("an order's hook before commit", () => {
  it('runs once per placed order; a refusal there rolls back every write, and a retry places it once', async () => {
    // The refused request's 500 is expected: keep its log line out of the test output.
    t.logger.level = 'silent';
    const client = t.client();
    const facts = await addressFacts(client, DEMO_ADDRESSES.utopiaOrderable);
    const body = {
      ...orderBody(facts, { card: cards.addCard(), username: uniqueUsername('hook') }),
      recaptcha_token: await solveCaptcha(client),
    };
    const key = newKey();
    const address = uniqueAddress();
    const before = await orderTableCounts(t.database.db);

    refuse = true;
    const refused = await postOrder(client, body, key, address);
    expect(refused.status).toBe(500);
    expect(calls).toBe(1);
    expect(await orderTableCounts(t.database.db)).toEqual(before);

    refuse = false;
    const placed = await postOrder(client, body, key, address);
    expect(placed.status).toBe(201);
    expect(calls).toBe(2);
    const answer = (await placed.json()) as SignupOrderResponse;

    const replayed = await postOrder(client, body, key, address);
    expect(replayed.status).toBe(201);
    expect(await replayed.json()).toEqual(answer);
    expect(calls).toBe(2);

    const after = await orderTableCounts(t.database.db);
    expect(after.orders - before.orders).toBe(1);
    expect(after.customers - before.customers).toBe(1);
    expect(after.keys - before.keys).toBe(1);
  });
});
