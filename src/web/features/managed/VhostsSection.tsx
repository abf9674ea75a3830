/**
 * Vhosts: the form (domain, aliases, a certificate of the server, SSL only), the list with each
 * vhost's aliases editable in its row, new vhosts locked for 60 s.
 */
import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { VHOST_ALIASES_FORM, VHOST_FORM } from '#shared/managed-forms';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { selectRows } from '#machines/managed/items.selectors';
import { selectField, selectFieldError, selectText } from '#machines/forms/form.selectors';
import { FormTextField, READABLE_TEXT_INPUT } from '../../components/FormTextField.tsx';
import { ItemsList } from './ItemsList.tsx';
import { ManagedForm } from './ManagedForm.tsx';
import { useManagedForm } from './use-items.ts';

function VhostForm({ vhosts, certs }: { vhosts: ManagedItemsActor; certs: ManagedItemsActor }) {
  const certRows = useSelector(certs, selectRows);
  const form = useManagedForm(
    vhosts,
    {
      fields: VHOST_FORM.fields,
      initialValues: VHOST_FORM.initialValues,
      checks: VHOST_FORM.checks,
    },
    (values) => ({ type: 'item.create.submitted', values: VHOST_FORM.body(values) }),
  );
  const sslId = useSelector(form, (s) => selectText(s, 'ssl_id'));
  const sslIdError = useSelector(form, (s) => selectFieldError(s, 'ssl_id'));
  const sslOnly = useSelector(form, (s) => selectField(s, 'ssl_only').value === true);
  const sslOnlyError = useSelector(form, (s) => selectFieldError(s, 'ssl_only'));
  return (
    <ManagedForm form={form} list={vhosts} label="Add vhost">
      <FormTextField actor={form} field="domain" label="Domain" />
      <FormTextField actor={form} field="aliases" label="Aliases (separated by spaces or commas)" />
      <Select
        label="Certificate"
        placeholder="No SSL"
        clearable
        value={sslId === '' ? null : sslId}
        onChange={(value) => form.send({ type: 'form.filled', values: { ssl_id: value ?? '' } })}
        data={certRows.map((row) => ({ value: row.id, label: String(row.item.name) }))}
        error={sslIdError}
        styles={READABLE_TEXT_INPUT}
      />
      <Checkbox
        label="SSL only (HTTP redirects to HTTPS)"
        checked={sslOnly}
        onChange={(event) =>
          form.send({ type: 'form.filled', values: { ssl_only: event.currentTarget.checked } })
        }
        error={sslOnlyError}
      />
    </ManagedForm>
  );
}

function AliasesEditor({
  vhosts,
  id,
  aliases,
}: {
  vhosts: ManagedItemsActor;
  id: string;
  aliases: string[];
}) {
  const form = useManagedForm(
    vhosts,
    { fields: VHOST_ALIASES_FORM.fields, initialValues: { aliases: aliases.join(' ') } },
    (values) => ({ type: 'item.update.submitted', id, values: VHOST_ALIASES_FORM.body(values) }),
  );
  const value = useSelector(form, (s) => selectText(s, 'aliases'));
  const error = useSelector(form, (s) => selectFieldError(s, 'aliases'));
  return (
    <form
      noValidate
      aria-label={`Aliases of vhost ${id}`}
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit.pressed' });
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          aria-label={`Aliases of vhost ${id}`}
          size="xs"
          w={240}
          value={value}
          error={error}
          styles={READABLE_TEXT_INPUT}
          onChange={(event) =>
            form.send({ type: 'field.changed', field: 'aliases', value: event.currentTarget.value })
          }
          onBlur={() => form.send({ type: 'field.left', field: 'aliases' })}
        />
        <Button size="xs" variant="light" type="submit">
          Save aliases
        </Button>
      </Group>
    </form>
  );
}

export function VhostsSection({
  vhosts,
  certs,
}: {
  vhosts: ManagedItemsActor;
  certs: ManagedItemsActor;
}) {
  return (
    <Stack>
      <VhostForm vhosts={vhosts} certs={certs} />
      <ItemsList
        actor={vhosts}
        label="Vhosts"
        columns={[
          { title: 'Domain', value: (h) => String(h.domain) },
          {
            title: 'SSL',
            value: (h) => (h.ssl_only ? 'SSL only' : h.ssl_enabled ? 'SSL' : 'No'),
          },
        ]}
        extra={(row) => (
          <AliasesEditor vhosts={vhosts} id={row.id} aliases={row.item.aliases as string[]} />
        )}
      />
    </Stack>
  );
}
