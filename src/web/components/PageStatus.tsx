import { Alert, Group, Loader, Text } from '@mantine/core';

/** A page's data on its way: a small spinner and the words, announced as a status. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{text}</Text>
    </Group>
  );
}

/**
 * What the last change of a listed page came to: a refusal (an alert) or what was done (a
 * status). Each shows only when given.
 */
export function ChangeOutcome({ error, done }: { error: string | null; done: string | null }) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {done && (
        <Alert color="green" role="status">
          {done}
        </Alert>
      )}
    </>
  );
}
