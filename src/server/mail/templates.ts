/** The product's emails, as plain text and HTML. */
import { escapeHtml } from '../http/html.ts';
import type { OutgoingMail } from './outbox.ts';

/** An email's HTML: the blocks given (already HTML), one a line, then the product's name. */
export function mailHtml(productName: string, blocks: string[]): string {
  return `<!doctype html><html><body style="font-family: sans-serif">\n${blocks.join('\n')}\n<p>${escapeHtml(productName)}</p>\n</body></html>`;
}

function page(productName: string, paragraphs: string[]): string {
  return mailHtml(
    productName,
    paragraphs.map((p) => `<p>${p}</p>`),
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
    html: page(options.productName, [
      `Someone (hopefully you) asked for the usernames registered with ${escapeHtml(options.to)}:`,
      `<ul>${options.usernames.map((u) => `<li><strong>${escapeHtml(u)}</strong></li>`).join('')}</ul>`,
      `<a href="${escapeHtml(options.loginUrl)}">Log in</a>`,
      'If you did not ask for this, you can ignore this email.',
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
    html: page(options.productName, [
      `Someone (hopefully you) asked to set a new password for the username <strong>${escapeHtml(options.username)}</strong>.`,
      `Open this link within ${options.validMinutes} minutes to choose one (it works once):<br><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a>`,
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ]),
  };
}
