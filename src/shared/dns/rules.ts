/**
 * The DNS panel's contract and rules (portal.md §3 "DNS zone", "DNS record", §5, §7; docs/dns.md),
 * shared by the server (which enforces them) and the page (which shows the same field errors
 * before sending). Names follow zone-file rules: `@` is the zone itself, a name ending with a dot
 * is absolute, any other is relative to the zone. Records are kept with their per-type fields as
 * entered and a canonical `content` (absolute names, lowercase), which is what a name server
 * serves and what makes two records identical.
 */
import * as v from 'valibot';
import { DATABASE_ID_MAX } from '../constants.ts';
import { DEFAULT_ZONE_TTL, DNS_PAGE_SIZE } from './constants.ts';
import { DNS } from './constants.ts';
import { LDH_LABEL } from '../host-names.ts';
import { DNS_MESSAGES as M } from './messages.ts';
import { pageQuerySchema } from '../paging.ts';

export const DNS_PATHS = {
  zones: '/dns',
  zone: (zoneId: number) => `/dns/${zoneId}`,
  records: (zoneId: number) => `/dns/${zoneId}/records`,
  recordsOfType: (zoneId: number, type: RecordType) => `/dns/${zoneId}/records/${type}`,
  record: (zoneId: number, type: RecordType, recordId: number) =>
    `/dns/${zoneId}/records/${type}/${recordId}`,
  aliases: (zoneId: number) => `/dns/${zoneId}/aliases`,
  alias: (zoneId: number, aliasId: number) => `/dns/${zoneId}/aliases/${aliasId}`,
  exportZone: (zoneId: number) => `/dns/${zoneId}/export`,
  importZone: (zoneId: number) => `/dns/${zoneId}/import`,
} as const;

/** The record types a customer edits, in the order the page groups them. SOA is the product's. */
export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SRV', 'CAA', 'PTR'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export function isRecordType(value: string): value is RecordType {
  return (RECORD_TYPES as readonly string[]).includes(value);
}

/** Per-type fields (portal.md §3), CAA and PTR added. */
export interface RecordFields {
  A: { ipv4_address: string };
  AAAA: { ipv6_address: string };
  TXT: { text: string };
  CNAME: { canonical_name: string };
  SRV: { priority: number; weight: number; port: number; target: string };
  NS: { nameserver: string };
  MX: { target: string; priority: number };
  CAA: { flags: number; tag: string; value: string };
  PTR: { ptrdname: string };
}

/** The fields of each type, in the order a form shows them. */
export const RECORD_FIELDS: { [T in RecordType]: (keyof RecordFields[T])[] } = {
  A: ['ipv4_address'],
  AAAA: ['ipv6_address'],
  TXT: ['text'],
  CNAME: ['canonical_name'],
  SRV: ['priority', 'weight', 'port', 'target'],
  NS: ['nameserver'],
  MX: ['target', 'priority'],
  CAA: ['flags', 'tag', 'value'],
  PTR: ['ptrdname'],
};

export const NUMERIC_FIELDS = new Set(['priority', 'weight', 'port', 'flags']);

/**
 * Where a zone stands on the name server: `off` when no publisher is configured (DNS_PUBLISHER=none:
 * nothing serves it), otherwise the publisher's state.
 */
export type PublicationState = 'published' | 'pending' | 'failed' | 'off';

export interface ZoneAlias {
  alias_id: number;
  alias_name: string;
}

export interface SoaView {
  primary: string;
  hostmaster: string;
  serial: number;
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
}

export interface DnsZone {
  zone_id: number;
  zone_name: string;
  ttl: number;
  aliases: ZoneAlias[];
  /** Read-only: the product keeps it, the serial bumped on every change. */
  soa: SoaView;
  publication: { state: PublicationState; error: string | null };
  created_at: string;
}

export interface ZonesPage {
  total_zones: number;
  zones: DnsZone[];
  limit: number;
  offset: number;
}

export type DnsRecord = {
  [T in RecordType]: {
    record_id: number;
    record_type: T;
    /** `@` or a name relative to the zone. */
    name: string;
    /** Null: the zone's TTL. */
    ttl: number | null;
    /** What a name server serves (absolute names). */
    content: string;
  } & RecordFields[T];
}[RecordType];

export interface RecordsPage {
  total_records: number;
  records: DnsRecord[];
  limit: number;
  offset: number;
}

