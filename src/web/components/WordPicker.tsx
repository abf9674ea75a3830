/**
 * The password generator's word grid (signup.md §2): the words load, the visitor picks at least 3
 * of 15 in a 5 by 3 grid, Generate. Shared by the generator page and the signup's helper modal;
 * both drive the same machine (machines/passgen).
 */
import { Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { PASSWORD_GENERATOR } from '#shared/constants';
import { cryptoRandomInt, generatePassphrase } from '#machines/passgen/generate';
import { passgenMachine } from '#machines/passgen/passgen.machine';
import {
  selectCanGenerate,
  selectChosenCount,
  selectGenerating,
  selectLoadingWords,
  selectPassgenError,
  selectWordRows,
  selectWordsFailed,
} from '#machines/passgen/passgen.selectors';
import { passgenApi } from '../api/passgen.ts';
import { useAppServices } from '../app/context.tsx';
import { LoadFailure } from './LoadFailure.tsx';

export type PassgenActor = ActorRefFrom<typeof passgenMachine>;

/** A password generator actor with the app's words, crypto randomness and clipboard. */
export function usePassgenActor(): PassgenActor {
  const { api } = useAppServices();
  return useActorRef(
    passgenMachine.provide({
      actors: {
        fetchWords: fromPromise(() => passgenApi(api).words(PASSWORD_GENERATOR.wordCount)),
        generatePassword: fromPromise(async ({ input }) =>
          generatePassphrase(input.words, cryptoRandomInt),
        ),
        copyToClipboard: fromPromise(({ input }) => navigator.clipboard.writeText(input.text)),
      },
    }),
  );
}

export function WordPicker({
  passgen,
  actions,
}: {
  passgen: PassgenActor;
  /** Buttons shown beside Generate. */
  actions?: ReactNode;
}) {
  const rows = useSelector(passgen, selectWordRows);
  const chosen = useSelector(passgen, selectChosenCount);
  const canGenerate = useSelector(passgen, selectCanGenerate);
  const loading = useSelector(passgen, selectLoadingWords);
  const failed = useSelector(passgen, selectWordsFailed);
  const error = useSelector(passgen, selectPassgenError);
  const generating = useSelector(passgen, selectGenerating);

  return (
    <>
      {loading && (
        <Center py="lg" role="status" aria-label="Loading words">
          <Loader aria-hidden />
        </Center>
      )}
      {failed && (
        <LoadFailure
          title="The words could not be loaded"
          message={error}
          onRetry={() => passgen.send({ type: 'retry.pressed' })}
        />
      )}
      {/* Words that failed to come again are not offered: picking them would do nothing. */}
      {rows.length > 0 && !failed && (
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
                onClick={() => passgen.send({ type: 'word.toggled', index: cell.index })}
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
              {actions}
              <Button
                disabled={!canGenerate}
                loading={generating}
                onClick={() => passgen.send({ type: 'generate.pressed' })}
              >
                Generate
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </>
  );
}
