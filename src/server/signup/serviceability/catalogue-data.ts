/**
 * THE catalogue: every serviceability class, speed, price, fee, promo, router, mesh extender,
 * installation option, add-on, stock level and installation window of every provider. Edit it
 * here, raise CATALOGUE_VERSION, and the next start (or `npm run seed`) rewrites the catalogue
 * tables. Amounts are US dollars.
 *
 * Who bills a line: `isp` is the product itself (itemised in the cart); a provider name means the
 * network provider bills it separately ("billed separately by UTOPIA Fiber").
 */
import {
  SERVICE_CLASS,
  type ProviderName,
  type RatePeriod,
  type RateTerm,
  type RateType,
} from '#shared/constants';
import { SERVICEABILITY_CLASS_IDS } from '#shared/signup/demo-addresses';
import type { InstallType, LegalDisclaimer } from '#shared/signup/serviceability';

/** Raise when anything below changes. */
export const CATALOGUE_VERSION = 2;

export interface RateSpec {
  /** Unique within its product: the rate's name is `provider.product.key`. */
  key: string;
  description: string;
  /** `isp` or the network provider billing it. */
  billedBy: 'isp' | ProviderName;
  rate: number;
  rateType: RateType;
  /** null: one-time. */
  ratePeriod: RatePeriod | null;
  rateTerm?: RateTerm | null;
  /** One-time charges: due upon installation and activation rather than today. */
  deferred?: boolean;
  taxable?: boolean;
  /** Cart grouping; defaults to the product's slot (connectivity, router, …). */
  group?: string;
  /**
   * The cart slot the line fills (`item_type`); defaults to the product's slot. A line sold with
   * another product but filling a slot of its own says so (the standard installation fee on a
   * speed is an `installation` line: installation waivers apply to it).
   */
  itemType?: string;
  /** The key of the rate (same product) a promo discounts. */
  relatedTo?: string;
  variable?: { min: number; max: number };
  serviceClass?: number;
  /** Promos. */
  featured?: boolean;
  expirationDate?: string | null;
  legal?: string;
  /** Promos offered only to addresses in this city. */
  onlyCity?: string;
}

export interface SpeedSpec {
  speedId: string;
  label: string;
  color: string;
  description: string;
  download: number;
  upload: number;
  externalSoid: string;
  rates: RateSpec[];
  disclaimers: LegalDisclaimer[];
}

export interface RouterSpec {
  speedId: string;
  model: string;
  label: string;
  rates: RateSpec[];
}

export interface ProviderCatalogue {
  provider: ProviderName;
  speeds: SpeedSpec[];
  routers: RouterSpec[];
  mesh: { model: string; label: string; description: string; rates: RateSpec[] };
  installation: {
    type: InstallType;
    label: string;
    description: string;
    subDescription: string;
    duration: number;
    rates: RateSpec[];
  }[];
  staticIp: { available: boolean; label: string; description: string; rates: RateSpec[] };
  subnet: { available: boolean; label: string; description: string; rates: RateSpec[] };
  voice: { available: boolean; label: string; description: string };
  /** Equipment on hand: model -> [quantity, most per order]. */
  stock: Record<string, [number, number]>;
}

export interface ServiceClassSpec {
  id: number;
  provider: ProviderName;
  name: string;
  ownerDataRequired: boolean;
  rentersAllowed: boolean;
  tribalQuestionRequired: boolean;
  cityAccountRequired: boolean;
  installationScheduling: boolean;
  activationDate: boolean;
  installationFeeWaived: boolean;
  installationFeeWaivedForTribalMembers: boolean;
}

