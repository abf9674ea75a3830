/** The mailbox page's messages (GET /mailbox). */
import type { MailboxResponse } from '#shared/session/types';
import { createLoaderMachine } from './loader.machine.ts';
import { selectData, type LoaderSnapshot } from './loader.selectors.ts';

export const mailboxLoader = createLoaderMachine<MailboxResponse>();

export function selectMailbox(snapshot: LoaderSnapshot<MailboxResponse>): MailboxResponse | null {
  return selectData(snapshot);
}
