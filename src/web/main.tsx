import './app/mantine-styles.ts';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { selectColorScheme } from '#machines/shell/theme.selectors';
import { createApiClient } from './api/client.ts';
import { createAppActors } from './app/actors.ts';
import { AppServicesContext, type AppServices } from './app/context.tsx';
import { cssVariablesResolver, mantineTheme } from './app/theme.ts';
import { readPublicConfig } from './config.ts';
import { liveInspect } from './app/live-inspect.ts';
import { createAppRouter } from './router.tsx';

const config = readPublicConfig();
const services: AppServices = {
  config,
  api: createApiClient(),
  // Outside production the charts page shows the app's machines live.
  actors: createAppActors(liveInspect(config.production)),
};
const router = createAppRouter(services);

function App() {
  const scheme = useSelector(services.actors.theme, selectColorScheme);
  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={scheme}
    >
      <AppServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </AppServicesContext.Provider>
    </MantineProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// A transition: React renders the app in slices of a few milliseconds instead of one long task,
// so a slow phone stays responsive while the app takes over a prerendered page (whose markup is
// on screen meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
