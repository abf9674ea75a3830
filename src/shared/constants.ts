/**
 * The product-wide business constants (signup.md §9, portal.md §9). An area's own are in its
 * folder, `src/shared/<area>/constants.ts` (signup, DNS, billing, servers, session, …).
 * Nothing here is re-typed anywhere else: machines, views, server and tests import it.
 */

// Those the signup's first load reads are defined in first-load-constants.ts (see there) and
// exported from here too: import them from here anywhere but in the first load's modules.
export * from './first-load-constants.ts';
import { SERVICE_CLASS, TIMERS } from './first-load-constants.ts';

/** A password reset link (the recovery email's single-use link) works this many minutes. */
export const RESET_LINK_VALID_MINUTES = 60;

/**
 * For this many hours after a login's email address changed, a password link goes to the
 * address on file before the change, and to the new one only once the change notice to the old
 * address was delivered (docs/people.md "A login's recovery").
 */
export const RECOVERY_EMAIL_CHANGE_HOURS = 24;

/**
 * Rate limits: at most `max` hits per window of `windowSeconds` per key; the next is refused with
 * a 429 (the server's LIMITS table names each and says what it counts).
 */
export const RATE_LIMITS = {
  /** Failed logins for one username, from anywhere. */
  loginPerUsername: { max: 5, windowSeconds: 15 * 60 },
  /** Failed logins from one client address, for any usernames. */
  loginPerAddress: { max: 20, windowSeconds: 15 * 60 },
  /** Wrong passwords when a logged-in user re-authenticates or changes the password. */
  reauthPerUser: { max: 5, windowSeconds: 15 * 60 },
  /**
   * Wrong second-factor codes (authenticator or recovery codes) for one login, at login, at
   * re-authentication and when the factor is confirmed, turned off or its codes made again.
   */
  secondFactorPerUser: { max: 5, windowSeconds: 15 * 60 },
  /** Username and password recovery requests and reset-link uses from one client address. */
  recoveryPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /** Recovery emails for one email address or username. */
  recoveryPerTarget: { max: 3, windowSeconds: 60 * 60 },
  /** Signup orders from one client address, placed or refused alike. */
  ordersPerAddress: { max: 20, windowSeconds: 60 * 60 },
  /**
   * Username look-ups from one client address: one per pause of the username check's debounce,
   * for a whole minute without a break.
   */
  usernameChecksPerAddress: {
    max: Math.ceil(60_000 / TIMERS.usernameCheckDebounceMs),
    windowSeconds: 60,
  },
  /** Browser error reports from one client address. */
  clientErrorsPerAddress: { max: 30, windowSeconds: 10 * 60 },
  /** Of those reports, the ones that reach the log per window. */
  clientErrorLogPerAddress: { max: 5, windowSeconds: 10 * 60 },
  /** Unsubscribe links used from one client address (POST /unsubscribe). */
  unsubscribesPerAddress: { max: 30, windowSeconds: 60 * 60 },
  /**
   * Costly calls of a logged-in user and of the whole customer (docs/api.md "Rate limits"): each
   * renders a PDF, reads or parses a whole zone file, or has the host agent run `nginx -t`.
   * A customer's limit is twice a user's, so that two of its users can work at once.
   */
  pdfsPerUser: { max: 30, windowSeconds: 60 },
  pdfsPerCustomer: { max: 60, windowSeconds: 60 },
  zoneExportsPerUser: { max: 30, windowSeconds: 60 },
  zoneExportsPerCustomer: { max: 60, windowSeconds: 60 },
  zoneImportsPerUser: { max: 20, windowSeconds: 60 },
  zoneImportsPerCustomer: { max: 40, windowSeconds: 60 },
  hostingChangesPerUser: { max: 30, windowSeconds: 60 },
  hostingChangesPerCustomer: { max: 60, windowSeconds: 60 },
} as const satisfies Record<string, { max: number; windowSeconds: number }>;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 48;
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 127;
/** At most this many username suggestions come back. */
export const USERNAME_SUGGESTION_LIMIT = 5;
/** zxcvbn's score (0-4) times this factor must reach {@link PASSWORD_REQUIRED_STRENGTH}. */
export const PASSWORD_SCORE_FACTOR = 25;
export const PASSWORD_REQUIRED_STRENGTH = 100;

