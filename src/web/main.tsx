import './app/mantine-styles.ts';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { startTransition, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { selectColorScheme } from '#machines/shell/theme.selectors';
import { createApiClient } from './api/client.ts';
import { createAppActors } from './app/actors.ts';
import { AppServicesContext, type AppServices } from './app/context.tsx';
import { cssVariablesResolver, mantineTheme } from './app/theme.ts';
import { readPublicConfig } from './config.ts';
import { liveInspect } from './app/live-inspect.ts';
import { AppLoadFailure } from './components/AppLoadFailure.tsx';
import { showSignup, signupRouteAt, useShownSignup } from './features/signup/route.ts';

const config = readPublicConfig();
const services: AppServices = {
  config,
  api: createApiClient(),
  // Outside production the charts page shows the app's machines live.
  actors: createAppActors(liveInspect(config.production)),
};

/**
 * The signup page's parameters when the app starts at its address. The page then renders without
 * the router, which loads after its first screen (features/signup/route.ts); every other page
 * waits for the router.
 */
const signupAtStart = signupRouteAt(window.location);
/** The router's view, once its module has loaded. */
const loadRouterView = async (): Promise<ReactNode> => {
  const { createAppRouter, createRouterForShownPage, RouterProvider } =
    await import('./router.tsx');
  const router = signupAtStart
    ? await createRouterForShownPage(services)
    : createAppRouter(services);
  return <RouterProvider router={router} />;
};
let routerView: Promise<ReactNode> | null = signupAtStart ? null : loadRouterView();

/** The signup page, shown outside the router (features/signup/route.ts). */
function SignupSlot() {
  const shown = useShownSignup();
  if (!shown) return null;
  const Page = shown.page;
  return <Page {...shown.params} />;
}

function App() {
  const scheme = useSelector(services.actors.theme, selectColorScheme);
  const shownSignup = useShownSignup();
  const [router, setRouter] = useState<ReactNode>(null);
  /** Whether the router's code failed to download; Try again clears it, which asks again. */
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (failed) return;
    let current = true;
    // On the signup page the router loads once its first screen is on screen.
    routerView ??= loadRouterView();
    routerView.then(
      (view) => {
        if (current) startTransition(() => setRouter(view));
      },
      () => {
        // The next attempt downloads it again (a failed import is not kept by the browser).
        routerView = null;
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [failed]);
  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={scheme}
    >
      <AppServicesContext.Provider value={services}>
        <SignupSlot />
        {router}
        {/* The signup shown outside the router keeps working; its links need the router later. */}
        {failed && !shownSignup ? <AppLoadFailure main onRetry={() => setFailed(false)} /> : null}
      </AppServicesContext.Provider>
    </MantineProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

async function start(container: HTMLElement) {
  if (signupAtStart) {
    // The page is always light. The router's route tells the theme only when it shows the page
    // itself (a later visit): it takes this one over without telling it again.
    services.actors.theme.send({ type: 'signup.entered' });
    try {
      const { SignupWizard } = await import('./features/signup/SignupPage.tsx');
      showSignup({ page: SignupWizard, params: signupAtStart });
    } catch {
      // The router's route for the page then loads it, or shows why it could not.
    }
  }
  // A transition: React renders the app in slices of a few milliseconds instead of one long task,
  // so a slow phone stays responsive while the app takes over a prerendered page (whose markup is
  // on screen meanwhile).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
void start(root);
