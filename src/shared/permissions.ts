/** Roles and permissions (portal.md §6). */
import { PERMISSION_CATEGORIES, type PermissionCategory } from './first-load-constants.ts';

export interface PermissionFlags {
  has_view: boolean;
  has_manage: boolean;
}

export type Perms = Partial<Record<PermissionCategory, PermissionFlags>>;

export type PermissionLevel = 'view' | 'manage';

/** A single permission requirement, written `category.level`, for example `payments.view`. */
export type Permission = `${PermissionCategory}.${PermissionLevel}`;

export function parsePermission(permission: Permission): {
  category: PermissionCategory;
  level: PermissionLevel;
} {
  const [category, level] = permission.split('.') as [PermissionCategory, PermissionLevel];
  return { category, level };
}

/**
 * A check passes if the user has admin manage. Otherwise the category must exist and the flag be
 * set; manage implies view.
 */
export function hasPermission(perms: Perms | undefined, permission: Permission): boolean {
  if (!perms) return false;
  if (perms.admin?.has_manage) return true;
  const { category, level } = parsePermission(permission);
  const flags = perms[category];
  if (!flags) return false;
  return level === 'view' ? flags.has_view || flags.has_manage : flags.has_manage;
}

/** Several permissions pass if any one holds. An empty list passes. */
export function hasAnyPermission(perms: Perms | undefined, permissions: readonly Permission[]) {
  return permissions.length === 0 || permissions.some((p) => hasPermission(perms, p));
}

export function emptyPerms(): Required<Perms> {
  return Object.fromEntries(
    PERMISSION_CATEGORIES.map((c) => [c, { has_view: false, has_manage: false }]),
  ) as Required<Perms>;
}
