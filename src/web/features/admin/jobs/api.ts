/**
 * The Admin "Jobs" page's calls (docs/api.md "GET /admin/jobs", "POST
 * /admin/jobs/{kind}/dead/{id}/retry"), typed by the shared contract.
 */
import type { AdminJobsResponse, RetriedJob } from '#shared/jobs/types';
import type { ApiClient } from '../../../api/client.ts';

export function adminJobsApi(api: ApiClient) {
  return {
    load: () => api.get<AdminJobsResponse>('/admin/jobs'),
    retry: ({ kind, id }: { kind: string; id: string }) =>
      api.post<RetriedJob>(
        `/admin/jobs/${encodeURIComponent(kind)}/dead/${encodeURIComponent(id)}/retry`,
      ),
  };
}
