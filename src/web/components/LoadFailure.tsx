import { Alert, Button, Stack } from '@mantine/core';

/** Data of a page could not be loaded: why, and a button to try again. */
export function LoadFailure({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string | null;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <span>{message}</span>
        <Button size="xs" variant="white" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
