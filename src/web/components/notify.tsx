/**
 * Notifications of calls (portal.md §8, `notificationFor`): a call made from a modal reports to
 * the modal's list, any other to the page's list; and the modal notification list itself. One
 * module, so that the pages that raise them load one file.
 */
import { Alert, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectModalNotifications } from '#machines/shell/modal-notifications.selectors';
import { useAppServices } from '../app/context.tsx';
import type { ActorRefFrom } from 'xstate';
import { notificationFor } from '#shared/notification-words';
import type { notificationsMachine } from '#machines/shell/notifications.machine';
import { ApiFailure } from '../api/client.ts';

/**
 * The modal notification list (portal.md §2, §8): what calls made from an open modal report.
 * Closing the modal (unmounting the list) dismisses them.
 */
export function ModalNotifications() {
  const { actors } = useAppServices();
  const items = useSelector(actors.notifications, selectModalNotifications);
  useEffect(
    () => () => actors.notifications.send({ type: 'notifications.modal.closed' }),
    [actors.notifications],
  );
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="modal-notifications">
      {items.map((item) => (
        <Alert
          key={item.id}
          color={item.type === 'danger' ? 'red' : item.type === 'success' ? 'green' : 'blue'}
          role={item.type === 'danger' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => actors.notifications.send({ type: 'notification.dismissed', id: item.id })}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {typeof item.message === 'string' ? item.message : item.message.join(' ')}
        </Alert>
      ))}
    </Stack>
  );
}

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
