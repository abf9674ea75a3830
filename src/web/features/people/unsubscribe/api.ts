/** The unsubscribe page's call (docs/api.md "Optional emails": `POST /unsubscribe`). */
import type { UnsubscribeResponse } from '#shared/people/email';
import type { ApiClient } from '../../../api/client.ts';

export function unsubscribeApi(api: ApiClient) {
  return {
    unsubscribe: (token: string) => api.post<UnsubscribeResponse>('/unsubscribe', { token }),
  };
}
