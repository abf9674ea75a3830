/**
 * Login, logout, refresh and re-authentication (docs/api.md "Session"). Access rules are in
 * src/server/session/endpoints.ts.
 */
import type { Hono } from 'hono';
import { ERROR_TITLES } from '#shared/messages';
import { SESSION_MESSAGES } from '#shared/session/messages';
import type { LoginResult, LogoutResponse } from '#shared/session/types';
import { LoginSchema, RefreshSchema } from '#shared/session/schemas';
import { activitySubject, noChange } from '../activity/record.ts';
import { recordLogin, securityActivity } from '../activity/security.ts';
import { findUser } from './accounts.ts';
import { audit } from './audit.ts';
import { checkPassword, authenticate, secondStep, startSession } from './login.ts';
import { endProxy } from './proxy.ts';
import { LIMITS, consume, giveBack } from './rate-limit.ts';
import { optionalSession, requireSession, sessionUser, sessionUserOf } from './session.ts';
import {
  clearSessionCookies,
  familyOfRefreshToken,
  readRefreshCookie,
  revokeFamily,
  rotateRefreshToken,
  setSessionCookies,
  signAccessToken,
  type Family,
} from './tokens.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { ApiError, unauthorized } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';

const refreshFailed = () =>
  unauthorized(SESSION_MESSAGES.refreshFailedTitle, SESSION_MESSAGES.refreshFailed);

export function registerAuthRoutes(api: Hono<AppEnv>) {
  api.post('/auth/tokens', async (c) => {
    const body = await readJson(c, LoginSchema);
    const user = await authenticate(c, body.username, body.password);
    activitySubject(c, user);
    // A login with a second factor (or asked to set one up) ends here without tokens until its code.
    const second = await secondStep(c, user, body, { setup: true });
    let deliver: () => void = () => undefined;
    const result = await startSession(c, user, body.store_in_cookies, async (tx) => {
      deliver = await recordLogin(tx, c, user, second.used);
    });
    deliver();
    await audit(c, {
      event: 'login',
      actor: user.username,
      username: user.username,
      cid: user.cid,
      status: 200,
      ...(second.used ? { detail: { second_factor: second.used } } : {}),
    });
    return c.json(
      second.recoveryCodes
        ? ({ ...result, recovery_codes: second.recoveryCodes } satisfies LoginResult)
        : result,
    );
  });

  api.delete('/auth/tokens', async (c) => {
    const { db } = c.var.deps.database;
    // The session to end: from the access token, or (once that expired) from the refresh token.
    const session = await optionalSession(c);
    let family: Pick<Family, 'id' | 'uid' | 'proxyAdminUid' | 'parentFamilyId'> | undefined =
      session
        ? {
            id: session.familyId,
            uid: session.user.uid,
            proxyAdminUid: session.proxy?.admin.uid ?? null,
            parentFamilyId: session.proxy?.parentFamilyId ?? null,
          }
        : undefined;
    if (!family) {
      const presented = readRefreshCookie(c);
      const row = presented ? await familyOfRefreshToken(db, presented) : undefined;
      if (row && !row.usedAt && !row.family.revokedAt) family = row.family;
    }
    const user = session?.user ?? (family ? await findUser(db, family.uid) : undefined);
    const proxyAdmin = family?.proxyAdminUid
      ? (session?.proxy?.admin ?? (await findUser(db, family.proxyAdminUid)))
      : undefined;
    // The session's end is recorded in the transaction that revokes it.
    const loggedOut = async (tx: Executor) => {
      if (user) await securityActivity.loggedOut(tx, c, user, proxyAdmin?.username ?? null);
    };
    if (!user || !family) noChange(c);
    if (family?.proxyAdminUid) {
      const admin = await endProxy(
        c,
        {
          familyId: family.id,
          parentFamilyId: family.parentFamilyId,
          adminUid: family.proxyAdminUid,
          username: user?.username ?? '',
        },
        loggedOut,
      );
      if (admin) return c.json({ proxy_logout: true, ...admin } satisfies LogoutResponse);
    } else if (family) {
      const ended = family;
      await db.transaction(async (tx) => {
        await revokeFamily(tx, ended.id, 'logout');
        await loggedOut(tx);
      });
      await audit(c, {
        event: 'logout',
        actor: user?.username ?? null,
        username: user?.username ?? null,
        cid: user?.cid ?? null,
        status: 200,
      });
    }
    clearSessionCookies(c);
    return c.json({
      proxy_logout: false,
      title: ERROR_TITLES.accessDenied,
      msg: ERROR_TITLES.logoutComplete,
    } satisfies LogoutResponse);
  });

  api.post('/auth/refresh_token', async (c) => {
    const { deps } = c.var;
    const { db } = deps.database;
    const body = await readJson(c, RefreshSchema);
    const presented = readRefreshCookie(c);
    if (!presented) throw refreshFailed();
    const result = await rotateRefreshToken(db, presented, deps.config.refreshTokenTtlSeconds);
    if (result.outcome !== 'rotated') {
      if (result.outcome === 'reused') {
        const owner = await findUser(db, result.family!.uid);
        await audit(c, {
          event: 'refresh_reuse',
          username: owner?.username ?? null,
          cid: owner?.cid ?? null,
          status: 401,
          detail: { family: result.family!.id },
        });
      }
      clearSessionCookies(c);
      throw refreshFailed();
    }
    const { family, token } = result;
    const user = await findUser(db, family.uid);
    const admin = family.proxyAdminUid ? await findUser(db, family.proxyAdminUid) : undefined;
    if (!user || (family.proxyAdminUid && !admin?.siteAdmin)) {
      await revokeFamily(db, family.id, 'invalid');
      clearSessionCookies(c);
      throw refreshFailed();
    }
    const access = await signAccessToken(deps, {
      uid: user.uid,
      familyId: family.id,
      fresh: false,
      adminUsername: admin?.username,
    });
    setSessionCookies(c, { access, refresh: token }, body.store_in_cookies);
    return c.json(sessionUser(user, admin));
  });

  api.post('/auth/access_token', async (c) => {
    const { deps } = c.var;
    const { db } = deps.database;
    const session = await requireSession(c);
    const body = await readJson(c, LoginSchema);
    // While proxying, the admin proves who they are with their own password.
    const checked = session.proxy ? session.proxy.admin : session.user;
    const consumed = await consume(db, [[LIMITS.reauthPerUser, String(checked.uid)]]);
    const sameUser = body.username === session.user.username || body.username === checked.username;
    if (!sameUser || !(await checkPassword(db, checked, body.password))) {
      await audit(c, {
        event: 'reauth_failed',
        actor: checked.username,
        username: session.user.username,
        cid: session.user.cid,
        status: 401,
      });
      throw new ApiError(
        401,
        SESSION_MESSAGES.reauthFailedTitle,
        sameUser ? SESSION_MESSAGES.reauthFailed : SESSION_MESSAGES.reauthWrongUser,
      );
    }
    await giveBack(db, consumed);
    // A fresh token takes what a login takes: the second factor of whoever proves it, if on.
    const second = await secondStep(c, checked, body, {
      setup: false,
      actor: checked.username,
    });
    const access = await signAccessToken(deps, {
      uid: session.user.uid,
      familyId: session.familyId,
      fresh: true,
      adminUsername: session.proxy?.admin.username,
    });
    setSessionCookies(c, { access }, body.store_in_cookies);
    await securityActivity.confirmed(c, second.used);
    return c.json(sessionUserOf(session));
  });
}
