/**
 * The mailbox's call (`GET /mailbox`, outside production: the outbox), typed by the shared
 * contract. Every call goes through the app's HTTP client.
 */
import type { MailboxResponse } from '#shared/session/types';
import type { ApiClient } from '../../api/client.ts';

export function mailboxApi(api: ApiClient) {
  return {
    outbox: () => api.get<MailboxResponse>('/mailbox'),
  };
}
