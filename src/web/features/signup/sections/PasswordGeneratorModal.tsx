/**
 * The password generator as a helper of the signup's credentials (signup.md §2 "Password
 * generator"): pick at least 3 of 15 words, Generate, then "Use this password" puts it in both
 * password boxes. The same machine as the password generator page (machines/passgen).
 */
import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { PASSWORD_GENERATOR } from '#shared/constants';
import type { PassgenResponse } from '#shared/session';
import { cryptoRandomInt, generatePassphrase } from '#machines/passgen/generate';
import { passgenMachine } from '#machines/passgen/passgen.machine';
import {
  selectCanGenerate,
  selectChosenCount,
  selectGenerating,
  selectLoadingWords,
  selectPassgenError,
  selectResult,
  selectWordRows,
  selectWordsFailed,
} from '#machines/passgen/passgen.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { SIGNUP_TEXT_COLORS } from '../SignupLayout.tsx';

export default function PasswordGeneratorModal({
  onUse,
  onClose,
}: {
  onUse(password: string): void;
  onClose(): void;
}) {
  const { api } = useAppServices();
  const passgen = useActorRef(
    passgenMachine.provide({
      actors: {
        fetchWords: fromPromise(
          async () =>
            (await api.get<PassgenResponse>(`/passgen/${PASSWORD_GENERATOR.wordCount}`)).words,
        ),
        generatePassword: fromPromise(async ({ input }) =>
          generatePassphrase(input.words, cryptoRandomInt),
        ),
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
        {loading && (
          <Center py="md" role="status" aria-label="Loading words">
            <Loader size="sm" aria-hidden />
          </Center>
        )}
        {failed && (
          <Alert color="red" title="The words could not be loaded" role="alert">
            <Stack gap="xs" align="flex-start">
              <span>{error}</span>
              <Button size="xs" variant="white" onClick={() => passgen.send({ type: 'retry' })}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {rows.length > 0 && (
          <>
            <SimpleGrid
              cols={PASSWORD_GENERATOR.columns}
              spacing="xs"
              role="group"
              aria-label="Words to choose from"
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
              <Button
                disabled={!canGenerate}
                loading={generating}
                onClick={() => passgen.send({ type: 'generate' })}
              >
                Generate
              </Button>
            </Group>
          </>
        )}
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
