/** PHP settings: the form (a setting of the allow-list and its typed value) and the list. */
import { Stack } from '@mantine/core';
import { PHP_SETTING_KEYS } from '#shared/managed';
import { PHP_SETTING_FORM } from '#shared/managed-forms';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ItemsList } from './ItemsList.tsx';
import { ManagedForm } from './ManagedForm.tsx';
import { useCreateForm } from './use-items.ts';

export function PhpSection({ php }: { php: ManagedItemsActor }) {
  const form = useCreateForm(php, PHP_SETTING_FORM);
  return (
    <Stack>
      <ManagedForm form={form} list={php} label="Set PHP value">
        <FormTextField
          actor={form}
          field="key"
          label={`Setting (${PHP_SETTING_KEYS.join(', ')})`}
        />
        <FormTextField actor={form} field="value" label="Value" />
      </ManagedForm>
      <ItemsList
        actor={php}
        label="PHP settings"
        columns={[
          { title: 'Setting', value: (p) => String(p.key) },
          { title: 'Value', value: (p) => String(p.value) },
        ]}
      />
    </Stack>
  );
}
