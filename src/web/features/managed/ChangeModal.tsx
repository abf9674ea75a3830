/**
 * The open change of an item (machines/managed/items.machine.ts `editing`): a database's or an FTP
 * user's password (portal.md §7 PUT /mysql_database/{id}, PUT /ftp_users/{id}), a vhost's SSL
 * settings (PUT /vhosts/{id}: ssl_enabled, ssl_id, ssl_only) or its aliases
 * (PUT /vhosts/{id}/domain_aliases), in a dialog; Save sends it, Cancel closes it.
 */
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ManagedEdit } from '#shared/managed/forms';
import { PASSWORD_MESSAGES } from '#shared/messages/account';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { selectOpenChange, type ManagedFormActor } from '#machines/managed/items.selectors';
import { FormTextField } from '../../components/FormTextField.tsx';
import { CertificateSelect, FormCheckbox } from './ManagedForm.tsx';
import { SubmitForm } from '../../components/PanelSection.tsx';

function ChangeFields({
  edit,
  form,
  certs,
}: {
  edit: ManagedEdit;
  form: ManagedFormActor;
  certs?: ManagedItemsActor;
}) {
  switch (edit) {
    case 'password':
      return (
        <>
          <FormTextField
            actor={form}
            field="password"
            label="New password"
            description={PASSWORD_MESSAGES.help}
            autoComplete="new-password"
            secret
          />
          <FormTextField
            actor={form}
            field="confirm"
            label="Confirm the new password"
            autoComplete="new-password"
            secret
          />
        </>
      );
    case 'aliases':
      return (
        <FormTextField
          actor={form}
          field="aliases"
          label="Aliases (separated by spaces or commas)"
        />
      );
    case 'ssl':
      return certs ? <SslFields form={form} certs={certs} /> : null;
  }
}

function SslFields({ form, certs }: { form: ManagedFormActor; certs: ManagedItemsActor }) {
  return (
    <>
      <FormCheckbox form={form} field="ssl_enabled" label="SSL enabled" />
      <CertificateSelect form={form} certs={certs} placeholder="No certificate" />
      <FormCheckbox form={form} field="ssl_only" label="SSL only (HTTP redirects to HTTPS)" />
    </>
  );
}

export function ChangeModal({
  list,
  certs,
}: {
  list: ManagedItemsActor;
  /** The server's certificates, for a vhost's SSL settings. */
  certs?: ManagedItemsActor;
}) {
  const change = useSelector(list, selectOpenChange);
  const close = () => list.send({ type: 'item.edit.cancelled' });
  return (
    <Modal
      opened={change !== null}
      onClose={close}
      title={change?.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {change?.form && (
        <SubmitForm
          aria-label={change.title}
          noValidate
          onSubmit={() => change.form?.send({ type: 'submit.pressed' })}
        >
          <Stack gap="sm">
            {change.error && (
              <Alert color="red" role="alert">
                {change.error}
              </Alert>
            )}
            <ChangeFields edit={change.edit} form={change.form} certs={certs} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={change.saving}>
                Cancel
              </Button>
              <Button type="submit" loading={change.saving}>
                {change.save}
              </Button>
            </Group>
          </Stack>
        </SubmitForm>
      )}
    </Modal>
  );
}
