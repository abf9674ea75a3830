/**
 * The second factor's endpoints (docs/api.md "Second factor", docs/session.md "Second factor"):
 * a login's own authenticator app and recovery codes, the customer's rule (its primary admin), and
 * a site admin's reset after the support check. Access rules are in src/server/session/endpoints.ts:
 * every change needs a fresh access token; turning the factor off and making new recovery codes
 * also need a current code of the factor itself.
 */
import type { Hono } from 'hono';
import { asc, eq, sql } from 'drizzle-orm';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import {
  ConfirmTotpSchema,
  SecondFactorPolicySchema,
  SecondFactorProofSchema,
  SecondFactorResetSchema,
} from '#shared/session/schemas';
import type {
  RecoveryCodesResponse,
  SecondFactorStatus,
  SecondFactorUsers,
  TotpSetup,
} from '#shared/session/second-factor';
import type { UserSecondFactors } from '#shared/session/passkeys';
import type { MessageResponse } from '#shared/session/types';
import { recordActivity, recordingDeps } from '../activity/record.ts';
import { findUserByUsername } from './accounts.ts';
import { audit } from './audit.ts';
import {
  confirmedFactorOf,
  customerRequiresSecondFactor,
  proveSecondFactor,
  removeEverySecondFactor,
  removeSecondFactor,
  replaceRecoveryCodes,
  secondFactorOf,
  setCustomerRequirement,
  startTotp,
  turnOnTotp,
  unusedRecoveryCodes,
} from './mfa.ts';
import { requireSession, type Session } from './session.ts';
import { passkeyCount, passkeyOf, passkeysOf } from './webauthn.ts';
import { registerPasskeyRoutes } from './passkey-routes.ts';
import { revokeUserFamilies } from './tokens.ts';
import type { AppEnv } from '../context.ts';
import { passkeys, secondFactors, users } from '../db/schema.ts';
import { ApiError, conflict, forbidden, notFound } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';

const M = SECOND_FACTOR_MESSAGES;

/** The login's own factor is the login's: an admin acting as the customer does not change it. */
function ownSession(session: Session): Session {
  if (session.proxy) {
    throw forbidden(
      'A second factor is changed by its own login, not while acting as a customer.',
      'Not while acting as a customer',
    );
  }
  return session;
}

/** 403 `Primary admin only` unless the caller is the customer's primary admin. */
function primaryAdmin(session: Session): Session {
  if (!session.user.primaryAdmin) {
    throw new ApiError(403, M.primaryAdminOnlyTitle, M.primaryAdminOnly);
  }
  return session;
}

