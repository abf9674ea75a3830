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