export interface ImportChange {
  name: string;
  record_type: RecordType;
  ttl: number | null;
  content: string;
}

export interface ImportPreview {
  added: ImportChange[];
  changed: { from: ImportChange[]; to: ImportChange[] }[];
  removed: ImportChange[];
  applied: boolean;
}

// ---------------------------------------------------------------------------------------------
// Names

/** Owner names may have service labels (`_sip`, `_dmarc`) and a leading wildcard. */
const OWNER_LABEL = /^(?!-)[a-z0-9_-]+(?<!-)$/;

/** A name's labels as ASCII (IDN labels converted to punycode), or null when one cannot be. */
function asciiLabels(name: string): string[] | null {
  const labels = name.split('.');
  const out: string[] = [];
  for (const label of labels) {
    // eslint-disable-next-line no-control-regex -- ASCII is the point
    if (/^[\x00-\x7f]*$/.test(label)) {
      out.push(label.toLowerCase());
      continue;
    }
    try {
      const host = new URL(`http://${label}`).hostname;
      if (host.includes('.') || host === '') return null;
      out.push(host);
    } catch {
      return null;
    }
  }
  return out;
}

/** The first error of a list of labels, or null. */
function labelsError(labels: string[], pattern: RegExp, wildcard: boolean): string | null {
  for (const [index, label] of labels.entries()) {
    if (label.length === 0 || label.length > DNS.labelMaxLength) return M.labelLength;
    if (wildcard && index === 0 && label === '*') continue;
    if (!pattern.test(label)) return 'invalid';
  }
  return null;
}

export type NameCheck = { ok: true; name: string } | { ok: false; error: string };

/**
 * A zone or alias name (portal.md §3): a domain name of at least two labels, each 1 to 63
 * characters of letters, digits and hyphens, at most 253 in all; IDN converted to punycode, a
 * trailing dot dropped, lowercase.
 */
export function checkZoneName(input: string): NameCheck {
  const trimmed = input.trim().replace(/\.$/, '');
  if (trimmed === '') return { ok: false, error: M.zoneName };
  const labels = asciiLabels(trimmed);
  if (!labels || labels.length < 2) return { ok: false, error: M.zoneName };
  const error = labelsError(labels, LDH_LABEL, false);
  if (error === M.labelLength) return { ok: false, error };
  if (error !== null || /^\d+$/.test(labels.at(-1)!)) return { ok: false, error: M.zoneName };
  const name = labels.join('.');
  if (name.length > DNS.nameMaxLength) return { ok: false, error: M.nameLength };
  return { ok: true, name };
}

/**
 * A record's owner name, relative to `zone`: `@` (or empty) for the zone itself, a relative name,
 * or an absolute one inside the zone. Gives the relative form (`@`, `www`, `_sip._tcp`).
 */
export function checkOwnerName(input: string, zone: string): NameCheck {
  let name = input.trim().toLowerCase();
  if (name === '' || name === '@') return { ok: true, name: '@' };
  if (name.endsWith('.')) {
    const absolute = name.slice(0, -1);
    if (absolute === zone) return { ok: true, name: '@' };
    if (!absolute.endsWith(`.${zone}`)) return { ok: false, error: M.nameOutsideZone };
    name = absolute.slice(0, -(zone.length + 1));
  }
  const labels = asciiLabels(name);
  if (!labels) return { ok: false, error: M.recordName };
  const error = labelsError(labels, OWNER_LABEL, true);
  if (error === M.labelLength) return { ok: false, error };
  if (error !== null) return { ok: false, error: M.recordName };
  const relative = labels.join('.');
  if (`${relative}.${zone}`.length > DNS.nameMaxLength) return { ok: false, error: M.nameLength };
  return { ok: true, name: relative };
}

/** A host name a record points at (`@`, relative, or absolute with a dot; `.` only where allowed). */
export function checkTargetName(input: string, zone: string, allowRoot = false): NameCheck {
  const name = input.trim();
  if (name === '@') return { ok: true, name };
  if (allowRoot && name === '.') return { ok: true, name };
  const absolute = name.endsWith('.');
  const body = absolute ? name.slice(0, -1) : name;
  if (body === '') return { ok: false, error: M.hostname };
  const labels = asciiLabels(body);
  if (!labels) return { ok: false, error: M.hostname };
  const error = labelsError(labels, OWNER_LABEL, false);
  if (error === M.labelLength) return { ok: false, error };
  if (error !== null) return { ok: false, error: M.hostname };
  const ascii = labels.join('.');
  const full = absolute ? ascii : `${ascii}.${zone}`;
  if (full.length > DNS.nameMaxLength) return { ok: false, error: M.nameLength };
  return { ok: true, name: absolute ? `${ascii}.` : ascii };
}

