import { Button, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { PasswordRecoverySchema } from '#shared/schemas/session';
import type { MessageResponse } from '#shared/session';
import {
  selectResponseMessage,
  selectSubmitError,
  selectSubmitting,
} from '#machines/forms/form.selectors';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { FormTextField } from '../session/FormTextField.tsx';
import { useFormActor } from '../session/form-actors.ts';
import { FailureNotice, RecoveryLayout, SentNotice } from './RecoveryLayout.tsx';

const FIELDS = { username: PasswordRecoverySchema.entries.username };

/** Password recovery: a single-use link to set a new password goes to the account's email. */
export default function PasswordRecoveryPage() {
  usePageTitle('Password recovery');
  const { api } = useAppServices();
  const form = useFormActor({ fields: FIELDS }, (values) =>
    api.post<MessageResponse>('/token/password_recovery', {
      username: String(values.username).trim(),
    }),
  );
  const submitting = useSelector(form, selectSubmitting);
  const sent = useSelector(form, selectResponseMessage);
  const failure = useSelector(form, selectSubmitError);

  return (
    <RecoveryLayout
      title="Password recovery"
      intro="Enter your username and we will email you a link to set a new password. The link works once, for one hour."
    >
      <form
        noValidate
        aria-label="Password recovery"
        onSubmit={(event) => {
          event.preventDefault();
          form.send({ type: 'submit' });
        }}
      >
        <Stack gap="md">
          {sent && <SentNotice message={sent} />}
          <FailureNotice message={failure} />
          <FormTextField
            actor={form}
            field="username"
            label="Username"
            autoComplete="username"
            required
            autoFocus
          />
          <Button type="submit" loading={submitting}>
            Email me a link
          </Button>
        </Stack>
      </form>
    </RecoveryLayout>
  );
}
