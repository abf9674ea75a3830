import type { SnapshotFrom } from 'xstate';
import type { ColorScheme } from '#shared/constants';
import { effectiveScheme, type themeMachine } from './theme.machine.ts';

type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

export function selectColorScheme(snapshot: ThemeSnapshot): ColorScheme {
  return snapshot.matches('forced light') ? 'light' : effectiveScheme(snapshot.context);
}

/** What the footer's switch shows: on when the pages are dark. */
export function selectDarkModeOn(snapshot: ThemeSnapshot): boolean {
  return selectColorScheme(snapshot) === 'dark';
}
