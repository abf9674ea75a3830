/**
 * The permissions grid's rule as the machines ask it (portal.md §6, docs/people.md "Rules"): a
 * level may be chosen for a category only when the shared rule `ungrantableCategories` lets the
 * person editing make that change; manage implies view (`withLevel`). Both people machines and
 * their selectors ask these, so the grid shows what the server would refuse before it refuses.
 */
import { PERMISSION_CATEGORIES, type PermissionCategory } from '#shared/constants';
import { PERMISSION_CATEGORY_TEXT } from '#shared/messages/portal';
import { levelOf, ungrantableCategories, withLevel, type Level } from '#shared/people/grants';
import type { Perms } from '#shared/permissions';

export const LEVELS: readonly Level[] = ['none', 'view', 'manage'];

export interface GridRules {
  /** The rights of the person editing. */
  granter: Perms;
  /** The rights as saved (none for a contact becoming a user). */
  before: Perms;
}

/** Whether the person editing may set `category` to `level`, starting from the saved rights. */
export function mayChooseLevel(
  rules: GridRules,
  perms: Perms,
  category: PermissionCategory,
  level: Level,
): boolean {
  const after = withLevel(perms, category, level);
  return !ungrantableCategories(rules.granter, rules.before, after).includes(category);
}

export interface GridOption {
  level: Level;
  chosen: boolean;
  /** False: the person editing does not hold this right, so cannot give or take it. */
  allowed: boolean;
}

export interface GridRow {
  category: PermissionCategory;
  label: string;
  description: string;
  options: GridOption[];
}

/** One row per category: each level, whether it is chosen and whether it may be chosen. */
export function gridRows(rules: GridRules, perms: Perms): GridRow[] {
  return PERMISSION_CATEGORIES.map((category) => {
    const current = levelOf(perms[category]);
    return {
      category,
      ...PERMISSION_CATEGORY_TEXT[category],
      options: LEVELS.map((level) => ({
        level,
        chosen: level === current,
        allowed: level === current || mayChooseLevel(rules, perms, category, level),
      })),
    };
  });
}
