/**
 * The contract of the serviceability API (signup.md §3 and §7, portal.md §3 "Service offering",
 * "Promo"): every request and response of the address look-up, the serviceable-address search,
 * serviceability details, the offering of an address, installation slots, the renter note and the
 * availability contact list. The server validates requests with these schemas; the web app and
 * the machines use the types (and may parse answers with the response schemas).
 *
 * Paths are relative to the API base path /manage/api/v1.0 ({@link SERVICEABILITY_PATHS}).
 */
import * as v from 'valibot';
import {
  DATABASE_ID_MAX,
  INSTALLATION_DAYS_AHEAD,
  PROVIDER_NAMES,
  RATE_PERIODS,
  RATE_TERMS,
  RATE_TYPES,
  SUGGESTION_LIMIT,
  type ProviderName,
} from '../first-load-constants.ts';
import {
  CONNECTIVITY_MESSAGES,
  FIELD_MESSAGES,
  type AddressAvailabilityCase,
} from '../messages.ts';
import {
  CitySchema,
  Line1Schema,
  Line2Schema,
  PostalAddressSchema,
  StateSchema,
  ZipCodeSchema,
} from './address.ts';
import { EmailSchema, PhoneSchema, RenterNameSchema } from './contact-fields.ts';
import { isIsoDate } from './dates.ts';
import { fieldsObject } from './schema-helpers.ts';

export const SERVICEABILITY_PATHS = {
  suggestions: '/self_signup/address/suggestions',
  addressDetails: '/self_signup/address/details',
  addressValidate: '/self_signup/address/validate',
  serviceableAddresses: '/connectivity_clots/addresses',
  details: '/connectivity_clots/details',
  offering: '/connectivity_clots/offering',
  installation: '/connectivity_clots/installation',
  renter: '/connectivity_clots/renter',
  availability: '/connectivity_clots/availability',
  captchaChallenge: '/captcha/challenge',
} as const;

/** At most this many suggestions come back (constants.ts). */
export { SUGGESTION_LIMIT };
export const SUGGESTION_SEARCH_MAX_LENGTH = 200;
/** Installation slots are offered this many days ahead, from tomorrow (the booking horizon). */
export { INSTALLATION_DAYS_AHEAD };

/** The product itself as the provider of cart lines it bills (its label is the product name). */
export const MAIN_PROVIDER_NAME = 'isp';

/** The form of the connectivity section, by provider (PROVIDERS[name].form in constants.ts). */
export const CONNECTIVITY_FORMS = [
  'utopia residential',
  'strata residential',
  'bonfire residential',
] as const;
export type ConnectivityForm = (typeof CONNECTIVITY_FORMS)[number];

export const INSTALL_TYPES = ['basic', 'advanced'] as const;
export type InstallType = (typeof INSTALL_TYPES)[number];

/**
 * What the seed gives each address in a service area (docs/api.md "Serviceability data").
 * `outside` addresses exist for the look-up but no provider serves them.
 */
export const ADDRESS_STATUSES = [
  'orderable',
  'early_signup',
  'in_service',
  'business',
  'disabled',
  'unavailable',
] as const;
export type AddressStatus = (typeof ADDRESS_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Shared pieces

/**
 * A positive whole-number id, from JSON (number or digits) or from a query string (digits), no
 * larger than an id column holds ({@link DATABASE_ID_MAX}).
 */
export const IdSchema = v.union(
  [
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(DATABASE_ID_MAX)),
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[1-9]\d{0,9}$/),
      v.transform(Number),
      v.maxValue(DATABASE_ID_MAX),
    ),
  ],
  'Must be a positive whole number',
);

/** "true"/"false" (also "1"/"0") in a query string, or a JSON boolean. */
export const QueryBooleanSchema = v.union(
  [
    v.boolean(),
    v.pipe(
      v.picklist(['true', 'false', '1', '0']),
      v.transform((value) => value === 'true' || value === '1'),
    ),
  ],
  'Must be true or false',
);

export const ProviderNameSchema = v.picklist(PROVIDER_NAMES, 'Unknown provider');

export const ProviderRefSchema = v.object({
  name: ProviderNameSchema,
  label: v.string(),
});
export type ProviderRef = v.InferOutput<typeof ProviderRefSchema>;

