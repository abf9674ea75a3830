/**
 * The Admin tab's notices calls (docs/api.md "Notices"): `POST /notices`, `POST /notices/preview`,
 * `GET /notices/published`, `PUT /notices/{id}` and `POST /notices/{id}/withdraw`.
 */
import type { EditedNotice, NewNotice } from '#shared/notices/schemas';
import type {
  Notice,
  NoticePreview,
  PublishedNotice,
  PublishedNoticeList,
} from '#shared/notices/types';
import type { ApiClient } from '../../../api/client.ts';

export function noticesAdminApi(api: ApiClient) {
  return {
    publish: (notice: NewNotice) => api.post<Notice>('/notices', notice),
    preview: (content: string) => api.post<NoticePreview>('/notices/preview', { content }),
    published: async () => (await api.get<PublishedNoticeList>('/notices/published')).notices,
    save: ({ id, notice }: { id: number; notice: EditedNotice }) =>
      api.put<PublishedNotice>(`/notices/${id}`, notice),
    withdraw: ({ id }: { id: number }) => api.post<PublishedNotice>(`/notices/${id}/withdraw`),
  };
}
