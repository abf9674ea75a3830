/**
 * Every business constant held to the value the specification gives it, written here from the
 * spec's text (/work/shared/spec/signup.md and portal.md, quoted in each test's name), never from
 * the code: changing the managed delete lock to 45 s or the request retry delay to 900 ms fails
 * here. The constants the spec does not give are the project's own choices: where docs/*.md
 * states one, it is held to that text; the rest are listed with the reason. A constant added to
 * src/shared/constants.ts or an area's src/shared/<area>/constants.ts and
 * found in neither list fails
 * the last test, until it is held to the spec or the docs or listed as a choice.
 */
import { describe, expect, it } from 'vitest';
import * as constants from '../../src/shared/constants.ts';

/** Every area's constants (`src/shared/<area>/constants.ts`), found by their home's name. */
const AREA_CONSTANTS = import.meta.glob<Record<string, unknown>>(
  '../../src/shared/*/constants.ts',
  {
    eager: true,
  },
);

const MODULES: Record<string, Record<string, unknown>> = {
  'src/shared/constants.ts': constants,
  ...Object.fromEntries(
    Object.entries(AREA_CONSTANTS).map(([file, module]) => [file.replace('../../', ''), module]),
  ),
};
const ALL: Record<string, unknown> = Object.assign({}, ...Object.values(MODULES));