/** The absolute form (with the final dot) of a relative name or target in `zone`. */
export function absoluteName(name: string, zone: string): string {
  if (name === '@') return `${zone}.`;
  if (name === '.' || name.endsWith('.')) return name;
  return `${name}.${zone}.`;
}

/**
 * portal.md §5: an MX target gets a trailing dot unless it is `@` or already ends with a dot, on
 * create; on update always (there `@` becomes the zone's own absolute name).
 */
export function mxTargetWithDot(target: string, mode: 'create' | 'update', zone: string): string {
  const value = target.trim();
  if (value.endsWith('.')) return value;
  if (value === '@') return mode === 'create' ? value : `${zone}.`;
  return `${value}.`;
}

/** The field of each type that names a host: what a name server serves as an absolute name. */
export const TARGET_FIELDS: Partial<Record<RecordType, string>> = {
  CNAME: 'canonical_name',
  MX: 'target',
  NS: 'nameserver',
  SRV: 'target',
  PTR: 'ptrdname',
};

export type ServedTarget =
  | {
      ok: true;
      /** What the record keeps (its field as entered, the MX dot rule applied). */
      stored: string;
      /** The absolute name a name server serves, lowercase, with its final dot. */
      served: string;
      /** A short name (one label, no final dot) that is served at the root: `mail` → `mail.`. */
      atRoot: boolean;
    }
  | { ok: false; error: string };

/**
 * The one rule of a record's target names, applied by the server to what it keeps and serves and
 * by the record editor to say, as the customer types, what will be served. Zone-file rules
 * (docs/dns.md "Targets"): `@` is the zone, a name ending with a dot is absolute, any other is
 * relative to the zone (CNAME `www` → `www.example.com.`). MX targets follow portal.md §5 to the
 * letter: a trailing dot is added on create unless the target is `@` or already ends with one,
 * and on update always (`@` then becoming the zone's absolute name). So MX `mail.example.com` is
 * served as `mail.example.com.`, `@` as `example.com.`, and the short name `mail` as `mail.`, a
 * name at the root of the DNS rather than in the zone: `atRoot`, which the editor warns of.
 */
export function servedTarget(
  type: RecordType,
  input: string,
  zone: string,
  mode: 'create' | 'update',
): ServedTarget {
  const typed = input.trim();
  const value = type === 'MX' ? mxTargetWithDot(typed, mode, zone) : typed;
  const check = checkTargetName(value, zone, type === 'SRV');
  if (!check.ok) return check;
  const served = absoluteName(check.name, zone).toLowerCase();
  const atRoot = typed !== '@' && !typed.includes('.') && served === check.name;
  return { ok: true, stored: check.name, served, atRoot };
}

