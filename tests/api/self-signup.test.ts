/**
 * The signup order API: username check, pre-signup links, and POST /self_signup placing a real
 * customer, user, payment account, order, services, provisioning task, booking and email, with
 * every refusal leaving nothing behind and a repeated key answering the stored answer.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { offeringCart } from '../../src/shared/cart/index.ts';
import { SERVICE_CLASS } from '../../src/shared/constants.ts';
import { CONNECTIVITY_MESSAGES, FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { ORDER_MESSAGES, SERVICEABILITY_MESSAGES } from '../../src/shared/signup/messages.ts';
import {
  AGREEMENT_MESSAGES,
  PASSWORD_MESSAGES,
  recaptchaFailureMessage,
  SIGNUP_MESSAGES,
  USERNAME_MESSAGES,
} from '../../src/shared/messages/account.ts';
import { usernameError } from '../../src/shared/schemas/username.ts';
import { serviceDate } from '../../src/shared/signup/dates.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import {
  PreSignupSchema,
  SIGNUP_ORDER_PATHS,
  type SignupOrderResponse,
  type UsernameCheckResponse,
} from '../../src/shared/signup/order.ts';
import {
  contacts,
  customerBilling,
  customerServices,
  emailOutbox,
  equipmentStock,
  installationBookings,
  installationSlots,
  orders,
  paymentAccounts,
  preSignups,
  provisioningTasks,
  serviceAddresses,
  users,
} from '../../src/server/db/schema.ts';
import type { OrderHooks } from '../../src/server/signup/orders/hooks.ts';
import { passwordWorkerCount } from '../../src/server/signup/orders/password-check.ts';
import { bankAccountContext } from '../../src/server/signup/orders/place-order.ts';
import { DEMO_PRE_SIGNUPS } from '../../src/server/signup/orders/pre-signup.ts';
import { bankCipherFor } from '../../src/server/billing/processors/index.ts';
import type { CookieClient } from '../support/http-client.ts';
import type { TestApp } from '../support/test-app.ts';
import * as v from 'valibot';
import type { FakeCardProcessor } from './self-signup-support.ts';
import {
  addressFacts,
  createOrderTestApp,
  orderTableCounts,
  fetchInstallationSlots,
  newKey,
  orderBody,
  postOrder,
  solveCaptcha,
  STRONG_PASSWORD,
  uniqueUsername,
  type AddressFacts,
  type OrderOptions,
} from './self-signup-support.ts';

let t: TestApp;
let cards: FakeCardProcessor;
let utopia: AddressFacts;
/** The app's order hooks: a test sets one for itself, and it is taken away after each test. */
const hooks: OrderHooks = { beforeCommit: () => Promise.resolve() };

beforeAll(async () => {
  ({ t, cards } = await createOrderTestApp({ orderHooks: hooks }));
  utopia = await addressFacts(t.client(), DEMO_ADDRESSES.utopiaOrderable);
});
afterAll(() => t.close());
beforeEach(() => {
  cards.down = false;
  delete hooks.beforeEquipment;
});

function tableCounts() {
  return orderTableCounts(t.database.db);
}

/** Posts an order that must be placed (201, JSON): the answer. */
async function placeOrder(client: CookieClient, body: unknown): Promise<SignupOrderResponse> {
  return (await expectJson(await postOrder(client, body), 201)) as unknown as SignupOrderResponse;
}

async function cardOrder(options: OrderOptions = {}) {
  const client = t.client();
  const card = cards.addCard();
  const body = {
    ...orderBody(utopia, { card, ...options }),
    recaptcha_token: await solveCaptcha(client),
  };
  return { client, body, card };
}

async function expectJson(response: Response, status: number) {
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== status) console.error(body);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return body;
}

