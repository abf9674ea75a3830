/**
 * The offering of an address (catalogue, promos, stock) and installation slots with their real
 * capacity, booked and released the way the order placement does it.
 */
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTIVITY_MESSAGES, SERVICEABILITY_MESSAGES } from '../../src/shared/messages.ts';
import { addDays, earliestScheduleDate } from '../../src/shared/signup/dates.ts';
import { DEMO_ADDRESSES, type DemoAddressKey } from '../../src/shared/signup/demo-addresses.ts';
import {
  INSTALLATION_DAYS_AHEAD,
  InstallationSlotsResponseSchema,
  SERVICEABILITY_PATHS as PATHS,
  ServiceOfferingSchema,
  type InstallationSlotsResponse,
  type ServiceOffering,
} from '../../src/shared/signup/serviceability.ts';
import { ApiError } from '../../src/server/http/errors.ts';
import { installationSlots } from '../../src/server/db/schema.ts';
import {
  bookInstallationSlot,
  releaseSlot,
  type SlotBooking,
} from '../../src/server/serviceability/installation.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = (await response.json()) as T;
  if (response.status !== status) console.error(body);
  expect(response.status).toBe(status);
  return body;
}

async function offering(key: DemoAddressKey): Promise<ServiceOffering> {
  const demo = DEMO_ADDRESSES[key];
  const response = await t
    .client()
    .get(`${PATHS.offering}?address_id=${demo.id}&service_class_id=${demo.service_class_id ?? 0}`);
  return v.parse(ServiceOfferingSchema, await json(response));
}

async function slots(
  params: Record<string, string | number>,
  status = 200,
): Promise<InstallationSlotsResponse> {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, String(value)]),
  );
  const body = await json<InstallationSlotsResponse>(
    await t.client().get(`${PATHS.installation}?${query}`),
    status,
  );
  return status === 200 ? v.parse(InstallationSlotsResponseSchema, body) : body;
}

const lehi = DEMO_ADDRESSES.lehiOntInstall;

