/**
 * The session's app-wide actors (machines/session): the login state and the token coordinator,
 * with their HTTP calls, navigation and storage provided here, and the route gate (created with
 * the first load, src/web/app/actors.ts) told who is logged in. The token coordinator's password window is its
 * child (password-prompt.machine.ts), given the calls it makes here too. The API client asks the token coordinator
 * about every 401 (see {@link unauthorizedHandlerFor}). This module and the machines it runs are
 * not part of the first load: src/web/app/actors.ts loads them once the app starts.
 */
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { SESSION_MESSAGES, SESSION_NOTICES } from '#shared/session/messages';
import type { notificationsMachine } from '#machines/shell/notifications.machine';
import type { GateSession, routeGateMachine } from '#machines/session/route-gate.machine';
import { sessionWithCalls, type sessionMachine } from '#machines/session/session.machine';
import { selectSessionStatus, selectUser } from '#machines/session/session.selectors';
import { tokensWithCalls, type tokensMachine } from '#machines/session/tokens.machine';
import {
  ApiFailure,
  holdsSession,
  type ApiClient,
  type UnauthorizedHandler,
} from '../../api/client.ts';
import { logIn, logOut, profile, reauthenticate, refresh } from '../../api/session.ts';
import { refreshAcrossTabs } from './cross-tab-refresh.ts';
import { lazyActorLogic } from '../../app/lazy-logic.ts';
import {
  relativeHref,
  rememberAttemptedRoute,
  safeRedirect,
  takeAttemptedRoute,
  type Navigation,
} from '../../app/navigation.ts';
import type { AttemptedRoute } from '#machines/session/types';

export interface SessionActors {
  session: ActorRefFrom<typeof sessionMachine>;
  tokens: ActorRefFrom<typeof tokensMachine>;
}

/** A login's or re-authentication's answer that asks for the second factor's code next. */
function asksForACode(error: unknown): boolean {
  return (
    error instanceof ApiFailure &&
    error.status === 401 &&
    (error.title === SESSION_MESSAGES.secondFactorRequiredTitle ||
      error.title === SESSION_MESSAGES.secondFactorSetupRequiredTitle)
  );
}

/** Asks the token coordinator about a 401 and waits for its decision on this request. */
export function unauthorizedHandlerFor(tokens: SessionActors['tokens']): UnauthorizedHandler {
  let counter = 0;
  return (failure, attempt) =>
    new Promise((resolve) => {
      counter += 1;
      const requestId = `request-${counter}`;
      const subscriptions = [
        tokens.on('requests.released', (event) => {
          if (!event.requestIds.includes(requestId)) return;
          stop();
          resolve('retry');
        }),
        tokens.on('requests.failed', (event) => {
          if (!event.requestIds.includes(requestId)) return;
          stop();
          resolve(
            event.message ? new ApiFailure(failure.status, event.message, failure.body) : failure,
          );
        }),
      ];
      const stop = () => subscriptions.forEach((subscription) => subscription.unsubscribe());
      tokens.send({ type: 'request.refused', requestId, title: failure.title, ...attempt });
    });
}

/** Where a login goes: the login page's redirect, else the page that sent there, else the account. */
function pageAfterLogin(redirect: unknown, attempted: AttemptedRoute | null): string {
  return safeRedirect(redirect) ?? safeRedirect(attempted?.href) ?? '/account/';
}

/**
 * On the login page, the page the login will go to (by its redirect; the attempted route, read
 * once by the login itself, is not looked at) loads its code while the login is checked (two
 * round trips: the login, then the profile), instead of after (docs/performance.md).
 */
function preloadPageAfterLogin(navigation: Navigation): void {
  const here = new URL(window.location.href);
  if (!relativeHref(here.pathname).startsWith('/login/')) return;
  navigation.preload(pageAfterLogin(here.searchParams.get('redirect'), null));
}

