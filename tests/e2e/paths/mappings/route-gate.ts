/**
 * The route gate in the browser: a person opens a page by its address; the page learns who is
 * logged in by itself (the session's cookies, the profile), and a reload makes the login state
 * unknown again. The sample viewer (account and services to view, no billing, not a site admin)
 * is the `nobilling` demo login: it may open Account and neither Billing nor Admin.
 *
 * The page must show the gate's verdict (the route gate's own selector on the predicted
 * snapshot): the page itself, the login page with a redirect back, or the account page with
 * 'You do not have permission to view this' (portal.md §2).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { selectGateVerdict } from '../../../../machines/session/route-gate.selectors.ts';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { loggedInLabel } from '../../../../src/shared/messages/portal.ts';
import { routeByName, type RouteName } from '../../../../src/shared/routes.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInByForm } from './portal.ts';

type GateSnapshot = Parameters<typeof selectGateVerdict>[0];
const gate = (snapshot: AnyMachineSnapshot) => snapshot as unknown as GateSnapshot;

/** The demo login standing for the samples' viewer. */
const VIEWER = 'nobilling';

type SessionEvent = EventObject & { session: { status: 'unknown' | 'loggedOut' | 'loggedIn' } };
const statusOf = (event: EventObject | undefined) =>
  event?.type === 'session.changed' ? (event as SessionEvent).session.status : undefined;

const path = {
  /** The page was reloaded after the gate turned the user away (the notice went with it). */
  reloaded: false,
};

const routeOf = (step: StateCheckContext['step']) =>
  (step.projection as { route: RouteName | null }).route;

export const routeGateMapping: BrowserMapping = {
  machine: 'route-gate',
  async start({ page, visit, upcoming }) {
    path.reloaded = false;
    // The browser holds the viewer's session when the path's first known login state is theirs.
    const first = upcoming.map(statusOf).find((status) => status && status !== 'unknown');
    if (first === 'loggedIn') await logInByForm(page, visit, VIEWER);
    // No page yet: the gate has not been asked.
    await page.goto('about:blank');
  },
  events: {
    // The person types the page's address.
    'route.requested': async ({ visit }, event) => {
      const { route } = event as EventObject & { route: { href: string } };
      await visit(`/control${route.href}`);
    },
    'session.changed': async ({ page }, event) => {
      // A reload: the page asks again who is logged in.
      if (statusOf(event) === 'unknown') {
        await page.reload();
        await page.locator('main#main').waitFor();
        path.reloaded = true;
      }
      // Otherwise the opened page learns the login state from the browser's session by itself.
    },
  },
  notCaused: {
    'session.changed': ({ event, previous }) => {
      if (!previous)
        return 'before the first page is asked for, the app is still starting: the login state it learns then shows on no page';
      const status = statusOf(event);
      const before = statusOf(previous);
      if (status !== 'unknown' && before && before !== 'unknown')
        return 'once a page knows who is logged in, a person changes it by logging in or out, which also opens another page (the session’s paths walk those)';
      return undefined;
    },
  },
  states: {
    allowed: async ({ page, expect, step }) => {
      expect(selectGateVerdict(gate(step.snapshot)).kind).toBe('allowed');
      const route = routeByName(routeOf(step) ?? 'account');
      await expect(page).toHaveURL(new RegExp(`/control${route.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
      await expect(page.getByText(ERROR_MESSAGES.routeDenied)).toHaveCount(0);
    },
    loginRequired: async ({ page, expect, step }) => {
      const verdict = selectGateVerdict(gate(step.snapshot));
      if (verdict.kind !== 'login') throw new Error(`the gate's verdict is ${verdict.kind}`);
      await expect(page).toHaveURL(/\/control\/login\/\?/);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(verdict.redirect);
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
      await expect(page.getByTestId('logged-in-link')).toHaveCount(0);
    },
    denied: async ({ page, expect, step }) => {
      expect(selectGateVerdict(gate(step.snapshot)).kind).toBe('account');
      await expect(page).toHaveURL(/\/control\/account\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
      await expect(page.getByTestId('logged-in-link')).toHaveText(loggedInLabel(VIEWER));
      const notice = page
        .getByTestId('notifications')
        .getByRole('alert')
        .filter({ hasText: ERROR_MESSAGES.routeDenied });
      // The notice lives as long as the page: a reload leaves the account page without it.
      await expect(notice).toHaveCount(path.reloaded ? 0 : 1);
    },
  },
  notShown: {
    idle: 'no page is shown before the first page is asked for',
    waitingForSession:
      'lasts only while the page learns who is logged in (its cookies, then the profile); the state after it is checked',
  },
};
