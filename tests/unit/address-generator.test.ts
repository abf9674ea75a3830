/** The deterministic address generator behind the seed. */
import { describe, expect, it } from 'vitest';
import { PROVIDER_NAMES } from '../../src/shared/constants.ts';
import { normalizeAddressText } from '../../src/shared/signup/address.ts';
import {
  DEMO_ADDRESSES,
  DEMO_BUILDING_UNITS,
  SERVICEABILITY_CLASS_IDS,
} from '../../src/shared/signup/demo-addresses.ts';
import { ADDRESS_STATUSES } from '../../src/shared/signup/serviceability.ts';
import {
  demoRows,
  FIRST_GENERATED_ID,
  generateAddresses,
  OUTSIDE_SHARE,
  planCounts,
  type AddressRow,
} from '../../src/server/signup/serviceability/address-generator.ts';
import {
  OUTSIDE_AREAS,
  SERVICE_AREAS,
} from '../../src/server/signup/serviceability/service-areas.ts';

function all(total: number): AddressRow[] {
  return [...generateAddresses({ total }, 5_000)].flat();
}

const AREAS = new Map([...SERVICE_AREAS, ...OUTSIDE_AREAS].map((area) => [area.city, area]));

/** Great-circle distance in km. */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe('generateAddresses', () => {
  const rows = all(30_000);

  it('makes exactly the number asked for, with unique ids and unique addresses', () => {
    expect(rows).toHaveLength(30_000);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const keys = rows.map((row) => `${row.streetNorm}|${row.unitNorm}|${row.city}`);
    expect(new Set(keys).size).toBe(rows.length);
    const generated = rows.filter((row) => !row.demo).map((row) => row.id);
    expect(generated[0]).toBe(FIRST_GENERATED_ID);
    expect(generated).toEqual([...generated].sort((a, b) => a - b));
  });

  it('is deterministic: the same count gives the same addresses', () => {
    expect(all(30_000)).toEqual(rows);
  });

  it('starts with the demo addresses at their fixed ids', () => {
    const demos = Object.values(DEMO_ADDRESSES);
    for (const demo of demos) {
      const row = rows[demo.id - 1];
      expect(row).toMatchObject({
        id: demo.id,
        formatted: demo.formatted,
        serviceClassId:
          demo.kind === 'outside' || demo.kind === 'building' ? null : demo.service_class_id,
        status: demo.kind === 'outside' || demo.kind === 'building' ? null : demo.kind,
        needsOntInstall: demo.needs_ont_install,
        demo: true,
      });
    }
    const units = rows.filter(
      (row) => row.line1 === DEMO_ADDRESSES.buildingUnit.line1 && row.city === 'West Valley City',
    );
    expect(units.map((row) => row.line2).sort()).toEqual(['', ...DEMO_BUILDING_UNITS]);
    expect(demoRows()).toEqual(rows.slice(0, demoRows().length));
  });

  it('gives every provider every status, and Lehi addresses that need an ONT install', () => {
    for (const provider of PROVIDER_NAMES) {
      const classId = SERVICEABILITY_CLASS_IDS[provider];
      const statuses = new Set(
        rows.filter((row) => row.serviceClassId === classId).map((row) => row.status),
      );
      for (const status of ADDRESS_STATUSES) expect(statuses, provider).toContain(status);
    }
    const ont = rows.filter((row) => row.needsOntInstall && !row.demo);
    expect(ont.length).toBeGreaterThan(100);
    expect(ont.every((row) => row.serviceClassId === SERVICEABILITY_CLASS_IDS.lehi_fiber)).toBe(
      true,
    );
    expect(ont.every((row) => row.status === 'orderable' || row.status === 'early_signup')).toBe(
      true,
    );
  });

  it('puts about 1.2 % outside every service area, in real neighbouring cities', () => {
    const outside = rows.filter((row) => !row.demo && AREAS.get(row.city)?.provider === null);
    const share = outside.length / rows.length;
    expect(share).toBeGreaterThan(OUTSIDE_SHARE * 0.8);
    expect(share).toBeLessThan(OUTSIDE_SHARE * 1.2);
    expect(outside.every((row) => row.status === null && row.serviceClassId === null)).toBe(true);
    expect(new Set(outside.map((row) => row.city))).toEqual(
      new Set(OUTSIDE_AREAS.map((area) => area.city)),
    );
  });

  it('makes apartment buildings: a postal row without a class and served units', () => {
    const byStreet = new Map<string, AddressRow[]>();
    for (const row of rows) {
      const key = `${row.line1}|${row.city}`;
      byStreet.set(key, [...(byStreet.get(key) ?? []), row]);
    }
    const buildings = [...byStreet.values()].filter((group) => group.length > 1);
    expect(buildings.length).toBeGreaterThan(50);
    for (const group of buildings.slice(0, 50)) {
      const [building, ...units] = group;
      expect(building.line2).toBe('');
      expect(building.status).toBeNull();
      expect(units.every((unit) => /^(Apt|Unit) \d+$/.test(unit.line2))).toBe(true);
    }
  });

  it('writes plausible addresses: real zips and states, house numbers, coordinates near the city', () => {
    const implausible = rows.filter((row) => {
      const area = AREAS.get(row.city);
      if (!area) return true;
      const km = distanceKm(row.dropLatitude, row.dropLongitude, area.latitude, area.longitude);
      return (
        !area.zips.includes(row.zipCode) ||
        row.state !== area.state ||
        !/^\d{1,5} [A-Z0-9]/.test(row.line1) ||
        Number(row.line1.split(' ')[0]) >= 20_000 ||
        km >= 25
      );
    });
    expect(implausible.map((row) => row.formatted)).toEqual([]);
    expect(rows.some((row) => /^\d+ [NSEW] \d+ [NSEW]$/.test(row.line1))).toBe(true);
    expect(rows.some((row) => row.city === 'Bozeman' && /Babcock St$/.test(row.line1))).toBe(true);
  });

  it('stores search keys that normalised typing finds', () => {
    for (const row of rows.slice(0, 2_000)) {
      expect(row.searchKey).toBe(normalizeAddressText(row.formatted));
      expect(row.streetNorm).toBe(normalizeAddressText(row.line1));
      const [number, ...street] = row.streetNorm.split(' ');
      expect(row.streetKey.startsWith(`${street.join(' ')} ${number}`)).toBe(true);
    }
  });
});

describe('planCounts', () => {
  it('spreads the addresses over the providers by their shares', () => {
    const plan = planCounts(250_000);
    const total = plan.reduce((sum, entry) => sum + entry.count, 0);
    expect(total + demoRows().length).toBe(250_000);
    const utopia = plan
      .filter((entry) => entry.area.provider === 'utopia')
      .reduce((sum, entry) => sum + entry.count, 0);
    expect(utopia / total).toBeGreaterThan(0.5);
    const outside = plan
      .filter((entry) => entry.area.provider === null)
      .reduce((sum, entry) => sum + entry.count, 0);
    expect(outside).toBeGreaterThan(2_500);
  });
});
