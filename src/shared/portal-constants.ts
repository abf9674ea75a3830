/**
 * Business constants of the portal pages loaded after the first screen (people and notices,
 * virtual servers, services, managed hosting, optional emails). They are the product's rules as
 * much as those of constants.ts and live only here; they are kept out of constants.ts because
 * that module is part of the signup's first load (tests/tools/bundle-budget.ts), and a constant
 * there is downloaded by every visitor whether a page uses it or not.
 */

// People and notices (docs/people.md)
/** Title, position, company and address lines of an authorized contact. */
export const CONTACT_TEXT_MAX_LENGTH = 100;
export const CONTACT_COMMENTS_MAX_LENGTH = 2000;
export const NOTICE_TITLE_MAX_LENGTH = 200;
/** Markdown source of one notice. */
export const NOTICE_CONTENT_MAX_LENGTH = 20_000;
/** Kinds of email a user can turn off; bills and security emails are not among them. */
export const OPTIONAL_EMAIL_KINDS = ['notices', 'reminders'] as const;
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];
/**
 * Managed hosting (portal.md §4, §9; docs/managed-hosting.md): the delete lock of a new database
 * or vhost, and the limits of what a managed server accepts (MySQL's own identifier limits, DNS
 * host names, nginx's reach).
 */
export const MANAGED = {
  /** A new database or vhost is marked as starting and cannot be deleted for this long. */
  deleteLockSeconds: 60,
  /** MySQL: database names up to 64 characters, user names up to 32. */
  databaseNameMaxLength: 64,
  databaseUserMaxLength: 32,
  /** FTP (system) user names: 3 to 32 characters. */
  ftpUserMinLength: 3,
  ftpUserMaxLength: 32,
  /** Aliases of one vhost. */
  aliasesMax: 50,
  certificateNameMaxLength: 64,
  /** PEM text of a certificate, key or chain. */
  pemMaxLength: 65_536,
  redirectUrlMaxLength: 2048,
  phpValueMaxLength: 64,
  /** The smallest RSA key nginx accepts on Debian (OpenSSL security level 2). */
  rsaMinBits: 2048,
  /** How long a host agent busy with other changes asks callers to wait (Retry-After). */
  busyRetryAfterSeconds: 5,
} as const;
/**
 * Virtual servers beyond the editor's bounds (SERVER_EDITOR, portal.md §9). The spec gives the
 * cost per unit but not its currency and period: they are US dollars per month (docs/servers.md).
 */
export const SERVERS = {
  costCurrency: 'USD',
  costPeriod: 'monthly',
  /** The power actions a customer may ask for (portal.md §7: start, stop, force_stop). */
  powerActions: ['start', 'stop', 'force_stop'],
  /** The power status poll after an action: first delay, growth factor, longest delay (ms). */
  pollFirstMs: 1000,
  pollFactor: 1.5,
  pollMaxMs: 5000,
  /** How long the page waits for the hypervisor's state to match before saying it timed out. */
  powerTimeoutMs: 120_000,
  /** Seconds since shutdown count up locally once a second. */
  shutdownTickMs: 1000,
} as const;

/** Services (GET /services): at most this many are answered; more sets `has_more`. */
export const SERVICES_LIST_MAX = 500;

/** A connectivity provisioning task's statuses, in order (the admin action moves it on). */
export const PROVISIONING_TASK_STATUSES = [
  'received',
  'scheduled',
  'installing',
  'complete',
] as const;

/** Provisioning task statuses the services page does not list (portal.md §4). */
export const PROVISIONING_TASK_IGNORED = ['complete', 'error', 'received'] as const;
/** An unsubscribe link in an optional email works this many days after it was sent. */
export const UNSUBSCRIBE_LINK_VALID_DAYS = 60;
/** The Admin "Jobs" page (GET /admin/jobs): per kind, the last failures and dead jobs listed. */
export const ADMIN_JOBS_LISTED = { failures: 5, dead: 50 } as const;
