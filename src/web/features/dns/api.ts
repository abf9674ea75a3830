/**
 * The DNS page's calls (docs/api.md "DNS"), typed by the shared contract, and the DNS page
 * machine with them (given to the children that make them). A failed change is handed to the
 * forms machine as its message (a refused record's
 * `detail`, portal.md §8) and the 422's field errors (portal.md §5).
 */
import { API_BASE_PATH } from '#shared/constants';
import {
  DNS_PATHS,
  type DnsZone,
  type ImportPreview,
  type RecordsPage,
  type ZonesPage,
} from '#shared/dns/rules';
import {
  dnsPanelWithCalls,
  type ChangeAnswer,
  type ChangeFailure,
  type DnsChange,
} from '#machines/dns/dns-panel.machine';
import { ApiFailure, type ApiClient } from '../../api/client.ts';

function failureOf(error: unknown): ChangeFailure {
  if (error instanceof ApiFailure) {
    return { message: error.body?.detail ?? error.message, fieldErrors: error.fieldErrors };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

export function dnsApi(api: ApiClient) {
  async function change(request: DnsChange): Promise<ChangeAnswer> {
    switch (request.kind) {
      case 'zone.create': {
        const { zone } = await api.post<{ zone: DnsZone }>(DNS_PATHS.zones, {
          zone_name: request.zone_name,
          ttl: request.ttl,
        });
        return { zone };
      }
      case 'zone.update':
        await api.put(DNS_PATHS.zone(request.zoneId), { ttl: request.ttl });
        return {};
      case 'zone.delete':
        await api.delete(DNS_PATHS.zone(request.zoneId));
        return {};
      case 'record.save':
        if (request.recordId === null) {
          await api.post(DNS_PATHS.recordsOfType(request.zoneId, request.recordType), request.body);
        } else {
          await api.put(
            DNS_PATHS.record(request.zoneId, request.recordType, request.recordId),
            request.body,
          );
        }
        return {};
      case 'record.delete':
        await api.delete(DNS_PATHS.record(request.zoneId, request.recordType, request.recordId));
        return {};
      case 'alias.add':
        await api.post(DNS_PATHS.aliases(request.zoneId), { alias_name: request.alias_name });
        return {};
      case 'alias.delete':
        await api.delete(DNS_PATHS.alias(request.zoneId, request.aliasId));
        return {};
      case 'import.preview':
      case 'import.apply': {
        const preview = await api.post<ImportPreview>(DNS_PATHS.importZone(request.zoneId), {
          zone_file: request.zone_file,
          apply: request.kind === 'import.apply',
        });
        return { preview };
      }
    }
  }
  return {
    loadZones: (page: { limit: number; offset: number }) =>
      api.get<ZonesPage>(DNS_PATHS.zones, { searchParams: page }),
    loadRecords: ({ zoneId, ...page }: { zoneId: number; limit: number; offset: number }) =>
      api.get<RecordsPage>(DNS_PATHS.records(zoneId), { searchParams: page }),
    change: (request: DnsChange) =>
      change(request).catch((error: unknown) => {
        throw failureOf(error);
      }),
    /** A zone's file (GET /dns/{zone_id}/export): its link's address, and the file itself. */
    exportUrl: (zoneId: number) => `${API_BASE_PATH}${DNS_PATHS.exportZone(zoneId)}`,
    exportFile: (zoneId: number) => api.get<Blob>(DNS_PATHS.exportZone(zoneId), { as: 'blob' }),
  };
}

export function provideDnsPanel(api: ApiClient) {
  return dnsPanelWithCalls(dnsApi(api));
}
