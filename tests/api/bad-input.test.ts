/**
 * Every endpoint of the route table (src/server/session/endpoints.ts), called by a logged-in user who
 * may use it, with bodies, path parameters and queries that make no sense: each answer is a 4xx
 * JSON error `{ status, title, msg }` (or a 2xx where the input is harmless), never a 500, and
 * none of them writes a customer, a user, an order, a payment account, a service, a contact
 * request, a booking or a DNS zone, record or alias.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../src/shared/api-error.ts';
import { CSRF_HEADER_NAME } from '../../src/shared/constants.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import { ENDPOINT_ACCESS } from '../../src/server/session/endpoints.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import type { CookieClient } from '../support/http-client.ts';
import { login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRITTEN_TABLES = [
  'customers',
  'users',
  'contacts',
  'orders',
  'payment_accounts',
  'customer_services',
  'provisioning_tasks',
  'installation_bookings',
  'renter_contacts',
  'availability_contacts',
  'idempotency_keys',
  'pre_signups',
  'dns_zones',
  'dns_records',
  'dns_aliases',
] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of WRITTEN_TABLES) {
    const [row] = rowsOf<{ count: number }>(
      await t.database.db.execute(sql.raw(`select count(*)::int as count from ${table}`)),
    );
    counts[table] = row.count;
  }
  return counts;
}

/** Field names the API reads somewhere, each given a value of the wrong kind. */
const WRONG_TYPES = {
  search: 12,
  addr_id: 'twelve',
  address_id: { id: 1 },
  service_class_id: -1,
  username: ['demo'],
  uid: null,
  password: 12345678901234,
  old_password: false,
  new_password: {},
  store_in_cookies: 'yes',
  email: 42,
  name: ['a'],
  fname: 7,
  lname: 7,
  phone: true,
  line1: {},
  city: [],
  state: 'Utopia',
  zip_code: 'ABCDE',
  customer: 'me',
  services: 'all',
  payment: [],
  agreement: 'yes',
  recaptcha_token: 99,
  info: 'none',
  first_name: null,
  date: 'tomorrow',
  cid: 'x',
  page: -3,
};

/** JSON nested `depth` levels deep: arrays, or objects whose only key is `key`. */
function nested(depth: number, key?: string): string {
  return key === undefined
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Numbers and dates at the edges of what JSON and calendars hold. */
const EXTREMES = {
  address_id: 1e308,
  service_class_id: -(2 ** 53) - 2,
  cid: 2 ** 53 + 2,
  page: -0,
  count: 1e-320,
  date: '9999-12-31',
  dob: '0000-01-01',
  start_date: '+275760-09-13',
  desired_activation_date: '2999-01-01',
  agreement: { time: '9999-12-31T23:59:59.999Z' },
  exp_year: 1e21,
};
/** Whole numbers past what a database integer column holds. */
const HUGE_IDS = Object.fromEntries(
  ['cid', 'address_id', 'addr_id', 'service_class_id', 'page', 'count'].map((key) => [
    key,
    Number.MAX_SAFE_INTEGER,
  ]),
);

const BODIES: unknown[] = [
  undefined,
  {},
  [],
  null,
  'text',
  42,
  true,
  { nested: { deeper: { deepest: [1, [2, [3]]] } } },
  WRONG_TYPES,
  Object.fromEntries(Object.keys(WRONG_TYPES).map((key) => [key, 'x'.repeat(10_000)])),
  Object.fromEntries(Object.keys(WRONG_TYPES).map((key) => [key, '\u0000\ud800<script>'])),
  EXTREMES,
  HUGE_IDS,
  // Sent as raw JSON text (see the walk): nested 4,000 levels deep.
  { raw: nested(4000) },
  { raw: nested(4000, 'customer') },
  { raw: `{"a":1,"b":${nested(4000)}}` },
];

/** A body given as `{ raw }` is sent as that text. */
function bodyText(body: unknown): unknown {
  if (typeof body === 'string') return JSON.stringify(body);
  if (body !== null && typeof body === 'object' && 'raw' in body) return body.raw;
  return body;
}

const lehi = DEMO_ADDRESSES.lehiOntInstall;
const slotQuery = `install_type=basic&provider_id=${lehi.provider}&address_id=${lehi.id}`;

const QUERIES = [
  '',
  '?address_id=abc&service_class_id=-1&date=not-a-date&uid=&name=%00&cid=1e99',
  '?address_id=1&address_id=2&service_class_id=9999999999999999999999&date=2026-02-30',
  `?q=${'x'.repeat(5000)}&search=%E0%A4%A&page=-1&limit=NaN`,
  // Broken percent-encoding in names and values.
  '?%E0%A4%A=1&uid=%E0%A4%A&name=%ED%A0%80&address_id=%&service_class_id=%G1&start_date=%E0%A4%A',
  // Extreme dates and numbers, with otherwise valid installation look-up parameters.
  `?${slotQuery}&start_date=9999-12-31&date=0000-01-01&service_class_id=1e308&cid=-9007199254740993`,
  `?${slotQuery}&start_date=2999-01-01&uid=${'9'.repeat(400)}&count=Infinity`,
  `?${slotQuery}&start_date=0001-01-01`,
  '?address_id=4294967296&service_class_id=2147483648&cid=9007199254740991&page=2147483648',
];

const PATH_VALUES: Record<string, string[]> = {
  url: ['x', '%00', 'a'.repeat(3000), '..%2F..%2Fetc'],
  count: ['abc', '-1', '0', '1.5', '100000000000000000000', '15x'],
  signupHash: ['%00', 'a'.repeat(3000), '..%2F..%2Fetc', "'; drop table customers; --"],
};

const JUNK_COOKIES = [
  'access_token=%00; refresh_token=%00; csrf_token=%00',
  `access_token=${'x'.repeat(4000)}; refresh_token=${'y'.repeat(4000)}`,
  'access_token=eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwiZmFtIjoieCIsImZyZXNoIjp0cnVlfQ.; csrf_token=a',
  'access_token="quoted"; refresh_token=a=b=c; csrf_token=%E0%A4%A; =; ;;',
  'refresh_token=%ED%A0%80',
];

/** Broken percent-encoding, in place of a path parameter and as an extra path segment. */
const BROKEN_ESCAPES = ['%E0%A4%A', '%', '%ZZ', '%ED%A0%80'];

function pathsOf(pattern: string): string[] {
  const param = /:(\w+)/.exec(pattern)?.[1];
  if (!param) return [pattern];
  return (PATH_VALUES[param] ?? ['x']).map((value) => pattern.replace(`:${param}`, value));
}

/** The pattern's path with broken escapes in its parameter or after it. */
function brokenPathsOf(pattern: string): string[] {
  const param = /:(\w+)/.exec(pattern)?.[1];
  const plain = pathsOf(pattern)[0];
  return BROKEN_ESCAPES.flatMap((escape) => [
    `${plain}/${escape}`,
    ...(param ? [pattern.replace(`:${param}`, escape)] : []),
  ]);
}

async function expectHandled(response: Response, call: string) {
  const text = await response.text();
  expect(
    response.status,
    `${call} answered ${response.status}: ${text.slice(0, 300)}`,
  ).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers.get('content-type'), call).toMatch(/^application\/json/);
    const body: unknown = JSON.parse(text);
    expect(isApiErrorBody(body), `${call}: ${text.slice(0, 300)}`).toBe(true);
    expect(text, call).not.toMatch(/\bat .+\.(ts|js):\d+/);
  }
}

