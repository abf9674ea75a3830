/**
 * Raises the notification a call's failure calls for (portal.md §8, `notificationFor`): a call
 * made from a modal reports to the modal's list, any other to the page's list.
 */
import type { ActorRefFrom } from 'xstate';
import { notificationFor } from '#shared/notifications';
import type { notificationsMachine } from '#machines/shell/notifications.machine';
import { ApiFailure } from '../api/client.ts';

type Notifications = ActorRefFrom<typeof notificationsMachine>;

export function notifyFailure(
  notifications: Notifications,
  error: unknown,
  options: { modal?: boolean } = {},
): void {
  const result =
    error instanceof ApiFailure
      ? { status: error.status, title: error.title, message: error.message }
      : { status: 0, message: error instanceof Error ? error.message : '' };
  const notification = notificationFor(result);
  if (!notification) return;
  notifications.send({
    type: 'notification.raised',
    message: notification.message,
    notificationType: notification.type,
    modal: options.modal ?? false,
  });
}

export function notifySuccess(
  notifications: Notifications,
  message: string,
  options: { modal?: boolean } = {},
): void {
  notifications.send({
    type: 'notification.raised',
    message,
    notificationType: 'success',
    modal: options.modal ?? false,
  });
}
