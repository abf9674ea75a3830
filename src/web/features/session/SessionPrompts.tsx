import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { selectPasswordPromptActor } from '#machines/session/tokens.selectors';
import { useAppServices } from '../../app/context.tsx';
import type { SessionActors } from '../../app/session-actors.ts';
import { withLaterStyles } from '../../app/later-styles.ts';

// The modal (and its form) loads the first time a password is asked for, not with every page.
const PasswordPromptModal = lazy(
  withLaterStyles(() =>
    import('./PasswordPromptModal.tsx').then((m) => ({ default: m.PasswordPromptModal })),
  ),
);

/**
 * The session's modals: the refresh-password and Verify Identity prompts, when asked for. Nothing
 * until the session's actors have loaded (app/actors.ts): the signup page does not wait for them.
 */
export function SessionPrompts() {
  const { actors } = useAppServices();
  const [session, setSession] = useState<SessionActors | null>(null);
  useEffect(() => {
    let current = true;
    actors.whenSession().then(
      (loaded) => current && setSession(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [actors]);
  return session && <Prompts tokens={session.tokens} />;
}

function Prompts({ tokens }: { tokens: SessionActors['tokens'] }) {
  const passwordWindow = useSelector(tokens, selectPasswordPromptActor);
  if (!passwordWindow) return null;
  return (
    <Suspense fallback={null}>
      <PasswordPromptModal passwordWindow={passwordWindow} />
    </Suspense>
  );
}