describe('GET /connectivity_clots/offering', () => {
  it('offers UTOPIA speeds with prices, separately billed network access, fees and promos', async () => {
    const body = await offering('utopiaOrderable');
    expect(body.provider).toEqual({ name: 'utopia', label: 'UTOPIA Fiber' });
    expect(body.main_provider).toEqual({ name: 'isp', label: t.config.productName });
    expect(body.speed_options.map((s) => s.speed_id)).toEqual([
      'speed_250_sym',
      'speed_1000_sym',
      'speed_2000_sym',
      'speed_10000_sym',
    ]);
    const gig = body.speed_options[1];
    expect(gig).toMatchObject({
      speed_label: '1 Gbps',
      download_speed: 1000,
      upload_speed: 1000,
      symmetric: true,
      external_soid: 'UTP-RES-1000',
      monthly_gross_connectivity_rate: 75,
      monthly_gross_connectivity_router_rate: 87,
      early_net_connectivity_rate_term: 'First month free',
      router_bundled: false,
    });
    expect(gig.monthly_gross_connectivity_rate_breakdown).toEqual([
      { label: '1 Gbps symmetric internet', rate: 45, provider: body.main_provider },
      {
        label: 'UTOPIA Fiber network access',
        rate: 30,
        provider: { name: 'utopia', label: 'UTOPIA Fiber' },
      },
    ]);
    expect(gig.billing.fees.map((fee) => [fee.description, fee.rate, fee.rate_deferred])).toEqual([
      ['Service activation', 25, true],
      ['Standard installation', 150, true],
    ]);
    const [promo] = gig.billing.promos;
    expect(promo).toMatchObject({
      rate_type: 'promo',
      rate: 45,
      rate_period: 'monthly',
      rate_term: 'one',
      featured: true,
      expiration_date: '2027-06-30',
      related_item: 'utopia.speed_1000_sym.price',
    });
    expect(promo.legal).toMatch(/One per household/);
    expect(gig.legal_disclaimers.map((d) => d.label)).toEqual(['Speeds', 'Network access']);
    expect(body.speed_options[3].router_bundled).toBe(true);
    expect(body.installation_options).toEqual([]);
    expect(body.voice).toMatchObject({ available: true, service_class_id: 1 });
    expect(body.static_ip).toMatchObject({ available: true, service_class_id: 17 });
  });

  it('offers the West Valley City promo only to West Valley City addresses', async () => {
    const promoNames = (body: ServiceOffering) =>
      body.speed_options.flatMap((s) => s.billing.promos.map((p) => p.name));
    expect(promoNames(await offering('buildingUnit'))).toContain(
      'utopia.speed_1000_sym.promo_west_valley',
    );
    expect(promoNames(await offering('utopiaOrderable'))).not.toContain(
      'utopia.speed_1000_sym.promo_west_valley',
    );
  });

  it('leaves out promos that expired', async () => {
    await t.database.db.execute(
      sql`update catalogue_rates set expiration_date = '2001-01-01'
          where name = 'utopia.speed_1000_sym.promo_first_month'`,
    );
    try {
      const gig = (await offering('utopiaOrderable')).speed_options[1];
      expect(gig.billing.promos).toEqual([]);
      expect(gig.early_net_connectivity_rate_term).toBeNull();
    } finally {
      await t.database.db.execute(
        sql`update catalogue_rates set expiration_date = '2027-06-30'
            where name = 'utopia.speed_1000_sym.promo_first_month'`,
      );
    }
  });

  it('bundles the router with 10 Gbps and gives routers and mesh their stock', async () => {
    const body = await offering('utopiaOrderable');
    const tenGig = body.router_options.find((r) => r.speed_id === 'speed_10000_sym');
    expect(tenGig).toMatchObject({
      router_available: true,
      router_model: 'xwi-10g',
      in_stock: true,
      quantity_available: 1,
      bundled: true,
    });
    expect(tenGig?.billing.promos[0]).toMatchObject({ rate: 15, rate_term: null });
    expect(body.mesh_option).toMatchObject({
      mesh_available: true,
      quantity_available: 3,
      monthly_rate_each: 8,
    });
  });

  it('marks what is out of stock', async () => {
    const body = await offering('yellowstoneOrderable');
    const tenGig = body.router_options.find((r) => r.speed_id === 'speed_10000_sym');
    expect(tenGig).toMatchObject({ router_available: false, in_stock: false });
    expect(body.router_options.find((r) => r.speed_id === 'speed_1000_sym')).toMatchObject({
      router_available: true,
    });
    expect(body.mesh_option).toMatchObject({ mesh_available: false, quantity_available: 0 });
    expect(body.installation_fee_waived_for_tribal_members).toBe(true);
  });

  it('gives Lehi its installation options with their fees', async () => {
    const body = await offering('lehiOntInstall');
    expect(
      body.installation_options.map((o) => [
        o.installation_type,
        o.label,
        o.duration,
        o.billing.fees[0].rate,
      ]),
    ).toEqual([
      ['basic', 'Standard installation', 120, 0],
      ['advanced', 'Advanced installation', 240, 150],
    ]);
    expect(body.installation_options[1].description).toMatch(/150 ft/);
    expect(body.installation_options[1].sub_description).not.toBe('');
    expect(body.speed_options.map((s) => s.speed_id)).toContain('speed_2500_sym');
  });

  it('waives Southern Ute installation fees and has no network access line', async () => {
    const body = await offering('southernUteOrderable');
    expect(body.installation_fee_waived).toBe(true);
    const gig = body.speed_options.find((s) => s.speed_id === 'speed_1000_sym');
    expect(gig?.monthly_gross_connectivity_rate_breakdown).toHaveLength(1);
    expect(body.static_ip.available).toBe(false);
  });

  it('answers 404 for an address of another class and 422 for bad ids', async () => {
    const demo = DEMO_ADDRESSES.lehiOntInstall;
    await json(
      await t.client().get(`${PATHS.offering}?address_id=${demo.id}&service_class_id=3`),
      404,
    );
    await json(await t.client().get(`${PATHS.offering}?address_id=0&service_class_id=3`), 422);
  });
});