describe('GET /self_signup/usernames', () => {
  it('says a free username is free, with no suggestions', async () => {
    const response = await t
      .client()
      .get(`${SIGNUP_ORDER_PATHS.usernames}?uid=nobody-has-this&name=Jane%20Doe`);
    expect(await expectJson(response, 200)).toEqual({ in_use: false, suggestions: [] });
  });

  it('says a taken username is taken and suggests valid free ones from the name and uid', async () => {
    const response = await t
      .client()
      .get(`${SIGNUP_ORDER_PATHS.usernames}?uid=demo&name=Jane%20Doe`);
    const body = (await expectJson(response, 200)) as unknown as UsernameCheckResponse;
    expect(body.in_use).toBe(true);
    expect(body.suggestions.length).toBeGreaterThanOrEqual(3);
    expect(body.suggestions).toContain('janedoe');
    for (const suggestion of body.suggestions) {
      expect(usernameError(suggestion)).toBeUndefined();
      const [row] = await t.database.db.select().from(users).where(eq(users.username, suggestion));
      expect(row).toBeUndefined();
    }
    expect(body.suggestions.some((s) => s.startsWith('demo'))).toBe(true);
  });

  it('leaves out suggestions that are taken', async () => {
    const first = (await expectJson(
      await t.client().get(`${SIGNUP_ORDER_PATHS.usernames}?uid=demo&name=Demo%20User`),
      200,
    )) as unknown as UsernameCheckResponse;
    expect(first.suggestions).not.toContain('demo');
    expect(first.suggestions).not.toContain('admin');
  });

  it('answers 422 with the username rule for a bad uid', async () => {
    const response = await t.client().get(`${SIGNUP_ORDER_PATHS.usernames}?uid=9lives&name=x`);
    const body = await expectJson(response, 422);
    expect(body.msg).toBe(USERNAME_MESSAGES.firstCharacter);
    expect(body.errors).toMatchObject({ uid: USERNAME_MESSAGES.firstCharacter });
    const short = await expectJson(
      await t.client().get(`${SIGNUP_ORDER_PATHS.usernames}?uid=ab`),
      422,
    );
    expect(short.msg).toBe(USERNAME_MESSAGES.tooShort);
    const chars = await expectJson(
      await t.client().get(`${SIGNUP_ORDER_PATHS.usernames}?uid=abc.def`),
      422,
    );
    expect(chars.msg).toBe(USERNAME_MESSAGES.characters);
  });
});

describe('GET /self_signup/pre_signup/{signupHash}', () => {
  it('gives the prefill of a seeded demo link', async () => {
    const demo = DEMO_PRE_SIGNUPS[0];
    const response = await t.client().get(SIGNUP_ORDER_PATHS.preSignup(demo.hash));
    const body = v.parse(PreSignupSchema, await expectJson(response, 200));
    expect(body.address.address_id).toBe(demo.address.id);
    expect(body.address.formatted_address).toBe(demo.address.formatted);
    expect(body.address.service_class_id).toBe(demo.address.service_class_id);
    expect(body.customer).toEqual(demo.customer);
    expect(body.services).toEqual(demo.services);
  });

  it('answers 404 JSON for an unknown, malformed or expired link', async () => {
    for (const hash of ['no-such-link-here', 'x', '%20%20']) {
      const body = await expectJson(await t.client().get(`/self_signup/pre_signup/${hash}`), 404);
      expect(body.msg).toBe(ORDER_MESSAGES.preSignupNotFound);
    }
    await t.database.db.insert(preSignups).values({
      hash: 'expired-link-0001',
      addressId: DEMO_ADDRESSES.utopiaOrderable.id,
      customer: {},
      services: {},
      expiresAt: new Date(t.clock.now().getTime() - 1000),
    });
    await expectJson(await t.client().get('/self_signup/pre_signup/expired-link-0001'), 404);
  });
});

