/**
 * Sending email. Every message is written to the `email_outbox` table first, inside the caller's
 * transaction when it passes one, and with SMTP_URL a `mail.deliver` job is queued with it in the
 * same transaction: the job runner (src/server/jobs) delivers it, retried with backoff until it
 * is sent or given up (`delivery.ts`), and the row records when it was sent, the SMTP server's
 * answer, or why it failed. Nothing is lost with a process: the row and its job are in the
 * database. Without SMTP_URL the outbox is where mail stays; outside production the mailbox API
 * and page show it.
 */
import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { AppDeps } from '../context.ts';
import { insertUnnest } from '../db/bulk.ts';
import type { Executor } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { enqueueJobs } from '../jobs/enqueue.ts';
import { nudgeJobs } from '../jobs/registry.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** A Message-ID of our own domain (the sender's), chosen before the message is ever sent. */
function newMessageId(from: string): string {
  const domain = from.slice(from.lastIndexOf('@') + 1) || 'localhost';
  return `<${randomUUID()}@${domain}>`;
}

/**
 * Writes the message to the outbox (and queues its delivery); returns a function to call after
 * the commit, which tells this process's job runner to deliver now rather than at its next poll.
 */
export async function queueMail(
  deps: AppDeps,
  db: Executor,
  mail: OutgoingMail,
): Promise<() => void> {
  return queueMails(deps, db, [mail]);
}

/** {@link queueMail} for many messages, in one insert. */
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
  const from = deps.config.mailFrom;
  const rows = await insertUnnest(
    db,
    emailOutbox,
    mails.map((mail) => ({ ...mail, from, messageId: newMessageId(from) })),
    { returning: { id: emailOutbox.id } },
  );
  const ids = rows.map((row) => row.id);
  if (!deps.config.smtpUrl) return { ids, deliver: () => undefined };
  await enqueueJobs(
    db,
    deps.config,
    'mail.deliver',
    ids.map((outboxId) => ({ outboxId })),
  );
  return { ids, deliver: () => nudgeJobs(deps.database, 'mail.deliver') };
}

/** Newest first. */
export async function latestMail(db: Executor, limit = 100): Promise<OutboxRow[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}
