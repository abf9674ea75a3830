/**
 * The DNS panel's record rules and request contracts (src/shared/dns/rules.ts), held to portal.md §3
 * "DNS record", §4 "DNS paging", §5, §7 "DNS" and docs/dns.md "Rules": every record type checked
 * as a name server would, the MX dot rule, TTL bounds, zone and import bodies, paging and ids.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DATABASE_ID_MAX } from '../../src/shared/constants.ts';
import { DEFAULT_ZONE_TTL, DNS_PAGE_SIZE } from '../../src/shared/dns/constants.ts';
import {
  checkRecord,
  DNS_PATHS,
  DnsPageQuerySchema,
  ImportRequestSchema,
  isRecordType,
  parseDnsId,
  RECORD_TYPES,
  recordBodySchema,
  soaContent,
  ZoneCreateSchema,
  ZoneUpdateSchema,
  type RecordInput,
  type RecordType,
} from '../../src/shared/dns/rules.ts';
import { DNS } from '../../src/shared/dns/constants.ts';
import { DNS_MESSAGES as M } from '../../src/shared/dns/messages.ts';
import { issueMessages } from '../support/schema-messages.ts';

const ZONE = 'example.com';

function input(fields: RecordInput['fields'], name = '@', ttl: number | null = null): RecordInput {
  return { name, ttl, fields };
}

/** The accepted record, or a failed expectation naming the errors. */
function accepted(type: RecordType, record: RecordInput, mode: 'create' | 'update' = 'create') {
  const check = checkRecord(type, record, ZONE, mode);
  if (!check.ok) expect.fail(`refused: ${JSON.stringify(check.errors)}`);
  return check;
}

/** The field errors of a refused record. */
function refused(type: RecordType, record: RecordInput, mode: 'create' | 'update' = 'create') {
  const check = checkRecord(type, record, ZONE, mode);
  if (check.ok) expect.fail(`accepted: ${check.content}`);
  return check.errors;
}

describe('record types (portal.md §3 "DNS record")', () => {
  it('knows every type the panel edits, and not the SOA the product keeps', () => {
    for (const type of RECORD_TYPES) expect(isRecordType(type)).toBe(true);
    expect(isRecordType('SOA')).toBe(false);
    expect(isRecordType('SPF')).toBe(false);
  });
});

describe('checkRecord: names and TTL', () => {
  it('stores the owner name in its relative form and keeps the TTL given (null: the zone’s)', () => {
    const record = accepted('A', input({ ipv4_address: '192.0.2.10' }, 'WWW.example.com.', 300));
    expect(record.name).toBe('www');
    expect(record.ttl).toBe(300);
    expect(accepted('A', input({ ipv4_address: '192.0.2.10' }, '')).name).toBe('@');
    expect(accepted('A', input({ ipv4_address: '192.0.2.10' })).ttl).toBeNull();
  });

  it('gives the name’s error on the name field', () => {
    expect(refused('A', input({ ipv4_address: '192.0.2.10' }, 'www.other.com.'))).toEqual({
      name: M.nameOutsideZone,
    });
    expect(refused('A', input({ ipv4_address: '192.0.2.10' }, '-www'))).toEqual({
      name: M.recordName,
    });
  });

  it('refuses a CNAME at the zone itself but allows other types there', () => {
    expect(refused('CNAME', input({ canonical_name: 'host.example.net.' }, '@'))).toEqual({
      name: M.cnameAtApex,
    });
    expect(
      refused('CNAME', input({ canonical_name: 'host.example.net.' }, 'example.com.')),
    ).toEqual({ name: M.cnameAtApex });
    expect(accepted('A', input({ ipv4_address: '192.0.2.10' }, '@')).name).toBe('@');
    expect(accepted('CNAME', input({ canonical_name: 'host.example.net.' }, 'www')).name).toBe(
      'www',
    );
  });

  it('reports every field at fault at once', () => {
    expect(refused('CNAME', input({ canonical_name: 'bad..name' }, '@'))).toEqual({
      name: M.cnameAtApex,
      canonical_name: M.labelLength,
    });
  });
});

describe('checkRecord: A and AAAA (docs/dns.md "A", "AAAA")', () => {
  it('serves an A record’s address, spaces around it ignored', () => {
    const record = accepted('A', input({ ipv4_address: ' 192.0.2.10 ' }));
    expect(record.fields.ipv4_address).toBe('192.0.2.10');
    expect(record.content).toBe('192.0.2.10');
  });

  it('refuses an A address that is not a dotted quad', () => {
    expect(refused('A', input({ ipv4_address: '192.0.2.256' }))).toEqual({ ipv4_address: M.ipv4 });
    expect(refused('A', input({ ipv4_address: '2001:db8::1' }))).toEqual({ ipv4_address: M.ipv4 });
  });

  it('stores and serves an AAAA address in RFC 5952 form', () => {
    const record = accepted('AAAA', input({ ipv6_address: ' 2001:DB8:0:0:0:0:0:1 ' }));
    expect(record.fields.ipv6_address).toBe('2001:db8::1');
    expect(record.content).toBe('2001:db8::1');
  });

  it('refuses an AAAA address that is not IPv6', () => {
    expect(refused('AAAA', input({ ipv6_address: '192.0.2.10' }))).toEqual({
      ipv6_address: M.ipv6,
    });
  });
});

