/** FTP users: the form (user name, password) and the list. */
import { Stack } from '@mantine/core';
import { FTP_USER_FORM } from '#shared/managed-forms';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ItemsList } from './ItemsList.tsx';
import { ManagedForm } from './ManagedForm.tsx';
import { useCreateForm } from './use-items.ts';

export function FtpSection({ ftp }: { ftp: ManagedItemsActor }) {
  const form = useCreateForm(ftp, FTP_USER_FORM);
  return (
    <Stack>
      <ManagedForm form={form} list={ftp} label="Add FTP user">
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
        actor={ftp}
        label="FTP users"
        columns={[{ title: 'User', value: (f) => String(f.username) }]}
      />
    </Stack>
  );
}
