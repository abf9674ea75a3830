/**
 * Account Home's calls (docs/api.md "Session": `GET /user/info`, `PUT /user/info`, `POST
 * /token/password_reset`), typed by the shared contract. Every call goes through the app's HTTP
 * client.
 */
import type { ContactInfo, MessageResponse, UserInfoResponse } from '#shared/session/types';
import type { ApiClient } from '../../api/client.ts';

export interface UserInfoUpdate {
  first_name: string;
  middle_initial: string;
  last_name: string;
  business: string;
  phone: string;
  email: string;
  dob: string;
}

export function accountApi(api: ApiClient) {
  return {
    userInfo: () => api.get<UserInfoResponse>('/user/info'),
    updateInfo: (info: UserInfoUpdate) => api.put<ContactInfo>('/user/info', info),
    changePassword: (change: { current: string; password: string }) =>
      api.post<MessageResponse>('/token/password_reset', {
        old_password: change.current,
        new_password: change.password,
      }),
  };
}
