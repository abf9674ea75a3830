/**
 * Whether the signup page is shown, and with which route parameters. The page renders outside the
 * router (`SignupSlot`, in `main.tsx`) so that its first load can do without the router
 * (docs/signup-wizard.md "Page weight"): on a first visit to its address the app shows it at once,
 * with the parameters read here from the address, and loads the router after. From then on the
 * router decides: its signup route (router.tsx) shows the page with the router's parameters while
 * the route is on screen and hides it when the route is left, so the page stays mounted, with what
 * was typed in it, when the router takes over.
 */
import { useSyncExternalStore, type ComponentType } from 'react';
// Only the router's search parser (a few hundred bytes): the page reads its query as the router
// does, and the router itself stays out of the first load (tests/tools/bundle-budget.ts).
import { defaultParseSearch } from '@tanstack/react-router';
import { WEB_BASE_PATH } from '#shared/first-load-constants';
import { ROUTES } from '#shared/routes';

/** The signup route's parameters: `components` from its path, and its query. */
export interface SignupRouteParams {
  components: string | undefined;
  search: Record<string, unknown>;
}

export interface ShownSignup {
  /** The page's view (`SignupWizard`), from the page's own chunk. */
  page: ComponentType<SignupRouteParams>;
  params: SignupRouteParams;
}

const SIGNUP_PATH = ROUTES.find((route) => route.name === 'signup')!.path;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The route table's path (`/signup/{components?}`) as a pattern over an address's path below the
 * web base path: `{name}` one segment, `{name?}` an optional one, a trailing slash or none, any
 * case (the router's defaults, router.tsx `toRouterPath`).
 */
function pathPattern(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)(\?)?\}$/.exec(segment);
      if (!param) return `/${escapeRegExp(segment)}`;
      return param[2] ? `(?:/(?<${param[1]}>[^/]+))?` : `/(?<${param[1]}>[^/]+)`;
    });
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

const SIGNUP_PATTERN = pathPattern(SIGNUP_PATH);

/** The signup route's parameters at an address of the app, or null at another page's. */
export function signupRouteAt(location: {
  pathname: string;
  search: string;
}): SignupRouteParams | null {
  const { pathname } = location;
  if (!pathname.startsWith(`${WEB_BASE_PATH}/`)) return null;
  const match = SIGNUP_PATTERN.exec(pathname.slice(WEB_BASE_PATH.length));
  if (!match) return null;
  const components = match.groups?.components;
  let decoded: string | undefined;
  try {
    decoded = components === undefined ? undefined : decodeURIComponent(components);
  } catch {
    decoded = components;
  }
  return {
    components: decoded,
    search: defaultParseSearch(location.search) as Record<string, unknown>,
  };
}

let shown: ShownSignup | null = null;
const listeners = new Set<() => void>();

/** Whether the page is on screen (shown before the router, or by its route). */
export function signupShown(): boolean {
  return shown !== null;
}

/** Shows the page (or hides it with null). */
export function showSignup(next: ShownSignup | null): void {
  if (next === shown) return;
  shown = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page to show, if any. */
export function useShownSignup(): ShownSignup | null {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );
}
