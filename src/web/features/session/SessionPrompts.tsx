import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectPasswordPrompt } from '#machines/session/tokens.selectors';
import { useAppServices } from '../../app/context.tsx';
import { withLaterStyles } from '../../app/later-styles.ts';

// The modal (and its form) loads the first time a password is asked for, not with every page.
const PasswordPromptModal = lazy(
  withLaterStyles(() =>
    import('./PasswordPromptModal.tsx').then((m) => ({ default: m.PasswordPromptModal })),
  ),
);

/** The session's modals: the refresh-password and Verify Identity prompts, when asked for. */
export function SessionPrompts() {
  const { actors } = useAppServices();
  const asked = useSelector(actors.tokens, (s) => selectPasswordPrompt(s) !== null);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <PasswordPromptModal />
    </Suspense>
  );
}
