/**
 * The route tree, built from the shared route table (portal.md §2) so that every route carries
 * its access rule. Pages load lazily; unknown paths show the 404 page.
 */
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useMatches,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router';
import { WEB_BASE_PATH } from '#shared/constants';
import { ROUTES, type RouteDefinition, type RouteName } from '#shared/routes';
import type { AppServices } from './app/context.tsx';
import { ComingSoonPage } from './pages/ComingSoonPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { LazyShell as Shell } from './shell/LazyShell.tsx';

export interface RouterContext {
  services: AppServices;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    route?: RouteDefinition;
    /** The page draws its own layout instead of the shell (the signup view). */
    ownLayout?: boolean;
  }
}

/** `{param}` → `$param`, `{param?}` → `{-$param}`, no trailing slash. */
export function toRouterPath(path: string): string {
  const converted = path
    .replace(/\{(\w+)\?\}/g, '{-$$$1}')
    .replace(/\{(\w+)\}/g, '$$$1')
    .replace(/\/$/, '');
  return converted === '' ? '/' : converted;
}

/** Pages that exist so far; every other route shows "coming soon". */
const PAGES: Partial<Record<RouteName, RouteComponent>> = {
  signup: lazyRouteComponent(() => import('./features/signup/SignupPage.tsx')),
  charts: lazyRouteComponent(() => import('./features/charts/ChartsPage.tsx')),
};

/** Routes that only send the visitor elsewhere. */
const REDIRECTS: Partial<Record<RouteName, string>> = {
  root: '/login/',
  pw: '/password-recovery/',
  passgen: '/password-generator/',
};

const OWN_LAYOUT: ReadonlySet<RouteName> = new Set(['signup']);

function RootLayout() {
  const matches = useMatches();
  const ownLayout = matches.some((m) => m.staticData?.ownLayout);
  if (ownLayout) return <Outlet />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function buildRoute(definition: RouteDefinition): AnyRoute {
  const name = definition.name as RouteName;
  const target = REDIRECTS[name];
  return createRoute({
    getParentRoute: () => rootRoute,
    path: toRouterPath(definition.path),
    staticData: { route: definition, ownLayout: OWN_LAYOUT.has(name) },
    beforeLoad: target
      ? () => {
          throw redirect({ to: target, replace: true });
        }
      : undefined,
    component: PAGES[name] ?? (() => <ComingSoonPage title={definition.title} />),
  });
}

export function createAppRouter(services: AppServices) {
  const routeTree = rootRoute.addChildren(ROUTES.map(buildRoute));
  return createRouter({
    routeTree,
    basepath: WEB_BASE_PATH,
    trailingSlash: 'always',
    context: { services },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
