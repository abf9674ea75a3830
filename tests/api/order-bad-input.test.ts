/**
 * `POST /self_signup` with valid orders spoiled one field at a time: every leaf of the body (card
 * and bank payment, a UTOPIA Fiber address and a Lehi Fiber address with an installation slot) is
 * replaced by values of the wrong kind or size, or removed. Each answer is a 4xx JSON error, never
 * a 500, and nothing is written. The captcha here passes its first check (made before the body's
 * schema) but can never be spent, so a body that passes every other check stops there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../src/shared/api-error.ts';
import { SERVICEABILITY_MESSAGES } from '../../src/shared/signup/messages.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import { useCaptchaVerifier } from '../../src/server/signup/captcha/index.ts';
import type { TestApp } from '../support/test-app.ts';
import type { FakeCardProcessor } from './self-signup-support.ts';
import {
  addressFacts,
  createOrderTestApp,
  fetchInstallationSlots,
  orderBody,
  orderTableCounts,
  postOrder,
} from './self-signup-support.ts';

let t: TestApp;
let cards: FakeCardProcessor;

beforeAll(async () => {
  ({ t, cards } = await createOrderTestApp());
  useCaptchaVerifier(t, {
    provider: 'altcha',
    verify: () => Promise.resolve({ ok: false, reason: 'never valid here' }),
    check: () =>
      Promise.resolve({
        ok: true,
        spend: () => Promise.resolve({ ok: false, reason: 'never valid here' }),
      }),
  });
});
afterAll(() => t.close());

const REMOVE = Symbol('remove');
const SPOILERS: unknown[] = [
  REMOVE,
  null,
  '',
  -1,
  1e308,
  'x'.repeat(5000),
  [],
  {},
  true,
  '2026-02-30',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a leaf (a value that is not a non-empty object or array). */
function leafPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value) && value.length > 0)
    return value.flatMap((item, index) => leafPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0)
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  return [path];
}

function spoil(body: Json, path: (string | number)[], replacement: unknown): Json {
  const copy = structuredClone(body);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (replacement === REMOVE) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

async function validBodies(): Promise<[string, Json][]> {
  const client = t.client();
  const utopia = await addressFacts(client, DEMO_ADDRESSES.utopiaOrderable);
  const lehiAddress = DEMO_ADDRESSES.lehiOntInstall;
  const lehi = await addressFacts(client, lehiAddress);
  const slot = (await fetchInstallationSlots(client, lehiAddress, 'basic')).availableTimes[0];
  const withToken = (body: object) => ({ ...body, recaptcha_token: 'not-a-solved-challenge' });
  return [
    ['UTOPIA Fiber by card', withToken(orderBody(utopia, { card: cards.addCard() }))],
    [
      'UTOPIA Fiber by bank, router and voice',
      withToken(orderBody(utopia, { payment: 'bank', router: true, voice: true })),
    ],
    [
      'Lehi Fiber with a slot',
      withToken(orderBody(lehi, { card: cards.addCard(), slotId: slot.resourceId })),
    ],
  ] as [string, Json][];
}

describe('a valid order spoiled one field at a time', () => {
  it('answers 4xx JSON every time and writes nothing', async () => {
    const before = await orderTableCounts(t.database.db);
    const client = t.client();
    let requests = 0;
    /** Spoiled bodies that passed every check before the captcha's. */
    let reachedCaptcha = 0;
    for (const [name, body] of await validBodies()) {
      const paths = leafPaths(body);
      expect(paths.length, name).toBeGreaterThan(40);
      for (const path of paths) {
        for (const spoiler of SPOILERS) {
          const response = await postOrder(client, spoil(body, path, spoiler));
          requests += 1;
          const text = await response.text();
          const call = `${name}: ${path.join('.')} = ${String(spoiler).slice(0, 20)}`;
          expect(
            response.status,
            `${call} answered ${response.status}: ${text.slice(0, 300)}`,
          ).toBeGreaterThanOrEqual(400);
          expect(response.status, `${call}: ${text.slice(0, 300)}`).toBeLessThan(500);
          const answer: unknown = JSON.parse(text);
          expect(isApiErrorBody(answer), call).toBe(true);
          if ((answer as { title?: string }).title === SERVICEABILITY_MESSAGES.captchaFailedTitle)
            reachedCaptcha += 1;
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    // Some spoilers are harmless (an empty note, a long one): those went all the way in.
    expect(reachedCaptcha).toBeGreaterThan(10);
    expect(await orderTableCounts(t.database.db)).toEqual(before);
  }, 300_000);
});
