/**
 * A deterministic generator of plausible addresses: the same count gives the same addresses, id
 * for id. It places the demo addresses first (ids 1 to 18), then spreads the rest over the real
 * cities of the five providers' service areas (src/server/signup/serviceability/service-areas.ts) with
 * every status the signup handles, plus about 1.2 % in neighbouring cities no provider serves.
 *
 * Streets are Utah grid streets ("1234 N 400 E"), the cities' own named streets and subdivision
 * streets; house numbers climb along each street so no address repeats; coordinates follow the
 * street (the Utah grid is 800 units to the mile).
 */
import { formatAddress, normalizeAddressText, unitKey } from '#shared/signup/address';
import {
  DEMO_ADDRESSES,
  DEMO_BUILDING_UNITS,
  type DemoAddress,
} from '#shared/signup/demo-addresses';
import type { AddressStatus } from '#shared/signup/serviceability';
import type { ProviderName } from '#shared/constants';
import { SERVICEABILITY_CLASS_IDS } from '#shared/signup/demo-addresses';
import {
  BUILDING_SHARE,
  LEHI_ONT_INSTALL_SHARE,
  OUTSIDE_AREAS,
  PROVIDER_SHARES,
  SERVICE_AREAS,
  STATUS_MIX,
  STREET_SUFFIXES,
  STREET_WORDS,
  type CityArea,
} from './service-areas.ts';

export interface AddressRow {
  id: number;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zipCode: string;
  formatted: string;
  searchKey: string;
  streetKey: string;
  streetNorm: string;
  unitNorm: string;
  dropLatitude: number;
  dropLongitude: number;
  serviceClassId: number | null;
  status: AddressStatus | null;
  needsOntInstall: boolean;
  demo: boolean;
}

export interface GeneratorOptions {
  /** How many addresses in all (demo addresses included). */
  total: number;
  seed?: number;
}

export const DEFAULT_GENERATOR_SEED = 20_240_611;
/** Generated addresses are numbered from here; ids below are the demo addresses' (and spare). */
export const FIRST_GENERATED_ID = 1001;
/** Share of the generated addresses that lie outside every service area. */
export const OUTSIDE_SHARE = 0.012;

const DEG_PER_METRE = 1 / 111_320;

/** mulberry32: small, fast and good enough for plausible data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}
type Random = ReturnType<typeof createRandom>;

function classOf(provider: ProviderName | null): number | null {
  return provider ? SERVICEABILITY_CLASS_IDS[provider] : null;
}

const placeKeys = new Map<string, string>();

/** Search keys from normalised parts: one normalisation of line 1 per address. */
function keys(line1: string, line2: string, city: string, state: string, zip: string) {
  const streetNorm = normalizeAddressText(line1);
  const unitNorm = line2 ? unitKey(line2) : '';
  const placeId = `${city}|${state}|${zip}`;
  let place = placeKeys.get(placeId);
  if (place === undefined) {
    place = normalizeAddressText(`${city} ${state} ${zip}`);
    placeKeys.set(placeId, place);
  }
  const space = streetNorm.indexOf(' ');
  const first = space > 0 ? streetNorm.slice(0, space) : '';
  const street = first && /\d/.test(first) ? `${streetNorm.slice(space + 1)} ${first}` : streetNorm;
  const tail = unitNorm ? `${unitNorm} ${place}` : place;
  return {
    searchKey: `${streetNorm} ${tail}`,
    streetKey: `${street} ${tail}`,
    streetNorm,
    unitNorm,
  };
}