describe('checkRecord: TXT (docs/dns.md "TXT")', () => {
  it('serves the text quoted, in 255-octet strings', () => {
    expect(accepted('TXT', input({ text: 'v=spf1 -all' })).content).toBe('"v=spf1 -all"');
    expect(accepted('TXT', input({ text: 'a'.repeat(300) })).content).toBe(
      `"${'a'.repeat(255)}" "${'a'.repeat(45)}"`,
    );
  });

  it('accepts 1 to 4096 octets and refuses empty text and one octet more', () => {
    expect(refused('TXT', input({ text: '' }))).toEqual({ text: M.text });
    expect(accepted('TXT', input({ text: 'x' })).content).toBe('"x"');
    expect(accepted('TXT', input({ text: 'a'.repeat(DNS.txtMaxBytes) })).ok).toBe(true);
    expect(refused('TXT', input({ text: 'a'.repeat(DNS.txtMaxBytes + 1) }))).toEqual({
      text: M.text,
    });
  });

  it('counts the limit in octets, not characters', () => {
    expect(accepted('TXT', input({ text: 'é'.repeat(DNS.txtMaxBytes / 2) })).ok).toBe(true);
    expect(refused('TXT', input({ text: 'é'.repeat(DNS.txtMaxBytes / 2 + 1) }))).toEqual({
      text: M.text,
    });
  });
});

describe('checkRecord: targets of CNAME, NS and PTR (docs/dns.md "Targets")', () => {
  it('keeps the target as entered and serves its absolute form', () => {
    const cname = accepted('CNAME', input({ canonical_name: 'Host' }, 'www'));
    expect(cname.fields.canonical_name).toBe('host');
    expect(cname.content).toBe('host.example.com.');
    const ns = accepted('NS', input({ nameserver: 'NS1.Example.NET.' }, 'sub'));
    expect(ns.fields.nameserver).toBe('ns1.example.net.');
    expect(ns.content).toBe('ns1.example.net.');
    const ptr = accepted('PTR', input({ ptrdname: '@' }, '10'));
    expect(ptr.fields.ptrdname).toBe('@');
    expect(ptr.content).toBe('example.com.');
  });

  it('refuses a target that is no host name, the root included', () => {
    expect(refused('CNAME', input({ canonical_name: '.' }, 'www'))).toEqual({
      canonical_name: M.hostname,
    });
    expect(refused('NS', input({ nameserver: '-ns.example.net.' }, 'sub'))).toEqual({
      nameserver: M.hostname,
    });
    expect(refused('PTR', input({ ptrdname: '' }, '10'))).toEqual({ ptrdname: M.hostname });
  });
});

describe('checkRecord: MX (portal.md §5)', () => {
  it('on create dots a plain target, keeps @ and a dotted one', () => {
    const plain = accepted('MX', input({ target: 'mail.example.net', priority: 10 }));
    expect(plain.fields.target).toBe('mail.example.net.');
    expect(plain.content).toBe('10 mail.example.net.');
    const apex = accepted('MX', input({ target: '@', priority: 20 }));
    expect(apex.fields.target).toBe('@');
    expect(apex.content).toBe('20 example.com.');
    const dotted = accepted('MX', input({ target: 'MX.example.org.', priority: 30 }));
    expect(dotted.fields.target).toBe('mx.example.org.');
    expect(dotted.content).toBe('30 mx.example.org.');
  });

  it('on update always dots the target, @ becoming the zone', () => {
    const apex = accepted('MX', input({ target: '@', priority: 20 }), 'update');
    expect(apex.fields.target).toBe('example.com.');
    expect(apex.content).toBe('20 example.com.');
    const plain = accepted('MX', input({ target: 'mail2.example.net', priority: 5 }), 'update');
    expect(plain.fields.target).toBe('mail2.example.net.');
  });

  it('refuses a malformed target on the target field', () => {
    expect(refused('MX', input({ target: 'bad..name', priority: 10 }))).toEqual({
      target: M.labelLength,
    });
  });
});

