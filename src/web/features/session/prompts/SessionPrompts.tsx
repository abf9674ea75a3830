import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppServices } from '../../../app/context.tsx';
import type { SessionActors } from '../session-actors.ts';

// What reads the token coordinator loads with the session's actors, not with the first screen.
const PasswordPrompts = lazy(() =>
  import('./PasswordPrompts.tsx').then((m) => ({ default: m.PasswordPrompts })),
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
  return (
    session && (
      <Suspense fallback={null}>
        <PasswordPrompts tokens={session.tokens} />
      </Suspense>
    )
  );
}
