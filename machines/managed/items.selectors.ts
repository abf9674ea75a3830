/** What a list of the managed server view shows, from its machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { deleteDisabledLabel } from '#shared/messages/managed';
import { itemIdOf, type ManagedItem, type managedItemsMachine } from './items.machine.ts';

export type ManagedItemsSnapshot = SnapshotFrom<typeof managedItemsMachine>;

export interface ManagedItemRow {
  id: string;
  item: ManagedItem;
  /** Marked as starting: created less than 60 s ago (databases and vhosts). */
  starting: boolean;
  /** "Delete", or "Delete (Disabled for Ns)" while starting. */
  deleteLabel: string;
  deleteDisabled: boolean;
}

export function selectRows(snapshot: ManagedItemsSnapshot): ManagedItemRow[] {
  const { list, items, locks } = snapshot.context;
  const busy = !snapshot.matches({ ready: { work: 'idle' } });
  return items.map((item) => {
    const id = itemIdOf(list, item);
    const seconds = locks[id] ?? 0;
    return {
      id,
      item,
      starting: seconds > 0,
      deleteLabel: seconds > 0 ? deleteDisabledLabel(seconds) : 'Delete',
      deleteDisabled: seconds > 0 || busy,
    };
  });
}

export const selectLoading = (s: ManagedItemsSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: ManagedItemsSnapshot) => s.matches('failed');
export const selectBusy = (s: ManagedItemsSnapshot) =>
  s.matches({ ready: { work: 'creating' } }) ||
  s.matches({ ready: { work: 'updating' } }) ||
  s.matches({ ready: { work: 'deleting' } });
export const selectConfirming = (s: ManagedItemsSnapshot) =>
  s.matches({ ready: { work: 'confirming' } }) ? s.context.selected : null;
export const selectFieldErrors = (s: ManagedItemsSnapshot) => s.context.errors;
export const selectError = (s: ManagedItemsSnapshot) => s.context.error;
/** What the last change's answer warned of: its configuration was not checked. */
export const selectWarning = (s: ManagedItemsSnapshot) => s.context.warning;
export const selectCanChange = (s: ManagedItemsSnapshot) => s.matches({ ready: { work: 'idle' } });
