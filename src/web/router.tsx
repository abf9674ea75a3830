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
  useParams,
  useRouter,
  useSearch,
  type AnyRoute,
  type ErrorComponentProps,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { Center, Loader } from '@mantine/core';
import { use, useLayoutEffect, type ReactNode } from 'react';
import { WEB_BASE_PATH } from '#shared/first-load-constants';
import { ROUTES, type RouteDefinition, type RouteName } from '#shared/routes';
import type { RouteRequest } from '#machines/session/route-gate.machine';
import { selectGateVerdict, type GateVerdict } from '#machines/session/route-gate.selectors';
import { useAppServices, type AppServices } from './app/context.tsx';
import { relativeHref } from './app/navigation.ts';
import { AppLoadFailure } from './components/AppLoadFailure.tsx';
import { SessionPrompts } from './features/session/prompts/SessionPrompts.tsx';
import { ComingSoonPage } from './pages/ComingSoonPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { LazyShell as Shell } from './shell/LazyShell.tsx';
import { withLaterStyles } from './app/later-styles.ts';
import { showSignup, signupShown } from './features/signup/route.ts';
import type { PortalPage } from './portal-pages.ts';

export { RouterProvider } from '@tanstack/react-router';

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

/**
 * The pages of the portal behind the login are in a table of their own (portal-pages.ts), loaded
 * with the first of them: the signup's first load carries neither their imports nor the list of
 * the files each one needs. A route's check starts loading the table while it waits for the login
 * state (`beforeLoad` below), so the page's own file is asked for as soon as it may open.
 */
const loadPortalPages = () => import('./portal-pages.ts');
/**
 * The login page asks for the table once the browser is idle: when Log in is pressed, the page
 * the login goes to then starts loading its code at once, while the login is checked, instead of
 * one round trip later (docs/performance.md).
 */
function loadPortalPagesWhenIdle() {
  // The build's prerender of the login page (in Node) has no browser to load it in.
  if (typeof window === 'undefined') return;
  const load = () => void loadPortalPages().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 0);
}
const PORTAL_COMPONENTS = new Map<RouteComponent, PortalPage>();
function portalPage(name: PortalPage): RouteComponent {
  const component = lazyRouteComponent(async () => (await loadPortalPages()).PORTAL_PAGES[name]());
  PORTAL_COMPONENTS.set(component, name);
  return component;
}

/** Pages that exist so far; every other route shows "coming soon". */
// The managed server view, also opened on its SSL and redirects sections (docs/managed-hosting.md).
// One component for the three routes: its tabs go from one route to another and the view stays
// mounted, with its lists and their locks (the router remounts a page only when it changes).
const managedServerPage = portalPage('managedServer');

/**
 * The signup page renders outside the router (features/signup/route.ts, `SignupSlot` in main.tsx),
 * shown there from its first load on, before the router has loaded: its route shows it with the
 * router's parameters while the route is on screen and hides it when the route is left, so the
 * page that was on screen stays mounted when the router takes over.
 */
const signupRoute = lazyRouteComponent(() =>
  import('./features/signup/SignupPage.tsx').then(({ SignupWizard }) => ({
    default: function SignupRoute() {
      const { components } = useParams({ strict: false }) as { components?: string };
      const search = useSearch({ strict: false }) as Record<string, unknown>;
      useLayoutEffect(
        () => showSignup({ page: SignupWizard, params: { components, search } }),
        [components, search],
      );
      useLayoutEffect(() => () => showSignup(null), []);
      return null;
    },
  })),
);

const PAGES: Partial<Record<RouteName, RouteComponent>> = {
  signup: signupRoute,
  login: lazyRouteComponent(
    withLaterStyles(() =>
      import('./features/session/login/LoginPage.tsx').then((page) => {
        loadPortalPagesWhenIdle();
        return page;
      }),
    ),
  ),
  'password-recovery': lazyRouteComponent(
    withLaterStyles(() => import('./features/session/recovery/PasswordRecoveryPage.tsx')),
  ),
  'username-recovery': lazyRouteComponent(
    withLaterStyles(() => import('./features/session/recovery/UsernameRecoveryPage.tsx')),
  ),
  'password-update': lazyRouteComponent(
    withLaterStyles(() => import('./features/session/recovery/PasswordUpdatePage.tsx')),
  ),
  'password-generator': lazyRouteComponent(
    withLaterStyles(() => import('./features/password-generator/PasswordGeneratorPage.tsx')),
  ),
  unsubscribe: lazyRouteComponent(
    withLaterStyles(() => import('./features/people/unsubscribe/UnsubscribePage.tsx')),
  ),
  account: portalPage('account'),
  'account-activity': portalPage('accountActivity'),
  admin: portalPage('admin'),
  'admin-jobs': portalPage('adminJobs'),
  'admin-second-factor': portalPage('adminSecondFactor'),
  mailbox: portalPage('mailbox'),
  charts: portalPage('charts'),
  invoice: portalPage('invoice'),
  billing: portalPage('billing'),
  payment: portalPage('payment'),
  'manage-server': managedServerPage,
  ssl: managedServerPage,
  domain_redirects: managedServerPage,
  services: portalPage('services'),
  servicesParam: portalPage('servicesParam'),
  server: portalPage('server'),
  connection: portalPage('connection'),
};

