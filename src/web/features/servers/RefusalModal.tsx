/**
 * The servers pages' modal notifications (portal.md §8: most create and update calls for servers
 * show their errors in modal notifications): a refused call's reason in a modal over the page,
 * raised by `notifyInModal`. Closing it closes the list (`notifications.modal.closed`).
 */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { selectModalNotifications } from '#machines/shell/modal-notifications.selectors';
import { useAppServices } from '../../app/context.tsx';
import { ModalNotifications } from '../../components/notify.tsx';

export function RefusalModal({ hidden = false }: { hidden?: boolean }) {
  const { actors } = useAppServices();
  const listed = useSelector(actors.notifications, (s) => selectModalNotifications(s).length > 0);
  // Hidden while another dialog of the page (the new server form) shows the list itself.
  const open = listed && !hidden;
  const close = () => actors.notifications.send({ type: 'notifications.modal.closed' });
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
