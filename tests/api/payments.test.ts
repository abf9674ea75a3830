/**
 * The card processor interface (the sandbox processor talking to the stand-in provider, in
 * process), `GET /billing/payment_account_url`, and the frame rule of our pages.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createCardProviderApp } from '../../src/server/billing/card-provider/app.ts';
import { cardProviderOrigins } from '../../src/server/config.ts';
import {
  CardProcessorError,
  cardProcessorFor,
  useCardProcessor,
  type CardProcessor,
} from '../../src/server/billing/processors/index.ts';
import { createSandboxCardProcessor } from '../../src/server/billing/processors/sandbox-processor.ts';
import { PAYMENT_MESSAGES } from '../../src/shared/signup/messages.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { annLeeCard } from '../support/payment-details.ts';

const SITE = 'https://portal.example.com';
const PROVIDER = 'https://cards-sandbox.example.com';
const PRODUCTION_PROVIDER = 'https://cards.example.com';

let t: TestApp;
let processor: CardProcessor;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL: `${SITE}/`,
      CARD_PROVIDER_ORIGIN: PROVIDER,
      CARD_PROVIDER_PRODUCTION_ORIGIN: PRODUCTION_PROVIDER,
      CARD_PROVIDER_API_URL: 'http://card-provider.internal:3001',
      CARD_PROVIDER_API_KEY: 'test-card-provider-key-0123456789',
    },
  });
  const provider = createCardProviderApp({ config: t.config, db: t.database.db, logger: t.logger });
  // The provider's server API reached in process, exactly as over HTTP.
  processor = createSandboxCardProcessor(t.config, {
    fetch: async (input, init) => provider.request(input, init),
  });
  useCardProcessor(t.config, processor);
});
afterAll(() => t.close());

/** A card added through the provider's form endpoint, as its script would. */
async function addCard(number = '5555 5555 5555 4444'): Promise<string> {
  const provider = createCardProviderApp({ config: t.config, db: t.database.db, logger: t.logger });
  const response = await provider.request(`${PROVIDER}/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: PROVIDER },
    body: JSON.stringify({
      number,
      expiry: '08/30',
      cvc: '321',
      name: 'Ann Lee',
      parent_origin: SITE,
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { card: { token: string } }).card.token;
}

describe('the card processor interface (sandbox)', () => {
  it('is the one configured for this configuration', () => {
    expect(cardProcessorFor(t.config)).toBe(processor);
    expect(processor.name).toBe('sandbox');
  });

  it('verifies a token: the card as the form described it', async () => {
    const token = await addCard();
    expect(await processor.verifyToken(token)).toEqual(annLeeCard(token));
  });

  it('knows nothing of unknown or malformed tokens', async () => {
    expect(await processor.verifyToken('tok_doesnotexistdoesnotexist')).toBeNull();
    expect(await processor.verifyToken('../../admin')).toBeNull();
  });

  it('charges a token once per idempotency key, and reports declines', async () => {
    const token = await addCard();
    const input = {
      token,
      amountCents: 8_000,
      currency: 'usd' as const,
      description: 'Order 17',
      idempotencyKey: 'order-17-first-charge',
    };
    const first = await processor.charge(input);
    expect(first).toMatchObject({ status: 'succeeded', amountCents: 8_000 });
    expect(await processor.charge(input)).toEqual(first);
    await expect(processor.charge({ ...input, amountCents: 9_000 })).rejects.toThrow(
      CardProcessorError,
    );

    const declining = await addCard('4000 0000 0000 0002');
    expect(
      await processor.charge({ ...input, token: declining, idempotencyKey: 'order-18-charge' }),
    ).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
  });

  it('turns an unreachable or confused processor into CardProcessorError', async () => {
    const down = createSandboxCardProcessor(t.config, {
      fetch: () => Promise.reject(new Error('connect ECONNREFUSED')),
    });
    await expect(down.verifyToken('tok_abcdefghijklmnopqrst')).rejects.toThrow(
      /could not be reached/,
    );
    const confused = createSandboxCardProcessor(t.config, {
      fetch: async () => new Response('<html>', { status: 200 }),
    });
    await expect(confused.verifyToken('tok_abcdefghijklmnopqrst')).rejects.toThrow(
      CardProcessorError,
    );
    const wrongKey = createSandboxCardProcessor(
      { ...t.config, cardProviderApiKey: 'wrong-key-wrong-key-wrong-key' },
      {
        fetch: async (input, init) =>
          createCardProviderApp({
            config: t.config,
            db: t.database.db,
            logger: t.logger,
          }).request(input, init),
      },
    );
    await expect(wrongKey.verifyToken('tok_abcdefghijklmnopqrst')).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('GET /billing/payment_account_url', () => {
  it('gives the form URL for this site, with the account name', async () => {
    const response = await t.client().get('/billing/payment_account_url?account_name=Ann%20Lee');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { url } = (await response.json()) as { url: string };
    const form = new URL(url);
    expect(form.origin).toBe(PROVIDER);
    expect(form.pathname).toBe('/form');
    expect(form.searchParams.get('origin')).toBe(SITE);
    expect(form.searchParams.get('account_name')).toBe('Ann Lee');
  });

  it('works without an account name and refuses one that is too long', async () => {
    const plain = await t.client().get('/billing/payment_account_url');
    expect(plain.status).toBe(200);
    const long = await t
      .client()
      .get(`/billing/payment_account_url?account_name=${'a'.repeat(101)}`);
    expect(long.status).toBe(422);
  });

  it('without PUBLIC_URL uses the origin the request came to, if it is allowed', async () => {
    const local = await createTestApp({
      env: { PORT: '4000', CARD_PROVIDER_PARENT_ORIGINS: 'http://localhost:4000' },
    });
    try {
      const ok = await local.app.request(
        'http://localhost:4000/manage/api/v1.0/billing/payment_account_url',
      );
      expect(ok.status).toBe(200);
      const { url } = (await ok.json()) as { url: string };
      expect(new URL(url).searchParams.get('origin')).toBe('http://localhost:4000');
      expect(new URL(url).origin).toBe('http://localhost:3001');

      const refused = await local.app.request(
        'http://other.example:4000/manage/api/v1.0/billing/payment_account_url',
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        title: PAYMENT_MESSAGES.cardFormUnavailableTitle,
        msg: PAYMENT_MESSAGES.cardFormUnavailable,
      });
    } finally {
      await local.close();
    }
  });
});

describe('our pages and the card provider origins', () => {
  it('frame only the configured provider origins and tell the page which origins to trust', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'payments-spa-'));
    writeFileSync(path.join(dist, 'index.html'), '<html><head><!--app-config--></head></html>');
    const config = { ...t.config, webDistDir: dist };
    const app = createApp(
      { config, database: t.database, logger: t.logger, clock: t.clock },
      { serveWeb: true, frameOrigins: cardProviderOrigins(config) },
    );
    const response = await app.request('/control/signup/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp.split('; ').find((part) => part.startsWith('frame-src'))).toBe(
      `frame-src ${PROVIDER} ${PRODUCTION_PROVIDER}`,
    );
    const html = await response.text();
    expect(html).toContain(`"cardProviderOrigins":["${PROVIDER}","${PRODUCTION_PROVIDER}"]`);
  });
});
