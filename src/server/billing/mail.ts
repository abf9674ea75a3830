/**
 * The billing emails, queued through the outbox in the transaction that records what they tell:
 * bill issued, payment received, payment failed, card expiring. Bills and payments are essential
 * and always sent; "card expiring" is a reminder: it is not sent to a customer whose primary user
 * turned reminders off, and it carries the link that turns them off (src/server/mail/unsubscribe.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { html } from 'hono/html';
import { formatCents } from '#shared/cart/money';
import { UNSUBSCRIBE_MESSAGES } from '#shared/people/messages';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { contacts, users } from '../db/schema.ts';
import { optedOut, unsubscribeLink } from '../mail/unsubscribe.ts';
import { mailHtml } from '../mail/templates.ts';
import { queueMails, type OutgoingMail } from '../mail/outbox.ts';

/** Each customer's first contact with an email address (the one bills go to). */
async function recipientsOf(tx: Executor, cids: readonly number[]) {
  const ids = [...new Set(cids)];
  if (ids.length === 0) return new Map<number, { email: string; firstName: string }>();
  const rows = await tx
    .selectDistinctOn([contacts.cid], {
      cid: contacts.cid,
      email: contacts.email,
      firstName: contacts.firstName,
    })
    .from(contacts)
    .where(inArray(contacts.cid, ids))
    .orderBy(asc(contacts.cid), asc(contacts.contactId));
  return new Map(rows.filter((row) => row.email).map((row) => [row.cid, row]));
}

function message(
  productName: string,
  to: string,
  subject: string,
  paragraphs: string[],
): OutgoingMail {
  return {
    to,
    subject,
    text: [...paragraphs, '', productName].join('\n\n'),
    html: mailHtml(
      productName,
      paragraphs.map((p) => html`<p>${p}</p>`),
    ),
  };
}

export type BillingMail =
  | { kind: 'bill_issued'; billId: number; totalCents: number; dueDate: string }
  | { kind: 'payment_received'; paymentId: number; amountCents: number; label: string }
  | { kind: 'payment_failed'; amountCents: number; label: string; reason: string; feeCents: number }
  | { kind: 'card_expiring'; label: string; expires: string };

/** The kind of optional email a billing email is, if it is one (the others are essential). */
const REMINDER_KINDS: ReadonlySet<BillingMail['kind']> = new Set(['card_expiring']);

/** Each customer's primary user, who decides whether the customer's reminders come. */
async function primaryUsersOf(tx: Executor, cids: readonly number[]) {
  const ids = [...new Set(cids)];
  if (ids.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ cid: users.cid, uid: users.uid })
    .from(users)
    .where(and(inArray(users.cid, ids), eq(users.primaryAdmin, true)));
  return new Map(rows.map((row) => [row.cid, row.uid]));
}

/** Text ended as one sentence: a full stop added unless it already ends with one (or ! or ?). */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function compose(
  productName: string,
  to: string,
  firstName: string,
  mail: BillingMail,
  footer: string[] = [],
) {
  const hello = `Hello ${firstName || 'there'},`;
  switch (mail.kind) {
    case 'bill_issued':
      return message(productName, to, `Your ${productName} bill #${mail.billId}`, [
        hello,
        `Your bill #${mail.billId} for ${formatCents(mail.totalCents)} is ready. It is due on ${mail.dueDate}.`,
        'You can view it and pay on the Billing page of your account.',
        ...footer,
      ]);
    case 'payment_received':
      return message(productName, to, `Payment received: ${formatCents(mail.amountCents)}`, [
        hello,
        `We received your payment #${mail.paymentId} of ${formatCents(mail.amountCents)} from ${mail.label}. Thank you.`,
        ...footer,
      ]);
    case 'payment_failed':
      return message(productName, to, `Your payment of ${formatCents(mail.amountCents)} failed`, [
        hello,
        `Your payment of ${formatCents(mail.amountCents)} from ${mail.label} did not go through: ${sentence(mail.reason)}`,
        ...(mail.feeCents > 0
          ? [
              `As set out in our terms, a fee of ${formatCents(mail.feeCents)} was added to your account.`,
            ]
          : []),
        'Please make a payment or update your payment method on the Billing page of your account.',
        ...footer,
      ]);
    case 'card_expiring':
      return message(productName, to, 'Your saved card expires soon', [
        hello,
        `${mail.label}, saved in your account, expires at the end of ${mail.expires}.`,
        'Please add a current card on the Payment methods page so that your payments keep going through.',
        ...footer,
      ]);
  }
}

/** Queues the email in `tx`; answers the delivery to call after commit (a no-op without SMTP). */
export async function queueBillingMail(
  deps: Pick<AppDeps, 'config' | 'database' | 'logger'>,
  tx: Executor,
  cid: number,
  mail: BillingMail,
): Promise<() => void> {
  return queueBillingMails(deps, tx, [{ cid, mail }]);
}

/** {@link queueBillingMail} for many emails: one look-up of the recipients, one insert. */
export async function queueBillingMails(
  deps: Pick<AppDeps, 'config' | 'database' | 'logger'>,
  tx: Executor,
  items: readonly { cid: number; mail: BillingMail }[],
): Promise<() => void> {
  const recipients = await recipientsOf(
    tx,
    items.map((item) => item.cid),
  );
  const reminded = items.filter((item) => REMINDER_KINDS.has(item.mail.kind));
  const primary = await primaryUsersOf(
    tx,
    reminded.map((item) => item.cid),
  );
  const off = await optedOut(tx, [...primary.values()], 'reminders');
  const mails: OutgoingMail[] = [];
  for (const { cid, mail } of items) {
    const recipient = recipients.get(cid);
    if (!recipient) continue;
    const { productName } = deps.config;
    if (!REMINDER_KINDS.has(mail.kind)) {
      mails.push(compose(productName, recipient.email, recipient.firstName, mail));
      continue;
    }
    const uid = primary.get(cid);
    if (uid === undefined || off.has(uid)) continue;
    const link = await unsubscribeLink(deps, { kind: 'reminders', uid }, tx);
    mails.push(
      compose(productName, recipient.email, recipient.firstName, mail, [
        `${UNSUBSCRIBE_MESSAGES.footer} ${link}`,
      ]),
    );
  }
  return queueMails(deps as AppDeps, tx, mails);
}
