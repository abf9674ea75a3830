/**
 * Making a contact a user, changing its rights, and making it a contact again, with the rules of
 * docs/people.md: nobody grants or removes a right they do not hold (a site admin acting for the
 * customer holds them all), nobody changes a login holding a right they do not hold, the primary
 * admin keeps every right and its login, and someone always keeps contacts manage. Every change
 * is written to the audit log with who made it; a login that goes away takes its sessions with it
 * (its refresh families are revoked in the same transaction).
 */
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { PEOPLE_MESSAGES } from '#shared/people/messages';
import { PERMISSION_CATEGORY_TEXT } from '#shared/messages/portal';
import {
  levelOf,
  managesContacts,
  normalizePerms,
  rightsBeyond,
  ungrantableCategories,
  type Level,
} from '#shared/people/grants';
import type { Perms } from '#shared/permissions';
import { PERMISSION_CATEGORIES } from '#shared/constants';
import {
  permissionColumns,
  permsOf,
  type PermissionGrant,
  type UserRow,
} from '../session/accounts.ts';
import { audit } from '../session/audit.ts';
import { hashPassword } from '../session/passwords.ts';
import type { Session } from '../session/session.ts';
import { revokeUserFamilies } from '../session/tokens.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { ApiError, conflict, validationFailed } from '../http/errors.ts';
import { isUniqueViolation } from '../signup/orders/order-errors.ts';
import { passwordProblemsOffThread } from '../signup/orders/password-check.ts';
import type { ContactRecord } from './store.ts';
import { usernameTaken, usersOf } from './store.ts';

/** Who makes a change: their rights bound what they may grant. */
export interface Granter {
  /** The rights the granter holds; `all` for a site admin acting for the customer. */
  perms: Perms | 'all';
  /** Written to the audit log: the admin's username while proxying, else the user's. */
  actor: string;
  session: Session;
}

export function granterOf(session: Session, asSiteAdmin: boolean): Granter {
  return {
    perms: asSiteAdmin ? 'all' : session.perms,
    actor: session.proxy?.admin.username ?? session.user.username,
    session,
  };
}

const ALL: Perms = { admin: { has_view: true, has_manage: true } };

function granterPerms(granter: Granter): Perms {
  return granter.perms === 'all' ? ALL : granter.perms;
}

function checkGrant(granter: Granter, before: Perms | undefined, after: Perms | undefined) {
  const refused = ungrantableCategories(granterPerms(granter), before, after);
  if (refused.length > 0) {
    throw new ApiError(
      403,
      'Cannot grant',
      PEOPLE_MESSAGES.cannotGrant(refused.map((c) => PERMISSION_CATEGORY_TEXT[c].label)),
    );
  }
}

/**
 * A login holding a right its editor does not hold is not theirs to change at all: not its
 * contact's fields, not its rights (403 `Cannot change`). Taking its login away is refused by the
 * grant check already (every right it holds would be lowered).
 */
export function checkNotOutranked(granter: Granter, target: UserRow) {
  const beyond = rightsBeyond(granterPerms(granter), permsOf(target));
  if (beyond.length > 0) {
    throw new ApiError(
      403,
      PEOPLE_MESSAGES.cannotChangeTitle,
      PEOPLE_MESSAGES.cannotChange(beyond.map((c) => PERMISSION_CATEGORY_TEXT[c].label)),
    );
  }
}

function lowersAny(before: Perms, after: Perms | undefined): boolean {
  const rank: Record<Level, number> = { none: 0, view: 1, manage: 2 };
  return PERMISSION_CATEGORIES.some((c) => rank[levelOf(after?.[c])] < rank[levelOf(before[c])]);
}

/**
 * The user's rights go from what they are to `after` (undefined: the login goes away). Refused
 * for the primary admin when anything is lowered, and when nobody would keep contacts manage.
 */
async function checkAccountRules(tx: Executor, target: UserRow, after: Perms | undefined) {
  const before = permsOf(target);
  if (target.primaryAdmin && lowersAny(before, after)) throw conflict(PEOPLE_MESSAGES.primaryAdmin);
  if (!managesContacts(before) || (after && managesContacts(after))) return;
  const others = (await usersOf(tx, target.cid)).filter((u) => u.uid !== target.uid);
  if (!others.some((u) => managesContacts(permsOf(u)))) {
    throw conflict(PEOPLE_MESSAGES.lastContactsManager);
  }
}

