/**
 * The automatic payment switch (machines/billing/autopay.machine.ts), shared by the billing and
 * payment methods pages: each page machine owns the switch's machine as a child, and
 * `AutopaySwitch` shows it, sends the page what the person does, and asks before turning it off.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { BILLING_PAGE_TEXT } from '#shared/billing/messages';
import type { AutopayActor, AutopayEvent } from '#machines/billing/autopay.machine';
import {
  selectAutopayAskingOff,
  selectAutopayChecked,
  selectAutopayDisabled,
  selectAutopayError,
  selectAutopayOn,
  selectAutopayPending,
  selectAutopayUnavailableReason,
} from '#machines/billing/autopay.selectors';

/** What the person does with the switch. */
type SwitchEvent = Extract<
  AutopayEvent,
  { type: 'autopay.switched' | 'autopay.off.confirmed' | 'autopay.off.cancelled' }
>;

/**
 * `defaultLabel` names the default payment method ("Bank account ending in 6789"): the one the
 * question of turning automatic payment off says it stops charging. `send` takes what the person
 * does (a page machine that owns the switch passes it on); without it, it goes to `actor`.
 */
export function AutopaySwitch({
  actor,
  defaultLabel,
  send: sendTo,
}: {
  actor: AutopayActor;
  defaultLabel: string | null;
  send?: (event: SwitchEvent) => void;
}) {
  const send = sendTo ?? ((event: SwitchEvent) => actor.send(event));
  const asking = useSelector(actor, selectAutopayAskingOff);
  const checked = useSelector(actor, selectAutopayChecked);
  const on = useSelector(actor, selectAutopayOn);
  const pending = useSelector(actor, selectAutopayPending);
  const disabled = useSelector(actor, selectAutopayDisabled);
  const reason = useSelector(actor, selectAutopayUnavailableReason);
  const error = useSelector(actor, selectAutopayError);
  return (
    <Stack gap="xs" data-testid="autopay">
      <Switch
        label="Automatic payment"
        checked={checked}
        disabled={disabled}
        aria-busy={pending}
        description={reason ?? (on ? BILLING_PAGE_TEXT.autopayOn : BILLING_PAGE_TEXT.autopayOff)}
        thumbIcon={pending ? <Loader size={10} aria-hidden /> : undefined}
        onChange={(event) => send({ type: 'autopay.switched', on: event.currentTarget.checked })}
        styles={{ description: { color: 'var(--mantine-color-text)' } }}
      />
      {pending && (
        <Text size="sm" role="status">
          {checked ? 'Turning automatic payment on…' : 'Turning automatic payment off…'}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" title="Automatic payment was not changed">
          {error}
        </Alert>
      )}
      <Modal
        opened={asking}
        onClose={() => send({ type: 'autopay.off.cancelled' })}
        title={BILLING_PAGE_TEXT.autopayOffTitle}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text data-testid="confirm-question">
            {BILLING_PAGE_TEXT.autopayOffQuestion(defaultLabel ?? 'the default payment method')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'autopay.off.cancelled' })}>
              Cancel
            </Button>
            {/* White on the default red is 3.3:1; the darkest red passes 4.5:1. */}
            <Button
              color="red.9"
              data-autofocus
              onClick={() => send({ type: 'autopay.off.confirmed' })}
            >
              {BILLING_PAGE_TEXT.autopayOffConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
