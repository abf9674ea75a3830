/**
 * Helpers of the signup order tests: a solved captcha, a stand-in card processor, and a valid
 * order body for a demo address built from the API's own answers (details, offering, slots).
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SERVICE_CLASS } from '../../src/shared/constants.ts';
import type { CardDetails } from '../../src/shared/schemas/card-token.ts';
import { CAPTCHA_CHALLENGE_PATH } from '../../src/shared/signup/captcha.ts';
import type { DemoAddress } from '../../src/shared/signup/demo-addresses.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  SIGNUP_ORDER_PATHS,
  type SignupOrderInput,
} from '../../src/shared/signup/order.ts';
import {
  SERVICEABILITY_PATHS,
  type InstallationSlotsResponse,
  type ServiceabilityDetails,
  type ServiceOffering,
} from '../../src/shared/signup/serviceability.ts';
import type {
  CardProcessor,
  ChargeInput,
  ChargeResult,
  VerifiedCard,
} from '../../src/server/billing/processors/index.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  contacts,
  customers,
  customerServices,
  emailOutbox,
  idempotencyKeys,
  installationBookings,
  orders,
  paymentAccounts,
  provisioningTasks,
  serviceAddresses,
  users,
} from '../../src/server/db/schema.ts';
import type { OrderHooks } from '../../src/server/signup/orders/hooks.ts';
import { useCardProcessor } from '../../src/server/billing/processors/index.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  JANE_DOE_BANK,
  JANE_DOE_BILLING_ADDRESS,
  janeDoeCard,
} from '../support/payment-details.ts';

/** How many rows a table holds. */
export async function countRows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row.n;
}

/** The rows of every table an order writes to, counted (to see what a request wrote). */
export async function orderTableCounts(db: Database) {
  const of = (table: PgTable) => countRows(db, table);
  return {
    customers: await of(customers),
    users: await of(users),
    contacts: await of(contacts),
    serviceAddresses: await of(serviceAddresses),
    paymentAccounts: await of(paymentAccounts),
    orders: await of(orders),
    services: await of(customerServices),
    tasks: await of(provisioningTasks),
    bookings: await of(installationBookings),
    mail: await of(emailOutbox),
    keys: await of(idempotencyKeys),
  };
}

/** An app for order tests: cheap captchas, and a card processor that knows the test's cards. */
export async function createOrderTestApp(
  options: { now?: Date | string; orderHooks?: OrderHooks } = {},
): Promise<{ t: TestApp; cards: FakeCardProcessor }> {
  const t = await createTestApp({
    env: CHEAP_CAPTCHA_ENV,
    now: options.now,
    orderHooks: options.orderHooks,
  });
  const cards = new FakeCardProcessor();
  useCardProcessor(t.config, cards);
  return { t, cards };
}

/** Cheap proof of work for tests: a few PBKDF2 rounds instead of thousands. */
export const CHEAP_CAPTCHA_ENV = { ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '10' };

