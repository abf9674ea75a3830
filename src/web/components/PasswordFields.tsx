import { Group, List, Loader, Progress, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PASSWORD_MESSAGES } from '#shared/messages/account';
import { SESSION_NOTICES } from '#shared/session/messages';
import type { PasswordField, passwordMachine } from '#machines/forms/password.machine';
import {
  selectPasswordError,
  selectPasswordValue,
  selectStrength,
  selectStrengthAdvice,
  selectStrengthPending,
  selectStrengthUnavailable,
} from '#machines/forms/password.selectors';
import { RevealablePassword } from './FormTextField.tsx';

type PasswordActor = ActorRefFrom<typeof passwordMachine>;

function Field({
  actor,
  field,
  label,
  description,
  autoComplete,
}: {
  actor: PasswordActor;
  field: PasswordField;
  label: string;
  description?: string;
  autoComplete: string;
}) {
  const value = useSelector(actor, (s) => selectPasswordValue(s, field));
  const error = useSelector(actor, (s) => selectPasswordError(s, field));
  return (
    <RevealablePassword
      label={label}
      description={description}
      autoComplete={autoComplete}
      required
      value={value}
      error={error}
      onChange={(event) =>
        actor.send({ type: 'field.changed', field, value: event.currentTarget.value })
      }
      onBlur={() => actor.send({ type: 'field.left', field })}
    />
  );
}

const ADVICE_COLOR = { danger: 'red', warning: 'yellow' } as const;
/** The advice's words, at least 4.5:1 on the page in either scheme (app/global.css). */
const ADVICE_TEXT_COLOR = {
  danger: 'var(--app-color-error-text)',
  warning: 'var(--app-color-warning-text)',
} as const;

/** How hard the password is to guess, with zxcvbn's advice (danger and warning lines). */
function Strength({ actor, id }: { actor: PasswordActor; id: string }) {
  const strength = useSelector(actor, selectStrength);
  const pending = useSelector(actor, selectStrengthPending);
  const unavailable = useSelector(actor, selectStrengthUnavailable);
  const advice = useSelector(actor, selectStrengthAdvice);
  return (
    <Stack gap={4} id={id} aria-live="polite">
      {strength !== null && (
        <Group gap="xs" wrap="nowrap">
          <Progress
            value={strength}
            color={strength >= 100 ? 'green' : strength >= 50 ? 'yellow' : 'red'}
            aria-label="Password strength"
            style={{ flex: 1 }}
          />
          <Text size="xs" data-testid="password-strength">
            {strength} / 100
          </Text>
        </Group>
      )}
      {pending && (
        <Group gap={6}>
          <Loader size="xs" aria-hidden />
          <Text size="xs">Checking the strength…</Text>
        </Group>
      )}
      {unavailable && (
        <Text size="xs" c="red.8">
          {SESSION_NOTICES.strengthUnavailable}
        </Text>
      )}
      {advice.length > 0 && (
        <List size="xs" spacing={2} aria-label="Password advice">
          {advice.map((line) => (
            <List.Item key={`${line.kind}-${line.text}`} c={ADVICE_COLOR[line.kind]}>
              <Text span size="xs" c={ADVICE_TEXT_COLOR[line.kind]}>
                {line.text}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The current password (for a change), the new one with its strength, and its confirmation. */
export function PasswordFields({
  actor,
  withCurrent,
  newLabel = 'New password',
}: {
  actor: PasswordActor;
  withCurrent: boolean;
  newLabel?: string;
}) {
  return (
    <Stack gap="sm">
      {withCurrent && (
        <Field
          actor={actor}
          field="current"
          label="Current password"
          autoComplete="current-password"
        />
      )}
      <Field
        actor={actor}
        field="password"
        label={newLabel}
        description={PASSWORD_MESSAGES.help}
        autoComplete="new-password"
      />
      <Strength actor={actor} id="password-strength-advice" />
      <Field
        actor={actor}
        field="confirmation"
        label="Confirm the new password"
        autoComplete="new-password"
      />
    </Stack>
  );
}
