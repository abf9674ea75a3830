/**
 * What a modal's notification list shows (portal.md §8): the notifications raised for a modal.
 * Apart from notifications.selectors.ts so that the pages with modals and the shell share no file.
 */
import type { SnapshotFrom } from 'xstate';
import type { Notification, notificationsMachine } from './notifications.machine.ts';

export function selectModalNotifications(
  snapshot: SnapshotFrom<typeof notificationsMachine>,
): readonly Notification[] {
  return snapshot.context.items.filter((item) => item.modal);
}
