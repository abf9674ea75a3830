/** The websites user's password: the shared password machine (the signup's rules and strength meter). */
import { Alert, Button, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import {
  selectPasswordSubmitError,
  selectPasswordSubmitting,
} from '#machines/forms/password.selectors';
import { useAppServices } from '../../app/context.tsx';
import { PasswordFields } from '../../components/PasswordFields.tsx';
import { usePasswordActor } from '../../components/password-actor.ts';
import type { ManagedApi } from './api.ts';
import { notifySuccess } from '../../components/notify.tsx';
import { SubmitForm } from '../../components/PanelSection.tsx';

export function WebsitesUserSection({ calls }: { calls: ManagedApi }) {
  const { actors } = useAppServices();
  const password = usePasswordActor(
    { startOverWhenDone: true },
    ({ password: value }) => calls.websitesUserPassword(value),
    {
      'announce the change': () => notifySuccess(actors.notifications, M.websitesUserChanged),
    },
  );
  const submitting = useSelector(password, selectPasswordSubmitting);
  const failure = useSelector(password, selectPasswordSubmitError);
  return (
    <SubmitForm
      noValidate
      aria-label="Change the websites user password"
      onSubmit={() => password.send({ type: 'submit.pressed' })}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordFields actor={password} withCurrent={false} />
        <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </SubmitForm>
  );
}