/** Who bills a line: one of the network providers, or the product itself ({@link MAIN_PROVIDER_NAME}). */
export const BillingProviderSchema = v.object({
  name: v.string(),
  label: v.string(),
});
export type BillingProvider = v.InferOutput<typeof BillingProviderSchema>;

const IsoDateSchema = v.pipe(v.string(), v.check(isIsoDate, 'Must be a date written YYYY-MM-DD'));

// ---------------------------------------------------------------------------------------------
// POST /self_signup/address/suggestions

export const AddressSuggestionsRequestSchema = fieldsObject({
  search: v.pipe(
    v.string(FIELD_MESSAGES.address),
    v.trim(),
    v.minLength(1, FIELD_MESSAGES.address),
    v.maxLength(SUGGESTION_SEARCH_MAX_LENGTH, FIELD_MESSAGES.address),
  ),
});
export type AddressSuggestionsRequest = v.InferInput<typeof AddressSuggestionsRequestSchema>;

export const AddressSuggestionSchema = v.object({
  addr_id: v.number(),
  formatted: v.string(),
});
export type AddressSuggestion = v.InferOutput<typeof AddressSuggestionSchema>;

/** The answer: at most {@link SUGGESTION_LIMIT} suggestions, best first (a JSON array). */
export const AddressSuggestionsResponseSchema = v.array(AddressSuggestionSchema);
export type AddressSuggestionsResponse = AddressSuggestion[];

// ---------------------------------------------------------------------------------------------
// POST /self_signup/address/details

export const AddressDetailsRequestSchema = fieldsObject({ addr_id: IdSchema });
export type AddressDetailsRequest = v.InferInput<typeof AddressDetailsRequestSchema>;

/** A known address's lines as the API answers them. */
export const AddressLinesSchema = v.object({
  line1: v.string(),
  line2: v.string(),
  city: v.string(),
  state: v.string(),
  zip_code: v.string(),
});

export const AddressDetailsResponseSchema = v.object({
  addr_id: v.number(),
  address: AddressLinesSchema,
  formatted: v.string(),
});
export type AddressDetailsResponse = v.InferOutput<typeof AddressDetailsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /self_signup/address/validate (the answer is not used by the page)

export const AddressValidateRequestSchema = PostalAddressSchema;
export type AddressValidateRequest = v.InferInput<typeof AddressValidateRequestSchema>;

export const AddressValidateResponseSchema = v.object({
  valid: v.literal(true),
  /** The address is one the look-up knows (then `addr_id` is set). */
  known: v.boolean(),
  addr_id: v.nullable(v.number()),
  formatted: v.string(),
});
export type AddressValidateResponse = v.InferOutput<typeof AddressValidateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /connectivity_clots/addresses?line1&line2&city&state&zip_code&pre_validated

export const ServiceableAddressesQuerySchema = fieldsObject({
  line1: Line1Schema,
  line2: Line2Schema,
  city: CitySchema,
  state: StateSchema,
  zip_code: ZipCodeSchema,
  /** The address came from a suggestion (exact spelling); otherwise matching is looser. */
  pre_validated: v.optional(QueryBooleanSchema, false),
});
export type ServiceableAddressesQuery = v.InferInput<typeof ServiceableAddressesQuerySchema>;

export const ServiceableAddressMatchSchema = v.object({
  address_id: v.number(),
  service_class_id: v.number(),
  provider: ProviderRefSchema,
  ...AddressLinesSchema.entries,
  formatted_address: v.string(),
  /** This serviceable address is the searched one (same street line and unit). */
  matches_search_address: v.boolean(),
});
export type ServiceableAddressMatch = v.InferOutput<typeof ServiceableAddressMatchSchema>;

/**
 * Zero addresses: not served (the "address unavailable" modal). One: go to its details. Several
 * (a building searched without its unit): let the visitor choose.
 */
export const ServiceableAddressesResponseSchema = v.object({
  addresses: v.array(ServiceableAddressMatchSchema),
});
export type ServiceableAddressesResponse = v.InferOutput<typeof ServiceableAddressesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /connectivity_clots/details?service_class_id&address_id

export const ServiceabilityQuerySchema = fieldsObject({
  service_class_id: IdSchema,
  address_id: IdSchema,
});
export type ServiceabilityQuery = v.InferInput<typeof ServiceabilityQuerySchema>;

