/**
 * The admin proxy's calls (docs/api.md "Session": `GET /admin/customers`, `POST /admin/proxy`;
 * "Notices": `POST /notices`, `POST /notices/preview`),
 * typed by the shared contract. Every call goes through the app's HTTP client.
 */
import type { NewNotice } from '#shared/notices/schemas';
import type { Notice, NoticePreview } from '#shared/notices/types';
import type { AdminCustomersResponse, SessionUser } from '#shared/session';
import type { ApiClient } from '../../api/client.ts';

export function adminApi(api: ApiClient) {
  return {
    searchCustomers: async (query: string) =>
      (await api.get<AdminCustomersResponse>('/admin/customers', { searchParams: { q: query } }))
        .customers,
    startProxy: (input: { cid: number }) => api.post<SessionUser>('/admin/proxy', input),
    publishNotice: (notice: NewNotice) => api.post<Notice>('/notices', notice),
    previewNotice: (content: string) => api.post<NoticePreview>('/notices/preview', { content }),
  };
}
