/**
 * A question before a change that costs money or loses data (Delete server, a costlier size,
 * Force stop), as the DNS deletes and the payment method removal ask: the question, Cancel, and
 * the action in the darkest red (white on the default red is 3.3:1; red.9 passes 4.5:1). Whether
 * it is open, and what it says, come from a machine's selectors; nothing is sent before the
 * action button.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ConfirmDialog({
  opened,
  title,
  question,
  action,
  busy = false,
  danger = true,
  onConfirm,
  onCancel,
  children,
}: {
  opened: boolean;
  title: string;
  question: string;
  /** The confirming button's words ("Delete server", "Save at $120.00 per month"). */
  action: string;
  /** The confirmed call is under way: the buttons wait. */
  busy?: boolean;
  /** The action loses something (red) rather than costs more (the usual colour). */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What else the dialog shows (its own notification list). */
  children?: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close', disabled: busy }}
    >
      <Stack>
        {children}
        <Text data-testid="confirm-question">{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button
            color={danger ? 'red.9' : undefined}
            loading={busy}
            onClick={onConfirm}
            data-autofocus
          >
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
