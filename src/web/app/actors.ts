/**
 * The app-wide actors, created once: the views subscribe to them and send them events.
 *
 * The session's actors (the login state and the token coordinator, session-actors.ts) and their
 * machines are not part of the first load: the signup's first screen never reads them. They load
 * as soon as the app starts; until they run, the route gate knows nobody's login state, so a page
 * that needs a login waits, and the views other than the signup page's wait for them
 * (`whenSession`, router.tsx). Reading `session` or `tokens` before then is a mistake, and throws.
 */
import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { THEME_STORAGE_KEY, type ColorScheme } from '#shared/first-load-constants';
import { ERROR_MESSAGES } from '#shared/messages';
import { routeGateMachine } from '#machines/session/route-gate.machine';
import { notificationsMachine } from '#machines/shell/notifications.machine';
import { themeMachine } from '#machines/shell/theme.machine';
import {
  createApiClient,
  setUnauthorizedHandler,
  type UnauthorizedHandler,
} from '../api/client.ts';
import { readPublicConfig } from '../config.ts';
import { createNavigation, rememberAttemptedRoute, type Navigation } from './navigation.ts';
import type * as SessionModule from '../features/session/session-actors.ts';
import type { SessionActors } from '../features/session/session-actors.ts';

export interface AppActors extends SessionActors {
  theme: ActorRefFrom<typeof themeMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  /** The router attaches here; the session's navigation goes through it. */
  navigation: Navigation;
  /** Whether a page may open (portal.md §2): every navigation asks it first. */
  routeGate: ActorRefFrom<typeof routeGateMachine>;
  /**
   * Resolves once the session's actors run: the same promise each time, a failed one too (a view
   * waiting on it with `use` would otherwise ask the network again at every render).
   */
  whenSession(): Promise<SessionActors>;
  /** Forgets a failed load of the session's actors: the next `whenSession` asks again. */
  retrySession(): void;
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

/** The session's code: a module of its own, downloaded once the app runs (a test can fail it). */
type SessionCode = typeof SessionModule;
const downloadSessionCode = (): Promise<SessionCode> =>
  import('../features/session/session-actors.ts');

export function createAppActors(
  inspect?: (event: InspectionEvent) => void,
  loadSessionCode: () => Promise<SessionCode> = downloadSessionCode,
): AppActors {
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
  const routeGate = createActor(
    routeGateMachine.provide({
      actions: {
        'remember attempted route': (_, { route }) => rememberAttemptedRoute(route),
        'notify route denied': () =>
          notifications.send({
            type: 'notification.raised',
            message: ERROR_MESSAGES.routeDenied,
            notificationType: 'danger',
          }),
      },
    }),
    { input: { production: readPublicConfig().production }, inspect },
  );
  routeGate.start();

  let session: SessionActors | undefined;
  let loading: Promise<SessionActors> | undefined;
  let failed = false;
  const whenSession = (): Promise<SessionActors> => {
    if (loading) return loading;
    loading = loadSessionCode().then(({ createSessionActors }) => {
      session = createSessionActors({
        api: createApiClient(),
        navigation,
        notifications,
        routeGate,
        inspect,
      });
      return session;
    });
    loading.catch(() => {
      failed = true;
    });
    return loading;
  };
  const retrySession = () => {
    if (!failed) return;
    failed = false;
    loading = undefined;
  };
  const loaded = (): SessionActors => {
    if (!session) throw new Error('The session actors were used before they loaded (whenSession)');
    return session;
  };

  // Every API client asks the token coordinator about a 401 (once the session's code is here).
  let unauthorized: UnauthorizedHandler | undefined;
  setUnauthorizedHandler(async (failure, attempt) => {
    const { tokens } = await whenSession();
    unauthorized ??= (await import('../features/session/session-actors.ts')).unauthorizedHandlerFor(
      tokens,
    );
    return unauthorized(failure, attempt);
  });
  void whenSession().catch(() => undefined);

  return {
    theme,
    notifications,
    navigation,
    routeGate,
    whenSession,
    retrySession,
    get session() {
      return loaded().session;
    },
    get tokens() {
      return loaded().tokens;
    },
  };
}
