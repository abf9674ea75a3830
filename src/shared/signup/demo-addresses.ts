/**
 * Well-known addresses the seed always creates, one per case the signup must handle, so that
 * people and tests can type them (docs/api.md "Demo addresses"). Their ids are fixed too: the seed
 * gives them the ids 1 to {@link DEMO_ADDRESSES}.length in this order, before any generated address.
 * What each demonstrates is that table's "case" (tests/unit/demo-addresses.test.ts holds the list
 * to the table).
 */
import { SERVICE_CLASS, type ProviderName } from '../constants.ts';
import { formatAddress } from './address.ts';
import type { AddressStatus } from './serviceability.ts';

/** Serviceability classes (the `service_class_id` of a serviceable address), one per provider. */
export const SERVICEABILITY_CLASS_IDS = {
  utopia: 3,
  yellowstone_fiber: 4,
  bountiful_fiber: SERVICE_CLASS.bountifulCityAccount,
  lehi_fiber: 9,
  southern_ute: 10,
} as const satisfies Record<ProviderName, number>;

/**
 * `outside`: known to the look-up but in no service area (zero matches).
 * `building`: a building's street address without a unit; its units are served (several matches).
 */
export type DemoAddressKind = AddressStatus | 'outside' | 'building';

export interface DemoAddress {
  /** The address id (`addr_id` of suggestions and `address_id` of serviceability alike). */
  id: number;
  /** Text to type in the address box: the demo is among the suggestions it brings. */
  search: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip_code: string;
  /** The suggestion's text (and the serviceable address's formatted_address). */
  formatted: string;
  provider: ProviderName | null;
  service_class_id: number | null;
  kind: DemoAddressKind;
  needs_ont_install: boolean;
}

type DemoSeed = Omit<DemoAddress, 'id' | 'formatted' | 'search' | 'needs_ont_install'> & {
  needs_ont_install?: boolean;
};

const seeds = {
  utopiaOrderable: {
    line1: '245 E Center St',
    line2: '',
    city: 'Orem',
    state: 'UT',
    zip_code: '84057',
    provider: 'utopia',
    service_class_id: SERVICEABILITY_CLASS_IDS.utopia,
    kind: 'orderable',
  },
  utopiaEarlySignup: {
    line1: '88 W Utah Ave',
    line2: '',
    city: 'Payson',
    state: 'UT',
    zip_code: '84651',
    provider: 'utopia',
    service_class_id: SERVICEABILITY_CLASS_IDS.utopia,
    kind: 'early_signup',
  },
  inService: {
    line1: '1020 N Fairfield Rd',
    line2: '',
    city: 'Layton',
    state: 'UT',
    zip_code: '84041',
    provider: 'utopia',
    service_class_id: SERVICEABILITY_CLASS_IDS.utopia,
    kind: 'in_service',
  },
  business: {
    line1: '660 E Winchester St',
    line2: '',
    city: 'Murray',
    state: 'UT',
    zip_code: '84107',
    provider: 'utopia',
    service_class_id: SERVICEABILITY_CLASS_IDS.utopia,
    kind: 'business',
  },
  disabled: {
    line1: '455 W 7200 S',
    line2: '',
    city: 'Midvale',
    state: 'UT',
    zip_code: '84047',
    provider: 'utopia',
    service_class_id: SERVICEABILITY_CLASS_IDS.utopia,
    kind: 'disabled',
  },
  unavailable: {
    line1: '3575 W 4100 S',
    line2: '',
    city: 'West Valley City',
    state: 'UT',
    zip_code: '84120',
    provider: 'utopia',
    service_class_id: SERVICEABILITY_CLASS_IDS.utopia,
    kind: 'unavailable',
  },
  severalMatches: {
    line1: '2890 S Redwood Rd',
    line2: '',
    city: 'West Valley City',
    state: 'UT',
    zip_code: '84119',
    provider: null,
    service_class_id: null,
    kind: 'building',
  },
  buildingUnit: {
    line1: '2890 S Redwood Rd',
    line2: 'Apt 102',
    city: 'West Valley City',
    state: 'UT',
    zip_code: '84119',
    provider: 'utopia',
    service_class_id: SERVICEABILITY_CLASS_IDS.utopia,
    kind: 'orderable',
  },
  zeroMatches: {
    line1: '350 S 200 E',
    line2: '',
    city: 'Salt Lake City',
    state: 'UT',
    zip_code: '84111',
    provider: null,
    service_class_id: null,
    kind: 'outside',
  },
  yellowstoneOrderable: {
    line1: '101 E Main St',
    line2: '',
    city: 'Bozeman',
    state: 'MT',
    zip_code: '59715',
    provider: 'yellowstone_fiber',
    service_class_id: SERVICEABILITY_CLASS_IDS.yellowstone_fiber,
    kind: 'orderable',
  },
  bountifulOrderable: {
    line1: '790 S 100 E',
    line2: '',
    city: 'Bountiful',
    state: 'UT',
    zip_code: '84010',
    provider: 'bountiful_fiber',
    service_class_id: SERVICEABILITY_CLASS_IDS.bountiful_fiber,
    kind: 'orderable',
  },
  lehiOntInstall: {
    line1: '153 N 100 E',
    line2: '',
    city: 'Lehi',
    state: 'UT',
    zip_code: '84043',
    provider: 'lehi_fiber',
    service_class_id: SERVICEABILITY_CLASS_IDS.lehi_fiber,
    kind: 'orderable',
    needs_ont_install: true,
  },
  lehiOrderable: {
    line1: '370 W Main St',
    line2: '',
    city: 'Lehi',
    state: 'UT',
    zip_code: '84043',
    provider: 'lehi_fiber',
    service_class_id: SERVICEABILITY_CLASS_IDS.lehi_fiber,
    kind: 'orderable',
  },
  southernUteOrderable: {
    line1: '116 Capote Dr',
    line2: '',
    city: 'Ignacio',
    state: 'CO',
    zip_code: '81137',
    provider: 'southern_ute',
    service_class_id: SERVICEABILITY_CLASS_IDS.southern_ute,
    kind: 'orderable',
  },
  southernUteEarlySignup: {
    line1: '356 Ouray St',
    line2: '',
    city: 'Ignacio',
    state: 'CO',
    zip_code: '81137',
    provider: 'southern_ute',
    service_class_id: SERVICEABILITY_CLASS_IDS.southern_ute,
    kind: 'early_signup',
  },
} satisfies Record<string, DemoSeed>;

export type DemoAddressKey = keyof typeof seeds;

export const DEMO_ADDRESSES: Readonly<Record<DemoAddressKey, DemoAddress>> = Object.fromEntries(
  Object.entries(seeds).map(([key, seed], index) => {
    const formatted = formatAddress(seed);
    const demo: DemoAddress = {
      needs_ont_install: false,
      ...seed,
      id: index + 1,
      formatted,
      search: `${seed.line1}${seed.line2 ? ` ${seed.line2}` : ''}, ${seed.city}`,
    };
    return [key, demo];
  }),
) as Record<DemoAddressKey, DemoAddress>;

/**
 * The other units of the several-matches building (2890 S Redwood Rd): Apt 101 to Apt 104, all
 * UTOPIA Fiber. Apt 102 is {@link DEMO_ADDRESSES}.buildingUnit; the others get the ids after the
 * demo list.
 */
export const DEMO_BUILDING_UNITS = ['Apt 101', 'Apt 102', 'Apt 103', 'Apt 104'] as const;