export function registerMfaRoutes(api: Hono<AppEnv>) {
  api.get('/auth/mfa', async (c) => {
    const { user } = await requireSession(c);
    const { db } = c.var.deps.database;
    const factor = await secondFactorOf(db, user.uid);
    return c.json({
      totp: factor?.confirmedAt ? 'on' : factor ? 'pending' : 'off',
      recovery_codes_left: factor?.confirmedAt ? await unusedRecoveryCodes(db, user.uid) : 0,
      required: await customerRequiresSecondFactor(db, user.cid),
      can_require: user.primaryAdmin,
      passkeys: await passkeyCount(db, user.uid),
    } satisfies SecondFactorStatus);
  });

  registerPasskeyRoutes(api);

  api.post('/auth/mfa/totp', async (c) => {
    const { user } = ownSession(await requireSession(c));
    // Recorded in the transaction that stores the new secret.
    const recorded = recordingDeps(c, {
      entry: () => ({ action: 'mfa.totp.start', summary: ACTIVITY_WORDS.totpStarted }),
    });
    const setup = await startTotp(recorded, user);
    return c.json(setup satisfies TotpSetup);
  });

  api.post('/auth/mfa/totp/confirm', async (c) => {
    const { user } = ownSession(await requireSession(c));
    const body = await readJson(c, ConfirmTotpSchema);
    const { deps } = c.var;
    const factor = await secondFactorOf(deps.database.db, user.uid);
    if (!factor) throw conflict(M.notPending);
    if (factor.confirmedAt) throw conflict(M.alreadyOn);
    const { recoveryCodes } = await turnOnTotp(c, user, factor, body.code);
    return c.json({ recovery_codes: recoveryCodes } satisfies RecoveryCodesResponse);
  });

  api.delete('/auth/mfa/totp', async (c) => {
    const { user } = ownSession(await requireSession(c));
    const body = await readJson(c, SecondFactorProofSchema);
    const { db } = c.var.deps.database;
    const factor = await confirmedFactorOf(db, user.uid);
    await proveSecondFactor(c, user, factor, body.code, { recovery: true });
    await db.transaction(async (tx) => {
      await removeSecondFactor(tx, user.uid);
      await recordActivity(tx, c, { action: 'mfa.totp.off', summary: ACTIVITY_WORDS.totpOff });
    });
    await audit(c, {
      event: 'second_factor_off',
      actor: user.username,
      username: user.username,
      cid: user.cid,
      status: 200,
    });
    return c.json({ msg: M.turnedOff } satisfies MessageResponse);
  });

  api.post('/auth/mfa/recovery_codes', async (c) => {
    const { user } = ownSession(await requireSession(c));
    const body = await readJson(c, SecondFactorProofSchema);
    const { deps } = c.var;
    const factor = await confirmedFactorOf(deps.database.db, user.uid);
    await proveSecondFactor(c, user, factor, body.code, { recovery: true });
    const codes = await deps.database.db.transaction(async (tx) => {
      const made = await replaceRecoveryCodes(deps, tx, user.uid);
      await recordActivity(tx, c, {
        action: 'mfa.recovery_codes',
        summary: ACTIVITY_WORDS.recoveryCodes,
      });
      return made;
    });
    await audit(c, {
      event: 'recovery_codes_replaced',
      actor: user.username,
      username: user.username,
      cid: user.cid,
      status: 200,
    });
    return c.json({ recovery_codes: codes } satisfies RecoveryCodesResponse);
  });

  api.get('/auth/mfa/users', async (c) => {
    const { user } = primaryAdmin(await requireSession(c));
    const { db } = c.var.deps.database;
    const rows = await db
      .select({
        username: users.username,
        confirmedAt: secondFactors.confirmedAt,
        passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.uid} = ${users.uid})`,
      })
      .from(users)
      .leftJoin(secondFactors, eq(secondFactors.uid, users.uid))
      .where(eq(users.cid, user.cid))
      .orderBy(asc(users.username));
    return c.json({
      users: rows.map((row) => ({
        username: row.username,
        second_factor: !!row.confirmedAt || row.passkeys > 0,
      })),
    } satisfies SecondFactorUsers);
  });

  api.put('/auth/mfa/policy', async (c) => {
    const session = primaryAdmin(await requireSession(c));
    const body = await readJson(c, SecondFactorPolicySchema);
    const { user } = session;
    await c.var.deps.database.db.transaction(async (tx) => {
      await setCustomerRequirement(tx, user.cid, body.required);
      await recordActivity(tx, c, {
        action: 'mfa.policy',
        summary: ACTIVITY_WORDS.policy(body.required),
      });
    });
    await audit(c, {
      event: 'second_factor_policy',
      actor: session.proxy?.admin.username ?? user.username,
      username: user.username,
      cid: user.cid,
      status: 200,
      detail: { required: body.required },
    });
    return c.json({ msg: body.required ? M.policyOn : M.policyOff } satisfies MessageResponse);
  });

  api.get('/admin/users/:username/second_factor', async (c) => {
    await requireSession(c);
    const { db } = c.var.deps.database;
    const username = c.req.param('username').toLowerCase();
    const target = username.length <= 200 ? await findUserByUsername(db, username) : undefined;
    if (!target) throw notFound(M.userNotFound);
    const factor = await secondFactorOf(db, target.uid);
    return c.json({
      username: target.username,
      cid: target.cid,
      primary_admin: target.primaryAdmin,
      totp: factor?.confirmedAt ? 'on' : factor ? 'pending' : 'off',
      recovery_codes_left: factor?.confirmedAt ? await unusedRecoveryCodes(db, target.uid) : 0,
      passkeys: (await passkeysOf(db, target.uid)).map(passkeyOf),
    } satisfies UserSecondFactors);
  });

  api.delete('/admin/users/:username/second_factor', async (c) => {
    const { user: admin } = await requireSession(c);
    const body = await readJson(c, SecondFactorResetSchema);
    const { db } = c.var.deps.database;
    const username = c.req.param('username').toLowerCase();
    const target = username.length <= 200 ? await findUserByUsername(db, username) : undefined;
    if (!target) throw notFound(M.userNotFound);
    await db.transaction(async (tx) => {
      if (!(await removeEverySecondFactor(tx, target.uid))) throw conflict(M.notOn);
      // Whoever held the lost factor's sessions must log in again.
      await revokeUserFamilies(tx, target.uid, 'second_factor_reset');
      await recordActivity(tx, c, {
        user: target,
        admin: admin.username,
        action: 'mfa.reset',
        summary: ACTIVITY_WORDS.secondFactorReset(target.username),
      });
    });
    await audit(c, {
      event: 'second_factor_reset',
      actor: admin.username,
      username: target.username,
      cid: target.cid,
      status: 200,
      detail: { verified_by: body.verified_by },
    });
    return c.json({ msg: M.resetDone } satisfies MessageResponse);
  });
}
