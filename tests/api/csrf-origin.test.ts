/**
 * CSRF checks where a state-changing request comes from, not only its token (OWASP CSRF cheat
 * sheet, defence in depth; docs/api.md "CSRF"): a correct token sent from a page of another origin
 * (`Origin`, or without it `Sec-Fetch-Site`) is refused with a 403 JSON error and nothing is
 * written; the site's own origin (the one the request came to, TRUST_PROXY-aware, or PUBLIC_URL's)
 * and clients that send neither header go on; the card provider's flow still adds a card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE_NAME } from '../../src/shared/constants.ts';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import type { PaymentAccountsResponse } from '../../src/shared/billing/schemas.ts';
import {
  billedCustomer,
  cardToken,
  noonOn,
  PROVIDER,
  SITE,
  useInProcessCardProvider,
} from '../support/billing.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const EVIL = 'http://evil.example';
/** The origin of an in-process request (`app.request('/manage/…')`): http://localhost. */
const OWN = 'http://localhost';

let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  // PUBLIC_URL is the page the card provider's form posts its token to (tests/support/billing.ts).
  t = await createTestApp({ now: noonOn('2030-01-15'), env: { PUBLIC_URL: `${SITE}/` } });
  useInProcessCardProvider(t.config, t.database.db, t.logger);
  proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({
    status: 403,
    title: ERROR_TITLES.csrfFailed,
    msg: 'This request came from another site, so it was refused.',
  });
}

async function accounts(client: CookieClient) {
  const response = await client.get('/billing/payment_accounts');
  expect(response.status).toBe(200);
  return ((await response.json()) as PaymentAccountsResponse).payment_accounts;
}

/** A logged-in customer of `t` with every permission, and a new card token for it. */
async function customerWithCard() {
  const customer = await billedCustomer(t);
  const client = await customer.client();
  const card = await cardToken(t, '5555 5555 5555 4444', '02/31');
  return { client, token: card.token };
}

describe('a state-changing request with the right CSRF token', () => {
  it('is refused from another origin (Origin: http://evil.example), and nothing is written', async () => {
    const { client, token } = await customerWithCard();
    const before = await accounts(client);
    await expectRefused(
      await client.post('/billing/payment_accounts/card', { token }, { headers: { Origin: EVIL } }),
    );
    await expectRefused(
      await client.post(
        '/billing/payment_accounts/card',
        { token },
        { headers: { Origin: `${EVIL}:3000` } },
      ),
    );
    expect(await accounts(client)).toEqual(before);
  });

  it('is refused from an opaque origin (Origin: null) and from an origin that is not one', async () => {
    const { client, token } = await customerWithCard();
    const before = await accounts(client);
    for (const origin of ['null', 'evil.example', 'http://localhost.evil.example']) {
      await expectRefused(
        await client.post(
          '/billing/payment_accounts/card',
          { token },
          { headers: { Origin: origin } },
        ),
      );
    }
    expect(await accounts(client)).toEqual(before);
  });

  it('is refused without Origin when Sec-Fetch-Site says another site sent it', async () => {
    const { client, token } = await customerWithCard();
    const before = await accounts(client);
    for (const site of ['cross-site', 'same-site']) {
      await expectRefused(
        await client.post(
          '/billing/payment_accounts/card',
          { token },
          { headers: { 'Sec-Fetch-Site': site } },
        ),
      );
    }
    expect(await accounts(client)).toEqual(before);
  });

  it('goes on from the origin it came to', async () => {
    const { client, token } = await customerWithCard();
    const added = await client.post(
      '/billing/payment_accounts/card',
      { token },
      { headers: { Origin: OWN, 'Sec-Fetch-Site': 'same-origin' } },
    );
    expect(added.status).toBe(201);
  });

  it('goes on without Origin from the same origin, and from a client that sends neither header', async () => {
    const first = await customerWithCard();
    expect(
      (
        await first.client.post(
          '/billing/payment_accounts/card',
          { token: first.token },
          { headers: { 'Sec-Fetch-Site': 'same-origin' } },
        )
      ).status,
    ).toBe(201);
    const second = await customerWithCard();
    expect(
      (await second.client.post('/billing/payment_accounts/card', { token: second.token })).status,
    ).toBe(201);
  });

  it('still needs the token from the site’s own origin', async () => {
    const { client, token } = await customerWithCard();
    const response = await client.post(
      '/billing/payment_accounts/card',
      { token },
      { headers: { Origin: OWN }, csrf: false },
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { title: string }).title).toBe(ERROR_TITLES.csrfFailed);
  });

  it('is refused from another origin on a public endpoint too', async () => {
    const client = t.client();
    await expectRefused(
      await client.post(
        '/auth/tokens',
        { username: 'demo', password: t.config.demoPassword, store_in_cookies: true },
        { headers: { Origin: EVIL } },
      ),
    );
    // No session was opened: the only cookie the visitor holds is its CSRF cookie.
    expect([...client.cookies.keys()]).toEqual([CSRF_COOKIE_NAME]);
  });
});

describe('the site’s own origin', () => {
  it('is PUBLIC_URL’s as well as the one the request came to', async () => {
    const { client, token } = await customerWithCard();
    const added = await client.post(
      '/billing/payment_accounts/card',
      { token },
      { headers: { Origin: SITE } },
    );
    expect(added.status).toBe(201);
  });

  it('behind a trusted proxy is the scheme and host the proxy added', async () => {
    const client = proxied.client();
    const forwarded = {
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'portal.example.net',
    };
    const sent = (origin: string, headers: Record<string, string> = forwarded) =>
      client.post(
        '/auth/tokens',
        { username: 'nobody-here', password: 'wrong password!', store_in_cookies: true },
        { headers: { ...headers, Origin: origin } },
      );
    // The CSRF cookie of an HTTPS page (its __Host- name).
    expect((await client.get('/csrf', { headers: forwarded })).status).toBe(204);
    // Past the origin check, the login itself answers.
    expect((await sent('https://portal.example.net')).status).toBe(401);
    await expectRefused(await sent('http://portal.example.net'));
    await expectRefused(await sent(OWN));
    // Without TRUST_PROXY, the forwarded headers count for nothing.
    const plain = t.client();
    await expectRefused(
      await plain.post(
        '/auth/tokens',
        { username: 'nobody-here', password: 'wrong password!' },
        { headers: { ...forwarded, Origin: 'https://portal.example.net' } },
      ),
    );
  });
});

describe('the card provider', () => {
  it('adds a card as the payment-card modal does: form address, token from the provider, card sent from our page', async () => {
    const customer = await billedCustomer(t);
    const client = await customer.client();
    const url = await client.get('/billing/payment_account_url?account_name=Pat+Payer', {
      headers: { Origin: SITE },
    });
    expect(url.status).toBe(200);
    const form = new URL(((await url.json()) as { url: string }).url);
    expect(form.origin).toBe(PROVIDER);
    expect(form.searchParams.get('origin')).toBe(SITE);
    // The form's own script posts the card to the provider, from the provider's origin.
    const card = await cardToken(t, '5555 5555 5555 4444', '02/31');
    // The form hands the token to our page (postMessage); our page sends it from our origin.
    const added = await client.post(
      '/billing/payment_accounts/card',
      { token: card.token },
      { headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' } },
    );
    expect(added.status).toBe(201);
    expect((await accounts(client)).map((account) => account.last_four)).toContain('4444');
  });
});