/** A fresh captcha token: the widget's payload for a solved challenge. */
export async function solveCaptcha(client: CookieClient): Promise<string> {
  const response = await client.get(CAPTCHA_CHALLENGE_PATH);
  if (response.status !== 200) throw new Error(`challenge: ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A card processor that knows the cards the test adds; calls are counted. */
export class FakeCardProcessor implements CardProcessor {
  readonly name = 'test';
  readonly cards = new Map<string, VerifiedCard>();
  verifyCalls = 0;
  /** Make every call fail as if the processor were down. */
  down = false;

  addCard(overrides: Partial<CardDetails> = {}): CardDetails {
    const card: CardDetails = {
      ...janeDoeCard(`tok_${randomUUID().replace(/-/g, '')}`),
      ...overrides,
    };
    this.cards.set(card.token, card);
    return card;
  }

  formUrl(): string {
    return 'http://127.0.0.1:3001/form';
  }

  async verifyToken(token: string): Promise<VerifiedCard | null> {
    this.verifyCalls += 1;
    if (this.down) {
      const { CardProcessorError } = await import('../../src/server/billing/processors/index.ts');
      throw new CardProcessorError('down for the test');
    }
    return this.cards.get(token) ?? null;
  }

  charge(input: ChargeInput): Promise<ChargeResult> {
    return Promise.resolve({
      status: 'succeeded',
      chargeId: 'ch_test',
      amountCents: input.amountCents,
    });
  }
}

function query(params: Record<string, string | number>) {
  return new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, String(value)]),
  ).toString();
}

async function getJson<T>(client: CookieClient, path: string): Promise<T> {
  const response = await client.get(path);
  if (response.status !== 200) {
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

export interface AddressFacts {
  details: ServiceabilityDetails;
  offering: ServiceOffering;
}

export async function addressFacts(client: CookieClient, address: DemoAddress) {
  const params = query({ service_class_id: address.service_class_id!, address_id: address.id });
  const details = await getJson<ServiceabilityDetails>(
    client,
    `${SERVICEABILITY_PATHS.details}?${params}`,
  );
  const offering = await getJson<ServiceOffering>(
    client,
    `${SERVICEABILITY_PATHS.offering}?${params}`,
  );
  return { details, offering };
}

export async function fetchInstallationSlots(
  client: CookieClient,
  address: DemoAddress,
  installType: 'basic' | 'advanced' = 'basic',
) {
  return getJson<InstallationSlotsResponse>(
    client,
    `${SERVICEABILITY_PATHS.installation}?${query({
      install_type: installType,
      provider_id: address.provider!,
      address_id: address.id,
    })}`,
  );
}

let counter = 0;

/** A username no other test uses. */
export function uniqueUsername(prefix = 'buyer'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export const STRONG_PASSWORD = 'Tangerine-Orbit-Harmonica-47!';

export interface OrderOptions {
  username?: string;
  speedId?: string;
  router?: boolean;
  meshQuantity?: number;
  payment?: 'card' | 'bank';
  card?: CardDetails;
  /** Lehi-style: the slot to book. */
  slotId?: string;
  installType?: 'basic' | 'advanced';
  voice?: boolean;
  signupHash?: string | null;
}

/** A valid order for a demo address (captcha token still to be set). */
export function orderBody(
  facts: AddressFacts,
  options: OrderOptions = {},
): Omit<SignupOrderInput, 'recaptcha_token'> {
  const { details, offering } = facts;
  const speed =
    offering.speed_options.find((option) => option.speed_id === options.speedId) ??
    offering.speed_options.find((option) => !option.router_bundled) ??
    offering.speed_options[0];
  const router = options.router ?? false;
  const meshQuantity = router ? (options.meshQuantity ?? 0) : 0;
  const routerOption = offering.router_options.find((o) => o.speed_id === speed.speed_id);
  const form = details.form;
  const tomorrowPlus = (days: number) => {
    const date = new Date(Date.now() + days * 86_400_000);
    return date.toISOString().slice(0, 10);
  };
  const payment: SignupOrderInput['payment'] =
    options.payment === 'bank'
      ? {
          account_type: 'ACH',
          auto_pay: true,
          alternate_billing_address: false,
          billing_address: null,
          bank_details: { ...JANE_DOE_BANK },
        }
      : {
          account_type: 'CC',
          auto_pay: false,
          alternate_billing_address: true,
          billing_address: { ...JANE_DOE_BILLING_ADDRESS },
          card_details: options.card ?? janeDoeCard('tok_missing_missing_missing'),
        };
  return {
    customer: {
      fname: 'Jane',
      lname: 'Doe',
      email: 'jane.doe@example.com',
      phone: '(801) 555-0123',
      dob: '1985-06-15',
      uid: options.username ?? uniqueUsername(),
      password: STRONG_PASSWORD,
      line1: details.line1,
      line2: details.line2,
      city: details.city,
      state: details.state,
      zip_code: details.zip_code,
    },
    order: {
      service_class_id: SERVICE_CLASS.residentialConnectivity,
      service_action_type: 'new',
      connectivity: {
        service_action_type: 'new',
        display_id: null,
        speed_id: speed.speed_id,
        new_speed_id: null,
        external_adid: details.address_id,
        external_soid: speed.external_soid,
        new_external_soid: null,
        early_signup: details.early_signup,
        customer_details:
          form === 'utopia residential'
            ? {
                is_owner: true,
                is_tribal: details.requirements.tribal_question_required ? false : null,
                owner_name: '',
                owner_phone: '',
                owner_email: '',
                city_customer_id: details.requirements.city_account_required ? '1234567' : '',
                city_account_id: details.requirements.city_account_required ? '998877' : '',
              }
            : null,
        drop_details:
          form === 'strata residential'
            ? {
                accepted: true,
                latitude: details.drop_latitude,
                longitude: details.drop_longitude,
                notes: 'Gate code 1234',
                needs_ont_install: details.needs_ont_install,
              }
            : null,
        install_details:
          form === 'strata residential' && details.needs_ont_install
            ? {
                date: options.slotId ? options.slotId.split(':')[2] : null,
                display_time: null,
                duration: null,
                end_datetime: null,
                external_install_id: options.slotId ?? null,
                installation_type: options.installType ?? 'basic',
                notes: 'Dog in the yard',
                start_datetime: null,
                time: null,
              }
            : null,
        // An early-signup prospect gives no activation date.
        desired_activation_date:
          form === 'bonfire residential' && !details.early_signup ? tomorrowPlus(3) : null,
      },
      router: {
        service_action_type: router ? 'new' : 'none',
        router_model: router ? (routerOption?.router_model ?? null) : null,
        mesh_quantity: meshQuantity,
        mesh_type: meshQuantity > 0 ? 'mesh_lease' : 'mesh_none',
      },
      voice: {
        service_class_id: SERVICE_CLASS.voiceServices,
        service_action_type: options.voice ? 'new' : 'none',
        contact: options.voice ?? false,
      },
    },
    attribution: 'Radio',
    payment,
    agreement: { time: new Date().toISOString() },
    metadata: { signup_hash: options.signupHash ?? null },
  };
}

export function newKey(): string {
  return randomUUID();
}

let addresses = 0;

/** A client address no other order of this test file came from (10.x.y.z). */
export function uniqueAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/**
 * Posts an order. Each comes from its own client address unless `address` is given, so that the
 * per-address order limit meets only the tests about it.
 */
export function postOrder(
  client: CookieClient,
  body: unknown,
  key: string | null = newKey(),
  address: string = uniqueAddress(),
) {
  return client.post(SIGNUP_ORDER_PATHS.order, body, {
    headers: {
      'X-Forwarded-For': address,
      ...(key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }),
    },
  });
}
