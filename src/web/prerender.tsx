/**
 * The signup page's first screen as HTML, rendered when the web app is built (`vite.config.ts`
 * builds this module for Node and calls it): the page as the browser first draws it, with the
 * configuration's stand-ins the server replaces (`src/shared/prerender.ts`). It renders the real
 * components with the real theme; nothing here runs in the browser.
 */
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { PRERENDER_STAND_INS } from '#shared/prerender';
import { createApiClient } from './api/client.ts';
import type { AppActors } from './app/actors.ts';
import { AppServicesContext, type AppServices } from './app/context.tsx';
import { cssVariablesResolver, mantineTheme } from './app/theme.ts';
import { SignupWizard } from './features/signup/SignupPage.tsx';

/** Form fields stay read-only until the app replaces them: nothing typed before then is lost. */
function readOnlyFields(html: string): string {
  return html.replace(/<(input|textarea)(?=[\s>])/g, '<$1 readonly=""');
}

export function renderSignupFirstScreen(): string {
  const services: AppServices = {
    config: PRERENDER_STAND_INS,
    api: createApiClient(),
    // The first screen reads no app-wide actor while rendering: they are used by effects and
    // events, which a static render never runs.
    actors: {} as AppActors,
  };
  const html = renderToString(
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    >
      <AppServicesContext.Provider value={services}>
        <SignupWizard components={undefined} search={{}} />
      </AppServicesContext.Provider>
    </MantineProvider>,
  );
  return readOnlyFields(html);
}
