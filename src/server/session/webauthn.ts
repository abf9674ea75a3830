/**
 * Passkeys (WebAuthn) as a second factor (docs/session.md "Passkeys"), with
 * `@simplewebauthn/server` 13:
 *
 * - Challenges live in the database (`webauthn_challenges`), never in a process: each is used
 *   once (deleted by the request that presents it, before anything is verified, so a replay finds
 *   nothing) and refused after PASSKEYS.challengeSeconds. Every challenge is bound to the login it
 *   was made for: a login's challenge comes with its `401 Second Factor Required`, after the right
 *   password, so nobody without the password makes the server store one.
 * - The relying party's id and the accepted origins come from the configuration (WEBAUTHN_RP_ID,
 *   WEBAUTHN_ORIGINS, else PUBLIC_URL or the listening address).
 * - The assertion's credential must be one of the login's own (looked up by credential id AND
 *   login), so one login's passkey never stands in for another's.
 * - The signature counter moves forward by one conditional UPDATE; an assertion whose counter does
 *   not (when the authenticator keeps one) is refused.
 * - Each assertion checked first takes a unit of the login's `secondFactorPerUser` limit, like a
 *   code; a right one gives it back.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEYS } from '#shared/session/constants';
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import type { Passkey } from '#shared/session/passkeys';
import type { AppDeps, AppEnv } from '../context.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { passkeys, webauthnChallenges } from '../db/schema.ts';
import { ApiError, conflict, unauthorized } from '../http/errors.ts';
import { linkOrigin } from '../mail/links.ts';
import type { UserRow } from './accounts.ts';
import { audit } from './audit.ts';
import { LIMITS, consume, giveBack } from './rate-limit.ts';

const M = PASSKEY_MESSAGES;

/**
 * `@simplewebauthn/server` loads on the first passkey request: some 3 MiB of heap that a server
 * whose logins use no passkey would otherwise hold from its start (docs/architecture.md "Memory").
 */
const simpleWebAuthn = () => import('@simplewebauthn/server');
const base64Url = async () => (await import('@simplewebauthn/server/helpers')).isoBase64URL;

export type PasskeyRow = typeof passkeys.$inferSelect;

/** 400 `Passkey not accepted` (a registration that does not verify). */
const notVerified = () => new ApiError(400, M.notVerifiedTitle, M.notVerified);

/** 401 `Passkey not accepted` (an assertion that does not verify). */
export const passkeyFailed = () => unauthorized(M.notVerifiedTitle, M.notVerified);

/**
 * The relying party: its id and the origins a page may ask from. Without WEBAUTHN_ORIGINS and
 * PUBLIC_URL (a development or test server), `http://localhost:PORT`: WebAuthn takes no IP
 * address as a relying party id, and browsers treat localhost as a secure origin.
 */
export function relyingParty(config: Config): { rpId: string; origins: string[] } {
  const origins = config.webauthnOrigins ?? [
    config.publicUrl ? linkOrigin(config) : `http://localhost:${config.port}`,
  ];
  const rpId = config.webauthnRpId ?? new URL(origins[0]!).hostname;
  return { rpId, origins };
}

export function passkeyOf(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function passkeysOf(db: Executor, uid: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.uid, uid)).orderBy(passkeys.id);
}

export async function passkeyCount(db: Executor, uid: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.uid, uid));
  return row?.n ?? 0;
}

/** Stores a new challenge (and drops the expired ones). */
async function storeChallenge(
  deps: AppDeps,
  challenge: string,
  purpose: 'register' | 'authenticate',
  uid: number,
) {
  const { db } = deps.database;
  const now = deps.clock.now();
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    uid,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSKEYS.challengeSeconds * 1000),
  });
}

/** The challenge a browser's answer signed (from its client data), or null. */
async function challengeIn(clientDataJSON: string): Promise<string | null> {
  const isoBase64URL = await base64Url();
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200
      ? data.challenge
      : null;
  } catch {
    return null;
  }
}

/**
 * Uses a challenge up: true when it was handed out for this purpose and this login,
 * is not expired and was not used before. One DELETE … RETURNING: of two requests presenting it,
 * one at most finds it.
 */
async function takeChallenge(
  deps: AppDeps,
  challenge: string | null,
  purpose: 'register' | 'authenticate',
  uid: number,
): Promise<boolean> {
  if (!challenge) return false;
  const taken = await deps.database.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, deps.clock.now()),
        eq(webauthnChallenges.uid, uid),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken.length === 1;
}

/** The user handle the login's passkeys carry: stable per login, not its database id. */
function userHandle(rpId: string, uid: number): Uint8Array<ArrayBuffer> {
  const digest = createHash('sha256').update(`passkey-user:${rpId}:${uid}`).digest();
  return new Uint8Array(digest.subarray(0, 16));
}