describe('checkRecord: SRV (docs/dns.md "SRV")', () => {
  it('serves priority, weight, port and the absolute target', () => {
    const record = accepted(
      'SRV',
      input({ priority: 10, weight: 5, port: 5060, target: 'sip' }, '_sip._tcp'),
    );
    expect(record.name).toBe('_sip._tcp');
    expect(record.fields.target).toBe('sip');
    expect(record.content).toBe('10 5 5060 sip.example.com.');
  });

  it('accepts "." as the target (no such service)', () => {
    const record = accepted(
      'SRV',
      input({ priority: 0, weight: 0, port: 0, target: '.' }, '_imap._tcp'),
    );
    expect(record.content).toBe('0 0 0 .');
  });

  it('holds any other target to the host name rules', () => {
    const srv = { priority: 10, weight: 5, port: 5060 };
    expect(refused('SRV', input({ ...srv, target: '-sip.example.net.' }, '_sip._tcp'))).toEqual({
      target: M.hostname,
    });
    expect(refused('SRV', input({ ...srv, target: 'sip..example.net.' }, '_sip._tcp'))).toEqual({
      target: M.labelLength,
    });
    const upper = accepted('SRV', input({ ...srv, target: 'SIP.Example.NET.' }, '_sip._tcp'));
    expect(upper.fields.target).toBe('sip.example.net.');
  });
});

describe('checkRecord: CAA (docs/dns.md "CAA")', () => {
  it('accepts the tags issue, issuewild and iodef in any case, stored lowercase', () => {
    const issue = accepted('CAA', input({ flags: 0, tag: ' ISSUE ', value: 'letsencrypt.org' }));
    expect(issue.fields.tag).toBe('issue');
    expect(issue.content).toBe('0 issue "letsencrypt.org"');
    expect(accepted('CAA', input({ flags: 0, tag: 'issuewild', value: ';' })).content).toBe(
      '0 issuewild ";"',
    );
    expect(
      accepted('CAA', input({ flags: 128, tag: 'iodef', value: 'mailto:ca@example.com' })).content,
    ).toBe('128 iodef "mailto:ca@example.com"');
  });

  it('refuses any other tag', () => {
    expect(refused('CAA', input({ flags: 0, tag: 'contactemail', value: 'x' }))).toEqual({
      tag: M.caaTag,
    });
    expect(refused('CAA', input({ flags: 0, tag: '', value: 'x' }))).toEqual({ tag: M.caaTag });
  });

  it('accepts a value of 1 to 1024 characters', () => {
    expect(refused('CAA', input({ flags: 0, tag: 'issue', value: '' }))).toEqual({
      value: M.caaValue,
    });
    const longest = 'v'.repeat(DNS.caaValueMaxLength);
    expect(accepted('CAA', input({ flags: 0, tag: 'issue', value: longest })).ok).toBe(true);
    expect(refused('CAA', input({ flags: 0, tag: 'issue', value: `${longest}v` }))).toEqual({
      value: M.caaValue,
    });
  });
});

describe('request bodies (portal.md §5, §7; docs/dns.md "TTL")', () => {
  it('gives a new zone a TTL of 3600 when none is sent', () => {
    const body = v.parse(ZoneCreateSchema, { zone_name: 'example.com' });
    expect(body.ttl).toBe(DEFAULT_ZONE_TTL);
    expect(DEFAULT_ZONE_TTL).toBe(3600);
  });

  it('accepts a TTL of whole seconds from 60 to 604800 and refuses one past either end', () => {
    expect(issueMessages(ZoneUpdateSchema, { ttl: 60 })).toEqual([]);
    expect(issueMessages(ZoneUpdateSchema, { ttl: 604_800 })).toEqual([]);
    expect(issueMessages(ZoneUpdateSchema, { ttl: 59 })).toEqual([M.ttl]);
    expect(issueMessages(ZoneUpdateSchema, { ttl: 604_801 })).toEqual([M.ttl]);
    expect(issueMessages(ZoneUpdateSchema, { ttl: 3600.5 })).toEqual([M.ttl]);
    expect(issueMessages(ZoneUpdateSchema, { ttl: '3600' })).toEqual([M.ttl]);
  });

  it('lets a record’s name default to @ and its TTL to null (the zone’s)', () => {
    const body = v.parse(recordBodySchema('A'), { ipv4_address: '192.0.2.10' });
    expect(body.name).toBe('@');
    expect(body.ttl).toBeNull();
    expect(issueMessages(recordBodySchema('A'), { ipv4_address: '192.0.2.10', ttl: 59 })).toEqual([
      M.ttl,
    ]);
  });

  it('takes SRV numbers from 0 to 65535 and CAA flags from 0 to 255', () => {
    const srv = { target: '.', weight: 0, port: 65_535 };
    expect(issueMessages(recordBodySchema('SRV'), { ...srv, priority: 0 })).toEqual([]);
    expect(issueMessages(recordBodySchema('SRV'), { ...srv, priority: 65_536 })).toEqual([
      M.uint16,
    ]);
    expect(issueMessages(recordBodySchema('SRV'), { ...srv, priority: -1 })).toEqual([M.uint16]);
    const caa = { tag: 'issue', value: 'x' };
    expect(issueMessages(recordBodySchema('CAA'), { ...caa, flags: 255 })).toEqual([]);
    expect(issueMessages(recordBodySchema('CAA'), { ...caa, flags: 256 })).toEqual([M.caaFlags]);
  });

  it('refuses an empty zone file and one over 1,000,000 octets, and only previews by default', () => {
    expect(v.parse(ImportRequestSchema, { zone_file: '$TTL 3600' }).apply).toBe(false);
    expect(issueMessages(ImportRequestSchema, { zone_file: '' })).toEqual([M.importEmpty]);
    const largest = 'a'.repeat(DNS.importMaxBytes);
    expect(issueMessages(ImportRequestSchema, { zone_file: largest })).toEqual([]);
    expect(issueMessages(ImportRequestSchema, { zone_file: `${largest}a` })).toEqual([
      M.importTooLarge,
    ]);
    expect(issueMessages(ImportRequestSchema, { zone_file: 'é'.repeat(500_001) })).toEqual([
      M.importTooLarge,
    ]);
  });
});

