/**
 * Vhosts: the form (domain, aliases, a certificate of the server, SSL only), the list (new vhosts
 * locked for 60 s), a vhost's aliases and SSL settings (SSL on or off, its certificate, SSL only)
 * changed from its row.
 */
import { Stack } from '@mantine/core';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ChangeModal } from './ChangeModal.tsx';
import { ItemsList } from './ItemsList.tsx';
import { CertificateSelect, CreateForm, FormCheckbox } from './ManagedForm.tsx';

export function VhostsSection({
  vhosts,
  certs,
}: {
  vhosts: ManagedItemsActor;
  certs: ManagedItemsActor;
}) {
  return (
    <Stack>
      <CreateForm list={vhosts} label="Add vhost">
        {(form) => (
          <>
            <FormTextField actor={form} field="domain" label="Domain" />
            <FormTextField
              actor={form}
              field="aliases"
              label="Aliases (separated by spaces or commas)"
            />
            <CertificateSelect form={form} certs={certs} placeholder="No SSL" />
            <FormCheckbox form={form} field="ssl_only" label="SSL only (HTTP redirects to HTTPS)" />
          </>
        )}
      </CreateForm>
      <ItemsList
        actor={vhosts}
        label="Vhosts"
        columns={[
          { title: 'Domain', value: (h) => String(h.domain) },
          { title: 'Aliases', value: (h) => (h.aliases as string[]).join(', ') },
          {
            title: 'SSL',
            value: (h) => (h.ssl_only ? 'SSL only' : h.ssl_enabled ? 'SSL' : 'No'),
          },
        ]}
      />
      <ChangeModal list={vhosts} certs={certs} />
    </Stack>
  );
}
