/** What the notification banners and modals show, from the notifications machine. */
import type { SnapshotFrom } from 'xstate';
import type { Notification, notificationsMachine } from './notifications.machine.ts';

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/** Every notification still showing, oldest first. */
export function selectNotifications(snapshot: NotificationsSnapshot): readonly Notification[] {
  return snapshot.context.items;
}