export const SERVICE_CLASSES: ServiceClassSpec[] = [
  {
    id: SERVICEABILITY_CLASS_IDS.utopia,
    provider: 'utopia',
    name: 'UTOPIA Fiber residential',
    ownerDataRequired: true,
    rentersAllowed: true,
    tribalQuestionRequired: false,
    cityAccountRequired: false,
    installationScheduling: false,
    activationDate: false,
    installationFeeWaived: false,
    installationFeeWaivedForTribalMembers: false,
  },
  {
    id: SERVICEABILITY_CLASS_IDS.yellowstone_fiber,
    provider: 'yellowstone_fiber',
    name: 'Yellowstone Fiber residential',
    ownerDataRequired: true,
    rentersAllowed: false,
    tribalQuestionRequired: true,
    cityAccountRequired: false,
    installationScheduling: false,
    activationDate: false,
    installationFeeWaived: false,
    installationFeeWaivedForTribalMembers: true,
  },
  {
    id: SERVICEABILITY_CLASS_IDS.bountiful_fiber,
    provider: 'bountiful_fiber',
    name: 'Bountiful Fiber residential (city utility account)',
    ownerDataRequired: false,
    rentersAllowed: true,
    tribalQuestionRequired: false,
    cityAccountRequired: true,
    installationScheduling: false,
    activationDate: false,
    installationFeeWaived: false,
    installationFeeWaivedForTribalMembers: false,
  },
  {
    id: SERVICEABILITY_CLASS_IDS.lehi_fiber,
    provider: 'lehi_fiber',
    name: 'Lehi Fiber residential',
    ownerDataRequired: false,
    rentersAllowed: true,
    tribalQuestionRequired: false,
    cityAccountRequired: false,
    installationScheduling: true,
    activationDate: false,
    installationFeeWaived: false,
    installationFeeWaivedForTribalMembers: false,
  },
  {
    id: SERVICEABILITY_CLASS_IDS.southern_ute,
    provider: 'southern_ute',
    name: 'Southern Ute Fiber residential',
    ownerDataRequired: false,
    rentersAllowed: true,
    tribalQuestionRequired: false,
    cityAccountRequired: false,
    installationScheduling: false,
    activationDate: true,
    installationFeeWaived: true,
    installationFeeWaivedForTribalMembers: true,
  },
];

const PROMO_LEGAL =
  'One per household. New customers only. One-time use. Cannot be combined with other offers.';
const RESIDENTIAL = SERVICE_CLASS.residentialConnectivity;

const SPEED_STYLE: Record<string, { label: string; color: string; description: string }> = {
  speed_250_sym: {
    label: '250 Mbps',
    color: '#4c9f70',
    description: 'Symmetric 250 Mbps: streaming, video calls and homework for a small household.',
  },
  speed_1000_sym: {
    label: '1 Gbps',
    color: '#2f7dd1',
    description: 'Symmetric 1 Gbps: the whole family online at once, 4K streaming and gaming.',
  },
  speed_2000_sym: {
    label: '2 Gbps',
    color: '#7048e8',
    description: 'Symmetric 2 Gbps: large uploads, home offices and busy smart homes.',
  },
  speed_2500_sym: {
    label: '2.5 Gbps',
    color: '#ae3ec9',
    description: 'Symmetric 2.5 Gbps: multi-gig for creators and power users.',
  },
  speed_10000_sym: {
    label: '10 Gbps',
    color: '#e8590c',
    description: 'Symmetric 10 Gbps with the XWi 10G router included: the fastest we offer.',
  },
};

const MBPS: Record<string, number> = {
  speed_250_sym: 250,
  speed_1000_sym: 1000,
  speed_2000_sym: 2000,
  speed_2500_sym: 2500,
  speed_10000_sym: 10000,
};

const ROUTER_FOR_SPEED: Record<string, { model: string; label: string; rate: number }> = {
  speed_250_sym: { model: 'xwi-7', label: 'XWi 7 router', rate: 12 },
  speed_1000_sym: { model: 'xwi-7', label: 'XWi 7 router', rate: 12 },
  speed_2000_sym: { model: 'xwi-7', label: 'XWi 7 router', rate: 12 },
  speed_2500_sym: { model: 'xwi-7-pro', label: 'XWi 7 Pro router', rate: 13 },
  speed_10000_sym: { model: 'xwi-10g', label: 'XWi 10G router', rate: 15 },
};

interface SpeedPricing {
  speedId: string;
  /** What the product charges each month. */
  isp: number;
  /** What the network provider bills separately each month (0: nothing). */
  infrastructure: number;
  externalSoid: string;
  promos?: RateSpec[];
}

