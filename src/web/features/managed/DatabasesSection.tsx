/**
 * MySQL databases: the form (name, user, password), the list (new ones locked for 60 s), a
 * database's password changed in its row.
 */
import { Stack } from '@mantine/core';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ChangeModal } from './ChangeModal.tsx';
import { ItemsList } from './ItemsList.tsx';
import { CreateForm, NewPasswordField } from './ManagedForm.tsx';

export function DatabasesSection({ databases }: { databases: ManagedItemsActor }) {
  return (
    <Stack>
      <CreateForm list={databases} label="Add database">
        {(form) => (
          <>
            <FormTextField actor={form} field="database_name" label="Database name" />
            <FormTextField actor={form} field="username" label="User name" />
            <NewPasswordField form={form} />
          </>
        )}
      </CreateForm>
      <ItemsList
        actor={databases}
        label="MySQL databases"
        columns={[
          { title: 'Database', value: (d) => String(d.database_name) },
          { title: 'User', value: (d) => String(d.username) },
        ]}
      />
      <ChangeModal list={databases} />
    </Stack>
  );
}
