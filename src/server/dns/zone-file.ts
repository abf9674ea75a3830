/**
 * A zone as an RFC 1035 zone file, out and in (docs/dns.md "Zone files"). Export writes the SOA
 * the product keeps and every record with absolute names. Import reads a zone file (`$ORIGIN`,
 * `$TTL`, parentheses, comments, blank owners, TTL units, class IN), checks each record with the
 * same rules as the API and the zone-wide ones (CNAME alone, no duplicates), and compares it with
 * the zone RRset by RRset: what would be added, changed and removed. Applied, it replaces the
 * zone's records in one transaction. The SOA of a file is ignored: the product keeps its own; so
 * are missing NS records at the apex: a file without them keeps the zone's (or, should it have
 * none, gets the provider's), so that no import leaves a zone without name servers.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  checkRecord,
  isRecordType,
  RECORD_FIELDS,
  soaContent,
  type ImportChange,
  type ImportPreview,
  type RecordType,
} from '#shared/dns/rules';
import { DNS } from '#shared/dns/constants';
import { DNS_MESSAGES } from '#shared/dns/messages';
import type { Database, Executor } from '../db/client.ts';
import { dnsAliases, dnsRecords, dnsZones } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { markChanged } from './publication.ts';
import { typeRank, zoneOf, type ZoneRow } from './store.ts';

export async function exportZoneFile(db: Executor, zone: ZoneRow, primary: string) {
  const origin = `${zone.zoneName}.`;
  // The record lines are joined by the database in one value: a zone of 10,000 records is one
  // row read, not 10,000 (docs/dns.md "Zone files").
  const [{ body }] = await db
    .select({
      body: sql<string | null>`string_agg(
        (case when ${dnsRecords.name} = '@' then ${origin}::text
              else ${dnsRecords.name} || '.' || ${origin}::text end)
        || chr(9) || coalesce(${dnsRecords.ttl}, ${zone.ttl}::integer)::text
        || chr(9) || 'IN' || chr(9) || ${dnsRecords.recordType} || chr(9) || ${dnsRecords.content},
        chr(10)
        order by ${dnsRecords.typeRank}, ${dnsRecords.name}, ${dnsRecords.recordId})`,
    })
    .from(dnsRecords)
    .where(eq(dnsRecords.zoneId, zone.zoneId));
  const lines = [
    `; ${zone.zoneName}, serial ${zone.serial}`,
    `$ORIGIN ${origin}`,
    `$TTL ${zone.ttl}`,
    `${origin}\t${zone.ttl}\tIN\tSOA\t${soaContent(primary, zone.zoneName, zone.serial)}`,
  ];
  if (body) lines.push(body);
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Reading

interface Token {
  text: string;
  quoted: boolean;
}

interface Entry {
  line: number;
  /** Starts with whitespace: the owner is the previous one. */
  blankOwner: boolean;
  tokens: Token[];
}

class LineError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Splits the text into entries (parentheses joined), tokens with their quoting kept. */
function entries(text: string): Entry[] {
  const out: Entry[] = [];
  let current: Entry | null = null;
  let depth = 0;
  let line = 1;
  let i = 0;
  let indented = /^[ \t]/.test(text);
  const push = (token: Token, where: number) => {
    if (!current) {
      current = { line: where, blankOwner: indented, tokens: [] };
      out.push(current);
    }
    current.tokens.push(token);
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      line += 1;
      i += 1;
      indented = /^[ \t]/.test(text.slice(i, i + 1));
      if (depth === 0) current = null;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      i += 1;
      continue;
    }
    if (ch === ';') {
      while (i < text.length && text[i] !== '\n') i += 1;
      continue;
    }
    if (ch === '(') {
      depth += 1;
      i += 1;
      continue;
    }
    if (ch === ')') {
      if (depth === 0) throw new LineError(line, DNS_MESSAGES.importSyntax);
      depth -= 1;
      i += 1;
      continue;
    }
    const startLine = line;
    if (ch === '"') {
      let value = '';
      i += 1;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) {
          value += text[i]! + text[i + 1]!;
          i += 2;
          continue;
        }
        if (text[i] === '\n') throw new LineError(line, DNS_MESSAGES.importSyntax);
        value += text[i]!;
        i += 1;
      }
      if (i >= text.length) throw new LineError(line, DNS_MESSAGES.importSyntax);
      i += 1;
      push({ text: value, quoted: true }, startLine);
      continue;
    }
    let value = '';
    while (i < text.length && !/[\s;()"]/.test(text[i]!)) {
      if (text[i] === '\\' && i + 1 < text.length) {
        value += text[i]! + text[i + 1]!;
        i += 2;
        continue;
      }
      value += text[i]!;
      i += 1;
    }
    push({ text: value, quoted: false }, startLine);
  }
  if (depth !== 0) throw new LineError(line, DNS_MESSAGES.importSyntax);
  return out;
}