/**
 * The services layout (/services/) draws its sub-navigation around an <Outlet />: these routes
 * sit inside it (portal.md §2 "Services sub-navigation"). `servicesParam` shows a class's
 * services at /services/{service}/; the tabs below have pages of their own.
 */
const NESTED: Partial<Record<RouteName, RouteName>> = { servicesParam: 'services' };
const SERVICE_TABS: Record<string, RouteComponent> = {
  servers: portalPage('servers'),
  dnspanel: portalPage('dnspanel'),
};

/** Routes that only send the visitor elsewhere. */
const REDIRECTS: Partial<Record<RouteName, string>> = {
  root: '/login/',
  pw: '/password-recovery/',
  passgen: '/password-generator/',
};

const OWN_LAYOUT: ReadonlySet<RouteName> = new Set(['signup']);

/**
 * A page replaces a prerendered first screen once it is on screen itself (`usePageTitle`), not
 * when the shell mounts: until the shell's and the page's code are here the prerendered page stays.
 */
function ShellLayout({ children }: { children: ReactNode }) {
  return <Shell>{children}</Shell>;
}

/**
 * A page whose code did not arrive, or that could not be shown, says so in the app's words in
 * place of the page (inside the shell), and Try again runs its route again. The root's error has
 * no shell around it: its message is the page's main content.
 */
function RouteError({ reset }: ErrorComponentProps) {
  return <AppLoadFailure main={false} onRetry={useRetry(reset)} />;
}
function RootError({ reset }: ErrorComponentProps) {
  return <AppLoadFailure main onRetry={useRetry(reset)} />;
}
function useRetry(reset: () => void) {
  const router = useRouter();
  const { actors } = useAppServices();
  return () => {
    // The session's code may be what did not arrive (every page in the shell waits for it).
    actors.retrySession();
    void router.invalidate().then(reset);
  };
}

function RootLayout() {
  const { actors } = useAppServices();
  const matches = useMatches();
  const ownLayout = matches.some((m) => m.staticData?.ownLayout);
  if (ownLayout)
    return (
      <>
        <Outlet />
        <SessionPrompts />
      </>
    );
  // The shell and every page in it read the session's actors, which load after the first load
  // (app/actors.ts); the signup page does without them.
  use(actors.whenSession());
  return (
    <ShellLayout>
      <Outlet />
      <SessionPrompts />
    </ShellLayout>
  );
}

function PendingPage() {
  return (
    <Center py="xl" role="status" aria-label="Loading the page">
      <Loader aria-hidden />
    </Center>
  );
}

/**
 * The route check (machines/shell/route-check.machine.ts) for a route whose verdict waits for the
 * login state: loaded then (it stays out of the first load), it ends with the gate's verdict.
 */
async function routeCheck(
  gate: AppServices['actors']['routeGate'],
  route: RouteRequest,
): Promise<GateVerdict> {
  const { checkRoute } = await import('#machines/shell/route-check.machine');
  return checkRoute(gate, route);
}

/**
 * Route gating (portal.md §2): the route gate (machines/session/route-gate.machine.ts) decides;
 * a page that needs login waits until the login state is known. The gate decides at once when the
 * login state is known or the page is open to everyone (its verdict read with its selector);
 * otherwise the wait is a machine's, a route check (`routeCheck`), whose verdict the route
 * awaits. Hover preloads decide nothing.
 */
