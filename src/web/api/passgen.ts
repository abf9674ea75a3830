/**
 * The password generator's words (docs/api.md "Session", `GET /passgen/{count}`), used by the
 * word picker wherever it shows: its own page and the signup's generator modal.
 */
import type { PassgenResponse } from '#shared/session/types';
import type { ApiClient } from './client.ts';

export function passgenApi(api: ApiClient) {
  return {
    words: async (count: number) => (await api.get<PassgenResponse>(`/passgen/${count}`)).words,
  };
}
