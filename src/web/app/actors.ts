/**
 * The app-wide actors, created once: the views subscribe to them and send them events.
 */
import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { THEME_STORAGE_KEY, type ColorScheme } from '#shared/constants';
import { notificationsMachine } from '#machines/shell/notifications.machine';
import { themeMachine } from '#machines/shell/theme.machine';
import { createApiClient, setUnauthorizedHandler } from '../api/client.ts';
import { readPublicConfig } from '../config.ts';
import { createNavigation, type Navigation } from './navigation.ts';
import {
  createSessionActors,
  unauthorizedHandlerFor,
  type SessionActors,
} from './session-actors.ts';

export interface AppActors extends SessionActors {
  theme: ActorRefFrom<typeof themeMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  /** The router attaches here; the session's navigation goes through it. */
  navigation: Navigation;
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
  const navigation = createNavigation();
  const session = createSessionActors({
    api: createApiClient(),
    config: readPublicConfig(),
    navigation,
    notifications,
    inspect,
  });
  // Every API client asks the token coordinator about a 401.
  setUnauthorizedHandler(unauthorizedHandlerFor(session.tokens));
  return { theme, notifications, navigation, ...session };
}