function speed(
  provider: ProviderName,
  providerLabel: string,
  pricing: SpeedPricing,
  extraDisclaimers: LegalDisclaimer[] = [],
): SpeedSpec {
  const style = SPEED_STYLE[pricing.speedId];
  const rates: RateSpec[] = [
    {
      key: 'price',
      description: `${style.label} symmetric internet`,
      billedBy: 'isp',
      rate: pricing.isp,
      rateType: 'price',
      ratePeriod: 'monthly',
      taxable: false,
    },
    {
      key: 'activation',
      description: 'Service activation',
      billedBy: 'isp',
      rate: 25,
      rateType: 'fee',
      ratePeriod: null,
      deferred: true,
      group: 'activation',
    },
    ...(pricing.promos ?? []),
  ];
  if (pricing.infrastructure > 0) {
    rates.push({
      key: 'infrastructure',
      description: `${providerLabel} network access`,
      billedBy: provider,
      rate: pricing.infrastructure,
      rateType: 'price',
      ratePeriod: 'monthly',
      group: 'infrastructure',
      taxable: true,
    });
  }
  const disclaimers: LegalDisclaimer[] = [
    {
      label: 'Speeds',
      text: 'Speeds are the most the connection delivers over a wired link; actual speeds vary with equipment, WiFi and the sites you reach.',
    },
    ...(pricing.infrastructure > 0
      ? [
          {
            label: 'Network access',
            text: `${providerLabel} bills its network access fee of $${pricing.infrastructure.toFixed(2)} a month separately; it is included in the monthly total shown.`,
          },
        ]
      : []),
    ...extraDisclaimers,
  ];
  return {
    speedId: pricing.speedId,
    label: style.label,
    color: style.color,
    description: style.description,
    download: MBPS[pricing.speedId],
    upload: MBPS[pricing.speedId],
    externalSoid: pricing.externalSoid,
    rates,
    disclaimers,
  };
}

function firstMonthFree(
  amount: number,
  expirationDate: string | null,
  extra: Partial<RateSpec> = {},
): RateSpec {
  return {
    key: 'promo_first_month',
    description: 'First month free',
    billedBy: 'isp',
    rate: amount,
    rateType: 'promo',
    ratePeriod: 'monthly',
    rateTerm: 'one',
    relatedTo: 'price',
    featured: true,
    expirationDate,
    legal: `${PROMO_LEGAL}${expirationDate ? ` Offer ends ${expirationDate}.` : ''}`,
    ...extra,
  };
}

function routers(speedIds: string[]): RouterSpec[] {
  return speedIds.map((speedId) => {
    const router = ROUTER_FOR_SPEED[speedId];
    const rates: RateSpec[] = [
      {
        key: 'lease',
        description: `${router.label} lease`,
        billedBy: 'isp',
        rate: router.rate,
        rateType: 'price',
        ratePeriod: 'monthly',
        taxable: true,
      },
      speedId === 'speed_10000_sym'
        ? {
            key: 'bundled',
            description: 'Included with 10 Gbps',
            billedBy: 'isp',
            rate: router.rate,
            rateType: 'promo',
            ratePeriod: 'monthly',
            rateTerm: null,
            relatedTo: 'lease',
            featured: false,
            expirationDate: null,
            legal: 'The router stays included while the service is 10 Gbps.',
          }
        : {
            key: 'promo_first_month',
            description: 'Router: first month free',
            billedBy: 'isp',
            rate: router.rate,
            rateType: 'promo',
            ratePeriod: 'monthly',
            rateTerm: 'one',
            relatedTo: 'lease',
            featured: false,
            expirationDate: null,
            legal: PROMO_LEGAL,
          },
    ];
    return { speedId, model: router.model, label: router.label, rates };
  });
}

const MESH = {
  model: 'xwi-mesh',
  label: 'XWi mesh extender',
  description: 'Extends WiFi coverage beyond 2,500 sq ft; leased per extender.',
  rates: [
    {
      key: 'lease',
      description: 'XWi mesh extender lease',
      billedBy: 'isp',
      rate: 8,
      rateType: 'price',
      ratePeriod: 'monthly',
      taxable: true,
    },
  ] satisfies RateSpec[],
};

function staticIp(available: boolean) {
  return {
    available,
    label: 'Static IP address',
    description: 'One public IPv4 address that never changes.',
    rates: [
      {
        key: 'price',
        description: 'Static IP address',
        billedBy: 'isp',
        rate: 10,
        rateType: 'price',
        ratePeriod: 'monthly',
        taxable: true,
      },
    ] satisfies RateSpec[],
  } as const;
}

function subnet(available: boolean) {
  return {
    available,
    label: 'IPv4 subnet (/29)',
    description: 'Five usable public IPv4 addresses.',
    rates: [
      {
        key: 'price',
        description: 'IPv4 subnet (/29)',
        billedBy: 'isp',
        rate: 25,
        rateType: 'price',
        ratePeriod: 'monthly',
        taxable: true,
      },
    ] satisfies RateSpec[],
  } as const;
}

const VOICE = {
  available: true,
  label: 'Home phone',
  description: 'Keep your number with our home phone service: we will contact you to set it up.',
};

function installationFee(rate: number, description: string): RateSpec[] {
  return [
    {
      key: 'fee',
      description,
      billedBy: 'isp',
      rate,
      rateType: 'fee',
      ratePeriod: null,
      deferred: true,
      taxable: false,
      group: 'installation',
    },
  ];
}

