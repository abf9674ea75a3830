/** Route access (portal.md §2, §6): who may open a route, decided from the shared route table. */
import { hasAnyPermission } from '#shared/permissions';
import type { RouteAccess } from '#shared/routes';
import type { SessionUser } from '#shared/session/types';

export type AccessOutcome = 'allowed' | 'login required' | 'denied';

export function routeAccessOutcome(
  access: RouteAccess,
  user: Pick<SessionUser, 'perms' | 'site_admin'> | null,
  production: boolean,
): AccessOutcome {
  switch (access.kind) {
    case 'public':
      return 'allowed';
    case 'siteAdminInProduction':
      if (!production) return 'allowed';
      if (!user) return 'login required';
      return user.site_admin ? 'allowed' : 'denied';
    case 'login':
      return user ? 'allowed' : 'login required';
    case 'siteAdmin':
      if (!user) return 'login required';
      return user.site_admin ? 'allowed' : 'denied';
    case 'permission':
      if (!user) return 'login required';
      return hasAnyPermission(user.perms, access.anyOf) ? 'allowed' : 'denied';
  }
}
