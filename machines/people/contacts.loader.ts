/** The account's authorized contacts and users (docs/people.md), listed on Account Home. */
import type { AuthorizedContact } from '#shared/people/types';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';

export const contactsLoader = createLoaderMachine<AuthorizedContact[]>();

export function selectContacts(
  snapshot: LoaderSnapshot<AuthorizedContact[]>,
): AuthorizedContact[] | null {
  return selectData(snapshot);
}
