/**
 * The app-wide actors, created once: the views subscribe to them and send them events.
 */
import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { THEME_STORAGE_KEY, type ColorScheme } from '#shared/constants';
import { notificationsMachine } from '#machines/shell/notifications.machine';
import { themeMachine } from '#machines/shell/theme.machine';

export interface AppActors {
  theme: ActorRefFrom<typeof themeMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
}

function savedScheme(): ColorScheme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

export function createAppActors(inspect?: (event: InspectionEvent) => void): AppActors {
  const theme = createActor(
    themeMachine.provide({
      actions: {
        'store preference': (_, { scheme }) => {
          try {
            window.localStorage.setItem(THEME_STORAGE_KEY, scheme);
          } catch {
            // Private browsing can refuse storage; the choice still applies to this visit.
          }
        },
      },
    }),
    {
      input: { saved: savedScheme(), system: darkQuery()?.matches ? 'dark' : null },
      inspect,
    },
  );
  const notifications = createActor(notificationsMachine, { inspect });
  theme.start();
  notifications.start();
  darkQuery()?.addEventListener('change', (event) =>
    theme.send({ type: 'system.changed', scheme: event.matches ? 'dark' : null }),
  );
  return { theme, notifications };
}
