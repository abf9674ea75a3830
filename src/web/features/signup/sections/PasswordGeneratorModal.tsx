/**
 * The password generator as a helper of the signup's credentials (signup.md §2 "Password
 * generator"): pick at least 3 of 15 words, Generate, then "Use this password" puts it in both
 * password boxes. The same machine as the password generator page (machines/passgen).
 */
import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { PASSWORD_GENERATOR } from '#shared/constants';
import { selectResult } from '#machines/passgen/passgen.selectors';
import { usePassgenActor, WordPicker } from '../../../components/WordPicker.tsx';
import { useReturnFocus } from '../../../components/focus.ts';
import { SIGNUP_TEXT_COLORS } from '../SignupLayout.tsx';

export default function PasswordGeneratorModal({
  onUse,
  onClose,
}: {
  onUse(password: string): void;
  onClose(): void;
}) {
  const passgen = usePassgenActor();
  const result = useSelector(passgen, selectResult);
  useReturnFocus();

  return (
    <Modal
      opened
      onClose={onClose}
      title="Suggest a password"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close without using a password' }}
      style={SIGNUP_TEXT_COLORS}
    >
      <Stack gap="sm">
        <Text size="sm">
          Pick at least {PASSWORD_GENERATOR.minimumChosen} words, in the order you like. Generate
          adds {PASSWORD_GENERATOR.extraParts} random digits and symbols.
        </Text>
        <WordPicker passgen={passgen} />
        {result && (
          <Group justify="space-between" wrap="nowrap">
            <Code fz="md" data-testid="suggested-password" style={{ wordBreak: 'break-all' }}>
              {result}
            </Code>
            <Button onClick={() => onUse(result)}>Use this password</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
