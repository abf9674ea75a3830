/** Domain redirects: the form (from a domain, to an address) and the list. */
import { Stack } from '@mantine/core';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ItemsList } from './ItemsList.tsx';
import { CreateForm } from './ManagedForm.tsx';

export function RedirectsSection({ redirects }: { redirects: ManagedItemsActor }) {
  return (
    <Stack>
      <CreateForm list={redirects} label="Add redirect">
        {(form) => (
          <>
            <FormTextField actor={form} field="redirect_from" label="Redirect from (domain)" />
            <FormTextField actor={form} field="redirect_to" label="Redirect to (address)" />
          </>
        )}
      </CreateForm>
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
