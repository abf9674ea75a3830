/**
 * The sample server of the DNS machines' registrations (tests and charts only): 25 zones and, in
 * every zone, 25 records (three pages of each, portal.md §4: 10 a page). It answers the page it is
 * asked for (docs/api.md "DNS": limit and offset), records grouped by type.
 */
import { DNS_PAGE_SIZE } from '#shared/dns/constants';
import type { DnsRecord, DnsZone, RecordsPage, ZonesPage } from '#shared/dns/rules';

/** A zone with two aliases (ids unique over the account). */
export const sampleZone = (zone_id: number, zone_name: string): DnsZone => ({
  zone_id,
  zone_name,
  ttl: 3600,
  aliases: [
    { alias_id: 4000 + 2 * zone_id, alias_name: `a1-${zone_name}` },
    { alias_id: 4001 + 2 * zone_id, alias_name: `a2-${zone_name}` },
  ],
  soa: {
    primary: 'ns1.ridgeline.example.',
    hostmaster: `hostmaster.${zone_name}.`,
    serial: 7,
    refresh: 10800,
    retry: 3600,
    expire: 604800,
    minimum: 3600,
  },
  publication: { state: 'published', error: null },
  created_at: '2030-01-15T12:00:00.000Z',
});

export const FIRST = sampleZone(1, 'first.example');
export const SECOND = sampleZone(2, 'second.example');
/** The customer's 25 zones: pages 1–10, 11–20 and 21–25. */
export const ZONE_LIST: readonly DnsZone[] = [
  FIRST,
  SECOND,
  ...Array.from({ length: 23 }, (_, i) =>
    sampleZone(i + 3, `zone-${String(i + 3).padStart(2, '0')}.example`),
  ),
];
export const ZONE_COUNT = ZONE_LIST.length;

export const zonesPage = (offset: number, limit: number): ZonesPage => ({
  total_zones: ZONE_COUNT,
  zones: ZONE_LIST.slice(offset, offset + limit),
  limit,
  offset,
});
export const NO_ZONES: ZonesPage = { total_zones: 0, zones: [], limit: DNS_PAGE_SIZE, offset: 0 };

let nextRecordId = 100_001;
const rec = (record_type: string, name: string, content: string, fields: object): DnsRecord =>
  ({
    record_id: nextRecordId++,
    record_type,
    name,
    ttl: null,
    content,
    ...fields,
  }) as DnsRecord;

/** The MX record the samples edit and delete (on the first page of records). */
export const RECORD = rec('MX', '@', '10 mail.example.net.', {
  target: 'mail.example.net.',
  priority: 10,
}) as Extract<DnsRecord, { record_type: 'MX' }>;

/**
 * Every zone's 25 records as the server answers them: grouped by type (A, AAAA, CNAME, MX, NS,
 * TXT, SRV), then by name; the first page holds A, AAAA, CNAME and MX, the second NS and TXT, the
 * third SRV.
 */
export const RECORD_LIST: readonly DnsRecord[] = [
  rec('A', '@', '192.0.2.1', { ipv4_address: '192.0.2.1' }),
  rec('A', 'ftp', '192.0.2.2', { ipv4_address: '192.0.2.2' }),
  rec('A', 'mail', '192.0.2.3', { ipv4_address: '192.0.2.3' }),
  rec('A', 'www', '192.0.2.4', { ipv4_address: '192.0.2.4' }),
  rec('AAAA', '@', '2001:db8::1', { ipv6_address: '2001:db8::1' }),
  rec('AAAA', 'www', '2001:db8::4', { ipv6_address: '2001:db8::4' }),
  rec('CNAME', 'blog', 'www.first.example.', { canonical_name: 'www' }),
  rec('CNAME', 'shop', 'www.first.example.', { canonical_name: 'www' }),
  RECORD,
  rec('MX', '@', '20 backup.example.net.', { target: 'backup.example.net.', priority: 20 }),
  rec('NS', '@', 'ns1.ridgeline.example.', { nameserver: 'ns1.ridgeline.example.' }),
  rec('NS', '@', 'ns2.ridgeline.example.', { nameserver: 'ns2.ridgeline.example.' }),
  ...Array.from({ length: 8 }, (_, i) =>
    rec('TXT', `txt-${i + 1}`, `"note ${i + 1}"`, { text: `note ${i + 1}` }),
  ),
  ...Array.from({ length: 5 }, (_, i) =>
    rec('SRV', `_s${i + 1}._tcp`, `0 5 5060 sip.example.net.`, {
      priority: 0,
      weight: 5,
      port: 5060,
      target: 'sip.example.net.',
    }),
  ),
];
export const RECORD_COUNT = RECORD_LIST.length;
export const recordsPage = (offset: number, limit: number): RecordsPage => ({
  total_records: RECORD_COUNT,
  records: RECORD_LIST.slice(offset, offset + limit),
  limit,
  offset,
});

/** The spec's order of record types (docs/api.md "DNS": records are grouped by type). */
export const TYPE_ORDER = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SRV', 'CAA', 'PTR'];

/**
 * A pager over `total` items at `offset`, `limit` a page (portal.md §4): the items shown, "of" the
 * total; Previous works past the first page, Next before the last (while the list is shown), and
 * "all shown" when every item is on this page.
 */
export function pagerFor(offset: number, limit: number, total: number, shown: boolean): string {
  const count = Math.max(0, Math.min(limit, total - offset));
  const range = count === 0 ? '0–0' : `${offset + 1}–${offset + count}`;
  return [
    `${range} of ${total}`,
    ...(shown && offset > 0 ? ['previous'] : []),
    ...(shown && offset + limit < total ? ['next'] : []),
    ...(offset === 0 && count === total && total > 0 ? ['all shown'] : []),
  ].join(' · ');
}

/** A pager as its selector gives it: "11–20 of 25", then the buttons that work. */
export function pagerText(view: {
  from: number;
  to: number;
  total: number;
  canPrevious: boolean;
  canNext: boolean;
  showingAll: boolean;
}): string {
  const buttons = [
    view.canPrevious ? 'previous' : null,
    view.canNext ? 'next' : null,
    view.showingAll ? 'all shown' : null,
  ].filter((part) => part !== null);
  return [`${view.from}–${view.to} of ${view.total}`, ...buttons].join(' · ');
}
