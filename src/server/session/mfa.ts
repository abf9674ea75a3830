/**
 * The second factor (docs/session.md "Second factor"): an authenticator app (TOTP, RFC 6238 with
 * its defaults, `otplib`) and ten single-use recovery codes per login, and the customer's rule
 * that every login needs one.
 *
 * - A secret is sealed at rest (mfa-crypto.ts); it is pending until a first code confirms it.
 * - A code is accepted at most once: its RFC 6238 time step must be later than the last one
 *   accepted, and the step is moved forward by one conditional UPDATE, so two requests with the
 *   same code (at once, on two instances) cannot both pass. A recovery code is used up the same
 *   way (`used_at` set only where it was null).
 * - Every code checked first takes a unit of the login's `secondFactorPerUser` limit
 *   (rate-limit.ts `consume`, counted in the database before the check): a burst of guesses gets
 *   at most the limit's number checked; a right code gives its unit back.
 * - Time steps are read on the app's clock (`deps.clock`), the real time outside tests.
 */
import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import { SECOND_FACTOR } from '#shared/session/constants';
import { SESSION_MESSAGES } from '#shared/session/messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import {
  RECOVERY_CODE_ALPHABET,
  formatRecoveryCode,
  readSecondFactorCode,
  type TotpSetup,
} from '#shared/session/second-factor';
import { recordingDeps } from '../activity/record.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { customerAuthSettings, passkeys, recoveryCodes, secondFactors } from '../db/schema.ts';
import { ApiError, conflict, unauthorized } from '../http/errors.ts';
import type { UserRow } from './accounts.ts';
import { audit } from './audit.ts';
import { secondFactorKeysFor } from './mfa-crypto.ts';
import { LIMITS, consume, giveBack } from './rate-limit.ts';

export type SecondFactorRow = typeof secondFactors.$inferSelect;

/**
 * 401 `Second Factor Required`, naming the factors the login has (`methods`) and, with passkeys,
 * the request they answer (`webauthn`); a login with passkeys only is asked for one of them
 * (docs/session.md "Passkeys").
 */
export const secondFactorRequired = (
  methods: ('totp' | 'passkey')[] = ['totp'],
  webauthn?: PublicKeyCredentialRequestOptionsJSON,
) =>
  new ApiError(
    401,
    SESSION_MESSAGES.secondFactorRequiredTitle,
    methods.includes('totp') ? SECOND_FACTOR_MESSAGES.required : PASSKEY_MESSAGES.passkeyPrompt,
    { methods, ...(webauthn ? { webauthn } : {}) },
  );

export const secondFactorFailed = () =>
  unauthorized(SESSION_MESSAGES.secondFactorFailedTitle, SECOND_FACTOR_MESSAGES.failed);

/** The login's second factor row, pending or confirmed. */
export async function secondFactorOf(
  db: Executor,
  uid: number,
): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.uid, uid));
  return row;
}

/** Whether the customer requires a second factor of every login. */
export async function customerRequiresSecondFactor(db: Executor, cid: number): Promise<boolean> {
  const [row] = await db
    .select({ required: customerAuthSettings.requireSecondFactor })
    .from(customerAuthSettings)
    .where(eq(customerAuthSettings.cid, cid));
  return row?.required ?? false;
}

export async function setCustomerRequirement(db: Executor, cid: number, required: boolean) {
  await db
    .insert(customerAuthSettings)
    .values({ cid, requireSecondFactor: required })
    .onConflictDoUpdate({
      target: customerAuthSettings.cid,
      set: { requireSecondFactor: required, updatedAt: new Date() },
    });
}