/** Standard installation of providers that do not schedule it in the page (shown per speed). */
function standardInstallationOnSpeed(rate: number): RateSpec {
  return {
    key: 'installation',
    description: 'Standard installation',
    billedBy: 'isp',
    rate,
    rateType: 'fee',
    ratePeriod: null,
    deferred: true,
    group: 'installation',
    itemType: 'installation',
  };
}

export const CATALOGUE: ProviderCatalogue[] = [
  {
    provider: 'utopia',
    speeds: (
      [
        { speedId: 'speed_250_sym', isp: 35, infrastructure: 30, externalSoid: 'UTP-RES-250' },
        {
          speedId: 'speed_1000_sym',
          isp: 45,
          infrastructure: 30,
          externalSoid: 'UTP-RES-1000',
          promos: [
            firstMonthFree(45, '2027-06-30'),
            {
              key: 'promo_west_valley',
              description: 'West Valley City: $10 off for three months',
              billedBy: 'isp',
              rate: 10,
              rateType: 'promo',
              ratePeriod: 'monthly',
              rateTerm: 'three',
              relatedTo: 'price',
              featured: false,
              expirationDate: '2027-03-31',
              legal: `${PROMO_LEGAL} West Valley City addresses only. Offer ends 2027-03-31.`,
              onlyCity: 'West Valley City',
            },
          ],
        },
        { speedId: 'speed_2000_sym', isp: 60, infrastructure: 37, externalSoid: 'UTP-RES-2000' },
        { speedId: 'speed_10000_sym', isp: 150, infrastructure: 45, externalSoid: 'UTP-RES-10000' },
      ] satisfies SpeedPricing[]
    ).map((pricing) => {
      const spec = speed('utopia', 'UTOPIA Fiber', pricing);
      spec.rates.push(standardInstallationOnSpeed(150));
      return spec;
    }),
    routers: routers(['speed_250_sym', 'speed_1000_sym', 'speed_2000_sym', 'speed_10000_sym']),
    mesh: MESH,
    installation: [],
    staticIp: staticIp(true),
    subnet: subnet(true),
    voice: VOICE,
    stock: { 'xwi-7': [400, 1], 'xwi-10g': [40, 1], 'xwi-mesh': [300, 3] },
  },
  {
    provider: 'yellowstone_fiber',
    speeds: (
      [
        { speedId: 'speed_250_sym', isp: 40, infrastructure: 35, externalSoid: 'YSF-250' },
        {
          speedId: 'speed_1000_sym',
          isp: 50,
          infrastructure: 35,
          externalSoid: 'YSF-1000',
          promos: [firstMonthFree(50, null, { featured: true })],
        },
        { speedId: 'speed_10000_sym', isp: 160, infrastructure: 50, externalSoid: 'YSF-10000' },
      ] satisfies SpeedPricing[]
    ).map((pricing) => {
      const spec = speed('yellowstone_fiber', 'Yellowstone Fiber', pricing);
      spec.rates.push(standardInstallationOnSpeed(125));
      return spec;
    }),
    routers: routers(['speed_250_sym', 'speed_1000_sym', 'speed_10000_sym']),
    mesh: MESH,
    installation: [],
    staticIp: staticIp(true),
    subnet: subnet(false),
    voice: { ...VOICE, available: false },
    // Out of stock in Bozeman: the 10G router and the mesh extenders.
    stock: { 'xwi-7': [120, 1], 'xwi-10g': [0, 1], 'xwi-mesh': [0, 3] },
  },
  {
    provider: 'bountiful_fiber',
    speeds: (
      [
        {
          speedId: 'speed_1000_sym',
          isp: 45,
          infrastructure: 32,
          externalSoid: 'BTF-1000',
          promos: [firstMonthFree(45, '2027-06-30')],
        },
        { speedId: 'speed_2000_sym', isp: 60, infrastructure: 40, externalSoid: 'BTF-2000' },
        { speedId: 'speed_10000_sym', isp: 150, infrastructure: 55, externalSoid: 'BTF-10000' },
      ] satisfies SpeedPricing[]
    ).map((pricing) =>
      speed('bountiful_fiber', 'Bountiful Fiber', pricing, [
        {
          label: 'City utility bill',
          text: 'Bountiful Fiber network access appears on your Bountiful City utility bill.',
        },
      ]),
    ),
    routers: routers(['speed_1000_sym', 'speed_2000_sym', 'speed_10000_sym']),
    mesh: MESH,
    installation: [],
    staticIp: staticIp(true),
    subnet: subnet(true),
    voice: VOICE,
    stock: { 'xwi-7': [150, 1], 'xwi-10g': [25, 1], 'xwi-mesh': [90, 3] },
  },
  {
    provider: 'lehi_fiber',
    speeds: (
      [
        { speedId: 'speed_250_sym', isp: 35, infrastructure: 25, externalSoid: 'LEHI-250' },
        {
          speedId: 'speed_1000_sym',
          isp: 45,
          infrastructure: 25,
          externalSoid: 'LEHI-1000',
          promos: [firstMonthFree(45, '2027-06-30')],
        },
        { speedId: 'speed_2500_sym', isp: 70, infrastructure: 30, externalSoid: 'LEHI-2500' },
        { speedId: 'speed_10000_sym', isp: 150, infrastructure: 40, externalSoid: 'LEHI-10000' },
      ] satisfies SpeedPricing[]
    ).map((pricing) => speed('lehi_fiber', 'Lehi Fiber', pricing)),
    routers: routers(['speed_250_sym', 'speed_1000_sym', 'speed_2500_sym', 'speed_10000_sym']),
    mesh: MESH,
    installation: [
      {
        type: 'basic',
        label: 'Standard installation',
        description: 'Cabling up to 45 ft from the fiber attach point, up to 2 hours.',
        subDescription: 'Most homes: the ONT goes on the inside of the wall nearest the drop.',
        duration: 120,
        rates: installationFee(0, 'Standard installation'),
      },
      {
        type: 'advanced',
        label: 'Advanced installation',
        description: 'Cabling up to 150 ft through walls or attic, up to 4 hours.',
        subDescription: 'For an ONT or router away from the drop, or a finished basement.',
        duration: 240,
        rates: installationFee(150, 'Advanced installation'),
      },
    ],
    staticIp: staticIp(true),
    subnet: subnet(true),
    voice: VOICE,
    stock: { 'xwi-7': [200, 1], 'xwi-7-pro': [60, 1], 'xwi-10g': [20, 1], 'xwi-mesh': [150, 3] },
  },
  {
    provider: 'southern_ute',
    speeds: (
      [
        { speedId: 'speed_250_sym', isp: 40, infrastructure: 0, externalSoid: 'SUIT-250' },
        {
          speedId: 'speed_1000_sym',
          isp: 55,
          infrastructure: 0,
          externalSoid: 'SUIT-1000',
          promos: [firstMonthFree(55, null)],
        },
        { speedId: 'speed_2000_sym', isp: 75, infrastructure: 0, externalSoid: 'SUIT-2000' },
      ] satisfies SpeedPricing[]
    ).map((pricing) => {
      const spec = speed('southern_ute', 'Southern Ute Fiber', pricing);
      spec.rates.push(standardInstallationOnSpeed(100));
      return spec;
    }),
    routers: routers(['speed_250_sym', 'speed_1000_sym', 'speed_2000_sym']),
    mesh: MESH,
    installation: [],
    staticIp: staticIp(false),
    subnet: subnet(false),
    voice: { ...VOICE, available: false },
    stock: { 'xwi-7': [60, 1], 'xwi-mesh': [40, 2] },
  },
];

