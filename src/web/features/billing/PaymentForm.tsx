/**
 * Make a payment (machines/billing/payment.machine.ts): amount, account, Pay, Confirm; more than
 * is due names the credit it leaves before Confirm.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { followsNothing } from '#machines/follow';
import { fromPromise } from 'xstate';
import { BILLING_PAGE_TEXT } from '#shared/messages/billing-page';
import {
  paymentMachine,
  type BillingData,
  type PaymentRequestInput,
} from '#machines/billing/payment.machine';
import {
  selectAccountError,
  selectAccountId,
  selectAccounts,
  selectAmount,
  selectAmountError,
  selectConfirmation,
  selectEditing,
  selectNoAccounts,
  selectOutcome,
  selectPaymentProcessing,
  selectPaymentType,
} from '#machines/billing/payment.selectors';
import { READABLE_TEXT_INPUT } from '../../components/FormTextField.tsx';

/** Mantine's green title on its light green is 3.8:1: the title takes the text colour. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface PaymentFormProps {
  data: BillingData;
  /** Sends the form `billing.loaded` each time the page loads its data again. */
  follow: typeof followsNothing;
  pay: (request: PaymentRequestInput) => Promise<unknown>;
  /** After any answer: the page loads the amount due and the tables again. */
  onAnswered: () => void;
}

export function PaymentForm({ data, follow, pay, onAnswered }: PaymentFormProps) {
  const latest = useRef({ pay, onAnswered });
  latest.current = { pay, onAnswered };
  const actor = useActorRef(
    paymentMachine.provide({
      actors: {
        pay: fromPromise<unknown, PaymentRequestInput>(({ input }) => latest.current.pay(input)),
        follow,
      },
      actions: { 'reload the billing data': () => latest.current.onAnswered() },
    }),
    { input: data },
  );

  const amount = useSelector(actor, selectAmount);
  const amountError = useSelector(actor, selectAmountError);
  const accounts = useSelector(actor, selectAccounts);
  const accountId = useSelector(actor, selectAccountId);
  const accountError = useSelector(actor, selectAccountError);
  const noAccounts = useSelector(actor, selectNoAccounts);
  const editing = useSelector(actor, selectEditing);
  const processing = useSelector(actor, selectPaymentProcessing);
  const confirmation = useSelector(actor, selectConfirmation);
  const outcome = useSelector(actor, selectOutcome);
  const paymentType = useSelector(actor, selectPaymentType);
  const focus = usePaymentFocus(confirmation !== null, editing);

  return (
    <Stack gap="sm">
      {outcome?.kind === 'success' && (
        <Alert
          color="green"
          role="status"
          title="Payment sent"
          data-testid="payment-outcome"
          styles={READABLE_TITLE}
        >
          {outcome.message}
        </Alert>
      )}
      {outcome?.kind === 'failure' && (
        <Alert
          color="red"
          role="alert"
          title={outcome.title ?? 'The payment was not made'}
          data-testid="payment-outcome"
        >
          {outcome.message}
        </Alert>
      )}
      {noAccounts ? (
        <Text>
          {BILLING_PAGE_TEXT.noPaymentAccounts}{' '}
          <Anchor component={Link} to="/payment-methods/">
            Payment methods
          </Anchor>
        </Text>
      ) : (
        <form
          noValidate
          aria-label="Make a payment"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'payment.requested' });
          }}
        >
          <Stack gap="sm">
            <NativeSelect
              label="Pay from"
              value={accountId === null ? '' : String(accountId)}
              disabled={!editing}
              error={accountError}
              styles={READABLE_TEXT_INPUT}
              onChange={(event) =>
                actor.send({ type: 'account.chosen', id: Number(event.currentTarget.value) })
              }
              data={[
                ...(accountId === null ? [{ value: '', label: 'Choose a payment account' }] : []),
                ...accounts.map((account) => ({ value: String(account.id), label: account.label })),
              ]}
            />
            <TextInput
              label="Amount"
              description={`Payment type: ${paymentType === 'AUTOMATIC' ? 'Automatic' : 'Manual'}`}
              leftSection={<span aria-hidden>$</span>}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              readOnly={!editing}
              error={amountError}
              styles={READABLE_TEXT_INPUT}
              onChange={(event) =>
                actor.send({ type: 'amount.changed', value: event.currentTarget.value })
              }
              onBlur={() => actor.send({ type: 'amount.left' })}
            />
            {editing && (
              <Button ref={focus.pay} type="submit" style={{ alignSelf: 'flex-start' }}>
                Pay
              </Button>
            )}
          </Stack>
        </form>
      )}
      {confirmation && (
        <Paper withBorder p="sm" radius="md" role="group" aria-label="Confirm the payment">
          <Stack gap="xs">
            <Text>
              Pay <strong>{confirmation.amount}</strong> from {confirmation.account}?
            </Text>
            {confirmation.credit !== null && (
              <Text data-testid="payment-credit">
                {BILLING_PAGE_TEXT.overpayment(confirmation.credit)}
              </Text>
            )}
            <Group gap="sm">
              <Button
                ref={focus.confirm}
                loading={processing}
                onClick={() => actor.send({ type: 'payment.confirmed' })}
              >
                Confirm payment
              </Button>
              <Button
                variant="default"
                disabled={processing}
                onClick={() => actor.send({ type: 'payment.cancelled' })}
              >
                Back
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * Where focus goes around the payment's confirmation (WCAG 2.4.3): Pay goes away as it shows, so
 * focus moves to Confirm payment; once the confirmation goes (Back, or the payment answered),
 * focus returns to Pay, unless it went somewhere else meanwhile.
 */
function usePaymentFocus(confirming: boolean, editing: boolean) {
  const pay = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!confirming) return;
    asked.current = true;
    confirm.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (!editing || !asked.current) return;
    asked.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) pay.current?.focus();
  }, [editing]);
  return { pay, confirm };
}
