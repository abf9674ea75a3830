/**
 * Realistic payloads of the serviceability API for the signup machines' path samples, charts and
 * tests: suggestions, address details, matches, serviceability details and offerings for one
 * address of each connectivity form. Shaped by the shared contract (src/shared/signup).
 */
import { PROVIDERS, SERVICE_CLASS, type ProviderName } from '#shared/constants';
import { addDays, serviceDate } from '#shared/signup/dates';
import {
  DEMO_ADDRESSES,
  SERVICEABILITY_CLASS_IDS,
  type DemoAddress,
} from '#shared/signup/demo-addresses';
import type {
  AddressDetailsResponse,
  AddressSuggestion,
  Billing,
  InstallationSlotsResponse,
  ProviderRequirements,
  ServiceabilityDetails,
  ServiceableAddressMatch,
  ServiceOffering,
  SpeedOption,
} from '#shared/signup/serviceability';

const EMPTY_BILLING: Billing = { prices: [], fees: [], promos: [] };
const ISP = { name: 'isp', label: 'Ridgeline Fiber' };

function provider(name: ProviderName) {
  return { name, label: PROVIDERS[name].label };
}

function speed(
  id: string,
  label: string,
  mbps: number,
  rate: number,
  options: Partial<SpeedOption> = {},
): SpeedOption {
  return {
    speed_id: id,
    speed_label: label,
    speed_color: '#1c7ed6',
    speed_description: `${label} symmetric fiber`,
    download_speed: mbps,
    upload_speed: mbps,
    symmetric: true,
    external_soid: `soid-${id}`,
    monthly_gross_connectivity_rate: rate,
    monthly_gross_connectivity_rate_breakdown: [{ label: 'Internet service', rate, provider: ISP }],
    monthly_gross_connectivity_router_rate: rate + 15,
    early_net_connectivity_rate_term: null,
    legal_disclaimers: [],
    router_bundled: false,
    billing: EMPTY_BILLING,
    ...options,
  };
}

const SPEEDS: SpeedOption[] = [
  speed('speed_1000_sym', '1 Gbps', 1000, 65),
  speed('speed_2000_sym', '2 Gbps', 2000, 85),
  speed('speed_10000_sym', '10 Gbps', 10000, 150, { router_bundled: true }),
];

function offering(
  name: ProviderName,
  addressId: number,
  serviceClassId: number,
  stock: { router: boolean; mesh: number } = { router: true, mesh: 3 },
): ServiceOffering {
  return {
    address_id: addressId,
    service_class_id: serviceClassId,
    provider: provider(name),
    main_provider: ISP,
    speed_options: SPEEDS,
    router_options: SPEEDS.map((s) => ({
      speed_id: s.speed_id,
      router_available: stock.router,
      router_model: s.download_speed >= 10000 ? 'XWi-10G' : 'XWi-7',
      router_label: 'XWi router',
      in_stock: stock.router,
      quantity_available: stock.router ? 10 : 0,
      bundled: s.router_bundled,
      billing: EMPTY_BILLING,
    })),
    mesh_option: {
      mesh_available: stock.mesh > 0,
      mesh_model: 'XWi-mesh',
      mesh_label: 'XWi mesh extender',
      quantity_available: stock.mesh,
      monthly_rate_each: 5,
      billing: EMPTY_BILLING,
    },
    installation_options:
      name === 'lehi_fiber'
        ? (['basic', 'advanced'] as const).map((type) => ({
            installation_type: type,
            label: type === 'basic' ? 'Standard installation' : 'Advanced installation',
            description: type === 'basic' ? 'Cabling up to 45 ft' : 'Cabling up to 150 ft',
            sub_description: type === 'basic' ? 'Up to 2 hours' : 'Up to 4 hours',
            duration: type === 'basic' ? 120 : 240,
            billing: EMPTY_BILLING,
          }))
        : [],
    installation_fee_waived: name === 'southern_ute',
    installation_fee_waived_for_tribal_members: name === 'yellowstone_fiber',
    static_ip: {
      available: false,
      service_class_id: SERVICE_CLASS.residentialConnectivity,
      label: 'Static IP',
      description: '',
      billing: EMPTY_BILLING,
    },
    subnet: {
      available: false,
      service_class_id: SERVICE_CLASS.residentialConnectivity,
      label: 'Subnet',
      description: '',
      billing: EMPTY_BILLING,
    },
    // As the seeded catalogue: Southern Ute and Yellowstone Fiber offer no voice.
    voice: {
      available: name !== 'southern_ute' && name !== 'yellowstone_fiber',
      service_class_id: SERVICE_CLASS.voiceServices,
      label: 'Voice',
      description: 'Home phone service',
    },
  };
}

const NO_REQUIREMENTS: ProviderRequirements = {
  owner_data_required: false,
  renters_allowed: true,
  tribal_question_required: false,
  city_account_required: false,
  installation_scheduling: false,
  activation_date: false,
  installation_fee_waived: false,
  installation_fee_waived_for_tribal_members: false,
};

