/**
 * The payment methods page (portal.md §2 /payment-methods/, payments manage): the customer's cards
 * and bank accounts as cards (brand or bank, last four, expiry with expired and expiring soon
 * marked, the default), Make default and Remove on each, and Add a card (the shared payment-card
 * modal) and Add a bank account (the bank form in a modal), and the automatic payment switch. It
 * renders the payment methods machine (machines/billing/payment-methods.machine.ts), which owns
 * the switch, and sends it what the person does.
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { PAYMENT_METHODS_MESSAGES } from '#shared/billing/messages';
import type { formMachine } from '#machines/forms/form.machine';
import { selectSubmitError, selectSubmitting } from '#machines/forms/form.selectors';
import type { PaymentMethodsActor } from '#machines/billing/payment-methods.machine';
import {
  selectAutopaySwitch,
  selectDefaultLabel,
  selectBankForm,
  selectBankMakeDefault,
  selectCardForm,
  selectPaymentMethodsView,
  type MethodCard,
  type PaymentMethodsView,
} from '#machines/billing/payment-methods.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { withLaterStyles } from '../../../app/later-styles.ts';
import { AutopaySwitch } from '../autopay/AutopaySwitch.tsx';
import { BankAccountFields } from '../../../components/BankAccountFields.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { useFocusBackOnClose, useReturnFocus } from '../../../components/focus.ts';
import { usePageTitle } from '../../../pages/usePageTitle.ts';
import { providePaymentMethods } from './api.ts';

const CardFormModal = lazy(withLaterStyles(() => import('../../../components/CardFormModal.tsx')));

type FormActor = ActorRefFrom<typeof formMachine>;

const sameView = (a: PaymentMethodsView, b: PaymentMethodsView) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The automatic payment switch (shared with the billing page): the page machine's child. */
function Autopay({ methods }: { methods: PaymentMethodsActor }) {
  const actor = useSelector(methods, selectAutopaySwitch);
  const defaultLabel = useSelector(methods, selectDefaultLabel);
  if (!actor) return null;
  return <AutopaySwitch actor={actor} defaultLabel={defaultLabel} send={methods.send} />;
}