describe('GET /connectivity_clots/installation', () => {
  it('offers slots from tomorrow for three weeks, each with its window', async () => {
    const body = await slots({
      install_type: 'basic',
      provider_id: 'lehi_fiber',
      address_id: lehi.id,
    });
    const tomorrow = earliestScheduleDate();
    expect(body.startDate).toBe(tomorrow);
    expect(body.availableTimes.length).toBeGreaterThan(30);
    const last = addDays(tomorrow, INSTALLATION_DAYS_AHEAD - 1);
    for (const time of body.availableTimes) {
      expect(time.date >= tomorrow && time.date <= last).toBe(true);
      expect(time.duration).toBe(120);
      expect(time.resourceId).toBe(`lehi_fiber:basic:${time.date}:${time.time}`);
      expect(time.startDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[67]:00$/);
      expect(Date.parse(time.endDateTime) - Date.parse(time.startDateTime)).toBe(120 * 60_000);
    }
    expect(body.availableTimes.find((time) => time.time === '08:00')?.displayTime).toBe(
      '8:00 AM - 10:00 AM',
    );
    expect(body.availableTimes.find((time) => time.time === '13:00')?.displayTime).toBe(
      '1:00 PM - 3:00 PM',
    );
    const starts = body.availableTimes.map((time) => Date.parse(time.startDateTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('offers four-hour windows for an advanced installation, and never a date before tomorrow', async () => {
    const body = await slots({
      install_type: 'advanced',
      provider_id: 'lehi_fiber',
      address_id: lehi.id,
      start_date: '2001-01-01',
    });
    expect(body.startDate).toBe(earliestScheduleDate());
    expect(body.availableTimes.every((time) => time.duration === 240)).toBe(true);
  });

  it('refuses a wrong provider, an unknown address and bad input', async () => {
    const mismatch = await slots(
      { install_type: 'basic', provider_id: 'utopia', address_id: lehi.id },
      422,
    );
    expect(mismatch).toMatchObject({
      errors: { provider_id: SERVICEABILITY_MESSAGES.providerMismatch },
    });
    await slots({ install_type: 'basic', provider_id: 'lehi_fiber', address_id: 987_654_321 }, 404);
    const bad = await slots(
      { install_type: 'premium', provider_id: 'nowhere', address_id: 'x' },
      422,
    );
    expect(bad).toMatchObject({
      errors: {
        install_type: CONNECTIVITY_MESSAGES.installationType,
        provider_id: expect.any(String),
        address_id: expect.any(String),
      },
    });
  });
});

describe('bookInstallationSlot and releaseSlot', () => {
  async function firstSlot(installType: 'basic' | 'advanced' = 'basic') {
    const body = await slots({
      install_type: installType,
      provider_id: 'lehi_fiber',
      address_id: lehi.id,
    });
    return body.availableTimes[0];
  }

  async function slotRow(id: string) {
    const [row] = await t.database.db
      .select()
      .from(installationSlots)
      .where(eq(installationSlots.id, id));
    return row;
  }

  it('books a place, stops offering a full slot, refuses with 409, and gives a place back', async () => {
    const slot = await firstSlot();
    const { capacity } = await slotRow(slot.resourceId);
    expect(capacity).toBe(2);
    const bookings: SlotBooking[] = [];
    for (let i = 0; i < capacity; i += 1) {
      bookings.push(
        await t.database.db.transaction((tx) =>
          bookInstallationSlot(tx, {
            slotId: slot.resourceId,
            addressId: lehi.id,
            provider: 'lehi_fiber',
            installType: 'basic',
            reference: `order ${i}`,
          }),
        ),
      );
    }
    expect(bookings[0].slot).toEqual(slot);
    const after = await slots({
      install_type: 'basic',
      provider_id: 'lehi_fiber',
      address_id: lehi.id,
    });
    expect(after.availableTimes.map((time) => time.resourceId)).not.toContain(slot.resourceId);
    const refused = await t.database.db
      .transaction((tx) =>
        bookInstallationSlot(tx, { slotId: slot.resourceId, addressId: lehi.id }),
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect((refused as ApiError).msg).toBe(SERVICEABILITY_MESSAGES.slotTaken);

    expect(await t.database.db.transaction((tx) => releaseSlot(tx, bookings[0].bookingId))).toBe(
      true,
    );
    expect(await t.database.db.transaction((tx) => releaseSlot(tx, bookings[0].bookingId))).toBe(
      false,
    );
    expect((await slotRow(slot.resourceId)).booked).toBe(capacity - 1);
    const again = await slots({
      install_type: 'basic',
      provider_id: 'lehi_fiber',
      address_id: lehi.id,
    });
    expect(again.availableTimes.map((time) => time.resourceId)).toContain(slot.resourceId);
  });

  it('gives the last place to exactly one of many simultaneous bookings', async () => {
    const slot = await firstSlot('advanced');
    const { capacity, booked } = await slotRow(slot.resourceId);
    const attempts = 8;
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, (_, i) =>
        t.database.db.transaction(async (tx) => {
          const booking = await bookInstallationSlot(tx, {
            slotId: slot.resourceId,
            addressId: lehi.id,
            reference: `race ${i}`,
          });
          // Work after the booking inside the same transaction, as an order would do.
          await tx.execute(sql`select pg_sleep(0.01)`);
          return booking;
        }),
      ),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(capacity - booked);
    for (const result of lost) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    }
    expect((await slotRow(slot.resourceId)).booked).toBe(capacity);
  });

  it('refuses an unknown slot, a slot of another type, and a past slot', async () => {
    const book = (slotId: string, extra: object = {}) =>
      t.database.db
        .transaction((tx) => bookInstallationSlot(tx, { slotId, addressId: lehi.id, ...extra }))
        .catch((error: unknown) => error as ApiError);
    expect(await book('lehi_fiber:basic:2001-01-01:08:00')).toMatchObject({ status: 404 });
    const slot = await firstSlot();
    expect(await book(slot.resourceId, { installType: 'advanced' })).toMatchObject({
      status: 404,
      msg: SERVICEABILITY_MESSAGES.slotUnknown,
    });
    // Once its date is no longer after today, a slot cannot be booked.
    const late = new Date(Date.parse(slot.startDateTime) + 24 * 3600_000);
    const refused = await t.database.db
      .transaction((tx) =>
        bookInstallationSlot(tx, { slotId: slot.resourceId, addressId: lehi.id }, late),
      )
      .catch((error: unknown) => error as ApiError);
    expect(refused).toMatchObject({ status: 409 });
  });
});
