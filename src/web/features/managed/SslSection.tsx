/** SSL certificates: the upload form (name, certificate, key, CA chain) and the list. */
import { Stack } from '@mantine/core';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ItemsList } from './ItemsList.tsx';
import { CreateForm, FormTextArea } from './ManagedForm.tsx';

export function SslSection({ certs }: { certs: ManagedItemsActor }) {
  return (
    <Stack>
      <CreateForm list={certs} label="Upload certificate">
        {(form) => (
          <>
            <FormTextField actor={form} field="name" label="Name" />
            <FormTextArea form={form} field="cert" label="Certificate (PEM)" />
            <FormTextArea form={form} field="key" label="Private key (PEM)" />
            <FormTextArea form={form} field="ca" label="CA chain (PEM, optional)" />
          </>
        )}
      </CreateForm>
      <ItemsList
        actor={certs}
        label="SSL certificates"
        columns={[
          { title: 'Name', value: (c) => String(c.name) },
          { title: 'Covers', value: (c) => (c.names as string[]).join(', ') },
          { title: 'Valid until', value: (c) => String(c.valid_to).slice(0, 10) },
        ]}
      />
    </Stack>
  );
}
