/** The billing address, and (for users who manage payments) its edit form: POST /billing/address. */
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { BillingAddressUpdateSchema, type BillingAddressUpdate } from '#shared/billing';
import { BILLING_PAGE_TEXT } from '#shared/messages/billing-page';
import { BILLING_MESSAGES } from '#shared/messages/portal';
import type { BillingAddress } from '#shared/session';
import { US_STATE_ABBREVIATIONS } from '#shared/us-states';
import {
  selectFieldError,
  selectSubmitError,
  selectSubmitting,
  selectText,
} from '#machines/forms/form.selectors';
import { useAppServices } from '../../app/context.tsx';
import { useFormActor } from '../../components/form-actors.ts';
import { FormTextField, READABLE_TEXT_INPUT } from '../../components/FormTextField.tsx';

const { paper_invoice: _paperInvoice, ...ADDRESS_FIELDS } = BillingAddressUpdateSchema.entries;

function startingValues(address: BillingAddress | null): Record<string, string> {
  if (!address) return {};
  const [zip, ext = ''] = address.zip_code.split('-');
  return {
    fname: address.fname,
    lname: address.lname,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    zip_code: zip,
    zip_ext: ext,
  };
}

interface EditFormProps {
  address: BillingAddress | null;
  save: (address: BillingAddressUpdate) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
}

function EditForm({ address, save, onSaved, onCancel }: EditFormProps) {
  const { actors } = useAppServices();
  const form = useFormActor(
    { fields: ADDRESS_FIELDS, initialValues: startingValues(address) },
    async (values) => {
      const answer = await save(values as unknown as BillingAddressUpdate);
      actors.notifications.send({
        type: 'notification.raised',
        message: BILLING_MESSAGES.addressSaved,
        notificationType: 'success',
      });
      onSaved();
      return answer;
    },
  );
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
          <Button variant="default" onClick={onCancel} disabled={submitting}>
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
  save: (address: BillingAddressUpdate) => Promise<unknown>;
  onSaved: () => void;
}

export function BillingAddressSection({
  address,
  canManage,
  save,
  onSaved,
}: BillingAddressSectionProps) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <EditForm
        address={address}
        save={save}
        onSaved={() => {
          setEditing(false);
          onSaved();
        }}
        onCancel={() => setEditing(false)}
      />
    );
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
        <Button variant="default" size="xs" onClick={() => setEditing(true)}>
          Edit billing address
        </Button>
      )}
    </Stack>
  );
}