/** signup.md §3 "Address details". */
export const ServiceabilityAddressSchema = v.object({
  address_id: v.number(),
  ...AddressLinesSchema.entries,
  formatted_address: v.string(),
  /** Where the fiber drop attaches to the home (the map of the strata form centres here). */
  drop_latitude: v.number(),
  drop_longitude: v.number(),
  /** An optical network terminal must be installed: installation type, date and time needed. */
  needs_ont_install: v.boolean(),
  /** The network is still being built here: the visitor signs up early (no activation date). */
  early_signup: v.boolean(),
  /** Already in service through another provider. */
  in_service: v.boolean(),
  is_business: v.boolean(),
  /** Service can be ordered now. */
  orderable: v.boolean(),
  /** The address is blocked from checks (the "check error" message). */
  disabled: v.boolean(),
  /** A connectivity order may be placed (orderable or early signup): action none becomes new. */
  available: v.boolean(),
});
export type ServiceabilityAddress = v.InferOutput<typeof ServiceabilityAddressSchema>;

/** What the provider's connectivity section must ask (signup.md §5 "Owner and renter"). */
export const ProviderRequirementsSchema = v.object({
  /** The owner choice (owner or renter) is mandatory. */
  owner_data_required: v.boolean(),
  /** Renters may order; when false only owners may proceed. */
  renters_allowed: v.boolean(),
  /** The tribal-membership question must be answered. */
  tribal_question_required: v.boolean(),
  /** City utility account fields (city_customer_id, city_account_id): service class 8 only. */
  city_account_required: v.boolean(),
  /** Installation type, date and time are chosen in the page (strata form, when an ONT is needed). */
  installation_scheduling: v.boolean(),
  /** A desired activation date is asked (bonfire form; not required for early signup). */
  activation_date: v.boolean(),
  /** Installation fees show as waived for everyone here (southern_ute). */
  installation_fee_waived: v.boolean(),
  /** Installation fees show as waived for self-identifying tribal members. */
  installation_fee_waived_for_tribal_members: v.boolean(),
});
export type ProviderRequirements = v.InferOutput<typeof ProviderRequirementsSchema>;

export const ServiceabilityDetailsSchema = v.object({
  ...ServiceabilityAddressSchema.entries,
  service_class_id: v.number(),
  /** The serviceability class's name, e.g. "UTOPIA Fiber residential". */
  service_class_name: v.string(),
  provider: ProviderRefSchema,
  form: v.picklist(CONNECTIVITY_FORMS),
  requirements: ProviderRequirementsSchema,
});
export type ServiceabilityDetails = v.InferOutput<typeof ServiceabilityDetailsSchema>;

/**
 * The message case of signup.md §8 for an address, or null when it may be ordered (orderable or
 * early signup give no message). Precedence: disabled, business, in service, unavailable.
 */
export function addressAvailabilityCase(
  address: Pick<
    ServiceabilityAddress,
    'disabled' | 'is_business' | 'in_service' | 'orderable' | 'early_signup'
  >,
): AddressAvailabilityCase | null {
  if (address.disabled) return 'disabled';
  if (address.is_business) return 'business';
  if (address.in_service) return 'in_service';
  if (!address.orderable && !address.early_signup) return 'unavailable';
  return null;
}

// ---------------------------------------------------------------------------------------------
// GET /connectivity_clots/offering?service_class_id&address_id (portal.md §3 "Service offering")

export const RATE_MODES = ['fixed', 'variable'] as const;
export type RateMode = (typeof RATE_MODES)[number];

/**
 * One priced line as the catalogue holds it, shaped like a cart item (portal.md §3 "Cart item",
 * `CartItem` in src/shared/cart) without the quantity: `{ ...rate, quantity }` is a cart item.
 */
export const OfferingRateSchema = v.object({
  /** Stable catalogue key, e.g. "utopia.speed_1000_sym.price". */
  name: v.string(),
  description: v.string(),
  /** What the line is for: connectivity, infrastructure, router, mesh, installation, static_ip, subnet, activation. */
  item_type: v.string(),
  /** Lines of one group are summed together (promos subtract, floored at 0). */
  item_group: v.string(),
  provider: BillingProviderSchema,
  rate: v.number(),
  rate_type: v.picklist(RATE_TYPES),
  /** Null for a one-time charge. */
  rate_period: v.nullable(v.picklist(RATE_PERIODS)),
  /** How many periods a promo lasts ("one" to "twelve"); null when it does not end. */
  rate_term: v.nullable(v.picklist(RATE_TERMS)),
  rate_mode: v.picklist(RATE_MODES),
  rate_min: v.nullable(v.number()),
  /** A variable rate at its maximum reads "Up to $rate_max value". */
  rate_max: v.nullable(v.number()),
  /** One-time charge due later, upon installation and activation (not today). */
  rate_deferred: v.boolean(),
  service_class: v.number(),
  taxable: v.boolean(),
  /** The `name` of the line this one belongs to (a promo names the price it discounts), or null. */
  related_item: v.nullable(v.string()),
});
export type OfferingRate = v.InferOutput<typeof OfferingRateSchema>;