export function buildRow(
  id: number,
  address: { line1: string; line2: string; city: string; state: string; zipCode: string },
  latitude: number,
  longitude: number,
  provider: ProviderName | null,
  status: AddressStatus | null,
  needsOntInstall: boolean,
  demo = false,
): AddressRow {
  const { line1, line2, city, state, zipCode } = address;
  return {
    id,
    line1,
    line2,
    city,
    state,
    zipCode,
    formatted: formatAddress({ line1, line2, city, state, zip_code: zipCode }),
    ...keys(line1, line2, city, state, zipCode),
    dropLatitude: Math.round(latitude * 1e7) / 1e7,
    dropLongitude: Math.round(longitude * 1e7) / 1e7,
    serviceClassId: status ? classOf(provider) : null,
    status,
    needsOntInstall,
    demo,
  };
}

const ALL_AREAS = [...SERVICE_AREAS, ...OUTSIDE_AREAS];

function areaOf(demo: DemoAddress): CityArea {
  const area = ALL_AREAS.find((candidate) => candidate.city === demo.city);
  if (!area) throw new Error(`demo address in an unknown city: ${demo.city}`);
  return area;
}

/** The demo addresses and the other units of the demo building: fixed ids, fixed data. */
export function demoRows(): AddressRow[] {
  const rows: AddressRow[] = [];
  const demos = Object.values(DEMO_ADDRESSES);
  for (const demo of demos) {
    const area = areaOf(demo);
    // A fixed spot near the centre, different for each demo.
    const latitude = area.latitude + ((demo.id % 7) - 3) * 0.0021;
    const longitude = area.longitude + ((demo.id % 5) - 2) * 0.0027;
    const status = demo.kind === 'outside' || demo.kind === 'building' ? null : demo.kind;
    rows.push(
      buildRow(
        demo.id,
        { ...demo, zipCode: demo.zip_code },
        latitude,
        longitude,
        demo.provider,
        status,
        demo.needs_ont_install,
        true,
      ),
    );
  }
  const unit = DEMO_ADDRESSES.buildingUnit;
  let id = demos.length;
  for (const line2 of DEMO_BUILDING_UNITS) {
    if (line2 === unit.line2) continue;
    id += 1;
    const base = rows.find((row) => row.id === unit.id) as AddressRow;
    rows.push(
      buildRow(
        id,
        { ...unit, line2, zipCode: unit.zip_code },
        base.dropLatitude + 0.00002 * id,
        base.dropLongitude,
        unit.provider,
        'orderable',
        false,
        true,
      ),
    );
  }
  return rows;
}

/** How many addresses each city gets. */
export function planCounts(total: number): { area: CityArea; count: number }[] {
  const generated = Math.max(0, total - demoRows().length);
  const outside = Math.round(generated * OUTSIDE_SHARE);
  const inside = generated - outside;
  const plan: { area: CityArea; count: number }[] = [];
  const spread = (areas: CityArea[], count: number) => {
    const weight = areas.reduce((sum, area) => sum + area.weight, 0);
    let left = count;
    areas.forEach((area, index) => {
      const share = index === areas.length - 1 ? left : Math.round((count * area.weight) / weight);
      const taken = Math.min(left, share);
      left -= taken;
      plan.push({ area, count: taken });
    });
  };
  const providers = Object.keys(PROVIDER_SHARES) as ProviderName[];
  let left = inside;
  providers.forEach((provider, index) => {
    const count =
      index === providers.length - 1 ? left : Math.round(inside * PROVIDER_SHARES[provider]);
    left -= count;
    spread(
      SERVICE_AREAS.filter((area) => area.provider === provider),
      count,
    );
  });
  spread(OUTSIDE_AREAS, outside);
  return plan;
}

interface Street {
  /** Line 1 without the house number, e.g. "N 400 E" or "Cherry Ln". */
  name: string;
  zip: string;
  /** Position of house number 0 and the direction numbers grow in, in metres east/north. */
  originEast: number;
  originNorth: number;
  stepEast: number;
  stepNorth: number;
  next: number;
}

