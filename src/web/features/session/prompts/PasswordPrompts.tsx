import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectPasswordPromptActor } from '#machines/session/tokens.selectors';
import type { SessionActors } from '../session-actors.ts';
import { withLaterStyles } from '../../../app/later-styles.ts';

// The modal (and its form) loads the first time a password is asked for, not with every page.
const PasswordPromptModal = lazy(
  withLaterStyles(() =>
    import('./PasswordPromptModal.tsx').then((m) => ({ default: m.PasswordPromptModal })),
  ),
);

/**
 * The refresh-password and Verify Identity prompts of a loaded session: the token coordinator's
 * password window, when it has one.
 */
export function PasswordPrompts({ tokens }: { tokens: SessionActors['tokens'] }) {
  const passwordWindow = useSelector(tokens, selectPasswordPromptActor);
  if (!passwordWindow) return null;
  return (
    <Suspense fallback={null}>
      <PasswordPromptModal passwordWindow={passwordWindow} />
    </Suspense>
  );
}
