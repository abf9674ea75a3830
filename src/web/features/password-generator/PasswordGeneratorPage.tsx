import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { PASSWORD_GENERATOR } from '#shared/constants';
import { SESSION_NOTICES } from '#shared/session/messages';
import { selectCanCopy, selectCopyState, selectResult } from '#machines/passgen/passgen.selectors';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { usePassgenActor, WordPicker } from '../../components/WordPicker.tsx';

/** The password generator (signup.md §2): pick 3 or more of 15 words, Generate, Copy. */
export default function PasswordGeneratorPage() {
  usePageTitle('Password generator');
  const passgen = usePassgenActor();
  const result = useSelector(passgen, selectResult);
  const copy = useSelector(passgen, selectCopyState);
  const canCopy = useSelector(passgen, selectCanCopy);

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Password generator</Title>
      <Text>
        Pick at least {PASSWORD_GENERATOR.minimumChosen} words, in the order you like. Generate adds{' '}
        {PASSWORD_GENERATOR.extraParts} random digits and symbols to make a strong password you can
        remember.
      </Text>
      <WordPicker
        passgen={passgen}
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => passgen.send({ type: 'new.words.pressed' })}
          >
            New words
          </Button>
        }
      />
      {result && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Text fw={600} id="generated-password-label">
              Your password
            </Text>
            <Group justify="space-between" wrap="nowrap">
              <Code
                fz="lg"
                data-testid="generated-password"
                aria-labelledby="generated-password-label"
                style={{ wordBreak: 'break-all' }}
              >
                {result}
              </Code>
              <Button
                variant="light"
                leftSection={
                  copy === 'copied' ? (
                    <IconCheck size={16} aria-hidden />
                  ) : (
                    <IconCopy size={16} aria-hidden />
                  )
                }
                loading={copy === 'copying'}
                disabled={!canCopy}
                onClick={() => passgen.send({ type: 'copy.pressed' })}
              >
                {copy === 'copied' ? 'Copied' : 'Copy'}
              </Button>
            </Group>
            <Text size="sm" aria-live="polite">
              {copy === 'failed' ? SESSION_NOTICES.copyRefused : ''}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
