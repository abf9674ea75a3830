/** The access rules an endpoint can declare (enforced by access.ts, listed in endpoints.ts). */
import type { Permission } from '#shared/permissions';

export type AccessRule =
  | { kind: 'public' }
  /** Only while the server serves demo data (`config.demo`); 404 otherwise. */
  | { kind: 'demo' }
  | { kind: 'login'; fresh?: boolean }
  | { kind: 'permission'; anyOf: readonly Permission[]; fresh?: boolean }
  | { kind: 'siteAdmin'; fresh?: boolean }
  /** A site admin acting as a customer (a proxied session): the `admin_` variants. */
  | { kind: 'actingAdmin'; fresh?: boolean };

export const PUBLIC: AccessRule = { kind: 'public' };
export const DEMO_ONLY: AccessRule = { kind: 'demo' };
export const LOGIN: AccessRule = { kind: 'login' };
export const SITE_ADMIN: AccessRule = { kind: 'siteAdmin' };
export const ACTING_ADMIN: AccessRule = { kind: 'actingAdmin' };

/** Logged in and any one of the permissions holds. */
export function anyOf(...permissions: Permission[]): AccessRule {
  return { kind: 'permission', anyOf: permissions };
}

/** The same rule, and the access token must be fresh (a sensitive action). */
export function fresh(rule: AccessRule): AccessRule {
  if (rule.kind === 'public' || rule.kind === 'demo') {
    throw new Error('A fresh token needs a rule that requires login');
  }
  return { ...rule, fresh: true };
}

/** `METHOD /path` as routes are registered (`:param` placeholders), relative to the API base. */
export type EndpointKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;
