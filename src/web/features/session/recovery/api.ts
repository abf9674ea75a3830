/**
 * The account-help calls (docs/api.md "Session": `POST /token/password_recovery`, `POST
 * /token/username_recovery`, `POST /token/update_password/{url}`), typed by the shared contract.
 * Every call goes through the app's HTTP client.
 */
import type { MessageResponse } from '#shared/session/types';
import type { ApiClient } from '../../../api/client.ts';

export function recoveryApi(api: ApiClient) {
  return {
    /** Emails a single-use link to set a new password. */
    recoverPassword: (username: string) =>
      api.post<MessageResponse>('/token/password_recovery', { username }),
    /** Emails the usernames registered with an address. */
    recoverUsername: (email: string) =>
      api.post<MessageResponse>('/token/username_recovery', { email }),
    /** Sets a new password with the link's id. */
    updatePassword: (linkId: string, body: { username: string; password: string }) =>
      api.post<MessageResponse>(`/token/update_password/${encodeURIComponent(linkId)}`, body),
  };
}

export type RecoveryApi = ReturnType<typeof recoveryApi>;