describe('POST /self_signup', () => {
  it('refuses a missing or malformed Idempotency-Key with 400 and writes nothing', async () => {
    const { client, body } = await cardOrder();
    const before = await tableCounts();
    for (const key of [null, 'short', 'has spaces in it 1234', 'x'.repeat(129)]) {
      const answer = await expectJson(await postOrder(client, body, key), 400);
      expect(answer.msg).toBe(ORDER_MESSAGES.idempotencyKeyRequired);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('places a card order: customer, primary user, contact, address, payment account, order, services, task, email', async () => {
    const { client, body, card } = await cardOrder({ router: true, meshQuantity: 2, voice: true });
    const before = await tableCounts();
    const answer = await placeOrder(client, body);
    expect(answer).toMatchObject({
      status: 201,
      msg: SIGNUP_MESSAGES.success,
      username: body.customer.uid,
    });
    expect(answer.cid).toBeGreaterThan(0);
    expect(answer.order_id).toBeGreaterThan(0);
    const after = await tableCounts();
    expect(after.customers - before.customers).toBe(1);
    expect(after.orders - before.orders).toBe(1);
    expect(after.mail - before.mail).toBe(1);

    const { db } = t.database;
    const [user] = await db.select().from(users).where(eq(users.username, body.customer.uid));
    expect(user.cid).toBe(answer.cid);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.primaryAdmin).toBe(true);
    expect(user.siteAdmin).toBe(false);
    for (const category of ['account', 'contacts', 'invoices', 'payments', 'services']) {
      const row = user as unknown as Record<string, boolean>;
      expect(row[`${category}View`], category).toBe(true);
      expect(row[`${category}Manage`], category).toBe(true);
    }
    expect(user.adminView).toBe(false);
    expect(user.adminManage).toBe(false);

    const [contact] = await db
      .select()
      .from(contacts)
      .where(eq(contacts.contactId, user.contactId));
    expect(contact).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      email: body.customer.email,
      phone: body.customer.phone,
      dob: body.customer.dob,
    });
    const [address] = await db
      .select()
      .from(serviceAddresses)
      .where(eq(serviceAddresses.cid, answer.cid));
    expect(address).toMatchObject({
      line1: DEMO_ADDRESSES.utopiaOrderable.line1,
      city: DEMO_ADDRESSES.utopiaOrderable.city,
      zipCode: DEMO_ADDRESSES.utopiaOrderable.zip_code,
    });

    const [account] = await db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.cid, answer.cid));
    expect(account).toMatchObject({
      method: 'CC',
      cardToken: card.token,
      lastFour: card.last_four,
      cardBrand: card.brand,
      bankAccountEncrypted: null,
    });
    const [billing] = await db
      .select()
      .from(customerBilling)
      .where(eq(customerBilling.cid, answer.cid));
    expect(billing.defaultPaymentAccountId).toBe(account.paymentAccountId);
    expect(billing.automatic).toBe(false);
    expect(billing.addressLine1).toBe('1 Main St');

    const [order] = await db.select().from(orders).where(eq(orders.orderId, answer.order_id));
    expect(order.cid).toBe(answer.cid);
    expect(order.status).toBe('received');
    expect(order.attribution).toBe('Radio');
    // The cart is the server's own, from the offering.
    const expected = offeringCart(
      utopia.offering,
      {
        speed_id: body.order.connectivity.speed_id,
        router: true,
        mesh_quantity: 2,
        installation_type: null,
        tribal_member: false,
      },
      { today: serviceDate(t.clock.now()) },
    );
    expect(order.cartItems).toEqual(JSON.parse(JSON.stringify(expected.items)));
    expect(order.dueTodayCents).toBe(expected.totals.due_today.total_cents);
    expect((order.cartTotals as { totals: unknown }).totals).toEqual(
      JSON.parse(JSON.stringify(expected.totals)),
    );

    const services = await db
      .select()
      .from(customerServices)
      .where(eq(customerServices.orderId, answer.order_id));
    const kinds = Object.fromEntries(services.map((s) => [s.kind, s]));
    expect(Object.keys(kinds).sort()).toEqual(['connectivity', 'mesh', 'router', 'voice_contact']);
    expect(kinds.connectivity.serviceClassId).toBe(SERVICE_CLASS.residentialConnectivity);
    expect(kinds.router.serviceClassId).toBe(SERVICE_CLASS.residentialConnectivity);
    expect(kinds.mesh.details).toMatchObject({ mesh_quantity: 2, mesh_type: 'mesh_lease' });
    expect(kinds.voice_contact.serviceClassId).toBe(SERVICE_CLASS.voiceServices);
    const [task] = await db
      .select()
      .from(provisioningTasks)
      .where(eq(provisioningTasks.orderId, answer.order_id));
    expect(task).toMatchObject({
      serviceClassId: SERVICE_CLASS.connectivityProvisioningTask,
      status: 'received',
      serviceDisplayId: kinds.connectivity.displayId,
    });

    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, body.customer.email))
      .orderBy(sql`${emailOutbox.id} desc`)
      .limit(1);
    expect(mail.subject).toContain(String(answer.order_id));
    expect(mail.text).toContain(body.customer.uid);

    // The strength check ran on a worker thread, not on the server's event loop.
    expect(passwordWorkerCount()).toBeGreaterThan(0);

    // The page logs in with the new username and password.
    const login = await t.client().post('/auth/tokens', {
      username: body.customer.uid,
      password: STRONG_PASSWORD,
      store_in_cookies: true,
    });
    expect(login.status).toBe(200);
  });

  it('takes the router and mesh units from stock; stock gone meanwhile refuses the order (409), a model with no stock row is not counted', async () => {
    const { db } = t.database;
    const provider = DEMO_ADDRESSES.utopiaOrderable.provider!;
    const speed = utopia.offering.speed_options.find((option) => !option.router_bundled)!;
    const routerModel = utopia.offering.router_options.find(
      (option) => option.speed_id === speed.speed_id,
    )!.router_model;
    const meshModel = utopia.offering.mesh_option.mesh_model;
    const stockOf = async (model: string) => {
      const [row] = await db
        .select()
        .from(equipmentStock)
        .where(and(eq(equipmentStock.provider, provider), eq(equipmentStock.model, model)));
      return row?.quantityAvailable;
    };
    const options = { speedId: speed.speed_id, router: true, meshQuantity: 2 };

    const before = { router: await stockOf(routerModel), mesh: await stockOf(meshModel) };
    const [meshRow] = await db
      .select()
      .from(equipmentStock)
      .where(and(eq(equipmentStock.provider, provider), eq(equipmentStock.model, meshModel)));
    const placed = await cardOrder(options);
    await placeOrder(placed.client, placed.body);
    expect(await stockOf(routerModel)).toBe(before.router! - 1);
    expect(await stockOf(meshModel)).toBe(before.mesh! - 2);

    // Another order took the last mesh units between this order's price and its equipment.
    hooks.beforeEquipment = async (tx) => {
      await tx
        .update(equipmentStock)
        .set({ quantityAvailable: 1 })
        .where(and(eq(equipmentStock.provider, provider), eq(equipmentStock.model, meshModel)));
    };
    const refused = await cardOrder(options);
    const counts = await tableCounts();
    const answer = await expectJson(await postOrder(refused.client, refused.body), 409);
    expect(answer.msg).toBe(ORDER_MESSAGES.equipmentOutOfStock);
    expect(await tableCounts()).toEqual(counts);
    expect(await stockOf(routerModel)).toBe(before.router! - 1);
    expect(await stockOf(meshModel)).toBe(before.mesh! - 2);

    // A model the warehouse does not count (no stock row) is not refused for want of stock.
    hooks.beforeEquipment = async (tx) => {
      await tx
        .delete(equipmentStock)
        .where(and(eq(equipmentStock.provider, provider), eq(equipmentStock.model, meshModel)));
    };
    const uncounted = await cardOrder(options);
    await placeOrder(uncounted.client, uncounted.body);
    expect(await stockOf(meshModel)).toBeUndefined();
    expect(await stockOf(routerModel)).toBe(before.router! - 2);
    await db.insert(equipmentStock).values({ ...meshRow, quantityAvailable: before.mesh! - 2 });
  });

  it('places a bank order with the account number encrypted and only its last four in clear', async () => {
    const client = t.client();
    const body = {
      ...orderBody(utopia, { payment: 'bank' }),
      recaptcha_token: await solveCaptcha(client),
    };
    const answer = await placeOrder(client, body);
    const [account] = await t.database.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.cid, answer.cid));
    expect(account.method).toBe('ACH');
    expect(account.lastFour).toBe('6789');
    expect(account.bankAccountEncrypted).not.toContain('123456789');
    const cipher = await bankCipherFor(t);
    expect(cipher.decrypt(account.bankAccountEncrypted!, bankAccountContext(answer.cid))).toBe(
      '000123456789',
    );
    const [billing] = await t.database.db
      .select()
      .from(customerBilling)
      .where(eq(customerBilling.cid, answer.cid));
    expect(billing.automatic).toBe(true);
    // Same as the service address.
    expect(billing.addressLine1).toBe(DEMO_ADDRESSES.utopiaOrderable.line1);
  });

  it('answers a repeat with the same key with the stored answer and creates nothing', async () => {
    const { client, body } = await cardOrder();
    const key = newKey();
    const first = await postOrder(client, body, key);
    const firstBody = await expectJson(first, 201);
    const before = await tableCounts();
    const again = await postOrder(t.client(), body, key);
    expect(await expectJson(again, 201)).toEqual(firstBody);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses the same key with a different body with 422 and creates nothing', async () => {
    const { client, body } = await cardOrder();
    const key = newKey();
    await expectJson(await postOrder(client, body, key), 201);
    const before = await tableCounts();
    const changed = { ...body, attribution: 'Event' };
    const answer = await expectJson(await postOrder(client, changed, key), 422);
    expect(answer.msg).toBe(ORDER_MESSAGES.idempotencyKeyReused);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a failed captcha with the configured contacts in the message and writes nothing', async () => {
    const { client, body } = await cardOrder();
    const before = await tableCounts();
    const forged = { ...body, recaptcha_token: Buffer.from('{"nope":1}').toString('base64') };
    const answer = await expectJson(await postOrder(client, forged), 403);
    expect(answer.msg).toBe(
      recaptchaFailureMessage({ phone: t.config.contactPhone, email: t.config.contactEmail }),
    );
    expect(await tableCounts()).toEqual(before);
    // A token is spent only by an order that was placed: a refused order leaves it usable.
    await expectJson(await postOrder(client, body), 201);
    const reused = await expectJson(
      await postOrder(client, { ...body, customer: { ...body.customer, uid: uniqueUsername() } }),
      403,
    );
    expect(reused.title).toBe(SERVICEABILITY_MESSAGES.captchaFailedTitle);
  });

  it('refuses a weak password, a taken username and a bad field with 422 field errors', async () => {
    const { client, body } = await cardOrder();
    const before = await tableCounts();
    const weak = await expectJson(
      await postOrder(client, {
        ...body,
        customer: { ...body.customer, password: 'aaaaaaaaaaaa' },
      }),
      422,
    );
    expect(weak.errors).toEqual({ 'customer.password': PASSWORD_MESSAGES.scoreTooLow });
    const short = await expectJson(
      await postOrder(client, { ...body, customer: { ...body.customer, password: 'short' } }),
      422,
    );
    expect(short.errors).toMatchObject({ 'customer.password': PASSWORD_MESSAGES.tooShort });
    const taken = await expectJson(
      await postOrder(client, { ...body, customer: { ...body.customer, uid: 'demo' } }),
      422,
    );
    expect(taken.errors).toEqual({ 'customer.uid': USERNAME_MESSAGES.taken });
    const email = await expectJson(
      await postOrder(client, { ...body, customer: { ...body.customer, email: 'nope' } }),
      422,
    );
    expect(email.errors).toMatchObject({ 'customer.email': 'Please enter a valid email address' });
    expect(await tableCounts()).toEqual(before);
  });

  it('names a part left out by its own message with 422, writing nothing', async () => {
    const { client, body } = await cardOrder();
    const before = await tableCounts();
    const { agreement: _agreement, ...unagreed } = body;
    const noAgreement = await expectJson(await postOrder(client, unagreed), 422);
    expect(noAgreement.errors).toEqual({ agreement: AGREEMENT_MESSAGES.tooltip });
    const { fname: _fname, ...nameless } = body.customer;
    const noName = await expectJson(await postOrder(client, { ...body, customer: nameless }), 422);
    expect(noName.errors).toEqual({ 'customer.fname': FIELD_MESSAGES.firstName });
    expect(await tableCounts()).toEqual(before);
  });

  it('applies the provider rules of the address (owner choice required)', async () => {
    const { client, body } = await cardOrder();
    const connectivity = body.order.connectivity;
    const bad = {
      ...body,
      order: {
        ...body.order,
        connectivity: {
          ...connectivity,
          customer_details: { ...connectivity.customer_details!, is_owner: null },
        },
      },
    };
    const answer = await expectJson(await postOrder(client, bad), 422);
    expect(answer.errors).toMatchObject({
      'order.connectivity.customer_details.is_owner': CONNECTIVITY_MESSAGES.ownershipRequired,
    });
  });

  it('never trusts client totals: extra cart fields are ignored and prices come from the offering', async () => {
    const { client, body } = await cardOrder();
    const cheeky = { ...body, cart: [{ rate: 0 }], totals: { due_today: 0 } };
    const answer = await placeOrder(client, cheeky);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderId, answer.order_id));
    expect(order.firstMonthCents).toBeGreaterThan(0);
  });

  it('refuses an unknown card token (422) and an unreachable processor (503), writing nothing', async () => {
    const { client, body } = await cardOrder();
    const before = await tableCounts();
    const unknown = {
      ...body,
      payment: {
        ...body.payment,
        card_details: { ...cards.addCard(), token: 'tok_unknown_unknown_unknown' },
      },
    };
    const refused = await expectJson(await postOrder(client, unknown), 422);
    expect(refused.msg).toBe(ORDER_MESSAGES.cardNotVerified);
    const mismatch = {
      ...body,
      payment: {
        ...body.payment,
        card_details: { ...body.payment.card_details!, last_four: '0000' },
      },
    };
    expect((await expectJson(await postOrder(client, mismatch), 422)).msg).toBe(
      ORDER_MESSAGES.cardDetailsMismatch,
    );
    cards.down = true;
    const down = await expectJson(await postOrder(client, body), 503);
    expect(down.msg).toBe(ORDER_MESSAGES.cardProcessorUnavailable);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses an address that cannot be ordered', async () => {
    const { client, body } = await cardOrder();
    const inService = {
      ...body,
      order: {
        ...body.order,
        connectivity: { ...body.order.connectivity, external_adid: DEMO_ADDRESSES.inService.id },
      },
    };
    const answer = await expectJson(await postOrder(client, inService), 422);
    expect(answer.errors).toHaveProperty(['order.connectivity.external_adid']);
    expect(String(answer.msg)).toContain(t.config.salesPhone);
  });

  it('marks a pre-signup link used by the order it placed', async () => {
    const hash = 'one-time-link-0001';
    await t.database.db.insert(preSignups).values({
      hash,
      addressId: DEMO_ADDRESSES.utopiaOrderable.id,
      customer: { fname: 'Jane', lname: 'Doe', email: 'j@example.com', phone: '(801) 555-0100' },
      services: { speed_id: null, router: false, mesh_quantity: 0, voice: false },
    });
    await expectJson(await t.client().get(SIGNUP_ORDER_PATHS.preSignup(hash)), 200);
    const { client, body } = await cardOrder({ signupHash: hash });
    const answer = await placeOrder(client, body);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderId, answer.order_id));
    expect(order.signupHash).toBe(hash);
    await expectJson(await t.client().get(SIGNUP_ORDER_PATHS.preSignup(hash)), 404);
  });
});

