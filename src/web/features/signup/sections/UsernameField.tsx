/**
 * The username box: its rules' messages once typing pauses, then whether it is free; a taken one
 * lists the server's suggestions as buttons that fill the box.
 */
import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '#shared/constants';
import type { UsernameActor } from '#machines/signup/username.machine';
import { selectUsernameView, type UsernameView } from '#machines/signup/username.selectors';
import { actThenFocus } from '../../../components/focus.ts';
import { READABLE_TEXT_INPUT } from '../../../components/FormTextField.tsx';

const sameView = (a: UsernameView, b: UsernameView) =>
  a.value === b.value &&
  a.status === b.status &&
  a.message === b.message &&
  a.suggestions.join() === b.suggestions.join();

export function UsernameField({ username }: { username: UsernameActor }) {
  const view = useSelector(username, selectUsernameView, sameView);
  const box = useRef<HTMLInputElement>(null);
  const problem = view.status === 'invalid' || view.status === 'taken' || view.status === 'failed';
  return (
    <Stack gap={6}>
      <TextInput
        ref={box}
        label="Username"
        description={`${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: lowercase letters, numbers, dashes and underscores, starting with a letter`}
        name="uid"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        styles={READABLE_TEXT_INPUT}
        value={view.value}
        error={problem ? view.message : undefined}
        rightSection={
          view.status === 'checking' ? (
            <Loader size="xs" role="status" aria-label="Checking the username" />
          ) : null
        }
        onChange={(event) =>
          username.send({ type: 'username.changed', value: event.currentTarget.value })
        }
      />
      <Text size="sm" aria-live="polite" data-testid="username-status">
        {view.status === 'available' ? `✓ ${view.message}` : ''}
      </Text>
      {view.suggestions.length > 0 && (
        <Group gap="xs" role="group" aria-label="Suggested usernames">
          {view.suggestions.map((uid) => (
            <Button
              key={uid}
              size="xs"
              variant="light"
              // The suggestion fills the box and the list goes: focus goes back to the box.
              onClick={() =>
                actThenFocus(box.current, () =>
                  username.send({ type: 'username.suggestion.chosen', uid }),
                )
              }
            >
              {uid}
            </Button>
          ))}
        </Group>
      )}
      {view.status === 'failed' && (
        <div>
          <Button
            size="xs"
            variant="default"
            onClick={() => username.send({ type: 'username.retry.pressed' })}
          >
            Check again
          </Button>
        </div>
      )}
    </Stack>
  );
}
