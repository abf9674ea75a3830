import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { SESSION_MESSAGES } from '#shared/session/messages';
import { UpdatePasswordSchema } from '#shared/session/schemas';
import {
  selectPasswordSubmitError,
  selectPasswordSubmitted,
  selectPasswordSubmitting,
} from '#machines/forms/password.selectors';
import {
  passwordUpdateMachine,
  type PasswordUpdateActor,
} from '#machines/session/password-update.machine';
import { selectNewPassword, selectUsernameForm } from '#machines/session/password-update.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { usePageTitle } from '../../../pages/usePageTitle.ts';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { PasswordFields } from '../../../components/PasswordFields.tsx';
import { passwordWithSubmit, type PasswordSubmit } from '../../../components/password-actor.ts';
import { recoveryApi } from './api.ts';
import { FailureNotice, RecoveryLayout, SUCCESS_TITLE } from './RecoveryLayout.tsx';

const FIELDS = { username: UpdatePasswordSchema.entries.username };

/** Sets a new password from the single-use link of a recovery email (/password-update/{id}). */
export default function PasswordUpdatePage() {
  usePageTitle('Set a new password');
  const { api } = useAppServices();
  const { id } = useParams({ strict: false }) as { id?: string };
  const submit = useRef<PasswordSubmit>(undefined);
  submit.current = ({ username, password }) =>
    recoveryApi(api).updatePassword(id ?? '', { username, password });
  const update = useActorRef(
    passwordUpdateMachine.provide({
      actors: { password: passwordWithSubmit(() => submit.current) },
    }),
    { input: { fields: FIELDS } },
  );
  const usernameForm = useSelector(update, selectUsernameForm);
  const password = useSelector(update, selectNewPassword);
  if (!usernameForm || !password) return null;
  return <PasswordUpdateForm update={update} usernameForm={usernameForm} password={password} />;
}

function PasswordUpdateForm({
  update,
  usernameForm,
  password,
}: {
  update: PasswordUpdateActor;
  usernameForm: NonNullable<ReturnType<typeof selectUsernameForm>>;
  password: NonNullable<ReturnType<typeof selectNewPassword>>;
}) {
  const submitting = useSelector(password, selectPasswordSubmitting);
  const done = useSelector(password, selectPasswordSubmitted);
  const failure = useSelector(password, selectPasswordSubmitError);

  return (
    <RecoveryLayout
      title="Set a new password"
      intro="Enter your username and choose a new password. This link works once."
    >
      {done ? (
        <Alert
          styles={SUCCESS_TITLE}
          color="green"
          title="Password updated"
          role="status"
          data-testid="password-updated"
        >
          {SESSION_MESSAGES.passwordUpdated}{' '}
          <Anchor component={Link} to="/login/">
            Log in
          </Anchor>
        </Alert>
      ) : (
        <form
          noValidate
          aria-label="Set a new password"
          onSubmit={(event) => {
            event.preventDefault();
            update.send({ type: 'submit.pressed' });
          }}
        >
          <Stack gap="md">
            <FailureNotice message={failure} />
            {failure === SESSION_MESSAGES.linkExpired && (
              <Anchor component={Link} to="/password-recovery/">
                Request a new link
              </Anchor>
            )}
            <FormTextField
              actor={usernameForm}
              field="username"
              label="Username"
              autoComplete="username"
              required
              autoFocus
            />
            <PasswordFields actor={password} withCurrent={false} />
            <Button type="submit" loading={submitting}>
              Set the new password
            </Button>
          </Stack>
        </form>
      )}
    </RecoveryLayout>
  );
}
