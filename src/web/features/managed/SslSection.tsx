/** SSL certificates: the upload form (name, certificate, key, CA chain) and the list. */
import { Stack } from '@mantine/core';
import { SSL_CERT_FORM } from '#shared/managed-forms';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ItemsList } from './ItemsList.tsx';
import { FormTextArea, ManagedForm } from './ManagedForm.tsx';
import { useCreateForm } from './use-items.ts';

export function SslSection({ certs }: { certs: ManagedItemsActor }) {
  const form = useCreateForm(certs, SSL_CERT_FORM);
  return (
    <Stack>
      <ManagedForm form={form} list={certs} label="Upload certificate">
        <FormTextField actor={form} field="name" label="Name" />
        <FormTextArea form={form} field="cert" label="Certificate (PEM)" />
        <FormTextArea form={form} field="key" label="Private key (PEM)" />
        <FormTextArea form={form} field="ca" label="CA chain (PEM, optional)" />
      </ManagedForm>
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
