/**
 * The offering of an address (catalogue, promos, stock) and installation slots with their real
 * capacity, booked and released the way the order placement does it. Everything runs twice on the
 * server's clock: at the real time, and years after every promo of the catalogue has ended;
 * expectations come from the offering's rules and the catalogue data, never from today's prices.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderName } from '../../src/shared/constants.ts';
import { CONNECTIVITY_MESSAGES } from '../../src/shared/messages.ts';
import { SERVICEABILITY_MESSAGES } from '../../src/shared/signup/messages.ts';
import {
  addDays,
  earliestScheduleDate,
  serviceDate,
  serviceDateTime,
  weekday,
} from '../../src/shared/signup/dates.ts';
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
import {
  catalogueProducts,
  catalogueRates,
  installationSlots,
} from '../../src/server/db/schema.ts';
import { CATALOGUE } from '../../src/server/signup/serviceability/catalogue-data.ts';
import {
  bookInstallationSlot,
  releaseSlot,
  type SlotBooking,
} from '../../src/server/signup/serviceability/installation.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;

/** The instant the test app's clock starts at in a run of this file (set in its beforeAll). */
let clockStart: Date;

/** Noon in the service area on a calendar date: that date is "today" for the server. */
const noonOn = (date: string) => serviceDateTime(date, '12:00');

/** Today (YYYY-MM-DD, service time zone) on the server's clock. */
const today = () => serviceDate(t.clock.now());

/** Runs `body` with the server's clock at noon on `date`, then puts the clock back. */
async function onDate<T>(date: string, body: () => Promise<T>): Promise<T> {
  t.clock.set(noonOn(date));
  try {
    return await body();
  } finally {
    t.clock.set(clockStart);
  }
}

interface DatedPromo {
  name: string;
  provider: ProviderName;
  expirationDate: string;
  onlyCity: string | null;
}

/** The promos with an expiration date, as the catalogue (catalogue-data.ts) seeded them. */
async function datedPromos(): Promise<DatedPromo[]> {
  const rows = await t.database.db
    .select({
      name: catalogueRates.name,
      provider: catalogueProducts.provider,
      expirationDate: catalogueRates.expirationDate,
      onlyCity: catalogueRates.onlyCity,
    })
    .from(catalogueRates)
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueRates.productId))
    .where(and(eq(catalogueRates.rateType, 'promo'), isNotNull(catalogueRates.expirationDate)));
  return rows.map((row) => ({
    ...row,
    provider: row.provider as ProviderName,
    expirationDate: row.expirationDate!,
  }));
}

/** The clock of each run of this file: the real time, and years after every promo has ended. */
const CLOCKS = [
  { when: 'today', start: () => Promise.resolve(new Date()) },
  {
    when: 'after every promo has ended',
    start: async () => {
      const last = (await datedPromos())
        .map((promo) => promo.expirationDate)
        .sort()
        .at(-1);
      return new Date(noonOn(addDays(last ?? serviceDate(), 3 * 365)));
    },
  },
];

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

/** The catalogue (catalogue-data.ts) of a provider. */
const catalogueOf = (provider: ProviderName) => {
  const found = CATALOGUE.find((entry) => entry.provider === provider);
  if (!found) throw new Error(`no catalogue for ${provider}`);
  return found;
};

const monthlySum = (lines: { rate: number; rate_period: string | null }[]) =>
  Math.round(
    lines.filter((line) => line.rate_period === 'monthly').reduce((a, b) => a + b.rate, 0) * 100,
  ) / 100;

/**
 * The rules every offering keeps on any date: the gross monthly rate is the sum of its breakdown,
 * which lists the monthly prices; with the router it adds the router's monthly prices; the promo
 * text is the featured promo's; a promo is offered only up to its expiration date and discounts a
 * price of its own product; a one-time fee (installation, activation) is due later.
 */
function expectOfferingRules(body: ServiceOffering, on: string) {
  for (const speed of body.speed_options) {
    const { prices, fees, promos } = speed.billing;
    const breakdown = speed.monthly_gross_connectivity_rate_breakdown;
    expect(speed.monthly_gross_connectivity_rate, speed.speed_id).toBe(
      Math.round(breakdown.reduce((a, b) => a + b.rate, 0) * 100) / 100,
    );
    expect(breakdown, speed.speed_id).toEqual(
      prices
        .filter((price) => price.rate_period === 'monthly')
        .map((price) => ({ label: price.description, rate: price.rate, provider: price.provider })),
    );
    const router = body.router_options.find((option) => option.speed_id === speed.speed_id);
    expect(speed.monthly_gross_connectivity_router_rate, speed.speed_id).toBe(
      Math.round(
        (speed.monthly_gross_connectivity_rate + monthlySum(router?.billing.prices ?? [])) * 100,
      ) / 100,
    );
    expect(speed.early_net_connectivity_rate_term, speed.speed_id).toBe(
      promos.find((promo) => promo.featured)?.description ?? null,
    );
    for (const promo of promos) {
      expect(promo.expiration_date === null || promo.expiration_date >= on, promo.name).toBe(true);
      expect(
        prices.map((price) => price.name),
        promo.name,
      ).toContain(promo.related_item);
      expect(promo.legal, promo.name).toMatch(/One per household/);
    }
    for (const fee of fees.filter((line) => line.rate_period === null)) {
      expect(fee.rate_deferred, fee.name).toBe(true);
    }
  }
  for (const option of [...body.router_options, body.mesh_option]) {
    for (const promo of option.billing.promos) {
      expect(promo.expiration_date === null || promo.expiration_date >= on, promo.name).toBe(true);
    }
  }
}

