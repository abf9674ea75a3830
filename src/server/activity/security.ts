/**
 * Security events in the activity log (docs/activity.md "Security events"): logins (the second
 * factor used), the email a login from an address the login never used before sends, logouts,
 * password confirmations.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { html } from 'hono/html';
import { WEB_BASE_PATH } from '#shared/constants';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import { contactOf, type UserRow } from '../session/accounts.ts';
import { clientAddress } from '../session/client-address.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { activityLog } from '../db/schema.ts';
import { linkOrigin } from '../mail/links.ts';
import { queueMail, type OutgoingMail } from '../mail/outbox.ts';
import { mailHtml } from '../mail/templates.ts';
import { recordActivity } from './record.ts';

/** The email of a login from a new address: when, from where, and what to do if it was not them. */
export function newAddressMail(options: {
  productName: string;
  to: string;
  username: string;
  address: string;
  at: string;
  recoveryUrl: string;
}): OutgoingMail {
  return {
    to: options.to,
    subject: `A new login to your ${options.productName} account`,
    text: [
      `The username ${options.username} logged in on ${options.at} from ${options.address}, an address it had not used before.`,
      '',
      'If this was you, there is nothing to do.',
      '',
      `If it was not, set a new password at ${options.recoveryUrl} and turn on a second factor.`,
    ].join('\n'),
    html: mailHtml(options.productName, [
      html`<p>
        The username <strong>${options.username}</strong> logged in on ${options.at} from
        ${options.address}, an address it had not used before.
      </p>`,
      html`<p>If this was you, there is nothing to do.</p>`,
      html`<p>
        If it was not, <a href="${options.recoveryUrl}">set a new password</a> and turn on a second
        factor.
      </p>`,
    ]),
  };
}

function factorWords(used: string | null | undefined): string | null {
  return used ? ACTIVITY_WORDS.secondFactor(used) : null;
}

/**
 * Records a login in `tx`, the transaction that starts its session, and in it queues the
 * new-address email when the login has logged in before but never from this address (once per
 * address: the user's logins are taken one at a time, so two at once from a new address send one
 * email). Answers what delivers the email once the transaction committed.
 */
export async function recordLogin(
  tx: Executor,
  c: Context<AppEnv>,
  user: UserRow,
  used: string | null | undefined,
): Promise<() => void> {
  const { deps } = c.var;
  const address = clientAddress(c);
  await tx.execute(sql`select pg_advisory_xact_lock(33, ${user.uid})`);
  const logins = and(
    eq(activityLog.uid, user.uid),
    eq(activityLog.action, 'login'),
    eq(activityLog.outcome, 'ok'),
  );
  const [before] = await tx.select({ id: activityLog.id }).from(activityLog).where(logins).limit(1);
  const [here] = await tx
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(and(logins, eq(activityLog.address, address)))
    .limit(1);
  await recordActivity(tx, c, {
    user,
    action: 'login',
    summary: ACTIVITY_WORDS.loggedIn(factorWords(used)),
  });
  if (!before || here) return () => undefined;
  const contact = await contactOf(tx, user.contactId);
  if (!contact?.email) return () => undefined;
  return queueMail(
    deps,
    tx,
    newAddressMail({
      productName: deps.config.productName,
      to: contact.email,
      username: user.username,
      address,
      at: `${deps.clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      recoveryUrl: `${linkOrigin(deps.config)}${WEB_BASE_PATH}/password-recovery/`,
    }),
  );
}

export const securityActivity = {
  /** A session ended, in `tx`, the transaction that revokes it. */
  loggedOut: (tx: Executor, c: Context<AppEnv>, user: UserRow, admin: string | null) =>
    recordActivity(tx, c, {
      user,
      admin,
      action: 'logout',
      summary: admin ? ACTIVITY_WORDS.proxyEnded : ACTIVITY_WORDS.loggedOut,
    }),
  confirmed: (c: Context<AppEnv>, used: string | null | undefined) =>
    recordActivity(c.var.deps.database.db, c, {
      action: 'session.confirm',
      summary: ACTIVITY_WORDS.passwordConfirmed(factorWords(used)),
    }),
};

/** A site admin began acting as the customer's login `user`, in `tx`, the proxy session's. */
export async function proxyStarted(tx: Executor, c: Context<AppEnv>, user: UserRow, admin: string) {
  await recordActivity(tx, c, {
    user,
    admin,
    action: 'proxy.start',
    summary: ACTIVITY_WORDS.proxyStarted,
  });
}