describe('each provider form', () => {
  const cases = [
    ['utopia residential, owner', DEMO_ADDRESSES.utopiaOrderable],
    ['utopia residential, early signup', DEMO_ADDRESSES.utopiaEarlySignup],
    ['utopia residential, tribal question', DEMO_ADDRESSES.yellowstoneOrderable],
    ['utopia residential, city account', DEMO_ADDRESSES.bountifulOrderable],
    ['strata residential, ONT installed', DEMO_ADDRESSES.lehiOrderable],
    ['bonfire residential, activation date', DEMO_ADDRESSES.southernUteOrderable],
    ['bonfire residential, early signup', DEMO_ADDRESSES.southernUteEarlySignup],
  ] as const;

  it.each(cases)('places an order: %s', async (_, address) => {
    const client = t.client();
    const facts = await addressFacts(client, address);
    const body = {
      ...orderBody(facts, { payment: 'bank' }),
      recaptcha_token: await solveCaptcha(client),
    };
    const answer = await placeOrder(client, body);
    const [task] = await t.database.db
      .select()
      .from(provisioningTasks)
      .where(eq(provisioningTasks.orderId, answer.order_id));
    expect(task.details).toMatchObject({
      provider: address.provider,
      address_id: address.id,
      early_signup: facts.details.early_signup,
      desired_activation_date: body.order.connectivity.desired_activation_date,
    });
  });

  it('requires the activation date at Southern Ute unless the address is an early signup', async () => {
    const client = t.client();
    const facts = await addressFacts(client, DEMO_ADDRESSES.southernUteOrderable);
    const body = orderBody(facts, { payment: 'bank' });
    const missing = {
      ...body,
      order: {
        ...body.order,
        connectivity: { ...body.order.connectivity, desired_activation_date: null },
      },
      recaptcha_token: await solveCaptcha(client),
    };
    const answer = await expectJson(await postOrder(client, missing), 422);
    expect(answer.errors).toEqual({
      'order.connectivity.desired_activation_date': CONNECTIVITY_MESSAGES.activationDate,
    });
  });

  it('refuses a renter where renters are not allowed, and asks the tribal question', async () => {
    const client = t.client();
    const facts = await addressFacts(client, DEMO_ADDRESSES.yellowstoneOrderable);
    const body = orderBody(facts, { payment: 'bank' });
    const details = body.order.connectivity.customer_details!;
    const renter = {
      ...body,
      order: {
        ...body.order,
        connectivity: {
          ...body.order.connectivity,
          customer_details: { ...details, is_owner: false, is_tribal: null },
        },
      },
      recaptcha_token: await solveCaptcha(client),
    };
    const answer = await expectJson(await postOrder(client, renter), 422);
    expect(answer.errors).toEqual({
      'order.connectivity.customer_details.is_owner': CONNECTIVITY_MESSAGES.ownersOnly,
      'order.connectivity.customer_details.is_tribal': CONNECTIVITY_MESSAGES.tribalRequired,
    });
  });
});

