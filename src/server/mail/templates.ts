/** The product's emails, as plain text and HTML (written with `hono/html`, which escapes). */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { OutgoingMail } from './outbox.ts';

/** A fragment of email HTML: interpolated values are escaped, nested fragments kept. */
export type MailFragment = HtmlEscapedString | Promise<HtmlEscapedString>;

/** An email's HTML: the blocks given, one a line, then the product's name. */
export function mailHtml(productName: string, blocks: readonly MailFragment[]): string {
  const joined = blocks.map((block, i) => (i === 0 ? block : html` ${block}`));
  return String(
    html`<!doctype html>
      <html>
        <body style="font-family: sans-serif">
          ${joined}
          <p>${productName}</p>
        </body>
      </html>`,
  );
}

export function usernameRecoveryMail(options: {
  productName: string;
  to: string;
  usernames: readonly string[];
  loginUrl: string;
}): OutgoingMail {
  const list = options.usernames.join('\n');
  return {
    to: options.to,
    subject: `Your ${options.productName} username`,
    text: [
      `Someone (hopefully you) asked for the usernames registered with ${options.to}:`,
      '',
      list,
      '',
      `Log in at ${options.loginUrl}`,
      '',
      'If you did not ask for this, you can ignore this email.',
    ].join('\n'),
    html: mailHtml(options.productName, [
      html`<p>Someone (hopefully you) asked for the usernames registered with ${options.to}:</p>`,
      html`<ul>
        ${options.usernames.map((u) => html`<li><strong>${u}</strong></li>`)}
      </ul>`,
      html`<p><a href="${options.loginUrl}">Log in</a></p>`,
      html`<p>If you did not ask for this, you can ignore this email.</p>`,
    ]),
  };
}

export function passwordRecoveryMail(options: {
  productName: string;
  to: string;
  username: string;
  link: string;
  validMinutes: number;
}): OutgoingMail {
  return {
    to: options.to,
    subject: `Set a new ${options.productName} password`,
    text: [
      `Someone (hopefully you) asked to set a new password for the username ${options.username}.`,
      '',
      `Open this link within ${options.validMinutes} minutes to choose one (it works once):`,
      options.link,
      '',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ].join('\n'),
    html: mailHtml(options.productName, [
      html`<p>
        Someone (hopefully you) asked to set a new password for the username
        <strong>${options.username}</strong>.
      </p>`,
      html`<p>
        Open this link within ${options.validMinutes} minutes to choose one (it works once):<br /><a
          href="${options.link}"
          >${options.link}</a
        >
      </p>`,
      html`<p>
        If you did not ask for this, you can ignore this email: your password stays as it is.
      </p>`,
    ]),
  };
}

/**
 * To the old address of a login whose email address changed (docs/people.md "A login's
 * recovery"): who changed it and when, and what to do if it was not the owner.
 */
export function recoveryEmailChangedMail(options: {
  productName: string;
  to: string;
  username: string;
  changedBy: string;
  /** When, as the server words it (UTC). */
  changedAt: string;
  recoveryUrl: string;
  holdHours: number;
}): OutgoingMail {
  const who =
    options.changedBy === options.username ? 'by this login itself' : `by ${options.changedBy}`;
  return {
    to: options.to,
    subject: `The email address of your ${options.productName} login changed`,
    text: [
      `The email address of the username ${options.username} was changed from ${options.to} to another address on ${options.changedAt}, ${who}.`,
      '',
      'If you made this change, there is nothing to do.',
      '',
      `If you did not, set a new password at ${options.recoveryUrl} and contact us: for ${options.holdHours} hours after the change, password links for this username are still sent to this address.`,
    ].join('\n'),
    html: mailHtml(options.productName, [
      html`<p>
        The email address of the username <strong>${options.username}</strong> was changed from
        ${options.to} to another address on ${options.changedAt}, ${who}.
      </p>`,
      html`<p>If you made this change, there is nothing to do.</p>`,
      html`<p>
        If you did not, <a href="${options.recoveryUrl}">set a new password</a> and contact us: for
        ${options.holdHours} hours after the change, password links for this username are still sent
        to this address.
      </p>`,
    ]),
  };
}
