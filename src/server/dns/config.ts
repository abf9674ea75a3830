/**
 * The DNS publisher's configuration (docs/dns.md "Publishing"), read with the rest of the
 * server's (config.ts): which publisher (`none`, the embedded default, or `powerdns`), where the
 * PowerDNS HTTP API is and its key, the name servers written into new zones' NS records, the
 * provider's own names no customer may hold, the lease and retries of a publication job, and how
 * often whole zones are reconciled.
 */
import * as v from 'valibot';
import { registrableDomain } from '#shared/dns/claims';
import { checkZoneName } from '#shared/dns/rules';
import { DNS_MESSAGES } from '#shared/dns/messages';
import { isHostName } from '#shared/host-names';

export interface DnsConfig {
  /** DNS_PUBLISHER: `none` keeps the panel working and serves nothing; `powerdns` publishes. */
  publisher: 'none' | 'powerdns';
  /** POWERDNS_API_URL, e.g. http://127.0.0.1:8081 (the API under /api/v1). */
  powerdnsApiUrl: string;
  /** POWERDNS_API_KEY (X-API-Key). Required with DNS_PUBLISHER=powerdns. */
  powerdnsApiKey: string;
  /** DNS_NAMESERVERS: comma-separated host names, each new zone's NS records; the first is the SOA's. */
  nameservers: string[];
  /**
   * The provider's names, which no zone or alias may be at, above or under (docs/dns.md "Who holds
   * a name"): the name servers, their registered domains and DNS_RESERVED_NAMES (comma-separated
   * domain names). Lowercase ASCII, no final dot.
   */
  reservedNames: string[];
  /**
   * DNS_PUBLISH_LEASE_SECONDS: how long one run of a `dns.publish` job may hold a name before
   * another instance takes it over (the job's lease).
   */
  leaseSeconds: number;
  /** DNS_PUBLISH_RETRY_SECONDS: the first retry's delay of a failed publication (then doubling). */
  retrySeconds: number;
  /** DNS_RECONCILE_SECONDS: how often every zone is compared whole with the name server (0: never). */
  reconcileSeconds: number;
}

type Env = Record<string, string | undefined>;

/** Makes the server's configuration error (config.ts `ConfigError`), naming the variable. */
type Fail = (variable: string, problem: string) => Error;

function whole(env: Env, fail: Fail, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) {
    throw fail(name, `must be a whole number from 0 to ${max}`);
  }
  return Number(raw);
}

export function loadDnsConfig(env: Env, fail: Fail): DnsConfig {
  const publisher = env.DNS_PUBLISHER?.trim() || 'none';
  if (!v.is(v.picklist(['none', 'powerdns']), publisher)) {
    throw fail('DNS_PUBLISHER', 'must be none or powerdns');
  }
  const powerdnsApiUrl = env.POWERDNS_API_URL?.trim() || 'http://127.0.0.1:8081';
  if (!/^https?:\/\/[^/]+$/.test(powerdnsApiUrl.replace(/\/$/, ''))) {
    throw fail('POWERDNS_API_URL', 'must be http(s)://host:port');
  }
  const powerdnsApiKey = env.POWERDNS_API_KEY?.trim() ?? '';
  if (publisher === 'powerdns' && powerdnsApiKey === '') {
    throw fail('POWERDNS_API_KEY', 'is required with DNS_PUBLISHER=powerdns');
  }
  const nameservers = (env.DNS_NAMESERVERS ?? 'ns1.ridgeline.example,ns2.ridgeline.example')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (
    nameservers.length === 0 ||
    !nameservers.every((name) => isHostName(name.replace(/\.$/, '')))
  ) {
    throw fail('DNS_NAMESERVERS', 'must be host names separated by commas');
  }
  const reserved: string[] = [];
  for (const raw of (env.DNS_RESERVED_NAMES ?? '').split(',')) {
    if (raw.trim() === '') continue;
    const name = checkZoneName(raw);
    if (!name.ok) throw fail('DNS_RESERVED_NAMES', 'must be domain names separated by commas');
    reserved.push(name.name);
  }
  const bare = nameservers.map((name) => name.replace(/\.$/, ''));
  const domains = bare.map(registrableDomain).filter((name) => name !== null);
  return {
    publisher,
    powerdnsApiUrl: powerdnsApiUrl.replace(/\/$/, ''),
    powerdnsApiKey,
    nameservers: nameservers.map((name) => (name.endsWith('.') ? name : `${name}.`)),
    reservedNames: [...new Set([...bare, ...domains, ...reserved])],
    leaseSeconds: Math.max(whole(env, fail, 'DNS_PUBLISH_LEASE_SECONDS', 60, 3600), 3),
    retrySeconds: whole(env, fail, 'DNS_PUBLISH_RETRY_SECONDS', 1, 3600) || 1,
    reconcileSeconds: whole(env, fail, 'DNS_RECONCILE_SECONDS', 300, 31_536_000),
  };
}

/**
 * What `npm start` says of DNS among its first lines: where zones are served, or, with
 * DNS_PUBLISHER=none, that nothing serves them and how to turn publishing on.
 */
export function dnsStartLine(dns: DnsConfig): string {
  if (dns.publisher === 'powerdns') return `DNS: published to PowerDNS at ${dns.powerdnsApiUrl}`;
  return (
    `DNS: ${DNS_MESSAGES.publicationOff} (DNS_PUBLISHER=none). To serve the zones, set ` +
    'DNS_PUBLISHER=powerdns, POWERDNS_API_URL and POWERDNS_API_KEY, or try it with a local ' +
    'PowerDNS: npm run dev:dns (docs/dns.md)'
  );
}
