/** Changing a password (logged in, or from an emailed link) and recovering a username. */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import { PASSWORD_MESSAGES } from '#shared/messages/account';
import { SESSION_MESSAGES } from '#shared/session/messages';
import { newPasswordProblems, quickPasswordProblems } from '#shared/password';
import type { MessageResponse } from '#shared/session/types';
import {
  PasswordRecoverySchema,
  PasswordResetSchema,
  UpdatePasswordSchema,
  UsernameRecoverySchema,
} from '#shared/session/schemas';
import { activitySubject, recordActivity, requestOrigin } from '../activity/record.ts';
import { contactOf, type UserRow } from './accounts.ts';
import { audit } from './audit.ts';
import { clientAddress } from './client-address.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { LIMITS, clearLimit, consume, giveBack } from './rate-limit.ts';
import { findResetLink, useResetLink } from './recovery.ts';
import { requireSession } from './session.ts';
import { revokeUserFamilies } from './tokens.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { ApiError, validationFailed } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';
import { startJob } from '../jobs/enqueue.ts';

const linkExpired = () =>
  new ApiError(400, SESSION_MESSAGES.linkExpiredTitle, SESSION_MESSAGES.linkExpired);

/** Words that make a password easy to guess for this user. */
async function userInputsOf(db: Executor, user: UserRow): Promise<string[]> {
  const contact = await contactOf(db, user.contactId);
  return [user.username, contact?.firstName, contact?.lastName, contact?.email].filter(
    (word): word is string => Boolean(word),
  );
}

async function setPassword(tx: Executor, uid: number, password: string) {
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date() })
    .where(eq(users.uid, uid));
}

export function registerTokenRoutes(api: Hono<AppEnv>) {
  api.post('/token/password_reset', async (c) => {
    const session = await requireSession(c);
    const { db } = c.var.deps.database;
    const body = await readJson(c, PasswordResetSchema);
    const quick = quickPasswordProblems({
      password: body.new_password,
      currentPassword: body.old_password,
    });
    if (quick.current || quick.password) {
      throw validationFailed({
        ...(quick.current ? { old_password: quick.current } : {}),
        ...(quick.password ? { new_password: quick.password } : {}),
      });
    }
    const { user } = session;
    const consumed = await consume(db, [[LIMITS.reauthPerUser, String(user.uid)]]);
    if (!(await verifyPassword(user.passwordHash, body.old_password))) {
      throw validationFailed({ old_password: SESSION_MESSAGES.currentPasswordWrong });
    }
    await giveBack(db, consumed);
    const strength = await newPasswordProblems({
      password: body.new_password,
      userInputs: await userInputsOf(db, user),
    });
    if (strength.password) throw validationFailed({ new_password: strength.password });
    await db.transaction(async (tx) => {
      await setPassword(tx, user.uid, body.new_password);
      // Other browsers logged in as this user must log in again.
      await revokeUserFamilies(tx, user.uid, 'password_changed', session.familyId);
      await recordActivity(tx, c, {
        action: 'password.change',
        summary: ACTIVITY_WORDS.passwordChanged,
      });
    });
    await audit(c, {
      event: 'password_changed',
      actor: session.proxy?.admin.username ?? user.username,
      username: user.username,
      cid: user.cid,
      status: 200,
    });
    return c.json({ msg: SESSION_MESSAGES.passwordChanged } satisfies MessageResponse);
  });

  api.post('/token/username_recovery', async (c) => {
    const { db } = c.var.deps.database;
    const body = await readJson(c, UsernameRecoverySchema);
    await consume(db, [
      [LIMITS.recoveryPerAddress, clientAddress(c)],
      [LIMITS.recoveryPerTarget, `email:${body.email}`],
    ]);
    await audit(c, { event: 'username_recovery', status: 200, detail: { email: body.email } });
    const { deps } = c.var;
    await startJob(deps, 'recovery.username', {
      email: body.email,
      ...requestOrigin(c),
      runKey: randomUUID(),
    });
    return c.json({ msg: SESSION_MESSAGES.usernameRecoverySent } satisfies MessageResponse);
  });

  api.post('/token/password_recovery', async (c) => {
    const { db } = c.var.deps.database;
    const body = await readJson(c, PasswordRecoverySchema);
    await consume(db, [
      [LIMITS.recoveryPerAddress, clientAddress(c)],
      [LIMITS.recoveryPerTarget, `user:${body.username}`],
    ]);
    await audit(c, { event: 'password_recovery', username: body.username, status: 200 });
    const { deps } = c.var;
    await startJob(deps, 'recovery.password', {
      username: body.username,
      ...requestOrigin(c),
      runKey: randomUUID(),
    });
    return c.json({ msg: SESSION_MESSAGES.passwordRecoverySent } satisfies MessageResponse);
  });

  api.post('/token/update_password/:url', async (c) => {
    const { db } = c.var.deps.database;
    await consume(db, [[LIMITS.recoveryPerAddress, clientAddress(c)]]);
    const body = await readJson(c, UpdatePasswordSchema);
    const token = c.req.param('url');
    const found = token.length <= 100 ? await findResetLink(db, token) : undefined;
    if (!found) throw linkExpired();
    const { link, user } = found;
    activitySubject(c, user);
    if (body.username !== user.username) {
      throw validationFailed({ username: SESSION_MESSAGES.usernameMismatch });
    }
    const problems = await newPasswordProblems({
      password: body.password,
      userInputs: await userInputsOf(db, user),
    });
    if (problems.password) throw validationFailed({ password: problems.password });
    if (await verifyPassword(user.passwordHash, body.password)) {
      throw validationFailed({ password: PASSWORD_MESSAGES.mustDiffer });
    }
    await db.transaction(async (tx) => {
      if (!(await useResetLink(tx, link.id, user.uid))) throw linkExpired();
      await setPassword(tx, user.uid, body.password);
      await revokeUserFamilies(tx, user.uid, 'password_reset');
      await recordActivity(tx, c, {
        user,
        action: 'password.recover',
        summary: ACTIVITY_WORDS.passwordSetByLink,
      });
    });
    await clearLimit(db, LIMITS.loginPerUsername, user.username);
    await audit(c, {
      event: 'password_reset',
      actor: user.username,
      username: user.username,
      cid: user.cid,
      status: 200,
    });
    return c.json({ msg: SESSION_MESSAGES.passwordUpdated } satisfies MessageResponse);
  });
}
