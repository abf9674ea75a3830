/**
 * Sending email. Every message is written to the `email_outbox` table first (inside the caller's
 * transaction when it passes one). With SMTP_URL it is then delivered through nodemailer, after the
 * request has been answered (so that the answer's timing does not depend on whether mail was
 * sent), and the row records when it was sent or why it failed. Without SMTP_URL the outbox is
 * where mail stays; outside production the mailbox API and page show it.
 */
import { desc, eq } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/** Writes the message to the outbox; returns a function that delivers it (call after commit). */
export async function queueMail(
  deps: AppDeps,
  db: Executor,
  mail: OutgoingMail,
): Promise<() => void> {
  return queueMails(deps, db, [mail]);
}

/** {@link queueMail} for many messages, in one insert; the function delivers them all. */
export async function queueMails(
  deps: AppDeps,
  db: Executor,
  mails: readonly OutgoingMail[],
): Promise<() => void> {
  return (await queueMailRows(deps, db, mails)).deliver;
}

/**
 * {@link queueMails} that also gives the outbox rows' ids, for a caller that later asks whether
 * a message was sent (`sent_at`).
 */
export async function queueMailRows(
  deps: AppDeps,
  db: Executor,
  mails: readonly OutgoingMail[],
): Promise<{ ids: number[]; deliver: () => void }> {
  if (mails.length === 0) return { ids: [], deliver: () => undefined };
  const rows = await db
    .insert(emailOutbox)
    .values(mails.map((mail) => ({ ...mail, from: deps.config.mailFrom })))
    .returning();
  return {
    ids: rows.map((row) => row.id),
    deliver: () => {
      if (deps.config.smtpUrl) for (const row of rows) void deliver(deps, row);
    },
  };
}

async function deliver(deps: AppDeps, row: OutboxRow) {
  const { db } = deps.database;
  try {
    await transportFor(deps.config.smtpUrl!).sendMail({
      from: row.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
    });
    await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
  } catch (error) {
    deps.logger.error({ err: error, mail_id: row.id }, 'email delivery failed');
    await db
      .update(emailOutbox)
      .set({ error: error instanceof Error ? error.message : String(error) })
      .where(eq(emailOutbox.id, row.id))
      .catch(() => undefined);
  }
}

/** Newest first. */
export async function latestMail(db: Executor, limit = 100): Promise<OutboxRow[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}
