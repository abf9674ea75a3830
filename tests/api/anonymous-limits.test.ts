/**
 * What an anonymous caller can make the server do (issue 10): a junk captcha stops an order before
 * any costly check, orders, username look-ups and error reports are counted per client address,
 * error reports are capped in size and sampled into the log, and the installation look-up neither
 * creates slots beyond the booking horizon nor lets an order book one there.
 */
import { Writable } from 'node:stream';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiErrorBody } from '../../src/shared/api-error.ts';
import { INSTALLATION_DAYS_AHEAD, TIMERS } from '../../src/shared/constants.ts';
import { CONNECTIVITY_MESSAGES } from '../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import { ORDER_MESSAGES, SERVICEABILITY_MESSAGES } from '../../src/shared/signup/messages.ts';
import { USERNAME_MESSAGES } from '../../src/shared/messages/account.ts';
import { addDays, earliestScheduleDate } from '../../src/shared/signup/dates.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import { SIGNUP_ORDER_PATHS } from '../../src/shared/signup/order.ts';
import { SERVICEABILITY_PATHS } from '../../src/shared/signup/serviceability.ts';
import { LIMITS } from '../../src/server/session/rate-limit.ts';
import { installationSlots } from '../../src/server/db/schema.ts';
import { createLogger } from '../../src/server/logger.ts';
import { NO_ORDER_HOOKS } from '../../src/server/signup/orders/hooks.ts';
import { slotId } from '../../src/server/signup/serviceability/installation.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  addressFacts,
  CHEAP_CAPTCHA_ENV,
  countRows,
  FakeCardProcessor,
  fetchInstallationSlots,
  orderBody,
  orderTableCounts,
  postOrder,
  solveCaptcha,
  uniqueAddress,
  type AddressFacts,
} from './self-signup-support.ts';
import { useCardProcessor } from '../../src/server/billing/processors/index.ts';

/** Every log line of the app, parsed. */
const logLines: Record<string, unknown>[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      logLines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

let t: TestApp;
let cards: FakeCardProcessor;
let utopia: AddressFacts;
/** Orders that got past the captcha to the costly checks (password strength, then its hash). */
let bodiesChecked = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: CHEAP_CAPTCHA_ENV,
    logger: createLogger('warn', logSink),
    orderHooks: {
      ...NO_ORDER_HOOKS,
      beforeBodyChecks: () => {
        bodiesChecked += 1;
      },
    },
  });
  cards = new FakeCardProcessor();
  useCardProcessor(t.config, cards);
  utopia = await addressFacts(t.client(), DEMO_ADDRESSES.utopiaOrderable);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function expectError(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  expect(isApiErrorBody(body)).toBe(true);
  return body as { msg: string; title: string; errors?: Record<string, string> };
}

describe('orders with a junk captcha', () => {
  beforeEach(() => {
    bodiesChecked = 0;
  });

  it('stop before the password check, the hash and the card processor, and answer quickly', async () => {
    const client = t.client();
    cards.verifyCalls = 0;
    const before = await orderTableCounts(t.database.db);
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) {
      const body = {
        ...orderBody(utopia, { card: cards.addCard() }),
        recaptcha_token: `junk-${i}`,
      };
      const answer = await expectError(await postOrder(client, body), 403);
      expect(answer.title).toBe(SERVICEABILITY_MESSAGES.captchaFailedTitle);
    }
    const elapsed = performance.now() - started;
    expect(bodiesChecked).toBe(0);
    expect(cards.verifyCalls).toBe(0);
    // No argon2, no zxcvbn: twenty refusals take a few database reads each.
    expect(elapsed).toBeLessThan(3_000);
    expect(await orderTableCounts(t.database.db)).toEqual(before);
  });

  it('a body with no captcha token at all stops there too', async () => {
    const body = orderBody(utopia, { card: cards.addCard() });
    await expectError(await postOrder(t.client(), body), 403);
    expect(bodiesChecked).toBe(0);
  });

  it('a solved captcha still goes through every check and places the order', async () => {
    const client = t.client();
    const body = {
      ...orderBody(utopia, { card: cards.addCard() }),
      recaptcha_token: await solveCaptcha(client),
    };
    expect((await postOrder(client, body)).status).toBe(201);
    expect(bodiesChecked).toBe(1);
  });
});

