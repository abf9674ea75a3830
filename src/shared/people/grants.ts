/**
 * The rules of granting permissions (portal.md §6, docs/people.md): manage implies view, and
 * nobody grants or removes a right they do not hold themselves. The permissions grid asks these
 * before the server refuses; the server asks the same functions.
 */
import { PERMISSION_CATEGORIES, type PermissionCategory } from '../constants.ts';
import { hasPermission, type PermissionFlags, type Perms } from '../permissions.ts';

export type Level = 'none' | 'view' | 'manage';

export function levelOf(flags: PermissionFlags | undefined): Level {
  if (flags?.has_manage) return 'manage';
  return flags?.has_view ? 'view' : 'none';
}

export function flagsOf(level: Level): PermissionFlags {
  return { has_view: level !== 'none', has_manage: level === 'manage' };
}

/** Every category present, manage implying view. */
export function normalizePerms(perms: Perms | undefined): Required<Perms> {
  return Object.fromEntries(
    PERMISSION_CATEGORIES.map((category) => [category, flagsOf(levelOf(perms?.[category]))]),
  ) as Required<Perms>;
}

/** Whether `granter` may set this category to `level` (or take it away from there). */
export function mayGrantLevel(
  granter: Perms | undefined,
  category: PermissionCategory,
  level: Level,
) {
  if (level === 'none') return true;
  return hasPermission(granter, `${category}.${level}`);
}

/**
 * The categories whose change from `before` to `after` the granter may not make: raising or
 * lowering a right needs the higher of the two levels.
 */
export function ungrantableCategories(
  granter: Perms | undefined,
  before: Perms | undefined,
  after: Perms | undefined,
): PermissionCategory[] {
  return PERMISSION_CATEGORIES.filter((category) => {
    const from = levelOf(before?.[category]);
    const to = levelOf(after?.[category]);
    if (from === to) return false;
    const needed: Level = from === 'manage' || to === 'manage' ? 'manage' : 'view';
    return !mayGrantLevel(granter, category, needed);
  });
}

/**
 * The categories where `target` holds a level `editor` does not: a login holding rights its
 * editor lacks is not theirs to change at all (its contact fields, its rights, its login).
 */
export function rightsBeyond(
  editor: Perms | undefined,
  target: Perms | undefined,
): PermissionCategory[] {
  return PERMISSION_CATEGORIES.filter(
    (category) => !mayGrantLevel(editor, category, levelOf(target?.[category])),
  );
}

/** One category of the grid set to a level: manage turns view on, view off turns manage off. */
export function withLevel(perms: Perms | undefined, category: PermissionCategory, level: Level) {
  return { ...normalizePerms(perms), [category]: flagsOf(level) } as Required<Perms>;
}

/** Holds contacts manage (directly or through admin manage). */
export function managesContacts(perms: Perms | undefined): boolean {
  return hasPermission(perms, 'contacts.manage');
}
