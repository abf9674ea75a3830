/**
 * The business constants the signup's first load reads (the address step and the wizard, the API
 * client, the router, the theme), defined here rather than in constants.ts, which exports them too.
 * The modules of the first load import them from here and never import constants.ts: a module is
 * downloaded whole with the first chunk that needs any of it, so the rest of constants.ts stays
 * out of every visitor's first load (`npm run budget` fails when constants.ts is in it). A constant
 * moves here when a module of the first load needs it; everything else imports from constants.ts.
 */

/** Timers, in milliseconds unless the name says otherwise. */
export const TIMERS = {
  addressSuggestionDebounceMs: 750,
  passwordSuggestionDebounceMs: 750,
  usernameCheckDebounceMs: 300,
  inputValidationDelayMs: 250,
  /** The suggestion dropdown hides 100-200 ms after the box loses focus. */
  dropdownHideMinMs: 100,
  dropdownHideMaxMs: 200,
  dropdownHideMs: 150,
  signupAutoLoginDelayMs: 4_000,
  submitLockMs: 30_000,
  requestRetryDelayMs: 800,
  newZoneDisabledSeconds: 60,
  /**
   * How long before a tab's session refresh began another tab's refresh still counts: a request
   * sent with the old cookies can come back refused a little after the other tab's refresh.
   */
  crossTabRefreshOverlapMs: 5_000,
} as const;

// Lengths the first screen checks
/** A person's, an account holder's or a company's name. */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const ADDRESS_LINE_MAX_LENGTH = 100;
export const CITY_MAX_LENGTH = 60;
/** At most this many address suggestions come back. */
export const SUGGESTION_LIMIT = 10;
export const CITY_ACCOUNT_ID_MAX_LENGTH = 30;
export const CITY_CUSTOMER_ID_MAX_LENGTH = 10;
export const EARLIEST_DATE_OF_BIRTH_YEAR = 1900;
/** Minimum install or activation date: this many days after today. */
export const MINIMUM_SCHEDULE_DAYS_AHEAD = 1;
/**
 * The booking horizon: installation slots exist and are offered for this many days, from the
 * earliest schedule date (tomorrow) on. No slot is made or booked beyond it.
 */
export const INSTALLATION_DAYS_AHEAD = 21;

// Services, rates and ids
export const SERVICE_CLASS = {
  voiceServices: 1,
  businessConnectivity: 2,
  /** The serviceability class whose addresses carry a city utility account id (Bountiful). */
  bountifulCityAccount: 8,
  connectivityProvisioningTask: 14,
  residentialConnectivity: 17,
  professionalServices: 18,
  colocation: 19,
  hosting: 20,
  email: 21,
  miscellaneous: 22,
  domains: 23,
  sslCertificates: 24,
} as const;
/** Rate terms one to twelve, spelt as words. */
export const RATE_TERMS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
] as const;
export type RateTerm = (typeof RATE_TERMS)[number];
export const RATE_PERIODS = ['monthly', 'yearly'] as const;
export type RatePeriod = (typeof RATE_PERIODS)[number];
export const RATE_TYPES = ['price', 'promo', 'fee'] as const;
export type RateType = (typeof RATE_TYPES)[number];
/** The largest id an id column holds (PostgreSQL `integer`): larger ids are refused as input. */
export const DATABASE_ID_MAX = 2_147_483_647;
export const SERVICE_ACTION_TYPES = ['none', 'new', 'alter'] as const;
export type ServiceActionType = (typeof SERVICE_ACTION_TYPES)[number];
export const PERMISSION_CATEGORIES = [
  'account',
  'admin',
  'contacts',
  'invoices',
  'payments',
  'services',
] as const;
export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];

// The theme, the attribution question and the providers
export const THEMES = ['dark', 'light'] as const;
export type ColorScheme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'theme';
export const ATTRIBUTION_OPTIONS = [
  { id: 'postal_mail', label: 'Postal mail' },
  { id: 'search_engine', label: 'Search engine' },
  { id: 'social_media', label: 'Social media' },
  { id: 'word_of_mouth', label: 'Word of mouth' },
  { id: 'radio', label: 'Radio' },
  { id: 'news_coverage', label: 'News coverage' },
  { id: 'event', label: 'Event' },
  { id: 'other', label: 'Other' },
] as const;
export type AttributionId = (typeof ATTRIBUTION_OPTIONS)[number]['id'];
export const PROVIDERS = {
  utopia: { label: 'UTOPIA Fiber', form: 'utopia residential' },
  yellowstone_fiber: { label: 'Yellowstone Fiber', form: 'utopia residential' },
  bountiful_fiber: { label: 'Bountiful Fiber', form: 'utopia residential' },
  lehi_fiber: { label: 'Lehi Fiber', form: 'strata residential' },
  southern_ute: { label: 'Southern Ute Fiber', form: 'bonfire residential' },
} as const;
export type ProviderName = keyof typeof PROVIDERS;
export const PROVIDER_NAMES = Object.keys(PROVIDERS) as ProviderName[];

// The web app and its API
/** Base paths. */
export const WEB_BASE_PATH = '/control';
export const API_BASE_PATH = '/manage/api/v1.0';
/** The CSRF cookie (readable by scripts) and the header that must echo it. */
export const CSRF_COOKIE_NAME = 'csrf_token';
export const CSRF_HEADER_NAME = 'X-CSRF-Token';
/**
 * The session hint cookie (readable by scripts, holds no secret): set and cleared with the session
 * cookies, so that a page opened without it knows nobody is logged in and asks the server nothing.
 */
export const SESSION_HINT_COOKIE_NAME = 'has_session';
