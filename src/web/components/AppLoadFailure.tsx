import { Container } from '@mantine/core';
import { APP_LOAD_MESSAGES } from '#shared/messages';
import { useReplacePrerendered } from '../app/prerendered.ts';
import { LoadFailure } from './LoadFailure.tsx';

/**
 * The app's code for a page did not arrive, or the page could not be shown: the page says so in
 * its own words, in place of its prerendered screen (whose form would do nothing without it), and
 * Try again asks again. `main`: the message is the page's main content (no shell around it).
 */
export function AppLoadFailure({ onRetry, main }: { onRetry: () => void; main: boolean }) {
  useReplacePrerendered();
  const failure = (
    <LoadFailure
      title={APP_LOAD_MESSAGES.title}
      message={APP_LOAD_MESSAGES.message}
      onRetry={onRetry}
    />
  );
  return main ? (
    <Container component="main" id="main" size="sm" py="xl">
      {failure}
    </Container>
  ) : (
    failure
  );
}
