/**
 * Payment (signup.md §2 item 9, §4 "Payment", §5 "Bank form", "Billing name"): card or bank
 * account, automatic or manual billing, then (once the payment account is complete) the billing
 * address: the service address or a new one.
 */
import { Button, Group, NativeSelect, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { cardEndingIn } from '#shared/signup/messages';
import { truncateDisplayAddress } from '#shared/messages/portal';
import type { BillingAddressChoice } from '#shared/schemas/payment';
import type { PaymentAccountType } from '#shared/signup/order';
import { US_STATES } from '#shared/us-state-names';
import type { PaymentActor } from '#machines/signup/payment.machine';
import {
  selectCardForm,
  selectPaymentActors,
  selectPaymentView,
  type PaymentActors,
  type PaymentView,
} from '#machines/signup/payment.selectors';
import { selectFieldError, selectText } from '#machines/forms/form.selectors';
import { BankAccountFields } from '../../../components/BankAccountFields.tsx';
import { READABLE_TEXT_INPUT } from '../../../components/FormTextField.tsx';
import { TextField, type FormActor } from './fields.tsx';
import { SignupSection } from './SignupSection.tsx';
import { withLaterStyles } from '../../../app/later-styles.ts';
import { SIGNUP_TEXT_COLORS } from '../SignupLayout.tsx';

const CardFormModal = lazy(withLaterStyles(() => import('../../../components/CardFormModal.tsx')));

const sameView = (a: PaymentView, b: PaymentView) => JSON.stringify(a) === JSON.stringify(b);
const sameActors = (a: PaymentActors, b: PaymentActors) =>
  a.bank === b.bank && a.billingAddress === b.billingAddress;

function BankForm({ form }: { form: FormActor }) {
  return (
    <div data-testid="bank-form">
      <BankAccountFields form={form} />
    </div>
  );
}

function StateField({ form }: { form: FormActor }) {
  const value = useSelector(form, (s) => selectText(s, 'state'));
  const error = useSelector(form, (s) => selectFieldError(s, 'state'));
  return (
    <NativeSelect
      label="State"
      required
      styles={READABLE_TEXT_INPUT}
      value={value}
      error={error}
      data={[
        { value: '', label: 'Choose a state' },
        ...US_STATES.map((state) => ({ value: state.abbreviation, label: state.name })),
      ]}
      onChange={(event) =>
        form.send({ type: 'field.changed', field: 'state', value: event.currentTarget.value })
      }
      onBlur={() => form.send({ type: 'field.left', field: 'state' })}
    />
  );
}

function BillingAddressForm({ form }: { form: FormActor }) {
  return (
    <Stack gap="sm" data-testid="billing-address-form">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField
          form={form}
          field="fname"
          label="First name"
          autoComplete="billing given-name"
          required={false}
        />
        <TextField
          form={form}
          field="mnami"
          label="Middle initial"
          maxLength={1}
          required={false}
        />
        <TextField
          form={form}
          field="lname"
          label="Last name"
          autoComplete="billing family-name"
          required={false}
        />
      </SimpleGrid>
      <TextField
        form={form}
        field="cmp_name"
        label="Company name (optional)"
        description="Billed to a company, the person's name is not needed."
        autoComplete="billing organization"
        required={false}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          form={form}
          field="line1"
          label="Street address"
          autoComplete="billing address-line1"
        />
        <TextField
          form={form}
          field="line2"
          label="Apartment, suite, unit (optional)"
          autoComplete="billing address-line2"
          required={false}
        />
        <TextField form={form} field="city" label="City" autoComplete="billing address-level2" />
        <StateField form={form} />
        <TextField
          form={form}
          field="zip"
          label="ZIP code"
          description="5 digits, optionally -1234"
          autoComplete="billing postal-code"
          inputMode="numeric"
          maxLength={10}
        />
      </SimpleGrid>
    </Stack>
  );
}

export default function PaymentSection({
  payment,
  serviceAddress,
}: {
  payment: PaymentActor;
  /** The service address as one line. */
  serviceAddress: string;
}) {
  const view = useSelector(payment, selectPaymentView, sameView);
  const { bank, billingAddress } = useSelector(payment, selectPaymentActors, sameActors);
  const cardForm = useSelector(payment, selectCardForm);
  return (
    <SignupSection
      title="Payment"
      intro="Pay by card through our card processor's secure form, or from a bank account."
      testId="signup-payment"
    >
      <Radio.Group
        label="Payment method"
        required
        value={view.method}
        onChange={(method) =>
          payment.send({ type: 'payment.method.chosen', method: method as PaymentAccountType })
        }
      >
        <Group mt={4}>
          <Radio value="CC" label="Credit or debit card" />
          <Radio value="ACH" label="Bank account (ACH)" />
        </Group>
      </Radio.Group>

      {view.method === 'CC' && view.cardLastFour && (
        <Group gap="sm" data-testid="card-added">
          <Text fw={600}>{cardEndingIn(view.cardLastFour)}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => payment.send({ type: 'card.change.pressed' })}
          >
            Change
          </Button>
        </Group>
      )}
      {view.method === 'CC' && view.addCard && (
        <div>
          <Button variant="default" onClick={() => payment.send({ type: 'card.add.pressed' })}>
            Add card
          </Button>
        </div>
      )}
      {view.method === 'ACH' && bank && <BankForm form={bank} />}
      {view.modalOpen && cardForm && (
        <Suspense fallback={null}>
          <CardFormModal cardForm={cardForm} style={SIGNUP_TEXT_COLORS} />
        </Suspense>
      )}

      <Radio.Group
        label="Billing"
        required
        value={view.autoPay === null ? null : view.autoPay ? 'automatic' : 'manual'}
        onChange={(value) =>
          payment.send({ type: 'payment.autopay.chosen', automatic: value === 'automatic' })
        }
      >
        <Group mt={4}>
          <Radio value="automatic" label="Automatic monthly billing" />
          <Radio value="manual" label="Manual payment" />
        </Group>
      </Radio.Group>

      {view.billingShown && (
        <Stack gap="sm" data-testid="billing-address">
          <Radio.Group
            label="Billing address"
            required
            value={view.billingChoice}
            onChange={(choice) =>
              payment.send({ type: 'billing.chosen', choice: choice as BillingAddressChoice })
            }
          >
            <Stack gap={6} mt={4}>
              <Radio
                value="service"
                label={`Same as the service address (${truncateDisplayAddress(serviceAddress)})`}
                title={serviceAddress}
              />
              <Radio value="new" label="A new billing address" />
            </Stack>
          </Radio.Group>
          {view.billingChoice === 'new' && billingAddress && (
            <BillingAddressForm form={billingAddress} />
          )}
        </Stack>
      )}
    </SignupSection>
  );
}
