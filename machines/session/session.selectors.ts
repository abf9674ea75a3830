import type { SnapshotFrom } from 'xstate';
import { ROUTES, type RouteName } from '#shared/routes';
import type { UserProfile } from '#shared/session';
import { routeAccessOutcome } from './access.ts';
import type { SecondFactorActor } from './second-factor.selectors.ts';
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

/** The login form is busy: the credentials or the profile are on their way. */
export function selectLoggingIn(snapshot: SessionSnapshot): boolean {
  return (
    snapshot.matches({ loggedOut: 'loggingIn' }) ||
    snapshot.matches({ loggedOut: 'loadingProfile' })
  );
}

/** The username of the login whose code is asked for (for the code step's texts). */
export function selectSecondFactorUsername(snapshot: SessionSnapshot): string | null {
  return snapshot.matches({ loggedOut: 'secondFactor' })
    ? (snapshot.context.pending?.username ?? null)
    : null;
}

/** The login's second-factor step (its code, a recovery code, or setting the app up), if asked. */
export function selectSecondFactorStep(snapshot: SessionSnapshot): SecondFactorActor | null {
  if (!snapshot.matches({ loggedOut: 'secondFactor' })) return null;
  return (snapshot.children.secondFactor as SecondFactorActor | undefined) ?? null;
}

export function selectLoginError(snapshot: SessionSnapshot) {
  return snapshot.matches({ loggedOut: 'idle' }) ? snapshot.context.loginError : null;
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