async function gate(
  services: AppServices,
  definition: RouteDefinition,
  location: { pathname: string; searchStr: string },
) {
  const route = {
    name: definition.name,
    href: relativeHref(location.pathname, location.searchStr),
    access: definition.access,
  };
  const { routeGate } = services.actors;
  routeGate.send({ type: 'route.requested', route });
  const now = selectGateVerdict(routeGate.getSnapshot());
  const verdict = now.kind === 'pending' ? await routeCheck(routeGate, route) : now;
  if (verdict.kind === 'login')
    throw redirect({ to: '/login/', search: { redirect: verdict.redirect } });
  if (verdict.kind === 'account') throw redirect({ to: '/account/' });
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: NotFoundPage,
});

function buildRoute(
  definition: RouteDefinition,
  parent: { route: AnyRoute; path: string } = { route: rootRoute, path: '' },
  component?: RouteComponent,
): AnyRoute {
  const name = definition.name as RouteName;
  const target = REDIRECTS[name];
  const page = component ?? PAGES[name];
  const portal = page === undefined ? undefined : PORTAL_COMPONENTS.get(page);
  return createRoute({
    getParentRoute: () => parent.route,
    path: toRouterPath(definition.path).slice(parent.path.length) || '/',
    staticData: { route: definition, ownLayout: OWN_LAYOUT.has(name) },
    // The signup page forces the light scheme while it is shown (machines/shell/theme.machine.ts):
    // its route tells the theme when it is entered and left, not a view's effect. A page shown
    // before the router loaded (main.tsx) has told the theme already: the route taking it over
    // does not tell it twice.
    ...(OWN_LAYOUT.has(name) && {
      onEnter: ({ context }) => {
        if (!signupShown()) context.services.actors.theme.send({ type: 'signup.entered' });
      },
      onLeave: ({ context }) => context.services.actors.theme.send({ type: 'signup.left' }),
    }),
    beforeLoad: target
      ? () => {
          throw redirect({ to: target, replace: true });
        }
      : async ({ context, location, preload }) => {
          if (preload) return;
          if (portal) void loadPortalPages().catch(() => undefined);
          await gate(context.services, definition, location);
          // Once the gate lets a portal page open, its data is asked for while its code loads
          // (portal-pages.ts `askForData`). Here rather than in a loader: the page a login
          // preloaded is shown as soon as its check is done, and a view that opened before the
          // asking would ask a second time. A preload (hover, or the page after a login being
          // checked) loads code only.
          if (portal)
            await loadPortalPages().then(
              (pages) => pages.askForData(context.services, portal),
              () => undefined,
            );
        },
    component: page ?? (() => <ComingSoonPage title={definition.title} />),
  });
}

function buildRoutes(): AnyRoute[] {
  const byName = new Map<RouteName, AnyRoute>();
  for (const definition of ROUTES) {
    if (!NESTED[definition.name as RouteName]) {
      byName.set(definition.name as RouteName, buildRoute(definition));
    }
  }
  for (const definition of ROUTES) {
    const parentName = NESTED[definition.name as RouteName];
    if (!parentName) continue;
    const parentDefinition = ROUTES.find((d) => d.name === parentName)!;
    const parent = { route: byName.get(parentName)!, path: toRouterPath(parentDefinition.path) };
    const base = toRouterPath(definition.path);
    const tabs = Object.entries(SERVICE_TABS).map(([key, component]) =>
      buildRoute(
        { ...definition, path: `${base.slice(0, base.lastIndexOf('/'))}/${key}` },
        parent,
        component,
      ),
    );
    parent.route.addChildren([...tabs, buildRoute(definition, parent)]);
  }
  return [...byName.values()];
}

/** `history`: the browser's by default; the build's prerender passes a memory history. */
export function createAppRouter(services: AppServices, history?: RouterHistory) {
  const routeTree = rootRoute.addChildren(buildRoutes());
  const router = createRouter({
    routeTree,
    history,
    basepath: WEB_BASE_PATH,
    trailingSlash: 'always',
    context: { services },
    defaultPreload: 'intent',
    // A visit runs its checks even after a preload (which loads code only): see `beforeLoad`.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: RouteError,
  });
  // The session's navigation (to login, after login, back to the admin) goes through the router.
  services.actors.navigation.attach(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The router for a page already on screen (the signup's, shown before the router loaded,
 * main.tsx): it has resolved its routes before it renders, so it renders the page's route at once
 * (never a pending screen beside the page), and its first render leaves the scroll where it is (a
 * navigation scrolls to the top; meanwhile the visitor may have scrolled, or a field scrolled into
 * view).
 */
export async function createRouterForShownPage(services: AppServices): Promise<AppRouter> {
  const router = createAppRouter(services);
  await router.load();
  router._scroll.n = false;
  return router;
}
