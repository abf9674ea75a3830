/**
 * A failure of the servers pages: the reason, and Reload while what failed is a load the page
 * can ask for again.
 */
import { Alert, Button, Stack } from '@mantine/core';

export function FailureAlert({
  error,
  title,
  onReload,
}: {
  error: string;
  title?: string;
  /** Given while the failed load can be asked for again. */
  onReload?: () => void;
}) {
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        <span>{error}</span>
        {onReload && (
          <Button size="xs" variant="default" onClick={onReload}>
            Reload
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
