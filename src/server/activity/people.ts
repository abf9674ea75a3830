/**
 * What contacts and users record (docs/activity.md "Contacts and users"): the contact by name,
 * the fields a change touched (never their values: a recovery email is the login's), a login by
 * username with the rights it was given or lost.
 */
import type { Context } from 'hono';
import { PERMISSION_CATEGORIES } from '#shared/constants';
import { ACTIVITY_WORDS, rightWords } from '#shared/activity/messages';
import type { Perms } from '#shared/permissions';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { recordActivity } from './record.ts';

type Level = 'view' | 'manage' | null;

function levelOf(perms: Perms, category: (typeof PERMISSION_CATEGORIES)[number]): Level {
  const flags = perms[category];
  if (flags?.has_manage) return 'manage';
  if (flags?.has_view) return 'view';
  return null;
}

/** "billing view, services manage" (or "no rights"). */
export function rightsWords(perms: Perms): string {
  const rights = PERMISSION_CATEGORIES.flatMap((category) => {
    const level = levelOf(perms, category);
    return level ? [rightWords(category, level)] : [];
  });
  return rights.length ? rights.join(', ') : ACTIVITY_WORDS.noRights;
}

/** "given payments view", "services manage taken away", per category that changed. */
export function rightsChanges(before: Perms, after: Perms): string[] {
  return PERMISSION_CATEGORIES.flatMap((category) => {
    const from = levelOf(before, category);
    const to = levelOf(after, category);
    if (from === to) return [];
    if (to) return [ACTIVITY_WORDS.userGiven(rightWords(category, to))];
    return [ACTIVITY_WORDS.userTaken(rightWords(category, from!))];
  });
}

export const peopleActivity = {
  contactAdded: (tx: Executor, c: Context<AppEnv>, name: string) =>
    recordActivity(tx, c, { action: 'contact.create', summary: ACTIVITY_WORDS.contactAdded(name) }),
  contactChanged: (tx: Executor, c: Context<AppEnv>, name: string, fields: string[]) =>
    recordActivity(tx, c, {
      action: 'contact.update',
      summary: ACTIVITY_WORDS.contactChanged(name, fields),
    }),
  contactRemoved: (tx: Executor, c: Context<AppEnv>, name: string) =>
    recordActivity(tx, c, {
      action: 'contact.delete',
      summary: ACTIVITY_WORDS.contactRemoved(name),
    }),
  userAdded: (tx: Executor, c: Context<AppEnv>, username: string, perms: Perms) =>
    recordActivity(tx, c, {
      action: 'user.create',
      summary: ACTIVITY_WORDS.userAdded(username, rightsWords(perms)),
    }),
  userRights: (tx: Executor, c: Context<AppEnv>, username: string, before: Perms, after: Perms) =>
    recordActivity(tx, c, {
      action: 'user.update',
      summary: ACTIVITY_WORDS.userRights(username, rightsChanges(before, after)),
    }),
  loginRemoved: (tx: Executor, c: Context<AppEnv>, username: string) =>
    recordActivity(tx, c, {
      action: 'user.update',
      summary: ACTIVITY_WORDS.userLoginRemoved(username),
    }),
  userDeleted: (tx: Executor, c: Context<AppEnv>, username: string) =>
    recordActivity(tx, c, {
      action: 'user.delete',
      summary: ACTIVITY_WORDS.userDeleted(username),
    }),
};