function grantOf(perms: Required<Perms>): PermissionGrant {
  return Object.fromEntries(
    PERMISSION_CATEGORIES.map((c) => [c, levelOf(perms[c])]).filter(([, l]) => l !== 'none'),
  ) as PermissionGrant;
}

async function auditChange(
  c: Context<AppEnv>,
  tx: Executor,
  granter: Granter,
  change: 'granted' | 'changed' | 'removed' | 'deleted',
  target: { username: string; cid: number; contactId: number },
  before: Perms | null,
  after: Perms | null,
) {
  await audit(
    c,
    {
      event: 'permissions_changed',
      actor: granter.actor,
      username: target.username,
      cid: target.cid,
      detail: { change, contact_id: target.contactId, by: granter.actor, before, after },
    },
    tx,
  );
}

export interface NewLogin {
  uid: string;
  password: string;
  perms: Perms;
}

/** The password rules (portal.md §5) and the username's uniqueness, before any write. */
export async function checkNewLogin(
  db: Executor,
  login: NewLogin,
  words: readonly string[],
): Promise<string> {
  if (await usernameTaken(db, login.uid)) {
    throw validationFailed({ uid: PEOPLE_MESSAGES.usernameTaken });
  }
  const problems = await passwordProblemsOffThread({
    password: login.password,
    userInputs: [login.uid, ...words],
  });
  if (problems.password) throw validationFailed({ password: problems.password });
  return hashPassword(login.password);
}

/** Makes the contact a user with these rights (the contact is locked by the caller). */
export async function grantLogin(
  c: Context<AppEnv>,
  tx: Executor,
  granter: Granter,
  record: ContactRecord,
  login: NewLogin,
  passwordHash: string,
) {
  if (record.user) throw conflict(PEOPLE_MESSAGES.alreadyUser);
  const after = normalizePerms(login.perms);
  checkGrant(granter, undefined, after);
  try {
    await tx.insert(users).values({
      username: login.uid,
      passwordHash,
      cid: record.contact.cid,
      contactId: record.contact.contactId,
      primaryAdmin: false,
      siteAdmin: false,
      ...permissionColumns(grantOf(after)),
    });
  } catch (error) {
    if (isUniqueViolation(error, ''))
      throw validationFailed({ uid: PEOPLE_MESSAGES.usernameTaken });
    throw error;
  }
  await auditChange(
    c,
    tx,
    granter,
    'granted',
    { username: login.uid, cid: record.contact.cid, contactId: record.contact.contactId },
    null,
    after,
  );
}

/** New rights for a user. */
export async function changePerms(
  c: Context<AppEnv>,
  tx: Executor,
  granter: Granter,
  user: UserRow,
  perms: Perms,
) {
  const before = permsOf(user);
  const after = normalizePerms(perms);
  await checkAccountRules(tx, user, after);
  checkGrant(granter, before, after);
  checkNotOutranked(granter, user);
  await tx
    .update(users)
    .set({ ...permissionColumns(grantOf(after)), updatedAt: new Date() })
    .where(eq(users.uid, user.uid));
  await auditChange(
    c,
    tx,
    granter,
    'changed',
    { username: user.username, cid: user.cid, contactId: user.contactId },
    before,
    after,
  );
}

/**
 * The login goes away (the contact stays unless `deleted`): refused for the primary admin and for
 * the last holder of contacts manage; its sessions end in the same transaction.
 */
export async function removeLogin(
  c: Context<AppEnv>,
  tx: Executor,
  granter: Granter,
  user: UserRow,
  change: 'removed' | 'deleted',
) {
  const before = permsOf(user);
  await checkAccountRules(tx, user, undefined);
  checkGrant(granter, before, undefined);
  await revokeUserFamilies(tx, user.uid, change === 'removed' ? 'made_contact' : 'user_deleted');
  await auditChange(
    c,
    tx,
    granter,
    change,
    { username: user.username, cid: user.cid, contactId: user.contactId },
    before,
    null,
  );
  await tx.delete(users).where(eq(users.uid, user.uid));
}
