/**
 * The billing address, and (for users who manage payments) its edit form: the page machine's
 * child `address` (machines/billing/billing-page.machine.ts, POST /billing/address). Edit and
 * Cancel go to the page; the form's fields to the form.
 */
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { BILLING_PAGE_TEXT } from '#shared/billing/messages';
import type { BillingAddress } from '#shared/session/types';
import { US_STATE_ABBREVIATIONS } from '#shared/us-states';
import type { BillingPageActor } from '#machines/billing/billing-page.machine';
import type { formMachine } from '#machines/forms/form.machine';
import {
  selectFieldError,
  selectSubmitError,
  selectSubmitting,
  selectText,
} from '#machines/forms/form.selectors';
import { FormTextField, READABLE_TEXT_INPUT } from '../../components/FormTextField.tsx';

type AddressForm = ActorRefFrom<typeof formMachine>;

function EditForm({ form, page }: { form: AddressForm; page: BillingPageActor }) {
  const submitting = useSelector(form, selectSubmitting);
  const failure = useSelector(form, selectSubmitError);
  const state = useSelector(form, (s) => selectText(s, 'state'));
  const stateError = useSelector(form, (s) => selectFieldError(s, 'state'));
  return (
    <form
      noValidate
      aria-label="Edit the billing address"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit.pressed' });
      }}
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="The billing address was not saved">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormTextField
            actor={form}
            field="fname"
            label="First name"
            autoComplete="given-name"
            required
          />
          <FormTextField
            actor={form}
            field="lname"
            label="Last name"
            autoComplete="family-name"
            required
          />
        </SimpleGrid>
        <FormTextField
          actor={form}
          field="line1"
          label="Street address"
          autoComplete="address-line1"
          required
        />
        <FormTextField
          actor={form}
          field="line2"
          label="Apartment, suite (optional)"
          autoComplete="address-line2"
        />
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <FormTextField
            actor={form}
            field="city"
            label="City"
            autoComplete="address-level2"
            required
          />
          <NativeSelect
            label="State"
            required
            autoComplete="address-level1"
            value={state}
            error={stateError}
            styles={READABLE_TEXT_INPUT}
            data={['', ...US_STATE_ABBREVIATIONS]}
            onChange={(event) =>
              form.send({ type: 'field.changed', field: 'state', value: event.currentTarget.value })
            }
            onBlur={() => form.send({ type: 'field.left', field: 'state' })}
          />
          <FormTextField
            actor={form}
            field="zip_code"
            label="Zip code"
            autoComplete="postal-code"
            required
          />
          <FormTextField actor={form} field="zip_ext" label="Zip +4 (optional)" />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            Save address
          </Button>
          <Button
            variant="default"
            onClick={() => page.send({ type: 'address.edit.closed' })}
            disabled={submitting}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface BillingAddressSectionProps {
  address: BillingAddress | null;
  canManage: boolean;
  /** The edit form's machine while it is open. */
  form: AddressForm | null;
  page: BillingPageActor;
}

export function BillingAddressSection({
  address,
  canManage,
  form,
  page,
}: BillingAddressSectionProps) {
  if (form) return <EditForm form={form} page={page} />;
  return (
    <Stack gap="xs" align="flex-start">
      {address ? (
        <Text component="address" style={{ fontStyle: 'normal' }} data-testid="billing-address">
          {address.fname} {address.lname}
          <br />
          {address.formatted_address}
        </Text>
      ) : (
        <Text>{BILLING_PAGE_TEXT.noBillingAddress}</Text>
      )}
      {canManage && (
        <Button
          variant="default"
          size="xs"
          onClick={() => page.send({ type: 'address.edit.pressed' })}
        >
          Edit billing address
        </Button>
      )}
    </Stack>
  );
}
