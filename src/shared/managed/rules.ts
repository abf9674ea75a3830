/**
 * Managed hosting (portal.md §3 "SSL cert", "Database", "Vhost", "FTP user", "Domain redirect",
 * "PHP setting"; docs/managed-hosting.md): the field rules shared by the page and the server, the
 * request schemas of /managed_vm/{iid}, and the records its GETs answer. Every rule here is
 * stricter than nginx, so that what passes never breaks the web server of the whole machine.
 */
import * as v from 'valibot';
import { DATABASE_ID_MAX, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { DNS } from '../dns/constants.ts';
import { isHostName, normaliseHostName } from '../host-names.ts';
import { MANAGED } from './constants.ts';
import { MANAGED_MESSAGES as M } from './messages.ts';

// ---------------------------------------------------------------------------------------------
// Host names and aliases

/** Aliases as the spec keeps them (portal.md §3 "aliases (list, blanks removed)"). */
export function normaliseAliases(aliases: readonly string[]): string[] {
  return aliases.map(normaliseHostName).filter((alias) => alias !== '');
}

/** Aliases typed as one text: separated by blanks or commas (portal.md §3 "blanks removed"). */
export function splitAliases(text: string): string[] {
  return normaliseAliases(text.split(/[\s,]+/));
}

/** Field errors of a vhost's domain and aliases on their own (`aliases.N` for one alias). */
export function hostNameErrors(domain: string | undefined, aliases: readonly string[]) {
  const errors: Record<string, string> = {};
  if (domain !== undefined && !isHostName(domain)) errors.domain = M.hostName;
  if (aliases.length > MANAGED.aliasesMax) errors.aliases = M.aliasesTooMany;
  const seen = new Set<string>();
  aliases.forEach((alias, index) => {
    const key = `aliases.${index}`;
    if (!isHostName(alias)) errors[key] = M.hostName;
    else if (alias === domain) errors[key] = M.aliasIsDomain;
    else if (seen.has(alias)) errors[key] = M.aliasRepeated;
    seen.add(alias);
  });
  return errors;
}

/**
 * Field errors of a vhost's SSL choice on their own: ssl_only needs ssl_enabled, and ssl_enabled
 * needs a certificate (whether that certificate exists and covers the names is the server's).
 */
export function sslChoiceErrors(choice: {
  sslEnabled: boolean;
  sslId: number | null;
  sslOnly: boolean;
}): Record<string, string> {
  if (choice.sslOnly && !choice.sslEnabled) return { ssl_only: M.sslOnlyNeedsSsl };
  if (choice.sslEnabled && choice.sslId === null) return { ssl_id: M.sslNeedsCertificate };
  return {};
}

// ---------------------------------------------------------------------------------------------
// Certificates as text (parsing them, keys and chains is the server's: certificates.ts)

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const KEY_BLOCK =
  /^\s*-----BEGIN (RSA |EC )?PRIVATE KEY-----[\s\S]+-----END \1?PRIVATE KEY-----\s*$/;
const ENCRYPTED_KEY = /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/;

/** The PEM certificate blocks of a text. */
export function pemCertificateBlocks(text: string): string[] {
  return text.match(CERT_BLOCK) ?? [];
}

/** Only PEM certificate blocks and blank space, at least one. */
export function onlyPemCertificates(text: string): boolean {
  return text.replace(CERT_BLOCK, '').trim() === '' && pemCertificateBlocks(text).length > 0;
}

/** A certificate: exactly one PEM certificate block and nothing else. */
export function certificatePemError(text: string): string | undefined {
  return onlyPemCertificates(text) && pemCertificateBlocks(text).length === 1
    ? undefined
    : M.certificatePem;
}

/** A private key: one unencrypted PEM key block (a passphrase is refused with how to remove it). */
export function privateKeyPemError(text: string): string | undefined {
  if (ENCRYPTED_KEY.test(text)) return M.keyEncrypted;
  return KEY_BLOCK.test(text) ? undefined : M.keyPem;
}

/** A CA chain: empty, or PEM certificate blocks only. */
export function chainPemError(text: string | null | undefined): string | undefined {
  if (!text?.trim()) return undefined;
  return onlyPemCertificates(text) ? undefined : M.chainPem;
}

// ---------------------------------------------------------------------------------------------
// MySQL, FTP

const MYSQL_IDENTIFIER = /^[A-Za-z0-9_]+$/;
/** MySQL's own schemas and accounts. */
export const RESERVED_DATABASE_NAMES = ['mysql', 'information_schema', 'performance_schema', 'sys'];
export const RESERVED_DATABASE_USERS = ['root', 'mysql', 'debian-sys-maint', 'mariadb.sys'];

export function databaseNameError(name: string): string | undefined {
  if (name.length > MANAGED.databaseNameMaxLength || !MYSQL_IDENTIFIER.test(name)) {
    return M.databaseName;
  }
  if (RESERVED_DATABASE_NAMES.includes(name.toLowerCase())) return M.databaseNameReserved;
  return undefined;
}

export function databaseUserError(name: string): string | undefined {
  if (name.length > MANAGED.databaseUserMaxLength || !MYSQL_IDENTIFIER.test(name)) {
    return M.databaseUser;
  }
  if (RESERVED_DATABASE_USERS.includes(name.toLowerCase())) return M.databaseUserReserved;
  return undefined;
}

export function ftpUserError(name: string): string | undefined {
  const ok =
    name.length >= MANAGED.ftpUserMinLength &&
    name.length <= MANAGED.ftpUserMaxLength &&
    /^[a-z][a-z0-9_-]*$/.test(name);
  return ok ? undefined : M.ftpUser;
}

// ---------------------------------------------------------------------------------------------
// Redirects

/**
 * An absolute http(s) address nginx can `return 301` as it is: it parses, its host is a host name
 * by {@link isHostName} (or an IPv4 address), and it holds no blank, quote, backslash, `$`
 * (an nginx variable), `;`, braces or control character.
 */
export function redirectTargetError(target: string): string | undefined {
  if (target.length > MANAGED.redirectUrlMaxLength) return M.redirectTarget;
  // eslint-disable-next-line no-control-regex
  if (/[\s"'\\${};<>`\u0000-\u001f\u007f]/.test(target)) return M.redirectTarget;
  if (!/^https?:\/\//i.test(target)) return M.redirectTarget;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return M.redirectTarget;
  }
  if (url.username || url.password) return M.redirectTarget;
  const host = url.hostname;
  const ipv4 = /^(\d{1,3})(\.\d{1,3}){3}$/.test(host);
  if (!ipv4 && !isHostName(host)) return M.redirectTarget;
  return undefined;
}

/** The host a redirect target leads to (lowercase), or undefined when it is not an address. */
export function redirectTargetHost(target: string): string | undefined {
  try {
    return new URL(target).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Whether adding `from → to` closes a loop among redirects (each `from` a host, each target an
 * address whose host may itself be redirected): following hosts from `to` comes back to `from`.
 */
export function redirectLoops(
  existing: readonly { redirect_from: string; redirect_to: string }[],
  from: string,
  to: string,
): boolean {
  const next = new Map(existing.map((r) => [r.redirect_from, redirectTargetHost(r.redirect_to)]));
  next.set(from, redirectTargetHost(to));
  const seen = new Set<string>();
  let host: string | undefined = from;
  while (host !== undefined && next.has(host)) {
    if (seen.has(host)) return true;
    seen.add(host);
    host = next.get(host);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// PHP settings: an allow-list of php.ini directives, each with a type

type PhpType =
  | { kind: 'size'; unlimited?: boolean }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'flag' }
  | { kind: 'timezone' };

/** The php.ini directives a customer may set per server, and what each takes. */
export const PHP_SETTINGS: Readonly<Record<string, PhpType>> = {
  memory_limit: { kind: 'size', unlimited: true },
  upload_max_filesize: { kind: 'size' },
  post_max_size: { kind: 'size' },
  max_execution_time: { kind: 'integer', min: 0, max: 86_400 },
  max_input_time: { kind: 'integer', min: -1, max: 86_400 },
  max_input_vars: { kind: 'integer', min: 1, max: 1_000_000 },
  max_file_uploads: { kind: 'integer', min: 1, max: 1000 },
  'session.gc_maxlifetime': { kind: 'integer', min: 1, max: 31_536_000 },
  display_errors: { kind: 'flag' },
  log_errors: { kind: 'flag' },
  short_open_tag: { kind: 'flag' },
  file_uploads: { kind: 'flag' },
  'date.timezone': { kind: 'timezone' },
};

export const PHP_SETTING_KEYS = Object.keys(PHP_SETTINGS);

const PHP_HINTS: Record<PhpType['kind'], string> = {
  size: 'a size such as 64M, 512K or 1G',
  integer: 'a whole number',
  flag: 'On or Off',
  timezone: 'a time zone such as America/Denver',
};

/** What a setting's value must be, in words ("Enter On or Off"), or undefined for no setting. */
export function phpValueHint(key: string): string | undefined {
  const type = Object.hasOwn(PHP_SETTINGS, key) ? PHP_SETTINGS[key] : undefined;
  return type ? M.phpValue(PHP_HINTS[type.kind]) : undefined;
}

function timeZones(): readonly string[] {
  return [...Intl.supportedValuesOf('timeZone'), 'UTC'];
}

/** Field errors of a PHP setting: `key` outside the allow-list, `value` not of its type. */
export function phpSettingErrors(key: string, value: string): Record<string, string> {
  const type = PHP_SETTINGS[key];
  if (!type || !Object.hasOwn(PHP_SETTINGS, key)) return { key: M.phpKey };
  const bad = { value: M.phpValue(PHP_HINTS[type.kind]) };
  if (value.length === 0 || value.length > MANAGED.phpValueMaxLength) return bad;
  switch (type.kind) {
    case 'size':
      if (type.unlimited && value === '-1') return {};
      return /^[1-9]\d{0,5}[KMG]?$/.test(value) ? {} : bad;
    case 'integer': {
      if (!/^-?\d{1,9}$/.test(value)) return bad;
      const n = Number(value);
      return n >= type.min && n <= type.max ? {} : bad;
    }
    case 'flag':
      return value === 'On' || value === 'Off' ? {} : bad;
    case 'timezone':
      return timeZones().includes(value) ? {} : bad;
  }
}

// ---------------------------------------------------------------------------------------------
// Request schemas (docs/api.md "Managed hosting")

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(DATABASE_ID_MAX));
const password = text(PASSWORD_MAX_LENGTH * 4);
const hostText = text(DNS.nameMaxLength * 2);

/** A path id (`{iid}`, `{vhostId}`, …): digits only, within an integer column. */
export function parseManagedId(value: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= DATABASE_ID_MAX ? n : undefined;
}

export const SslCertCreateSchema = v.object({
  name: text(MANAGED.certificateNameMaxLength * 2),
  cert: text(MANAGED.pemMaxLength),
  key: text(MANAGED.pemMaxLength),
  ca: v.optional(v.nullable(text(MANAGED.pemMaxLength))),
});
export const DatabaseCreateSchema = v.object({
  database_name: text(MANAGED.databaseNameMaxLength * 2),
  username: text(MANAGED.databaseUserMaxLength * 2),
  password,
});
export const PasswordChangeSchema = v.object({ password });
export const VhostCreateSchema = v.object({
  domain: hostText,
  aliases: v.optional(v.array(hostText), []),
  ssl_enabled: v.optional(v.boolean(), false),
  ssl_id: v.optional(v.nullable(id)),
  ssl_only: v.optional(v.boolean(), false),
});
export const VhostUpdateSchema = v.object({
  ssl_enabled: v.boolean(),
  ssl_id: v.optional(v.nullable(id)),
  ssl_only: v.boolean(),
});
export const VhostAliasesSchema = v.object({ aliases: v.array(hostText) });
export const FtpUserCreateSchema = v.object({
  username: text(MANAGED.ftpUserMaxLength * 2),
  password,
  vhost_id: v.optional(v.nullable(id)),
});
export const RedirectCreateSchema = v.object({
  redirect_from: hostText,
  redirect_to: text(MANAGED.redirectUrlMaxLength * 2),
});
export const PhpSettingSchema = v.object({
  key: text(64),
  value: v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(String),
    v.maxLength(MANAGED.phpValueMaxLength * 2),
  ),
});
export const NginxSwitchSchema = v.object({ enable: v.boolean() });

export type SslCertInput = v.InferOutput<typeof SslCertCreateSchema>;
export type DatabaseInput = v.InferOutput<typeof DatabaseCreateSchema>;
export type VhostInput = v.InferOutput<typeof VhostCreateSchema>;
export type VhostUpdate = v.InferOutput<typeof VhostUpdateSchema>;
export type FtpUserInput = v.InferOutput<typeof FtpUserCreateSchema>;
export type RedirectInput = v.InferOutput<typeof RedirectCreateSchema>;

// ---------------------------------------------------------------------------------------------
// What the GETs answer (never a password or a private key)

export interface SslCertRecord {
  ssl_id: number;
  name: string;
  /** The names the certificate covers (subject alternative names, else its common name). */
  names: string[];
  issuer: string;
  valid_to: string;
  fingerprint256: string;
  has_ca: boolean;
}
export interface DatabaseRecord {
  database_id: number;
  database_name: string;
  username: string;
}
export interface VhostRecord {
  vhost_id: number;
  vhost: string;
  domain: string;
  aliases: string[];
  ssl_enabled: boolean;
  ssl_id: number | null;
  ssl_only: boolean;
}
export interface FtpUserRecord {
  ftpId: number;
  username: string;
  vhost_id: number | null;
}
export interface RedirectRecord {
  redirect_id: number;
  redirect_from: string;
  redirect_to: string;
}
export interface PhpSettingRecord {
  key: string;
  value: string;
}
export type NginxStatus = 'on' | 'off';
export interface NginxRecord {
  status: NginxStatus;
}
/** One file of the configuration the host agent renders (the page's read-only preview). */
export interface RenderedFile {
  path: string;
  content: string;
}

/** The lists of the managed server view, by the endpoint that answers them. */
export interface ManagedLists {
  ssl_certs: SslCertRecord[];
  mysql_database: DatabaseRecord[];
  vhosts: VhostRecord[];
  ftp_users: FtpUserRecord[];
  domain_redirects: RedirectRecord[];
  php_settings: PhpSettingRecord[];
}
export type ManagedListName = keyof ManagedLists;
export const MANAGED_LIST_NAMES: readonly ManagedListName[] = [
  'ssl_certs',
  'mysql_database',
  'vhosts',
  'ftp_users',
  'domain_redirects',
  'php_settings',
];

export function certificateNameError(name: string): string | undefined {
  return name.length >= 1 &&
    name.length <= MANAGED.certificateNameMaxLength &&
    /^[A-Za-z0-9 ._-]+$/.test(name) &&
    name.trim() === name
    ? undefined
    : M.certificateName;
}