// ---------------------------------------------------------------------------------------------
// Addresses

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/** An IPv6 address in its canonical text (RFC 5952, as the URL parser writes it), or null. */
export function canonicalIpv6(value: string): string | null {
  if (!/^[0-9a-fA-F:.]{2,45}$/.test(value) || !value.includes(':')) return null;
  const tail = /[.](\d+)$/.exec(value) ? value.slice(value.lastIndexOf(':') + 1) : null;
  if (tail !== null && !isIpv4(tail)) return null;
  try {
    const host = new URL(`http://[${value}]/`).hostname;
    return host.slice(1, -1);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// TXT

const encoder = new TextEncoder();

/** Bytes of `text` in UTF-8. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** A TXT text as its 255-octet character-strings, never cutting a character in two. */
export function splitTxt(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of text) {
    const bytes = utf8Length(char);
    if (size + bytes > DNS.txtStringMaxBytes) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts;
}

/** One character-string in presentation form: quoted, `"` and `\` escaped, other octets \DDD. */
export function quoteCharacterString(part: string): string {
  let out = '"';
  for (const byte of encoder.encode(part)) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${String(byte).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}"`;
}

// ---------------------------------------------------------------------------------------------
// Record input: the schemas of the request bodies, and the rules that need the zone.

const TtlSchema = v.pipe(
  v.number(M.ttl),
  v.integer(M.ttl),
  v.minValue(DNS.ttlMin, M.ttl),
  v.maxValue(DNS.ttlMax, M.ttl),
);

/** POST /dns: `ttl` is an integer (portal.md §5), 3600 when absent. */
export const ZoneCreateSchema = v.object({
  zone_name: v.pipe(v.string(M.zoneName), v.maxLength(1000, M.zoneName)),
  ttl: v.optional(TtlSchema, DEFAULT_ZONE_TTL),
});

/** PUT /dns/{zone_id}: the TTL (a zone's name is its identity and does not change). */
export const ZoneUpdateSchema = v.object({ ttl: TtlSchema });

export const AliasCreateSchema = v.object({
  alias_name: v.pipe(v.string(M.zoneName), v.maxLength(1000, M.zoneName)),
});

/** POST /dns/{zone_id}/import. */
export const ImportRequestSchema = v.object({
  zone_file: v.pipe(
    v.string(M.importEmpty),
    v.minLength(1, M.importEmpty),
    v.check((text) => utf8Length(text) <= DNS.importMaxBytes, M.importTooLarge),
  ),
  /** False: answer what would change; true: change it, in one transaction. */
  apply: v.optional(v.boolean(), false),
});

const uint16 = v.pipe(
  v.number(M.uint16),
  v.integer(M.uint16),
  v.minValue(0, M.uint16),
  v.maxValue(DNS.uint16Max, M.uint16),
);
const shortText = (message: string) => v.pipe(v.string(message), v.maxLength(1000, message));

const FIELD_SCHEMAS: { [T in RecordType]: v.ObjectEntries } = {
  A: { ipv4_address: shortText(M.ipv4) },
  AAAA: { ipv6_address: shortText(M.ipv6) },
  TXT: { text: v.pipe(v.string(M.text), v.maxLength(DNS.txtMaxBytes * 4, M.text)) },
  CNAME: { canonical_name: shortText(M.hostname) },
  SRV: { priority: uint16, weight: uint16, port: uint16, target: shortText(M.hostname) },
  NS: { nameserver: shortText(M.hostname) },
  MX: { target: shortText(M.hostname), priority: uint16 },
  CAA: {
    flags: v.pipe(
      v.number(M.caaFlags),
      v.integer(M.caaFlags),
      v.minValue(0, M.caaFlags),
      v.maxValue(DNS.caaFlagsMax, M.caaFlags),
    ),
    tag: shortText(M.caaTag),
    value: v.pipe(v.string(M.caaValue), v.maxLength(DNS.caaValueMaxLength * 4, M.caaValue)),
  },
  PTR: { ptrdname: shortText(M.hostname) },
};

/** The body of a record's create or update: its name, TTL (null: the zone's) and typed fields. */
export function recordBodySchema(type: RecordType) {
  return v.object({
    name: v.optional(shortText(M.recordName), '@'),
    ttl: v.optional(v.nullable(TtlSchema), null),
    ...FIELD_SCHEMAS[type],
  });
}

/**
 * A number typed in a form as a request sends it: the number when the text is one (portal.md §5:
 * a zone's TTL is sent as an integer; §3: SRV and MX numbers are numbers), the text otherwise, for
 * the server to name on its field.
 */
export function numberOrText(text: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
}

/** POST /dns from the Create zone form's text. */
export function zoneCreateBody(values: { zone_name: string; ttl: string }) {
  return { zone_name: values.zone_name, ttl: numberOrText(values.ttl) };
}

/**
 * A record editor's text as the body of its create or update: the name (`@` when empty), the TTL
 * (empty: null, the zone's), the type's fields, its numbers as numbers.
 */
export function recordRequestBody(
  type: RecordType,
  values: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { name: values.name?.trim() ? values.name : '@' };
  const ttl = values.ttl ?? '';
  body.ttl = ttl.trim() === '' ? null : numberOrText(ttl);
  for (const field of RECORD_FIELDS[type] as string[]) {
    const value = values[field] ?? '';
    body[field] = NUMERIC_FIELDS.has(field) ? numberOrText(value) : value;
  }
  return body;
}

/** A record's fields as its editor shows them, as text (a new record: name `@`, the rest empty). */
export function recordFormValues(
  type: RecordType,
  record: DnsRecord | null,
): Record<string, string> {
  const fields = ['name', ...(RECORD_FIELDS[type] as string[]), 'ttl'];
  const source = record as Record<string, unknown> | null;
  return Object.fromEntries(
    fields.map((field) => {
      const value = source?.[field];
      return [
        field,
        value === null || value === undefined ? (field === 'name' ? '@' : '') : String(value),
      ];
    }),
  );
}

export interface RecordInput {
  name: string;
  ttl: number | null;
  fields: Record<string, string | number>;
}

export type RecordCheck =
  | {
      ok: true;
      name: string;
      ttl: number | null;
      fields: Record<string, string | number>;
      content: string;
    }
  | { ok: false; errors: Record<string, string> };

/**
 * Every rule a record of `type` must pass that needs no other record: its name in the zone, its
 * addresses, names, numbers and text (portal.md §3, §5); the MX dot rule applied for `mode`.
 * Gives the stored fields and the canonical content, or the field errors.
 */
export function checkRecord(
  type: RecordType,
  input: RecordInput,
  zone: string,
  mode: 'create' | 'update',
): RecordCheck {
  const errors: Record<string, string> = {};
  const owner = checkOwnerName(input.name, zone);
  if (!owner.ok) errors.name = owner.error;
  else if (type === 'CNAME' && owner.name === '@') errors.name = M.cnameAtApex;
  const fields: Record<string, string | number> = { ...input.fields };
  let content = '';
  const target = (field: string) => {
    const served = servedTarget(type, String(fields[field]), zone, mode);
    if (!served.ok) {
      errors[field] = served.error;
      return '';
    }
    fields[field] = served.stored;
    return served.served;
  };
  switch (type) {
    case 'A': {
      const address = String(fields.ipv4_address).trim();
      if (!isIpv4(address)) errors.ipv4_address = M.ipv4;
      fields.ipv4_address = address;
      content = address;
      break;
    }
    case 'AAAA': {
      const address = canonicalIpv6(String(fields.ipv6_address).trim());
      if (address === null) errors.ipv6_address = M.ipv6;
      else fields.ipv6_address = address;
      content = address ?? '';
      break;
    }
    case 'TXT': {
      const text = String(fields.text);
      const bytes = utf8Length(text);
      if (bytes === 0 || bytes > DNS.txtMaxBytes) errors.text = M.text;
      content = splitTxt(text).map(quoteCharacterString).join(' ');
      break;
    }
    case 'CNAME':
      content = target('canonical_name');
      break;
    case 'NS':
      content = target('nameserver');
      break;
    case 'PTR':
      content = target('ptrdname');
      break;
    case 'MX':
      content = `${fields.priority} ${target('target')}`;
      break;
    case 'SRV':
      content = `${fields.priority} ${fields.weight} ${fields.port} ${target('target')}`;
      break;
    case 'CAA': {
      const tag = String(fields.tag).trim().toLowerCase();
      if (!['issue', 'issuewild', 'iodef'].includes(tag)) errors.tag = M.caaTag;
      fields.tag = tag;
      const value = String(fields.value);
      if (value.length === 0 || value.length > DNS.caaValueMaxLength) errors.value = M.caaValue;
      content = `${fields.flags} ${tag} ${quoteCharacterString(value)}`;
      break;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, name: owner.ok ? owner.name : '@', ttl: input.ttl, fields, content };
}

// ---------------------------------------------------------------------------------------------
// Paging (portal.md §4)

/** `?limit=&offset=` of the zones and records lists: limit 1 to the cap (10 by default). */
export const DnsPageQuerySchema = pageQuerySchema({ size: DNS_PAGE_SIZE, max: DNS.pageSizeMax });

/** A path id: digits only, within an id column; null otherwise. */
export function parseDnsId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= DATABASE_ID_MAX ? id : null;
}

/** The SOA the product writes for `zone` (its RNAME is hostmaster@zone). */
export function soaContent(primary: string, zone: string, serial: number): string {
  const { refresh, retry, expire, minimum } = DNS.soa;
  return `${primary} hostmaster.${zone}. ${serial} ${refresh} ${retry} ${expire} ${minimum}`;
}