/** A character-string's octets from its presentation form (\X and \DDD escapes), as UTF-8 text. */
function unescapeString(value: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < value.length; i += 1) {
    const ch = value[i]!;
    if (ch === '\\') {
      const digits = /^\d{3}/.exec(value.slice(i + 1));
      if (digits) {
        bytes.push(Number(digits[0]) & 0xff);
        i += 3;
      } else {
        bytes.push(...encoder.encode(value[i + 1] ?? ''));
        i += 1;
      }
      continue;
    }
    const code = value.codePointAt(i)!;
    const char = String.fromCodePoint(code);
    bytes.push(...encoder.encode(char));
    i += char.length - 1;
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** A TTL (`3600`, `1h30m`), or null when the token is none. */
function ttlOf(token: string): number | null {
  if (/^\d+$/.test(token)) return Number(token);
  const parts = /^(\d+[smhdw])+$/i.test(token) ? token.toLowerCase().match(/\d+[smhdw]/g) : null;
  if (!parts) return null;
  return parts.reduce((sum, part) => sum + Number(part.slice(0, -1)) * TTL_UNITS[part.at(-1)!]!, 0);
}

interface Parsed {
  line: number;
  type: RecordType;
  name: string;
  ttl: number | null;
  fields: Record<string, string | number>;
}

/** A name of the file made absolute against the origin in force. */
function absoluteIn(name: string, origin: string): string {
  if (name === '@') return origin;
  if (name.endsWith('.')) return name;
  return `${name}.${origin}`;
}

function parseFile(
  text: string,
  zoneName: string,
  fail: (line: number, message: string) => void,
): Parsed[] {
  let origin = `${zoneName}.`;
  let defaultTtl: number | null = null;
  let owner: string | null = null;
  const parsed: Parsed[] = [];
  let all: Entry[];
  try {
    all = entries(text);
  } catch (error) {
    if (!(error instanceof LineError)) throw error;
    fail(error.line, error.message);
    return [];
  }
  for (const entry of all) {
    try {
      const record = parseEntry(entry);
      if (record) parsed.push(record);
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      fail(error.line, error.message);
    }
  }
  return parsed;

  function parseEntry(entry: Entry): Parsed | null {
    const tokens = [...entry.tokens];
    const first = tokens[0]!;
    if (!first.quoted && first.text.startsWith('$')) {
      const directive = first.text.toUpperCase();
      if (directive === '$ORIGIN' && tokens[1]) {
        origin = absoluteIn(tokens[1].text.toLowerCase(), origin);
        return null;
      }
      const ttl = tokens[1] ? ttlOf(tokens[1].text) : null;
      if (directive === '$TTL' && ttl !== null) {
        defaultTtl = ttl;
        return null;
      }
      throw new LineError(entry.line, DNS_MESSAGES.importSyntax);
    }
    if (!entry.blankOwner) owner = absoluteIn(tokens.shift()!.text.toLowerCase(), origin);
    if (owner === null) throw new LineError(entry.line, DNS_MESSAGES.importSyntax);
    let ttl: number | null = null;
    for (let k = 0; k < 2 && tokens.length > 0; k += 1) {
      const token = tokens[0]!.text;
      if (/^(IN|CH|HS|CS)$/i.test(token)) {
        if (token.toUpperCase() !== 'IN') throw new LineError(entry.line, DNS_MESSAGES.importClass);
        tokens.shift();
      } else if (ttl === null && ttlOf(token) !== null) {
        ttl = ttlOf(token);
        tokens.shift();
      }
    }
    const typeToken = tokens.shift();
    if (!typeToken) throw new LineError(entry.line, DNS_MESSAGES.importSyntax);
    const type = typeToken.text.toUpperCase();
    if (type === 'SOA') return null;
    if (!isRecordType(type)) {
      throw new LineError(entry.line, DNS_MESSAGES.importUnknownType(typeToken.text));
    }
    const rdata = tokens;
    const name = (i: number) => absoluteIn(rdata[i]!.text.toLowerCase(), origin);
    const num = (i: number) => (/^\d+$/.test(rdata[i]!.text) ? Number(rdata[i]!.text) : NaN);
    const need = type === 'TXT' ? 1 : RECORD_FIELDS[type].length;
    if (rdata.length < need || (type !== 'TXT' && rdata.length !== need)) {
      throw new LineError(entry.line, DNS_MESSAGES.importSyntax);
    }
    let fields: Record<string, string | number>;
    switch (type) {
      case 'A':
        fields = { ipv4_address: rdata[0]!.text };
        break;
      case 'AAAA':
        fields = { ipv6_address: rdata[0]!.text };
        break;
      case 'TXT':
        fields = { text: rdata.map((t) => unescapeString(t.text)).join('') };
        break;
      case 'CNAME':
        fields = { canonical_name: name(0) };
        break;
      case 'NS':
        fields = { nameserver: name(0) };
        break;
      case 'PTR':
        fields = { ptrdname: name(0) };
        break;
      case 'MX':
        fields = { priority: num(0), target: name(1) };
        break;
      case 'SRV':
        fields = {
          priority: num(0),
          weight: num(1),
          port: num(2),
          target: rdata[3]!.text === '.' ? '.' : name(3),
        };
        break;
      case 'CAA':
        fields = { flags: num(0), tag: rdata[1]!.text, value: unescapeString(rdata[2]!.text) };
        break;
    }
    return { line: entry.line, type, name: owner, ttl: ttl ?? defaultTtl, fields };
  }
}

interface Wanted extends ImportChange {
  line: number;
  fields: Record<string, string | number>;
}

/** The file's records checked one by one and together; errors by line number. */
function checkFile(text: string, zone: ZoneRow): Wanted[] {
  const errors: Record<string, string> = {};
  const fail = (line: number, message: string) => {
    errors[`line ${line}`] ??= message;
  };
  const parsed = parseFile(text, zone.zoneName, fail);
  if (parsed.length > DNS.importMaxRecords) {
    throw new ApiError(422, 'Validation failed', DNS_MESSAGES.importTooManyRecords, {
      errors: { zone_file: DNS_MESSAGES.importTooManyRecords },
    });
  }
  const wanted: Wanted[] = [];
  const seen = new Map<string, Set<string>>();
  for (const record of parsed) {
    for (const [field, value] of Object.entries(record.fields)) {
      if (typeof value === 'number' && Number.isNaN(value)) {
        fail(record.line, DNS_MESSAGES.importRecordError(field, DNS_MESSAGES.uint16));
      }
    }
    const ttl = record.ttl === null || record.ttl === zone.ttl ? null : record.ttl;
    if (ttl !== null && (ttl < DNS.ttlMin || ttl > DNS.ttlMax)) {
      fail(record.line, DNS_MESSAGES.ttl);
    }
    const check = checkRecord(
      record.type,
      { name: record.name, ttl, fields: record.fields },
      zone.zoneName,
      'create',
    );
    if (!check.ok) {
      const [field, message] = Object.entries(check.errors)[0]!;
      fail(record.line, DNS_MESSAGES.importRecordError(field, message));
      continue;
    }
    const types = seen.get(check.name) ?? new Set<string>();
    const key = `${record.type} ${check.content}`;
    if (types.has(key)) fail(record.line, DNS_MESSAGES.duplicateRecord);
    else if (record.type === 'CNAME' && types.size > 0) {
      fail(record.line, DNS_MESSAGES.cnameBesideOthers);
    } else if ([...types].some((t) => t.startsWith('CNAME '))) {
      fail(record.line, DNS_MESSAGES.othersBesideCname);
    }
    types.add(key);
    seen.set(check.name, types);
    wanted.push({
      line: record.line,
      name: check.name,
      record_type: record.type,
      ttl: check.ttl,
      content: check.content,
      fields: check.fields,
    });
  }
  if (Object.keys(errors).length > 0) {
    throw new ApiError(422, 'Validation failed', DNS_MESSAGES.importFailed, {
      errors,
      detail: DNS_MESSAGES.importFailed,
    });
  }
  return wanted;
}

const rrsetKey = (c: { name: string; record_type: string }) => `${c.name} ${c.record_type}`;
const sameRecords = (a: ImportChange[], b: ImportChange[], zoneTtl: number) => {
  const form = (list: ImportChange[]) =>
    list
      .map((c) => `${c.ttl ?? zoneTtl} ${c.content}`)
      .sort()
      .join('\n');
  return form(a) === form(b);
};

function group<T extends ImportChange>(list: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of list) map.set(rrsetKey(item), [...(map.get(rrsetKey(item)) ?? []), item]);
  return map;
}

