/**
 * The stand-in card provider, in process on a private test database: its form page, the token
 * endpoint its script calls, and the server-to-server API.
 */
import vm from 'node:vm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCardProviderApp,
  type CardProviderApp,
} from '../../src/server/billing/card-provider/app.ts';
import { cardProviderCards, cardProviderCharges } from '../../src/server/db/schema.ts';
import { CARD_TOKEN_MESSAGE_TYPE } from '../../src/shared/schemas/card-token.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PROVIDER = 'http://localhost:3001';
const PARENT = 'http://localhost:3000';
const VISA = '4242 4242 4242 4242';

let t: TestApp;
let provider: CardProviderApp;
let clock = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ env: { CARD_PROVIDER_API_KEY: 'test-card-provider-key-0123456789' } });
  provider = createCardProviderApp({
    config: t.config,
    db: t.database.db,
    logger: t.logger,
    now: () => clock,
  });
});
afterAll(() => t.close());

const request = (path: string, init?: RequestInit) => provider.request(`${PROVIDER}${path}`, init);

function addCard(card: Record<string, string>, origin: string | null = PROVIDER) {
  return request('/tokens', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify({
      number: VISA,
      expiry: '12/29',
      cvc: '123',
      name: 'Jane Doe',
      parent_origin: PARENT,
      ...card,
    }),
  });
}

const apiHeaders = (key = t.config.cardProviderApiKey) => ({
  Authorization: `Bearer ${key}`,
  'Content-Type': 'application/json',
});

function charge(body: Record<string, unknown>, key?: string) {
  return request('/api/v1/charges', {
    method: 'POST',
    headers: apiHeaders(key),
    body: JSON.stringify({ currency: 'usd', description: 'First month', ...body }),
  });
}

async function newToken(card: Record<string, string> = {}): Promise<string> {
  const response = await addCard(card);
  expect(response.status).toBe(201);
  return ((await response.json()) as { card: { token: string } }).card.token;
}

describe('the form page', () => {
  it('is framable only by the exact parent origin it was asked for', async () => {
    const response = await request(
      `/form?origin=${encodeURIComponent(PARENT)}&account_name=${encodeURIComponent('Jane <Doe>')}`,
    );
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${PARENT}`);
    expect(csp).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain(`data-parent-origin="${PARENT}"`);
    expect(html).toContain(`data-message-type="${CARD_TOKEN_MESSAGE_TYPE}"`);
    expect(html).toContain('value="Jane &lt;Doe&gt;"');
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('draws itself in the framing page’s colour scheme: dark when asked, else light', async () => {
    const page = (scheme: string) =>
      request(`/form?origin=${encodeURIComponent(PARENT)}&scheme=${encodeURIComponent(scheme)}`);
    const dark = await (await page('dark')).text();
    expect(dark).toContain('<html lang="en" data-scheme="dark">');
    expect(dark).toContain('<meta name="color-scheme" content="dark">');
    for (const other of ['light', '', 'DARK', '"><script>x()</script>']) {
      const html = await (await page(other)).text();
      expect(html, other).toContain('<html lang="en" data-scheme="light">');
      expect(html, other).not.toContain('x()');
    }
    const css = await (await request('/form.css')).text();
    expect(css).toMatch(/\[data-scheme="dark"\] body \{[^}]*background: #242424/);
  });

  it.each([
    'https://evil.example',
    'http://localhost:3000.evil.example',
    'http://localhost:3000/',
    '',
  ])('refuses a parent that is not allowed exactly: %j', async (origin) => {
    const response = await request(`/form?origin=${encodeURIComponent(origin)}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves its script, which posts to the parent with the exact target origin', async () => {
    const response = await request('/form.js');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const script = await response.text();
    expect(() => new vm.Script(script)).not.toThrow();
    expect(script).toMatch(
      /postMessage\(\{\s*type: messageType,\s*card: body\.card\s*\},\s*parentOrigin\)/,
    );
    expect((await request('/form.css')).headers.get('content-type')).toMatch(/text\/css/);
  });
});

