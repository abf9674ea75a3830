/**
 * The serviceability API on the seeded test template: address look-up, serviceable search,
 * serviceability details for every status, renter notes, and input validation.
 */
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { SERVICEABILITY_MESSAGES } from '../../src/shared/signup/messages.ts';
import {
  DEMO_ADDRESSES,
  SERVICEABILITY_CLASS_IDS,
} from '../../src/shared/signup/demo-addresses.ts';
import {
  AddressDetailsResponseSchema,
  AddressSuggestionsResponseSchema,
  ADDRESS_STATUSES,
  addressAvailabilityCase,
  SERVICEABILITY_PATHS as PATHS,
  ServiceabilityDetailsSchema,
  ServiceableAddressesResponseSchema,
  SUGGESTION_LIMIT,
  type ServiceabilityDetails,
  type ServiceableAddressesResponse,
} from '../../src/shared/signup/serviceability.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as T;
  if (response.status !== status) console.error(body);
  expect(response.status).toBe(status);
  return body;
}

async function suggestions(search: string) {
  const response = await t.client().post(PATHS.suggestions, { search });
  return v.parse(AddressSuggestionsResponseSchema, await json(response));
}

function query(params: Record<string, string | number | boolean>) {
  return new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, String(value)]),
  ).toString();
}

async function serviceable(
  address: { line1: string; line2: string; city: string; state: string; zip_code: string },
  preValidated = true,
) {
  const response = await t
    .client()
    .get(`${PATHS.serviceableAddresses}?${query({ ...address, pre_validated: preValidated })}`);
  return v.parse(ServiceableAddressesResponseSchema, await json(response));
}

async function details(addressId: number, serviceClassId: number) {
  const response = await t
    .client()
    .get(`${PATHS.details}?${query({ address_id: addressId, service_class_id: serviceClassId })}`);
  return response;
}

describe('the test template', () => {
  it('has addresses of every status, Lehi ones needing an ONT install, and some outside', async () => {
    const rows = rowsOf<{ status: string | null; ont: boolean; count: number }>(
      await t.database.db.execute(sql`
        select status, needs_ont_install as ont, count(*)::int as count from addresses
        group by 1, 2`),
    );
    const statuses = new Set(rows.map((row) => row.status));
    for (const status of ADDRESS_STATUSES) expect(statuses).toContain(status);
    expect(statuses).toContain(null);
    expect(rows.some((row) => row.ont && row.status === 'orderable')).toBe(true);
    const total = rows.reduce((sum, row) => sum + row.count, 0);
    expect(total).toBeGreaterThanOrEqual(5_000);
  });
});