function details(
  demo: DemoAddress,
  extra: Partial<ServiceabilityDetails> = {},
): ServiceabilityDetails {
  const name = demo.provider ?? 'utopia';
  return {
    address_id: demo.id,
    line1: demo.line1,
    line2: demo.line2,
    city: demo.city,
    state: demo.state,
    zip_code: demo.zip_code,
    formatted_address: demo.formatted,
    drop_latitude: 40.2969,
    drop_longitude: -111.6946,
    needs_ont_install: demo.needs_ont_install,
    early_signup: demo.kind === 'early_signup',
    in_service: demo.kind === 'in_service',
    is_business: demo.kind === 'business',
    orderable: demo.kind === 'orderable',
    disabled: demo.kind === 'disabled',
    available: demo.kind === 'orderable' || demo.kind === 'early_signup',
    service_class_id: demo.service_class_id ?? SERVICEABILITY_CLASS_IDS.utopia,
    service_class_name: `${PROVIDERS[name].label} residential`,
    provider: provider(name),
    form: PROVIDERS[name].form,
    requirements: NO_REQUIREMENTS,
    ...extra,
  };
}

/** Serviceability details of the demo addresses (src/shared/signup/demo-addresses.ts). */
export const SAMPLE_DETAILS = {
  utopia: details(DEMO_ADDRESSES.utopiaOrderable, {
    requirements: { ...NO_REQUIREMENTS, owner_data_required: true },
  }),
  yellowstone: details(DEMO_ADDRESSES.yellowstoneOrderable, {
    requirements: {
      ...NO_REQUIREMENTS,
      owner_data_required: true,
      renters_allowed: false,
      tribal_question_required: true,
    },
  }),
  bountiful: details(DEMO_ADDRESSES.bountifulOrderable, {
    requirements: { ...NO_REQUIREMENTS, city_account_required: true },
  }),
  lehi: details(DEMO_ADDRESSES.lehiOntInstall, {
    requirements: { ...NO_REQUIREMENTS, installation_scheduling: true },
  }),
  southernUte: details(DEMO_ADDRESSES.southernUteOrderable, {
    requirements: { ...NO_REQUIREMENTS, activation_date: true, installation_fee_waived: true },
  }),
  business: details(DEMO_ADDRESSES.business),
} as const;

export const SAMPLE_OFFERINGS = {
  utopia: offering('utopia', DEMO_ADDRESSES.utopiaOrderable.id, SERVICEABILITY_CLASS_IDS.utopia),
  yellowstone: offering(
    'yellowstone_fiber',
    DEMO_ADDRESSES.yellowstoneOrderable.id,
    SERVICEABILITY_CLASS_IDS.yellowstone_fiber,
    { router: false, mesh: 0 },
  ),
  bountiful: offering(
    'bountiful_fiber',
    DEMO_ADDRESSES.bountifulOrderable.id,
    SERVICEABILITY_CLASS_IDS.bountiful_fiber,
  ),
  lehi: offering(
    'lehi_fiber',
    DEMO_ADDRESSES.lehiOntInstall.id,
    SERVICEABILITY_CLASS_IDS.lehi_fiber,
  ),
  southernUte: offering(
    'southern_ute',
    DEMO_ADDRESSES.southernUteOrderable.id,
    SERVICEABILITY_CLASS_IDS.southern_ute,
  ),
} as const;

export const SAMPLE_SUGGESTIONS: AddressSuggestion[] = [
  { addr_id: 1, formatted: '245 E Center St, Orem, UT 84057' },
  { addr_id: 77, formatted: '245 E Center St Apt 2, Orem, UT 84057' },
];

export const SAMPLE_ADDRESS_DETAILS: AddressDetailsResponse = {
  addr_id: 1,
  address: { line1: '245 E Center St', line2: '', city: 'Orem', state: 'UT', zip_code: '84057' },
  formatted: '245 E Center St, Orem, UT 84057',
};

function match(id: number, line2: string, matches: boolean): ServiceableAddressMatch {
  return {
    address_id: id,
    service_class_id: 3,
    provider: provider('utopia'),
    line1: '2890 S Redwood Rd',
    line2,
    city: 'West Valley City',
    state: 'UT',
    zip_code: '84119',
    formatted_address: `2890 S Redwood Rd ${line2}, West Valley City, UT 84119`,
    matches_search_address: matches,
  };
}

export const SAMPLE_MATCHES: Record<'one' | 'several', ServiceableAddressMatch[]> = {
  one: [
    {
      ...match(1, '', true),
      line1: '245 E Center St',
      formatted_address: SAMPLE_ADDRESS_DETAILS.formatted,
    },
  ],
  several: [
    match(101, 'Apt 101', false),
    match(102, 'Apt 102', false),
    match(103, 'Apt 103', false),
  ],
};

/** Tomorrow and the day after, in the service area (installation and activation dates). */
export function sampleDays(at: Date = new Date()) {
  const today = serviceDate(at);
  return { today, tomorrow: addDays(today, 1), dayAfter: addDays(today, 2) };
}

export function sampleSlots(at: Date = new Date()): InstallationSlotsResponse {
  const { tomorrow, dayAfter } = sampleDays(at);
  const slot = (date: string, time: string, end: string, n: number) => ({
    date,
    time,
    displayTime: `${time} - ${end}`,
    resourceId: `slot-${date}-${n}`,
    startDateTime: `${date}T${time}:00-06:00`,
    endDateTime: `${date}T${end}:00-06:00`,
    duration: 120,
  });
  return {
    startDate: tomorrow,
    availableTimes: [
      slot(tomorrow, '08:00', '10:00', 1),
      slot(tomorrow, '13:00', '15:00', 2),
      slot(dayAfter, '08:00', '10:00', 1),
    ],
  };
}