function MethodCardView({
  method,
  canChange,
  methods,
}: {
  method: MethodCard;
  canChange: boolean;
  methods: PaymentMethodsActor;
}) {
  const headingId = `method-${method.id}`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="payment-method"
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={headingId} style={{ minWidth: 0 }}>
            {method.label}
          </Title>
          {/* The title wraps; the badge keeps its whole word (never "DEFA…"). */}
          {method.isDefault && (
            <Badge color="blue" variant="light" style={{ flexShrink: 0 }}>
              {PAYMENT_METHODS_MESSAGES.defaultBadge}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {method.title} ····{method.lastFour}
          {method.accountType && ` · ${method.accountType}`}
        </Text>
        {method.expiry && (
          <Group gap="xs">
            <Text size="sm">
              {method.expired ? 'Expired' : 'Expires'} {method.expiry}
            </Text>
            {method.expired && (
              <Badge color="red" variant="light">
                {PAYMENT_METHODS_MESSAGES.expired}
              </Badge>
            )}
            {method.expiringSoon && (
              <Badge color="yellow" variant="light" c="var(--mantine-color-text)">
                {PAYMENT_METHODS_MESSAGES.expiringSoon}
              </Badge>
            )}
          </Group>
        )}
        <Group gap="xs" mt={4}>
          {!method.isDefault && (
            <Button
              size="xs"
              variant="default"
              disabled={!canChange && method.busy !== 'default'}
              loading={method.busy === 'default'}
              aria-label={`Make ${method.label} the default`}
              onClick={() => methods.send({ type: 'default.pressed', id: method.id })}
            >
              Make default
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            disabled={!canChange}
            aria-label={`Remove ${method.label}`}
            onClick={() => methods.send({ type: 'removal.pressed', id: method.id })}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function BankAccountForm({ form, methods }: { form: FormActor; methods: PaymentMethodsActor }) {
  useReturnFocus();
  const makeDefault = useSelector(form, selectBankMakeDefault);
  const submitting = useSelector(form, selectSubmitting);
  const failure = useSelector(form, selectSubmitError);
  return (
    <form
      noValidate
      aria-label="Add a bank account"
      data-testid="bank-form"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit.pressed' });
      }}
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="The bank account was not added">
            {failure}
          </Alert>
        )}
        <BankAccountFields form={form} />
        <Checkbox
          label="Make it the default payment method"
          checked={makeDefault}
          onChange={(event) =>
            form.send({
              type: 'field.changed',
              field: 'make_default',
              value: event.currentTarget.checked,
            })
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => methods.send({ type: 'bank.form.closed' })}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Add bank account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Payment methods: the cards and bank accounts, and every change to them. */
export default function PaymentMethodsPage() {
  usePageTitle('Payment methods');
  const { api, actors } = useAppServices();
  const user = useSelector(actors.session, selectUser);
  const [machine] = useState(() => providePaymentMethods(api));
  const methods = useActorRef(machine, {
    input: { accountName: user?.info.name ?? '' },
  });
  const view = useSelector(methods, selectPaymentMethodsView, sameView);
  const cardForm = useSelector(methods, selectCardForm);
  const bankForm = useSelector(methods, selectBankForm);
  // Add a card is disabled while its dialog is open: focus comes back to it when the dialog goes.
  const addCard = useRef<HTMLButtonElement>(null);
  useFocusBackOnClose(view.cardModalOpen, addCard);

  return (
    <Stack gap="lg">
      <Title order={1}>Payment methods</Title>
      {view.status === 'loading' && (
        <Center py="xl" role="status" aria-label="Loading your payment methods">
          <Loader size="sm" aria-hidden />
        </Center>
      )}
      {view.status === 'failed' && (
        <LoadFailure
          title={PAYMENT_METHODS_MESSAGES.loadFailed}
          message={view.loadError}
          onRetry={() => methods.send({ type: 'methods.reload.pressed' })}
        />
      )}
      {view.status === 'ready' && (
        <>
          <Autopay methods={methods} />
          <Group gap="sm">
            <Button
              ref={addCard}
              disabled={!view.canChange && !view.savingCard}
              loading={view.savingCard}
              onClick={() => methods.send({ type: 'card.add.pressed' })}
            >
              Add a card
            </Button>
            <Button
              variant="default"
              disabled={!view.canChange}
              onClick={() => methods.send({ type: 'bank.add.pressed' })}
            >
              Add a bank account
            </Button>
          </Group>
          <div aria-live="polite">
            {view.notice && (
              <Alert color="green" variant="light" data-testid="methods-notice">
                {view.notice}
              </Alert>
            )}
          </div>
          {view.error && (
            <Alert color="red" variant="light" role="alert" title="The change was not made">
              {view.error}
            </Alert>
          )}
          {view.empty ? (
            <Text data-testid="methods-empty">{PAYMENT_METHODS_MESSAGES.empty}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="payment-methods">
              {view.methods.map((method) => (
                <MethodCardView
                  key={method.id}
                  method={method}
                  canChange={view.canChange}
                  methods={methods}
                />
              ))}
            </SimpleGrid>
          )}
        </>
      )}

      {view.cardModalOpen && cardForm && (
        <Suspense fallback={null}>
          <CardFormModal cardForm={cardForm}>
            <Checkbox
              mb="sm"
              label="Make it the default payment method"
              checked={view.makeDefault}
              onChange={(event) =>
                methods.send({
                  type: 'default.box.toggled',
                  makeDefault: event.currentTarget.checked,
                })
              }
            />
          </CardFormModal>
        </Suspense>
      )}

      <Modal
        opened={view.bankModalOpen && bankForm !== undefined}
        onClose={() => methods.send({ type: 'bank.form.closed' })}
        title="Add a bank account"
        closeButtonProps={{ 'aria-label': 'Close the bank form' }}
      >
        {bankForm && <BankAccountForm form={bankForm} methods={methods} />}
      </Modal>

      <Modal
        opened={view.confirm !== null}
        onClose={() => methods.send({ type: 'removal.cancelled' })}
        title="Remove payment method"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {view.confirm && (
          <Stack gap="md">
            <Text>{PAYMENT_METHODS_MESSAGES.confirmRemoval(view.confirm.label)}</Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={view.confirm.removing}
                onClick={() => methods.send({ type: 'removal.cancelled' })}
              >
                Cancel
              </Button>
              <Button
                color="red.9"
                loading={view.confirm.removing}
                onClick={() => methods.send({ type: 'removal.confirmed' })}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
