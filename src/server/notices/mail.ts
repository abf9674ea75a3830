/**
 * A notice emailed to its audience when the admin asks for it (POST /notices with `email`): one
 * email per user the notice is meant for, except users who turned notice emails off. Each carries
 * its own unsubscribe link (src/server/mail/unsubscribe.ts). The HTML is the notice as the server
 * rendered it when it was written.
 */
import { eq } from 'drizzle-orm';
import { html, raw } from 'hono/html';
import { UNSUBSCRIBE_MESSAGES } from '#shared/messages/people';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { contacts, users } from '../db/schema.ts';
import { queueMails, type OutgoingMail } from '../mail/outbox.ts';
import { mailHtml } from '../mail/templates.ts';
import { optedOut, unsubscribeLink } from '../mail/unsubscribe.ts';

interface NoticeForMail {
  title: string;
  content: string;
  contentHtml: string;
  cid: number | null;
}

export function noticeMail(options: {
  productName: string;
  to: string;
  firstName: string;
  notice: NoticeForMail;
  unsubscribe: string;
}): OutgoingMail {
  const { notice } = options;
  const hello = `Hello ${options.firstName || 'there'},`;
  return {
    to: options.to,
    subject: `${options.productName}: ${notice.title}`,
    text: [
      hello,
      '',
      notice.title,
      '',
      notice.content,
      '',
      `${UNSUBSCRIBE_MESSAGES.footer} ${options.unsubscribe}`,
    ].join('\n'),
    html: mailHtml(options.productName, [
      html`<p>${hello}</p>`,
      html`<h1>${notice.title}</h1>`,
      // Rendered and sanitised by the server when the notice was written.
      html`<div>${raw(notice.contentHtml)}</div>`,
      html`<p>
        ${UNSUBSCRIBE_MESSAGES.footer} <a href="${options.unsubscribe}">${options.unsubscribe}</a>
      </p>`,
    ]),
  };
}

/** Queues the notice's emails in `tx`; answers the delivery to call after commit. */
export async function queueNoticeMails(
  deps: Pick<AppDeps, 'config' | 'database'>,
  tx: Executor,
  notice: NoticeForMail,
): Promise<() => void> {
  const recipients = await tx
    .select({ uid: users.uid, email: contacts.email, firstName: contacts.firstName })
    .from(users)
    .innerJoin(contacts, eq(contacts.contactId, users.contactId))
    .where(notice.cid === null ? undefined : eq(users.cid, notice.cid));
  const off = await optedOut(
    tx,
    recipients.map((r) => r.uid),
    'notices',
  );
  const mails: OutgoingMail[] = [];
  for (const recipient of recipients) {
    if (off.has(recipient.uid) || !recipient.email) continue;
    mails.push(
      noticeMail({
        productName: deps.config.productName,
        to: recipient.email,
        firstName: recipient.firstName,
        notice,
        unsubscribe: await unsubscribeLink(deps, { kind: 'notices', uid: recipient.uid }),
      }),
    );
  }
  return queueMails(deps as AppDeps, tx, mails);
}
