/**
 * The servers pages' modal notifications (portal.md §8: most create and update calls for servers
 * show their errors in modal notifications): a refused call's reason in a modal over the page,
 * raised by `notifyInModal`. Closing it dismisses them (the list's own unmount).
 */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { selectModalNotifications } from '#machines/shell/modal-notifications.selectors';
import { useAppServices } from '../../app/context.tsx';
import { ModalNotifications } from '../../components/notify.tsx';

export function RefusalModal() {
  const { actors } = useAppServices();
  const open = useSelector(actors.notifications, (s) => selectModalNotifications(s).length > 0);
  const close = () => {
    for (const item of selectModalNotifications(actors.notifications.getSnapshot()))
      actors.notifications.send({ type: 'notification.dismissed', id: item.id });
  };
  return (
    <Modal
      opened={open}
      onClose={close}
      title="Something went wrong"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <ModalNotifications />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