describe('paging and ids (portal.md §4 "DNS paging")', () => {
  it('pages by 10 from offset 0 by default', () => {
    expect(v.parse(DnsPageQuerySchema, {})).toEqual({ limit: DNS_PAGE_SIZE, offset: 0 });
    expect(DNS_PAGE_SIZE).toBe(10);
    expect(v.parse(DnsPageQuerySchema, { limit: '25', offset: '50' })).toEqual({
      limit: 25,
      offset: 50,
    });
  });

  it('accepts a limit from 1 to the show-all cap and a whole offset', () => {
    expect(issueMessages(DnsPageQuerySchema, { limit: '1' })).toEqual([]);
    expect(issueMessages(DnsPageQuerySchema, { limit: String(DNS.pageSizeMax) })).toEqual([]);
    expect(issueMessages(DnsPageQuerySchema, { limit: '0' })).toHaveLength(1);
    expect(issueMessages(DnsPageQuerySchema, { limit: String(DNS.pageSizeMax + 1) })).toHaveLength(
      1,
    );
    expect(issueMessages(DnsPageQuerySchema, { offset: '-10' })).toEqual([
      'offset must be a whole number',
    ]);
  });

  it('reads a path id of digits without leading zeros, up to the id column’s maximum', () => {
    expect(parseDnsId('1')).toBe(1);
    expect(parseDnsId('42')).toBe(42);
    expect(parseDnsId('1234567890')).toBe(1_234_567_890);
    expect(parseDnsId(String(DATABASE_ID_MAX))).toBe(DATABASE_ID_MAX);
    expect(parseDnsId(String(DATABASE_ID_MAX + 1))).toBeNull();
    expect(parseDnsId('12345678901')).toBeNull();
    expect(parseDnsId('0')).toBeNull();
    expect(parseDnsId('01')).toBeNull();
    expect(parseDnsId('')).toBeNull();
    expect(parseDnsId('12a')).toBeNull();
    expect(parseDnsId('a12')).toBeNull();
    expect(parseDnsId('1e3')).toBeNull();
  });
});

describe('paths and SOA (portal.md §7 "DNS"; docs/dns.md "SOA")', () => {
  it('addresses zones, records, aliases and zone files as the API lists them', () => {
    expect(DNS_PATHS.zones).toBe('/dns');
    expect(DNS_PATHS.zone(7)).toBe('/dns/7');
    expect(DNS_PATHS.records(7)).toBe('/dns/7/records');
    expect(DNS_PATHS.recordsOfType(7, 'MX')).toBe('/dns/7/records/MX');
    expect(DNS_PATHS.record(7, 'MX', 9)).toBe('/dns/7/records/MX/9');
    expect(DNS_PATHS.aliases(7)).toBe('/dns/7/aliases');
    expect(DNS_PATHS.alias(7, 3)).toBe('/dns/7/aliases/3');
    expect(DNS_PATHS.exportZone(7)).toBe('/dns/7/export');
    expect(DNS_PATHS.importZone(7)).toBe('/dns/7/import');
  });

  it('writes the product’s SOA with hostmaster@zone and its fixed timers', () => {
    expect(soaContent('ns1.ridgeline.example.', ZONE, 2026050401)).toBe(
      'ns1.ridgeline.example. hostmaster.example.com. 2026050401 10800 3600 604800 3600',
    );
  });
});
