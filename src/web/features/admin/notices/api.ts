/** The Admin tab's notices calls (docs/api.md "Notices": `POST /notices`, `POST /notices/preview`). */
import type { NewNotice } from '#shared/notices/schemas';
import type { Notice, NoticePreview } from '#shared/notices/types';
import type { ApiClient } from '../../../api/client.ts';

export function noticesAdminApi(api: ApiClient) {
  return {
    publish: (notice: NewNotice) => api.post<Notice>('/notices', notice),
    preview: (content: string) => api.post<NoticePreview>('/notices/preview', { content }),
  };
}