/** The names of the promos offered anywhere in an offering. */
const promoNames = (body: ServiceOffering) =>
  [
    ...body.speed_options.map((s) => s.billing),
    ...body.router_options.map((r) => r.billing),
    body.mesh_option.billing,
    ...body.installation_options.map((o) => o.billing),
    body.static_ip.billing,
    body.subnet.billing,
  ].flatMap((billing) => billing.promos.map((p) => p.name));

/** An orderable demo address of a provider, in `city` (or not in it, with `notIn`). */
function demoAddressOf(provider: ProviderName, city: { in?: string; notIn?: string }) {
  const key = (Object.keys(DEMO_ADDRESSES) as DemoAddressKey[]).find((name) => {
    const demo = DEMO_ADDRESSES[name];
    if (demo.provider !== provider || demo.service_class_id === null) return false;
    if (demo.kind !== 'orderable' && demo.kind !== 'building') return false;
    const sameCity = (other: string) => demo.city.toLowerCase() === other.toLowerCase();
    if (city.in !== undefined && !sameCity(city.in)) return false;
    if (city.notIn !== undefined && sameCity(city.notIn)) return false;
    return true;
  });
  if (!key) throw new Error(`no demo address of ${provider} for ${JSON.stringify(city)}`);
  return key;
}

describe.each(CLOCKS)('on the clock $when', ({ start }) => {
  beforeAll(async () => {
    t = await createTestApp();
    clockStart = await start();
    t.clock.set(clockStart);
  });
  afterAll(() => t.close());

  describe('GET /connectivity_clots/offering', () => {
    it('offers UTOPIA speeds with prices, separately billed network access, fees and promos', async () => {
      const body = await offering('utopiaOrderable');
      expect(body.provider).toEqual({ name: 'utopia', label: 'UTOPIA Fiber' });
      expect(body.main_provider).toEqual({ name: 'isp', label: t.config.productName });
      expect(body.speed_options.map((s) => s.speed_id)).toEqual(
        catalogueOf('utopia').speeds.map((s) => s.speedId),
      );
      expectOfferingRules(body, today());
      const gig = body.speed_options.find((s) => s.speed_id === 'speed_1000_sym')!;
      expect(gig).toMatchObject({
        speed_label: '1 Gbps',
        download_speed: 1000,
        upload_speed: 1000,
        symmetric: true,
        router_bundled: false,
      });
      // The network access is billed separately by UTOPIA Fiber, and counts in the monthly rate.
      expect(gig.monthly_gross_connectivity_rate_breakdown.map((line) => line.provider)).toEqual([
        body.main_provider,
        { name: 'utopia', label: 'UTOPIA Fiber' },
      ]);
      // Fees as the catalogue has them: activation and installation are due later.
      const spec = catalogueOf('utopia').speeds.find((s) => s.speedId === 'speed_1000_sym')!;
      expect(gig.billing.fees.map((fee) => [fee.description, fee.rate, fee.rate_deferred])).toEqual(
        spec.rates
          .filter((rate) => rate.rateType === 'fee')
          .map((rate) => [rate.description, rate.rate, rate.deferred ?? false]),
      );
      expect(gig.billing.fees.map((fee) => fee.item_group).sort()).toEqual([
        'activation',
        'installation',
      ]);
      expect(gig.legal_disclaimers.map((d) => d.label)).toEqual(['Speeds', 'Network access']);
      expect(body.speed_options.find((s) => s.speed_id === 'speed_10000_sym')?.router_bundled).toBe(
        true,
      );
      expect(body.installation_options).toEqual([]);
      expect(body.voice).toMatchObject({ available: true, service_class_id: 1 });
      expect(body.static_ip).toMatchObject({ available: true, service_class_id: 17 });
    });

    it('keeps the rules of an offering at every provider', async () => {
      for (const key of [
        'utopiaOrderable',
        'buildingUnit',
        'yellowstoneOrderable',
        'lehiOntInstall',
        'southernUteOrderable',
      ] as const) {
        expectOfferingRules(await offering(key), today());
      }
    });

    it('offers a promo up to and including its expiration date, and not the day after', async () => {
      const promos = await datedPromos();
      expect(promos.length).toBeGreaterThan(0);
      for (const promo of promos) {
        const where = demoAddressOf(promo.provider, { in: promo.onlyCity ?? undefined });
        const lastDay = await onDate(promo.expirationDate, async () => {
          const body = await offering(where);
          expectOfferingRules(body, promo.expirationDate);
          return promoNames(body);
        });
        expect(lastDay, promo.name).toContain(promo.name);
        const dayAfter = addDays(promo.expirationDate, 1);
        const after = await onDate(dayAfter, async () => {
          const body = await offering(where);
          expectOfferingRules(body, dayAfter);
          return promoNames(body);
        });
        expect(after, promo.name).not.toContain(promo.name);
      }
    });

    it('offers the West Valley City promo only to West Valley City addresses', async () => {
      const westValley = (await datedPromos()).filter(
        (promo) => promo.onlyCity?.toLowerCase() === 'west valley city',
      );
      expect(westValley).toHaveLength(1);
      const [promo] = westValley;
      const inCity = demoAddressOf(promo.provider, { in: 'West Valley City' });
      const elsewhere = demoAddressOf(promo.provider, { notIn: 'West Valley City' });
      await onDate(promo.expirationDate, async () => {
        expect(promoNames(await offering(inCity))).toContain(promo.name);
        expect(promoNames(await offering(elsewhere))).not.toContain(promo.name);
      });
      // Rules on any date: never outside the city.
      expect(promoNames(await offering(elsewhere))).not.toContain(promo.name);
    });

    it('bundles the router with 10 Gbps and gives routers and mesh their stock', async () => {
      const body = await offering('utopiaOrderable');
      const stock = catalogueOf('utopia').stock;
      const tenGig = body.router_options.find((r) => r.speed_id === 'speed_10000_sym');
      expect(tenGig).toMatchObject({
        router_available: true,
        router_model: 'xwi-10g',
        in_stock: true,
        quantity_available: Math.min(...stock['xwi-10g']),
        bundled: true,
      });
      // Bundled: a promo without end takes off the whole lease.
      const lease = monthlySum(tenGig!.billing.prices);
      const bundled = tenGig!.billing.promos.find((promo) => promo.rate_term === null);
      expect(bundled).toMatchObject({ rate: lease, expiration_date: null });
      expect(body.mesh_option).toMatchObject({
        mesh_available: true,
        quantity_available: Math.min(...stock[body.mesh_option.mesh_model]),
        monthly_rate_each: monthlySum(body.mesh_option.billing.prices),
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
      // Standard: up to 2 hours; advanced: up to 4 hours and 150 ft (signup.md).
      expect(
        body.installation_options.map((o) => [
          o.installation_type,
          o.label,
          o.duration,
          o.billing.fees[0].rate,
          o.billing.fees[0].rate_deferred,
        ]),
      ).toEqual(
        catalogueOf('lehi_fiber').installation.map((option) => [
          option.type,
          option.label,
          option.type === 'basic' ? 120 : 240,
          option.rates[0].rate,
          true,
        ]),
      );
      expect(body.installation_options.map((o) => o.installation_type)).toEqual([
        'basic',
        'advanced',
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
      const tomorrow = earliestScheduleDate(t.clock.now());
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
      expect(body.startDate).toBe(earliestScheduleDate(t.clock.now()));
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
      await slots(
        { install_type: 'basic', provider_id: 'lehi_fiber', address_id: 987_654_321 },
        404,
      );
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
    async function offeredSlots(installType: 'basic' | 'advanced' = 'basic') {
      const body = await slots({
        install_type: installType,
        provider_id: 'lehi_fiber',
        address_id: lehi.id,
      });
      return body.availableTimes;
    }

    async function firstSlot(installType: 'basic' | 'advanced' = 'basic') {
      return (await offeredSlots(installType))[0];
    }

    /**
     * The first basic slot on a weekday: docs/api.md gives Lehi two crews on weekdays and one on
     * Saturdays, so the first slot of all is a one-crew Saturday when tomorrow is one.
     */
    async function firstWeekdaySlot() {
      const slot = (await offeredSlots()).find((time) => weekday(time.date) !== 6);
      if (!slot) throw new Error('no weekday slot is offered');
      return slot;
    }

    async function slotRow(id: string) {
      const [row] = await t.database.db
        .select()
        .from(installationSlots)
        .where(eq(installationSlots.id, id));
      return row;
    }

    it('books a place, stops offering a full slot, refuses with 409, and gives a place back', async () => {
      const slot = await firstWeekdaySlot();
      const { capacity } = await slotRow(slot.resourceId);
      expect(capacity).toBe(2);
      const bookings: SlotBooking[] = [];
      for (let i = 0; i < capacity; i += 1) {
        bookings.push(
          await t.database.db.transaction((tx) =>
            bookInstallationSlot(
              tx,
              {
                slotId: slot.resourceId,
                addressId: lehi.id,
                provider: 'lehi_fiber',
                installType: 'basic',
                reference: `order ${i}`,
              },
              t.clock.now(),
            ),
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
          bookInstallationSlot(tx, { slotId: slot.resourceId, addressId: lehi.id }, t.clock.now()),
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
            const booking = await bookInstallationSlot(
              tx,
              {
                slotId: slot.resourceId,
                addressId: lehi.id,
                reference: `race ${i}`,
              },
              t.clock.now(),
            );
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
          .transaction((tx) =>
            bookInstallationSlot(tx, { slotId, addressId: lehi.id, ...extra }, t.clock.now()),
          )
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
});
