/**
 * What Account Home shows the logged-in user, from the session's snapshot (portal.md §2, §6;
 * docs/people.md "Account Home"): each section by the permission the spec gives it.
 */
import { PERMISSION_CATEGORIES } from '#shared/constants';
import { hasPermission, type Perms } from '#shared/permissions';
import { selectUser, type SessionSnapshot } from '../session/session.selectors.ts';
import type { Editor } from './types.ts';

export interface AccountSections {
  /** The account's information is read from GET /user/info (account view), else the profile. */
  readInfo: boolean;
  /** Contact information can be edited (account manage). */
  editInfo: boolean;
  /** The billing summary: amounts need account view (GET /user/info), the link payments view. */
  billing: 'amounts' | 'link' | null;
  /** The services summary links to Services (services view). */
  services: boolean;
  /** The authorized contacts and users section (contacts view). */
  contacts: boolean;
  /** Add, edit, convert, delete and rights (contacts manage). */
  manageContacts: boolean;
  /** A site admin acting as the customer uses the admin_ calls and may grant every right. */
  actingAdmin: boolean;
  /** The rights of whoever edits: a site admin acting may grant any. */
  granter: Perms;
  /**
   * Who edits: the login and whether it is the primary admin (a site admin acting as the
   * customer is the customer's primary user).
   */
  editor: Editor;
}

const EVERY_RIGHT: Perms = Object.fromEntries(
  PERMISSION_CATEGORIES.map((category) => [category, { has_view: true, has_manage: true }]),
);

export function selectAccountSections(snapshot: SessionSnapshot): AccountSections | null {
  const user = selectUser(snapshot);
  if (!user) return null;
  const can = (permission: Parameters<typeof hasPermission>[1]) =>
    hasPermission(user.perms, permission);
  const actingAdmin = user.proxy !== null;
  return {
    readInfo: can('account.view'),
    editInfo: can('account.manage'),
    billing: can('payments.view') ? (can('account.view') ? 'amounts' : 'link') : null,
    services: can('services.view'),
    contacts: can('contacts.view'),
    manageContacts: can('contacts.manage') || actingAdmin,
    actingAdmin,
    granter: actingAdmin ? EVERY_RIGHT : user.perms,
    editor: { username: user.username, primaryAdmin: user.primary_admin },
  };
}