export async function unusedRecoveryCodes(db: Executor, uid: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.uid, uid), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** The QR code of an `otpauth://` URL, as an SVG `data:` URL (qrcode loaded on first use). */
async function qrCodeOf(url: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

async function setupOf(deps: AppDeps, user: UserRow, secret: string): Promise<TotpSetup> {
  const otpauthUrl = generateURI({
    issuer: deps.config.productName,
    label: user.username,
    secret,
    algorithm: SECOND_FACTOR.totpAlgorithm,
    digits: SECOND_FACTOR.totpDigits,
    period: SECOND_FACTOR.totpPeriodSeconds,
  });
  return { secret, otpauth_url: otpauthUrl, qr_code: await qrCodeOf(otpauthUrl) };
}

/**
 * A new pending authenticator secret for the login (replacing a pending one), or 409 when one is
 * confirmed already. With `keepPending`, a pending secret is handed out again rather than replaced
 * (the login asked to set one up shows the same account each time).
 */
export async function startTotp(
  deps: AppDeps,
  user: UserRow,
  options: { keepPending?: boolean } = {},
): Promise<TotpSetup> {
  const { db } = deps.database;
  const keys = await secondFactorKeysFor(deps);
  const existing = await secondFactorOf(db, user.uid);
  if (existing?.confirmedAt) throw conflict(SECOND_FACTOR_MESSAGES.alreadyOn);
  if (existing && options.keepPending) {
    return setupOf(deps, user, keys.open(existing.totpSecretSealed, user.uid));
  }
  const secret = generateSecret({ length: SECOND_FACTOR.totpSecretBytes });
  const sealed = keys.seal(secret, user.uid);
  const now = new Date();
  // One transaction: the activity log's entry (recordingDeps) commits with it or not at all.
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(secondFactors)
      .values({ uid: user.uid, totpSecretSealed: sealed })
      .onConflictDoUpdate({
        target: secondFactors.uid,
        set: { totpSecretSealed: sealed, lastStep: null, updatedAt: now },
        // A factor confirmed meanwhile (another request) is never replaced.
        setWhere: isNull(secondFactors.confirmedAt),
      })
      .returning({ uid: secondFactors.uid });
    if (!row) throw conflict(SECOND_FACTOR_MESSAGES.alreadyOn);
  });
  return setupOf(deps, user, secret);
}

/**
 * The RFC 6238 time step a code matches (the current step or one either side), or null. Read on
 * the app's clock.
 */
async function matchingStep(deps: AppDeps, secret: string, code: string): Promise<number | null> {
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(deps.clock.now().getTime() / 1000),
    epochTolerance: SECOND_FACTOR.totpDriftSteps * SECOND_FACTOR.totpPeriodSeconds,
    period: SECOND_FACTOR.totpPeriodSeconds,
    digits: SECOND_FACTOR.totpDigits,
    algorithm: SECOND_FACTOR.totpAlgorithm,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Accepts a step once: true when it moved the login's last step forward (atomic). */
async function takeStep(db: Executor, uid: number, step: number): Promise<boolean> {
  const moved = await db
    .update(secondFactors)
    .set({ lastStep: step, updatedAt: new Date() })
    .where(
      and(
        eq(secondFactors.uid, uid),
        or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step)),
      ),
    )
    .returning({ uid: secondFactors.uid });
  return moved.length === 1;
}

/** Uses a recovery code up: true when it was the login's and unused (atomic). */
async function useRecoveryCode(deps: AppDeps, uid: number, code: string): Promise<boolean> {
  const keys = await secondFactorKeysFor(deps);
  const used = await deps.database.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.uid, uid),
        eq(recoveryCodes.codeHash, keys.codeDigest(code, uid)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export interface ProofOptions {
  /** Recovery codes count too (not when confirming a new authenticator). */
  recovery: boolean;
  /** For the audit log: who acted (the admin while proxying). */
  actor?: string;
}

/**
 * Checks a second-factor code of the login against its factor (confirmed or, while it is being set
 * up, pending): counted first against the login's limit (429 over it), then the authenticator's
 * code (once per time step) or a recovery code (once). A wrong code is 401 `Code not accepted`
 * and is audited; a right one gives its unit back. Answers what was used.
 */
export async function proveSecondFactor(
  c: Context<AppEnv>,
  user: UserRow,
  factor: SecondFactorRow,
  typed: string,
  options: ProofOptions,
): Promise<'totp' | 'recovery'> {
  const { deps } = c.var;
  const { db } = deps.database;
  const consumed = await consume(db, [[LIMITS.secondFactorPerUser, String(user.uid)]]);
  const code = readSecondFactorCode(typed);
  let ok = false;
  if (code?.kind === 'totp') {
    const keys = await secondFactorKeysFor(deps);
    const step = await matchingStep(deps, keys.open(factor.totpSecretSealed, user.uid), code.code);
    ok = step !== null && (await takeStep(db, user.uid, step));
  } else if (code?.kind === 'recovery' && options.recovery && factor.confirmedAt) {
    ok = await useRecoveryCode(deps, user.uid, code.code);
  }
  if (!ok || !code) {
    await audit(c, {
      event: 'second_factor_failed',
      actor: options.actor ?? user.username,
      username: user.username,
      cid: user.cid,
      status: 401,
    });
    throw secondFactorFailed();
  }
  await giveBack(db, consumed);
  return code.kind;
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < SECOND_FACTOR.recoveryCodeLength; i += 1) {
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return code;
}

/** Replaces the login's recovery codes with new ones; answers them, formatted, once. */
export async function replaceRecoveryCodes(
  deps: AppDeps,
  tx: Executor,
  uid: number,
): Promise<string[]> {
  const keys = await secondFactorKeysFor(deps);
  const codes = new Set<string>();
  while (codes.size < SECOND_FACTOR.recoveryCodeCount) codes.add(newRecoveryCode());
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.uid, uid));
  await tx
    .insert(recoveryCodes)
    .values([...codes].map((code) => ({ uid, codeHash: keys.codeDigest(code, uid) })));
  return [...codes].map(formatRecoveryCode);
}

