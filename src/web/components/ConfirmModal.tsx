import { Button, Group, Modal, Text } from '@mantine/core';

/** What a confirmation asks, as a page machine's selector gives it (null: nothing is asked). */
export interface ConfirmQuestion {
  title: string;
  message: string;
  confirm: string;
  sending: boolean;
}

/**
 * A question asked before anything is sent: its words, Cancel, and the button that confirms
 * (loading while the call runs). It takes what to show and whom to tell; the machine decides.
 */
export function ConfirmModal({
  question,
  cancelLabel,
  confirmColor,
  onCancel,
  onConfirm,
}: {
  question: ConfirmQuestion | null;
  cancelLabel: string;
  confirmColor?: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={question !== null}
      onClose={onCancel}
      title={question?.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="md">{question?.message}</Text>
      <Group justify="flex-end">
        <Button variant="default" disabled={question?.sending} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} loading={question?.sending} onClick={onConfirm}>
          {question?.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
