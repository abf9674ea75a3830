/**
 * The bank account's fields (signup.md §5 "Bank form"; portal.md §3 "Payment account"): the name on
 * the account, routing and account numbers, and checking or savings, bound to a form machine. The
 * signup's payment step and the portal's "Add a bank account" both show these.
 */
import { Group, Radio, SimpleGrid, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { BANK_ACCOUNT_TYPES } from '#shared/constants';
import { selectChoiceError, selectText } from '#machines/forms/form.selectors';
import { READABLE_TEXT_INPUT } from './FormTextField.tsx';
import { useFormField, type FormActor } from './form-field.ts';

const ACCOUNT_TYPE_LABELS: Record<(typeof BANK_ACCOUNT_TYPES)[number], string> = {
  CHECKING: 'Checking',
  SAVINGS: 'Savings',
};

function BankTextField({
  form,
  field,
  ...props
}: { form: FormActor; field: string; label: string } & Pick<
  TextInputProps,
  'autoComplete' | 'inputMode' | 'maxLength'
>) {
  const { value, error, change, blur } = useFormField(form, field);
  return (
    <TextInput
      {...props}
      name={field}
      required
      styles={READABLE_TEXT_INPUT}
      value={value}
      error={error}
      onChange={(event) => change(event.currentTarget.value)}
      onBlur={blur}
    />
  );
}

export function BankAccountFields({ form }: { form: FormActor }) {
  const accountType = useSelector(form, (s) => selectText(s, 'account_type'));
  const typeError = useSelector(form, (s) => selectChoiceError(s, 'account_type'));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BankTextField
          form={form}
          field="name"
          label="Name on the bank account"
          autoComplete="name"
        />
        <BankTextField
          form={form}
          field="routing"
          label="Routing number"
          inputMode="numeric"
          maxLength={9}
        />
        <BankTextField
          form={form}
          field="account"
          label="Account number"
          inputMode="numeric"
          maxLength={23}
        />
      </SimpleGrid>
      <Radio.Group
        label="Account type"
        required
        value={accountType || null}
        error={typeError}
        onChange={(value) => form.send({ type: 'field.changed', field: 'account_type', value })}
      >
        <Group mt={4}>
          {BANK_ACCOUNT_TYPES.map((type) => (
            <Radio key={type} value={type} label={ACCOUNT_TYPE_LABELS[type]} />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}
