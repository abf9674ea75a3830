import { Button, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { MessageResponse } from '#shared/session/types';
import type { FieldSchemas, FormValues } from '#machines/forms/form.machine';
import {
  selectResponseMessage,
  selectSubmitError,
  selectSubmitting,
} from '#machines/forms/form.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { usePageTitle } from '../../../pages/usePageTitle.ts';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useFormActor } from '../../../components/form-actors.ts';
import { recoveryApi, type RecoveryApi } from './api.ts';
import { FailureNotice, RecoveryLayout, SentNotice } from './RecoveryLayout.tsx';

interface RecoveryRequestFormProps {
  title: string;
  intro: string;
  /** The one field asked for, with its schema. */
  field: {
    name: string;
    schema: FieldSchemas[string];
    label: string;
    type?: 'email';
    autoComplete: string;
  };
  /** The call that has the email sent, with the form's values. */
  send: (api: RecoveryApi, values: FormValues) => Promise<MessageResponse>;
  submitLabel: string;
}

/** A public account-help page that asks for one field and has an email sent: the server's answer. */
export function RecoveryRequestForm({
  title,
  intro,
  field: { name, schema, ...field },
  send,
  submitLabel,
}: RecoveryRequestFormProps) {
  usePageTitle(title);
  const { api } = useAppServices();
  const form = useFormActor({ fields: { [name]: schema } }, (values) =>
    send(recoveryApi(api), values),
  );
  const submitting = useSelector(form, selectSubmitting);
  const sent = useSelector(form, selectResponseMessage);
  const failure = useSelector(form, selectSubmitError);

  return (
    <RecoveryLayout title={title} intro={intro}>
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          form.send({ type: 'submit.pressed' });
        }}
      >
        <Stack gap="md">
          {sent && <SentNotice message={sent} />}
          <FailureNotice message={failure} />
          <FormTextField actor={form} field={name} {...field} required autoFocus />
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </RecoveryLayout>
  );
}