describe('adding a card (the form script)', () => {
  it('keeps the card and answers its token with what the page may see, never the number', async () => {
    const response = await addCard({ name: '  Jane   Q  Doe ' });
    expect(response.status).toBe(201);
    const { card } = (await response.json()) as { card: Record<string, unknown> };
    expect(card).toEqual({
      token: expect.stringMatching(/^tok_[A-Za-z0-9_-]{16,64}$/),
      fname: 'Jane Q',
      lname: 'Doe',
      exp_month: 12,
      exp_year: 2029,
      last_four: '4242',
      brand: 'visa',
    });
    const stored = JSON.stringify(await t.database.db.select().from(cardProviderCards));
    expect(stored).toContain('4242');
    expect(stored).not.toContain('4242424242424242');
  });

  it('answers field errors for a bad card', async () => {
    const response = await addCard({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '1' });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(body.errors).toEqual({
      number: 'Enter a valid card number',
      expiry: 'This card has expired',
      cvc: 'Enter the 3-digit security code',
    });
  });

  it('only takes cards from its own form, for allowed pages, as JSON', async () => {
    expect((await addCard({}, null)).status).toBe(403);
    expect((await addCard({}, 'https://evil.example')).status).toBe(403);
    expect((await addCard({}, PARENT)).status).toBe(403);
    expect((await addCard({ parent_origin: 'https://evil.example' })).status).toBe(403);
    const form = await request('/tokens', {
      method: 'POST',
      headers: { Origin: PROVIDER, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'number=4242424242424242',
    });
    expect(form.status).toBe(415);
  });
});

describe('the server-to-server API', () => {
  it('needs the API key', async () => {
    const token = await newToken();
    expect((await request(`/api/v1/tokens/${token}`)).status).toBe(401);
    const wrong = await request(`/api/v1/tokens/${token}`, {
      headers: apiHeaders('not-the-key-not-the-key-000'),
    });
    expect(wrong.status).toBe(401);
    expect(
      (await charge({ token, amount_cents: 100, idempotency_key: 'k-no-key-1' }, 'x')).status,
    ).toBe(401);
  });

  it('tells what card a token stands for', async () => {
    const token = await newToken();
    const response = await request(`/api/v1/tokens/${token}`, { headers: apiHeaders() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      card: expect.objectContaining({
        token,
        last_four: '4242',
        brand: 'visa',
        parent_origin: PARENT,
      }),
    });
    const unknown = await request('/api/v1/tokens/tok_unknownunknownunknown', {
      headers: apiHeaders(),
    });
    expect(unknown.status).toBe(404);
  });

  it('charges once per idempotency key; a key reused for another charge is refused', async () => {
    const token = await newToken();
    const first = await charge({ token, amount_cents: 6500, idempotency_key: 'order-1-charge' });
    expect(first.status).toBe(201);
    const { charge: made } = (await first.json()) as { charge: Record<string, unknown> };
    expect(made).toMatchObject({ status: 'succeeded', amount_cents: 6500, decline_code: null });
    const again = await charge({ token, amount_cents: 6500, idempotency_key: 'order-1-charge' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { charge: { charge_id: string } }).charge.charge_id).toBe(
      made.charge_id,
    );
    const other = await charge({ token, amount_cents: 7000, idempotency_key: 'order-1-charge' });
    expect(other.status).toBe(409);
    const rows = await t.database.db
      .select()
      .from(cardProviderCharges)
      .where(eq(cardProviderCharges.idempotencyKey, 'order-1-charge'));
    expect(rows).toHaveLength(1);
  });

  it('answers concurrent repeats of one charge with one charge', async () => {
    const token = await newToken();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        charge({ token, amount_cents: 1234, idempotency_key: 'concurrent-charge-1' }),
      ),
    );
    const ids = new Set<string>();
    for (const answer of answers) {
      expect([200, 201]).toContain(answer.status);
      ids.add(((await answer.json()) as { charge: { charge_id: string } }).charge.charge_id);
    }
    expect(ids.size).toBe(1);
  });

  it('declines the sandbox test cards, and expired cards', async () => {
    const declined = await newToken({ number: '4000 0000 0000 0002' });
    const poor = await newToken({ number: '4000 0000 0000 9995' });
    const expiring = await newToken({ expiry: '11/26' });
    const results = [];
    clock = new Date('2026-12-02T12:00:00Z');
    for (const [token, key] of [
      [declined, 'decline-1'],
      [poor, 'decline-2'],
      [expiring, 'decline-3'],
    ]) {
      const response = await charge({ token, amount_cents: 500, idempotency_key: key });
      results.push(((await response.json()) as { charge: Record<string, unknown> }).charge);
    }
    clock = new Date('2026-11-23T12:00:00Z');
    expect(results.map((r) => [r.status, r.decline_code])).toEqual([
      ['declined', 'card_declined'],
      ['declined', 'insufficient_funds'],
      ['declined', 'expired_card'],
    ]);
  });

  it('refuses bad charges clearly', async () => {
    expect(
      (
        await charge({
          token: 'tok_unknownunknownunknown',
          amount_cents: 5,
          idempotency_key: 'k-unknown',
        })
      ).status,
    ).toBe(404);
    const token = await newToken();
    for (const body of [
      { token, amount_cents: 0, idempotency_key: 'k-zero-amount' },
      { token, amount_cents: 1.5, idempotency_key: 'k-half-cent' },
      { token, amount_cents: 100, idempotency_key: 'short' },
      { token, amount_cents: 100, idempotency_key: 'k-currency', currency: 'eur' },
    ]) {
      expect((await charge(body)).status).toBe(422);
    }
    const broken = await request('/api/v1/charges', {
      method: 'POST',
      headers: apiHeaders(),
      body: '{',
    });
    expect(broken.status).toBe(400);
  });
});
