/**
 * The admin proxy's calls (docs/api.md "Session": `GET /admin/customers`, `POST /admin/proxy`),
 * typed by the shared contract. Every call goes through the app's HTTP client.
 */
import type { AdminCustomersResponse, SessionUser } from '#shared/session/types';
import type { ApiClient } from '../../api/client.ts';

export function adminApi(api: ApiClient) {
  return {
    searchCustomers: async (query: string) =>
      (await api.get<AdminCustomersResponse>('/admin/customers', { searchParams: { q: query } }))
        .customers,
    startProxy: (input: { cid: number }) => api.post<SessionUser>('/admin/proxy', input),
  };
}
