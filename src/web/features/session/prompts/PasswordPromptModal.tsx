import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import * as v from 'valibot';
import { FIELD_MESSAGES } from '#shared/messages';
import { SESSION_MESSAGES, SESSION_NOTICES } from '#shared/session/messages';
import { following } from '#machines/follow';
import {
  selectPasswordWindow,
  type PasswordPromptActor,
} from '#machines/session/password-prompt.selectors';
import {
  selectPasswordPromptActor,
  selectPasswordReason,
} from '#machines/session/tokens.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useFormActor } from '../../../components/form-actors.ts';
import { SecondFactorStep } from '../../../components/SecondFactorStep.tsx';

const FIELDS = { password: v.pipe(v.string(), v.minLength(1, FIELD_MESSAGES.required)) };

/**
 * The refresh-password modal (a sensitive request needs a fresh token) and the Verify Identity
 * modal (a page asks for the password before a sensitive step): both ask the token coordinator's
 * question, "your password, please". The coordinator's child `passwordPrompt` (password-prompt.machine.ts)
 * says what it shows; what the person does goes to the coordinator, which passes it on.
 */
export function PasswordPromptModal({ passwordWindow }: { passwordWindow: PasswordPromptActor }) {
  const { actors } = useAppServices();
  const reason = useSelector(actors.tokens, selectPasswordReason);
  const shown = useSelector(passwordWindow, selectPasswordWindow);
  const prompt = shown.closed ? null : { ...shown, reason };
  const form = useFormActor(
    { fields: FIELDS },
    async (values) => {
      actors.tokens.send({ type: 'password.entered', password: String(values.password) });
    },
    // Each time the modal opens it starts empty.
    following(
      [actors.tokens],
      ([snapshot]) => (selectPasswordPromptActor(snapshot) === null ? null : true),
      () => ({ type: 'form.cleared' }),
    ),
  );
  const open = prompt !== null;

  const verify = prompt?.reason === 'verify identity';
  const title = verify ? SESSION_NOTICES.verifyIdentityTitle : SESSION_NOTICES.refreshPasswordTitle;
  return (
    <Modal
      opened={open}
      onClose={() => actors.tokens.send({ type: 'password.cancelled' })}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close and cancel' }}
      data-testid={verify ? 'verify-identity-modal' : 'refresh-password-modal'}
    >
      {prompt?.secondFactor ? (
        <SecondFactorStep
          actor={prompt.secondFactor}
          username={prompt.username ?? ''}
          onCancel={() => actors.tokens.send({ type: 'password.cancelled' })}
        />
      ) : (
        <form
          noValidate
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            form.send({ type: 'submit.pressed' });
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {verify ? SESSION_NOTICES.verifyIdentity : SESSION_MESSAGES.freshTokenRequired}
            </Text>
            {prompt?.error && (
              <Alert color="red" role="alert" title={SESSION_MESSAGES.reauthFailedTitle}>
                {prompt.error}
              </Alert>
            )}
            {prompt?.username && (
              <Text size="sm">
                Username: <strong>{prompt.username}</strong>
              </Text>
            )}
            <FormTextField
              actor={form}
              field="password"
              label={verify ? 'Current password' : 'Password'}
              autoComplete="current-password"
              required
              secret
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => actors.tokens.send({ type: 'password.cancelled' })}
              >
                Cancel
              </Button>
              <Button type="submit" loading={prompt?.checking}>
                Continue
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
