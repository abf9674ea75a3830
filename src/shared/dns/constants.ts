/**
 * The DNS panel's constants (docs/dns.md "Rules"): the spec's page size and default zone TTL
 * (portal.md §9), what a name server demands of names, records and zone files, and the countdown's
 * step. The new-zone countdown itself is TIMERS.newZoneDisabledSeconds in constants.ts.
 */

/** The DNS panel's page size and a new zone's TTL (portal.md §9). */
export const DNS_PAGE_SIZE = 10;
export const DEFAULT_ZONE_TTL = 3600;

export const DNS = {
  /** A new zone's countdown goes down by 1 every second (TIMERS.newZoneDisabledSeconds). */
  countdownStepMs: 1000,
  /** TTL bounds in seconds, zones and records alike. */
  ttlMin: 60,
  ttlMax: 604_800,
  /** RFC 1035: a label is 1 to 63 octets, a whole name at most 253 characters in text. */
  labelMaxLength: 63,
  nameMaxLength: 253,
  /** One character-string of a TXT record holds at most 255 octets. */
  txtStringMaxBytes: 255,
  /** The longest TXT text we accept, in octets (split into 255-octet strings). */
  txtMaxBytes: 4096,
  /** SRV and MX priority, SRV weight and port: 16-bit unsigned. */
  uint16Max: 65_535,
  /** CAA flags: one octet. */
  caaFlagsMax: 255,
  caaValueMaxLength: 1024,
  /** The largest page a listing gives; show-all asks for the total, capped here. */
  pageSizeMax: 100_000,
  /** A zone file of an import: at most this many octets and records. */
  importMaxBytes: 1_000_000,
  importMaxRecords: 20_000,
  /** SOA timers the product writes (seconds): refresh, retry, expire, negative-answer TTL. */
  soa: { refresh: 10_800, retry: 3600, expire: 604_800, minimum: 3600 },
} as const;
