import { Alert, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectNotifications } from '#machines/shell/notifications.selectors';
import { useAppServices } from '../app/context.tsx';

/**
 * The modal notification list (portal.md §2, §8): what calls made from an open modal report.
 * Closing the modal (unmounting the list) dismisses them.
 */
export function ModalNotifications() {
  const { actors } = useAppServices();
  const items = useSelector(actors.notifications, selectNotifications).filter((i) => i.modal);
  useEffect(
    () => () => {
      for (const item of selectNotifications(actors.notifications.getSnapshot()).filter(
        (i) => i.modal,
      ))
        actors.notifications.send({ type: 'notification.dismissed', id: item.id });
    },
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
