/**
 * A notice emailed to its audience when the admin asks for it (POST /notices with `email`): one
 * email per user the notice is meant for, except users who turned notice emails off. Each carries
 * its own unsubscribe link (src/server/mail/unsubscribe.ts). Both parts show the notice rendered
 * from its Markdown (`renderNoticeMail`): sanitised HTML, and a plain-text rendering; never the
 * Markdown source, nor any raw HTML it holds.
 */
import { eq } from 'drizzle-orm';
import { html, raw } from 'hono/html';
import { UNSUBSCRIBE_MESSAGES } from '#shared/people/messages';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { contacts, users } from '../db/schema.ts';
import { queueMails, type OutgoingMail } from '../mail/outbox.ts';
import { linkOrigin } from '../mail/links.ts';
import { mailHtml } from '../mail/templates.ts';
import { optedOut, unsubscribeLink } from '../mail/unsubscribe.ts';
import { renderNoticeMail } from './markdown.ts';

interface NoticeForMail {
  title: string;
  /** The Markdown as written. */
  content: string;
  cid: number | null;
}

/** The notice as its emails show it: its title, and its text rendered as HTML and as text. */
export interface RenderedNotice {
  title: string;
  html: string;
  text: string;
}

export function noticeMail(options: {
  productName: string;
  to: string;
  firstName: string;
  notice: RenderedNotice;
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
      notice.text,
      '',
      `${UNSUBSCRIBE_MESSAGES.footer} ${options.unsubscribe}`,
    ].join('\n'),
    html: mailHtml(options.productName, [
      html`<p>${hello}</p>`,
      html`<h1>${notice.title}</h1>`,
      // Rendered and sanitised by renderNoticeMail.
      html`<div>${raw(notice.html)}</div>`,
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
  const rendered = {
    title: notice.title,
    ...(await renderNoticeMail(notice.content, linkOrigin(deps.config))),
  };
  const mails: OutgoingMail[] = [];
  for (const recipient of recipients) {
    if (off.has(recipient.uid) || !recipient.email) continue;
    mails.push(
      noticeMail({
        productName: deps.config.productName,
        to: recipient.email,
        firstName: recipient.firstName,
        notice: rendered,
        unsubscribe: await unsubscribeLink(deps, { kind: 'notices', uid: recipient.uid }),
      }),
    );
  }
  return queueMails(deps as AppDeps, tx, mails);
}