describe('installation scheduling (Lehi Fiber)', () => {
  const lehi = DEMO_ADDRESSES.lehiOntInstall;

  it('books the chosen slot with the order', async () => {
    const client = t.client();
    const facts = await addressFacts(client, lehi);
    const slots = await fetchInstallationSlots(client, lehi, 'basic');
    const slot = slots.availableTimes[0];
    const body = {
      ...orderBody(facts, { card: cards.addCard(), slotId: slot.resourceId }),
      recaptcha_token: await solveCaptcha(client),
    };
    const answer = await placeOrder(client, body);
    const { db } = t.database;
    const [order] = await db.select().from(orders).where(eq(orders.orderId, answer.order_id));
    expect(order.installationBookingId).not.toBeNull();
    const [booking] = await db
      .select()
      .from(installationBookings)
      .where(eq(installationBookings.id, order.installationBookingId!));
    expect(booking.slotId).toBe(slot.resourceId);
    const stored = order.connectivityOrder as {
      connectivity: { install_details: { start_datetime: string; display_time: string } };
    };
    expect(stored.connectivity.install_details.start_datetime).toBe(slot.startDateTime);
    expect(stored.connectivity.install_details.display_time).toBe(slot.displayTime);
    const cart = order.cartItems as { item_type: string }[];
    expect(cart.some((item) => item.item_type === 'installation')).toBe(true);
  });

  it('refuses with 409 when the slot was taken meanwhile, and writes nothing', async () => {
    const client = t.client();
    const facts = await addressFacts(client, lehi);
    const slots = await fetchInstallationSlots(client, lehi, 'basic');
    const slot = slots.availableTimes[1];
    const username = uniqueUsername('late');
    const body = {
      ...orderBody(facts, { card: cards.addCard(), slotId: slot.resourceId, username }),
      recaptcha_token: await solveCaptcha(client),
    };
    const { db } = t.database;
    await db
      .update(installationSlots)
      .set({ booked: sql`${installationSlots.capacity}` })
      .where(eq(installationSlots.id, slot.resourceId));
    const before = await tableCounts();
    const answer = await expectJson(await postOrder(client, body), 409);
    expect(answer.title).toBe(SERVICEABILITY_MESSAGES.slotTakenTitle);
    expect(answer.msg).toBe(SERVICEABILITY_MESSAGES.slotTaken);
    expect(await tableCounts()).toEqual(before);
    const [user] = await db.select().from(users).where(eq(users.username, username));
    expect(user).toBeUndefined();
    // The refused order spent nothing: with room in the slot again, the same body is placed.
    await db
      .update(installationSlots)
      .set({ booked: 0 })
      .where(eq(installationSlots.id, slot.resourceId));
    await expectJson(await postOrder(client, body), 201);
  });

  it('requires installation type, date and time where an ONT install is needed', async () => {
    const client = t.client();
    const facts = await addressFacts(client, lehi);
    const body = {
      ...orderBody(facts, { card: cards.addCard() }),
      recaptcha_token: await solveCaptcha(client),
    };
    const answer = await expectJson(await postOrder(client, body), 422);
    expect(answer.errors).toMatchObject({
      'order.connectivity.install_details.time': CONNECTIVITY_MESSAGES.installationTime,
    });
  });
});