function gridStreets(area: CityArea, random: Random): Street[] {
  const unit = 1609.344 / 800;
  const streets: Street[] = [];
  const blocks = Math.max(4, Math.floor(area.extent / 100));
  const zipOf = (east: number, north: number) =>
    area.zips[(east >= 0 ? 0 : 1) + (north >= 0 ? 0 : 2)] ??
    area.zips[Math.abs(Math.floor(east + north)) % area.zips.length];
  for (let block = 1; block <= blocks; block += 1) {
    const at = block * 100 * unit;
    for (const [axis, sign] of [
      ['E', 1],
      ['W', -1],
    ] as const) {
      // A north-south street "400 E": houses numbered north and south of the origin.
      for (const [prefix, direction] of [
        ['N', 1],
        ['S', -1],
      ] as const) {
        streets.push({
          name: `${prefix} ${block * 100} ${axis}`,
          zip: zipOf(sign, direction),
          originEast: sign * at,
          originNorth: 0,
          stepEast: 0,
          stepNorth: direction * unit,
          next: random.int(1, 40) * 2 + 10,
        });
      }
    }
    for (const [axis, sign] of [
      ['N', 1],
      ['S', -1],
    ] as const) {
      for (const [prefix, direction] of [
        ['E', 1],
        ['W', -1],
      ] as const) {
        streets.push({
          name: `${prefix} ${block * 100} ${axis}`,
          zip: zipOf(direction, sign),
          originEast: 0,
          originNorth: sign * at,
          stepEast: direction * unit,
          stepNorth: 0,
          next: random.int(1, 40) * 2 + 10,
        });
      }
    }
  }
  for (const name of new Set(area.streets)) {
    const northSouth = random.next() < 0.5;
    for (const [prefix, direction] of northSouth
      ? ([
          ['N', 1],
          ['S', -1],
        ] as const)
      : ([
          ['E', 1],
          ['W', -1],
        ] as const)) {
      const across = (random.next() * 2 - 1) * area.extent * unit * 0.8;
      streets.push({
        name: `${prefix} ${name}`,
        zip: zipOf(northSouth ? across : direction, northSouth ? direction : across),
        originEast: northSouth ? across : 0,
        originNorth: northSouth ? 0 : across,
        stepEast: northSouth ? 0 : direction * unit,
        stepNorth: northSouth ? direction * unit : 0,
        next: random.int(1, 40) * 2 + 10,
      });
    }
  }
  return streets;
}

function namedStreet(area: CityArea, name: string, index: number, random: Random): Street {
  const angle = random.next() * Math.PI * 2;
  const metresPerNumber = 0.9;
  return {
    name,
    zip: area.zips[index % area.zips.length],
    originEast: (random.next() * 2 - 1) * area.extent,
    originNorth: (random.next() * 2 - 1) * area.extent,
    stepEast: Math.cos(angle) * metresPerNumber,
    stepNorth: Math.sin(angle) * metresPerNumber,
    next: random.int(1, 20) * 100 + random.int(0, 9) * 2,
  };
}

/** The streets of a city: enough of them that house numbers stay plausible. */
function streetsOf(area: CityArea, count: number, random: Random): Street[] {
  const wanted = Math.max(8, Math.ceil(count / 90));
  const streets = area.grid
    ? gridStreets(area, random)
    : [...new Set(area.streets)].map((name, index) => namedStreet(area, name, index, random));
  const names = new Set(streets.map((street) => street.name));
  let index = 0;
  while (streets.length < wanted) {
    const word = STREET_WORDS[index % STREET_WORDS.length];
    const suffix =
      STREET_SUFFIXES[Math.floor(index / STREET_WORDS.length) % STREET_SUFFIXES.length];
    const round = Math.floor(index / (STREET_WORDS.length * STREET_SUFFIXES.length));
    index += 1;
    const base =
      round === 0
        ? `${word} ${suffix}`
        : `${word} ${['North', 'South', 'East', 'West', 'Park', 'Hollow', 'Crest', 'Point'][round - 1] ?? round} ${suffix}`;
    const name = area.grid ? `${random.pick(['N', 'S', 'E', 'W'])} ${base}` : base;
    if (names.has(name)) continue;
    names.add(name);
    streets.push(namedStreet(area, name, streets.length, random));
  }
  return streets;
}

