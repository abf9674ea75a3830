import type { SnapshotFrom } from 'xstate';
import { ROUTES, type RouteName } from '#shared/routes';
import type { UserProfile } from '#shared/session/types';
import { routeAccessOutcome } from './access.ts';
import type { LoginActor } from './login.selectors.ts';
import type { sessionMachine } from './session.machine.ts';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionStatus = 'unknown' | 'loggedIn' | 'loggedOut';

export function selectSessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('loggedIn')) return 'loggedIn';
  if (snapshot.matches('loggedOut')) return 'loggedOut';
  return 'unknown';
}

export function selectUser(snapshot: SessionSnapshot): UserProfile | null {
  return snapshot.matches('loggedIn') ? snapshot.context.user : null;
}

export function selectUsername(snapshot: SessionSnapshot): string | null {
  return selectUser(snapshot)?.username ?? null;
}

/** The login under way while nobody is logged in (login.machine.ts), which the login page follows. */
export function selectLoginActor(snapshot: SessionSnapshot): LoginActor | null {
  if (!snapshot.matches('loggedOut')) return null;
  return (snapshot.children.login as LoginActor | undefined) ?? null;
}

export function selectLoggingOut(snapshot: SessionSnapshot): boolean {
  return (
    snapshot.matches({ loggedIn: 'loggingOut' }) ||
    snapshot.matches({ loggedIn: 'returningToAdmin' })
  );
}

export function selectSwitchingUser(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ loggedIn: 'switching' });
}

/** While a site admin acts as a customer: who they are and whom they act as. */
export function selectActingAs(
  snapshot: SessionSnapshot,
): { customer: string; admin: string } | null {
  const user = selectUser(snapshot);
  if (!user?.proxy) return null;
  return { customer: user.info?.name || user.username, admin: user.proxy.admin_username };
}

export interface PortalTab {
  route: RouteName;
  label: string;
  path: string;
}

const TAB_ROUTES: readonly { route: RouteName; label: string }[] = [
  { route: 'account', label: 'Account' },
  { route: 'admin', label: 'Admin' },
  { route: 'services', label: 'Services' },
  { route: 'billing', label: 'Billing' },
];

/** Account; Admin for site admins; Services with services view; Billing with payments view. */
export function selectPortalTabs(snapshot: SessionSnapshot, production: boolean): PortalTab[] {
  const user = selectUser(snapshot);
  if (!user) return [];
  return TAB_ROUTES.flatMap(({ route, label }) => {
    const definition = ROUTES.find((r) => r.name === route);
    if (!definition) return [];
    return routeAccessOutcome(definition.access, user, production) === 'allowed'
      ? [{ route, label, path: definition.path }]
      : [];
  });
}
