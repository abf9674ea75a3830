/** Checking a username and password, and starting or renewing a session. */
import type { Context } from 'hono';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { SESSION_MESSAGES } from '#shared/session/messages';
import type { SessionUser } from '#shared/session/types';
import { activitySubject } from '../activity/record.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { findUserByUsername, type UserRow } from './accounts.ts';
import { audit } from './audit.ts';
import { clientAddress } from './client-address.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import {
  customerRequiresSecondFactor,
  proveSecondFactor,
  secondFactorFailed,
  secondFactorOf,
  secondFactorRequired,
  setupRequired,
  startTotp,
  turnOnTotp,
} from './mfa.ts';
import { LIMITS, consume, giveBack } from './rate-limit.ts';
import { authenticationOptions, passkeyCount, provePasskey } from './webauthn.ts';
import { sessionUser } from './session.ts';
import {
  familyOfRefreshToken,
  issueRefreshToken,
  readRefreshCookie,
  revokeFamily,
  setSessionCookies,
  signAccessToken,
  startFamily,
} from './tokens.ts';

/** Verifies a stored hash, upgrading it when it was made with older parameters. */
export async function checkPassword(db: Executor, user: UserRow, password: string) {
  const ok = await verifyPassword(user.passwordHash, password);
  if (ok && needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.uid, user.uid));
  }
  return ok;
}

/**
 * The user with this username and password. Unknown usernames and wrong passwords fail alike, in
 * wording and in time. Every attempt first takes its unit from the per-username and per-address
 * limits, and is refused (429, the password not checked at all) when either is over; a correct
 * login gives its units back, so only failures count.
 */
export async function authenticate(
  c: Context<AppEnv>,
  username: string,
  password: string,
): Promise<UserRow> {
  const { db } = c.var.deps.database;
  const consumed = await consume(db, [
    [LIMITS.loginPerUsername, username],
    [LIMITS.loginPerAddress, clientAddress(c)],
  ]);
  const user = await findUserByUsername(db, username);
  const ok = user ? await checkPassword(db, user, password) : await verifyAgainstDummy(password);
  if (!user || !ok) {
    // The activity log records the refusal for the login it names (activity/record.ts).
    if (user) activitySubject(c, user);
    await audit(c, { event: 'login_failed', actor: username, username, status: 401 });
    throw unauthorized(SESSION_MESSAGES.loginFailedTitle, SESSION_MESSAGES.loginFailed);
  }
  await giveBack(db, consumed);
  return user;
}

/** What the second step of a login did. */
export interface SecondStep {
  /** The factor used, when the login has a second factor. */
  used: 'totp' | 'recovery' | 'passkey' | null;
  /** The new recovery codes, when the login set up its factor just now (shown once). */
  recoveryCodes: string[] | null;
}

/**
 * The step after a right password (docs/session.md "Second factor"):
 *
 * - the login's second factor is on (an authenticator app, passkeys, or both): without `otp` or
 *   `webauthn`, 401 `Second Factor Required` naming the login's `methods` (no tokens); with a
 *   code, it is checked (proveSecondFactor: rate-limited, each code once); with a passkey's
 *   assertion, that is (provePasskey: rate-limited, each challenge once, the login's own passkey);
 * - it is off but the customer requires one (`setup`, logins only): without `otp`, 401
 *   `Second Factor Setup Required` carrying the authenticator account to add (the same one until
 *   it is confirmed); with it, the code confirms that account and the login goes on, answering
 *   the new recovery codes once;
 * - otherwise the password was enough.
 */
export async function secondStep(
  c: Context<AppEnv>,
  user: UserRow,
  proof: { otp?: string; webauthn?: AuthenticationResponseJSON },
  options: { setup: boolean; actor?: string },
): Promise<SecondStep> {
  const { deps } = c.var;
  const { db } = deps.database;
  const { otp } = proof;
  const factor = await secondFactorOf(db, user.uid);
  const hasPasskeys = (await passkeyCount(db, user.uid)) > 0;
  if (factor?.confirmedAt || hasPasskeys) {
    if (proof.webauthn !== undefined) {
      await provePasskey(c, user, proof.webauthn, { actor: options.actor });
      return { used: 'passkey', recoveryCodes: null };
    }
    if (otp === undefined) {
      throw secondFactorRequired(
        [
          ...(factor?.confirmedAt ? (['totp'] as const) : []),
          ...(hasPasskeys ? (['passkey'] as const) : []),
        ],
        hasPasskeys ? await authenticationOptions(deps, user) : undefined,
      );
    }
    // A login with passkeys only has no code to check (a pending app's code never counts).
    if (!factor?.confirmedAt) throw secondFactorFailed();
    const used = await proveSecondFactor(c, user, factor, otp, {
      recovery: true,
      actor: options.actor,
    });
    return { used, recoveryCodes: null };
  }
  if (!options.setup || !(await customerRequiresSecondFactor(db, user.cid))) {
    return { used: null, recoveryCodes: null };
  }
  if (otp === undefined || !factor) {
    throw setupRequired(await startTotp(deps, user, { keepPending: true }));
  }
  return turnOnTotp(c, user, factor, otp, { at: 'login' });
}

/** Starts a new family for the user, sets the cookies (fresh access token), answers the user. */
export async function startSession(
  c: Context<AppEnv>,
  user: UserRow,
  persistent: boolean,
  /** Runs in the transaction that starts the session (the activity log's entry). */
  withSession?: (tx: Executor) => Promise<unknown>,
): Promise<SessionUser> {
  const { deps } = c.var;
  const { db } = deps.database;
  // A login replaces the session this browser had: end it.
  const previous = readRefreshCookie(c);
  if (previous) {
    const old = await familyOfRefreshToken(db, previous);
    if (old) await revokeFamily(db, old.family.id, 'replaced');
  }
  const { familyId, refresh } = await db.transaction(async (tx) => {
    const familyId = await startFamily(tx, { uid: user.uid });
    const refresh = await issueRefreshToken(tx, familyId, deps.config.refreshTokenTtlSeconds);
    await withSession?.(tx);
    return { familyId, refresh };
  });
  const access = await signAccessToken(deps, { uid: user.uid, familyId, fresh: true });
  setSessionCookies(c, { access, refresh }, persistent);
  return sessionUser(user);
}
