/**
 * The public pages' first screens as HTML, rendered when the web app is built (`vite.config.ts`
 * builds this module for Node and calls it): each page as the browser first draws it, with the
 * configuration's stand-ins the server replaces (`src/shared/prerender.ts`). It renders the real
 * components with the real theme (the signup's page alone, the others in the app's router and
 * shell, logged out); nothing here runs in the browser.
 */
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createActor } from 'xstate';
import { WEB_BASE_PATH } from '#shared/first-load-constants';
import { PRERENDER_STAND_INS, PRERENDERED_PAGES, type PrerenderedPage } from '#shared/prerender';
import { routeGateMachine } from '#machines/session/route-gate.machine';
import { notificationsMachine } from '#machines/shell/notifications.machine';
import { themeMachine } from '#machines/shell/theme.machine';
import { createApiClient } from './api/client.ts';
import type { AppActors } from './app/actors.ts';
import { AppServicesContext, type AppServices } from './app/context.tsx';
import { createNavigation } from './app/navigation.ts';
import { createSessionActors, type SessionActors } from './features/session/session-actors.ts';
import { cssVariablesResolver, mantineTheme } from './app/theme.ts';
import { SignupWizard } from './features/signup/SignupPage.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Until the app replaces the markup its fields are read-only (nothing typed before then is lost)
 * and its buttons do nothing: announced as unavailable (`aria-disabled`, which changes nothing of
 * their look), and none submits its form.
 */
export function readOnlyFields(html: string): string {
  return html
    .replace(/<(input|textarea)(?=[\s>])/g, '<$1 readonly=""')
    .replace(/<button(?=[\s>])([^>]*?) type="submit"/g, '<button$1 type="button"')
    .replace(/<button(?=[\s>])/g, '<button aria-disabled="true"');
}

function Providers({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    >
      <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>
    </MantineProvider>
  );
}

export function renderSignupFirstScreen(): string {
  const services: AppServices = {
    config: PRERENDER_STAND_INS,
    api: createApiClient(),
    // The first screen reads no app-wide actor while rendering: they are used by effects and
    // events, which a static render never runs.
    actors: {} as AppActors,
  };
  return readOnlyFields(
    renderToString(
      <Providers services={services}>
        <SignupWizard components={undefined} search={{}} />
      </Providers>,
    ),
  );
}

/**
 * The app's actors as a first visit has them: the light scheme, no notification, logged out
 * (no session cookie, so nothing is asked of the server).
 */
function loggedOutActors(): AppActors {
  const theme = createActor(themeMachine, { input: { saved: null, system: null } }).start();
  const notifications = createActor(notificationsMachine).start();
  const navigation = createNavigation();
  const routeGate = createActor(routeGateMachine, { input: { production: true } }).start();
  // The session's actors read the session hint cookie once, when they start: there is none.
  const global = globalThis as { document?: unknown };
  global.document = { cookie: '' };
  let session: SessionActors;
  try {
    session = createSessionActors({ api: createApiClient(), navigation, notifications, routeGate });
  } finally {
    delete global.document;
  }
  const ready = Promise.resolve(session);
  // Already settled: React's `use` reads it without waiting.
  Object.assign(ready, { status: 'fulfilled', value: session });
  return {
    theme,
    notifications,
    navigation,
    routeGate,
    whenSession: () => ready,
    retrySession: () => undefined,
    session: session.session,
    tokens: session.tokens,
  };
}

/** Renders until nothing is left to load (lazy views, awaited promises), and drops the result. */
async function settle(node: ReactNode): Promise<void> {
  const { prelude } = await prerenderToNodeStream(node);
  for await (const chunk of prelude) void chunk;
}

/** A public page in the app's shell, as a logged-out visitor's first visit draws it. */
export async function renderPublicPage(page: Exclude<PrerenderedPage, 'signup'>): Promise<string> {
  const actors = loggedOutActors();
  const services: AppServices = { config: PRERENDER_STAND_INS, api: createApiClient(), actors };
  const history = createMemoryHistory({
    initialEntries: [`${WEB_BASE_PATH}${PRERENDERED_PAGES[page].path}`],
  });
  const router = createAppRouter(services, history);
  await router.load();
  const app = (
    <Providers services={services}>
      <RouterProvider router={router} />
    </Providers>
  );
  // A first render waits for the lazy views (the shell, the page) to load; the second finds them
  // loaded and draws the whole page in one piece, with no script to reveal its parts.
  await settle(app);
  const html = renderToString(app);
  for (const actor of [actors.theme, actors.notifications, actors.routeGate, actors.session])
    actor.stop();
  actors.tokens.stop();
  return readOnlyFields(html);
}

/** Every prerendered page's markup, by page. */
export async function renderPrerenderedPages(): Promise<Record<PrerenderedPage, string>> {
  const pages = {} as Record<PrerenderedPage, string>;
  for (const page of Object.keys(PRERENDERED_PAGES) as PrerenderedPage[]) {
    pages[page] = page === 'signup' ? renderSignupFirstScreen() : await renderPublicPage(page);
  }
  return pages;
}
