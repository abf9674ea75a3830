/** Domain redirects: the form (from a domain, to an address) and the list. */
import { Stack } from '@mantine/core';
import { REDIRECT_FORM } from '#shared/managed-forms';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ItemsList } from './ItemsList.tsx';
import { ManagedForm } from './ManagedForm.tsx';
import { useCreateForm } from './use-items.ts';

export function RedirectsSection({ redirects }: { redirects: ManagedItemsActor }) {
  const form = useCreateForm(redirects, REDIRECT_FORM);
  return (
    <Stack>
      <ManagedForm form={form} list={redirects} label="Add redirect">
        <FormTextField actor={form} field="redirect_from" label="Redirect from (domain)" />
        <FormTextField actor={form} field="redirect_to" label="Redirect to (address)" />
      </ManagedForm>
      <ItemsList
        actor={redirects}
        label="Domain redirects"
        columns={[
          { title: 'From', value: (r) => String(r.redirect_from) },
          { title: 'To', value: (r) => String(r.redirect_to) },
        ]}
      />
    </Stack>
  );
}
