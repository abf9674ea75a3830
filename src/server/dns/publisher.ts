/**
 * Where the DNS panel's zones are served (docs/dns.md "Publishing"). A publisher receives whole
 * RRsets (every record of one name and type), as PowerDNS's API edits them: `none` accepts and
 * serves nothing (the embedded default), `powerdns` sends them to a PowerDNS server's HTTP API.
 */
import type { DnsConfig } from './config.ts';

/** One name and type with all its records; no records means the RRset is to be removed. */
export interface Rrset {
  /** Absolute, with the final dot, lowercase. */
  name: string;
  type: string;
  ttl: number;
  records: string[];
}

export interface DnsPublisher {
  readonly kind: DnsConfig['publisher'];
  /** Makes the zone `zone` hold exactly `rrsets` (created when missing). */
  syncZone(zone: string, rrsets: Rrset[]): Promise<void>;
  /** Replaces these RRsets of an existing zone (an empty one is deleted). Throws {@link ZoneMissing}. */
  replaceRrsets(zone: string, rrsets: Rrset[]): Promise<void>;
  /** Removes the zone; a zone that is not there is fine. */
  deleteZone(zone: string): Promise<void>;
}

/** The name server does not have the zone (it must be synced whole). */
export class ZoneMissing extends Error {}

export class PublishError extends Error {}

export const nonePublisher: DnsPublisher = {
  kind: 'none',
  syncZone: async () => undefined,
  replaceRrsets: async () => undefined,
  deleteZone: async () => undefined,
};

const TIMEOUT_MS = 5000;

/** What is compared of an RRset: its TTL and its records in order. */
function fingerprint(rrset: Rrset): string {
  return `${rrset.ttl} ${[...rrset.records].sort().join('\n')}`;
}

export function powerdnsPublisher(config: DnsConfig): DnsPublisher {
  const zones = `${config.powerdnsApiUrl}/api/v1/servers/localhost/zones`;
  const zoneUrl = (zone: string) => `${zones}/${encodeURIComponent(`${zone}.`)}`;

  async function call(method: string, url: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { 'X-API-Key': config.powerdnsApiKey, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new PublishError(`PowerDNS is not reachable (${cause ?? (error as Error).name})`);
    }
    return response;
  }

  async function failure(response: Response): Promise<PublishError> {
    const text = await response.text().catch(() => '');
    let reason = text;
    try {
      reason = (JSON.parse(text) as { error?: string }).error ?? text;
    } catch {
      // not JSON: the text as it is
    }
    return new PublishError(`PowerDNS answered ${response.status}: ${reason.slice(0, 300)}`);
  }

  const patch = (zone: string, rrsets: Rrset[]) =>
    call('PATCH', zoneUrl(zone), {
      rrsets: rrsets.map((rrset) =>
        rrset.records.length === 0
          ? { name: rrset.name, type: rrset.type, changetype: 'DELETE' }
          : {
              name: rrset.name,
              type: rrset.type,
              ttl: rrset.ttl,
              changetype: 'REPLACE',
              records: rrset.records.map((content) => ({ content, disabled: false })),
            },
      ),
    });

  return {
    kind: 'powerdns',

    async replaceRrsets(zone, rrsets) {
      if (rrsets.length === 0) return;
      const response = await patch(zone, rrsets);
      if (response.status === 404) throw new ZoneMissing(zone);
      if (!response.ok) throw await failure(response);
    },

    async syncZone(zone, rrsets) {
      const current = await call('GET', zoneUrl(zone));
      if (current.status === 404 || current.status === 422) {
        const created = await call('POST', zones, {
          name: `${zone}.`,
          kind: 'Native',
          // Our SOA serial is the one served: PowerDNS must not edit it.
          soa_edit_api: '',
          // No DNSSEC: a change needs no rectify of the whole zone (which costs a PATCH of one
          // record on a zone of 10,000 from ~10 ms to 60-800 ms); delegations answer the same.
          api_rectify: false,
          nameservers: [],
          rrsets: rrsets
            .filter((rrset) => rrset.records.length > 0)
            .map((rrset) => ({
              name: rrset.name,
              type: rrset.type,
              ttl: rrset.ttl,
              records: rrset.records.map((content) => ({ content, disabled: false })),
            })),
        });
        if (!created.ok) throw await failure(created);
        return;
      }
      if (!current.ok) throw await failure(current);
      const served = (await current.json()) as {
        rrsets: { name: string; type: string; ttl: number; records: { content: string }[] }[];
      };
      // A zone created before rectifying was turned off (PowerDNS shows `api_rectify: false`
      // for a zone without the setting, which then follows default-api-rectify, yes by default).
      const put = await call('PUT', zoneUrl(zone), { api_rectify: false });
      if (!put.ok) throw await failure(put);
      const have = new Map(
        served.rrsets.map((r) => [
          `${r.name} ${r.type}`,
          fingerprint({ ...r, records: r.records.map((x) => x.content) }),
        ]),
      );
      const wanted = new Set(rrsets.map((r) => `${r.name} ${r.type}`));
      const changes = rrsets.filter((r) => have.get(`${r.name} ${r.type}`) !== fingerprint(r));
      for (const r of served.rrsets) {
        if (!wanted.has(`${r.name} ${r.type}`)) {
          changes.push({ name: r.name, type: r.type, ttl: r.ttl, records: [] });
        }
      }
      if (changes.length === 0) return;
      const response = await patch(zone, changes);
      if (!response.ok) throw await failure(response);
    },

    async deleteZone(zone) {
      const response = await call('DELETE', zoneUrl(zone));
      if (!response.ok && response.status !== 404 && response.status !== 422) {
        throw await failure(response);
      }
    },
  };
}

export function publisherFor(config: DnsConfig): DnsPublisher {
  return config.publisher === 'powerdns' ? powerdnsPublisher(config) : nonePublisher;
}