/**
 * Confirms a pending authenticator with its first code (proved by the caller) and makes the
 * recovery codes, in one transaction; 409 when it was confirmed meanwhile.
 */
export async function confirmTotp(deps: AppDeps, uid: number): Promise<string[]> {
  return deps.database.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(secondFactors)
      .set({ confirmedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(secondFactors.uid, uid), isNull(secondFactors.confirmedAt)))
      .returning({ uid: secondFactors.uid });
    if (confirmed.length !== 1) throw conflict(SECOND_FACTOR_MESSAGES.alreadyOn);
    return replaceRecoveryCodes(deps, tx, uid);
  });
}

/**
 * Turns a pending authenticator on with its first code: the code proved (never a recovery code),
 * the factor confirmed with new recovery codes, and the change audited. Answers what was used and
 * the recovery codes, shown once.
 */
export async function turnOnTotp(
  c: Context<AppEnv>,
  user: UserRow,
  factor: SecondFactorRow,
  code: string,
  detail?: Record<string, unknown>,
): Promise<{ used: 'totp' | 'recovery'; recoveryCodes: string[] }> {
  const used = await proveSecondFactor(c, user, factor, code, { recovery: false });
  // Recorded in the activity log in the transaction that turns it on (docs/activity.md).
  const recoveryCodes = await confirmTotp(
    recordingDeps(c, {
      entry: () => ({ user, action: 'mfa.totp.on', summary: ACTIVITY_WORDS.totpOn }),
    }),
    user.uid,
  );
  await audit(c, {
    event: 'second_factor_on',
    actor: user.username,
    username: user.username,
    cid: user.cid,
    status: 200,
    ...(detail ? { detail } : {}),
  });
  return { used, recoveryCodes };
}

/** Removes the login's authenticator app and its recovery codes; false when it had none. */
export async function removeSecondFactor(db: Executor, uid: number): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.uid, uid));
  const removed = await db
    .delete(secondFactors)
    .where(eq(secondFactors.uid, uid))
    .returning({ uid: secondFactors.uid });
  return removed.length === 1;
}

/**
 * Removes every second factor of the login (a site admin's reset): the authenticator app, its
 * recovery codes and its passkeys; false when it had none.
 */
export async function removeEverySecondFactor(db: Executor, uid: number): Promise<boolean> {
  const app = await removeSecondFactor(db, uid);
  const keys = await db
    .delete(passkeys)
    .where(eq(passkeys.uid, uid))
    .returning({ id: passkeys.id });
  return app || keys.length > 0;
}

/** 409 unless the login's second factor is on; answers its row. */
export async function confirmedFactorOf(db: Executor, uid: number): Promise<SecondFactorRow> {
  const factor = await secondFactorOf(db, uid);
  if (!factor?.confirmedAt) throw conflict(SECOND_FACTOR_MESSAGES.notOn);
  return factor;
}

/** 401 `Second Factor Setup Required` with the authenticator account to add. */
export function setupRequired(setup: TotpSetup): ApiError {
  return new ApiError(
    401,
    SESSION_MESSAGES.secondFactorSetupRequiredTitle,
    SECOND_FACTOR_MESSAGES.setupRequired,
    { setup },
  );
}