describe('POST /self_signup/address/suggestions', () => {
  it('finds every demo address by the text people type', async () => {
    for (const demo of Object.values(DEMO_ADDRESSES)) {
      const found = await suggestions(demo.search);
      expect(found.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
      expect(found).toContainEqual({ addr_id: demo.id, formatted: demo.formatted });
    }
  });

  it('understands full words, punctuation and case, and street-first typing', async () => {
    const demo = DEMO_ADDRESSES.utopiaOrderable;
    const expected = { addr_id: demo.id, formatted: demo.formatted };
    expect(await suggestions('245 EAST center street, orem')).toContainEqual(expected);
    expect(await suggestions('245 e. Center St.')).toContainEqual(expected);
    expect(await suggestions('E Center St 245 Orem')).toContainEqual(expected);
  });

  it('answers at most ten suggestions, in key order, all matching the prefix', async () => {
    const found = await suggestions('1');
    expect(found).toHaveLength(SUGGESTION_LIMIT);
    for (const suggestion of found) expect(suggestion.formatted.startsWith('1')).toBe(true);
    const sorted = [...found].sort((a, b) =>
      a.formatted.toLowerCase() < b.formatted.toLowerCase() ? -1 : 1,
    );
    expect(found.map((s) => s.addr_id)).toEqual(sorted.map((s) => s.addr_id));
  });

  it('answers an empty list when nothing matches or nothing searchable was typed', async () => {
    expect(await suggestions('99999 Nowhere Blvd')).toEqual([]);
    expect(await suggestions('###')).toEqual([]);
  });

  it('refuses a missing, empty or oversized search with the field message', async () => {
    for (const body of [{}, { search: '' }, { search: '   ' }, { search: 'x'.repeat(201) }]) {
      const error = await json<{ errors: Record<string, string> }>(
        await t.client().post(PATHS.suggestions, body),
        422,
      );
      expect(error.errors.search).toBe(FIELD_MESSAGES.address);
    }
  });

  it('refuses a body that is not JSON, and a request without the CSRF header', async () => {
    const client = t.client();
    await json(await client.post(PATHS.suggestions, '{"search": ', {}), 400);
    await json(
      await client.post(PATHS.suggestions, 'search=1', {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
      415,
    );
    await json(await client.post(PATHS.suggestions, { search: '1' }, { csrf: false }), 403);
  });
});

describe('POST /self_signup/address/details', () => {
  it('answers the address of a suggestion', async () => {
    const demo = DEMO_ADDRESSES.buildingUnit;
    const body = v.parse(
      AddressDetailsResponseSchema,
      await json(await t.client().post(PATHS.addressDetails, { addr_id: demo.id })),
    );
    expect(body).toEqual({
      addr_id: demo.id,
      address: {
        line1: demo.line1,
        line2: demo.line2,
        city: demo.city,
        state: demo.state,
        zip_code: demo.zip_code,
      },
      formatted: demo.formatted,
    });
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    const missing = await json<{ msg: string }>(
      await t.client().post(PATHS.addressDetails, { addr_id: 987_654_321 }),
      404,
    );
    expect(missing.msg).toBe(SERVICEABILITY_MESSAGES.addressNotFound);
    for (const addr_id of ['abc', -1, 1.5, null]) {
      const error = await json<{ errors: Record<string, string> }>(
        await t.client().post(PATHS.addressDetails, { addr_id }),
        422,
      );
      expect(Object.keys(error.errors)).toEqual(['addr_id']);
    }
  });
});

describe('POST /self_signup/address/validate', () => {
  it('accepts a valid address and says whether the look-up knows it', async () => {
    const demo = DEMO_ADDRESSES.lehiOntInstall;
    const known = await json<{ known: boolean; addr_id: number | null; formatted: string }>(
      await t.client().post(PATHS.addressValidate, {
        line1: '153 North 100 East',
        line2: '',
        city: 'Lehi',
        state: 'UT',
        zip_code: '84043-1234',
      }),
    );
    expect(known).toEqual({
      valid: true,
      known: true,
      addr_id: demo.id,
      formatted: demo.formatted,
    });
    const unknown = await json<{ known: boolean; addr_id: number | null; formatted: string }>(
      await t.client().post(PATHS.addressValidate, {
        line1: '1 Imaginary Way',
        city: 'Lehi',
        state: 'UT',
        zip_code: '84043',
      }),
    );
    expect(unknown).toEqual({
      valid: true,
      known: false,
      addr_id: null,
      formatted: '1 Imaginary Way, Lehi, UT 84043',
    });
  });

  it('answers every broken field with the address form messages', async () => {
    const error = await json<{ errors: Record<string, string> }>(
      await t.client().post(PATHS.addressValidate, {
        line1: ' ',
        line2: 'Apt 1',
        city: 'Lehi 4',
        state: 'XX',
        zip_code: '8404',
      }),
      422,
    );
    expect(error.errors).toEqual({
      line1: FIELD_MESSAGES.address,
      city: FIELD_MESSAGES.city,
      state: FIELD_MESSAGES.state,
      zip_code: FIELD_MESSAGES.zip,
    });
  });
});

describe('GET /connectivity_clots/addresses', () => {
  it('finds no serviceable address outside the service areas', async () => {
    expect((await serviceable(DEMO_ADDRESSES.zeroMatches)).addresses).toEqual([]);
  });

  it('finds exactly one for a house, matching the search', async () => {
    const demo = DEMO_ADDRESSES.utopiaOrderable;
    const { addresses } = await serviceable(demo);
    expect(addresses).toEqual([
      {
        address_id: demo.id,
        service_class_id: SERVICEABILITY_CLASS_IDS.utopia,
        provider: { name: 'utopia', label: 'UTOPIA Fiber' },
        line1: demo.line1,
        line2: '',
        city: demo.city,
        state: demo.state,
        zip_code: demo.zip_code,
        formatted_address: demo.formatted,
        matches_search_address: true,
      },
    ]);
  });

  it('finds every unit of a building searched without its unit', async () => {
    const { addresses } = await serviceable(DEMO_ADDRESSES.severalMatches);
    expect(addresses.map((a) => a.line2)).toEqual(['Apt 101', 'Apt 102', 'Apt 103', 'Apt 104']);
    expect(addresses.every((a) => !a.matches_search_address)).toBe(true);
  });

  it('finds the one unit asked for, spelt another way too', async () => {
    const demo = DEMO_ADDRESSES.buildingUnit;
    const exact = await serviceable(demo);
    expect(exact.addresses.map((a) => a.address_id)).toEqual([demo.id]);
    expect(exact.addresses[0].matches_search_address).toBe(true);
    const typed = await serviceable(
      { ...demo, line1: '2890 South Redwood Road', line2: 'apartment #102', zip_code: '84119' },
      false,
    );
    expect(typed.addresses.map((a) => a.address_id)).toEqual([demo.id]);
  });

  it('matches a typed address on city or zip, a validated one on both', async () => {
    const demo = DEMO_ADDRESSES.bountifulOrderable;
    const wrongZip = { ...demo, zip_code: '84011' };
    expect((await serviceable(wrongZip, true)).addresses).toEqual([]);
    const loose: ServiceableAddressesResponse = await serviceable(wrongZip, false);
    expect(loose.addresses.map((a) => a.address_id)).toEqual([demo.id]);
    expect(loose.addresses[0].service_class_id).toBe(8);
  });

  it('refuses a malformed query with field errors', async () => {
    const error = await json<{ errors: Record<string, string> }>(
      await t
        .client()
        .get(
          `${PATHS.serviceableAddresses}?${query({ line1: '1 Main St', city: 'Orem', state: 'Utah', zip_code: '1', pre_validated: 'maybe' })}`,
        ),
      422,
    );
    expect(error.errors).toMatchObject({
      state: FIELD_MESSAGES.state,
      zip_code: FIELD_MESSAGES.zip,
      pre_validated: expect.any(String),
    });
  });
});

describe('GET /connectivity_clots/details', () => {
  const expectations = [
    ['utopiaOrderable', null, { orderable: true, available: true }],
    ['utopiaEarlySignup', null, { early_signup: true, available: true, orderable: false }],
    ['inService', 'in_service', { in_service: true, available: false }],
    ['business', 'business', { is_business: true, available: false }],
    ['disabled', 'disabled', { disabled: true, available: false }],
    ['unavailable', 'unavailable', { orderable: false, available: false }],
    ['lehiOntInstall', null, { needs_ont_install: true, orderable: true }],
    ['lehiOrderable', null, { needs_ont_install: false, orderable: true }],
    ['southernUteEarlySignup', null, { early_signup: true, available: true }],
  ] as const;

  it.each(expectations)('%s: flags and availability case', async (key, availability, flags) => {
    const demo = DEMO_ADDRESSES[key];
    const body = v.parse(
      ServiceabilityDetailsSchema,
      await json(await details(demo.id, demo.service_class_id as number)),
    );
    expect(body).toMatchObject({
      address_id: demo.id,
      formatted_address: demo.formatted,
      service_class_id: demo.service_class_id,
      provider: { name: demo.provider },
      ...flags,
    });
    expect(addressAvailabilityCase(body)).toBe(availability);
    expect(Math.abs(body.drop_latitude)).toBeGreaterThan(30);
    expect(Math.abs(body.drop_longitude)).toBeGreaterThan(100);
  });

  it('gives each provider its form and requirements', async () => {
    const of = async (key: keyof typeof DEMO_ADDRESSES) => {
      const demo = DEMO_ADDRESSES[key];
      return json<ServiceabilityDetails>(await details(demo.id, demo.service_class_id as number));
    };
    const utopia = await of('utopiaOrderable');
    expect(utopia.form).toBe('utopia residential');
    expect(utopia.requirements).toMatchObject({
      owner_data_required: true,
      renters_allowed: true,
      tribal_question_required: false,
      city_account_required: false,
    });
    const yellowstone = await of('yellowstoneOrderable');
    expect(yellowstone.form).toBe('utopia residential');
    expect(yellowstone.requirements).toMatchObject({
      renters_allowed: false,
      tribal_question_required: true,
      installation_fee_waived_for_tribal_members: true,
    });
    const bountiful = await of('bountifulOrderable');
    expect(bountiful.service_class_id).toBe(8);
    expect(bountiful.requirements.city_account_required).toBe(true);
    const lehi = await of('lehiOntInstall');
    expect(lehi.form).toBe('strata residential');
    expect(lehi.requirements.installation_scheduling).toBe(true);
    const southernUte = await of('southernUteOrderable');
    expect(southernUte.form).toBe('bonfire residential');
    expect(southernUte.requirements).toMatchObject({
      activation_date: true,
      installation_fee_waived: true,
    });
  });

  it('answers 404 for an unknown address, another class, or an address nobody serves', async () => {
    const demo = DEMO_ADDRESSES.utopiaOrderable;
    for (const [addressId, classId] of [
      [987_654_321, 3],
      [demo.id, SERVICEABILITY_CLASS_IDS.lehi_fiber],
      [DEMO_ADDRESSES.zeroMatches.id, 3],
      [DEMO_ADDRESSES.severalMatches.id, 3],
    ]) {
      const body = await json<{ msg: string }>(await details(addressId, classId), 404);
      expect(body.msg).toBe(SERVICEABILITY_MESSAGES.serviceabilityNotFound);
    }
  });

  it('refuses missing or malformed ids', async () => {
    const error = await json<{ errors: Record<string, string> }>(
      await t.client().get(`${PATHS.details}?address_id=x`),
      422,
    );
    expect(Object.keys(error.errors).sort()).toEqual(['address_id', 'service_class_id']);
  });
});

describe('POST /connectivity_clots/renter', () => {
  const renter = {
    name: 'Robin Renter',
    email: 'robin@example.com',
    phone: '(801) 555-0142',
  };

  it('notes a renter where renters may order', async () => {
    const demo = DEMO_ADDRESSES.utopiaOrderable;
    const body = await json<{ renter_id: number }>(
      await t
        .client()
        .post(PATHS.renter, { ...renter, address_id: demo.id, provider_id: 'utopia' }),
      201,
    );
    const rows = rowsOf<{ name: string; address_id: number }>(
      await t.database.db.execute(
        sql`select name, address_id from renter_contacts where id = ${body.renter_id}`,
      ),
    );
    expect(rows).toEqual([{ name: renter.name, address_id: demo.id }]);
  });

  it('refuses a renter where only owners may order', async () => {
    const demo = DEMO_ADDRESSES.yellowstoneOrderable;
    const body = await json<{ msg: string; title: string }>(
      await t
        .client()
        .post(PATHS.renter, { ...renter, address_id: demo.id, provider_id: 'yellowstone_fiber' }),
      409,
    );
    expect(body.msg).toBe(SERVICEABILITY_MESSAGES.rentersNotAllowed);
  });

  it('checks name, email and phone with the approval form messages', async () => {
    const error = await json<{ errors: Record<string, string> }>(
      await t.client().post(PATHS.renter, {
        address_id: DEMO_ADDRESSES.utopiaOrderable.id,
        provider_id: 'utopia',
        name: '',
        email: 'robin@',
        phone: '801-555-0142',
      }),
      422,
    );
    expect(error.errors).toEqual({
      name: FIELD_MESSAGES.approvalName,
      email: FIELD_MESSAGES.email,
      phone: FIELD_MESSAGES.phone,
    });
  });

  it('refuses another provider than the address has, and unknown addresses', async () => {
    const mismatch = await json<{ errors: Record<string, string> }>(
      await t.client().post(PATHS.renter, {
        ...renter,
        address_id: DEMO_ADDRESSES.utopiaOrderable.id,
        provider_id: 'lehi_fiber',
      }),
      422,
    );
    expect(mismatch.errors.provider_id).toBe(SERVICEABILITY_MESSAGES.providerMismatch);
    await json(
      await t
        .client()
        .post(PATHS.renter, { ...renter, address_id: 987_654_321, provider_id: 'utopia' }),
      404,
    );
  });
});
