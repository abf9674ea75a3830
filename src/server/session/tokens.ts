/**
 * Access and refresh tokens.
 *
 * - The access token is a JWT signed with HMAC-SHA256 (`sub` the user id, `fam` the refresh family,
 *   `fresh` true only right after a password was entered, `adm` the site admin while proxying). It
 *   lives ACCESS_TOKEN_TTL_SECONDS. The signing key is TOKEN_SECRET, or outside production a key
 *   generated once and kept in `app_meta`, so that every instance on one database agrees.
 * - The refresh token is 32 random bytes; only its SHA-256 digest is stored. Tokens belong to a
 *   family (one login). Refreshing uses the token up and issues its successor; presenting a used
 *   token again is re-use, and revokes the whole family. Logging out revokes the family too.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { sign, verify } from 'hono/jwt';
import { JwtTokenExpired } from 'hono/utils/jwt/types';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { refreshFamilies, refreshTokens } from '../db/schema.ts';
import { storedSecret } from '../db/stored-secret.ts';
import { SESSION_HINT_COOKIE_NAME } from '#shared/constants';
import { clearCookie, readCookie, writeCookie } from '../http/cookies.ts';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
const SECRET_KEY = 'auth:token_secret';

export interface AccessClaims {
  /** The user id, as text. */
  sub: string;
  /** The refresh family this token belongs to. */
  fam: string;
  fresh: boolean;
  /** The site admin's username while proxying. */
  adm?: string;
  iat: number;
  exp: number;
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The access-token signing key (stable across instances); `within` an open transaction, read
 * through it (src/server/db/stored-secret.ts).
 */
export function signingKey(deps: AppDeps, within?: Executor): Promise<string> {
  if (deps.config.tokenSecret) return Promise.resolve(deps.config.tokenSecret);
  return storedSecret(within ?? deps.database.db, SECRET_KEY);
}

export async function signAccessToken(
  deps: AppDeps,
  claims: { uid: number; familyId: string; fresh: boolean; adminUsername?: string },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload: AccessClaims = {
    sub: String(claims.uid),
    fam: claims.familyId,
    fresh: claims.fresh,
    ...(claims.adminUsername ? { adm: claims.adminUsername } : {}),
    iat: now,
    exp: now + deps.config.accessTokenTtlSeconds,
  };
  return sign({ ...payload }, await signingKey(deps), 'HS256');
}

export type AccessTokenState =
  { state: 'valid'; claims: AccessClaims } | { state: 'missing' | 'expired' | 'invalid' };

export async function readAccessToken(c: Context<AppEnv>): Promise<AccessTokenState> {
  const token = readCookie(c, ACCESS_COOKIE);
  if (!token) return { state: 'missing' };
  try {
    const payload = await verify(token, await signingKey(c.var.deps), 'HS256');
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.fam !== 'string' ||
      typeof payload.fresh !== 'boolean'
    ) {
      return { state: 'invalid' };
    }
    return { state: 'valid', claims: payload as unknown as AccessClaims };
  } catch (error) {
    return { state: error instanceof JwtTokenExpired ? 'expired' : 'invalid' };
  }
}

export async function startFamily(
  db: Executor,
  options: { uid: number; proxyAdminUid?: number; parentFamilyId?: string },
): Promise<string> {
  const id = randomToken();
  await db.insert(refreshFamilies).values({
    id,
    uid: options.uid,
    proxyAdminUid: options.proxyAdminUid ?? null,
    parentFamilyId: options.parentFamilyId ?? null,
  });
  return id;
}

export async function issueRefreshToken(
  db: Executor,
  familyId: string,
  ttlSeconds: number,
): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    familyId,
    tokenHash: digest(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

export async function revokeFamily(db: Executor, familyId: string, reason: string) {
  await db
    .update(refreshFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshFamilies.id, familyId), isNull(refreshFamilies.revokedAt)));
}

/** Revokes every live family of a user, except `keepFamilyId` (the session making the change). */
export async function revokeUserFamilies(
  db: Executor,
  uid: number,
  reason: string,
  keepFamilyId?: string,
) {
  await db
    .update(refreshFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(refreshFamilies.uid, uid),
        isNull(refreshFamilies.revokedAt),
        keepFamilyId ? ne(refreshFamilies.id, keepFamilyId) : undefined,
      ),
    );
}

/** Marks a family's outstanding refresh tokens used (a newer cookie replaces them). */
export async function supersedeFamilyTokens(db: Executor, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.usedAt)));
}

export type Family = typeof refreshFamilies.$inferSelect;

export type RotationResult =
  | { outcome: 'rotated'; family: Family; token: string }
  | { outcome: 'unknown' | 'expired' | 'revoked' | 'reused'; family?: Family };

/** Uses a refresh token up and issues its successor in the same family. */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  ttlSeconds: number,
): Promise<RotationResult> {
  const [row] = await db
    .select({ token: refreshTokens, family: refreshFamilies })
    .from(refreshTokens)
    .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, digest(presented)));
  if (!row) return { outcome: 'unknown' };
  const { token, family } = row;
  if (family.revokedAt) return { outcome: 'revoked', family };
  if (token.usedAt) {
    await revokeFamily(db, family.id, 'reuse');
    return { outcome: 'reused', family };
  }
  if (token.expiresAt <= new Date()) return { outcome: 'expired', family };
  return db.transaction(async (tx) => {
    const used = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (used.length === 0) {
      // Another request used it a moment ago: that is re-use too.
      await revokeFamily(tx, family.id, 'reuse');
      return { outcome: 'reused', family } as const;
    }
    const next = await issueRefreshToken(tx, family.id, ttlSeconds);
    return { outcome: 'rotated', family, token: next } as const;
  });
}

/** The family a refresh token belongs to, whatever its state. */
export async function familyOfRefreshToken(db: Executor, presented: string) {
  const [row] = await db
    .select({ family: refreshFamilies, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, digest(presented)));
  return row;
}

export async function findFamily(db: Executor, familyId: string): Promise<Family | undefined> {
  const [family] = await db.select().from(refreshFamilies).where(eq(refreshFamilies.id, familyId));
  return family;
}

/**
 * Sets the session cookies (HttpOnly, SameSite=Strict; `__Host-` and Secure over HTTPS). With
 * `persistent` false they are browser-session cookies. The access cookie outlives its token so
 * that an expired token is reported as expired (and refreshed) rather than as missing. Beside them
 * goes the session hint cookie (readable by scripts, no secret in it), cleared with them.
 */
export function setSessionCookies(
  c: Context<AppEnv>,
  tokens: { access: string; refresh?: string },
  persistent: boolean,
) {
  const maxAge = persistent ? c.var.deps.config.refreshTokenTtlSeconds : undefined;
  writeCookie(c, ACCESS_COOKIE, tokens.access, { httpOnly: true, maxAge });
  if (tokens.refresh) writeCookie(c, REFRESH_COOKIE, tokens.refresh, { httpOnly: true, maxAge });
  // Tells the page that a session exists, without giving scripts the tokens.
  writeCookie(c, SESSION_HINT_COOKIE_NAME, '1', { httpOnly: false, maxAge });
}

export function clearSessionCookies(c: Context<AppEnv>) {
  clearCookie(c, ACCESS_COOKIE);
  clearCookie(c, REFRESH_COOKIE);
  clearCookie(c, SESSION_HINT_COOKIE_NAME);
}

export function readRefreshCookie(c: Context<AppEnv>): string | undefined {
  return readCookie(c, REFRESH_COOKIE);
}
