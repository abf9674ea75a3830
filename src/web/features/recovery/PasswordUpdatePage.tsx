import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { waitFor, type ActorRefFrom } from 'xstate';
import { SESSION_MESSAGES } from '#shared/messages';
import { UpdatePasswordSchema } from '#shared/schemas/session';
import type { MessageResponse } from '#shared/session';
import type { formMachine } from '#machines/forms/form.machine';
import { selectText } from '#machines/forms/form.selectors';
import {
  selectPasswordSubmitError,
  selectPasswordSubmitted,
  selectPasswordSubmitting,
} from '#machines/forms/password.selectors';
import { ApiFailure } from '../../api/client.ts';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { FormTextField } from '../session/FormTextField.tsx';
import { PasswordFields } from '../session/PasswordFields.tsx';
import { useFormActor } from '../session/form-actors.ts';
import { usePasswordActor } from '../session/password-actor.ts';
import { FailureNotice, RecoveryLayout, SUCCESS_TITLE } from './RecoveryLayout.tsx';

const FIELDS = { username: UpdatePasswordSchema.entries.username };

/** Sets a new password from the single-use link of a recovery email (/password-update/{id}). */
export default function PasswordUpdatePage() {
  usePageTitle('Set a new password');
  const { api } = useAppServices();
  const { id } = useParams({ strict: false }) as { id?: string };
  const usernameRef = useRef<ActorRefFrom<typeof formMachine>>(null);

  const password = usePasswordActor({}, async (values) => {
    const form = usernameRef.current;
    const username = form ? selectText(form.getSnapshot(), 'username').trim() : '';
    try {
      return await api.post<MessageResponse>(
        `/token/update_password/${encodeURIComponent(id ?? '')}`,
        { username, password: values.password },
      );
    } catch (error) {
      const mismatch = error instanceof ApiFailure ? error.fieldErrors.username : undefined;
      if (mismatch) form?.send({ type: 'set errors', errors: { username: mismatch } });
      throw error;
    }
  });

  // One Submit: the username must pass, then the password form checks and sends.
  const usernameForm = useFormActor({ fields: FIELDS }, async () => {
    password.send({ type: 'submit' });
    const settled = await waitFor(
      password,
      (s) => s.matches('submitted') || (s.matches('editing') && !s.context.submitWhenMeasured),
    );
    if (!settled.matches('submitted')) throw new Error('');
  });
  usernameRef.current = usernameForm;

  const username = useSelector(usernameForm, (s) => selectText(s, 'username'));
  useEffect(() => {
    password.send({ type: 'user inputs changed', userInputs: username ? [username] : [] });
  }, [password, username]);

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
            usernameForm.send({ type: 'submit' });
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