/** The value at a dotted path (`TIMERS.requestRetryDelayMs`). */
function valueAt(dotted: string): unknown {
  let value: unknown = ALL;
  for (const key of dotted.split('.'))
    value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

/** The paths held to a text (spec or docs), each covering what lies under it. */
const held: string[] = [];

/** Holds the value at `dotted` (or what `read` makes of it) to `expected`, from the quoted text. */
function pin<T>(dotted: string, expected: unknown, quote: string, read?: (value: T) => unknown) {
  held.push(dotted);
  it(`${dotted}: ${quote}`, () => {
    const value = valueAt(dotted);
    expect(value, `${dotted} does not exist`).toBeDefined();
    expect(read ? read(value as T) : value).toEqual(expected);
  });
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

describe('signup.md §9 "Business constants and limits" and the sections it sums up', () => {
  pin('USERNAME_MIN_LENGTH', 3, '"Username 3-48 chars"');
  pin('USERNAME_MAX_LENGTH', 48, '"Username 3-48 chars"');
  pin('PASSWORD_MIN_LENGTH', 12, '"password 12-127 chars"');
  pin('PASSWORD_MAX_LENGTH', 127, '"password 12-127 chars"');
  pin('PASSWORD_REQUIRED_STRENGTH', 100, '"strength 100"');
  pin('PASSWORD_SCORE_FACTOR', 25, '§5 "strength score (times 25) must reach 100"');
  pin('ZIP_LENGTH', 5, '"zip 5 digits (optional +4)"');
  pin('ZIP_EXTENSION_LENGTH', 4, '"zip 5 digits (optional +4)"');

  pin('PASSWORD_GENERATOR.wordCount', 15, '"generator: 15 words in 5 rows of 3"');
  pin('PASSWORD_GENERATOR.rows', 5, '"generator: 15 words in 5 rows of 3"');
  pin('PASSWORD_GENERATOR.columns', 3, '"generator: 15 words in 5 rows of 3"');
  pin('PASSWORD_GENERATOR.minimumChosen', 3, '"at least 3 chosen"');
  pin('PASSWORD_GENERATOR.minimumDigits', 2, '"at least 2 digits"');
  pin(
    'PASSWORD_GENERATOR.symbols',
    { length: 24, distinct: 24 },
    '"24 symbols"; §5 "drawn from a 24-character symbol set"',
    (symbols: string) => ({ length: symbols.length, distinct: new Set(symbols).size }),
  );
  pin(
    'PASSWORD_GENERATOR.extraParts',
    4,
    '§5 "the result also has 4 random symbol/digit parts with at least 2 digits and a symbol"',
  );
  pin(
    'PASSWORD_GENERATOR.minimumSymbols',
    1,
    '§5 "the result also has 4 random symbol/digit parts with at least 2 digits and a symbol"',
  );

  pin('TIMERS.addressSuggestionDebounceMs', 750, '"Timers: address suggestion debounce 750 ms"');
  pin('TIMERS.passwordSuggestionDebounceMs', 750, '"password suggestion 750 ms"');
  pin('TIMERS.usernameCheckDebounceMs', 300, '"username suggestion 300 ms"');
  pin('TIMERS.inputValidationDelayMs', 250, '"input validation 250 ms"');
  pin('TIMERS.dropdownHideMinMs', 100, '"dropdown hides 100-200 ms after blur"');
  pin('TIMERS.dropdownHideMaxMs', 200, '"dropdown hides 100-200 ms after blur"');
  pin(
    'TIMERS.dropdownHideMs',
    true,
    '"dropdown hides 100-200 ms after blur" (the delay used lies in that range)',
    (ms: number) => ms >= 100 && ms <= 200,
  );
  pin('TIMERS.signupAutoLoginDelayMs', 4_000, '"signup auto-login delay 4 s"');
  pin('TIMERS.submitLockMs', 30_000, '"submit lock 30 s"');

  pin('MINIMUM_SCHEDULE_DAYS_AHEAD', 1, '"Minimum install or activation date: tomorrow."');
  pin('MAP_ZOOM', 20, '"Map zoom 20, roadmap type."');
  pin('MAP_TYPE', 'roadmap', '"Map zoom 20, roadmap type."');
  pin('CARD_EXPIRY_CENTURY', 2000, '"Card expiry year is 2000 plus the two digits."');
  // Their labels: the ids (postal_mail, …) are the project's, the spec gives "each with id and label".
  pin(
    'ATTRIBUTION_OPTIONS',
    [
      'Postal mail',
      'Search engine',
      'Social media',
      'Word of mouth',
      'Radio',
      'News coverage',
      'Event',
      'Other',
    ],
    '"Attribution has 8 options"; §3 "eight options (Postal mail, Search engine, Social media, Word of mouth, Radio, News coverage, Event, Other)"',
    (options: readonly { label: string }[]) => options.map((option) => option.label),
  );

  pin('ROUTER_COVERAGE.devices', 250, '"Router coverage: up to 250 devices and 2,500 sq ft"');
  pin('ROUTER_COVERAGE.squareFeet', 2_500, '"Router coverage: up to 250 devices and 2,500 sq ft"');
  pin(
    'ROUTER_COVERAGE.meshRecommendedAboveSquareFeet',
    2_500,
    '"mesh extenders recommended above 2,500 sq ft"',
  );
  pin('ROUTER_BUNDLED_SPEED_ID', 'speed_10000_sym', '"speed_10000_sym bundles the router"');
  pin(
    'SPEED_IDS',
    { gbps2: 'speed_2000_sym', gbps2_5: 'speed_2500_sym', gbps10: 'speed_10000_sym' },
    '§3 "speed_10000_sym = 10 Gbps symmetric; also speed_2000_sym, speed_2500_sym"',
  );
  pin(
    'SPEED_TIERS',
    ['250Mbps', '1Gbps', '2Gbps', '2.5Gbps', '10Gbps'],
    '"Speed tiers: 250Mbps, 1Gbps, 2Gbps, 2.5Gbps, 10Gbps, symmetric."',
  );
  pin('SPEED_TIERS_SYMMETRIC', true, '"Speed tiers: …, symmetric."');
  pin(
    'INSTALLATION_TYPES.basic.cablingFeet',
    45,
    '"Standard install: cabling up to 45 ft, up to 2 hours"',
  );
  pin(
    'INSTALLATION_TYPES.basic.hours',
    2,
    '"Standard install: cabling up to 45 ft, up to 2 hours"',
  );
  pin('INSTALLATION_TYPES.advanced.cablingFeet', 150, '"advanced: up to 150 ft, up to 4 hours"');
  pin('INSTALLATION_TYPES.advanced.hours', 4, '"advanced: up to 150 ft, up to 4 hours"');

  pin('TERMS.bouncedPaymentFee', 20, '"bounced payment or incorrect bank information fee $20"');
  pin('TERMS.returnedCheckOrCardFee', 20, '"returned check or card fee $20"');
  pin('TERMS.postalInvoiceFee', 1.5, '"postal invoice $1.50"');
  pin('TERMS.cancellationRefundProcessingFee', 10, '"cancellation refund processing fee $10"');
  pin(
    'TERMS.suspendDaysAfterDueDate',
    14,
    '"non-contracted accounts suspended 14 days after the due date and terminated 7 days later"',
  );
  pin(
    'TERMS.terminateDaysAfterSuspension',
    7,
    '"non-contracted accounts suspended 14 days after the due date and terminated 7 days later"',
  );
  pin('TERMS.spamDamagesPerIncident', 50, '"spam liquidated damages $50 per incident"');
  pin('TERMS.spamDamagesPerHour', 100, '"and $100 per hour"');
  pin(
    'TERMS.bulkMailMessagesPerMinute',
    10,
    '"bulk mail is more than ten messages in under a minute"',
  );
  pin('TERMS.arbitrationOptOutDays', 30, '"arbitration opt-out within 30 days"');
  pin('TERMS.claimsWithinYears', 1, '"claims within one year"');
  pin(
    'TERMS.liabilityLimitMonths',
    6,
    '"liability limited to the previous six months of payments"',
  );
  pin(
    'TERMS.unreturnedEquipmentAmortizationMonths',
    12,
    '"unreturned equipment lease fee amortized over 12 months at 10% interest after one week"',
  );
  pin('TERMS.unreturnedEquipmentInterestPercent', 10, '"amortized over 12 months at 10% interest"');
  pin('TERMS.unreturnedEquipmentGraceDays', 7, '"at 10% interest after one week"');

  pin(
    'SERVICE_CLASS',
    {
      voiceServices: 1,
      businessConnectivity: 2,
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
    },
    '"Service class ids: Business Connectivity 2, Residential Connectivity 17, Colocation 19, Domains 23, Email 21, Hosting 20, Miscellaneous 22, Professional Services 18, SSL Certificates 24, Voice Services 1; connectivity provisioning tasks use 14"; §5 "city account id: 1 to 30 digits (only for service class 8)"',
  );
});

describe('signup.md, the other sections', () => {
  pin(
    'PROVIDER_NAMES',
    ['utopia', 'yellowstone_fiber', 'bountiful_fiber', 'lehi_fiber', 'southern_ute'],
    '§1 "Provider names that occur as values: utopia, yellowstone_fiber, bountiful_fiber, lehi_fiber, southern_ute."',
  );
  for (const name of ['utopia', 'yellowstone_fiber', 'bountiful_fiber'])
    pin(
      `PROVIDERS.${name}.form`,
      'utopia residential',
      '§2 "utopia, yellowstone_fiber, bountiful_fiber: a "utopia residential" form"',
    );
  pin(
    'PROVIDERS.lehi_fiber.form',
    'strata residential',
    '§2 "lehi_fiber: a "strata residential" installation form"',
  );
  pin(
    'PROVIDERS.southern_ute.form',
    'bonfire residential',
    '§2 "southern_ute: a "bonfire residential" form"',
  );
  pin(
    'MESH_TYPES',
    ['mesh_none', 'mesh_lease', 'mesh_purchase'],
    '§3 "mesh_type is mesh_none, mesh_lease or mesh_purchase"',
  );
  pin('SERVICE_ACTION_TYPES', ['none', 'new', 'alter'], '§3 "service_action_type none/new/alter"');
  pin('BANK_ACCOUNT_TYPES', ['CHECKING', 'SAVINGS'], '§3 "account_type CHECKING or SAVINGS"');
  pin(
    'WHITELISTED_ROUTING_NUMBERS',
    { count: 2, nineDigits: true },
    '§5 "routing number valid, 9 digits (…; two extra routing numbers are whitelisted)" (the spec does not name them)',
    (numbers: readonly string[]) => ({
      count: numbers.length,
      nineDigits: numbers.every((n) => /^\d{9}$/.test(n)),
    }),
  );
  pin(
    'DISPLAY_ADDRESS_MAX_LENGTH',
    20,
    '§5 "A displayed address is cut to 20 characters plus "...""',
  );
  pin(
    'EARLIEST_DATE_OF_BIRTH_YEAR',
    1900,
    '§5 "date of birth: valid month and day, four-digit year, not before 1900"',
  );
  pin(
    'CITY_ACCOUNT_ID_MAX_LENGTH',
    30,
    'portal.md §9 "City account ID max 30"; signup.md §5 "city account id: 1 to 30 digits"',
  );
  pin(
    'CITY_CUSTOMER_ID_MAX_LENGTH',
    10,
    'portal.md §9 "city customer ID max 10"; signup.md §5 "max 10 characters"',
  );
  pin('API_BASE_PATH', '/manage/api/v1.0', '§7 "Signup calls go under /manage/api/v1.0"');
});

describe('portal.md §9 "Business constants and limits" and the sections it sums up', () => {
  pin('DNS_PAGE_SIZE', 10, '"Page size 10 for DNS zones and records"');
  pin('DEFAULT_ZONE_TTL', 3600, '"default zone ttl 3600"');
  pin('TIMERS.newZoneDisabledSeconds', 60, '"new-zone disabled countdown 60 s"');
  pin(
    'DNS.countdownStepMs',
    1000,
    '§4 "flagged disabled for 60 seconds counting down by 1" (one second a step)',
  );
  pin('MANAGED.deleteLockSeconds', 60, '"new database and vhost delete lock 60 s"');
  pin(
    'TIMERS.requestRetryDelayMs',
    800,
    '"Request retry delay 800 ms"; §7 "retried once after 800 ms"',
  );
  pin(
    'SERVER_EDITOR',
    {
      cpus: { min: 1, max: 8, costEach: 8 },
      memoryGb: { min: 1, max: 16, costEach: 15 },
      storageGb: { min: 8, max: 1024, costEach: 0.5 },
      mbPerGb: 1024,
      placeholder: { cpus: 1, mem: 1024, disk: 10 },
    },
    '"Server limits: CPU 1-8 (8 each), memory 1-16 GB (15 each), storage 8-1024 GB (0.5 each); memory stored in MB"; §7 "mem is GB times 1024"; §3 "Placeholder server when none: 1 cpu, 1024 memory, 10 disk"',
  );
  pin(
    'RATE_TERMS',
    [
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
    ],
    '"Rate terms 1-12 spelt as words"',
  );
  pin('RATE_PERIODS', ['monthly', 'yearly'], '"periods monthly and yearly"');
  pin('RATE_TYPES', ['price', 'promo', 'fee'], '§3 "rate_type (price, promo or fee)"');
  pin('CART_MAX_RELATION_DEPTH', 10, '§4 "A chain deeper than 10 is treated as circular"');
  pin('LOG_LEVELS', ['debug', 'info', 'warn', 'error'], '"Log levels debug, info, warn, error"');
  pin('DEFAULT_LOG_LEVEL', 'info', '"production default info"');
  pin('THEMES', ['dark', 'light'], '"Theme stored as dark or light"');
  pin(
    'ROUTER_FIRST_MONTH_DISCOUNT_TEXT',
    '$12-15',
    '"Router first-month discount described as worth $12-15"',
  );
  pin(
    'PERMISSION_CATEGORIES',
    ['account', 'admin', 'contacts', 'invoices', 'payments', 'services'],
    '§3 "Permission categories: account, admin, contacts, invoices, payments, services"',
  );
  pin('ADDRESS_TYPES', { Business: 1, Home: 2 }, '§3 "Address types: Business=1, Home=2"');
  pin(
    'REMINDER_TYPES',
    { 'E-Mail': 1, 'Snail Mail': 2, Fax: 3, 'CC Auto': 4 },
    '§3 "Reminder types: E-Mail=1, Snail Mail=2, Fax=3, CC Auto=4"',
  );
  pin('PAYMENT_TYPES', ['MANUAL', 'AUTOMATIC'], '§3 "payment_type (MANUAL or AUTOMATIC)"');
  pin(
    'SERVICE_GROUP_LABELS',
    {
      2: 'Business Connectivity',
      17: 'Residential Connectivity',
      19: 'Colocation',
      23: 'Domains',
      21: 'Email',
      20: 'Hosting',
      22: 'Miscellaneous',
      18: 'Professional Services',
      24: 'SSL Certificates',
      1: 'Voice Services',
    },
    '§3 "Service groups by class id: Business Connectivity 2, Residential Connectivity 17, Colocation 19, Domains 23, Email 21, Hosting 20, Miscellaneous 22, Professional Services 18, SSL Certificates 24, Voice Services 1"',
  );
  pin(
    'SERVICES_SUB_NAVIGATION',
    [
      ['connectivity', 'Connectivity'],
      ['emails', 'Email'],
      ['servers', 'Servers'],
      ['hosting', 'Hosting'],
      ['domains', 'Domains'],
      ['dnspanel', 'DNS'],
      ['colocations', 'Colocation'],
      ['ssl', 'SSL'],
      ['voip', 'VoIP'],
    ],
    '§2 "Services sub-navigation: connectivity=Connectivity, emails=Email, servers=Servers, hosting=Hosting, domains=Domains, dnspanel=DNS, colocations=Colocation, ssl=SSL, voip=VoIP"',
    (items: readonly { key: string; label: string }[]) => items.map((i) => [i.key, i.label]),
  );
  pin('WEB_BASE_PATH', '/control', '§1 "The portal is served under the base path /control/"');
  pin(
    'SERVERS.powerActions',
    ['start', 'stop', 'force_stop'],
    '§4 "power actions are start, stop, force_stop"',
  );
  pin(
    'PROVISIONING_TASK_IGNORED',
    ['complete', 'error', 'received'],
    '§4 "Provisioning tasks: status complete, error or received are ignored"',
  );
});

describe('the project’s own choices, held to docs/*.md where it states them', () => {
  pin(
    'TIMERS.crossTabRefreshOverlapMs',
    5_000,
    'docs/api.md "a tab that follows another tab\'s refresh by less than 5 s asks GET /user/profile"',
  );
  pin(
    'RESET_LINK_VALID_MINUTES',
    60,
    'docs/api.md "A password reset link works RESET_LINK_VALID_MINUTES (60) minutes"',
  );
  pin('SUGGESTION_LIMIT', 10, 'docs/api.md address suggestions: "a JSON array of at most 10"');
  pin('USERNAME_SUGGESTION_LIMIT', 5, 'docs/api.md "USERNAME_SUGGESTION_LIMIT (5) usernames"');
  pin(
    'INSTALLATION_DAYS_AHEAD',
    21,
    'docs/api.md "INSTALLATION_DAYS_AHEAD (21) days from tomorrow"',
  );
  pin(
    'UNSUBSCRIBE_LINK_VALID_DAYS',
    60,
    'docs/api.md "the expiry is UNSUBSCRIBE_LINK_VALID_DAYS (60) after the email"',
  );

  // docs/api.md "Rate limits": the table's "Allowed" column.
  const limits: [string, number, number, string][] = [
    ['loginPerUsername', 5, 15 * MINUTE, '"Failed logins per username … 5 per 15 minutes"'],
    ['loginPerAddress', 20, 15 * MINUTE, '"Failed logins per client address … 20 per 15 minutes"'],
    ['reauthPerUser', 5, 15 * MINUTE, '"Re-authentication per user … 5 per 15 minutes"'],
    ['secondFactorPerUser', 5, 15 * MINUTE, '"Second-factor codes per login … 5 per 15 minutes"'],
    ['recoveryPerAddress', 10, HOUR, '"Recovery per client address … 10 per hour"'],
    ['recoveryPerTarget', 3, HOUR, '"Recovery per email address or username … 3 per hour"'],
    ['ordersPerAddress', 20, HOUR, '"Signup orders per client address … 20 per hour"'],
    [
      'usernameChecksPerAddress',
      200,
      MINUTE,
      '"Username look-ups per client address … 200 per minute"',
    ],
    [
      'clientErrorsPerAddress',
      30,
      10 * MINUTE,
      '"Error reports per client address … 30 per 10 minutes"',
    ],
    ['clientErrorLogPerAddress', 5, 10 * MINUTE, '"the first 5 of each window reach the log"'],
    ['unsubscribesPerAddress', 30, HOUR, '"(unsubscribesPerAddress, 30 an hour)"'],
  ];
  for (const [name, max, windowSeconds, quote] of limits)
    pin(`RATE_LIMITS.${name}`, { max, windowSeconds }, `docs/api.md "Rate limits" ${quote}`);

  // RFC 6238 §4 and §5.2, and docs/session.md "Second factor".
  pin('SECOND_FACTOR.totpPeriodSeconds', 30, 'RFC 6238 "X = 30 seconds" (the default time step)');
  pin('SECOND_FACTOR.totpDigits', 6, 'docs/session.md "6-digit codes"');
  pin('SECOND_FACTOR.totpAlgorithm', 'sha1', 'docs/session.md "HMAC-SHA-1"');
  pin(
    'SECOND_FACTOR.totpDriftSteps',
    1,
    'docs/session.md "one time step either side is accepted (clock drift)"',
  );
  pin(
    'SECOND_FACTOR.totpSecretBytes',
    20,
    'RFC 4226 §4 "R6 … recommend a shared secret length of 160 bits"',
  );
  pin('SECOND_FACTOR.recoveryCodeCount', 10, 'docs/session.md "ten single-use recovery codes"');
  pin(
    'SECOND_FACTOR.recoveryCodeLength',
    10,
    'docs/session.md "ten characters each (50 random bits)"',
  );
  pin(
    'PASSKEYS.challengeSeconds',
    300,
    'docs/session.md "a challenge … answered within 5 minutes"',
  );
  pin('PASSKEYS.maxPerLogin', 10, 'docs/session.md "up to 10 passkeys per login"');
  pin('PASSKEYS.nameMaxLength', 60, 'docs/session.md "a name of up to 60 characters"');

  pin('BILLING.dueDays', 21, 'docs/billing.md "due date (issue + 21 days)"');
  pin(
    'BILLING.autopayRetryDays',
    [0, 3, 7],
    'docs/billing.md "charged … on the due date, and if declined … again 3 and 7 days after the due date"',
  );
  pin('BILLING.achSettleDays', 3, 'docs/billing.md "settles pending bank payments 3 days after"');
  pin(
    'BILLING.cardExpiringNoticeDays',
    30,
    'docs/billing.md "emails "card expiring" once for a saved card whose expiry month ends within 30 days"',
  );
  pin(
    'BILLING.defaultTaxRatePercent',
    6.1,
    'docs/billing.md "BILLING_TAX_RATE percent (default 6.1)"',
  );
  pin(
    'BILLING.sandboxReturnedAccountSuffix',
    '9999',
    'docs/billing.md "returned when the account number ends in 9999"',
  );
  pin('BILLING.paymentMaxCents', 1_000_000, 'docs/api.md "can be at most $10,000.00"');

  pin('MANAGED.databaseNameMaxLength', 64, 'docs/managed-hosting.md "database names up to 64"');
  pin('MANAGED.databaseUserMaxLength', 32, 'docs/managed-hosting.md "user names up to 32"');
  pin('MANAGED.ftpUserMinLength', 3, 'docs/managed-hosting.md "FTP users: 3-32"');
  pin('MANAGED.ftpUserMaxLength', 32, 'docs/managed-hosting.md "FTP users: 3-32"');
  pin('MANAGED.rsaMinBits', 2048, 'docs/managed-hosting.md "RSA of 2048 bits or more"');

  pin('SERVERS.costCurrency', 'USD', 'docs/servers.md "A server costs US dollars per month"');
  pin('SERVERS.costPeriod', 'monthly', 'docs/servers.md "A server costs US dollars per month"');
  pin('SERVERS.pollFirstMs', 1000, 'docs/servers.md "1 s, 1.5 s, 2.25 s, 3.4 s, then every 5 s"');
  pin('SERVERS.pollFactor', 1.5, 'docs/servers.md "1 s, 1.5 s, 2.25 s, 3.4 s, then every 5 s"');
  pin('SERVERS.pollMaxMs', 5000, 'docs/servers.md "1 s, 1.5 s, 2.25 s, 3.4 s, then every 5 s"');
  pin(
    'SERVERS.powerTimeoutMs',
    120_000,
    'docs/servers.md "the give-up timer (SERVERS.powerTimeoutMs, 120 s)"',
  );
  pin('SERVERS.shutdownTickMs', 1000, 'docs/servers.md "the seconds count up once a second"');

  pin('DNS.labelMaxLength', 63, 'docs/dns.md "labels 1–63 characters"');
  pin('DNS.nameMaxLength', 253, 'docs/dns.md "at most 253 characters"');
  pin('DNS.txtMaxBytes', 4096, 'docs/dns.md "TXT: 1 to 4096 octets"');
  pin('DNS.txtStringMaxBytes', 255, 'docs/dns.md "served as 255-octet character strings"');
  pin('DNS.uint16Max', 65_535, 'docs/dns.md "SRV: priority, weight and port 0–65535"');
  pin('DNS.caaFlagsMax', 255, 'docs/dns.md "CAA: flags 0–255"');
  pin('DNS.caaValueMaxLength', 1024, 'docs/dns.md "value 1–1024 characters"');
  pin('DNS.ttlMin', 60, 'docs/dns.md "TTL: an integer of seconds from 60 to 604,800"');
  pin('DNS.ttlMax', 604_800, 'docs/dns.md "TTL: an integer of seconds from 60 to 604,800"');
  pin(
    'DNS.soa',
    { refresh: 10_800, retry: 3600, expire: 604_800, minimum: 3600 },
    'docs/dns.md "SOA: … serial 10800 3600 604800 3600"',
  );
});

describe('issue 33 "Activity log"', () => {
  pin('ACTIVITY.pageSize', 25, '"paged 25 at a time"');
  pin('ACTIVITY.retentionDays', 400, '"Kept for a configurable period (default 400 days)"');
});

/**
 * Constants the spec does not give and docs/*.md does not state as a figure, each with the
 * reason it is the project's own. A path covers what lies under it: the project's own tables
 * (rate limits, billing, managed hosting, servers, DNS bounds) are listed whole, their documented
 * entries held above.
 */
const PROJECT_CHOICES: Record<string, string> = {
  RATE_LIMITS: 'the project’s own limits (docs/api.md "Rate limits"); the spec names none',
  BILLING: 'the billing run’s own figures (docs/billing.md); the spec gives only the terms’ fees',
  MANAGED:
    'what a managed server accepts: MySQL’s, DNS’ and nginx’s own limits (docs/managed-hosting.md)',
  SERVERS: 'the power poll and the cost’s currency and period (docs/servers.md)',
  DNS: 'what a name server demands of names, records and zone files (docs/dns.md "Rules")',
  NAME_MAX_LENGTH: 'a bound on input: the spec gives names a pattern, not a length',
  EMAIL_MAX_LENGTH: 'a bound on input (the longest address SMTP carries)',
  ADDRESS_LINE_MAX_LENGTH: 'a bound on input',
  CITY_MAX_LENGTH: 'a bound on input',
  NOTES_MAX_LENGTH: 'a bound on input',
  ATTRIBUTION_MAX_LENGTH: 'a bound on input',
  BANK_ACCOUNT_NUMBER_MIN_DIGITS: 'the spec says "account number valid", not its length (NACHA)',
  BANK_ACCOUNT_NUMBER_MAX_DIGITS: 'the spec says "account number valid", not its length (NACHA)',
  DATABASE_ID_MAX: 'technical: the largest integer id column',
  API_BODY_LIMIT_BYTES: 'technical: a request body bound',
  CLIENT_ERROR_BODY_LIMIT_BYTES: 'technical: a request body bound',
  CSRF_COOKIE_NAME: 'the spec says "A CSRF header is sent taken from a cookie", not their names',
  CSRF_HEADER_NAME: 'the spec says "A CSRF header is sent taken from a cookie", not their names',
  SESSION_HINT_COOKIE_NAME: 'technical: a cookie the spec does not have',
  THEME_STORAGE_KEY: 'the spec says the theme "is stored locally", not under which key',
  'PROVIDERS.utopia.label': 'a provider’s display name: the spec names providers by value only',
  'PROVIDERS.yellowstone_fiber.label': 'a provider’s display name',
  'PROVIDERS.bountiful_fiber.label': 'a provider’s display name',
  'PROVIDERS.lehi_fiber.label': 'a provider’s display name',
  'PROVIDERS.southern_ute.label': 'a provider’s display name',
  'INSTALLATION_TYPES.basic.label': 'the option’s wording ("Standard install" in the spec’s list)',
  'INSTALLATION_TYPES.advanced.label': 'the option’s wording',
  RECOVERY_EMAIL_CHANGE_HOURS: 'the project’s account-takeover guard (docs/people.md)',
  CONTACT_TEXT_MAX_LENGTH: 'a bound on input (docs/people.md)',
  CONTACT_COMMENTS_MAX_LENGTH: 'a bound on input (docs/people.md)',
  NOTICE_TITLE_MAX_LENGTH: 'a bound on input (docs/people.md)',
  NOTICE_CONTENT_MAX_LENGTH: 'a bound on input (docs/people.md)',
  OPTIONAL_EMAIL_KINDS: 'the project’s optional emails (docs/people.md); the spec has none',
  SERVICES_LIST_MAX: 'a bound on the answer of GET /services (its has_more is the spec’s)',
  PROVISIONING_TASK_STATUSES: 'the stand-in provisioning’s own task lifecycle',
  'ACTIVITY.pageSizeMax': 'a bound on the answer of GET /activity (docs/activity.md)',
  'ACTIVITY.csvMax': 'a bound on one CSV export of the activity log (docs/activity.md)',
  'ACTIVITY.loginMaxLength': 'a bound on input (the login filter of GET /activity)',
  ADMIN_JOBS_LISTED: 'bounds on the answer of GET /admin/jobs (docs/operations.md "Jobs page")',
};

/** Every value's path: objects are followed, anything else (arrays included) is one value. */
function leaves(value: unknown, prefix: string): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, `${prefix}.${key}`));
}

describe('every business constant', () => {
  it('has one name across the three homes', () => {
    const names = Object.values(MODULES).flatMap((module) => Object.keys(module));
    expect(names.length).toBe(new Set(names).size);
  });

  it('is held to the spec or the docs, or listed as the project’s own choice', () => {
    const covered = [...held, ...Object.keys(PROJECT_CHOICES)];
    const isCovered = (leaf: string) =>
      covered.some((path) => leaf === path || leaf.startsWith(`${path}.`));
    const unclassified = Object.entries(ALL)
      .flatMap(([name, value]) => leaves(value, name))
      .filter((leaf) => !isCovered(leaf));
    expect(
      unclassified,
      'hold each to the spec (or docs/*.md) in tests/unit/spec-constants.test.ts, or list it in PROJECT_CHOICES with the reason',
    ).toEqual([]);
  });
});
