/**
 * Username and password recovery. Answers never tell whether an email or username is known, in
 * wording or in time: the lookup and the email happen after the answer was sent; only the email
 * (in the outbox) tells. Links in them start with PUBLIC_URL or the configured listen address,
 * never a request header. A password link holds 32 random bytes, is stored as a SHA-256
 * digest, works once and for one hour. Within a day of a change of the login's email address, the
 * link goes to the old address (docs/people.md "A login's recovery"). A request for a known login
 * is recorded in its customer's activity log here, in the job, with the mail it queues (never in
 * the request, whose answer must not tell).
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  RECOVERY_EMAIL_CHANGE_HOURS,
  RESET_LINK_VALID_MINUTES,
  WEB_BASE_PATH,
} from '#shared/constants';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import { sameEmail } from '#shared/people/recovery';
import { recordJobActivity, type RequestOrigin } from '../activity/record.ts';
import type { AppDeps } from '../context.ts';
import {
  contacts,
  emailOutbox,
  idempotencyKeys,
  passwordResetTokens,
  recoveryEmailChanges,
  users,
} from '../db/schema.ts';
import type { Executor } from '../db/client.ts';
import { linkOrigin } from '../mail/links.ts';
import { queueMail, queueMails } from '../mail/outbox.ts';
import { passwordRecoveryMail, usernameRecoveryMail } from '../mail/templates.ts';
import { contactOf, findUserByUsername } from './accounts.ts';
import { digest, randomToken } from './tokens.ts';

/**
 * Emails the usernames registered with this address, if any. Run by the `recovery.username` job
 * (jobs/handlers.ts), queued by the request, so that known and unknown addresses answer alike.
 */
export async function sendUsernameReminder(
  deps: AppDeps,
  email: string,
  origin: RequestOrigin = {},
  runKey?: string,
) {
  const { db } = deps.database;
  const rows = await db
    .select({ uid: users.uid, cid: users.cid, username: users.username })
    .from(users)
    .innerJoin(contacts, eq(contacts.contactId, users.contactId))
    .where(sql`lower(${contacts.email}) = lower(${email})`)
    .orderBy(users.username);
  if (rows.length === 0) return;
  const deliver = await db.transaction(async (tx) => {
    if (!(await firstRun(tx, 'recovery.username', runKey))) return () => undefined;
    // Each login named in the email: a security event of its customer.
    for (const user of rows) {
      await recordJobActivity(tx, deps, origin, {
        user,
        action: 'recovery.request',
        summary: ACTIVITY_WORDS.usernameRecoveryRequested,
      });
    }
    return queueMail(
      deps,
      tx,
      usernameRecoveryMail({
        productName: deps.config.productName,
        to: email,
        usernames: rows.map((r) => r.username),
        loginUrl: `${linkOrigin(deps.config)}${WEB_BASE_PATH}/login/`,
      }),
    );
  });
  deliver();
}

/**
 * Emails a password link to a known username with an email on file. Run by the
 * `recovery.password` job (jobs/handlers.ts), queued by the request, so that known and unknown
 * usernames answer alike.
 */
export async function sendPasswordLink(
  deps: AppDeps,
  username: string,
  origin: RequestOrigin = {},
  runKey?: string,
) {
  const { db } = deps.database;
  const user = await findUserByUsername(db, username);
  if (!user) return;
  const requested = (tx: Executor) =>
    recordJobActivity(tx, deps, origin, {
      user,
      action: 'recovery.request',
      summary: ACTIVITY_WORDS.recoveryRequested,
    });
  const contact = await contactOf(db, user.contactId);
  if (!contact?.email) {
    await db.transaction(async (tx) => {
      if (await firstRun(tx, 'recovery.password', runKey)) await requested(tx);
    });
    return;
  }
  const recipients = await passwordLinkRecipients(db, deps.clock.now(), user.uid, contact.email);
  const token = randomToken();
  const deliver = await db.transaction(async (tx) => {
    if (!(await firstRun(tx, 'recovery.password', runKey))) return () => undefined;
    await requested(tx);
    await tx.insert(passwordResetTokens).values({
      tokenHash: digest(token),
      uid: user.uid,
      expiresAt: new Date(Date.now() + RESET_LINK_VALID_MINUTES * 60_000),
    });
    return queueMails(
      deps,
      tx,
      recipients.map((to) =>
        passwordRecoveryMail({
          productName: deps.config.productName,
          to,
          username: user.username,
          link: `${linkOrigin(deps.config)}${WEB_BASE_PATH}/password-update/${token}`,
          validMinutes: RESET_LINK_VALID_MINUTES,
        }),
      ),
    );
  });
  deliver();
}

/**
 * Whether this is the first run of the request `runKey` (the key its job was queued with): the
 * key is written in the run's own transaction, with the email it queues, so that a run again after
 * that transaction committed (an instance killed before it could mark the job done) sends nothing
 * twice, and a run at the same time waits for the first and then sends nothing. Without a key (a
 * caller outside the job runner), every run is a first.
 */
async function firstRun(tx: Executor, kind: string, runKey: string | undefined): Promise<boolean> {
  if (!runKey) return true;
  const written = await tx
    .insert(idempotencyKeys)
    .values({
      scope: `job ${kind}`,
      key: runKey,
      fingerprint: '',
      responseStatus: 200,
      responseBody: {},
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return written.length > 0;
}

/**
 * Where a password link goes (docs/people.md "A login's recovery"): to the login's address,
 * unless its address changed in the last {@link RECOVERY_EMAIL_CHANGE_HOURS} hours by the server's
 * clock. Then to the address it had before the first of those changes, and to the current one
 * only once every change notice of those hours was delivered (`sent_at`); an address in between
 * gets nothing.
 */
export async function passwordLinkRecipients(
  db: Executor,
  now: Date,
  uid: number,
  current: string,
): Promise<string[]> {
  const since = new Date(now.getTime() - RECOVERY_EMAIL_CHANGE_HOURS * 3_600_000);
  const changes = await db
    .select({ oldEmail: recoveryEmailChanges.oldEmail, noticeSentAt: emailOutbox.sentAt })
    .from(recoveryEmailChanges)
    .leftJoin(emailOutbox, eq(emailOutbox.id, recoveryEmailChanges.noticeMailId))
    .where(and(eq(recoveryEmailChanges.uid, uid), gt(recoveryEmailChanges.changedAt, since)))
    .orderBy(asc(recoveryEmailChanges.changedAt), asc(recoveryEmailChanges.id));
  if (changes.length === 0) return [current];
  const recipients = [changes[0].oldEmail];
  const told = changes.every((change) => change.noticeSentAt !== null);
  if (told && !sameEmail(current, changes[0].oldEmail)) recipients.push(current);
  return recipients;
}

/** The user a live (unused, unexpired) link belongs to. */
export async function findResetLink(db: Executor, token: string) {
  const [row] = await db
    .select({ link: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.uid, passwordResetTokens.uid))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, digest(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Uses the link up (and every other live link of the user); false when it was used meanwhile. */
export async function useResetLink(tx: Executor, linkId: number, uid: number): Promise<boolean> {
  const used = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, linkId), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (used.length === 0) return false;
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.uid, uid), isNull(passwordResetTokens.usedAt)));
  return true;
}
