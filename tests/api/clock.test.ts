/**
 * Business dates follow the server's clock (deps.clock), not the machine's: an order placed on a
 * moved clock gets that day's promos, installation horizon and dates; installation slots start
 * the day after the clock's today; a bill is overdue the day after its due date; a pre-signup link
 * expires on the clock; the demo logins' bills are dated from the clock's today.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfoResponse } from '../../src/shared/session/types.ts';
import { addDays, earliestScheduleDate, serviceDateTime } from '../../src/shared/signup/dates.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import { INSTALLATION_DAYS_AHEAD } from '../../src/shared/signup/serviceability.ts';
import {
  catalogueRates,
  bills,
  customerBilling,
  customerServices,
  orders,
  payments,
  preSignups,
  provisioningTasks,
  users,
} from '../../src/server/db/schema.ts';
import type { TestApp } from '../support/test-app.ts';
import { login } from '../support/session.ts';
import type { FakeCardProcessor } from './self-signup-support.ts';
import {
  addressFacts,
  createOrderTestApp,
  fetchInstallationSlots,
  orderBody,
  postOrder,
  solveCaptcha,
} from './self-signup-support.ts';

/** Where the clock starts: far from the real date, so that nothing passes by the machine's date. */
const START = serviceDateTime('2031-03-04', '12:00');
const noonOn = (date: string) => serviceDateTime(date, '12:00');

let t: TestApp;
let cards: FakeCardProcessor;
beforeAll(async () => {
  ({ t, cards } = await createOrderTestApp({ now: START }));
});
afterAll(() => t.close());

/** The featured first-month promo of UTOPIA's 1 Gbps, as the catalogue seeded it. */
async function utopiaPromo() {
  const [promo] = await t.database.db
    .select({ name: catalogueRates.name, expirationDate: catalogueRates.expirationDate })
    .from(catalogueRates)
    .where(
      and(
        eq(catalogueRates.name, 'utopia.speed_1000_sym.promo_first_month'),
        isNotNull(catalogueRates.expirationDate),
      ),
    );
  return { name: promo.name, lastDay: promo.expirationDate! };
}

async function placeUtopiaOrder() {
  const client = t.client();
  const facts = await addressFacts(client, DEMO_ADDRESSES.utopiaOrderable);
  const body = {
    ...orderBody(facts, { speedId: 'speed_1000_sym', card: cards.addCard() }),
    recaptcha_token: await solveCaptcha(client),
  };
  const response = await postOrder(client, body);
  const answer = (await response.json()) as { order_id: number; msg?: string };
  expect(response.status, JSON.stringify(answer)).toBe(201);
  const [order] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.orderId, answer.order_id));
  return { order, facts };
}

const cartNames = (items: unknown) => (items as { name: string }[]).map((item) => item.name);

describe('an order on the clock', () => {
  it('gets the promos of the clock’s day and is dated by the clock', async () => {
    const promo = await utopiaPromo();
    t.clock.set(noonOn(promo.lastDay));
    const onLastDay = await placeUtopiaOrder();
    expect(cartNames(onLastDay.order.cartItems)).toContain(promo.name);
    expect(onLastDay.order.createdAt.toISOString()).toBe(t.clock.now().toISOString());

    t.clock.set(noonOn(addDays(promo.lastDay, 1)));
    const { order } = await placeUtopiaOrder();
    expect(cartNames(order.cartItems)).not.toContain(promo.name);
    expect(order.createdAt.toISOString()).toBe(t.clock.now().toISOString());
    const services = await t.database.db
      .select({ createdAt: customerServices.createdAt })
      .from(customerServices)
      .where(eq(customerServices.orderId, order.orderId));
    expect(services.length).toBeGreaterThan(0);
    for (const service of services) expect(service.createdAt).toEqual(t.clock.now());
    const [task] = await t.database.db
      .select({ creationDt: provisioningTasks.creationDt })
      .from(provisioningTasks)
      .where(eq(provisioningTasks.orderId, order.orderId));
    expect(task.creationDt).toEqual(t.clock.now());
  });

  it('books an installation within the clock’s booking horizon', async () => {
    t.clock.set(START);
    const lehi = DEMO_ADDRESSES.lehiOntInstall;
    const client = t.client();
    const slots = await fetchInstallationSlots(client, lehi, 'basic');
    const tomorrow = earliestScheduleDate(t.clock.now());
    expect(slots.startDate).toBe(tomorrow);
    expect(slots.availableTimes.length).toBeGreaterThan(0);
    const last = addDays(tomorrow, INSTALLATION_DAYS_AHEAD - 1);
    for (const time of slots.availableTimes) {
      expect(time.date >= tomorrow && time.date <= last, time.date).toBe(true);
    }
    const facts = await addressFacts(client, lehi);
    const body = {
      ...orderBody(facts, { slotId: slots.availableTimes[0].resourceId, card: cards.addCard() }),
      recaptcha_token: await solveCaptcha(client),
    };
    const response = await postOrder(client, body);
    expect(response.status, await response.clone().text()).toBe(201);
  });
});