/**
 * Installation windows: the weekly pattern of every provider (only lehi_fiber's are shown in the
 * page today). Capacity is the number of crews that can start a job in the window.
 */
export interface WindowSpec {
  provider: ProviderName;
  installType: InstallType;
  weekdays: number[];
  startTimes: string[];
  duration: number;
  capacity: number;
}

const WEEKDAYS = [1, 2, 3, 4, 5];

export const INSTALLATION_WINDOWS: WindowSpec[] = [
  ...(['utopia', 'yellowstone_fiber', 'bountiful_fiber', 'lehi_fiber', 'southern_ute'] as const)
    .map((provider): WindowSpec[] => [
      {
        provider,
        installType: 'basic',
        weekdays: WEEKDAYS,
        startTimes: ['08:00', '10:00', '13:00', '15:00'],
        duration: 120,
        capacity: provider === 'lehi_fiber' ? 2 : 3,
      },
      {
        provider,
        installType: 'basic',
        weekdays: [6],
        startTimes: ['09:00', '11:00'],
        duration: 120,
        capacity: 1,
      },
      {
        provider,
        installType: 'advanced',
        weekdays: WEEKDAYS,
        startTimes: ['08:00', '13:00'],
        duration: 240,
        capacity: 1,
      },
    ])
    .flat(),
];

/** The service class of every rate line, unless it says otherwise. */
export const DEFAULT_RATE_SERVICE_CLASS = RESIDENTIAL;
