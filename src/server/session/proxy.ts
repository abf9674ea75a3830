/**
 * A site admin acting as a customer. Starting gives the browser a session of the customer's
 * primary user in a new family that names the admin and the admin's own family; the admin's
 * refresh token is superseded meanwhile. Ending revokes the proxy family and issues the admin a new
 * token in the admin's family again.
 */
import type { Context } from 'hono';
import { and, asc, desc, eq } from 'drizzle-orm';
import { SESSION_MESSAGES } from '#shared/session/messages';
import type { SessionUser } from '#shared/session/types';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { customers, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { findUser, type UserRow } from './accounts.ts';
import { audit } from './audit.ts';
import { sessionUser, type Session } from './session.ts';
import {
  findFamily,
  issueRefreshToken,
  revokeFamily,
  setSessionCookies,
  signAccessToken,
  startFamily,
  supersedeFamilyTokens,
} from './tokens.ts';

export async function startProxy(
  c: Context<AppEnv>,
  admin: Session,
  cid: number,
  /** Runs in the transaction that starts the proxy session (the activity log's entry). */
  withSession?: (tx: Executor, target: UserRow) => Promise<unknown>,
): Promise<SessionUser> {
  const { deps } = c.var;
  const { db } = deps.database;
  const [customer] = await db.select().from(customers).where(eq(customers.cid, cid));
  if (!customer) throw notFound(SESSION_MESSAGES.customerNotFound);
  const [target] = await db
    .select()
    .from(users)
    .where(and(eq(users.cid, cid), eq(users.siteAdmin, false)))
    .orderBy(desc(users.primaryAdmin), asc(users.uid))
    .limit(1);
  if (!target) throw notFound(SESSION_MESSAGES.customerWithoutLogin);
  const { familyId, refresh } = await db.transaction(async (tx) => {
    await supersedeFamilyTokens(tx, admin.familyId);
    const familyId = await startFamily(tx, {
      uid: target.uid,
      proxyAdminUid: admin.user.uid,
      parentFamilyId: admin.familyId,
    });
    const refresh = await issueRefreshToken(tx, familyId, deps.config.refreshTokenTtlSeconds);
    await withSession?.(tx, target);
    return { familyId, refresh };
  });
  const access = await signAccessToken(deps, {
    uid: target.uid,
    familyId,
    fresh: false,
    adminUsername: admin.user.username,
  });
  setSessionCookies(c, { access, refresh }, true);
  await audit(c, {
    event: 'proxy_start',
    actor: admin.user.username,
    username: target.username,
    cid: target.cid,
    status: 200,
  });
  return sessionUser(target, admin.user);
}

/**
 * Ends a proxy family and gives the admin's own session back; undefined when that session can no
 * longer be restored (it was revoked meanwhile), so the caller logs out completely.
 */
export async function endProxy(
  c: Context<AppEnv>,
  proxy: { familyId: string; parentFamilyId: string | null; adminUid: number; username: string },
  /** Runs in the transaction that ends the proxy session (the activity log's entry). */
  withEnd?: (tx: Executor) => Promise<unknown>,
): Promise<SessionUser | undefined> {
  const { deps } = c.var;
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    await revokeFamily(tx, proxy.familyId, 'proxy_end');
    await withEnd?.(tx);
  });
  const parent = proxy.parentFamilyId ? await findFamily(db, proxy.parentFamilyId) : undefined;
  const admin = await findUser(db, proxy.adminUid);
  await audit(c, {
    event: 'proxy_end',
    actor: admin?.username ?? null,
    username: proxy.username,
    status: 200,
  });
  if (!parent || parent.revokedAt || !admin || parent.uid !== admin.uid || !admin.siteAdmin) {
    return undefined;
  }
  const refresh = await issueRefreshToken(db, parent.id, deps.config.refreshTokenTtlSeconds);
  const access = await signAccessToken(deps, { uid: admin.uid, familyId: parent.id, fresh: false });
  setSessionCookies(c, { access, refresh }, true);
  return sessionUser(admin);
}
