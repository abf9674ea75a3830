/** MySQL databases: the form (name, user, password) and the list, new ones locked for 60 s. */
import { Stack } from '@mantine/core';
import { DATABASE_FORM } from '#shared/managed-forms';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ItemsList } from './ItemsList.tsx';
import { ManagedForm } from './ManagedForm.tsx';
import { useCreateForm } from './use-items.ts';

export function DatabasesSection({ databases }: { databases: ManagedItemsActor }) {
  const form = useCreateForm(databases, DATABASE_FORM);
  return (
    <Stack>
      <ManagedForm form={form} list={databases} label="Add database">
        <FormTextField actor={form} field="database_name" label="Database name" />
        <FormTextField actor={form} field="username" label="User name" />
        <FormTextField
          actor={form}
          field="password"
          label="Password"
          autoComplete="new-password"
          secret
        />
      </ManagedForm>
      <ItemsList
        actor={databases}
        label="MySQL databases"
        columns={[
          { title: 'Database', value: (d) => String(d.database_name) },
          { title: 'User', value: (d) => String(d.username) },
        ]}
      />
    </Stack>
  );
}
