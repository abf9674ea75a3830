import {
  Button,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { PASSWORD_GENERATOR } from '#shared/constants';
import { SESSION_NOTICES } from '#shared/messages';
import type { PassgenResponse } from '#shared/session';
import { cryptoRandomInt, generatePassphrase } from '#machines/passgen/generate';
import { passgenMachine } from '#machines/passgen/passgen.machine';
import {
  selectCanCopy,
  selectCanGenerate,
  selectChosenCount,
  selectCopyState,
  selectGenerating,
  selectLoadingWords,
  selectPassgenError,
  selectResult,
  selectWordRows,
  selectWordsFailed,
} from '#machines/passgen/passgen.selectors';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { LoadFailure } from '../session/LoadFailure.tsx';

/** The password generator (signup.md §2): pick 3 or more of 15 words, Generate, Copy. */
export default function PasswordGeneratorPage() {
  usePageTitle('Password generator');
  const { api } = useAppServices();
  const passgen = useActorRef(
    passgenMachine.provide({
      actors: {
        fetchWords: fromPromise(async () => (await api.get<PassgenResponse>('/passgen/15')).words),
        generatePassword: fromPromise(async ({ input }) =>
          generatePassphrase(input.words, cryptoRandomInt),
        ),
        copyToClipboard: fromPromise(({ input }) => navigator.clipboard.writeText(input.text)),
      },
    }),
  );
  const rows = useSelector(passgen, selectWordRows);
  const chosen = useSelector(passgen, selectChosenCount);
  const canGenerate = useSelector(passgen, selectCanGenerate);
  const loading = useSelector(passgen, selectLoadingWords);
  const failed = useSelector(passgen, selectWordsFailed);
  const error = useSelector(passgen, selectPassgenError);
  const generating = useSelector(passgen, selectGenerating);
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
      {loading && (
        <Center py="lg" role="status" aria-label="Loading words">
          <Loader aria-hidden />
        </Center>
      )}
      {failed && (
        <LoadFailure
          title="The words could not be loaded"
          message={error}
          onRetry={() => passgen.send({ type: 'retry' })}
        />
      )}
      {rows.length > 0 && (
        <Stack gap="sm">
          <SimpleGrid
            cols={PASSWORD_GENERATOR.columns}
            spacing="xs"
            role="group"
            aria-label="Words to choose from"
            data-testid="word-grid"
          >
            {rows.flat().map((cell) => (
              <Button
                key={cell.index}
                variant={cell.chosen ? 'filled' : 'default'}
                aria-pressed={cell.chosen}
                onClick={() => passgen.send({ type: 'toggle word', index: cell.index })}
              >
                {cell.word}
              </Button>
            ))}
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {chosen} chosen ({PASSWORD_GENERATOR.minimumChosen} or more needed)
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => passgen.send({ type: 'new words' })}
              >
                New words
              </Button>
              <Button
                disabled={!canGenerate}
                loading={generating}
                onClick={() => passgen.send({ type: 'generate' })}
              >
                Generate
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
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
                onClick={() => passgen.send({ type: 'copy' })}
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