/** portal.md §3 "Promo": a rate of type promo with its legal text and expiry. */
export const PromoSchema = v.object({
  ...OfferingRateSchema.entries,
  featured: v.boolean(),
  /** YYYY-MM-DD, last day the promo may be ordered; null when it does not expire. */
  expiration_date: v.nullable(v.string()),
  /** The legal text shown under the promo. */
  legal: v.string(),
});
export type Promo = v.InferOutput<typeof PromoSchema>;

export const BillingSchema = v.object({
  prices: v.array(OfferingRateSchema),
  fees: v.array(OfferingRateSchema),
  promos: v.array(PromoSchema),
});
export type Billing = v.InferOutput<typeof BillingSchema>;

export const LegalDisclaimerSchema = v.object({ label: v.string(), text: v.string() });
export type LegalDisclaimer = v.InferOutput<typeof LegalDisclaimerSchema>;

export const RateBreakdownLineSchema = v.object({
  label: v.string(),
  rate: v.number(),
  provider: BillingProviderSchema,
});
export type RateBreakdownLine = v.InferOutput<typeof RateBreakdownLineSchema>;

export const SpeedOptionSchema = v.object({
  /** e.g. speed_1000_sym; speed_10000_sym bundles the router. */
  speed_id: v.string(),
  speed_label: v.string(),
  /** CSS colour of the speed card. */
  speed_color: v.string(),
  speed_description: v.string(),
  /** Mbps. */
  download_speed: v.number(),
  upload_speed: v.number(),
  symmetric: v.boolean(),
  /** The provider's service offering id, sent with the order. */
  external_soid: v.string(),
  /** Monthly total before promos, all providers. */
  monthly_gross_connectivity_rate: v.number(),
  monthly_gross_connectivity_rate_breakdown: v.array(RateBreakdownLineSchema),
  /** Monthly total when the router is added. */
  monthly_gross_connectivity_router_rate: v.number(),
  /** Promo text of the featured promo, or null. */
  early_net_connectivity_rate_term: v.nullable(v.string()),
  legal_disclaimers: v.array(LegalDisclaimerSchema),
  /** Choosing this speed makes the router required and bundled (with an opt-out). */
  router_bundled: v.boolean(),
  billing: BillingSchema,
});
export type SpeedOption = v.InferOutput<typeof SpeedOptionSchema>;

export const RouterOptionSchema = v.object({
  speed_id: v.string(),
  /** Offered and in stock: when false the choice is disabled with the call-or-chat message. */
  router_available: v.boolean(),
  router_model: v.string(),
  router_label: v.string(),
  in_stock: v.boolean(),
  quantity_available: v.number(),
  /** With speed_10000_sym the router is required and bundled. */
  bundled: v.boolean(),
  billing: BillingSchema,
});
export type RouterOption = v.InferOutput<typeof RouterOptionSchema>;

export const MeshOptionSchema = v.object({
  mesh_available: v.boolean(),
  mesh_model: v.string(),
  mesh_label: v.string(),
  /** The most extenders one order may take now (0 when out of stock): choices are 0..this. */
  quantity_available: v.number(),
  /** Monthly lease of one extender. */
  monthly_rate_each: v.number(),
  billing: BillingSchema,
});
export type MeshOption = v.InferOutput<typeof MeshOptionSchema>;

export const InstallationOptionSchema = v.object({
  installation_type: v.picklist(INSTALL_TYPES),
  label: v.string(),
  description: v.string(),
  sub_description: v.string(),
  /** Minutes a window of this type lasts. */
  duration: v.number(),
  /** `billing.fees[0].rate` is the installation fee. */
  billing: BillingSchema,
});
export type InstallationOption = v.InferOutput<typeof InstallationOptionSchema>;

