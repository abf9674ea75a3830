/**
 * Who is making a request: the access token read and checked against the database (its family
 * must not be revoked, so logging out or re-using a refresh token ends it at once), the user's
 * permissions as stored now, and the proxying admin if any.
 */
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SESSION_MESSAGES } from '#shared/session/messages';
import type { Perms } from '#shared/permissions';
import type { SessionUser } from '#shared/session/types';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { refreshFamilies, users } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { permsOf, type UserRow } from './accounts.ts';
import { readAccessToken, type AccessClaims, type AccessTokenState } from './tokens.ts';

export interface Session {
  user: UserRow;
  perms: Required<Perms>;
  familyId: string;
  fresh: boolean;
  /** Set while a site admin acts as this user. */
  proxy: null | { admin: UserRow; parentFamilyId: string | null };
}

export interface RequestAuth {
  token: AccessTokenState;
  /** Loaded on first use; null when there is no valid session. */
  session?: Session | null;
}

declare module 'hono' {
  interface ContextVariableMap {
    auth: RequestAuth;
  }
}

export function sessionUser(user: UserRow, proxyAdmin?: UserRow | null): SessionUser {
  return {
    username: user.username,
    cid: user.cid,
    perms: permsOf(user),
    site_admin: user.siteAdmin,
    primary_admin: user.primaryAdmin,
    proxy: proxyAdmin ? { admin_username: proxyAdmin.username } : null,
  };
}

export function sessionUserOf(session: Session): SessionUser {
  return sessionUser(session.user, session.proxy?.admin);
}

const admins = alias(users, 'proxy_admin');

/** The live session for a family, or null when the family is revoked or unknown. */
export async function loadSession(
  db: Executor,
  claims: Pick<AccessClaims, 'sub' | 'fam' | 'fresh'>,
): Promise<Session | null> {
  const [row] = await db
    .select({ family: refreshFamilies, user: users, admin: admins })
    .from(refreshFamilies)
    .innerJoin(users, eq(users.uid, refreshFamilies.uid))
    .leftJoin(admins, eq(admins.uid, refreshFamilies.proxyAdminUid))
    .where(eq(refreshFamilies.id, claims.fam));
  if (!row || row.family.revokedAt || String(row.user.uid) !== claims.sub) return null;
  if (row.family.proxyAdminUid !== null && !row.admin?.siteAdmin) return null;
  return {
    user: row.user,
    perms: permsOf(row.user),
    familyId: row.family.id,
    fresh: claims.fresh,
    proxy: row.admin ? { admin: row.admin, parentFamilyId: row.family.parentFamilyId } : null,
  };
}

async function requestAuth(c: Context<AppEnv>): Promise<RequestAuth> {
  let auth = c.get('auth');
  if (!auth) {
    auth = { token: await readAccessToken(c) };
    c.set('auth', auth);
  }
  return auth;
}

/** The session of this request, or null (no token, expired, revoked). */
export async function optionalSession(c: Context<AppEnv>): Promise<Session | null> {
  const auth = await requestAuth(c);
  if (auth.session === undefined) {
    auth.session =
      auth.token.state === 'valid'
        ? await loadSession(c.var.deps.database.db, auth.token.claims)
        : null;
  }
  return auth.session;
}

/** The session of this request; 401 `Not logged in` or `Access token expired` without one. */
export async function requireSession(c: Context<AppEnv>): Promise<Session> {
  const session = await optionalSession(c);
  if (session) return session;
  const { token } = await requestAuth(c);
  if (token.state === 'expired') {
    throw unauthorized(
      SESSION_MESSAGES.accessTokenExpiredTitle,
      SESSION_MESSAGES.accessTokenExpired,
    );
  }
  throw unauthorized(SESSION_MESSAGES.notLoggedInTitle, SESSION_MESSAGES.notLoggedIn);
}

/** The proxying admin's username from a valid token, without touching the database. */
export async function proxyAdminOfRequest(c: Context<AppEnv>): Promise<string | undefined> {
  const { token } = await requestAuth(c);
  return token.state === 'valid' ? token.claims.adm : undefined;
}
