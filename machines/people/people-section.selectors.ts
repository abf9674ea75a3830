/**
 * What Account Home's people section shows from its page machine: the list (loading, failed,
 * the contacts with each one's machine), whether Add contact is offered, the new contact's
 * machine and the open permissions grid. The view reads each child with its own selectors.
 */
import type { SnapshotFrom } from 'xstate';
import { managesContacts } from '#shared/people/grants';
import type { AuthorizedContact } from '#shared/people/types';
import type { ContactEditActor } from './contact-edit.machine.ts';
import type { PermissionsGridActor } from './permissions-grid.machine.ts';
import type { ContactRowRef, peopleSectionMachine } from './people-section.machine.ts';

export type PeopleSectionSnapshot = SnapshotFrom<typeof peopleSectionMachine>;

/** The contacts are loading and none show yet. */
export function selectContactsLoading(snapshot: PeopleSectionSnapshot): boolean {
  return snapshot.matches({ list: 'loading' });
}

/** Why the contacts could not be loaded (with Try again), or null. */
export function selectContactsLoadError(snapshot: PeopleSectionSnapshot): string | null {
  return snapshot.matches({ list: 'failed' }) ? snapshot.context.loadError : null;
}

/** The contacts listed, or null while they do not show. */
export function selectListedContacts(snapshot: PeopleSectionSnapshot): AuthorizedContact[] | null {
  return snapshot.matches({ list: 'shown' }) ? snapshot.context.contacts : null;
}

/** The rows: each contact listed, keyed by its version, with its contact edit machine. */
export function selectContactRows(snapshot: PeopleSectionSnapshot): readonly ContactRowRef[] {
  return snapshot.matches({ list: 'shown' }) ? snapshot.context.rows : [];
}

/** Add contact is offered (to someone who manages contacts). */
export function selectCanAddContact(snapshot: PeopleSectionSnapshot): boolean {
  return managesContacts(snapshot.context.granter);
}

/** The new contact's machine, while its form is open. */
export function selectNewContact(snapshot: PeopleSectionSnapshot): ContactEditActor | undefined {
  return snapshot.children.newContact as ContactEditActor | undefined;
}

/** The open permissions grid, or undefined. */
export function selectPermissionsGrid(
  snapshot: PeopleSectionSnapshot,
): PermissionsGridActor | undefined {
  return snapshot.children.grid as PermissionsGridActor | undefined;
}

/** The id of the user whose permissions are open, or null. */
export function selectPermissionsOf(snapshot: PeopleSectionSnapshot): number | null {
  return snapshot.matches({ permissions: 'open' })
    ? (snapshot.context.permissionsOf?.contact_id ?? null)
    : null;
}
