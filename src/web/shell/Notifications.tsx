import { Alert, List, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { NotificationType } from '#shared/notifications';
import type { Notification } from '#machines/shell/notifications.machine';
import { selectNotifications } from '#machines/shell/notifications.selectors';
import { useAppServices } from '../app/context.tsx';

const COLORS: Record<NotificationType, string> = {
  danger: 'red',
  success: 'green',
  info: 'blue',
  warning: 'yellow',
};

const TITLES: Record<NotificationType, string> = {
  danger: 'Something went wrong',
  success: 'Done',
  info: 'Note',
  warning: 'Please note',
};

function Message({ message }: { message: Notification['message'] }) {
  if (typeof message === 'string') return message;
  if (message.length === 1) return message[0];
  return (
    <List size="sm" spacing={2}>
      {message.map((line, index) => (
        <List.Item key={index}>{line}</List.Item>
      ))}
    </List>
  );
}

/** The banner area: one dismissible banner per notification. */
export function Notifications() {
  const { actors } = useAppServices();
  const all = useSelector(actors.notifications, selectNotifications);
  const items = all.filter((item) => !item.modal);

  return (
    <Stack gap="xs" aria-live="polite" aria-relevant="additions" data-testid="notifications">
      {items.map((item) => (
        <Alert
          key={item.id}
          color={COLORS[item.type]}
          title={TITLES[item.type]}
          role={item.type === 'danger' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => actors.notifications.send({ type: 'notification.dismissed', id: item.id })}
          data-type={item.type}
          // Coloured titles on the light tints fall short of 4.5:1 (green, yellow): the tint and
          // the title's words carry the type, the text keeps the body colour.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Message message={item.message} />
        </Alert>
      ))}
    </Stack>
  );
}