describe('orders from one client address', () => {
  it('are refused with 429 past the documented count (LIMITS.ordersPerAddress), before the captcha', async () => {
    const client = t.client();
    const address = uniqueAddress();
    const junk = () => ({ ...orderBody(utopia), recaptcha_token: 'junk' });
    for (let i = 0; i < LIMITS.ordersPerAddress.max; i += 1) {
      await expectError(await postOrder(client, junk(), undefined, address), 403);
    }
    const response = await postOrder(client, junk(), undefined, address);
    const answer = await expectError(response, 429);
    expect(answer.msg).toBe(ORDER_MESSAGES.tooManyOrders);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // Another address is not affected.
    await expectError(await postOrder(client, junk(), undefined, uniqueAddress()), 403);
  });
});

describe('a body nested 4,000 levels deep', () => {
  it('is a 400 JSON error on POST /self_signup, and nothing is written', async () => {
    const before = await orderTableCounts(t.database.db);
    for (const text of [
      `${'['.repeat(4000)}${']'.repeat(4000)}`,
      `{"customer":${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}}`,
    ]) {
      const response = await t.client().post(SIGNUP_ORDER_PATHS.order, text, {
        headers: {
          'Idempotency-Key': 'deeply-nested-body-0001',
          'X-Forwarded-For': uniqueAddress(),
        },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(isApiErrorBody(await response.json())).toBe(true);
    }
    expect(await orderTableCounts(t.database.db)).toEqual(before);
  });
});

describe('username look-ups', () => {
  const lookUp = (address: string, uid: string) =>
    t.api(`${SIGNUP_ORDER_PATHS.usernames}?uid=${uid}&name=Jane%20Doe`, {
      headers: { 'X-Forwarded-For': address },
    });

  it('never stop a person typing: one look-up per pause of 300 ms, for over a minute', async () => {
    const address = uniqueAddress();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const statuses = new Set<number>();
    const typed = 'janedoe-the-very-patient-typist';
    // Each look-up follows a keystroke and the 300 ms pause; 250 of them span 75 seconds.
    for (let i = 0; i < 250; i += 1) {
      vi.setSystemTime(start + i * TIMERS.usernameCheckDebounceMs);
      const uid = typed.slice(0, 3 + (i % (typed.length - 3)));
      statuses.add((await lookUp(address, uid)).status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('refuse a burst with 429', async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 260; i += 1) statuses.push((await lookUp(address, `burst${i}`)).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(260);
    expect(statuses.at(-1)).toBe(429);
    const answer = await expectError(await lookUp(address, 'another'), 429);
    expect(answer.msg).toBe(USERNAME_MESSAGES.tooManyChecks);
  });
});

describe('client error reports', () => {
  const reporter = () => t.client();
  const report = (address: string, body: unknown) =>
    reporter().post('/client_errors', body, { headers: { 'X-Forwarded-For': address } });
  const reportsLogged = (message: string) =>
    logLines.filter(
      (line) =>
        line.msg === 'client error' &&
        (line.client_error as { message?: string } | undefined)?.message === message,
    ).length;

  it('refuses a report over 32 KiB with 413', async () => {
    // 15,000 characters (within the stack's length) of three bytes each: 45 KB.
    const body = { message: 'big', url: '/control/', stack: '€'.repeat(15_000) };
    const answer = await expectError(await report(uniqueAddress(), body), 413);
    expect(answer.msg).toMatch(/32 KiB/);
  });

  it('counts reports per address, 429 past the limit, and logs only a sample of them', async () => {
    const address = uniqueAddress();
    const message = `sampled ${address}`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.clientErrorsPerAddress.max + 10; i += 1) {
      statuses.push((await report(address, { message, url: '/control/' })).status);
    }
    expect(statuses.slice(0, LIMITS.clientErrorsPerAddress.max)).toEqual(
      Array(LIMITS.clientErrorsPerAddress.max).fill(204),
    );
    expect(statuses.slice(LIMITS.clientErrorsPerAddress.max)).toEqual(Array(10).fill(429));
    const refused = await expectError(await report(address, { message, url: '/' }), 429);
    expect(refused.msg).toBe(SESSION_MESSAGES.tooManyClientErrors);
    // At most this many lines per address and window reach the log.
    expect(reportsLogged(message)).toBe(LIMITS.clientErrorLogPerAddress.max);
    expect(LIMITS.clientErrorLogPerAddress.max).toBeLessThanOrEqual(10);
  });
});

describe('the installation look-up beyond the booking horizon', () => {
  const lehi = DEMO_ADDRESSES.lehiOntInstall;
  const lookUp = (startDate: string) =>
    t.api(
      `${SERVICEABILITY_PATHS.installation}?install_type=basic&provider_id=${lehi.provider}&address_id=${lehi.id}&start_date=${startDate}`,
    );

  it.each(['2999-01-01', '9999-12-31'])(
    'start_date=%s answers no slots and writes none',
    async (startDate) => {
      const before = await countRows(t.database.db, installationSlots);
      const response = await lookUp(startDate);
      expect(response.status).toBeLessThan(500);
      if (response.status === 200) {
        const answer = (await response.json()) as { availableTimes: unknown[] };
        expect(answer.availableTimes).toEqual([]);
      } else {
        expect(isApiErrorBody(await response.json())).toBe(true);
      }
      expect(await countRows(t.database.db, installationSlots)).toBe(before);
    },
  );

  it('creates no slot after the horizon whatever start_date is asked for', async () => {
    const last = addDays(earliestScheduleDate(t.clock.now()), INSTALLATION_DAYS_AHEAD - 1);
    for (const startDate of [addDays(last, -3), last, addDays(last, 1), addDays(last, 400)]) {
      expect((await lookUp(startDate)).status).toBe(200);
    }
    const beyond = await t.database.db
      .select({ id: installationSlots.id })
      .from(installationSlots)
      .where(and(eq(installationSlots.provider, lehi.provider!), gt(installationSlots.date, last)));
    expect(beyond).toEqual([]);
  });

  it('refuses with 422 an order for a slot beyond the horizon, and writes nothing', async () => {
    const client = t.client();
    const facts = await addressFacts(client, lehi);
    const offered = (await fetchInstallationSlots(client, lehi, 'basic')).availableTimes[0];
    // A slot beyond the horizon, as one made before the horizon was enforced.
    const date = addDays(earliestScheduleDate(t.clock.now()), INSTALLATION_DAYS_AHEAD + 30);
    const id = slotId(lehi.provider!, 'basic', date, offered.time);
    await t.database.db.insert(installationSlots).values({
      id,
      provider: lehi.provider!,
      installType: 'basic',
      date,
      startTime: offered.time,
      duration: offered.duration,
      startsAt: new Date(`${date}T12:00:00Z`),
      endsAt: new Date(`${date}T14:00:00Z`),
      capacity: 5,
    });
    const before = await orderTableCounts(t.database.db);
    const body = {
      ...orderBody(facts, { card: cards.addCard(), slotId: id }),
      recaptcha_token: await solveCaptcha(client),
    };
    const answer = await expectError(await postOrder(client, body), 422);
    expect(answer.msg).toBe(CONNECTIVITY_MESSAGES.installationBeyondHorizon);
    expect(await orderTableCounts(t.database.db)).toEqual(before);
  });
});