const endpoints = Object.keys(ENDPOINT_ACCESS);

describe('nonsense input at every endpoint', () => {
  let before: Record<string, number>;
  beforeAll(async () => {
    before = await rowCounts();
  });

  it.each(endpoints)('%s answers 4xx JSON, never 500', async (endpoint) => {
    const [method, pattern] = endpoint.split(' ');
    // Site-admin endpoints as the admin; everything else as a customer holding every permission.
    const client: CookieClient = await login(t, pattern.startsWith('/admin/') ? 'admin' : 'demo');
    const withBody = method !== 'GET' && method !== 'DELETE';
    for (const path of pathsOf(pattern)) {
      for (const query of QUERIES) {
        for (const body of withBody ? BODIES : [undefined]) {
          const call = `${method} ${path.slice(0, 60)}${query.slice(0, 90)} ${JSON.stringify(body)?.slice(0, 60)}`;
          const response = await client.request(method, `${path}${query}`, bodyText(body), {
            headers: { 'Idempotency-Key': 'bad-input-walk-0000000001' },
          });
          await expectHandled(response, call);
        }
      }
    }
    for (const path of brokenPathsOf(pattern)) {
      for (const query of ['', QUERIES[4]]) {
        const response = await client.request(
          method,
          `${path}${query}`,
          withBody ? {} : undefined,
          {
            headers: { 'Idempotency-Key': 'bad-input-walk-0000000001' },
          },
        );
        await expectHandled(response, `${method} ${path.slice(0, 60)}${query.slice(0, 60)}`);
      }
    }
  });

  it.each(endpoints)(
    '%s answers 4xx JSON to cookies and headers that make no sense',
    async (endpoint) => {
      const [method, pattern] = endpoint.split(' ');
      const path = pathsOf(pattern)[0];
      for (const cookies of JUNK_COOKIES) {
        const response = await t.api(path, {
          method,
          headers: {
            Cookie: cookies,
            [CSRF_HEADER_NAME]: 'not-the-cookie',
            'Content-Type': 'application/json; charset=utf-8',
            'Idempotency-Key': 'x'.repeat(2000),
            'X-Forwarded-For': 'not-an-address, ::ffff:999.1.1.1',
          },
          body: method === 'GET' ? undefined : '{}',
        });
        await expectHandled(response, `${endpoint} with Cookie: ${cookies.slice(0, 80)}`);
      }
    },
  );

  it('not one of those requests wrote anything', async () => {
    expect(await rowCounts()).toEqual(before);
  });
});
