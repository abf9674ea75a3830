import { Button, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { UsernameRecoverySchema } from '#shared/schemas/session';
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

const FIELDS = { email: UsernameRecoverySchema.entries.email };

/** Username recovery: the usernames registered with an email address are sent to it. */
export default function UsernameRecoveryPage() {
  usePageTitle('Username recovery');
  const { api } = useAppServices();
  const form = useFormActor({ fields: FIELDS }, (values) =>
    api.post<MessageResponse>('/token/username_recovery', { email: values.email }),
  );
  const submitting = useSelector(form, selectSubmitting);
  const sent = useSelector(form, selectResponseMessage);
  const failure = useSelector(form, selectSubmitError);

  return (
    <RecoveryLayout
      title="Username recovery"
      intro="Enter the email address of your account and we will email you the usernames registered with it."
    >
      <form
        noValidate
        aria-label="Username recovery"
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
            field="email"
            label="Email address"
            type="email"
            autoComplete="email"
            required
            autoFocus
          />
          <Button type="submit" loading={submitting}>
            Email my usernames
          </Button>
        </Stack>
      </form>
    </RecoveryLayout>
  );
}
