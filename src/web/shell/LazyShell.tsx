import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { withLaterStyles } from '../app/later-styles.ts';

// The signup view replaces the shell, so the shell (menus, search, drawer) loads only when used.
const Shell = lazy(
  withLaterStyles(() => import('./Shell.tsx').then((m) => ({ default: m.Shell }))),
);

export function LazyShell({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center mih="100dvh" role="status" aria-label="Loading the page">
          <Loader aria-hidden />
        </Center>
      }
    >
      <Shell>{children}</Shell>
    </Suspense>
  );
}
