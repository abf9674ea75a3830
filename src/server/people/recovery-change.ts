/**
 * Changing the contact of a login (docs/people.md "A login's recovery"): nobody changes a login
 * holding a right they do not hold; its email address and phone number, which its recovery uses,
 * are changed only by the login itself or by the primary admin (a site admin acting as the
 * customer is the primary user), with a fresh access token; a changed email address is recorded
 * and a notice goes to the old address, through the outbox, in the same transaction.
 */
import type { Context } from 'hono';
import { RECOVERY_EMAIL_CHANGE_HOURS, WEB_BASE_PATH } from '#shared/constants';
import { PEOPLE_MESSAGES } from '#shared/people/messages';
import {
  changedRecoveryFields,
  mayChangeRecovery,
  type RecoveryField,
} from '#shared/people/recovery';
import type { UserRow } from '../session/accounts.ts';
import { requireFresh } from '../session/access.ts';
import { audit } from '../session/audit.ts';
import type { Session } from '../session/session.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { recoveryEmailChanges } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { linkOrigin } from '../mail/links.ts';
import { queueMailRows } from '../mail/outbox.ts';
import { recoveryEmailChangedMail } from '../mail/templates.ts';
import { checkNotOutranked, type Granter } from './users.ts';

type RecoveryContact = Readonly<Record<RecoveryField, string>>;

/**
 * Checks a change of the login `target`'s contact from `before` to `after`, before any write:
 * 403 `Cannot change` when the target outranks the granter or its recovery fields are not the
 * granter's to change; 401 `Fresh Access Token Required` when they are but the token is not fresh.
 * Returns the recovery fields the change touches.
 */
export function checkLoginContactChange(
  session: Session,
  granter: Granter,
  target: UserRow,
  before: RecoveryContact,
  after: RecoveryContact,
): RecoveryField[] {
  checkNotOutranked(granter, target);
  const changed = changedRecoveryFields(before, after);
  if (changed.length === 0) return changed;
  if (!mayChangeRecovery(session.user, target)) {
    throw new ApiError(403, PEOPLE_MESSAGES.cannotChangeTitle, PEOPLE_MESSAGES.recoveryFields);
  }
  requireFresh(session);
  return changed;
}

/** "2026-12-01 14:03 UTC". */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Records the change of the login's email address (by the server's clock) and queues the notice
 * to the old address, in the caller's transaction; returns the function that delivers the notice
 * (call it after commit).
 */
export async function noteEmailChange(
  c: Context<AppEnv>,
  tx: Executor,
  target: UserRow,
  change: { oldEmail: string; newEmail: string; by: string },
): Promise<() => void> {
  const { deps } = c.var;
  const changedAt = deps.clock.now();
  const notice = await queueMailRows(deps, tx, [
    recoveryEmailChangedMail({
      productName: deps.config.productName,
      to: change.oldEmail,
      username: target.username,
      changedBy: change.by,
      changedAt: utcMinute(changedAt),
      recoveryUrl: `${linkOrigin(deps.config)}${WEB_BASE_PATH}/password-recovery/`,
      holdHours: RECOVERY_EMAIL_CHANGE_HOURS,
    }),
  ]);
  await tx.insert(recoveryEmailChanges).values({
    uid: target.uid,
    oldEmail: change.oldEmail,
    newEmail: change.newEmail,
    changedAt,
    changedBy: change.by,
    noticeMailId: notice.ids[0],
  });
  await audit(
    c,
    {
      event: 'recovery_email_changed',
      actor: change.by,
      username: target.username,
      cid: target.cid,
      status: 200,
      detail: { contact_id: target.contactId, notice_mail_id: notice.ids[0] },
    },
    tx,
  );
  return notice.deliver;
}
