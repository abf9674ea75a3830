/**
 * The account page's calls (docs/api.md "Session": `GET /user/info`, `POST
 * /token/password_reset`), typed by the shared contract. Every call goes through the app's HTTP
 * client.
 */
import type { MessageResponse, UserInfoResponse } from '#shared/session';
import type { ApiClient } from '../../api/client.ts';

export function accountApi(api: ApiClient) {
  return {
    userInfo: () => api.get<UserInfoResponse>('/user/info'),
    changePassword: (change: { current: string; password: string }) =>
      api.post<MessageResponse>('/token/password_reset', {
        old_password: change.current,
        new_password: change.password,
      }),
  };
}