export const PASSWORD_GENERATOR = {
  wordCount: 15,
  rows: 5,
  columns: 3,
  minimumChosen: 3,
  extraParts: 4,
  minimumDigits: 2,
  minimumSymbols: 1,
  /** 24 characters. */
  symbols: '!@#$%^&*()-_=+[]{};:,.?/',
} as const;
/** A card's two-digit expiry year means this plus the two digits. */
export const CARD_EXPIRY_CENTURY = 2000;

/** Figures from the general terms and conditions. Amounts are US dollars. */
export const TERMS = {
  bouncedPaymentFee: 20,
  returnedCheckOrCardFee: 20,
  postalInvoiceFee: 1.5,
  cancellationRefundProcessingFee: 10,
  suspendDaysAfterDueDate: 14,
  terminateDaysAfterSuspension: 7,
  spamDamagesPerIncident: 50,
  spamDamagesPerHour: 100,
  /** Bulk mail: more than this many messages in under a minute. */
  bulkMailMessagesPerMinute: 10,
  arbitrationOptOutDays: 30,
  claimsWithinYears: 1,
  liabilityLimitMonths: 6,
  unreturnedEquipmentAmortizationMonths: 12,
  unreturnedEquipmentInterestPercent: 10,
  unreturnedEquipmentGraceDays: 7,
} as const;

export const SERVICE_GROUP_LABELS: Record<number, string> = {
  [SERVICE_CLASS.businessConnectivity]: 'Business Connectivity',
  [SERVICE_CLASS.residentialConnectivity]: 'Residential Connectivity',
  [SERVICE_CLASS.colocation]: 'Colocation',
  [SERVICE_CLASS.domains]: 'Domains',
  [SERVICE_CLASS.email]: 'Email',
  [SERVICE_CLASS.hosting]: 'Hosting',
  [SERVICE_CLASS.miscellaneous]: 'Miscellaneous',
  [SERVICE_CLASS.professionalServices]: 'Professional Services',
  [SERVICE_CLASS.sslCertificates]: 'SSL Certificates',
  [SERVICE_CLASS.voiceServices]: 'Voice Services',
};

/** Services sub-navigation (portal.md §2). */
export const SERVICES_SUB_NAVIGATION = [
  { key: 'connectivity', label: 'Connectivity' },
  { key: 'emails', label: 'Email' },
  { key: 'servers', label: 'Servers' },
  { key: 'hosting', label: 'Hosting' },
  { key: 'domains', label: 'Domains' },
  { key: 'dnspanel', label: 'DNS' },
  { key: 'colocations', label: 'Colocation' },
  { key: 'ssl', label: 'SSL' },
  { key: 'voip', label: 'VoIP' },
] as const;

/** A chain of related cart items deeper than this is treated as circular. */
export const CART_MAX_RELATION_DEPTH = 10;

export const ADDRESS_TYPES = { Business: 1, Home: 2 } as const;
export const REMINDER_TYPES = { 'E-Mail': 1, 'Snail Mail': 2, Fax: 3, 'CC Auto': 4 } as const;

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';
export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
/**
 * Routing numbers accepted although they fail the ABA checksum. signup.md §5 whitelists two
 * without naming them: these are the ACH sandbox's test numbers; put the real ones here.
 */
export const WHITELISTED_ROUTING_NUMBERS = ['123456789', '987654321'] as const;
/** A bank account number: this many digits (NACHA allows up to 17; real ones have 4 or more). */
export const BANK_ACCOUNT_NUMBER_MIN_DIGITS = 4;
export const BANK_ACCOUNT_NUMBER_MAX_DIGITS = 17;
export const PAYMENT_TYPES = ['MANUAL', 'AUTOMATIC'] as const;

/** Request body size limit of the API, in bytes. */
export const API_BODY_LIMIT_BYTES = 1_048_576;
/**
 * The largest browser error report (POST /client_errors) in bytes: room for the report schema's
 * longest fields (src/shared/schemas/client-error.ts), and no more.
 */
export const CLIENT_ERROR_BODY_LIMIT_BYTES = 32 * 1024;