/** The RRset a zone always keeps: its NS records at the apex. */
const APEX_NS = rrsetKey({ name: '@', record_type: 'NS' });

/** The provider's NS records (`DNS_NAMESERVERS`) as a file's records. */
const providerNameservers = (nameservers: readonly string[]): Wanted[] =>
  nameservers.map((nameserver) => ({
    line: 0,
    name: '@',
    record_type: 'NS',
    ttl: null,
    content: nameserver,
    fields: { nameserver },
  }));

const plain = ({ name, record_type, ttl, content }: ImportChange): ImportChange => ({
  name,
  record_type,
  ttl,
  content,
});

export async function importZoneFile(
  db: Database,
  cid: number,
  zoneId: number,
  text: string,
  apply: boolean,
  nameservers: readonly string[],
): Promise<ImportPreview> {
  return db.transaction(async (tx) => {
    const zone = await zoneOf(tx, cid, zoneId, apply);
    const wanted = checkFile(text, zone);
    const rows = await tx.select().from(dnsRecords).where(eq(dnsRecords.zoneId, zoneId));
    const current = rows.map((row) => ({
      id: row.recordId,
      name: row.name,
      record_type: row.recordType as RecordType,
      ttl: row.ttl,
      content: row.content,
    }));
    const have = group(current);
    if (!wanted.some((w) => rrsetKey(w) === APEX_NS) && !have.has(APEX_NS)) {
      wanted.push(...providerNameservers(nameservers));
    }
    const want = group(wanted);
    const preview: ImportPreview = { added: [], changed: [], removed: [], applied: false };
    const replaced: string[] = [];
    for (const [key, list] of want) {
      const old = have.get(key);
      if (!old) preview.added.push(...list.map(plain));
      else if (!sameRecords(old, list, zone.ttl)) {
        preview.changed.push({ from: old.map(plain), to: list.map(plain) });
        replaced.push(key);
      }
    }
    for (const [key, list] of have) {
      // A file without NS records at @ leaves the zone's name servers as they are.
      if (!want.has(key) && key !== APEX_NS) {
        preview.removed.push(...list.map(plain));
        replaced.push(key);
      }
    }
    if (!apply) return preview;
    const doomed = current.filter((c) => replaced.includes(rrsetKey(c))).map((c) => c.id);
    for (let i = 0; i < doomed.length; i += 1000) {
      await tx.delete(dnsRecords).where(inArray(dnsRecords.recordId, doomed.slice(i, i + 1000)));
    }
    const fresh = wanted.filter((w) => !have.has(rrsetKey(w)) || replaced.includes(rrsetKey(w)));
    for (let i = 0; i < fresh.length; i += 500) {
      await tx.insert(dnsRecords).values(
        fresh.slice(i, i + 500).map((w) => ({
          zoneId,
          recordType: w.record_type,
          typeRank: typeRank(w.record_type),
          name: w.name,
          ttl: w.ttl,
          fields: w.fields,
          content: w.content,
        })),
      );
    }
    await tx
      .update(dnsZones)
      .set({ serial: sql`${dnsZones.serial} + 1`, updatedAt: new Date() })
      .where(eq(dnsZones.zoneId, zoneId));
    const aliases = await tx
      .select({ name: dnsAliases.aliasName })
      .from(dnsAliases)
      .where(and(eq(dnsAliases.zoneId, zoneId)));
    await markChanged(tx, [zone.zoneName, ...aliases.map((a) => a.name)], [], true);
    return { ...preview, applied: true };
  });
}
