/**
 * PHP settings: the form (a setting chosen from the allow-list, its value of the setting's type)
 * and the list.
 */
import { Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { PHP_SETTING_KEYS, phpValueHint } from '#shared/managed/rules';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { selectText } from '#machines/forms/form.selectors';
import type { ManagedFormActor } from '#machines/managed/items.selectors';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ItemsList } from './ItemsList.tsx';
import { CreateForm, FormSelect } from './ManagedForm.tsx';

const KEYS = PHP_SETTING_KEYS.map((key) => ({ value: key, label: key }));

function PhpFields({ form }: { form: ManagedFormActor }) {
  const key = useSelector(form, (s) => selectText(s, 'key'));
  return (
    <>
      <FormSelect
        form={form}
        field="key"
        label="Setting"
        placeholder="Choose a setting"
        options={KEYS}
      />
      <FormTextField actor={form} field="value" label="Value" description={phpValueHint(key)} />
    </>
  );
}

export function PhpSection({ php }: { php: ManagedItemsActor }) {
  return (
    <Stack>
      <CreateForm list={php} label="Set PHP value">
        {(form) => <PhpFields form={form} />}
      </CreateForm>
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
