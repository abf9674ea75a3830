/**
 * The Second factor reset screen's calls (docs/api.md "Second factor"): a login's factors and
 * their reset after the support check.
 */
import type { UserSecondFactors } from '#shared/session/passkeys';
import type { MessageResponse } from '#shared/session/types';
import type { ApiClient } from '../../../api/client.ts';

export function secondFactorResetApi(api: ApiClient) {
  const path = (username: string) => `/admin/users/${encodeURIComponent(username)}/second_factor`;
  return {
    find: (username: string) => api.get<UserSecondFactors>(path(username)),
    reset: (username: string, verifiedBy: string) =>
      api.delete<MessageResponse>(path(username), { json: { verified_by: verifiedBy } }),
  };
}
