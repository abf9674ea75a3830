/**
 * The automatic payment switch (machines/billing/autopay.machine.ts), shared by the billing and
 * payment methods pages: `useAutopayActor` starts the machine with the page's payment accounts
 * and what it follows to learn when they load again (machines/follow.ts); `AutopaySwitch` shows it, and asks before turning it off.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { followsNothing } from '#machines/follow';
import { BILLING_PAGE_TEXT } from '#shared/messages/billing-page';
import {
  autopayMachine,
  type AutopayActor,
  type AutopayAnswer,
  type AutopayEvent,
  type AutopayInput,
} from '#machines/billing/autopay.machine';
import {
  selectAutopayAskingOff,
  selectAutopayChecked,
  selectAutopayDisabled,
  selectAutopayError,
  selectAutopayOn,
  selectAutopayPending,
  selectAutopayUnavailableReason,
} from '#machines/billing/autopay.selectors';
import type { PaymentAccountsResponse } from '#shared/billing';
import { autopayApi } from '../api/autopay.ts';
import { useAppServices } from '../app/context.tsx';

/**
 * The autopay machine for a page: `accounts` is what the page loaded; `follow` sends it
 * `accounts.loaded` each time the page loads them again (`following(...)` over the page's actor);
 * `onAnswered` is called after every answer of the server with the payment accounts it answered
 * (null after a refusal): the page shows them or loads its data again.
 */
export function useAutopayActor(
  accounts: AutopayInput,
  follow: typeof followsNothing,
  onAnswered: (answer: PaymentAccountsResponse | null) => void,
): AutopayActor {
  const { api } = useAppServices();
  const latest = useRef(onAnswered);
  latest.current = onAnswered;
  const actor = useActorRef(
    autopayMachine.provide({
      actors: {
        save: fromPromise<AutopayAnswer, { accountId: number; automatic: boolean }>(({ input }) =>
          autopayApi(api).setAutomatic(input.accountId, input.automatic),
        ),
        follow,
      },
      actions: {
        // The server's answer is the payment accounts as they are now (null after a refusal).
        'reload the billing data': ({ event }) =>
          latest.current(
            event.type === 'xstate.done.actor.save'
              ? (event.output as PaymentAccountsResponse)
              : null,
          ),
      },
    }),
    { input: accounts },
  );
  return actor;
}

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