export function createSessionActors(options: {
  api: ApiClient;
  navigation: Navigation;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  /** The route gate, told who is logged in. */
  routeGate: ActorRefFrom<typeof routeGateMachine>;
  inspect?: (event: InspectionEvent) => void;
}): SessionActors {
  const { api, navigation, notifications, routeGate, inspect } = options;

  // The second factor's code step (the same login or re-authentication, with the code): its code
  // loads when an answer asks for a code, before the session or the coordinator runs it.
  const codeStep = lazyActorLogic(() =>
    import('#machines/session/second-factor.machine').then(({ secondFactorWithCalls }) =>
      secondFactorWithCalls({
        verify: fromPromise(({ input: { mode, ...credentials } }) =>
          mode === 'login' ? logIn(api, credentials) : reauthenticate(api, credentials),
        ),
        // The browser's passkey prompt; its library loads only when a passkey is used.
        getAssertion: fromPromise(({ input }) =>
          import('@simplewebauthn/browser').then(({ startAuthentication }) =>
            startAuthentication({ optionsJSON: input }),
          ),
        ),
      }),
    ),
  );
  const thenTheCodeStep = <T>(call: Promise<T>): Promise<T> =>
    call.catch(async (error: unknown) => {
      if (asksForACode(error)) {
        await codeStep.load().catch(() => {
          throw new ApiFailure(0, SESSION_NOTICES.codeStepUnavailable);
        });
      }
      throw error;
    });

  // Assigned below; the machines' actions run only after every actor exists.
  const actors = {} as SessionActors;

  actors.session = createActor(
    sessionWithCalls({
      fetchProfile: fromPromise(() => profile(api)),
      login: fromPromise(({ input }) => {
        preloadPageAfterLogin(navigation);
        return thenTheCodeStep(logIn(api, input));
      }),
      logout: fromPromise(() => logOut(api)),
      secondFactor: codeStep.logic,
    }).provide({
      actions: {
        'clear notices': () => notifications.send({ type: 'notifications.cleared' }),
        'show logout notice': (_, { proxy }) =>
          notifications.send({
            type: 'notification.raised',
            message: proxy ? SESSION_NOTICES.proxyEnded : SESSION_NOTICES.loggedOut,
            notificationType: 'info',
          }),
        'remember attempted route': (_, { route }) => rememberAttemptedRoute(route),
        'go to login': (_, params) => navigation.goToLogin(params),
        'go to page after login': (_, { redirect }) => {
          navigation.go(pageAfterLogin(redirect, takeAttemptedRoute()), { replace: true });
        },
        'go to admin proxy': () => navigation.go('/admin/'),
      },
    }),
    { inspect },
  );

  actors.tokens = createActor(
    tokensWithCalls({
      refreshToken: fromPromise(
        refreshAcrossTabs({
          refresh: () => refresh(api),
          currentUser: () => profile(api, { renewSession: false }),
        }),
      ),
      reauthenticate: fromPromise(({ input }) => thenTheCodeStep(reauthenticate(api, input))),
      secondFactor: codeStep.logic,
    }).provide({
      actions: {
        'report user': (_, { user }) => actors.session.send({ type: 'user.refreshed', user }),
        'end session': () =>
          actors.session.send({ type: 'session.expired', attempted: navigation.current() }),
      },
    }),
    { inspect },
  );

  // The coordinator needs the username; the gate needs who is logged in.
  let lastUsername: string | null | undefined;
  let lastGate = '';
  actors.session.subscribe((snapshot) => {
    const user = selectUser(snapshot);
    const username = user?.username ?? null;
    if (username !== lastUsername) {
      lastUsername = username;
      actors.tokens.send({ type: 'user.changed', username });
    }
    const status = selectSessionStatus(snapshot);
    const session: GateSession =
      status === 'loggedIn' && user
        ? { status, user: { perms: user.perms, site_admin: user.site_admin } }
        : { status: status === 'loggedIn' ? 'unknown' : status };
    const key = JSON.stringify(session);
    if (key !== lastGate) {
      lastGate = key;
      routeGate.send({ type: 'session.changed', session });
    }
  });

  actors.tokens.start();
  actors.session.start();
  // Without the session hint cookie nobody is logged in: the page asks the server nothing.
  actors.session.send({ type: 'page.opened', sessionCookie: holdsSession() });
  return actors;
}
