/**
 * The notices calls of every logged-in user (docs/api.md "Notices"): the current notices, and
 * Acknowledge or Ignore on one. The notices banner (shell) calls them.
 */
import type { NoticeList } from '#shared/notices/types';
import type { ApiClient } from '../../../api/client.ts';

export function noticesApi(api: ApiClient) {
  return {
    current: async () => (await api.get<NoticeList>('/notices')).notices,
    answer: ({ id, how }: { id: number; how: 'acknowledge' | 'ignore' }) =>
      how === 'acknowledge'
        ? api.post<unknown>(`/notices/${id}/ack`)
        : api.delete<unknown>(`/notices/${id}`),
  };
}
