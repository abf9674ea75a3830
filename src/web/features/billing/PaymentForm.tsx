/**
 * Make a payment (machines/billing/payment.machine.ts): amount, account, Pay, Confirm; more than
 * is due names the credit it leaves before Confirm. The page machine owns the form's machine and
 * passes the person's events on to it.
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
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { BILLING_PAGE_TEXT } from '#shared/billing/messages';
import type { BillingPageActor } from '#machines/billing/billing-page.machine';
import type { paymentMachine } from '#machines/billing/payment.machine';
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
  /** The form's machine, a child of the page machine. */
  form: ActorRefFrom<typeof paymentMachine>;
  /** The page machine: what the person does goes to it, and it passes it on to the form. */
  page: BillingPageActor;
}

export function PaymentForm({ form: actor, page }: PaymentFormProps) {
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
            page.send({ type: 'payment.requested' });
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
                page.send({ type: 'account.chosen', id: Number(event.currentTarget.value) })
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
                page.send({ type: 'amount.changed', value: event.currentTarget.value })
              }
              onBlur={() => page.send({ type: 'amount.left' })}
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
                onClick={() => page.send({ type: 'payment.confirmed' })}
              >
                Confirm payment
              </Button>
              <Button
                variant="default"
                disabled={processing}
                onClick={() => page.send({ type: 'payment.cancelled' })}
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
