/**
 * The colour scheme: the saved preference, else the system's dark preference, else light. The
 * signup page forces light and, when left, the previous scheme comes back.
 */
import { assign, setup } from 'xstate';
import type { ColorScheme } from '#shared/constants';

export interface ThemeContext {
  saved: ColorScheme | null;
  system: ColorScheme | null;
}

export type ThemeEvent =
  | { type: 'theme.chosen'; scheme: ColorScheme }
  | { type: 'system.changed'; scheme: ColorScheme | null }
  | { type: 'signup.entered' }
  | { type: 'signup.left' };

export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as { saved: ColorScheme | null; system: ColorScheme | null },
  },
  actions: {
    /** Stores the preference (the app writes it to local storage). */
    'store preference': (_, _params: { scheme: ColorScheme }) => {},
  },
}).createMachine({
  id: 'theme',
  description: 'Which colour scheme the pages use, and the light scheme the signup page forces.',
  context: ({ input }) => ({ saved: input.saved, system: input.system }),
  on: {
    'system.changed': { actions: assign({ system: ({ event }) => event.scheme }) },
  },
  initial: 'following preference',
  states: {
    'following preference': {
      description: 'The saved preference applies, else the system preference, else light.',
      on: {
        'theme.chosen': {
          actions: [
            assign({ saved: ({ event }) => event.scheme }),
            { type: 'store preference', params: ({ event }) => ({ scheme: event.scheme }) },
          ],
        },
        'signup.entered': 'forced light',
      },
    },
    'forced light': {
      description: 'The signup page is always light; the preference is kept for later.',
      on: { 'signup.left': 'following preference' },
    },
  },
});

export function effectiveScheme(context: ThemeContext): ColorScheme {
  return context.saved ?? context.system ?? 'light';
}
