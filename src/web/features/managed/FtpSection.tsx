/**
 * FTP users: the form (user name, password, the vhost it works in), the list with each user's
 * vhost, a user's password changed in its row.
 */
import { Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { selectRows } from '#machines/managed/items.selectors';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ChangeModal } from './ChangeModal.tsx';
import { ItemsList } from './ItemsList.tsx';
import { CreateForm, FormSelect, NewPasswordField } from './ManagedForm.tsx';

/** A user without a vhost works in the websites user's folder, not a site's. */
const NO_VHOST = 'No vhost';

export function FtpSection({ ftp, vhosts }: { ftp: ManagedItemsActor; vhosts: ManagedItemsActor }) {
  const vhostRows = useSelector(vhosts, selectRows);
  const options = vhostRows.map((row) => ({ value: row.id, label: String(row.item.domain) }));
  const domainOf = (id: unknown) =>
    vhostRows.find((row) => row.id === String(id))?.item.domain ?? NO_VHOST;
  return (
    <Stack>
      <CreateForm list={ftp} label="Add FTP user">
        {(form) => (
          <>
            <FormTextField actor={form} field="username" label="User name" />
            <NewPasswordField form={form} />
            <FormSelect
              form={form}
              field="vhost_id"
              label="Vhost"
              placeholder={NO_VHOST}
              clearable
              options={options}
            />
          </>
        )}
      </CreateForm>
      <ItemsList
        actor={ftp}
        label="FTP users"
        columns={[
          { title: 'User', value: (f) => String(f.username) },
          { title: 'Vhost', value: (f) => String(domainOf(f.vhost_id)) },
        ]}
      />
      <ChangeModal list={ftp} />
    </Stack>
  );
}