/**
 * The demo data is seeded once for all test databases, dated from the real day it ran (the day of
 * the demo's order); its bills follow billing.md: month k of a service starts on the activation's
 * day of month, at most the 28th, and is due 21 days after.
 */
async function seedDay(): Promise<string> {
  const [row] = await t.database.db
    .select({ createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(users, eq(users.cid, orders.cid))
    .where(eq(users.username, 'demo'));
  return row.createdAt.toISOString().slice(0, 10);
}
const monthStart = (date: string) => (Number(date.slice(8)) > 28 ? `${date.slice(0, 8)}28` : date);

describe('dates of a customer on the clock', () => {
  it('a bill is overdue the day after its due date, not on it', async () => {
    // The seeded demo's open bill: month 13 began 5 days before the seed's day.
    const due = addDays(monthStart(addDays(await seedDay(), -5)), 21);
    const client = await login(t, 'demo');
    const overdue = async () => {
      const response = await client.get('/user/info');
      expect(response.status).toBe(200);
      return ((await response.json()) as UserInfoResponse).billing.overdue;
    };
    t.clock.set(noonOn(due));
    expect(await overdue()).toBe(false);
    t.clock.set(noonOn(addDays(due, 1)));
    expect(await overdue()).toBe(true);
    t.clock.set(START);
  });

  it('demo due dates count from the clock’s today', async () => {
    const billingOf = async (username: string) => {
      const response = await (await login(t, username)).get('/user/info');
      expect(response.status).toBe(200);
      return ((await response.json()) as UserInfoResponse).billing;
    };
    const day = await seedDay();
    t.clock.set(noonOn(day));
    // demo: month 13 began 5 days before; viewer: month 4 began 3 days before; 21 days to pay.
    expect(await billingOf('demo')).toMatchObject({
      due_date: addDays(monthStart(addDays(day, -5)), 21),
      overdue: false,
    });
    expect(await billingOf('viewer')).toMatchObject({
      due_date: addDays(monthStart(addDays(day, -3)), 21),
      overdue: false,
    });
    expect((await billingOf('nobilling')).due_date).toBeNull();
    // Unpaid activation bills 9 and 19 days past their due dates.
    expect(await billingOf('overdue')).toMatchObject({ due_date: addDays(day, -9), overdue: true });
    expect(await billingOf('suspended')).toMatchObject({
      due_date: addDays(day, -19),
      overdue: true,
    });
    const [demo] = await t.database.db
      .select({ cid: users.cid })
      .from(users)
      .where(eq(users.username, 'demo'));
    const demoBills = await t.database.db.select().from(bills).where(eq(bills.cid, demo.cid));
    expect(demoBills.filter((bill) => bill.kind !== 'fee')).toHaveLength(13);
    expect(demoBills.filter((bill) => bill.kind === 'fee')).toHaveLength(1);
    const demoPayments = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.cid, demo.cid));
    expect(demoPayments.filter((payment) => payment.status === 'returned')).toHaveLength(1);
    expect(demoBills.filter((bill) => bill.status === 'paid')).toHaveLength(13);
    const statuses = await t.database.db
      .select({ username: users.username, status: customerBilling.accountStatus })
      .from(customerBilling)
      .innerJoin(users, eq(users.cid, customerBilling.cid))
      .where(inArray(users.username, ['demo', 'viewer', 'overdue', 'suspended']));
    expect(Object.fromEntries(statuses.map((row) => [row.username, row.status]))).toEqual({
      demo: 'active',
      viewer: 'active',
      overdue: 'overdue',
      suspended: 'suspended',
    });
    t.clock.set(START);
  });

  it('a pre-signup link answers until it expires on the clock', async () => {
    const expiresAt = new Date(Date.parse(START) + 3600_000);
    await t.database.db.insert(preSignups).values({
      hash: 'clock-link-000001',
      addressId: DEMO_ADDRESSES.utopiaOrderable.id,
      customer: {},
      services: {},
      expiresAt,
    });
    t.clock.set(expiresAt.getTime() - 1000);
    expect((await t.client().get('/self_signup/pre_signup/clock-link-000001')).status).toBe(200);
    t.clock.set(expiresAt);
    expect((await t.client().get('/self_signup/pre_signup/clock-link-000001')).status).toBe(404);
    t.clock.set(START);
  });
});