function drawStatus(provider: ProviderName, random: Random): AddressStatus {
  const mix = provider === 'southern_ute' ? STATUS_MIX.southern_ute : STATUS_MIX.default;
  let roll = random.next();
  for (const [status, share] of mix) {
    if (roll < share) return status;
    roll -= share;
  }
  return mix[0][0];
}

/** Lehi addresses that can be ordered may still need an ONT installed. */
function needsOntInstall(
  provider: ProviderName | null,
  status: AddressStatus | null,
  random: Random,
): boolean {
  return (
    provider === 'lehi_fiber' &&
    (status === 'orderable' || status === 'early_signup') &&
    random.next() < LEHI_ONT_INSTALL_SHARE
  );
}

/**
 * The addresses of `total`, in id order, in batches (so a million never sit in memory at once).
 */
export function* generateAddresses(
  options: GeneratorOptions,
  batchSize = 10_000,
): Generator<AddressRow[]> {
  const random = createRandom(options.seed ?? DEFAULT_GENERATOR_SEED);
  const demos = demoRows();
  const reserved = new Set(demos.map((row) => `${row.line1}|${row.city}`));
  let batch: AddressRow[] = demos.slice(0, Math.min(options.total, demos.length));
  let id = FIRST_GENERATED_ID;

  const push = function* (row: AddressRow) {
    batch.push(row);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  };

  for (const { area, count } of planCounts(options.total)) {
    if (count === 0) continue;
    const streets = streetsOf(area, count, random);
    const cosLatitude = Math.cos((area.latitude * Math.PI) / 180);
    let made = 0;
    while (made < count) {
      const street = random.pick(streets);
      const number = street.next;
      street.next += random.int(1, 10) * 2;
      const line1 = `${number} ${street.name}`;
      if (reserved.has(`${line1}|${area.city}`)) continue;
      const east = street.originEast + street.stepEast * number;
      const north = street.originNorth + street.stepNorth * number;
      const latitude = area.latitude + north * DEG_PER_METRE;
      const longitude = area.longitude + (east * DEG_PER_METRE) / cosLatitude;
      const address = { line1, line2: '', city: area.city, state: area.state, zipCode: street.zip };
      const provider = area.provider;
      const units =
        count - made >= 3 && random.next() < BUILDING_SHARE
          ? Math.min(random.int(2, 12), count - made - 1)
          : 0;
      if (units > 0) {
        // The building's own street address: known to the look-up, served through its units.
        yield* push(buildRow(id++, address, latitude, longitude, provider, null, false));
        made += 1;
        const floors = Math.ceil(units / 4);
        for (let unit = 0; unit < units; unit += 1) {
          const line2 =
            floors > 1
              ? `Apt ${(Math.floor(unit / 4) + 1) * 100 + (unit % 4) + 1}`
              : `Unit ${unit + 1}`;
          const status = provider ? drawStatus(provider, random) : null;
          yield* push(
            buildRow(
              id++,
              { ...address, line2 },
              latitude + unit * 0.000004,
              longitude + unit * 0.000004,
              provider,
              status,
              needsOntInstall(provider, status, random),
            ),
          );
          made += 1;
        }
        continue;
      }
      const status = provider ? drawStatus(provider, random) : null;
      const needsOnt = needsOntInstall(provider, status, random);
      // The drop sits a few metres from the house, towards the street.
      yield* push(
        buildRow(
          id++,
          address,
          latitude + (random.next() - 0.5) * 8e-5,
          longitude + (random.next() - 0.5) * 8e-5,
          provider,
          status,
          needsOnt,
        ),
      );
      made += 1;
    }
  }
  if (batch.length > 0) yield batch;
}
