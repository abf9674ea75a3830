/**
 * Navigation for the app-wide actors: the session machine's "go to login" and friends run before
 * the router exists, so they go through this holder, which the router attaches to once created.
 * Addresses are kept relative to the web base path (`/billing/?tab=bills`).
 */
import { WEB_BASE_PATH } from '#shared/first-load-constants';
import type { AttemptedRoute } from '#machines/session/types';

export interface RouterLike {
  navigate(options: {
    to: string;
    search?: Record<string, unknown>;
    replace?: boolean;
  }): Promise<void> | void;
  preloadRoute(options: { to: string; search?: Record<string, unknown> }): Promise<unknown>;
  state: { matches: readonly { staticData?: { route?: { name: string } } }[] };
}

const ATTEMPTED_ROUTE_KEY = 'attemptedRoute';

/** `/control/billing/?a=1` or `/billing/?a=1` → `/billing/?a=1`. */
export function relativeHref(pathname: string, search = ''): string {
  const path =
    pathname === WEB_BASE_PATH || pathname.startsWith(`${WEB_BASE_PATH}/`)
      ? pathname.slice(WEB_BASE_PATH.length) || '/'
      : pathname;
  return `${path}${search && !search.startsWith('?') ? `?${search}` : search}`;
}

/** Only an address inside the app is followed (never `//elsewhere` or `https://…`). */
export function safeRedirect(href: unknown): string | null {
  if (typeof href !== 'string' || !href.startsWith('/') || href.startsWith('//')) return null;
  if (/[\\\s]/.test(href)) return null;
  const relative = relativeHref(href);
  return relative.startsWith('/login/') ? null : relative;
}

export function rememberAttemptedRoute(route: AttemptedRoute | null): void {
  if (!route?.href) return;
  try {
    window.sessionStorage.setItem(ATTEMPTED_ROUTE_KEY, JSON.stringify(route));
  } catch {
    // Storage may be refused (private browsing); the redirect in the address still works.
  }
}

/** The attempted route kept in session storage, once (it is forgotten when read). */
export function takeAttemptedRoute(): AttemptedRoute | null {
  try {
    const raw = window.sessionStorage.getItem(ATTEMPTED_ROUTE_KEY);
    window.sessionStorage.removeItem(ATTEMPTED_ROUTE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<AttemptedRoute>;
    return typeof parsed.name === 'string' && typeof parsed.href === 'string'
      ? { name: parsed.name, href: parsed.href }
      : null;
  } catch {
    return null;
  }
}

export interface Navigation {
  attach(router: RouterLike): void;
  /** Goes to an address relative to the web base path, with its query. */
  go(href: string, options?: { replace?: boolean }): void;
  goToLogin(options: { timeout: boolean; redirect: string | null }): void;
  /**
   * Loads the code of the page at an address (relative to the web base path) without going
   * there: its checks and its data wait for the visit itself (router.tsx).
   */
  preload(href: string): void;
  /** Where the user is now: the route's name and address. */
  current(): AttemptedRoute;
}

const routeOf = (href: string) => {
  const url = new URL(relativeHref(href), 'http://app.invalid');
  return { to: url.pathname, search: Object.fromEntries(url.searchParams) };
};

export function createNavigation(): Navigation {
  let router: RouterLike | null = null;
  let queued: (() => void)[] = [];
  const whenAttached = (run: () => void) => {
    if (router) run();
    else queued.push(run);
  };
  const navigateTo = (to: string, search?: Record<string, unknown>, replace?: boolean) =>
    whenAttached(() => void router?.navigate({ to, search, replace }));

  return {
    attach(target) {
      router = target;
      const pending = queued;
      queued = [];
      pending.forEach((run) => run());
    },
    go(href, options) {
      const { to, search } = routeOf(href);
      navigateTo(to, search, options?.replace);
    },
    preload(href) {
      // The router's preload never fails: a page whose code does not load now loads when visited.
      whenAttached(() => void router?.preloadRoute(routeOf(href)));
    },
    goToLogin({ timeout, redirect }) {
      const search: Record<string, unknown> = {};
      if (timeout) search.timeout = true;
      if (redirect) search.redirect = redirect;
      navigateTo('/login/', search);
    },
    current() {
      const name = router?.state.matches.at(-1)?.staticData?.route?.name ?? '';
      return { name, href: relativeHref(window.location.pathname, window.location.search) };
    },
  };
}
