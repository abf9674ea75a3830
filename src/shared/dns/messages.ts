/**
 * The DNS panel's messages (portal.md §2 DNS panel, §5, §8; docs/dns.md). Each `{…}` is filled by
 * the function beside it.
 */
import { DNS } from './constants.ts';

export const DNS_MESSAGES = {
  zoneNotFound: 'That DNS zone does not exist.',
  recordNotFound: 'That DNS record does not exist.',
  aliasNotFound: 'That zone alias does not exist.',
  recordTypeUnknown: 'DNS records of that type are not supported.',
  zoneName: 'Enter a domain name such as example.com.',
  zoneNameTaken: 'That domain name is already used by a DNS zone or alias.',
  /** Names at, above or under another account's zone or alias (docs/dns.md "Who holds a name"). */
  zoneNameOtherAccount:
    'That domain name, or a name above or under it, belongs to another account.',
  zoneNameReserved: 'That domain name is reserved for the provider and cannot be used.',
  zoneNamePublicSuffix:
    'That is a public suffix, under which anyone can register a domain: enter your domain, such as example.co.uk.',
  /** A zone keeps at least one NS record at its apex (docs/dns.md "Rules"). */
  lastApexNameserver:
    'A zone needs at least one NS record at @: add another before removing this one.',
  recordDeleteFailed: 'The DNS record could not be deleted.',
  labelLength: `Each part of a name must be 1 to ${DNS.labelMaxLength} characters.`,
  nameLength: `A name must be at most ${DNS.nameMaxLength} characters.`,
  hostname:
    'Enter a host name: letters, digits and hyphens separated by dots (@ for the zone itself).',
  recordName: 'Enter a name inside this zone: @ for the zone itself, or a name such as www.',
  nameOutsideZone: 'That name is not inside this zone.',
  ttl: `Enter a TTL in whole seconds from ${DNS.ttlMin} to ${DNS.ttlMax}.`,
  ipv4: 'Enter an IPv4 address such as 192.0.2.10.',
  ipv6: 'Enter an IPv6 address such as 2001:db8::10.',
  text: `Enter text of 1 to ${DNS.txtMaxBytes} bytes.`,
  uint16: `Enter a whole number from 0 to ${DNS.uint16Max}.`,
  caaFlags: `Enter a whole number from 0 to ${DNS.caaFlagsMax}.`,
  caaTag: 'Choose issue, issuewild or iodef.',
  caaValue: `Enter a value of 1 to ${DNS.caaValueMaxLength} characters.`,
  cnameAtApex: 'A CNAME record cannot be at the zone itself (@).',
  cnameBesideOthers: 'A CNAME record cannot share its name with any other record.',
  othersBesideCname: 'This name already has a CNAME record, which cannot share its name.',
  duplicateRecord: 'An identical record already exists.',
  recordCreateFailed: 'The DNS record could not be created.',
  recordUpdateFailed: 'The DNS record could not be changed.',
  zoneSaveFailed: 'The DNS zone could not be saved.',
  zoneDeleted: 'The DNS zone was deleted.',
  recordDeleted: 'The DNS record was deleted.',
  aliasDeleted: 'The zone alias was removed.',
  importEmpty: 'Paste or choose a zone file.',
  importTooLarge: `A zone file may hold at most ${DNS.importMaxBytes} bytes.`,
  importTooManyRecords: `A zone file may hold at most ${DNS.importMaxRecords} records.`,
  importFailed: 'The zone file has errors; nothing was changed.',
  importApplied: 'The zone file was imported.',
  importUnknownType: (type: string) => `Records of type ${type} cannot be imported.`,
  importSyntax: 'This line is not a record this panel understands.',
  importClass: 'Only class IN is supported.',
  importRecordError: (field: string, message: string) => `${field}: ${message}`,
  publicationPublished: 'Published',
  publicationPending: 'Publishing…',
  publicationFailed: (reason: string) => `Not published yet: ${reason}`,
  /** DNS_PUBLISHER=none: the panel keeps the zones and no name server serves them. */
  publicationOff: 'Not served: DNS publishing is off',
  /** The record editor, under a target as it is typed: the absolute name served (docs/dns.md). */
  servedAs: (name: string) => `Will be served as ${name}`,
  /** portal.md §5: a short MX target gets a final dot, which puts it at the root of the DNS. */
  servedAtRoot: (typed: string, zone: string) =>
    `"${typed}" points at the root of the DNS, not at a host in ${zone}: for that host, enter ${typed}.${zone}`,
  /** Why a user who may only view DNS (services view) finds its forms disabled (portal.md §6). */
  readOnly:
    'You can view DNS but not change it: changes take the Services permission at manage level.',
  /** Shown on a new zone's buttons while they are disabled (portal.md §4). */
  disabledFor: (label: string, seconds: number) => `${label} (Disabled for ${seconds}s)`,
} as const;

/** The record editor's field labels (portal.md §3 "DNS record"). */
export const DNS_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  ttl: 'TTL (seconds)',
  ipv4_address: 'IPv4 address',
  ipv6_address: 'IPv6 address',
  text: 'Text',
  canonical_name: 'Canonical name',
  priority: 'Priority',
  weight: 'Weight',
  port: 'Port',
  target: 'Target',
  nameserver: 'Name server',
  flags: 'Flags',
  tag: 'Tag',
  value: 'Value',
  ptrdname: 'Points to',
};