/** POST /auth/mfa/webauthn/register/options: a creation request for the login. */
export async function registrationOptions(
  deps: AppDeps,
  user: UserRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpId } = relyingParty(deps.config);
  const existing = await passkeysOf(deps.database.db, user.uid);
  if (existing.length >= PASSKEYS.maxPerLogin) throw conflict(M.tooMany);
  const { generateRegistrationOptions } = await simpleWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: deps.config.productName,
    rpID: rpId,
    userName: user.username,
    userID: userHandle(rpId, user.uid),
    attestationType: 'none',
    timeout: PASSKEYS.challengeSeconds * 1000,
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(deps, options.challenge, 'register', user.uid);
  return options;
}

/**
 * POST /auth/mfa/webauthn/register/verify: the browser's answer checked against the login's own
 * challenge (used up first), the expected origin and relying party; the passkey stored under its
 * name. 400 when it does not verify, 409 when the credential is registered already.
 */
export async function registerPasskey(
  deps: AppDeps,
  user: UserRow,
  name: string,
  response: RegistrationResponseJSON,
): Promise<PasskeyRow> {
  const { rpId, origins } = relyingParty(deps.config);
  const challenge = await challengeIn(response.response.clientDataJSON);
  if (!(await takeChallenge(deps, challenge, 'register', user.uid))) throw notVerified();
  let info;
  try {
    const { verifyRegistrationResponse } = await simpleWebAuthn();
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge!,
      expectedOrigin: origins,
      expectedRPID: rpId,
      requireUserVerification: false,
    });
    if (!result.verified) throw notVerified();
    info = result.registrationInfo;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw notVerified();
  }
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    if ((await passkeyCount(tx, user.uid)) >= PASSKEYS.maxPerLogin) throw conflict(M.tooMany);
    const [row] = await tx
      .insert(passkeys)
      .values({
        uid: user.uid,
        credentialId: info.credential.id,
        publicKey: (await base64Url()).fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        name,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw conflict(M.alreadyRegistered);
    return row;
  });
}

/**
 * A request any of the login's passkeys answers (POST /auth/mfa/webauthn/authenticate/options,
 * and the `webauthn` of a `401 Second Factor Required`).
 */
export async function authenticationOptions(
  deps: AppDeps,
  user: UserRow,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpId } = relyingParty(deps.config);
  const own = await passkeysOf(deps.database.db, user.uid);
  const { generateAuthenticationOptions } = await simpleWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rpId,
    userVerification: 'preferred',
    timeout: PASSKEYS.challengeSeconds * 1000,
    allowCredentials: own.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransportFuture[],
    })),
  });
  await storeChallenge(deps, options.challenge, 'authenticate', user.uid);
  return options;
}

/**
 * Checks a passkey's assertion for the login (the second factor at login, at a fresh
 * re-authentication, or removing the last passkey): counted against the login's limit first (429
 * over it), the challenge used up, the credential one of the login's own, the signature, origin
 * and relying party verified and the counter moved forward. A refusal is 401 `Passkey not
 * accepted`, audited; a right one gives its unit back and marks the passkey used.
 */
export async function provePasskey(
  c: Context<AppEnv>,
  user: UserRow,
  assertion: AuthenticationResponseJSON,
  options: { actor?: string } = {},
): Promise<PasskeyRow> {
  const { deps } = c.var;
  const { db } = deps.database;
  const consumed = await consume(db, [[LIMITS.secondFactorPerUser, String(user.uid)]]);
  const passkey = await checkAssertion(deps, user, assertion);
  if (!passkey) {
    await audit(c, {
      event: 'second_factor_failed',
      actor: options.actor ?? user.username,
      username: user.username,
      cid: user.cid,
      status: 401,
      detail: { second_factor: 'passkey' },
    });
    throw passkeyFailed();
  }
  await giveBack(db, consumed);
  return passkey;
}

async function checkAssertion(
  deps: AppDeps,
  user: UserRow,
  assertion: AuthenticationResponseJSON,
): Promise<PasskeyRow | null> {
  const { rpId, origins } = relyingParty(deps.config);
  const { db } = deps.database;
  const challenge = await challengeIn(assertion.response.clientDataJSON);
  if (!(await takeChallenge(deps, challenge, 'authenticate', user.uid))) return null;
  const [passkey] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.uid, user.uid), eq(passkeys.credentialId, assertion.id)));
  if (!passkey) return null;
  let newCounter: number;
  try {
    const { verifyAuthenticationResponse } = await simpleWebAuthn();
    const result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge!,
      expectedOrigin: origins,
      expectedRPID: rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: (await base64Url()).toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return null;
  }
  // The counter moves forward once: a cloned authenticator replaying an older count is refused.
  // An authenticator that keeps no counter (0 then 0) passes on its single-use challenge.
  const [used] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: deps.clock.now() })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
      ),
    )
    .returning();
  return used ?? null;
}