export const AddOnOptionSchema = v.object({
  available: v.boolean(),
  service_class_id: v.number(),
  label: v.string(),
  description: v.string(),
  billing: BillingSchema,
});
export type AddOnOption = v.InferOutput<typeof AddOnOptionSchema>;

export const VoiceOptionSchema = v.object({
  /** The voice section shows (a checkbox to be contacted). */
  available: v.boolean(),
  service_class_id: v.number(),
  label: v.string(),
  description: v.string(),
});
export type VoiceOption = v.InferOutput<typeof VoiceOptionSchema>;

export const ServiceOfferingSchema = v.object({
  address_id: v.number(),
  service_class_id: v.number(),
  provider: ProviderRefSchema,
  main_provider: BillingProviderSchema,
  speed_options: v.array(SpeedOptionSchema),
  router_options: v.array(RouterOptionSchema),
  mesh_option: MeshOptionSchema,
  /** basic and advanced for providers that schedule installation (lehi_fiber); else empty. */
  installation_options: v.array(InstallationOptionSchema),
  installation_fee_waived: v.boolean(),
  installation_fee_waived_for_tribal_members: v.boolean(),
  static_ip: AddOnOptionSchema,
  subnet: AddOnOptionSchema,
  voice: VoiceOptionSchema,
});
export type ServiceOffering = v.InferOutput<typeof ServiceOfferingSchema>;

// ---------------------------------------------------------------------------------------------
// GET /connectivity_clots/installation?install_type&provider_id&address_id[&start_date]

export const InstallationSlotsQuerySchema = fieldsObject({
  install_type: v.picklist(INSTALL_TYPES, CONNECTIVITY_MESSAGES.installationType),
  provider_id: ProviderNameSchema,
  address_id: IdSchema,
  /** First day wanted (YYYY-MM-DD); earlier than tomorrow counts as tomorrow. */
  start_date: v.optional(IsoDateSchema),
});
export type InstallationSlotsQuery = v.InferInput<typeof InstallationSlotsQuerySchema>;

export const InstallationTimeSchema = v.object({
  /** YYYY-MM-DD, in the service time zone. */
  date: v.string(),
  /** Start, HH:mm. */
  time: v.string(),
  /** "8:00 AM - 10:00 AM". */
  displayTime: v.string(),
  /** The slot to book: send it back as install_details.external_install_id. */
  resourceId: v.string(),
  /** ISO timestamps with the service time zone's offset. */
  startDateTime: v.string(),
  endDateTime: v.string(),
  /** Minutes. */
  duration: v.number(),
});
export type InstallationTime = v.InferOutput<typeof InstallationTimeSchema>;

/** Slots with room left, from `startDate` (tomorrow at the earliest), ordered by time. */
export const InstallationSlotsResponseSchema = v.object({
  startDate: v.string(),
  availableTimes: v.array(InstallationTimeSchema),
});
export type InstallationSlotsResponse = v.InferOutput<typeof InstallationSlotsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /connectivity_clots/renter

export const RenterRequestSchema = fieldsObject({
  address_id: IdSchema,
  provider_id: ProviderNameSchema,
  name: RenterNameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
});
export type RenterRequest = v.InferInput<typeof RenterRequestSchema>;

export const RenterResponseSchema = v.object({ renter_id: v.number() });
export type RenterResponse = v.InferOutput<typeof RenterResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /connectivity_clots/availability (contact list of an unavailable address; captcha)

export const AvailabilityContactRequestSchema = fieldsObject({
  name: RenterNameSchema,
  /** The address as the visitor knows it (one line). */
  address: v.pipe(
    v.string(FIELD_MESSAGES.address),
    v.trim(),
    v.minLength(1, FIELD_MESSAGES.address),
    v.maxLength(SUGGESTION_SEARCH_MAX_LENGTH, FIELD_MESSAGES.address),
  ),
  email: EmailSchema,
  phone: PhoneSchema,
  recaptcha_token: v.pipe(v.string(), v.minLength(1), v.maxLength(20_000)),
});
export type AvailabilityContactRequest = v.InferInput<typeof AvailabilityContactRequestSchema>;

export const AvailabilityContactResponseSchema = v.object({
  contact_id: v.number(),
  msg: v.string(),
});
export type AvailabilityContactResponse = v.InferOutput<typeof AvailabilityContactResponseSchema>;

/** The provider of an address's form, from constants.ts. */
export type { ProviderName };
